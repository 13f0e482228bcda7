//! Saved games on each database (a real SQLite file, a real PostgreSQL): restarts, concurrent clicks, damaged records, seats and turns,
//! undo, timers, export.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Choice, Data, Game, RulesVersion, Seat};
use gambit::service::queens_gambit::Update;
use gambit::service::{Caller, GameSettings, NewGameRequest, Service, ServiceError, Verdict};
use gambit::store::{DueKind, GameId, Status};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

const SEED: u64 = 77;

/// The host (the terminal, a test) acting as `user`: every game is in reach.
fn h(user: impl Into<gambit::service::UserId>) -> Caller {
    Caller::host(&gambit::service::host::terminal(), user)
}

fn user(seat: Seat) -> String {
    format!("user{}", seat.0)
}

async fn service(path: &Path) -> Service {
    Service::open(path).await.unwrap()
}

/// The sequence numbers of a game's saved actions, read from the file beside the service.
async fn logged(path: &Path, id: GameId) -> Vec<u64> {
    let store = gambit::store::Store::open_read_only(path).await.unwrap();
    let seqs = store.actions(id).await.unwrap().iter().map(|a| a.seq).collect();
    store.close().await;
    seqs
}

/// A clock the test moves by hand, starting at `start`: the time to move, and the clock to give a service.
fn clock_at(start: i64) -> (Arc<AtomicI64>, gambit::service::Clock) {
    let now = Arc::new(AtomicI64::new(start));
    let read = now.clone();
    (now, Arc::new(move || read.load(Ordering::SeqCst)))
}

/// A started 2-player game: user0 holds the Trade Federation, user1 Naboo.
async fn started(svc: &Service, seed: u64) -> GameId {
    started_with(svc, seed, GameSettings::default()).await
}

/// A started 2-player game with these settings (deadlines, reminders).
async fn started_with(svc: &Service, seed: u64, settings: GameSettings) -> GameId {
    let req = NewGameRequest {
        sit_out: true,
        seed: Some(seed),
        settings: Some(settings),
        ..NewGameRequest::of("queens-gambit", "players 2")
    };
    let id = svc.create(&h("user0"), req).await.unwrap();
    for s in 0..2 {
        svc.join(&h(user(Seat(s))), id, Some(usize::from(s))).await.unwrap();
    }
    svc.start(&h("user0"), id).await.unwrap();
    id
}

/// One random decision through the service. Returns false once the game is over.
async fn step(svc: &Service, id: GameId, agent: &mut RandomAgent) -> bool {
    let tf = svc.view(&h("user0"), id, None).await.unwrap();
    let nb = svc.view(&h("user1"), id, None).await.unwrap();
    if tf.status != Status::Active {
        return false;
    }
    // Rebuild the engine game the agent reads (it only looks at public data and the decision).
    let seated = if tf.question.is_some() { tf } else { nb };
    let Some(seat) = seated.question.as_ref().map(|q| q.seat) else {
        panic!("nobody has a decision in an active game")
    };
    let game = svc.engine(&gambit::service::host::terminal(), id).await.unwrap();
    let dec = game.decision_for(seat).unwrap().clone();
    let choice = agent.pick(&game, &dec);
    svc.act(&h(user(dec.seat)), id, Some(dec.seat), seated.revision, &choice).await.unwrap();
    true
}

/// The engine game as saved, rebuilt from the export (independent of the service's memory).
async fn engine_at(svc: &Service, id: GameId) -> Game {
    let script = gambit::games::queens_gambit::rules::script::Script::parse(
        svc.data(),
        &svc.export(&gambit::service::host::terminal(), id).await.unwrap(),
    )
    .unwrap();
    gambit::games::queens_gambit::rules::script::run(svc.data().clone(), &script).unwrap().game
}

async fn final_state(svc: &Service, id: GameId) -> String {
    serde_json::to_string(engine_at(svc, id).await.state()).unwrap()
}

async fn a_game_played_through_the_service_replays_from_its_log(places: &Places) {
    let path = places.db("g").await;
    let svc = service(&path).await;
    let id = started(&svc, SEED).await;
    let mut agent = RandomAgent::new(&Data::embedded(), SEED);
    for _ in 0..150 {
        assert!(step(&svc, id, &mut agent).await);
    }
    assert_eq!(svc.verify(id).await, Verdict::Consistent { version: 150, rules: RulesVersion::NEWEST.number() });
    let seqs = logged(&path, id).await;
    assert_eq!(seqs.len(), 150);
    assert!(seqs.iter().enumerate().all(|(i, seq)| *seq == i as u64 + 1), "no gap in the log");
}

