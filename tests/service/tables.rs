//! Games behind the seam, through the service, on each database: Stratego created with its options,
//! seated, both setups locked through the menu, played to its end with every choice saved before the
//! answer, refused clearly when out of turn or stale, rebuilt from its log, verified and exported.

use crate::play::Play;
use crate::service::places::{Places, on_both};
use gambit::games::Catalog;
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service, ServiceError, Verdict};
use gambit::store::{GameId, Status};
use std::sync::atomic::{AtomicI64, Ordering};

fn member(user: &str) -> Caller {
    Caller::member(Person::new(user, false), "guild", "channel", Power::default())
}

fn stranger(user: &str) -> Caller {
    Caller::member(Person::new(user, false), "another-guild", "elsewhere", Power::default())
}

async fn table(svc: &Service, options: &str, computer: bool) -> GameId {
    let req = NewGameRequest {
        game: "stratego".into(),
        title: "a test".into(),
        options: options.into(),
        computer: computer.then(|| "easy".into()),
        seed: Some(11),
        ..Default::default()
    };
    svc.create(&member("evil"), req).await.unwrap()
}

/// The first item of every level of `caller`'s menu, chosen as a player clicks it. Returns false once
/// the caller has nothing to decide.
async fn click_first(svc: &Service, caller: &Caller, game: GameId) -> bool {
    let mut path: Vec<String> = Vec::new();
    loop {
        let steps: Vec<&str> = path.iter().map(String::as_str).collect();
        let menu = match svc.table_menu(caller, game, &steps).await {
            Ok(m) => m,
            Err(ServiceError::NotYourTurn { .. } | ServiceError::Prepared { .. } | ServiceError::Over { .. }) => {
                return false;
            }
            Err(e) => panic!("{e}"),
        };
        let item = menu.items.first().expect("a menu of a deciding seat has items").clone();
        if item.leaf {
            svc.choose_news(caller, game, Chosen::Menu(menu.revision), &item.id).await.unwrap();
            return true;
        }
        path.push(item.id);
    }
}

/// A game 1 table between "evil" (its creator) and "good", started: both sides set up next.
async fn started(svc: &Service) -> GameId {
    let id = table(svc, "variant 1", false).await;
    svc.join(&member("good"), id, None).await.unwrap();
    svc.start(&member("evil"), id).await.unwrap();
    id
}

/// A service on a clock the test moves by hand (from 5,000,000 s), and where its database is. The host's
/// wait for a decision is 4 hours (a reminder after 2): a table's move waits a quarter.
async fn clocked(places: &Places, name: &str) -> (Service, std::sync::Arc<AtomicI64>, std::path::PathBuf) {
    let path = places.db(name).await;
    let now = std::sync::Arc::new(AtomicI64::new(5_000_000));
    let read = now.clone();
    let clock: gambit::service::Clock = std::sync::Arc::new(move || read.load(Ordering::SeqCst));
    let defaults =
        gambit::service::GameSettings { deadline_minutes: Some(240), remind_minutes: Some(120), ..Default::default() };
    (Service::open(&path).await.unwrap().with_clock(clock).with_defaults(defaults), now, path)
}

/// A first-game player's quick answer from a menu: a plan filled with its first cards and locked, any
/// other question's first answer.
fn first_game_pick(items: &[gambit::games::MenuItem]) -> String {
    let first_add = items.iter().find(|m| m.id.starts_with("plan add"));
    let lock = items.iter().find(|m| m.id == "plan lock");
    lock.or(first_add).unwrap_or(&items[0]).id.clone()
}

async fn saved(svc: &Service, game: GameId) -> u64 {
    svc.game_row(game).await.unwrap().version
}

async fn a_stratego_table_is_played_to_its_end_saved_at_every_step_and_replays(places: &Places) {
    let path = places.db("stratego").await;
    let svc = Service::open(&path).await.unwrap();
    let id = table(&svc, "variant 4\nmove-limit 60", false).await;
    assert_eq!(svc.join(&member("good"), id, None).await.unwrap(), 1);
    let err = svc.join(&member("late"), id, None).await.unwrap_err();
    assert!(matches!(err, ServiceError::Full { .. }), "{err}");
    let news = svc.start(&member("evil"), id).await.unwrap();
    assert_eq!(news.waiting.len(), 2, "both sides set up at once");
    assert!(!news.in_play && news.sight.is_none(), "no board before both setups are locked");
    let (evil, good) = (member("evil"), member("good"));
    let mut steps = 0;
    while svc.game_row(id).await.unwrap().status == Status::Active {
        let before = saved(&svc, id).await;
        let moved = click_first(&svc, &evil, id).await || click_first(&svc, &good, id).await;
        assert!(moved, "someone decides while the game is active");
        steps += 1;
        assert_eq!(saved(&svc, id).await, before + 1, "each choice is saved before the answer");
        assert!(steps < 200, "a 60-move game ends");
    }
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(row.status, Status::Finished);
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version: row.version });
    // The export replays to the same game, and a restart loads the same words for every reader.
    let script = svc.export(&gambit::service::host::terminal(), id).await.unwrap();
    let kind = Catalog::embedded().get("stratego").unwrap();
    let again = kind.replay(&script, None).unwrap();
    assert_eq!(again.script(), script);
    let seen = svc.table_seen(&member("watcher"), id).await.unwrap();
    assert!(seen.outcome.is_some() && seen.seat.is_none());
    svc.close().await;
    let svc = Service::open(&path).await.unwrap();
    assert_eq!(svc.table_seen(&member("watcher"), id).await.unwrap().text, seen.text);
    // A snapshot that does not hold the game is found by the check (the game itself still loads from
    // its log).
    svc.close().await;
    places.tamper(&path, "UPDATE snapshots SET state = 'gambit-script 1' WHERE game_id = ?", id).await;
    let svc = Service::open(&path).await.unwrap();
    match svc.verify(id).await {
        Verdict::Damaged { detail } => assert!(detail.contains("snapshot holds 0 actions"), "{detail}"),
        other => panic!("a damaged snapshot passed the check: {other:?}"),
    }
    assert_eq!(svc.table_seen(&member("watcher"), id).await.unwrap().text, seen.text);
    // Rebuilt from its log only under the rules it was created under: never quietly under others.
    svc.close().await;
    places.tamper(&path, "UPDATE games SET rules = 2 WHERE id = ?", id).await;
    let svc = Service::open(&path).await.unwrap();
    let err = svc.table_seen(&member("watcher"), id).await.err().expect("refused");
    assert!(
        matches!(err, ServiceError::Corrupt { ref detail, .. } if detail.contains("created under rules 2")),
        "{err:?}"
    );
}

