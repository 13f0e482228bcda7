//! Ratings, through the service, on each database: a game of a server between people moves its players'
//! ratings in the transaction that ends it (a concession a loss, an agreed draw a draw); a game against
//! the computer, an admin's end and another server's game move nothing here; the first game's four-player
//! games have a ladder of their own; a rebuild from the saved games gives exactly what the games gave
//! one by one, and `gambit ratings` checks the kept ratings against the games without writing.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::ratings::{Ladder, Ladders, Rated, Rating};
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service};
use gambit::store::GameId;

const SERVER: u64 = 500;
const OTHER: u64 = 600;

fn member(user: u64, server: u64) -> Caller {
    Caller::member(Person::new(user, false), server, "700", Power::default())
}

fn admin(user: u64, server: u64) -> Caller {
    let power = Power { manage_server: true, ..Power::default() };
    Caller::member(Person::new(user, false), server, "700", power)
}

/// A Stratego game of `a` (Evil) and `b` (Good) on `server`, both set up: play is on.
async fn stratego(svc: &Service, a: u64, b: u64, server: u64, computer: bool) -> GameId {
    let req = NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        computer: computer.then(|| "easy".into()),
        seed: Some(11),
        ..Default::default()
    };
    let id = svc.create(&member(a, server), req).await.unwrap();
    if !computer {
        svc.join(&member(b, server), id, None).await.unwrap();
    }
    svc.start(&member(a, server), id).await.unwrap();
    svc.choose_news(&member(a, server), id, Chosen::Typed, "setup guarded").await.unwrap();
    if !computer {
        svc.choose_news(&member(b, server), id, Chosen::Typed, "setup guarded").await.unwrap();
    }
    id
}

fn duel(server: u64, evil: u64, good: u64, winner: Option<usize>) -> Rated {
    Rated { ladder: Ladder { server, game: "stratego".into(), per_side: 1 }, sides: [vec![evil], vec![good]], winner }
}

/// The ratings kept, as (ladder, player, rating).
async fn kept(svc: &Service) -> Vec<(Ladder, String, Rating)> {
    svc.kept_ratings().await.unwrap()
}

fn expected(games: &[Rated]) -> Vec<(Ladder, String, Rating)> {
    let ladders = Ladders::of(games);
    let mut out: Vec<(Ladder, String, Rating)> =
        ladders.all().map(|(l, p, r)| (l.clone(), p.to_string(), *r)).collect();
    out.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    out
}

fn assert_same(kept: &[(Ladder, String, Rating)], want: &[(Ladder, String, Rating)]) {
    assert_eq!(kept.len(), want.len(), "{kept:?}\n{want:?}");
    for ((l, p, r), (wl, wp, wr)) in kept.iter().zip(want) {
        assert_eq!((l, p, r.games), (wl, wp, wr.games));
        assert!((r.rating - wr.rating).abs() < 1e-6 && (r.deviation - wr.deviation).abs() < 1e-6, "{p}: {r:?} {wr:?}");
    }
}

async fn games_move_the_ratings_of_their_people_and_a_rebuild_gives_the_same(places: &Places) {
    let path = places.db("ratings").await;
    let svc = Service::open(&path).await.unwrap();
    let mut rated: Vec<Rated> = Vec::new();
    // Good concedes: Evil (1001) wins.
    let id = stratego(&svc, 1001, 1002, SERVER, false).await;
    svc.concede(&member(1002, SERVER), id).await.unwrap();
    rated.push(duel(SERVER, 1001, 1002, Some(0)));
    assert_same(&kept(&svc).await, &expected(&rated));
    assert!(kept(&svc).await.iter().any(|(_, p, r)| p == "1001" && r.rating > 1600.0), "the winner rose");
    // Evil concedes the next: Good (1003) wins.
    let id = stratego(&svc, 1002, 1003, SERVER, false).await;
    svc.concede(&member(1002, SERVER), id).await.unwrap();
    rated.push(duel(SERVER, 1002, 1003, Some(1)));
    // A draw both sides agree to, once play is on.
    let id = stratego(&svc, 1001, 1003, SERVER, false).await;
    svc.draw(&member(1001, SERVER), id).await.unwrap();
    svc.draw(&member(1003, SERVER), id).await.unwrap();
    rated.push(duel(SERVER, 1001, 1003, None));
    assert_same(&kept(&svc).await, &expected(&rated));
    // Nothing moves for a game against the computer, nor for a game an admin ended.
    let id = stratego(&svc, 1001, 0, SERVER, true).await;
    svc.concede(&member(1001, SERVER), id).await.unwrap();
    let id = stratego(&svc, 1002, 1001, SERVER, false).await;
    svc.end(&admin(9, SERVER), id).await.unwrap();
    assert_same(&kept(&svc).await, &expected(&rated));
    // Another server's game is on its own ladder: this server's ratings stay.
    let here: Vec<_> = kept(&svc).await;
    let id = stratego(&svc, 1001, 1002, OTHER, false).await;
    svc.concede(&member(1001, OTHER), id).await.unwrap();
    rated.push(duel(OTHER, 1001, 1002, Some(1)));
    let now = kept(&svc).await;
    assert_eq!(now.iter().filter(|(l, _, _)| l.server == SERVER).cloned().collect::<Vec<_>>().len(), here.len());
    assert_same(&now, &expected(&rated));
    // The first game's four-player games: a ladder of two teams, apart from its two-player one.
    let players = [2001, 2002, 2003, 2004];
    let req = NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 4".into(),
        seed: Some(9),
        ..Default::default()
    };
    let id = svc.create(&member(players[0], SERVER), req).await.unwrap();
    for p in &players[1..] {
        svc.join(&member(*p, SERVER), id, None).await.unwrap();
    }
    svc.start(&member(players[0], SERVER), id).await.unwrap();
    let seats: Vec<u64> = svc
        .table_seen(&member(players[0], SERVER), id)
        .await
        .unwrap()
        .seats
        .iter()
        .map(|(_, u)| u.as_ref().expect("seated").as_str().parse().unwrap())
        .collect();
    svc.concede(&member(players[0], SERVER), id).await.unwrap();
    // The sides in the order they first sit: seats 0 and 2 (the Trade Federation), then 1 and 3.
    let won_by_tf = svc.game_row(id).await.unwrap().winner.as_deref() == Some("tf");
    rated.push(Rated {
        ladder: Ladder { server: SERVER, game: "queens-gambit".into(), per_side: 2 },
        sides: [vec![seats[0], seats[2]], vec![seats[1], seats[3]]],
        winner: Some(if won_by_tf { 0 } else { 1 }),
    });
    let before = kept(&svc).await;
    assert_same(&before, &expected(&rated));
    assert_eq!(before.iter().filter(|(l, _, _)| l.per_side == 2).count(), 4, "{before:?}");
    // A rebuild from the saved games gives exactly what they gave one by one.
    assert_eq!(svc.rebuild_ratings().await.unwrap(), rated.len());
    assert_same(&kept(&svc).await, &before);
    svc.close().await;
}

on_both!(games_move_the_ratings_of_their_people_and_a_rebuild_gives_the_same);