async fn closing_the_database_mid_game_and_reopening_finishes_the_same_game(places: &Places) {
    // Uninterrupted.
    let a_path = places.db("a").await;
    let svc = service(&a_path).await;
    let a = started(&svc, SEED).await;
    let mut agent = RandomAgent::new(&Data::embedded(), 5);
    for _ in 0..400 {
        if !step(&svc, a, &mut agent).await {
            break;
        }
    }
    let uninterrupted = final_state(&svc, a).await;
    // Interrupted after 170 steps: pool closed, service dropped, everything reopened from the file.
    let b_path = places.db("b").await;
    let svc1 = service(&b_path).await;
    let b = started(&svc1, SEED).await;
    let mut agent = RandomAgent::new(&Data::embedded(), 5);
    for _ in 0..170 {
        step(&svc1, b, &mut agent).await;
    }
    svc1.close().await;
    drop(svc1);
    let svc2 = service(&b_path).await;
    for _ in 170..400 {
        if !step(&svc2, b, &mut agent).await {
            break;
        }
    }
    assert_eq!(final_state(&svc2, b).await, uninterrupted);
    assert_eq!(svc2.verify(b).await, svc.verify(a).await);
}

async fn two_clicks_on_the_same_version_one_wins_the_other_is_told_it_moved_on(places: &Places) {
    let path = places.db("race").await;
    let svc = Arc::new(service(&path).await);
    let id = started(&svc, SEED).await;
    // Two presses of the same public question at the same time: Naboo's queen, once red, once purple.
    let kind = |k: &str| Choice::Queen(Data::embedded().kind(k).unwrap());
    let (c1, c2) = (kind("red_queen"), kind("purple_queen"));
    let v = svc.view(&h("user1"), id, None).await.unwrap().revision;
    let (s1, s2) = (svc.clone(), svc.clone());
    let t1 = tokio::spawn(async move { s1.act(&h("user1"), id, None, v, &c1).await });
    let t2 = tokio::spawn(async move { s2.act(&h("user1"), id, None, v, &c2).await });
    let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
    assert_eq!(r1.is_ok() as u8 + r2.is_ok() as u8, 1, "exactly one wins");
    let err = r1.err().or(r2.err()).unwrap();
    assert!(matches!(err, ServiceError::Stale { .. } | ServiceError::NotYourTurn { .. }), "{err}");
    // Two presses of one private plan menu: its fingerprint lets the first one in only.
    let view = svc.view(&h("user0"), id, None).await.unwrap();
    let hand = view.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap();
    let token = gambit::service::Chosen::Menu(view.menu_token());
    let (a1, a2) = (Choice::PlanAdd(hand[0]).text(svc.data()), Choice::PlanAdd(hand[1]).text(svc.data()));
    let (s1, s2) = (svc.clone(), svc.clone());
    let t1 = tokio::spawn(async move { s1.choose(&h("user0"), id, Some(0), token, &a1).await.map(|_| ()) });
    let t2 = tokio::spawn(async move { s2.choose(&h("user0"), id, Some(0), token, &a2).await.map(|_| ()) });
    let (r1, r2) = (t1.await.unwrap(), t2.await.unwrap());
    assert_eq!(r1.is_ok() as u8 + r2.is_ok() as u8, 1, "exactly one wins");
    let err = r1.err().or(r2.err()).unwrap();
    assert!(matches!(err.error, ServiceError::OutdatedMenu { .. }), "{err}");
    // Two separate processes (two services on one file), each holding the game in memory at the same
    // revision: the database's revision check refuses the second writer.
    let other = service(&path).await;
    let view = svc.view(&h("user0"), id, None).await.unwrap();
    assert_eq!(other.view(&h("user0"), id, None).await.unwrap().revision, view.revision, "both hold the game");
    let hand = view.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap();
    let planned = view.view.seats[gambit::games::queens_gambit::rules::Seat(0)].plan.clone().unwrap();
    let free: Vec<_> = hand.iter().filter(|c| !planned.contains(c)).copied().collect();
    svc.act(&h("user0"), id, None, view.revision, &Choice::PlanAdd(free[0])).await.unwrap();
    if places.backend == crate::service::places::Backend::Sqlite {
        let err = other.act(&h("user0"), id, None, view.revision, &Choice::PlanAdd(free[1])).await.unwrap_err();
        assert!(matches!(err, ServiceError::Stale { .. }), "{err}");
        // The loser reloads the game and plays on from where the winner left it.
        let fresh = other.view(&h("user0"), id, None).await.unwrap();
        assert_eq!(
            fresh.view.seats[gambit::games::queens_gambit::rules::Seat(0)].plan.clone().unwrap().len(),
            2,
            "it sees the winner's card"
        );
        other.act(&h("user0"), id, None, fresh.revision, &Choice::PlanAdd(free[1])).await.unwrap();
    } else {
        // On a database shared by processes, each checks its copy first: the second click lands on the
        // winner's state, where it is still legal (a secret step moves no public revision).
        other.act(&h("user0"), id, None, view.revision, &Choice::PlanAdd(free[1])).await.unwrap();
        let seen = svc.view(&h("user0"), id, None).await.unwrap();
        assert_eq!(
            seen.view.seats[gambit::games::queens_gambit::rules::Seat(0)].plan.clone().unwrap().len(),
            3,
            "both cards are planned"
        );
    }
    assert_eq!(logged(&path, id).await, [1, 2, 3, 4], "no gap, no duplicate");
}