async fn strangers_out_of_turn_and_stale_menus_are_refused_and_change_nothing(places: &Places) {
    let path = places.db("refusals").await;
    let svc = Service::open(&path).await.unwrap();
    let id = table(&svc, "variant 1", false).await;
    svc.join(&member("good"), id, None).await.unwrap();
    // A seat left in the lobby is free again; once started, nobody leaves.
    svc.leave(&member("good"), id).await.unwrap();
    let err = svc.leave(&member("good"), id).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "{err}");
    assert_eq!(svc.join(&member("good"), id, None).await.unwrap(), 1);
    let err = svc.choose_news(&member("evil"), id, Chosen::Typed, "setup random").await.unwrap_err();
    assert!(matches!(err, ServiceError::NotStarted { .. }), "{err}");
    let news = svc.start(&member("good"), id).await.unwrap();
    assert_eq!(news.seal, Some(gambit::service::seal(id, 11)), "the seed is sealed as play begins");
    assert!(news.ending.is_none());
    let err = svc.leave(&member("good"), id).await.unwrap_err();
    assert!(matches!(err, ServiceError::AlreadyStarted { .. }), "{err}");
    let (evil, good) = (member("evil"), member("good"));
    let (mine, theirs) = (svc.table_menu(&evil, id, &[]).await.unwrap(), svc.table_menu(&good, id, &[]).await.unwrap());
    // A menu made before the seat's own secret step (a new draw) is out of date for that seat.
    svc.choose_news(&evil, id, Chosen::Menu(mine.revision), "draft random").await.unwrap();
    let err = svc.choose_news(&evil, id, Chosen::Menu(mine.revision), "swap a1 b1").await.unwrap_err();
    assert!(matches!(err, ServiceError::OutdatedMenu { .. }), "{err}");
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    // A locked setup is secret: the other side's menu made before it is still good.
    svc.choose_news(&good, id, Chosen::Menu(theirs.revision), "setup random").await.unwrap();
    let before = saved(&svc, id).await;
    let err = svc.choose_news(&stranger("evil"), id, Chosen::Typed, "a4 a5").await.unwrap_err();
    assert!(matches!(err, ServiceError::NoGame(_)), "another server's member: {err}");
    let err = svc.choose_news(&member("watcher"), id, Chosen::Typed, "a4 a5").await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "{err}");
    let err = svc.choose_news(&good, id, Chosen::Typed, "a7 a6").await.unwrap_err();
    assert_eq!(err.to_string(), format!("it is not your move: game {id} is waiting for Evil"));
    let err = svc.choose_news(&evil, id, Chosen::Typed, "a4 a6").await.unwrap_err();
    assert!(matches!(err, ServiceError::Refused(_)), "{err}");
    let err = svc.choose_news(&evil, id, Chosen::Typed, "fly away").await.unwrap_err();
    assert!(err.to_string().contains("is not a move"), "{err}");
    let stale = svc.table_menu(&evil, id, &[]).await.unwrap().revision;
    assert!(click_first(&svc, &evil, id).await);
    assert!(click_first(&svc, &good, id).await);
    let err = svc.choose_news(&evil, id, Chosen::Menu(stale), "a4 a5").await.unwrap_err();
    assert!(matches!(err, ServiceError::OutdatedMenu { .. }), "{err}");
    assert_eq!(saved(&svc, id).await, before + 2, "only the two good choices were saved");
    // A player may concede on the other's turn: the other side wins, and nothing more is played.
    let err = svc.concede(&member("watcher"), id).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "{err}");
    let news = svc.concede(&good, id).await.unwrap();
    assert_eq!(news.outcome.as_ref().map(|o| o.winners.clone()), Some(vec![0]));
    // Over: the seed is shown against the seal posted at the start, with the whole game.
    let end = news.ending.clone().expect("a finished table's seed check");
    assert_eq!((end.seed, end.seal.clone()), (11, Some(gambit::service::seal(id, 11))));
    let script = svc.export(&gambit::service::host::terminal(), id).await.unwrap();
    assert!(
        end.script.starts_with(&format!("# gambit game {id}\n")) && end.script.ends_with(&script),
        "{}",
        end.script
    );
    assert_eq!(news.lines, vec!["Good conceded: Evil wins.".to_string()]);
    let row = svc.game_row(id).await.unwrap();
    assert_eq!((row.status, row.winner.as_deref()), (Status::Finished, Some("evil")));
    let err = svc.choose_news(&evil, id, Chosen::Typed, "a4 a5").await.unwrap_err();
    assert!(matches!(err, ServiceError::Over { .. }), "{err}");
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version: row.version });
}

async fn a_table_against_the_computer_answers_in_the_same_call_and_rebuilds_from_its_log(places: &Places) {
    let path = places.db("computer").await;
    let mut svc = Service::open(&path).await.unwrap();
    let id = table(&svc, "variant 2\ncaptures secret\nmove-limit 40", true).await;
    let news = svc.start(&member("evil"), id).await.unwrap();
    assert_eq!(news.waiting.len(), 1, "the computer locked its setup at once");
    let listed = gambit_tables(svc.games_of(&member("evil"), true).await);
    assert_eq!(listed.iter().map(|l| (l.game, l.your_move)).collect::<Vec<_>>(), vec![(id, true)]);
    assert!(gambit_tables(svc.games_of(&stranger("evil"), true).await).is_empty(), "another server's list is its own");
    assert_eq!(news.lines, vec!["Good is ready.".to_string()], "a setup is told, never shown");
    let evil = member("evil");
    let mut rounds = 0;
    while svc.game_row(id).await.unwrap().status == Status::Active {
        assert!(click_first(&svc, &evil, id).await, "the computer always gives the move back");
        rounds += 1;
        assert!(rounds <= 40);
        if rounds == 5 {
            // The snapshot is lost: the game is rebuilt from its options, seed and log, and goes on.
            let text = svc.table_seen(&evil, id).await.unwrap().text;
            svc.close().await;
            places.tamper(&path, "DELETE FROM snapshots WHERE game_id = ?", id).await;
            svc = Service::open(&path).await.unwrap();
            let seen = svc.table_seen(&evil, id).await.unwrap();
            assert!(seen.deciding);
            assert_eq!(seen.text, text);
        }
    }
    assert_eq!(svc.game_row(id).await.unwrap().status, Status::Finished);
}

/// One clock for both games: the first game waits for its players at a deadline (nothing is played for
/// them, and its clock stops there, as its own path always did), whether its record was made in its own
/// lobby or at a table; its reminders name the wait in its own words.
async fn the_first_games_deadline_waits_for_its_players_and_its_reminders_speak_its_words(places: &Places) {
    let (svc, now, _) = clocked(places, "first-clock").await;
    let (tf, naboo) = (member("evil"), member("good"));
    let req = NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 2".into(),
        seed: Some(7),
        ..Default::default()
    };
    let table = svc.create(&tf, req).await.unwrap();
    svc.join(&naboo, table, None).await.unwrap();
    svc.start(&tf, table).await.unwrap();
    let own = gambit::service::NewGameRequest { seed: Some(7), ..NewGameRequest::of("queens-gambit", "players 2") };
    let own = svc.create(&tf, own).await.unwrap();
    svc.join(&naboo, own, None).await.unwrap();
    svc.start(&tf, own).await.unwrap();
    let before = [saved(&svc, table).await, saved(&svc, own).await];
    let (mut reminded, mut deadlines) = (0, 0);
    for _ in 0..15 {
        now.fetch_add(20 * 60, Ordering::SeqCst);
        for due in svc.due().await.unwrap() {
            if due.kind == gambit::store::DueKind::Reminder {
                let told = svc.reminder(&due).await.expect("a reminder for the players");
                let words = svc.engine(&gambit::service::host::terminal(), due.game).await.unwrap().waiting_for();
                assert_eq!(told.waiting, words, "the first game's own words for the wait");
                reminded += 1;
            } else {
                deadlines += 1;
            }
            assert!(svc.handled(&due).await.unwrap().is_none(), "nothing is played for a late player");
        }
    }
    assert!(reminded >= 2 && deadlines == 2, "{reminded} reminders, {deadlines} deadlines");
    assert_eq!([saved(&svc, table).await, saved(&svc, own).await], before, "nothing saved");
    assert!(svc.due().await.unwrap().is_empty(), "past its deadline, the clock stopped");
}

async fn a_move_that_waits_is_reminded_then_made_by_the_computer_at_its_deadline(places: &Places) {
    let (svc, now, _) = clocked(places, "clock").await;
    let id = started(&svc).await;
    svc.choose_news(&member("evil"), id, Chosen::Typed, "setup random").await.unwrap();
    assert!(svc.due().await.unwrap().is_empty());
    now.fetch_add(31 * 60, Ordering::SeqCst);
    let due = svc.due().await.unwrap();
    assert_eq!((due.len(), due[0].game, due[0].kind), (1, id, gambit::store::DueKind::Reminder));
    let reminder = svc.reminder(&due[0]).await.expect("a reminder for the one who must set up");
    assert_eq!(reminder.users.iter().map(|u| u.as_str()).collect::<Vec<_>>(), vec!["good"]);
    assert_eq!(reminder.waiting, "Good");
    assert!(svc.handled(&due[0]).await.unwrap().is_none(), "a reminder changes nothing in the game");
    assert!(svc.due().await.unwrap().is_empty(), "a reminder is sent once per interval");
    now.fetch_add(30 * 60, Ordering::SeqCst);
    let due = svc.due().await.unwrap();
    assert_eq!(due[0].kind, gambit::store::DueKind::Deadline);
    let news = svc.handled(&due[0]).await.unwrap().expect("the deadline's change");
    assert!(news.lines[0].contains("Good ran out of time"), "{:?}", news.lines);
    assert!(news.began && news.in_play, "Good's setup was made for them: the game is on");
    let seen = svc.table_seen(&member("evil"), id).await.unwrap();
    assert!(seen.deciding, "Evil moves first");
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(row.deadline_at, Some(now.load(Ordering::SeqCst) + 60 * 60), "a new wait, a new deadline");
    // An admin pauses the table: nobody moves, no timer runs; resumed, the wait starts again.
    let admin = Caller::host(&gambit::service::host::terminal(), "admin");
    svc.pause(&admin, id).await.unwrap();
    let err = svc.choose_news(&member("evil"), id, Chosen::Typed, "a4 a5").await.unwrap_err();
    assert!(matches!(err, ServiceError::Paused { .. }), "{err}");
    assert_eq!(svc.game_row(id).await.unwrap().deadline_at, None);
    svc.resume(&admin, id).await.unwrap();
    assert!(svc.table_seen(&member("evil"), id).await.unwrap().deciding);
    svc.end(&admin, id).await.unwrap();
    assert_eq!(svc.game_row(id).await.unwrap().status, Status::Abandoned);
    assert!(svc.due().await.unwrap().is_empty());
    // A table's lobby nobody starts closes like the first game's (and stops counting against quotas).
    let lobby = table(&svc, "variant 1", false).await;
    now.fetch_add(49 * 3600, Ordering::SeqCst);
    let closed = svc.expire_lobbies().await.unwrap();
    assert_eq!(closed.iter().map(|e| (e.game, e.command)).collect::<Vec<_>>(), vec![(lobby, "/stratego")]);
    assert_eq!(svc.game_row(lobby).await.unwrap().status, Status::Abandoned);
    let err = svc.join(&member("late"), lobby, None).await.unwrap_err();
    assert!(matches!(err, ServiceError::Over { .. }), "{err}");
}

