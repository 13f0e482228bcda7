//! `gambit serve` as a host runs it (the real binary, a config file, the environment) against the fake
//! Discord: health and metrics on `[ops] listen` before and after the gateway connects, SIGTERM in the
//! middle of a game (the interaction in flight answered, exit 0, no write-ahead log left), a restart that
//! goes on with nothing lost, one bot per database, and a token Discord refuses.

use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, WAIT, user_id};
use gambit::discord::ids::Action;
use gambit::service::{Caller, Service};
use serde_json::json;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A free port on 127.0.0.1 (taken and let go: the bot binds it a moment later).
fn free_port() -> SocketAddr {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port")
}

struct Host {
    dir: tempfile::TempDir,
    db: PathBuf,
    config: PathBuf,
    ops: SocketAddr,
}

impl Host {
    fn new() -> Host {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("data").join("gambit.db");
        let ops = free_port();
        let config = dir.path().join("gambit.toml");
        let text = format!(
            "[discord]\ndefer_after_ms = 0\n[ops]\nlisten = \"{ops}\"\nshutdown_seconds = 10\n[backup]\nevery_hours = 0\n"
        );
        std::fs::write(&config, text).unwrap();
        Host { dir, db, config, ops }
    }

    /// `gambit ARGS` with only this host's environment.
    fn gambit(&self, proxy: &str, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gambit"));
        c.env_clear()
            .env("DISCORD_TOKEN", crate::support::TOKEN)
            .env("DISCORD_PROXY_URL", proxy)
            .env("GAMBIT_DEV_GUILD", GUILD_ID.to_string())
            .env("GAMBIT_DB", &self.db)
            .env("GAMBIT_CONFIG", &self.config)
            // Tests run side by side: the web pages on a port of their own.
            .env("GAMBIT_WEB_LISTEN", "127.0.0.1:0")
            .env("GAMBIT_SEED", "31")
            .env("RUST_LOG", "info")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        c
    }

    fn serve(&self, proxy: &str) -> Child {
        self.gambit(proxy, &["serve"]).spawn().expect("gambit serve starts")
    }

    fn wal(&self) -> u64 {
        std::fs::metadata(format!("{}-wal", self.db.display())).map(|m| m.len()).unwrap_or(0)
    }
}