async fn a_damaged_snapshot_is_rebuilt_from_the_log_and_a_damaged_log_is_reported_for_that_game_only(places: &Places) {
    let path = places.db("bad").await;
    let svc = service(&path).await;
    let a = started(&svc, 1).await;
    let b = started(&svc, 2).await;
    let mut agent = RandomAgent::new(&Data::embedded(), 1);
    for _ in 0..30 {
        step(&svc, a, &mut agent).await;
        step(&svc, b, &mut agent).await;
    }
    let expected_a = final_state(&svc, a).await;
    svc.close().await;
    places.tamper(&path, "UPDATE snapshots SET state = 'not json' WHERE game_id = ?", a).await;
    let svc = service(&path).await;
    svc.view(&h("user0"), a, None).await.expect("rebuilt from the log");
    assert_eq!(svc.game_row(a).await.unwrap().version, 30);
    assert_eq!(final_state(&svc, a).await, expected_a);
    assert_eq!(
        svc.verify(a).await,
        Verdict::Consistent { version: 30, rules: RulesVersion::NEWEST.number() },
        "the snapshot was repaired"
    );

    // Now damage both the snapshot and a log line of game a.
    svc.close().await;
    places.tamper(&path, "UPDATE snapshots SET state = '{}' WHERE game_id = ?", a).await;
    places.tamper(&path, "UPDATE actions SET line = 'tf fly away' WHERE game_id = ? AND seq = 3", a).await;
    let svc = service(&path).await;
    let err = svc.view(&h("user0"), a, None).await.unwrap_err();
    assert!(matches!(err, ServiceError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains(&format!("game {a} cannot be loaded")), "{err}");
    assert!(matches!(svc.verify(a).await, Verdict::Damaged { .. }));
    // Game b is untouched and keeps working.
    let mut agent = RandomAgent::new(&Data::embedded(), 9);
    assert!(step(&svc, b, &mut agent).await);
    assert_eq!(svc.verify(b).await, Verdict::Consistent { version: 31, rules: RulesVersion::NEWEST.number() });
    // Listing still shows every game, the damaged one as its error.
    let all = svc.all_games().await.unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all.iter().filter(|g| g.is_err()).count(), 1);
}

async fn a_record_of_another_game_is_named_and_left_alone(places: &Places) {
    let path = places.db("other").await;
    let svc = service(&path).await;
    let qg = started(&svc, 1).await;
    let other = started(&svc, 2).await;
    assert_eq!(svc.game_row(qg).await.unwrap().game, "queens-gambit", "the first game's key");
    svc.close().await;
    // A game this build does not host (a later release's, say).
    places.tamper(&path, "UPDATE games SET game = 'chess' WHERE id = ?", other).await;
    let svc = service(&path).await;
    let err = svc.view(&h("user0"), other, None).await.unwrap_err();
    assert!(matches!(&err, ServiceError::OtherGame { key, .. } if key == "chess"), "{err}");
    assert_eq!(svc.verify(other).await, Verdict::OtherGame { key: "chess".into() });
    // The other game's record is read, never misread or rewritten; the first game goes on.
    assert!(svc.view(&h("user0"), qg, None).await.is_ok());
    assert_eq!(svc.verify(qg).await, Verdict::Consistent { version: 0, rules: RulesVersion::NEWEST.number() });
}

async fn strangers_and_players_out_of_turn_are_refused_clearly(places: &Places) {
    let path = places.db("t").await;
    let svc = service(&path).await;
    let id = started(&svc, SEED).await;
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    let err = svc.act(&h("mallory"), id, None, 0, &queen).await.unwrap_err();
    assert_eq!(err.to_string(), format!("you are not playing in game {id}"));
    // The Trade Federation cannot choose the queen: the choice is refused by the rules, nothing saved.
    let err = svc.act(&h("user0"), id, None, 0, &queen).await.unwrap_err();
    assert!(err.to_string().contains("is not allowed now"), "{err}");
    svc.act(&h("user1"), id, None, 0, &queen).await.unwrap();
    // Naboo now plans; the Trade Federation also plans. Neither is out of turn, so lock Naboo first.
    let v = svc.view(&h("user1"), id, None).await.unwrap();
    let hand = v.view.seats[gambit::games::queens_gambit::rules::Seat(1)].hand.clone().unwrap();
    svc.act(&h("user1"), id, None, 1, &Choice::PlanSet(hand[..4].try_into().unwrap())).await.unwrap();
    // The plan is secret: the public revision did not move, and the lock (public) is decided on it.
    svc.act(&h("user1"), id, None, 1, &Choice::PlanLock).await.unwrap();
    let err = svc.act(&h("user1"), id, None, 2, &Choice::PlanLock).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotYourTurn { .. }));
    assert!(err.to_string().contains("waiting for Trade Federation (planning)"), "{err}");
    // A stale click: made before the lock.
    let err = svc.act(&h("user0"), id, None, 1, &Choice::PlanClear).await.unwrap_err();
    assert!(err.to_string().contains("already moved on"), "{err}");
    assert_eq!(logged(&path, id).await.len(), 3, "refusals saved nothing");
}