async fn a_setup_kept_by_a_player_comes_back_in_their_next_game_of_that_kind_and_side(places: &Places) {
    let path = places.db("kept").await;
    let svc = Service::open(&path).await.unwrap();
    let (evil, good) = (member("evil"), member("good"));
    let first = table(&svc, "variant 2", false).await;
    svc.join(&good, first, None).await.unwrap();
    svc.start(&evil, first).await.unwrap();
    let err = svc.table_keep(&evil, first, "fortress").await.unwrap_err();
    assert!(err.to_string().contains("nothing to keep yet"), "{err}");
    svc.choose_news(&evil, first, Chosen::Typed, "draft guarded").await.unwrap();
    svc.choose_news(&evil, first, Chosen::Typed, "swap a1 b1").await.unwrap();
    assert_eq!(svc.table_keep(&evil, first, "  my <fortress>!! ").await.unwrap(), "my fortress");
    let script = |id| {
        let svc = &svc;
        async move { svc.export(&gambit::service::host::terminal(), id).await.unwrap() }
    };
    let arranged = script(first).await.lines().last().unwrap().to_string();
    assert!(arranged.starts_with("evil swap"), "{arranged}");
    // The next game of game 2, on the Evil side: the kept setup is in the menu, and comes back whole.
    let second = table(&svc, "variant 2", false).await;
    svc.join(&good, second, None).await.unwrap();
    svc.start(&evil, second).await.unwrap();
    let menu = svc.table_menu(&evil, second, &[]).await.unwrap();
    let saved: Vec<&str> = menu.items.iter().filter(|i| i.id.starts_with("saved ")).map(|i| i.id.as_str()).collect();
    assert_eq!(saved, vec!["saved my fortress"]);
    assert!(
        svc.table_menu(&good, second, &[]).await.unwrap().items.iter().all(|i| !i.id.starts_with("saved ")),
        "another side's setups do not fit"
    );
    let err = svc.choose_news(&evil, second, Chosen::Typed, "saved nothing").await.unwrap_err();
    assert!(err.to_string().contains("no setup called 'nothing'"), "{err}");
    svc.choose_news(&evil, second, Chosen::Menu(menu.revision), "saved my fortress").await.unwrap();
    svc.choose_news(&evil, second, Chosen::Typed, "setup draft").await.unwrap();
    let rows = |text: String, word: &str| {
        text.lines().find_map(|l| l.strip_prefix(&format!("evil {word} ")).map(String::from)).unwrap()
    };
    let prefs = svc.preferences(&gambit::service::UserId::from("evil")).await.unwrap();
    let kept = prefs.keepsakes["stratego game 2 evil"]["my fortress"].clone();
    assert_eq!(format!("draft {}", rows(script(second).await, "setup")), kept, "the kept setup, whole");
    assert_ne!(kept, format!("draft {}", rows(script(first).await, "draft")), "the swap was kept too");
}

/// A step from the fourth row to the empty fifth, straight ahead: a move that meets nobody.
async fn step_ahead(svc: &Service, caller: &Caller, game: GameId, from_row: char, to_row: char) -> String {
    let menu = svc.table_menu(caller, game, &[]).await.unwrap();
    for piece in menu.items.iter().filter(|i| i.id.ends_with(from_row)) {
        let moves = svc.table_menu(caller, game, &[piece.id.as_str()]).await.unwrap();
        let file = &piece.id[..1];
        if let Some(m) = moves.items.iter().find(|m| m.id == format!("{} {file}{to_row}", piece.id)) {
            return m.id.clone();
        }
    }
    panic!("no piece steps from row {from_row} to row {to_row}");
}

async fn a_step_that_showed_nothing_is_taken_back_by_its_maker_only(places: &Places) {
    let path = places.db("undo").await;
    let svc = Service::open(&path).await.unwrap();
    let (evil, good) = (member("evil"), member("good"));
    let id = started(&svc).await;
    let err = svc.undo(&evil, id).await.unwrap_err();
    assert_eq!(err.to_string(), "there is nothing to undo");
    // A lock made before the other side's is taken back: the side is told to be no longer ready.
    let news = svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    assert_eq!(news.lines, vec!["Evil is ready.".to_string()]);
    let news = svc.undo(&evil, id).await.unwrap();
    assert_eq!(news.lines, vec!["Evil is no longer ready.".to_string()]);
    assert!(news.waiting.iter().any(|w| w.0 == 0), "Evil sets up again");
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    svc.choose_news(&good, id, Chosen::Typed, "setup guarded").await.unwrap();
    let err = svc.undo(&good, id).await.unwrap_err();
    assert!(err.to_string().contains("showed something"), "the lock that began play showed the board: {err}");
    // Evil's first move, to an empty square: taken back by Evil alone, and the game is as it was.
    let board = svc.table_seen(&member("watcher"), id).await.unwrap().text;
    let version = saved(&svc, id).await;
    let step = step_ahead(&svc, &evil, id, '4', '5').await;
    svc.choose_news(&evil, id, Chosen::Typed, &step).await.unwrap();
    let err = svc.undo(&member("watcher"), id).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "{err}");
    let err = svc.undo(&good, id).await.unwrap_err();
    assert!(err.to_string().contains("only the player who made the last move"), "{err}");
    let news = svc.undo(&evil, id).await.unwrap();
    let (from, to) = step.split_once(' ').unwrap();
    assert_eq!(news.lines, vec![format!("↩ Evil took back their last move (Evil moved {from} to {to}).")]);
    assert_eq!(saved(&svc, id).await, version);
    assert_eq!(svc.table_seen(&member("watcher"), id).await.unwrap().text, board);
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version });
    // Once the other side has moved, the first move is theirs to keep.
    svc.choose_news(&evil, id, Chosen::Typed, &step).await.unwrap();
    let reply = step_ahead(&svc, &good, id, '7', '6').await;
    svc.choose_news(&good, id, Chosen::Typed, &reply).await.unwrap();
    let err = svc.undo(&evil, id).await.unwrap_err();
    assert!(err.to_string().contains("only the player who made the last move"), "{err}");
    // What is taken back stays taken back after a restart.
    svc.undo(&good, id).await.unwrap();
    svc.close().await;
    let svc = Service::open(&path).await.unwrap();
    assert_eq!(saved(&svc, id).await, version + 1);
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version: version + 1 });
    svc.choose_news(&good, id, Chosen::Typed, &reply).await.unwrap();
}

