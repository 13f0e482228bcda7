//! A load test of the whole bot: `gambit serve` in its own process, as a host runs it, against the fake
//! Discord, many games at once, their players typing `/qg choose` as fast as the bot answers. Each game's
//! players keep their own copy of the game (the bot's seed is fixed, so the same choices give the same
//! game) to know what to choose; every choice they make is legal, so every one must be accepted.
//!
//! The short form (the default, in CI) checks correctness only: every interaction answered within
//! Discord's 3 seconds and none refused, and at the end every game in the database holds exactly the
//! moves its players made. The long form prints the figures:
//!
//! `GAMBIT_LOAD=long cargo test --release --test loadtest -- --nocapture` (100 games for 60 s; the numbers
//! can be changed with GAMBIT_LOAD_GAMES and GAMBIT_LOAD_SECONDS, the bot's `defer_after_ms` with
//! GAMBIT_LOAD_DEFER_MS). The players never pause, so an answer
//! waits for the answers queued before it: the median is about the number of games over the throughput.
//! The memory figures are the bot process's resident memory a quarter of the way in and at the end.
//!
//! A second test plays the same human games twice, alone and then beside games against the computer at
//! its normal level (played to their end), and prints the answer times of the human games both ways: a
//! thinking computer runs on its own bounded pool and must not slow the people down. Its long form is
//! `GAMBIT_LOAD=long cargo test --release --test integration computer_games -- --nocapture`.

use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, InteractionHandle, RecordedRequest, TOKEN, perms, user_id};
use gambit::discord::ids::Action;
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::{Data, Game, Mode, Seat, Side};
use gambit::service::Service;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

const SEED: u64 = 20261123;

/// How many games, for how long.
fn size() -> (usize, Duration) {
    let long = std::env::var("GAMBIT_LOAD").is_ok_and(|v| v == "long");
    let number = |key: &str, short: u64, long_default: u64| {
        std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(if long { long_default } else { short })
    };
    (number("GAMBIT_LOAD_GAMES", 6, 100) as usize, Duration::from_secs(number("GAMBIT_LOAD_SECONDS", 15, 60)))
}

/// `gambit serve` against the fake, with only this test's environment.
fn start_bot(fake: &FakeDiscord, db: &Path, config_file: &Path) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_gambit"))
        .env_clear()
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_PROXY_URL", fake.base_url())
        .env("GAMBIT_DEV_GUILD", GUILD_ID.to_string())
        .env("GAMBIT_DB", db)
        .env("GAMBIT_CONFIG", config_file)
        .env("GAMBIT_WEB_LISTEN", "127.0.0.1:0")
        .env("GAMBIT_SEED", SEED.to_string())
        .env("RUST_LOG", "warn")
        .arg("serve")
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("gambit serve starts")
}

/// Stop the bot as a host does (SIGTERM) and wait for it to finish what is in flight.
fn stop_bot(mut bot: std::process::Child) {
    // SAFETY: kill only sends a signal to the child we started.
    unsafe { libc::kill(bot.id() as libc::pid_t, libc::SIGTERM) };
    let status = bot.wait().expect("gambit serve stops");
    assert!(status.success(), "gambit serve stopped cleanly: {status}");
}

/// What one interaction cost: from sending it to the bot's first answer (in ms), whether that answer was
/// an acknowledgement (the real answer followed), and whether it was accepted.
struct Answer {
    ms: f64,
    deferred: bool,
    ok: bool,
}

/// Send a slash command and wait for the bot's whole answer.
async fn interact(fake: &FakeDiscord, user: u64, path: &str, options: &[(&str, Value)]) -> (Answer, String) {
    let (mark, sent) = (fake.mark(), Instant::now());
    let h = fake.slash(user, CHANNEL_ID, path, options).await;
    answer_to(fake, &h, mark, sent).await
}