async fn only_the_author_takes_back_a_move_that_revealed_nothing(places: &Places) {
    let path = places.db("u").await;
    let svc = service(&path).await;
    let id = started(&svc, SEED).await;
    let err = svc.undo(&h("user0"), id).await.unwrap_err();
    assert!(err.to_string().contains("nothing to undo"), "{err}");
    let v = svc.view(&h("user0"), id, None).await.unwrap();
    let hand = v.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap();
    svc.act(&h("user0"), id, None, 0, &Choice::PlanAdd(hand[0])).await.unwrap();
    let err = svc.undo(&h("user1"), id).await.unwrap_err();
    assert!(err.to_string().contains("only the player who made the last move"), "{err}");
    let update = svc.undo(&h("user0"), id).await.unwrap().into_account::<Update>().unwrap();
    assert_eq!(update.public().revision(), 0, "a secret step and its undo leave nothing another side can count");
    assert_eq!(svc.game_row(id).await.unwrap().version, 0, "the log is back to no action");
    let v = svc.view(&h("user0"), id, None).await.unwrap();
    assert!(v.view.seats[gambit::games::queens_gambit::rules::Seat(0)].plan.clone().unwrap().is_empty());
    assert!(logged(&path, id).await.is_empty());
    assert_eq!(svc.verify(id).await, Verdict::Consistent { version: 0, rules: RulesVersion::NEWEST.number() });
    // A public move taken back is a public change too: buttons made before it no longer match.
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    svc.act(&h("user1"), id, None, 0, &queen).await.unwrap();
    let update = svc.undo(&h("user1"), id).await.unwrap().into_account::<Update>().unwrap();
    assert_eq!(update.public().revision(), 2);
    let err = svc.act(&h("user1"), id, None, 1, &queen).await.unwrap_err();
    assert!(err.to_string().contains("already moved on"), "a button from the undone move: {err}");
    // A move that starts the reveal (cards turned over) cannot be taken back.
    svc.act(&h("user1"), id, None, 2, &queen).await.unwrap();
    let n = svc.view(&h("user1"), id, None).await.unwrap().view.seats[gambit::games::queens_gambit::rules::Seat(1)]
        .hand
        .clone()
        .unwrap();
    svc.act(&h("user1"), id, None, 3, &Choice::PlanSet(n[..4].try_into().unwrap())).await.unwrap();
    svc.act(&h("user1"), id, None, 3, &Choice::PlanLock).await.unwrap();
    svc.act(&h("user0"), id, None, 4, &Choice::PlanSet(hand[..4].try_into().unwrap())).await.unwrap();
    svc.act(&h("user0"), id, None, 4, &Choice::PlanLock).await.unwrap();
    let err = svc.undo(&h("user0"), id).await.unwrap_err();
    assert!(err.to_string().contains("revealed a card or rolled dice"), "{err}");
}

/// A game whose log lost a step plays on from its snapshot, but takes nothing back: one step back is
/// rebuilt from the log, which no longer rebuilds the game as it stands.
async fn a_game_whose_log_lost_a_step_plays_on_but_takes_nothing_back(places: &Places) {
    let path = places.db("undo-log").await;
    let svc = service(&path).await;
    let id = started(&svc, SEED).await;
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    svc.act(&h("user1"), id, None, 0, &queen).await.unwrap();
    let hand = svc.view(&h("user0"), id, None).await.unwrap().view.seats[Seat(0)].hand.clone().unwrap();
    let revision = svc.revision(id).await.unwrap();
    svc.act(&h("user0"), id, None, revision, &Choice::PlanAdd(hand[0])).await.unwrap();
    svc.close().await;
    places.tamper(&path, "DELETE FROM actions WHERE game_id = ? AND seq = 1", id).await;
    let svc = service(&path).await;
    let err = svc.undo(&h("user0"), id).await.unwrap_err();
    assert!(matches!(err, ServiceError::CannotUndo(_)), "{err}");
    assert!(err.to_string().contains("does not rebuild the game"), "{err}");
    let seen = svc.view(&h("user0"), id, None).await.unwrap();
    assert_eq!(seen.view.seats[Seat(0)].plan.clone().unwrap(), [hand[0]], "nothing was taken back");
    svc.act(&h("user0"), id, None, revision, &Choice::PlanAdd(hand[1])).await.expect("it plays on");
    assert_eq!(svc.game_row(id).await.unwrap().version, 3);
}

