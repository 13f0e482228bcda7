//! Every saved move is told: the real `gambit serve` is killed (SIGKILL) after a move's save and before
//! its answer (Discord holds the answer's request unanswered while the process dies), at several points
//! of a game. After the restart the move's news appears in the thread once, with the next player pinged
//! once, as the thread's newest post, and that player plays on from its button. On SQLite and on
//! PostgreSQL.

use crate::discord::fault::{Host, Table, answered, kill, open, terminate, wait};
use crate::support::{CHANNEL_ID, FakeDiscord, user_id};
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::service::Service;
use serde_json::{Value, json};
use std::path::Path;
use std::process::Child;
use std::time::Duration;

/// How many times each game is killed between a save and its answer.
const KILLS: usize = 4;

fn public(m: &Value) -> bool {
    m["flags"].as_u64().unwrap_or(0) & 64 == 0
}

/// The database as it is now: a reader opened afresh (one kept open on SQLite keeps the snapshot it
/// first read).
async fn fresh(db: &str) -> Service {
    Service::open_read_only(Path::new(db), gambit::games::Catalog::embedded()).await.unwrap()
}

/// The bot up again after a kill: serving, its session ready.
async fn restart(fake: &FakeDiscord, host: &Host, sessions: &mut usize) -> Child {
    let child = host.serve_alone();
    *sessions += 1;
    let n = *sessions;
    fake.wait_for_session(|s| s.ready && !s.closed && s.number >= n as u64).await;
    child
}