/// The bot's whole answer to an interaction sent at `sent` (requests from `mark` on): its first answer,
/// and after an acknowledgement the words that follow it.
async fn answer_to(fake: &FakeDiscord, h: &InteractionHandle, mark: usize, sent: Instant) -> (Answer, String) {
    let token = h.token.clone();
    let mine = move |r: &RecordedRequest| r.token.as_deref() == Some(token.as_str());
    let first = mine.clone();
    let cb = fake.wait_for_since(mark, move |r| r.is_callback() && first(r), WAIT).await;
    let ms = cb.at.saturating_duration_since(sent).as_secs_f64() * 1e3;
    let deferred = matches!(cb.callback_type(), Some(5 | 6));
    let mut text = cb.content().unwrap_or_default().to_string();
    if deferred {
        let follow = fake.wait_for_since(mark, move |r| !r.is_callback() && mine(r), WAIT).await;
        text = follow.content().unwrap_or_default().to_string();
    }
    (Answer { ms, deferred, ok: cb.succeeded() && ms < 3000.0 }, text)
}

const WAIT: Duration = Duration::from_secs(30);

/// One game from its creation until it ends or time is up: its number, the moves its players made, and
/// every interaction's answer.
async fn play(fake: Arc<FakeDiscord>, k: usize, until: Instant) -> (i64, u64, Vec<Answer>) {
    let (tf, naboo) = (user_id(1000 + 2 * k as u64), user_id(1001 + 2 * k as u64));
    let mut answers = Vec::new();
    let options = [
        ("players", json!(0)),
        ("side", json!(0)),
        ("title", json!(format!("load {k}"))),
        ("opponent", json!(naboo.to_string())),
    ];
    let (a, text) = interact(&fake, tf, "qg new", &options).await;
    answers.push(a);
    let game = game_number(&text);
    let start = start_button(&fake, game).await;
    let (mark, sent) = (fake.mark(), Instant::now());
    // The invited opponent starts it: starting accepts the invitation.
    let h = fake.click(naboo, start.0, &start.1).await;
    answers.push(answer_to(&fake, &h, mark, sent).await.0);

    let data = Data::embedded();
    let (mut mirror, _) = Game::new(data.clone(), Mode::TwoPlayer, SEED);
    let mut agent = RandomAgent::new(&data, k as u64);
    let tf_seat = Seat::of(Mode::TwoPlayer, Side::Tf, gambit::games::queens_gambit::rules::Role::Field);
    let mut moves = 0;
    while Instant::now() < until && mirror.outcome().is_none() {
        let Some(dec) = mirror.pending().first().cloned() else { break };
        let choice = agent.pick(&mirror, &dec);
        let user = if dec.seat == tf_seat { tf } else { naboo };
        let text = choice.text(&data);
        let (a, said) = interact(&fake, user, "qg choose", &[("choice", json!(text)), ("game", json!(game))]).await;
        let refused = !a.ok;
        answers.push(a);
        assert!(!refused, "game {game}: `{text}` was not answered in time: {said}");
        mirror.act(dec.seat, &choice).unwrap_or_else(|e| panic!("the copy refused {text}: {e}"));
        moves += 1;
    }
    (game, moves, answers)
}

/// The number of the game an answer to /qg new announces ("Game 12 ...").
fn game_number(text: &str) -> i64 {
    text.split("Game ")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no game in the answer to /qg new: {text}"))
}

/// One game against the computer at its normal level, from its creation to its end: its number and every
/// interaction's answer. The member reads what to answer from the database (read-only).
async fn play_the_computer(fake: Arc<FakeDiscord>, k: usize, db: std::path::PathBuf, until: Instant) -> (i64, bool) {
    let me = user_id(5000 + k as u64);
    let options =
        [("players", json!(0)), ("side", json!(0)), ("title", json!(format!("computer {k}"))), ("computer", json!(1))];
    let (_, text) = interact(&fake, me, "qg new", &options).await;
    let game = game_number(&text);
    let start = start_button(&fake, game).await;
    let (mark, sent) = (fake.mark(), Instant::now());
    let h = fake.click(me, start.0, &start.1).await;
    answer_to(&fake, &h, mark, sent).await;
    let svc = Service::open_read_only(&db, gambit::games::Catalog::embedded()).await.unwrap();
    let data = svc.data().clone();
    let mut agent = RandomAgent::new(&data, k as u64);
    let mine = Seat::of(Mode::TwoPlayer, Side::Tf, gambit::games::queens_gambit::rules::Role::Field);
    while Instant::now() < until {
        svc.forget_all();
        // A read may race the bot's write: it is read again.
        let Ok(engine) = svc.engine(&gambit::service::host::terminal(), game).await else { continue };
        if engine.outcome().is_some() {
            return (game, true);
        }
        let Some(dec) = engine.decision_for(mine).cloned() else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let choice = agent.pick(&engine, &dec).text(&data);
        interact(&fake, me, "qg choose", &[("choice", json!(choice)), ("game", json!(game))]).await;
    }
    (game, false)
}