async fn reminders_and_deadlines_follow_the_stored_times_across_restarts(places: &Places) {
    let path = places.db("timers").await;
    let (now, clock) = clock_at(1_000_000);
    let svc = service(&path).await.with_clock(clock.clone());
    let settings = GameSettings { deadline_minutes: Some(60), remind_minutes: Some(30), ..Default::default() };
    let id = started_with(&svc, 1, settings).await;
    assert!(svc.due().await.unwrap().is_empty());
    now.fetch_add(31 * 60, Ordering::SeqCst);
    // A restart in between: the timers live in the database.
    drop(svc);
    let svc = service(&path).await.with_clock(clock.clone());
    let due = svc.due().await.unwrap();
    assert_eq!(due.len(), 1);
    assert_eq!((due[0].game, due[0].kind), (id, DueKind::Reminder));
    svc.handled(&due[0]).await.unwrap();
    assert!(svc.due().await.unwrap().is_empty(), "a reminder is sent once per interval");
    now.fetch_add(30 * 60, Ordering::SeqCst);
    let due = svc.due().await.unwrap();
    assert_eq!(due[0].kind, DueKind::Deadline);
    svc.handled(&due[0]).await.unwrap();
    assert!(svc.due().await.unwrap().is_empty());
    // Someone new to wait for restarts the clock.
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    svc.act(&h("user1"), id, None, 0, &queen).await.unwrap();
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(row.deadline_at, None, "Naboo goes on planning: still the same wait");
    let hand = svc.view(&h("user0"), id, None).await.unwrap().view.seats[gambit::games::queens_gambit::rules::Seat(0)]
        .hand
        .clone()
        .unwrap();
    svc.act(&h("user0"), id, None, 1, &Choice::PlanSet(hand[..4].try_into().unwrap())).await.unwrap();
    svc.act(&h("user0"), id, None, 1, &Choice::PlanLock).await.unwrap();
    let n = svc.view(&h("user1"), id, None).await.unwrap().view.seats[gambit::games::queens_gambit::rules::Seat(1)]
        .hand
        .clone()
        .unwrap();
    svc.act(&h("user1"), id, None, 2, &Choice::PlanSet(n[..4].try_into().unwrap())).await.unwrap();
    let update = svc.act(&h("user1"), id, None, 2, &Choice::PlanLock).await.unwrap();
    assert!(!update.public().ping().is_empty(), "the reveal starts: the first player to decide is pinged");
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(row.deadline_at, Some(now.load(Ordering::SeqCst) + 3600));
}

async fn paused_and_finished_games_refuse_moves(places: &Places) {
    let svc = service(&places.db("p").await).await;
    let id = started(&svc, SEED).await;
    svc.pause(&h("admin"), id).await.unwrap();
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    let err = svc.act(&h("user1"), id, None, 0, &queen).await.unwrap_err();
    assert_eq!(err.to_string(), format!("game {id} is paused by an admin"));
    svc.resume(&h("admin"), id).await.unwrap();
    svc.act(&h("user1"), id, None, 0, &queen).await.unwrap();
    let update = svc.concede(&h("user1"), id).await.unwrap().into_account::<Update>().unwrap();
    assert_eq!(update.public().outcome().map(|o| o.winner), Some(gambit::games::queens_gambit::rules::Side::Tf));
    let err = svc.act(&h("user0"), id, None, 2, &Choice::PlanLock).await.unwrap_err();
    assert!(matches!(err, ServiceError::Over { .. }));
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(
        (row.status, row.winner.as_deref(), row.reason.as_deref()),
        (Status::Finished, Some("tf"), Some("concession"))
    );
    // The export replays to the same end.
    let text = svc.export(&gambit::service::host::terminal(), id).await.unwrap();
    assert!(text.contains("concede naboo"));
    assert_eq!(svc.verify(id).await, Verdict::Consistent { version: 2, rules: RulesVersion::NEWEST.number() });
}

async fn a_user_lists_their_games_and_sees_whose_move_it_is(places: &Places) {
    let svc = service(&places.db("l").await).await;
    let a = started(&svc, 1).await;
    let lobby = svc
        .create(
            &h("user1"),
            NewGameRequest {
                sit_out: true,
                title: "team game".into(),
                ..NewGameRequest::of("queens-gambit", "players 4")
            },
        )
        .await
        .unwrap();
    svc.join(&h("user1"), lobby, None).await.unwrap();
    assert!(matches!(svc.join(&h("user1"), lobby, None).await, Err(ServiceError::AlreadySeated { .. })));
    assert!(matches!(svc.start(&h("user1"), lobby).await, Err(ServiceError::SeatsEmpty { .. })));
    let games = svc.games_of(&h("user1"), false).await.unwrap();
    assert_eq!(games.len(), 2);
    let g: Vec<_> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!((g[0].game, g[0].status, g[0].players), (lobby, Status::Lobby, 4));
    assert_eq!(g[1].game, a);
    assert!(g[1].your_move, "Naboo must choose the queen");
    assert!(svc.games_of(&h("nobody"), false).await.unwrap().is_empty());
}