/// A table's log is its script replayed, each move told from the reader's own view: a spectator reads the
/// thread's very lines, numbered, and nothing of the secret setups; a player as many moves, in their side's
/// words; the newest `n` when asked for fewer.
async fn a_tables_log_tells_each_reader_the_moves_as_they_saw_them(places: &Places) {
    let svc = Service::open(&places.db("log").await).await.unwrap();
    let (evil, good, watcher) = (member("evil"), member("good"), member("watcher"));
    let id = started(&svc).await;
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    assert!(svc.log(&watcher, id, 10).await.unwrap().is_empty(), "a setup tells nobody anything");
    svc.choose_news(&good, id, Chosen::Typed, "setup guarded").await.unwrap();
    let mut said = Vec::new();
    for _ in 0..6 {
        for who in [&evil, &good] {
            let leaves = svc.table_leaves(who, id).await.unwrap();
            let news = svc.choose_news(who, id, Chosen::Typed, &leaves[0].id).await.unwrap();
            said.extend(news.lines);
        }
    }
    let public = svc.log(&watcher, id, 50).await.unwrap();
    let lines: Vec<String> = public.iter().flat_map(|m| m.lines.clone()).collect();
    assert_eq!(lines, said, "the thread's lines, no more");
    let numbers: Vec<Option<u64>> = public.iter().map(|m| m.number).collect();
    assert_eq!(numbers, (1..=12).map(Some).collect::<Vec<_>>());
    let mine = svc.log(&evil, id, 50).await.unwrap();
    assert_eq!(mine.iter().map(|m| m.number).collect::<Vec<_>>(), numbers, "every move, in Evil's words");
    let newest = svc.log(&watcher, id, 3).await.unwrap();
    assert_eq!(newest, public[9..].to_vec());
}

/// One admin for every game: the first game's seats are given by its sides (a team's partners share
/// one), someone who played a side never gets the other, and a pause and a resume work as at a table.
async fn the_first_games_seats_are_given_by_its_sides_and_it_pauses_as_every_game_does(places: &Places) {
    use gambit::games::queens_gambit::rules::Seat;
    use gambit::service::{NewGameRequest, Replaced};
    let (svc, now, _) = clocked(places, "first-admin").await;
    let admin = Caller::member(Person::new("boss", false), "guild", "channel", Power::manager());
    let req = NewGameRequest { seed: Some(3), ..NewGameRequest::of("queens-gambit", "players 4") };
    let id = svc.create(&member("a"), req).await.unwrap();
    // In the lobby: "a" holds the Trade Federation's battlefield seat (0); its palace seat (2) is their
    // partner's, Naboo's seats (1, 3) the other side's.
    let err = svc.replace_seat(&admin, id, 1, &Person::new("a", false), false).await.unwrap_err();
    assert!(matches!(err, ServiceError::BothSides { .. }), "{err}");
    let given = svc.replace_seat(&admin, id, 2, &Person::new("a", false), false).await.unwrap();
    assert_eq!(given, Replaced::Done { seat: "Trade Federation (palace)".into(), previous: None });
    svc.replace_seat(&admin, id, 2, &Person::new("c", false), false).await.unwrap();
    svc.join(&member("b"), id, Some(Seat(1).index())).await.unwrap();
    svc.join(&member("d"), id, Some(Seat(3).index())).await.unwrap();
    svc.start(&member("a"), id).await.unwrap();
    // Started: taking a seat oneself shows its hand, so it is asked first; a partner's seat shows nothing
    // new to someone who holds the other.
    let asked = svc.replace_seat(&admin, id, 1, &Person::new("boss", false), false).await.unwrap();
    assert_eq!(asked, Replaced::Confirm { seat: "Naboo (battlefield)".into() });
    let partner = Caller::member(Person::new("d", false), "guild", "channel", Power::manager());
    let given = svc.replace_seat(&partner, id, 1, &Person::new("d", false), false).await.unwrap();
    assert_eq!(given, Replaced::Done { seat: "Naboo (battlefield)".into(), previous: Some("b".into()) });
    // "d" plays for Naboo: once they have acted, they never get a Trade Federation seat, even after leaving.
    let queen = svc.table_menu(&member("d"), id, &[]).await.unwrap();
    let first = queen.items.first().expect("Naboo chooses its queen").id.clone();
    svc.choose_news(&member("d"), id, Chosen::Menu(queen.revision), &first).await.unwrap();
    svc.replace_seat(&admin, id, 1, &Person::new("b", false), false).await.unwrap();
    svc.replace_seat(&admin, id, 3, &Person::new("e", false), false).await.unwrap();
    let err = svc.replace_seat(&admin, id, 2, &Person::new("d", false), false).await.unwrap_err();
    assert!(matches!(err, ServiceError::BothSides { .. }), "{err}");
    // Paused, nobody plays and its clock stops; resumed, the wait starts again from then.
    svc.pause(&admin, id).await.unwrap();
    let err = svc.choose_news(&member("b"), id, Chosen::Typed, "queen 1").await.unwrap_err();
    assert!(matches!(err, ServiceError::Paused { .. }), "{err}");
    assert!(svc.game_row(id).await.unwrap().deadline_at.is_none());
    now.fetch_add(3600, Ordering::SeqCst);
    let err = svc.resume(&admin, id).await;
    assert!(err.is_ok(), "{err:?}");
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(row.status, Status::Active);
    assert_eq!(row.waiting_since, Some(5_003_600));
    assert_eq!(row.deadline_at, Some(5_003_600 + 240 * 60));
    let err = svc.resume(&admin, id).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotPaused { .. }), "{err}");
}

async fn an_admin_gives_a_seat_to_someone_else_and_the_computer_plays_it_at_once(places: &Places) {
    use gambit::service::{Replaced, UserId};
    let path = places.db("replace").await;
    let svc = Service::open(&path).await.unwrap();
    let (evil, good) = (member("evil"), member("good"));
    let admin = Caller::member(Person::new("boss", false), "guild", "channel", Power::manager());
    let id = started(&svc).await;
    let computer = Person::new(UserId::computer("easy"), false);
    // Only an admin of the table's own server, and never a player onto the other side.
    let err = svc.replace_seat(&evil, id, 1, &computer, false).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotAdmin { .. }), "{err}");
    let outsider = Caller::member(Person::new("boss", false), "another-guild", "elsewhere", Power::manager());
    let err = svc.replace_seat(&outsider, id, 1, &computer, false).await.unwrap_err();
    assert!(matches!(err, ServiceError::NoGame(_)), "{err}");
    let err = svc.replace_seat(&admin, id, 1, &Person::new("evil", false), false).await.unwrap_err();
    assert!(matches!(err, ServiceError::BothSides { .. }), "{err}");
    let err = svc.replace_seat(&admin, id, 2, &computer, false).await.unwrap_err();
    assert!(matches!(err, ServiceError::NoSeat { .. }), "{err}");
    // Taking a seat oneself shows its army: asked first.
    let asked = svc.replace_seat(&admin, id, 1, &Person::new("boss", false), false).await.unwrap();
    assert_eq!(asked, Replaced::Confirm { seat: "Good".into() });
    assert_eq!(svc.table_seen(&good, id).await.unwrap().seat, Some(1), "nothing changed");
    // The computer takes Good's seat, and sets up at once.
    let done = svc.replace_seat(&admin, id, 1, &computer, false).await.unwrap();
    assert_eq!(done, Replaced::Done { seat: "Good".into(), previous: Some(UserId::from("good")) });
    let news = svc.table_computer_turns(id).await.unwrap().expect("the computer set up");
    assert_eq!(news.lines, vec!["Good is ready.".to_string()]);
    assert!(svc.table_computer_turns(id).await.unwrap().is_none(), "nothing more to do");
    let err = svc.choose_news(&good, id, Chosen::Typed, "setup random").await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "{err}");
    // Evil locks, moves, and the computer answers in the same call.
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    assert!(click_first(&svc, &evil, id).await);
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(row.version, 4, "two setups, Evil's move and the computer's");
    // The seat comes back to its player.
    let back = svc.replace_seat(&admin, id, 1, &Person::new("good", false), false).await.unwrap();
    assert!(matches!(back, Replaced::Done { .. }));
    assert!(click_first(&svc, &evil, id).await && click_first(&svc, &good, id).await);
    // Someone who played one side never gets the other, even once they left their seat.
    svc.replace_seat(&admin, id, 1, &computer, false).await.unwrap();
    let err = svc.replace_seat(&admin, id, 0, &Person::new("good", false), false).await.unwrap_err();
    assert!(matches!(err, ServiceError::BothSides { .. }), "{err}");
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version: 6 });
    // All of it was saved: after a restart Evil holds the seat and is away no more.
    svc.close().await;
    let svc = Service::open(&path).await.unwrap();
    assert!(svc.table_seen(&evil, id).await.unwrap().deciding, "Evil's seat and move, kept");
    assert!(svc.come_back(&evil, id).await.unwrap_err().to_string().contains("not playing for you"));
}