async fn told_once_after_each_kill(db: String) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("gambit.toml");
    // The answer waits for the save (no early acknowledgement), so the first request after a move is its
    // answer; no reminder falls due while the test runs.
    let settings = "[discord]\ndefer_after_ms = 2500\n[games]\nnumbering = \"sequential\"\n[limits]\n\
                    commands_per_minute = 0\n[ops]\ntick_seconds = 60\nshutdown_seconds = 5\n[backup]\nevery_hours = 0\n";
    std::fs::write(&config, settings).unwrap();
    let host = Host { dir: dir.path().to_path_buf(), db: db.clone(), proxy: fake.base_url(), config };
    let registered = host.gambit(&["register"], None).output().unwrap();
    assert!(registered.status.success(), "{}", String::from_utf8_lossy(&registered.stderr));
    let mut sessions = 0;
    let mut serve = restart(&fake, &host, &mut sessions).await;
    let table: Table = open(&fake, CHANNEL_ID, user_id(1), user_id(2)).await;
    let terminal = gambit::service::host::terminal();
    let mut agent = RandomAgent::uniform(11);
    let (mut kills, mut public_moves) = (0, 0);
    while kills < KILLS {
        let game = fresh(&db).await.engine(&terminal, table.id).await.unwrap();
        assert!(game.outcome().is_none(), "the game ended after {kills} kills");
        let decision = game.pending().first().cloned().expect("someone decides");
        let text = agent.pick(&game, &decision).text(fresh(&db).await.data());
        let user = table.users[usize::from(decision.seat.0 % 2)];
        let options = [("choice", json!(text)), ("game", json!(table.id))];
        let shown = !decision.prompt.is_secret();
        public_moves += usize::from(shown);
        // Every third public move: killed while its answer hangs.
        if !(shown && public_moves % 3 == 0) {
            let h = fake.slash(user, table.thread, "qg choose", &options).await;
            answered(&fake, &h, Duration::from_secs(10)).await;
            continue;
        }
        let before = fresh(&db).await.game_row(table.id).await.unwrap().version;
        let posts_before = fake.messages_in(table.thread).len();
        let stalled = fake.stalled().len();
        fake.stall();
        fake.slash(user, table.thread, "qg choose", &options).await;
        wait(|| (fake.stalled().len() > stalled).then_some(())).await;
        kill(&mut serve);
        fake.unstall();
        let held = fake.stalled();
        assert!(held[stalled].ends_with("/callback"), "the first request after the save is its answer: {held:?}");
        let version = fresh(&db).await.game_row(table.id).await.unwrap().version;
        assert_eq!(version, before + 1, "the move was saved before the kill");
        assert_eq!(fake.messages_in(table.thread).len(), posts_before, "nothing was told before the kill");
        let asked: Vec<u64> = {
            let game = fresh(&db).await.engine(&terminal, table.id).await.unwrap();
            game.pending().iter().map(|d| table.users[usize::from(d.seat.0 % 2)]).collect()
        };

        let mark = fake.mark();
        serve = restart(&fake, &host, &mut sessions).await;
        let nonce = format!("t{}.{version}.0", table.id);
        let mut news = None;
        for _ in 0..200 {
            news = fake.messages_in(table.thread).into_iter().find(|m| m["nonce"].as_str() == Some(&nonce));
            if news.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let log = std::fs::read_to_string(dir.path().join("serve.log")).unwrap_or_default();
        let news =
            news.unwrap_or_else(|| panic!("no news {nonce} after the restart:\n{log}\n{}", fake.describe_requests()));
        // Its posts come in order, the news first; the newest public post is the one the next player acts from.
        let stamp = format!("t{}.{version}.", table.id);
        for _ in 0..200 {
            if fresh(&db).await.owed_steps().await.unwrap() == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert_eq!(fresh(&db).await.owed_steps().await.unwrap(), 0, "every saved step told");
        let told: Vec<Value> = fake.messages_in(table.thread).into_iter().skip(posts_before).collect();
        assert!(
            !told.is_empty() && told.iter().all(|m| m["nonce"].as_str().is_some_and(|n| n.starts_with(&stamp))),
            "after the restart, only the move's posts: {told:?}"
        );
        assert_eq!(FakeDiscord::id_of(&told[0]), FakeDiscord::id_of(&news), "the news comes first");
        let text = news["content"].as_str().unwrap_or("");
        assert!(!text.is_empty(), "the news says what happened");
        // Who is asked now is named and pinged, once.
        let sent = fake.requests_since(mark);
        for user in &asked {
            let pinging: Vec<_> = sent
                .iter()
                .filter(|r| r.method == "POST" && r.status < 300)
                .filter(|r| {
                    r.body["allowed_mentions"]["users"].as_array().is_some_and(|u| u.contains(&json!(user.to_string())))
                })
                .collect();
            assert_eq!(pinging.len(), 1, "player {user} pinged once after the restart: {}", fake.describe_requests());
            assert!(text.contains(&format!("<@{user}>")), "the news names who is asked: {text}");
        }
        // The next player acts from the thread's newest post: its first button or menu is theirs to use.
        let newest = fake
            .newest_in(table.thread, |m| public(m) && !crate::discord::e2e::components(m).is_empty())
            .expect("a post with buttons");
        assert_eq!(FakeDiscord::id_of(&newest), FakeDiscord::id_of(&news), "the newest post is the news");
        let (id, values) = crate::discord::e2e::components(&newest).into_iter().next().unwrap();
        // `press` takes the player's number (`user_id(n)`).
        let next = (1..=2).find(|n| user_id(*n) == asked[0]).unwrap();
        let acted = crate::discord::stratego::press(
            &fake,
            next,
            FakeDiscord::id_of(&newest),
            &id,
            values.first().map(String::as_str),
        )
        .await;
        let said = acted["content"].as_str().unwrap_or("");
        let moved = fresh(&db).await.game_row(table.id).await.unwrap().version > version;
        assert!(moved || !crate::discord::e2e::components(&acted).is_empty(), "the next player acted: {acted}");
        assert!(!said.contains("moved on") && !said.contains("not playing"), "no refusal: {said}");
        kills += 1;
    }
    terminate(&mut serve);
    // Every game's log still replays to its saved state.
    let verified = host.gambit(&["verify"], None).output().unwrap();
    assert!(verified.status.success(), "{}", String::from_utf8_lossy(&verified.stdout));
    fake.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_saved_then_killed_before_its_answer_is_told_once_after_the_restart_on_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("outbox.db").to_string_lossy().into_owned();
    told_once_after_each_kill(db).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_saved_then_killed_before_its_answer_is_told_once_after_the_restart_on_postgres() {
    told_once_after_each_kill(crate::postgres::database().await).await;
}
