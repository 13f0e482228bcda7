//! A player's statistics, through the service, on each database: their record overall and by side, the
//! streak, whom they played, the games against the computer, how long they took to answer (from the
//! times their moves were saved), their rating's trend, the game's own figures and how the sides fare on
//! the server; a game of another server never shows, a game still being played counts only as under way,
//! and a member with no game, an unknown game or a direct message are refused, changing nothing.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::games::fact::Summed;
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Record, Result3, Service, ServiceError, UserId};
use gambit::store::GameId;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const SERVER: u64 = 500;
const OTHER: u64 = 600;
const EVIL: u64 = 1001;
const GOOD: u64 = 1002;

fn member(user: u64, server: u64) -> Caller {
    Caller::member(Person::new(user, false), server, "700", Power::default())
}

/// A Stratego game on `server` of `evil` (its creator) against `good`, or against the computer, both set
/// up: Evil `evil_after` seconds after it begins, Good `good_after` seconds after Evil.
async fn stratego(
    svc: &Service,
    clock: &AtomicI64,
    server: u64,
    evil: u64,
    good: Option<u64>,
    gaps: (i64, i64),
) -> GameId {
    let req = NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        computer: good.is_none().then(|| "easy".into()),
        seed: Some(11),
        ..Default::default()
    };
    let id = svc.create(&member(evil, server), req).await.unwrap();
    if let Some(good) = good {
        svc.join(&member(good, server), id, None).await.unwrap();
    }
    svc.start(&member(evil, server), id).await.unwrap();
    clock.fetch_add(gaps.0, Ordering::SeqCst);
    svc.choose_news(&member(evil, server), id, Chosen::Typed, "setup guarded").await.unwrap();
    if let Some(good) = good {
        clock.fetch_add(gaps.1, Ordering::SeqCst);
        svc.choose_news(&member(good, server), id, Chosen::Typed, "setup guarded").await.unwrap();
    }
    id
}