async fn changes_to_a_players_preferences_made_at_once_are_all_kept(places: &Places) {
    use gambit::service::UserId;
    let path = places.db("prefs").await;
    let svc = std::sync::Arc::new(Service::open(&path).await.unwrap());
    let user = UserId::from("many");
    // Six changes at once (a kept setup each, and pings off): each reads what the others wrote.
    let tasks: Vec<_> = (0..6)
        .map(|i| {
            let (svc, user) = (svc.clone(), user.clone());
            tokio::spawn(async move {
                svc.change_preferences(&user, |p| {
                    p.keepsakes
                        .entry("stratego game 1 evil".into())
                        .or_default()
                        .insert(format!("army {i}"), "x".into());
                    if i == 3 {
                        p.pings = false;
                    }
                    Ok(())
                })
                .await
                .unwrap();
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let prefs = svc.preferences(&user).await.unwrap();
    assert_eq!(prefs.keepsakes["stratego game 1 evil"].len(), 6, "{prefs:?}");
    assert!(!prefs.pings, "the ping setting made among them is kept too");
}

async fn a_table_from_before_seeds_were_sealed_shows_its_seed_and_claims_no_seal(places: &Places) {
    let path = places.db("unsealed").await;
    let svc = Service::open(&path).await.unwrap();
    let (evil, good) = (member("evil"), member("good"));
    let id = table(&svc, "variant 1", false).await;
    svc.join(&good, id, None).await.unwrap();
    svc.close().await;
    places
        .tamper(&path, "UPDATE games SET settings = REPLACE(settings, ',\"sealed\":true', '') WHERE id = ?", id)
        .await;
    let svc = Service::open(&path).await.unwrap();
    assert_eq!(svc.start(&evil, id).await.unwrap().seal, None, "not sealed at its start");
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    svc.choose_news(&good, id, Chosen::Typed, "setup guarded").await.unwrap();
    let end = svc.concede(&good, id).await.unwrap().ending.expect("over");
    assert_eq!((end.seed, end.seal), (11, None));
}

/// A house rule (the rulebooks have no draw by agreement): a draw offered at a table stands until the
/// other side moves; the other side accepts it by asking for one too; the game ends with no winner, its
/// log untouched.
async fn a_draw_offered_stands_until_the_other_side_moves_and_is_accepted_by_asking_back(places: &Places) {
    use gambit::service::DrawStep;
    let path = places.db("draw").await;
    let svc = Service::open(&path).await.unwrap();
    let (evil, good) = (member("evil"), member("good"));
    let id = started(&svc).await;
    let err = svc.draw(&evil, id).await.unwrap_err();
    assert!(err.to_string().contains("once play has begun"), "no draw during the secret setups: {err}");
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    svc.choose_news(&good, id, Chosen::Typed, "setup guarded").await.unwrap();
    let err = svc.draw(&member("watcher"), id).await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "{err}");
    let (step, end) = svc.draw(&evil, id).await.unwrap();
    let DrawStep::Offered { by, to, until, others, .. } = step else { panic!("{step:?}") };
    assert_eq!((by.as_str(), to.as_str(), until.as_str()), ("Evil", "Good", "until Good moves"));
    assert_eq!(others.iter().map(|u| u.to_string()).collect::<Vec<_>>(), ["good"]);
    assert!(end.is_none());
    let err = svc.draw(&evil, id).await.unwrap_err();
    assert_eq!(err.to_string(), format!("you already offered a draw in game {id}: it stands until Good moves"));
    // Evil's own move leaves it standing; Good's move ends it.
    let step = step_ahead(&svc, &evil, id, '4', '5').await;
    svc.choose_news(&evil, id, Chosen::Typed, &step).await.unwrap();
    assert!(matches!(svc.draw(&evil, id).await, Err(ServiceError::DrawOffered { .. })), "still standing");
    let reply = step_ahead(&svc, &good, id, '7', '6').await;
    svc.choose_news(&good, id, Chosen::Typed, &reply).await.unwrap();
    let version = saved(&svc, id).await;
    let (step, _) = svc.draw(&good, id).await.unwrap();
    assert!(
        matches!(&step, DrawStep::Offered { by, until, .. } if by == "Good" && until == "until Evil moves"),
        "{step:?}"
    );
    // Evil accepts by asking back, before moving: over, nobody wins, every secret in the end's script.
    let (step, end) = svc.draw(&evil, id).await.unwrap();
    assert!(matches!(&step, DrawStep::Agreed { by, .. } if by == "Evil"), "{step:?}");
    let end = end.expect("the end is shown at a table");
    assert_eq!(end.outcome.map(|o| (o.winners, o.summary)), Some((vec![], "Drawn by agreement.".to_string())));
    assert!(end.ending.expect("the seed check").script.contains("evil setup "), "the setups are in the script");
    // Its final board shows every piece, as an end by the rules does.
    let board = end.sight.expect("a final board");
    let board = board.downcast_ref::<gambit::games::stratego::View>().expect("Stratego's board");
    assert_eq!(board.reader, None, "the spectators' board");
    assert!(board.squares.len() >= 60 && board.squares.iter().all(|(_, seen)| seen.known.is_some()));
    let row = svc.game_row(id).await.unwrap();
    assert_eq!((row.status, row.reason.as_deref(), row.version), (Status::Abandoned, Some("draw"), version));
    let err = svc.choose_news(&good, id, Chosen::Typed, &reply).await.unwrap_err();
    assert!(matches!(err, ServiceError::Over { .. }), "{err}");
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version });
    // The computer never accepts one, so it is not offered.
    let id = table(&svc, "variant 1", true).await;
    svc.start(&evil, id).await.unwrap();
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    let err = svc.draw(&evil, id).await.unwrap_err();
    assert!(err.to_string().contains("never accepts a draw"), "{err}");
}

/// A table whose players chose a stand-in: past a deadline the computer takes the late seat and plays it,
/// move after move, until its player is back; an admin cannot seat the away player on the other side.
async fn a_stand_in_plays_for_a_late_player_until_they_are_back(places: &Places) {
    let (svc, now, path) = clocked(places, "stand-in").await;
    let (evil, good) = (member("evil"), member("good"));
    let req = NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        stand_in: Some("easy".into()),
        seed: Some(11),
        ..Default::default()
    };
    let id = svc.create(&evil, req).await.unwrap();
    let lobby = svc.table_seen(&good, id).await.unwrap().options;
    assert!(lobby.ends_with(" · the computer stands in for a late player"), "the lobby tells it: {lobby}");
    svc.join(&good, id, None).await.unwrap();
    svc.start(&evil, id).await.unwrap();
    svc.choose_news(&evil, id, Chosen::Typed, "setup guarded").await.unwrap();
    svc.choose_news(&good, id, Chosen::Typed, "setup guarded").await.unwrap();
    let err = svc.come_back(&evil, id).await.unwrap_err();
    assert!(err.to_string().contains("not playing for you"), "{err}");
    // Evil lets the deadline pass: the computer takes Evil's seat and moves at once.
    now.fetch_add(61 * 60, Ordering::SeqCst);
    let due = svc.due().await.unwrap();
    let deadline = due.iter().find(|d| d.kind == gambit::store::DueKind::Deadline).expect("a deadline");
    let news = svc.handled(deadline).await.unwrap().expect("the deadline's change");
    let stood: Vec<_> = news.stood_in.iter().map(|s| (s.seat, s.seat_name.as_str(), s.user.as_str())).collect();
    assert_eq!(stood, [(0, "Evil", "evil")]);
    assert!(news.stood_in[0].computer.is_computer());
    assert_eq!(saved(&svc, id).await, 3, "two setups and the computer's first move for Evil");
    assert!(!news.lines.iter().any(|l| l.contains("ran out of time")), "no one-off choice: {:?}", news.lines);
    // Good moves; the computer answers for Evil in the same call.
    let reply = step_ahead(&svc, &good, id, '7', '6').await;
    svc.choose_news(&good, id, Chosen::Typed, &reply).await.unwrap();
    assert_eq!(saved(&svc, id).await, 5, "the stand-in answered");
    let err = svc.choose_news(&evil, id, Chosen::Typed, "a4 a5").await.unwrap_err();
    assert!(matches!(err, ServiceError::NotSeated { .. }), "the computer holds the seat now: {err}");
    // Away, Evil still counts as holding their seat: not given Good's.
    let admin = Caller::member(Person::new("admin", false), "guild", "channel", Power::manager());
    let person = Person::new("evil", false);
    let err = svc.replace_seat(&admin, id, 1, &person, true).await.unwrap_err();
    assert!(matches!(err, ServiceError::BothSides { .. }), "{err}");
    // Back: the seat is theirs again, and so is the next move; only once.
    assert_eq!(svc.come_back(&evil, id).await.unwrap(), vec![0]);
    let (names, home) = svc.seats_and_home(&evil, id, &[0]).await;
    assert_eq!((names, home.map(|h| h.to_string())), (vec!["Evil".to_string()], Some("channel".to_string())));
    assert!(svc.come_back(&evil, id).await.is_err(), "only once");
    let reply = step_ahead(&svc, &good, id, '6', '5').await;
    svc.choose_news(&good, id, Chosen::Typed, &reply).await.unwrap();
    assert_eq!(saved(&svc, id).await, 6, "Evil's move waits for Evil");
    assert!(svc.table_seen(&evil, id).await.unwrap().deciding);
    assert_eq!(svc.verify(id).await, Verdict::Replays { key: "stratego".into(), version: 6 });
    // All of it was saved: after a restart Evil holds the seat and is away no more.
    svc.close().await;
    let svc = Service::open(&path).await.unwrap();
    assert!(svc.table_seen(&evil, id).await.unwrap().deciding, "Evil's seat and move, kept");
    assert!(svc.come_back(&evil, id).await.unwrap_err().to_string().contains("not playing for you"));
}