/// The lobby's start button, once the bot has posted (or edited) the lobby with it: (message, custom id).
async fn start_button(fake: &FakeDiscord, game: i64) -> (u64, String) {
    let is_start = move |id: &String| matches!(Action::parse(id), Some(Action::Start { game: g }) if g == game);
    let lobby = fake
        .wait_for_since(0, |r| r.succeeded() && r.token.is_none() && r.custom_ids().iter().any(is_start), WAIT)
        .await;
    let id = lobby.custom_ids().into_iter().find(is_start).unwrap_or_default();
    (FakeDiscord::id_of(&lobby.response), id)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted.get(((sorted.len().saturating_sub(1)) as f64 * p).round() as usize).copied().unwrap_or(0.0)
}

/// A process's resident memory.
fn resident_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_games_at_once_lose_no_interaction() {
    let (games, time) = size();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    let config = dir.path().join("load.toml");
    // Scripted players click far faster than people, and one server holds every game.
    // GAMBIT_LOAD_DEFER_MS sets `defer_after_ms` (how long the bot works before it acknowledges).
    let defer = std::env::var("GAMBIT_LOAD_DEFER_MS").map(|ms| format!("[discord]\ndefer_after_ms = {ms}\n"));
    std::fs::write(
        &config,
        format!(
            "{}[limits]\ncommands_per_minute = 0\nlobbies_per_user = 0\nlobbies_per_server = 0\ngames_per_server = 0\n",
            defer.unwrap_or_default()
        ),
    )
    .unwrap();
    let fake = Arc::new(FakeDiscord::start().await);
    fake.forget_uploads();
    for k in 0..games as u64 {
        fake.set_member(user_id(1000 + 2 * k), &format!("tf{k}"), &[], perms::PLAYER);
        fake.set_member(user_id(1001 + 2 * k), &format!("naboo{k}"), &[], perms::PLAYER);
    }
    let bot = start_bot(&fake, &db, &config);
    let pid = bot.id();
    fake.ready().await;
    let began = Instant::now();
    let until = began + time;
    // The bot's memory once every game is under way, to compare with the end: it should stay flat.
    let early = tokio::spawn(async move {
        tokio::time::sleep(time / 4).await;
        resident_kb(pid)
    });
    let tasks: Vec<_> = (0..games).map(|k| tokio::spawn(play(fake.clone(), k, until))).collect();
    let mut played = Vec::new();
    for t in tasks {
        played.push(t.await.expect("a player task"));
    }
    let seconds = began.elapsed().as_secs_f64();
    let (memory_early, memory_after) = (early.await.unwrap_or(0), resident_kb(pid));
    stop_bot(bot);

    // Nothing lost: every move the players made is in the database, and nothing else.
    let svc = Service::open_read_only(&db, gambit::games::Catalog::embedded()).await.unwrap();
    for (game, moves, _) in &played {
        let saved = svc.game_row(*game).await.unwrap().version;
        assert_eq!(saved, *moves, "game {game}: {moves} moves made, {saved} saved");
    }
    let answers: Vec<&Answer> = played.iter().flat_map(|(_, _, a)| a).collect();
    assert!(answers.iter().all(|a| a.ok), "every interaction answered within 3 s");
    let moves: u64 = played.iter().map(|(_, m, _)| m).sum();
    assert!(moves > 0, "the players made moves");
    let mut ms: Vec<f64> = answers.iter().map(|a| a.ms).collect();
    ms.sort_by(f64::total_cmp);
    let deferred = answers.iter().filter(|a| a.deferred).count();
    println!(
        "load: {games} games, {:.0} s: {} interactions ({:.1}/s), {moves} moves ({:.1}/s); first answer median {:.0} ms, p99 {:.0} ms, max {:.0} ms; {:.1} % acknowledged first; bot memory {} MB a quarter in, {} MB at the end",
        seconds,
        answers.len(),
        answers.len() as f64 / seconds,
        moves as f64 / seconds,
        percentile(&ms, 0.5),
        percentile(&ms, 0.99),
        ms.last().copied().unwrap_or(0.0),
        100.0 * deferred as f64 / answers.len().max(1) as f64,
        memory_early / 1024,
        memory_after / 1024
    );
}