/// GET a path on the ops listener: (status, body). Waits (bounded) for the listener to come up.
fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let deadline = Instant::now() + WAIT;
    let mut stream = loop {
        match std::net::TcpStream::connect(addr) {
            Ok(s) => break s,
            Err(e) if Instant::now() > deadline => panic!("no listener at {addr}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes()).unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    let status = reply.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, reply.split("\r\n\r\n").nth(1).unwrap_or("").to_string())
}

/// Send SIGTERM and wait (bounded) for the exit; returns the exit code and what it wrote on stderr.
fn terminate(mut child: Child, within: Duration) -> (Option<i32>, String) {
    // SAFETY: kill() with a pid we spawned and still own (not yet waited for).
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0, "SIGTERM sent");
    let deadline = Instant::now() + within;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                use std::io::Read;
                let _ = e.read_to_string(&mut err);
            }
            return (status.code(), err);
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("gambit serve did not stop within {within:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Wait for the whole answer to an interaction: the callback, and after an acknowledgement its answer.
async fn answered(fake: &FakeDiscord, h: &crate::support::InteractionHandle) {
    let cb = fake.wait_for_callback(h).await;
    if matches!(cb.callback_type(), Some(5 | 6)) {
        fake.wait_for_responses(h, 2).await;
    }
}

/// Wait for a child to end by itself (bounded): its code, stdout and stderr.
fn finished(child: Child) -> (Option<i32>, String, String) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    let out = rx.recv_timeout(WAIT).expect("the command ends").expect("its output");
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

async fn moves(db: &Path, game: i64) -> u64 {
    let svc = Service::new(gambit::store::Store::open_read_only(db).await.unwrap(), gambit::games::Catalog::embedded());
    let n = svc.game_row(game).await.unwrap().version;
    svc.close().await;
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_stops_cleanly_on_sigterm_and_goes_on_after_a_restart() {
    let host = Host::new();
    let fake = FakeDiscord::start().await;
    let bot = host.serve(&fake.base_url());
    fake.ready().await;
    // Connected: healthy (once the bot has read the gateway's READY), and counted.
    let deadline = Instant::now() + WAIT;
    let (status, body) = loop {
        let (status, body) = get(host.ops, "/healthz");
        if status == 200 || Instant::now() > deadline {
            break (status, body);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("\"gateway\":\"connected\"") && body.contains("\"database\":\"ok\""), "{body}");

    // A game: Alice (Trade Federation) against Bob (Naboo), started, the queen chosen.
    let options = [("side", json!(0)), ("opponent", json!(user_id(2).to_string()))];
    let h = fake.slash(user_id(1), CHANNEL_ID, "qg new", &options).await;
    answered(&fake, &h).await;
    let thread = loop {
        if let Some(t) = fake.threads_of(CHANNEL_ID).first() {
            break FakeDiscord::id_of(t);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let lobby = loop {
        if let Some(m) = fake.messages_in(thread).into_iter().find(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0) {
            break m;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let start = crate::support::custom_ids(&lobby).into_iter().find(|i| i.starts_with("qg:t:")).expect("start");
    let game = Action::parse(&start).unwrap().game();
    let c = fake.click(user_id(2), FakeDiscord::id_of(&lobby), &start).await;
    answered(&fake, &c).await;
    let q = fake.slash(user_id(2), thread, "qg choose", &[("choice", json!("queen red_queen"))]).await;
    answered(&fake, &q).await;
    let (_, metrics) = get(host.ops, "/metrics");
    assert!(metrics.contains("gambit_interactions_total{kind=\"command\",outcome=\"ok\"}"), "{metrics}");
    assert!(metrics.contains("gambit_games{status=\"active\"} 1"), "{metrics}");
    // A second bot on the same database refuses to start, naming the first.
    let (code, _, err) = finished(host.serve(&fake.base_url()));
    assert_eq!(code, Some(75), "{err}");
    assert!(err.contains("another gambit serve is using") && err.contains(&format!("pid {}", bot.id())), "{err}");

    // A board picture in flight when SIGTERM arrives: it is still answered, then the bot exits 0.
    let mark = fake.mark();
    let board = fake.slash(user_id(1), thread, "qg board", &[]).await;
    let deferred = fake.wait_for_callback(&board).await;
    assert_eq!(deferred.callback_type(), Some(5), "acknowledged first (defer_after_ms = 0)");
    let (code, err) = terminate(bot, Duration::from_secs(20));
    assert_eq!(code, Some(0), "a clean stop: {err}");
    assert!(err.contains("stopped cleanly"), "{err}");
    // One log line per interaction: what, where, who, the game, how it ended, how long it took.
    let line = err.lines().find(|l| l.contains("kind=\"component\" name=\"start\"") && l.contains("handled"));
    let line = line.unwrap_or_else(|| panic!("no line for the start click:\n{err}"));
    assert!(
        line.contains(&format!("game={game}")) && line.contains("outcome=\"ok\"") && line.contains("ms="),
        "{line}"
    );
    assert!(!err.contains("qg:"), "custom ids are never logged at info level");
    assert_eq!(fake.sessions()[0].intents, Some(1), "the GUILDS intent only");
    let reply = fake
        .requests_since(mark)
        .into_iter()
        .find(|r| r.token.as_deref() == Some(board.token.as_str()) && !r.is_callback());
    let reply =
        reply.unwrap_or_else(|| panic!("the board in flight was not answered:\n{}\n{err}", fake.describe_requests()));
    assert!(!reply.files.is_empty(), "with its picture");
    assert_eq!(host.wal(), 0, "no write-ahead log left: the file alone is the whole database");
    fake.disconnected().await;
    let before = moves(&host.db, game).await;

    // Started again: the game goes on where it was.
    let again = host.serve(&fake.base_url());
    assert_eq!(fake.ready().await, 2, "a second session");
    let svc =
        Service::new(gambit::store::Store::open_read_only(&host.db).await.unwrap(), gambit::games::Catalog::embedded());
    let hand =
        svc.view(&Caller::host(&gambit::service::host::terminal(), user_id(1).to_string()), game, None).await.unwrap();
    let mine = hand.view.seats[gambit::games::queens_gambit::rules::Seat(0)]
        .hand
        .clone()
        .expect("Alice plays the Trade Federation");
    let card = hand.data.card(mine[0]).code.clone();
    svc.close().await;
    let p = fake.slash(user_id(1), thread, "qg choose", &[("choice", json!(format!("plan add {card}")))]).await;
    answered(&fake, &p).await;
    assert_eq!(moves(&host.db, game).await, before + 1, "the move after the restart is saved on top");
    let (code, err) = terminate(again, Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");
    let (code, out, err) = finished(host.gambit("", &["verify"]).spawn().unwrap());
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains(&format!("game {game}: ok ({} actions, rules 3)", before + 1)), "{out}");
    drop(host.dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_answers_before_the_gateway_connects_and_a_refused_token_is_one_clear_line() {
    let host = Host::new();
    // A Discord that accepts connections and never answers: the bot waits for it.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let silent_url = format!("http://{}", silent.local_addr().unwrap());
    let bot = host.serve(&silent_url);
    let (status, body) = get(host.ops, "/healthz");
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("\"gateway\":\"not connected\"") && body.contains("\"database\":\"ok\""), "{body}");
    let (status, metrics) = get(host.ops, "/metrics");
    assert_eq!(status, 200);
    assert!(metrics.contains("gambit_games{status=\"lobby\"} 0"), "{metrics}");
    // `gambit health` says the same, for a container's health check.
    let (code, _, err) = finished(host.gambit("", &["health"]).spawn().unwrap());
    assert_eq!(code, Some(1), "unhealthy: {err}");
    assert!(err.contains("unhealthy (503)") && err.contains("not connected"), "{err}");
    let (code, err) = terminate(bot, Duration::from_secs(20));
    assert_eq!(code, Some(0), "stopping while waiting for Discord is a clean stop: {err}");
    // A bot that died without stopping leaves the database to the next one.
    let mut crashed = host.serve(&silent_url);
    get(host.ops, "/healthz");
    crashed.kill().unwrap();
    crashed.wait().unwrap();
    let next = host.serve(&silent_url);
    let (status, body) = get(host.ops, "/healthz");
    assert_eq!(status, 503, "the next bot runs: {body}");
    let (code, err) = terminate(next, Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");
    drop(silent);

    // Discord refuses the token: one line, exit 78. Logs as JSON for a collector, one object a line.
    let fake = FakeDiscord::start().await;
    fake.accept_only_token("the-real-token");
    let (code, _, err) =
        finished(host.gambit(&fake.base_url(), &["serve"]).env("GAMBIT_LOG_FORMAT", "json").spawn().unwrap());
    assert_eq!(code, Some(78), "{err}");
    let mut lines: Vec<&str> = err.lines().collect();
    let last = lines.pop().unwrap_or("");
    assert!(last.starts_with("gambit: Discord refused the token in DISCORD_TOKEN"), "{err}");
    assert!(!lines.is_empty());
    for l in lines {
        let v: serde_json::Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"));
        assert!(v["level"].is_string() && v["fields"].is_object(), "{l}");
    }
}

/// `serve --shards FIRST-LAST --shard-total N` starts exactly the shards of that range (serenity's range
/// call, read naively, starts one more), each told of its own servers only; without a range, every shard
/// Discord recommends. The day's session budget is logged before connecting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_starts_exactly_the_shards_of_its_range() {
    let host = Host::new();
    let fake = FakeDiscord::start().await;
    let shards_of = |fake: &FakeDiscord, from: usize| {
        let mut s: Vec<[u32; 2]> = fake.sessions()[from..].iter().filter_map(|s| s.shard).collect();
        s.sort();
        s
    };
    let bot = host.gambit(&fake.base_url(), &["serve", "--shards", "1-2", "--shard-total", "4"]).spawn().unwrap();
    fake.wait_for_session(|s| s.ready && s.shard == Some([2, 4])).await;
    // serenity boots one shard every 5 seconds: a shard too many would connect within this wait.
    tokio::time::sleep(Duration::from_secs(7)).await;
    assert_eq!(shards_of(&fake, 0), [[1, 4], [2, 4]], "shards 1 and 2 of 4, no more");
    let (code, err) = terminate(bot, Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");
    let budget = err.lines().find(|l| l.contains("gateway sessions")).unwrap_or_else(|| panic!("{err}"));
    assert!(budget.contains("shards=1-2 of 4") && budget.contains("remaining=999"), "{budget}");
    fake.disconnected().await;

    // No range: as many as Discord recommends.
    fake.recommend_shards(2);
    let from = fake.sessions().len();
    let bot = host.serve(&fake.base_url());
    fake.wait_for_session(|s| s.ready && s.shard == Some([1, 2])).await;
    tokio::time::sleep(Duration::from_secs(7)).await;
    assert_eq!(shards_of(&fake, from), [[0, 2], [1, 2]]);
    let (code, err) = terminate(bot, Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");

    // A range Discord could not route is refused before anything starts.
    let (code, _, err) =
        finished(host.gambit(&fake.base_url(), &["serve", "--shards", "2-4", "--shard-total", "4"]).spawn().unwrap());
    assert_eq!(code, Some(78), "{err}");
    assert!(err.contains("not within 0-3"), "{err}");
}

/// `serve` on a PostgreSQL address with a password names its database in its logs without the password.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_on_postgres_names_its_database_without_the_password() {
    let host = Host::new();
    let fake = FakeDiscord::start().await;
    let secret = "Pw-s3cret-7";
    let url = crate::postgres::database().await.replacen("postgres@", &format!("postgres:{secret}@"), 1);
    let bot = host.gambit(&fake.base_url(), &["serve"]).env("GAMBIT_DB", &url).spawn().unwrap();
    fake.wait_for_session(|s| s.ready).await;
    let (code, err) = terminate(bot, Duration::from_secs(20));
    assert_eq!(code, Some(0), "{err}");
    let starting = err.lines().find(|l| l.contains("starting")).unwrap_or_else(|| panic!("{err}"));
    assert!(starting.contains("postgres://postgres@127.0.0.1"), "the database is named: {starting}");
    assert!(!err.contains(secret), "{err}");
}

/// The shared environment of `compose.postgres.yaml` (`x-env`), filled in as compose fills it, with the
/// database the file's `db` service would be (`url`) in place of its address.
fn compose_env(text: &str, url: &str) -> Vec<(String, String)> {
    let block = text.split("x-env: &env\n").nth(1).expect("an x-env block");
    let mut env = Vec::new();
    for line in block.lines().take_while(|l| l.starts_with("  ") || l.trim().is_empty()) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(": ").expect("KEY: value");
        let value = value.trim().trim_matches('"');
        let value = match value {
            v if v.starts_with("${DISCORD_TOKEN") => crate::support::TOKEN.to_string(),
            v if v.starts_with("${POSTGRES_PASSWORD") => "any/pass#word?".to_string(),
            "postgres://gambit@db:5432/gambit" => url.to_string(),
            v => v.to_string(),
        };
        env.push((key.to_string(), value));
    }
    env
}

/// The command of service `name` in `compose.postgres.yaml`.
fn compose_command(text: &str, name: &str) -> Vec<String> {
    let service = text.split(&format!("\n  {name}:\n")).nth(1).expect("the service");
    let line = service.lines().find(|l| l.trim_start().starts_with("command:")).expect("its command");
    serde_json::from_str(line.trim_start().trim_start_matches("command:").trim()).expect("a JSON list")
}

/// The move-in recipe's commands at the top of `compose.postgres.yaml`: what each `run ... bot-a` runs
/// (a command goes on over lines that end in `\\`).
fn compose_recipe(text: &str) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        let line = line.trim_start_matches('#').trim();
        let (part, goes_on) = match line.strip_suffix('\\') {
            Some(p) => (p, true),
            None => (line, false),
        };
        match current.as_mut() {
            Some(c) => {
                c.push(' ');
                c.push_str(part);
            }
            None if part.starts_with("docker compose") && part.contains(" run ") => current = Some(part.to_string()),
            None => continue,
        }
        if !goes_on && let Some(c) = current.take() {
            commands.push(c);
        }
    }
    commands
        .iter()
        .map(|c| c.split(" bot-a ").nth(1).expect("run on bot-a").split_whitespace().map(String::from).collect())
        .collect()
}

/// `compose.postgres.yaml` as the file runs it, without Docker, against a PostgreSQL on 127.0.0.1: its
/// move-in recipe (upgrade the old file, then move it) moves each fixture database; then both bots start
/// with its environment and commands, each runs its shard, and each passes the image's health check.
/// What Docker would isolate is set apart: each bot's health listener and web pages get their own ports.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compose_postgres_runs_as_written_its_recipe_moves_the_fixtures_and_both_bots_serve() {
    use std::io::Read;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("compose.postgres.yaml")).unwrap();
    let run_with = |env: &[(String, String)], args: &[String]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gambit"));
        c.env_clear().envs(env.iter().map(|(k, v)| (k, v))).args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
        c
    };
    let recipe = compose_recipe(&text);
    assert_eq!(recipe.len(), 2, "upgrade, then move: {recipe:?}");
    for fixture in ["pre-exact-sight.db.gz", "two-games-2bded51.db.gz"] {
        let dir = tempfile::tempdir().unwrap();
        let gz = std::fs::read(root.join("tests/fixtures").join(fixture)).unwrap();
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut bytes).unwrap();
        let old = dir.path().join("gambit.db");
        std::fs::write(&old, bytes).unwrap();
        let target = crate::postgres::database().await;
        let env = compose_env(&text, &target);
        for step in &recipe {
            let args: Vec<String> = step
                .iter()
                .map(|a| {
                    a.replace("/old/gambit.db", &old.display().to_string())
                        .replace("postgres://gambit@db:5432/gambit", &target)
                })
                .collect();
            let (code, out, err) = finished(run_with(&env, &args).spawn().unwrap());
            assert_eq!(code, Some(0), "{fixture}: {args:?}: {out}{err}");
            if args[0] == "migrate-store" {
                assert!(out.contains("verify identically in both databases"), "{out}");
            }
        }
    }
    let fake = FakeDiscord::start().await;
    let url = crate::postgres::database().await;
    let env = compose_env(&text, &url);
    let mut bots = Vec::new();
    for name in ["bot-a", "bot-b"] {
        let ops = free_port().to_string();
        let mut c = run_with(&env, &compose_command(&text, name));
        // The image's own environment, and the proxy the fake Discord stands behind.
        c.env("GAMBIT_OPS_LISTEN", &ops).env("RUST_LOG", "info").env("DISCORD_PROXY_URL", fake.base_url());
        c.env("GAMBIT_WEB_LISTEN", "127.0.0.1:0");
        bots.push((c.spawn().unwrap(), ops, name));
        // compose starts the second once the first is healthy.
        if name == "bot-a" {
            fake.wait_for_session(|s| s.ready && s.shard == Some([0, 2])).await;
        }
    }
    fake.wait_for_session(|s| s.ready && s.shard == Some([1, 2])).await;
    for (_, ops, name) in &bots {
        let deadline = Instant::now() + WAIT;
        loop {
            let mut check = run_with(&env, &["health".to_string()]);
            check.env("GAMBIT_OPS_LISTEN", ops);
            let (code, out, err) = finished(check.spawn().unwrap());
            if code == Some(0) {
                break;
            }
            assert!(Instant::now() < deadline, "{name}'s health check: {out}{err}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    for (bot, _, name) in bots {
        let (code, err) = terminate(bot, Duration::from_secs(20));
        assert_eq!(code, Some(0), "{name}: {err}");
    }
}