/// The computer plays at a level of its game's own, named in any case; a level the game does not have
/// is refused by name and makes no table.
async fn a_tables_computer_plays_at_a_level_of_its_games_and_no_other(places: &Places) {
    let svc = Service::open(&places.db("levels").await).await.unwrap();
    let evil = member("evil");
    let ask = |level: &str| NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        computer: Some(level.into()),
        stand_in: Some(level.into()),
        seed: Some(3),
        ..Default::default()
    };
    let err = svc.create(&evil, ask("grandmaster")).await.unwrap_err().to_string();
    assert!(err.contains("at easy, normal, hard, not 'grandmaster'"), "{err}");
    assert!(gambit_tables(svc.games_of(&evil, true).await).is_empty(), "no table was made");
    for level in ["easy", " Easy "] {
        let id = svc.create(&evil, ask(level)).await.unwrap();
        let seats = svc.table_seen(&evil, id).await.unwrap().seats;
        let computer = seats.get(1).and_then(|(_, user)| user.clone());
        assert_eq!(computer, Some(gambit::service::UserId::computer("easy")), "the game's own level, by its name");
        let news = svc.start(&evil, id).await.unwrap();
        assert_eq!(news.lines, vec!["Good is ready.".to_string()], "it played at once");
    }
}

/// The first game at a table: made in a table's lobby and played by its two players on both paths in
/// turn (the tables', and the first game's own that `/qg` plays on), each path going on from the other's
/// last step. Its record is the first game's own to the end: that path reads every snapshot the table
/// wrote, finds the game consistent with its log, and tells its end.
async fn a_first_game_table_is_played_on_both_paths_and_its_record_is_the_first_games_own(places: &Places) {
    use gambit::games::queens_gambit::rules::{Choice, Data};
    let svc = Service::open(&places.db("first-table").await).await.unwrap();
    let (tf, naboo) = (member("evil"), member("good"));
    let req = NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 2".into(),
        seed: Some(7),
        ..Default::default()
    };
    let id = svc.create(&tf, req).await.unwrap();
    svc.join(&naboo, id, None).await.unwrap();
    svc.start(&tf, id).await.unwrap();
    let data = Data::embedded();
    let mut steps = 0u64;
    for round in 0.. {
        assert!(round < 100, "someone decides at every turn");
        if steps >= 80 {
            break;
        }
        for caller in [&tf, &naboo] {
            let Ok(menu) = svc.table_menu(caller, id, &[]).await else { continue };
            let pick = first_game_pick(&menu.items);
            steps += 1;
            if steps.is_multiple_of(2) {
                svc.choose_news(caller, id, Chosen::Menu(menu.revision), &pick).await.unwrap();
            } else {
                let choice = Choice::parse(&data, &pick).unwrap();
                let row = svc.game_row(id).await.unwrap();
                svc.act(caller, id, None, row.public_revision, &choice).await.unwrap();
            }
            assert_eq!(saved(&svc, id).await, steps, "every step saved once, on either path");
        }
    }
    assert_eq!(
        svc.verify(id).await,
        Verdict::Consistent {
            version: steps,
            rules: gambit::games::queens_gambit::rules::RulesVersion::NEWEST.number()
        }
    );
    // Conceded at the table: the first game's path tells the end from the table's record.
    let news = svc.concede(&naboo, id).await.unwrap();
    let row = svc.game_row(id).await.unwrap();
    assert_eq!(
        (row.status, row.winner.as_deref(), row.reason.as_deref()),
        (Status::Finished, Some("tf"), Some("concession"))
    );
    assert_eq!(
        svc.verify(id).await,
        Verdict::Consistent {
            version: steps + 1,
            rules: gambit::games::queens_gambit::rules::RulesVersion::NEWEST.number()
        }
    );
    let ending = svc.ending(id).await.unwrap();
    assert!(ending.frames.len() > 1, "its animation's frames, read back from the table's saved events");
    assert_eq!(news.recap, Some(ending.recap()), "one recap on either path");
}

/// A four-player game of the first game at a table: its partners are one side. A draw offered by one
/// seat is offered to the other side's two seats, stands for the partner too (theirs to wait on, not to
/// accept), and the other side's acceptance ends the game; the offer is kept as its own path keeps it
/// (the first game's own `/qg draw` would answer the same: both read one record).
async fn at_a_team_table_a_draw_is_one_sides_offer_to_the_other(places: &Places) {
    use gambit::service::DrawStep;
    let svc = Service::open(&places.db("team-table").await).await.unwrap();
    let players: Vec<Caller> = ["p1", "p2", "p3", "p4"].into_iter().map(member).collect();
    let req = NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 4".into(),
        seed: Some(9),
        ..Default::default()
    };
    let id = svc.create(&players[0], req).await.unwrap();
    for p in &players[1..] {
        svc.join(p, id, None).await.unwrap();
    }
    svc.start(&players[0], id).await.unwrap();
    let seats = svc.table_seen(&players[0], id).await.unwrap().seats;
    let side_of = |who: &Caller| {
        let name = &seats.iter().find(|(_, u)| u.as_ref() == Some(who.user())).expect("seated").0;
        name.contains("Naboo")
    };
    let (mine, theirs): (Vec<&Caller>, Vec<&Caller>) = players.iter().partition(|p| side_of(p) == side_of(&players[0]));
    assert_eq!((mine.len(), theirs.len()), (2, 2), "two sides of two: {seats:?}");
    let (step, _) = svc.draw(mine[0], id).await.unwrap();
    let DrawStep::Offered { to, others, .. } = step else { panic!("offered: {step:?}") };
    let mut expected: Vec<_> = theirs.iter().map(|p| p.user().clone()).collect();
    let mut others = others;
    expected.sort();
    others.sort();
    assert_eq!(others, expected, "offered to the other side's two players: {to}");
    assert!(!to.contains(" and ") && !to.is_empty(), "the other side, named once: {to}");
    let err = svc.draw(mine[1], id).await.unwrap_err();
    assert!(matches!(err, ServiceError::DrawOffered { .. }), "the partner's side already offers it: {err}");
    assert_eq!(
        svc.game_row(id).await.unwrap().draw_offer.map(|(by, _)| by).as_deref(),
        Some(if side_of(mine[0]) { "naboo" } else { "tf" })
    );
    // Accepted through the first game's own draw, which reads the same offer from the same record.
    let (step, _) = svc.draw(theirs[1], id).await.unwrap();
    assert!(matches!(step, DrawStep::Agreed { .. }), "{step:?}");
    assert!(svc.game_row(id).await.unwrap().status.is_over());
}