async fn a_deadline_handled_after_someone_moved_leaves_the_new_wait_alone(places: &Places) {
    let (now, clock) = clock_at(2_000_000);
    let svc = service(&places.db("race-timer").await).await.with_clock(clock);
    let settings = GameSettings { deadline_minutes: Some(60), remind_minutes: None, ..Default::default() };
    let id = started_with(&svc, 1, settings).await;
    now.fetch_add(61 * 60, Ordering::SeqCst);
    let due = svc.due().await.unwrap();
    assert_eq!(due[0].kind, DueKind::Deadline);
    // While the notice is being sent, both plans are locked: the reveal starts a new wait.
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    svc.act(&h("user1"), id, None, 0, &queen).await.unwrap();
    let hand = svc.view(&h("user0"), id, None).await.unwrap().view.seats[gambit::games::queens_gambit::rules::Seat(0)]
        .hand
        .clone()
        .unwrap();
    svc.act(&h("user0"), id, None, 1, &Choice::PlanSet(hand[..4].try_into().unwrap())).await.unwrap();
    svc.act(&h("user0"), id, None, 1, &Choice::PlanLock).await.unwrap();
    let n = svc.view(&h("user1"), id, None).await.unwrap().view.seats[gambit::games::queens_gambit::rules::Seat(1)]
        .hand
        .clone()
        .unwrap();
    svc.act(&h("user1"), id, None, 2, &Choice::PlanSet(n[..4].try_into().unwrap())).await.unwrap();
    svc.act(&h("user1"), id, None, 2, &Choice::PlanLock).await.unwrap();
    let fresh = Some(now.load(Ordering::SeqCst) + 3600);
    assert_eq!(svc.game_row(id).await.unwrap().deadline_at, fresh);
    svc.handled(&due[0]).await.unwrap();
    assert_eq!(svc.game_row(id).await.unwrap().deadline_at, fresh, "the old notice does not clear the new wait");
    let reopened = service(&places.db("race-timer").await).await;
    assert_eq!(reopened.game_row(id).await.unwrap().deadline_at, fresh, "nor in the database");
}

async fn a_lobby_cannot_be_paused_but_an_admin_may_end_it(places: &Places) {
    let svc = service(&places.db("lobby").await).await;
    let id = svc
        .create(&h("user0"), NewGameRequest { sit_out: true, ..NewGameRequest::of("queens-gambit", "players 2") })
        .await
        .unwrap();
    svc.join(&h("user0"), id, None).await.unwrap();
    assert!(matches!(svc.pause(&h("admin"), id).await, Err(ServiceError::NotStarted { .. })));
    assert!(matches!(svc.resume(&h("admin"), id).await, Err(ServiceError::NotPaused { .. })));
    svc.end(&h("admin"), id).await.unwrap();
    assert_eq!(svc.game_row(id).await.unwrap().status, Status::Abandoned);
    assert!(matches!(svc.join(&h("user1"), id, None).await, Err(ServiceError::Over { .. })));
    assert_eq!(svc.verify(id).await, Verdict::NotStarted, "nothing to replay: not a damaged game");
}

/// A game an admin ends right after its deal keeps its board, however it is loaded: from memory, or
/// afresh after a restart (a lobby closed before it started has none).
async fn a_game_ended_right_after_its_deal_keeps_its_board_after_a_restart(places: &Places) {
    let path = places.db("ended-dealt").await;
    let svc = service(&path).await;
    let id = started(&svc, 5).await;
    let dealt = svc.view(&h("user0"), id, None).await.unwrap().view.seats[Seat(0)].hand.clone();
    assert!(dealt.as_ref().is_some_and(|h| !h.is_empty()), "dealt: {dealt:?}");
    svc.end(&h("admin"), id).await.unwrap();
    assert_eq!(svc.view(&h("user0"), id, None).await.unwrap().view.seats[Seat(0)].hand, dealt, "in memory");
    svc.close().await;
    let svc = service(&path).await;
    assert_eq!(svc.game_row(id).await.unwrap().status, Status::Abandoned);
    let seen = svc.view(&h("user0"), id, None).await.expect("its board, loaded afresh");
    assert_eq!(seen.view.seats[Seat(0)].hand, dealt, "the same deal after a restart");
    assert_eq!(svc.summary(&h("user0"), id).await.unwrap().status, Status::Abandoned);
}

async fn idle_games_leave_memory_and_come_back_from_the_database(places: &Places) {
    let svc = service(&places.db("mem").await).await.with_memory_limit(2);
    let a = started(&svc, 1).await;
    let queen = Choice::Queen(Data::embedded().kind("red_queen").unwrap());
    svc.act(&h("user1"), a, None, 0, &queen).await.unwrap();
    let mut others = Vec::new();
    for _ in 0..3 {
        let id = svc
            .create(&h("x"), NewGameRequest { sit_out: true, ..NewGameRequest::of("queens-gambit", "players 2") })
            .await
            .unwrap();
        svc.join(&h("x"), id, None).await.unwrap();
        others.push(id);
    }
    assert!(svc.games_in_memory() <= 2, "{} games held", svc.games_in_memory());
    // The first game comes back as it was left.
    let v = svc.view(&h("user1"), a, None).await.unwrap();
    assert_eq!(v.revision, 1);
    assert!(v.view.pieces.iter().any(|p| p.real == Some(true)), "Naboo still knows its queen");
}

async fn a_command_naming_no_game_looks_only_at_games_still_to_play(places: &Places) {
    let svc = service(&places.db("open").await).await;
    let over = started(&svc, 1).await;
    svc.concede(&h("user0"), over).await.unwrap();
    let open = started(&svc, 2).await;
    svc.forget_all();
    let listed: Vec<_> = svc.games_of(&h("user0"), true).await.unwrap().into_iter().map(|g| g.unwrap().game).collect();
    assert_eq!(listed, [open], "the finished game is not a candidate");
    assert_eq!(svc.games_in_memory(), 1, "and it was not loaded to find that out");
    let all: Vec<_> = svc.games_of(&h("user0"), false).await.unwrap().into_iter().map(|g| g.unwrap().game).collect();
    assert_eq!(all.len(), 2, "the list of games still shows both: {all:?}");
}