/// The first answers' median and 99th percentile, in ms.
fn p50_p99(played: &[(i64, u64, Vec<Answer>)]) -> (f64, f64, usize) {
    let mut ms: Vec<f64> = played.iter().flat_map(|(_, _, a)| a.iter().map(|a| a.ms)).collect();
    ms.sort_by(f64::total_cmp);
    (percentile(&ms, 0.5), percentile(&ms, 0.99), ms.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computer_games_leave_the_human_games_their_answer_times() {
    let (games, time) = size();
    let long = std::env::var("GAMBIT_LOAD").is_ok_and(|v| v == "long");
    let computers = if long { 4 } else { 1 };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("load.db");
    let config = dir.path().join("load.toml");
    // The short form searches far less (its game against the computer ends about fifteen seconds after
    // the human games, which still play beside a searching computer); the long form plays normal as
    // configured by default.
    let ai = if long { "[ai]\nthreads = 1\n" } else { "[ai]\nthreads = 1\nnormal_worlds = 20\n" };
    std::fs::write(
        &config,
        format!(
            "{ai}[limits]\ncommands_per_minute = 0\nlobbies_per_user = 0\nlobbies_per_server = 0\ngames_per_server = 0\n"
        ),
    )
    .unwrap();
    let fake = Arc::new(FakeDiscord::start().await);
    fake.forget_uploads();
    for k in 0..games as u64 {
        fake.set_member(user_id(1000 + 2 * k), &format!("tf{k}"), &[], perms::PLAYER);
        fake.set_member(user_id(1001 + 2 * k), &format!("naboo{k}"), &[], perms::PLAYER);
    }
    for k in 0..computers as u64 {
        fake.set_member(user_id(5000 + k), &format!("solo{k}"), &[], perms::PLAYER);
    }
    let bot = start_bot(&fake, &db, &config);
    fake.ready().await;
    // The human games alone.
    let until = Instant::now() + time;
    let tasks: Vec<_> = (0..games).map(|k| tokio::spawn(play(fake.clone(), k, until))).collect();
    let mut alone = Vec::new();
    for t in tasks {
        alone.push(t.await.expect("a player task"));
    }
    // The same again, beside games against the computer, until those end (at most ten minutes).
    let limit = Instant::now() + Duration::from_secs(600);
    let solo: Vec<_> =
        (0..computers).map(|k| tokio::spawn(play_the_computer(fake.clone(), k, db.clone(), limit))).collect();
    let until = Instant::now() + time;
    let tasks: Vec<_> = (games..2 * games).map(|k| tokio::spawn(play(fake.clone(), k % games, until))).collect();
    let mut beside = Vec::new();
    for t in tasks {
        beside.push(t.await.expect("a player task"));
    }
    let mut ended = Vec::new();
    for t in solo {
        ended.push(t.await.expect("a computer game's task"));
    }
    stop_bot(bot);
    for (game, over) in &ended {
        assert!(over, "game {game} against the computer did not end");
    }
    let all: Vec<&Answer> = alone.iter().chain(&beside).flat_map(|(_, _, a)| a).collect();
    assert!(all.iter().all(|a| a.ok), "every interaction answered within 3 s");
    let svc = Service::open_read_only(&db, gambit::games::Catalog::embedded()).await.unwrap();
    for (game, _) in &ended {
        assert!(matches!(svc.verify(*game).await, gambit::service::Verdict::Consistent { .. }), "game {game}");
    }
    let (a50, a99, an) = p50_p99(&alone);
    let (b50, b99, bn) = p50_p99(&beside);
    println!(
        "human games' first answers: alone median {a50:.0} ms, p99 {a99:.0} ms ({an} answers); beside {computers} game(s) against normal median {b50:.0} ms, p99 {b99:.0} ms ({bn} answers)"
    );
}