/// A computer that searches (the first game's normal level) never thinks inside a player's call, which
/// holds the table: the call returns with the computer's decision still to make, and the background step
/// (`table_computer_step`, driven after every interaction) makes it, one saved choice at a time, until it
/// waits for someone else (the driver's `computer_move` sends every game there). What it expected as it
/// locked each plan is kept for that round and shown only once the game is over. The driver's one entry (`computer_move`) finds nothing to do at a Stratego
/// table whose computer already answered in the call, without an error.
async fn a_searching_computer_at_a_table_thinks_with_the_table_free_and_keeps_its_expectations(places: &Places) {
    let svc = Service::open(&places.db("searching").await)
        .await
        .unwrap()
        .with_computers(gambit::games::effort::Settings::default().scaled(0.01), 1);
    let human = member("evil");
    let req = NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 2".into(),
        computer: Some("normal".into()),
        seed: Some(5),
        ..Default::default()
    };
    let id = svc.create(&human, req).await.unwrap();
    let news = svc.start(&human, id).await.unwrap();
    let seats = svc.table_seen(&human, id).await.unwrap().seats;
    let computer_seat = seats.iter().position(|(_, u)| u.as_ref().is_some_and(|u| u.is_computer())).unwrap();
    assert!(
        news.waiting.iter().any(|(s, _, _)| *s == computer_seat),
        "the call that started the table left the searching computer's plan to the background: {:?}",
        news.waiting
    );
    let before = saved(&svc, id).await;
    assert_eq!(before, 0, "nothing saved for the computer in the starting call");
    let mut computer_steps = 0;
    // The driver's one entry: a game made at a table is played at its table, told as a table's news.
    while let Some(news) = svc.computer_move(id).await.unwrap() {
        computer_steps += 1;
        assert_eq!(saved(&svc, id).await, before + computer_steps, "each of its choices saved once");
        assert!(computer_steps < 20, "its plan is made in a few choices");
        if !news.waiting.iter().any(|(s, _, _)| *s == computer_seat) {
            break;
        }
    }
    assert!(computer_steps >= 2, "it built its plan and locked it: {computer_steps} choices");
    assert!(svc.computer_move(id).await.unwrap().is_none(), "nothing more for it until the player plans");
    assert!(svc.expectations(id).await.unwrap().is_empty(), "never told before the end");
    svc.concede(&human, id).await.unwrap();
    let expected = svc.expectations(id).await.unwrap();
    assert_eq!(expected.len(), 1, "one figure, for the round it locked: {expected:?}");
    let (seat, round, value) = expected[0];
    assert_eq!((seat, round), (computer_seat, 1));
    assert!((0.0..=1.0).contains(&value), "a chance: {value}");
    // A Stratego table answers for its computer in the call: the driver finds nothing left, and no error.
    let stratego = table(&svc, "variant 1", true).await;
    svc.start(&member("evil"), stratego).await.unwrap();
    assert!(svc.computer_move(stratego).await.unwrap().is_none());
}

/// The first game's stall rule at a table: at every round's start a table keeps what each side needs,
/// and since when, exactly as the first game's own path keeps it, and says so when nobody has come
/// closer to winning for the host's number of rounds (here one), offering the draw by the game's own
/// command. Two games from one seed, one played at its table and one on its own path with the same
/// choices, keep the same record and say it at the same steps.
async fn a_table_keeps_the_first_games_standing_and_offers_a_draw_when_nobody_comes_closer(places: &Places) {
    use gambit::games::queens_gambit::rules::{Choice, Data};
    // Scripted players click faster than people: no per-minute allowance here.
    let limits = gambit::service::Limits { commands_per_minute: 0, ..Default::default() };
    let svc = Service::open(&places.db("stall").await).await.unwrap().with_stall_rounds(1).with_limits(limits);
    let (tf, naboo) = (member("evil"), member("good"));
    let req = NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 2".into(),
        seed: Some(7),
        ..Default::default()
    };
    let (table, own) = (svc.create(&tf, req.clone()).await.unwrap(), svc.create(&tf, req).await.unwrap());
    for id in [table, own] {
        svc.join(&naboo, id, None).await.unwrap();
        svc.start(&tf, id).await.unwrap();
    }
    let data = Data::embedded();
    let (mut rounds_begun, mut offers, mut round) = (0, 0, 1);
    for _ in 0..1500 {
        if offers > 0 || svc.game_row(table).await.unwrap().status.is_over() {
            break;
        }
        for caller in [&tf, &naboo] {
            let Ok(menu) = svc.table_menu(caller, table, &[]).await else { continue };
            let pick = first_game_pick(&menu.items);
            let news = svc.choose_news(caller, table, Chosen::Menu(menu.revision), &pick).await.unwrap();
            let row = svc.game_row(own).await.unwrap();
            let update = svc.act(caller, own, None, row.public_revision, &Choice::parse(&data, &pick).unwrap()).await;
            let update = update.unwrap();
            let (at_table, on_own) = (svc.game_row(table).await.unwrap(), svc.game_row(own).await.unwrap());
            assert_eq!(at_table.stall, on_own.stall, "one standing record on either path, after '{pick}'");
            let offered = news.lines.iter().any(|l| l.starts_with("⏳") && l.contains("/qg draw"));
            assert_eq!(offered, update.public().stalled().is_some(), "said at the same step: {:?}", news.lines);
            let now = svc.table_seen(&tf, table).await.unwrap().text;
            let now: u32 = now.strip_prefix("Round ").and_then(|r| r.split(',').next()?.parse().ok()).unwrap();
            if now > round {
                assert!(at_table.stall.is_some(), "kept as round {now} began");
                (rounds_begun, round) = (rounds_begun + 1, now);
            }
            offers += usize::from(offered);
        }
    }
    assert!(rounds_begun >= 2 && offers > 0, "rounds began ({rounds_begun}) and one stood still ({offers})");
}

/// A table's lobby seats a player where they ask (a side, a team's place) or at the first free seat; a
/// taken or missing seat is refused and changes nothing. Sides dealt as the game starts swap whole
/// sides by a coin: each table shows one of the two seatings, both come up, and a team's partners stay
/// partners.
async fn a_table_seats_players_where_they_ask_and_deals_whole_sides_when_asked(places: &Places) {
    let svc = Service::open(&places.db("seating").await).await.unwrap();
    let players: Vec<Caller> = ["p1", "p2", "p3", "p4"].into_iter().map(member).collect();
    let team = |dealt: bool| NewGameRequest {
        game: "queens-gambit".into(),
        options: "players 4".into(),
        draw_sides: dealt,
        seed: Some(9),
        ..Default::default()
    };
    let id = svc.create(&players[0], team(false)).await.unwrap();
    assert_eq!(svc.join(&players[1], id, Some(2)).await.unwrap(), 2, "the creator's partner's place");
    assert!(matches!(svc.join(&players[2], id, Some(2)).await, Err(ServiceError::SeatTaken)));
    assert!(matches!(svc.join(&players[2], id, Some(7)).await, Err(ServiceError::NoSeat { .. })));
    let seats = svc.table_seen(&players[0], id).await.unwrap().seats;
    assert_eq!(seats.iter().filter(|(_, u)| u.is_some()).count(), 2, "nothing changed by the refusals");
    assert_eq!(svc.join(&players[2], id, None).await.unwrap(), 1, "else the first free seat");
    // Dealt: the lobby says so, and each start keeps partners together on one side or the other.
    let mut seen_sides = std::collections::HashSet::new();
    for _ in 0..24 {
        let id = svc.create(&players[0], team(true)).await.unwrap();
        for (p, seat) in players[1..].iter().zip([2, 1, 3]) {
            svc.join(p, id, Some(seat)).await.unwrap();
        }
        let lobby = svc.table_seen(&players[0], id).await.unwrap();
        assert!(lobby.options.contains("sides dealt"), "{}", lobby.options);
        let names: Vec<&str> = lobby.seats.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Seat 1", "Seat 2", "Seat 3", "Seat 4"], "places, not yet sides");
        svc.start(&players[0], id).await.unwrap();
        // As the database keeps it, not only the copy in memory.
        svc.forget_all();
        let seats = svc.table_seen(&players[0], id).await.unwrap().seats;
        let side_of = |who: &Caller| {
            let name = &seats.iter().find(|(_, u)| u.as_ref() == Some(who.user())).expect("seated").0;
            name.contains("Naboo")
        };
        assert_eq!(side_of(&players[0]), side_of(&players[1]), "partners stay partners: {seats:?}");
        assert_eq!(side_of(&players[2]), side_of(&players[3]), "{seats:?}");
        assert_ne!(side_of(&players[0]), side_of(&players[2]), "{seats:?}");
        seen_sides.insert(side_of(&players[0]));
        svc.concede(&players[0], id).await.unwrap();
    }
    assert_eq!(seen_sides.len(), 2, "the coin came up both ways in 24 deals");
}