async fn an_answer_is_checked_played_and_shown_in_one_visit(places: &Places) {
    use gambit::service::Chosen;
    let svc = service(&places.db("answer").await).await;
    let id = started(&svc, SEED).await;
    let tf = Seat(0);
    let sv = svc.view(&h("user0"), id, Some(tf)).await.unwrap();
    let token = sv.menu_token();
    let card = sv.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap()[0];
    let add = Choice::PlanAdd(card).text(svc.data());
    let at = Some(tf.index());
    let err = svc.choose(&h("user0"), id, at, Chosen::Menu(token ^ 1), &add).await.unwrap_err();
    assert!(matches!(err.error, ServiceError::OutdatedMenu { .. }), "{err}");
    let now = err
        .now
        .and_then(|v| v.downcast::<gambit::service::queens_gambit::SeatedView>().ok())
        .expect("the menu as it is now");
    assert_eq!(now.menu_token(), token, "the refusal brings the menu as it is");
    let err = svc.choose(&h("user0"), id, at, Chosen::Menu(token), "plan frobnicate").await.unwrap_err();
    assert!(matches!(&err.error, ServiceError::Refused(why) if why.contains("frobnicate")), "{err}");
    let err = svc.choose(&h("user1"), id, at, Chosen::Typed, &add).await.unwrap_err();
    assert!(matches!(err.error, ServiceError::NotSeated { .. }), "another player's seat: {err}");
    assert!(err.foreign.is_some_and(|f| f.seat == "Trade Federation"), "whose seat it is");
    let done = svc.choose(&h("user0"), id, at, Chosen::Menu(token), &add).await.unwrap();
    assert!(done.private, "planning is answered in private");
    let after = done
        .seat_view
        .and_then(|v| v.downcast::<gambit::service::queens_gambit::SeatedView>().ok())
        .expect("a private answer brings the seat's new view");
    assert_eq!(
        after.view.seats[gambit::games::queens_gambit::rules::Seat(0)].plan.clone().unwrap(),
        [card],
        "with the card planned"
    );
    assert_ne!(after.menu_token(), token, "and the old menu no longer matches");
    let update = done.news.into_account::<Update>().expect("the first game's account");
    assert_eq!(update.public().revision(), sv.revision, "a secret step leaves the public revision alone");
}

/// Two processes on one database see the same reminder fall due: one takes it, the other leaves it; if the
/// one that took it dies before handling it, the other takes it once its hold runs out.
async fn a_due_timer_is_taken_by_one_process_and_by_another_only_if_the_first_dies(places: &Places) {
    let path = places.db("lease").await;
    let (now, clock) = clock_at(1_800_000_000);
    let one = service(&path).await.with_clock(clock.clone());
    let two = service(&path).await.with_clock(clock.clone());
    let settings = GameSettings { deadline_minutes: Some(60), remind_minutes: Some(30), ..Default::default() };
    let id = started_with(&one, 1, settings).await;
    now.fetch_add(31 * 60, Ordering::SeqCst);
    let due = one.due().await.unwrap();
    assert_eq!(two.due().await.unwrap(), due, "both see it due");
    assert!(one.claim(&due[0]).await.unwrap(), "the first takes it");
    assert!(!two.claim(&due[0]).await.unwrap(), "the second leaves it");
    assert!(two.due().await.unwrap().is_empty(), "held: not due for anyone else");
    // The first dies without handling it; after the hold, the second takes it and handles it.
    drop(one);
    now.fetch_add(121, Ordering::SeqCst);
    let again = two.due().await.unwrap();
    assert_eq!((again[0].game, again[0].kind, again[0].at), (id, DueKind::Reminder, due[0].at), "the same reminder");
    assert!(two.claim(&again[0]).await.unwrap());
    two.handled(&again[0]).await.unwrap();
    assert!(two.due().await.unwrap().is_empty(), "handled once, due no more");
}

/// Each interaction's id is kept with the action it caused: delivered again (to this process or to
/// another on the same database), it is refused and the game keeps one action for it.
async fn an_interaction_delivered_twice_is_applied_once(places: &Places) {
    let path = places.db("twice").await;
    let (one, two) = (service(&path).await, service(&path).await);
    let id = started(&one, SEED).await;
    let view = one.view(&h("user0"), id, None).await.unwrap();
    let hand = view.view.seats[Seat(0)].hand.clone().unwrap();
    let asked = |request: &str| h("user0").for_request(request);
    one.act(&asked("9001"), id, None, view.revision, &Choice::PlanAdd(hand[0])).await.unwrap();
    assert_eq!(logged(&path, id).await, [1]);
    // The same interaction again, with a choice that would still be legal: through either process.
    for svc in [&one, &two] {
        let err = svc.act(&asked("9001"), id, None, view.revision, &Choice::PlanAdd(hand[1])).await.unwrap_err();
        assert!(matches!(err, ServiceError::Repeated { game } if game == id), "{err}");
    }
    assert_eq!(logged(&path, id).await, [1], "one action for one interaction");
    let plan = one.view(&h("user0"), id, None).await.unwrap().view.seats[Seat(0)].plan.clone().unwrap();
    assert_eq!(plan, [hand[0]], "the refused repeat changed nothing, in memory either");
    // A new interaction plays on as usual.
    two.act(&asked("9002"), id, None, view.revision, &Choice::PlanAdd(hand[1])).await.unwrap();
    assert_eq!(logged(&path, id).await, [1, 2]);
}