async fn a_players_statistics_tell_their_games_on_this_server_alone(places: &Places) {
    let path = places.db("stats").await;
    let clock = Arc::new(AtomicI64::new(1_790_000_000));
    let time = clock.clone();
    let svc = Service::open(&path).await.unwrap().with_clock(Arc::new(move || time.load(Ordering::SeqCst)));
    let (evil, good) = (member(EVIL, SERVER), member(GOOD, SERVER));
    // Four games: Evil wins, loses, wins, wins; Good answers in 10, 20, 30, 40 minutes, Evil concedes the
    // second 5 minutes after Good set up.
    for (n, loser) in [GOOD, EVIL, GOOD, GOOD].into_iter().enumerate() {
        let id = stratego(&svc, &clock, SERVER, EVIL, Some(GOOD), (60, 600 * (n as i64 + 1))).await;
        clock.fetch_add(300, Ordering::SeqCst);
        svc.concede(&member(loser, SERVER), id).await.unwrap();
    }
    // Against the computer (a loss), on another server (not here), and one still being played.
    let id = stratego(&svc, &clock, SERVER, EVIL, None, (60, 0)).await;
    svc.concede(&evil, id).await.unwrap();
    let id = stratego(&svc, &clock, OTHER, EVIL, Some(GOOD), (60, 60)).await;
    svc.concede(&member(EVIL, OTHER), id).await.unwrap();
    stratego(&svc, &clock, SERVER, EVIL, Some(GOOD), (60, 60)).await;

    let mine = svc.stats(&evil, "stratego", None).await.unwrap();
    assert_eq!(mine.game, "Stratego");
    assert_eq!(mine.member, UserId::new(EVIL.to_string()));
    assert_eq!(mine.record, Record { wins: 3, losses: 2, draws: 0 });
    assert_eq!(mine.sides, vec![("Evil".to_string(), Record { wins: 3, losses: 2, draws: 0 })]);
    assert_eq!(mine.in_play, 1);
    assert_eq!(mine.streak, None, "the latest game, against the computer, was lost: a run of one");
    assert_eq!(mine.opponents, vec![(UserId::new(GOOD.to_string()), 4)]);
    assert_eq!(mine.with_computer, 1);
    // Evil answered twice: the second game's concession 5 minutes after Good set up, and the computer's
    // setup a minute after it was made.
    assert_eq!(mine.answer, Some(180), "the median of 60 and 300 seconds");
    assert_eq!(mine.server, vec![("Evil".to_string(), 3), ("Good".to_string(), 2)]);
    assert_eq!(mine.server_draws, 0);
    assert_eq!(
        mine.facts,
        vec![
            Summed::Count { label: "game played", counts: vec![("The Star Wars Saga (classic)".into(), 5)] },
            Summed::Mean { label: "turns a game", mean: 0.0, games: 5 },
            Summed::Count { label: "ended by", counts: vec![("a concession".into(), 5)] },
        ]
    );
    let [rating] = &mine.ratings[..] else { panic!("one ladder: {:?}", mine.ratings) };
    assert_eq!((rating.per_side, rating.rating.games, rating.over), (1, 4, 4), "the computer's game is not rated");
    assert!(rating.change > 0.0, "three of four won: {rating:?}");

    // Another member's, asked by Evil: Good's side, answers and a streak of losses.
    let theirs = svc.stats(&evil, "stratego", Some(&UserId::new(GOOD.to_string()))).await.unwrap();
    assert_eq!(theirs.record, Record { wins: 1, losses: 3, draws: 0 });
    assert_eq!(theirs.sides, vec![("Good".to_string(), Record { wins: 1, losses: 3, draws: 0 })]);
    assert_eq!(theirs.streak, Some((Result3::Lost, 2)));
    assert_eq!(theirs.answer, Some(1_500), "10, 20, 30 and 40 minutes: the median");
    assert_eq!(svc.stats(&good, "stratego", None).await.unwrap(), theirs, "the same, asked by Good");
    // Only the other server's game there.
    let there = svc.stats(&member(GOOD, OTHER), "stratego", None).await.unwrap();
    assert_eq!(there.record, Record { wins: 1, losses: 0, draws: 0 });
    assert_eq!(there.server, vec![("Good".to_string(), 1)]);

    // Refusals, which change nothing.
    let before = svc.kept_ratings().await.unwrap();
    let never = svc.stats(&evil, "stratego", Some(&UserId::new("1003".to_string()))).await.unwrap_err();
    assert!(
        matches!(&never, ServiceError::NeverPlayed { member, game } if member.as_str() == "1003" && game == "Stratego")
    );
    assert_eq!(never.to_string(), "1003 has played no game of Stratego on this server");
    let none_here = svc.stats(&evil, "queens-gambit", None).await.unwrap_err();
    assert!(matches!(none_here, ServiceError::NeverPlayed { .. }), "{none_here}");
    let unknown = svc.stats(&evil, "chess", None).await.unwrap_err();
    assert!(matches!(&unknown, ServiceError::UnknownGame { asked, .. } if asked == "chess"));
    assert_eq!(
        unknown.to_string(),
        "there is no game called 'chess' on this bot: it hosts queens-gambit (The Queen's Gambit), stratego (Stratego)"
    );
    let direct = Caller::direct(Person::new(EVIL, false));
    assert!(matches!(svc.stats(&direct, "stratego", None).await, Err(ServiceError::NeedsServer)));
    assert_eq!(svc.kept_ratings().await.unwrap(), before);
    svc.close().await;
}

on_both!(a_players_statistics_tell_their_games_on_this_server_alone);

async fn the_first_games_statistics_tell_its_rounds_and_the_real_queen(places: &Places) {
    let path = places.db("queens").await;
    let svc = Service::open(&path).await.unwrap();
    let (naboo, tf) = (member(EVIL, SERVER), member(GOOD, SERVER));
    // Naboo names her real queen, then concedes; then a game the Trade Federation concedes at once.
    for queen in [true, false] {
        let req = NewGameRequest { seat: Some(1), seed: Some(3), ..NewGameRequest::of("queens-gambit", "players 2") };
        let id = svc.create(&naboo, req).await.unwrap();
        svc.join(&tf, id, None).await.unwrap();
        svc.start(&naboo, id).await.unwrap();
        if queen {
            svc.choose_news(&naboo, id, Chosen::Typed, "queen red_queen").await.unwrap();
            svc.concede(&naboo, id).await.unwrap();
        } else {
            svc.concede(&tf, id).await.unwrap();
        }
    }
    let s = svc.stats(&naboo, "queens-gambit", None).await.unwrap();
    assert_eq!(s.record, Record { wins: 1, losses: 1, draws: 0 });
    assert_eq!(s.sides, vec![("Naboo".to_string(), Record { wins: 1, losses: 1, draws: 0 })]);
    assert_eq!(
        s.facts,
        vec![
            Summed::Mean { label: "rounds a game", mean: 1.0, games: 2 },
            Summed::Often { label: "the real queen survived", yes: 1, games: 1 },
            Summed::Count { label: "won by", counts: vec![("a concession".into(), 2)] },
        ]
    );
    assert_eq!(s.server, vec![("the Trade Federation".to_string(), 1), ("Naboo".to_string(), 1)]);
    svc.close().await;
}

on_both!(the_first_games_statistics_tell_its_rounds_and_the_real_queen);