/// An invitation at a table, as in the first game's lobby: the other side's seat is kept for the guest
/// (nobody else may take it, and the table cannot start without them); they accept by joining or by
/// starting it, or decline by leaving, which opens the seat. The computer, asked for too, takes every
/// other seat but the kept one. Inviting oneself is refused and makes no table.
async fn an_invited_member_has_the_other_sides_seat_kept_until_they_accept_or_decline(places: &Places) {
    let svc = Service::open(&places.db("invitation").await).await.unwrap();
    let (evil, good, watcher) = (member("evil"), member("good"), member("watcher"));
    let invite = |who: &Caller, computer: bool, game: &str, options: &str| NewGameRequest {
        game: game.into(),
        options: options.into(),
        guest: Some(who.person().clone()),
        computer: computer.then(|| "easy".into()),
        seed: Some(4),
        ..Default::default()
    };
    let err = svc.create(&evil, invite(&evil, false, "stratego", "variant 1")).await.unwrap_err();
    assert!(matches!(err, ServiceError::SelfInvite), "{err}");
    let computer =
        Caller::member(Person::new(gambit::service::UserId::computer("easy"), false), "guild", "c", Power::default());
    let err = svc.create(&evil, invite(&computer, false, "stratego", "variant 1")).await.unwrap_err();
    assert!(matches!(err, ServiceError::ComputerSeat(_)), "the computer is seated, never invited: {err}");
    let err = svc.create(&evil, invite(&good, true, "stratego", "variant 1")).await.unwrap_err();
    assert!(err.to_string().contains("the computer would have none"), "{err}");
    assert!(gambit_tables(svc.games_of(&evil, true).await).is_empty(), "no table made by a refusal");
    let id = svc.create(&evil, invite(&good, false, "stratego", "variant 1")).await.unwrap();
    let lobby = svc.table_seen(&watcher, id).await.unwrap();
    assert_eq!(lobby.invited, vec![("Good".to_string(), good.user().clone())]);
    let err = svc.join(&watcher, id, None).await.unwrap_err();
    assert!(matches!(&err, ServiceError::Reserved { guest, .. } if guest == good.user()), "kept for the guest: {err}");
    assert!(matches!(svc.join(&watcher, id, Some(1)).await, Err(ServiceError::Reserved { .. })));
    assert!(matches!(svc.start(&evil, id).await, Err(ServiceError::AwaitingGuest { .. })));
    // Declined: the seat opens, and anyone may take it.
    svc.leave(&good, id).await.unwrap();
    assert!(svc.table_seen(&evil, id).await.unwrap().invited.is_empty());
    assert_eq!(svc.join(&watcher, id, None).await.unwrap(), 1);
    // Accepted by starting: the guest takes the kept seat as the table starts.
    let id = svc.create(&evil, invite(&good, false, "stratego", "variant 1")).await.unwrap();
    svc.start(&good, id).await.unwrap();
    svc.forget_all();
    let seats = svc.table_seen(&good, id).await.unwrap().seats;
    assert_eq!(seats[1], ("Good".to_string(), Some(good.user().clone())), "{seats:?}");
    // Four players: the guest's seat is the other side's first; the computer takes the other side's
    // seat left, and the creator's partner's seat stays open for a member.
    let id = svc.create(&evil, invite(&good, true, "queens-gambit", "players 4")).await.unwrap();
    let lobby = svc.table_seen(&evil, id).await.unwrap();
    let computers = lobby.seats.iter().filter(|(_, u)| u.as_ref().is_some_and(|u| u.is_computer())).count();
    assert_eq!((computers, lobby.invited.len()), (1, 1), "{:?} {:?}", lobby.seats, lobby.invited);
    assert!(
        lobby.seats[2].1.is_none() && lobby.seats[3].1.as_ref().is_some_and(|u| u.is_computer()),
        "{:?}",
        lobby.seats
    );
    assert!(lobby.invited[0].0.contains("Naboo"), "the other side's seat: {:?}", lobby.invited);
    assert_eq!(svc.join(&good, id, None).await.unwrap(), 1, "the guest joins into the kept seat");
    // Seated elsewhere by an admin, a guest's invitation ends: the kept seat opens, for anyone.
    let admin = Caller::member(Person::new("boss", false), "guild", "channel", Power::manager());
    let id = svc.create(&evil, invite(&good, false, "stratego", "variant 1")).await.unwrap();
    svc.replace_seat(&admin, id, 0, good.person(), false).await.unwrap();
    assert!(svc.table_seen(&evil, id).await.unwrap().invited.is_empty(), "no invitation left in memory");
    svc.forget_all();
    assert!(svc.table_seen(&evil, id).await.unwrap().invited.is_empty(), "nor in the record");
    assert!(matches!(svc.start(&good, id).await, Err(ServiceError::SeatsEmpty { .. })), "not a second seat");
    assert_eq!(svc.join(&watcher, id, None).await.unwrap(), 1);
    // A guest takes the kept seat or declines it first: never another as well.
    let id = svc.create(&evil, invite(&good, false, "queens-gambit", "players 4")).await.unwrap();
    let err = svc.join(&good, id, Some(2)).await.unwrap_err();
    assert!(err.to_string().contains("a seat is kept for you"), "{err}");
    assert_eq!(svc.join(&good, id, Some(1)).await.unwrap(), 1);
}

on_both!(
    an_invited_member_has_the_other_sides_seat_kept_until_they_accept_or_decline,
    a_table_seats_players_where_they_ask_and_deals_whole_sides_when_asked,
    a_table_keeps_the_first_games_standing_and_offers_a_draw_when_nobody_comes_closer,
    a_searching_computer_at_a_table_thinks_with_the_table_free_and_keeps_its_expectations,
    at_a_team_table_a_draw_is_one_sides_offer_to_the_other,
    a_first_game_table_is_played_on_both_paths_and_its_record_is_the_first_games_own,
    a_tables_computer_plays_at_a_level_of_its_games_and_no_other,
    a_stand_in_plays_for_a_late_player_until_they_are_back,
    a_draw_offered_stands_until_the_other_side_moves_and_is_accepted_by_asking_back,
    a_table_from_before_seeds_were_sealed_shows_its_seed_and_claims_no_seal,
    changes_to_a_players_preferences_made_at_once_are_all_kept,
    an_admin_gives_a_seat_to_someone_else_and_the_computer_plays_it_at_once,
    a_step_that_showed_nothing_is_taken_back_by_its_maker_only,
    a_setup_kept_by_a_player_comes_back_in_their_next_game_of_that_kind_and_side,
    a_move_that_waits_is_reminded_then_made_by_the_computer_at_its_deadline,
    the_first_games_seats_are_given_by_its_sides_and_it_pauses_as_every_game_does,
    a_tables_log_tells_each_reader_the_moves_as_they_saw_them,
    the_first_games_deadline_waits_for_its_players_and_its_reminders_speak_its_words,
    a_stratego_table_is_played_to_its_end_saved_at_every_step_and_replays,
    strangers_out_of_turn_and_stale_menus_are_refused_and_change_nothing,
    a_table_against_the_computer_answers_in_the_same_call_and_rebuilds_from_its_log,
);

/// The Stratego games of a player's list.
fn gambit_tables(
    listed: Result<
        Vec<Result<gambit::service::GameLine, gambit::service::ServiceError>>,
        gambit::service::ServiceError,
    >,
) -> Vec<gambit::service::GameLine> {
    listed.unwrap().into_iter().flatten().filter(|l| l.key == "stratego").collect()
}