on_both!(
    an_interaction_delivered_twice_is_applied_once,
    a_due_timer_is_taken_by_one_process_and_by_another_only_if_the_first_dies,
    a_game_played_through_the_service_replays_from_its_log,
    closing_the_database_mid_game_and_reopening_finishes_the_same_game,
    two_clicks_on_the_same_version_one_wins_the_other_is_told_it_moved_on,
    a_damaged_snapshot_is_rebuilt_from_the_log_and_a_damaged_log_is_reported_for_that_game_only,
    a_record_of_another_game_is_named_and_left_alone,
    strangers_and_players_out_of_turn_are_refused_clearly,
    only_the_author_takes_back_a_move_that_revealed_nothing,
    a_game_whose_log_lost_a_step_plays_on_but_takes_nothing_back,
    reminders_and_deadlines_follow_the_stored_times_across_restarts,
    paused_and_finished_games_refuse_moves,
    a_user_lists_their_games_and_sees_whose_move_it_is,
    a_deadline_handled_after_someone_moved_leaves_the_new_wait_alone,
    a_lobby_cannot_be_paused_but_an_admin_may_end_it,
    a_game_ended_right_after_its_deal_keeps_its_board_after_a_restart,
    idle_games_leave_memory_and_come_back_from_the_database,
    a_command_naming_no_game_looks_only_at_games_still_to_play,
    an_answer_is_checked_played_and_shown_in_one_visit,
);

/// Several processes on one PostgreSQL: each checks its copy of a game against the database before using
/// it, so a move or a seat taken through one process is seen at once through the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_postgres_see_each_others_moves_and_seats_at_once() {
    let places = Places::new(crate::service::places::Backend::Postgres);
    let path = places.db("shared").await;
    let (one, two) = (service(&path).await, service(&path).await);
    // A lobby held by the first process; a player takes a seat through the second.
    let req = NewGameRequest { sit_out: true, seed: Some(SEED), ..NewGameRequest::of("queens-gambit", "players 2") };
    let id = one.create(&h("user0"), req).await.unwrap();
    one.join(&h("user0"), id, Some(Seat(0).index())).await.unwrap();
    two.join(&h("user1"), id, Some(Seat(1).index())).await.unwrap();
    // Started by the first (which must see both seats taken), played by both, each seeing the other's
    // moves without a refused write first.
    one.start(&h("user0"), id).await.expect("the first process sees the seat taken through the second");
    let mut agent = RandomAgent::new(&Data::embedded(), 3);
    for n in 0..12 {
        let (mover, watcher) = if n % 2 == 0 { (&two, &one) } else { (&one, &two) };
        assert!(step(mover, id, &mut agent).await);
        let a = mover.view(&h("user0"), id, None).await.unwrap();
        let b = watcher.view(&h("user0"), id, None).await.unwrap();
        assert_eq!((b.revision, &b.view), (a.revision, &a.view), "step {n}: both processes show the same game");
    }
    assert_eq!(logged(&path, id).await.len(), 12);
}

/// Work done for the whole database (closing old lobbies, registering commands) is led by one process at
/// a time on PostgreSQL; when the leader goes, its lock goes with its connection and another takes over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_at_a_time_leads_a_shared_job_and_another_takes_over_when_it_goes() {
    use gambit::service::Job;
    let places = Places::new(crate::service::places::Backend::Postgres);
    let path = places.db("leader").await;
    let (one, two) = (service(&path).await, service(&path).await);
    let mut lead = one.lead(Job::Sweep).await.unwrap().expect("the first to ask leads");
    assert!(lead.holds().await);
    assert!(two.lead(Job::Sweep).await.unwrap().is_none(), "one leader at a time");
    let other = two.lead(Job::Register).await.unwrap().expect("another job has its own leader");
    other.release().await;
    // The leader's process dies: its connection closes and the lock with it.
    drop(lead);
    one.close().await;
    let mut taken = None;
    for _ in 0..50 {
        taken = two.lead(Job::Sweep).await.unwrap();
        if taken.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(taken.expect("the other process takes over").holds().await);
    // SQLite has one process by its instance lock: it always leads.
    let sqlite = Places::new(crate::service::places::Backend::Sqlite);
    let alone = service(&sqlite.db("alone").await).await;
    assert!(alone.lead(Job::Sweep).await.unwrap().is_some());
}
