//! Two `gambit serve` processes on one PostgreSQL, each running one of two shards, against the fake
//! Discord; games on a server of each shard; players answer through the game's thread (the process of
//! its server's shard) and through direct messages (always shard 0's process), while one process or the
//! other is killed with SIGKILL at random moments and started again. Then the history is checked, not
//! only the end: each interaction is in the log at most once, every acknowledged action exactly once,
//! an interaction never acknowledged changed nothing, no game has a gap, every game's log replays to its
//! saved state (`gambit verify`), and each reminder that fell due was posted once.
//!
//! Acknowledged here means the bot answered the interaction (`defer_after_ms = 0`, so every interaction
//! is acknowledged before its work starts: a process killed after saving but before answering still left
//! an acknowledged, unanswered interaction, which may or may not be in the log, once).

use crate::support::{FakeDiscord, InteractionHandle, TOKEN, custom_ids, user_id};
use gambit::discord::ids::Action;
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::service::Service;
use serde_json::json;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long the processes are killed and started again while players play: 25 s (about six kills) in
/// the short form CI runs, 60 s with `GAMBIT_LOAD=long`.
fn chaos() -> Duration {
    let long = std::env::var("GAMBIT_LOAD").is_ok_and(|v| v == "long");
    Duration::from_secs(if long { 60 } else { 25 })
}

/// A small deterministic generator for the test's own choices (when to kill, where to answer).
struct Coin(u64);

impl Coin {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[derive(Clone)]
pub(crate) struct Host {
    pub dir: PathBuf,
    pub db: String,
    pub proxy: String,
    pub config: PathBuf,
}

impl Host {
    pub fn gambit(&self, args: &[&str], log: Option<&Path>) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_gambit"));
        c.env_clear()
            .env("DISCORD_TOKEN", TOKEN)
            .env("DISCORD_PROXY_URL", &self.proxy)
            .env("GAMBIT_DB", &self.db)
            .env("GAMBIT_CONFIG", &self.config)
            .env("GAMBIT_WEB_LISTEN", "127.0.0.1:0")
            .env("RUST_LOG", "info")
            .args(args);
        match log {
            Some(path) => {
                let file = || std::fs::OpenOptions::new().create(true).append(true).open(path).expect("a log file");
                c.stdout(Stdio::from(file())).stderr(Stdio::from(file()));
            }
            None => {
                c.stdout(Stdio::piped()).stderr(Stdio::piped());
            }
        }
        c
    }

    /// `serve` for shard `shard` of 2, its output appended to `serve-SHARD.log`.
    fn serve(&self, shard: u32) -> Child {
        let range = format!("{shard}-{shard}");
        let log = self.dir.join(format!("serve-{shard}.log"));
        self.gambit(&["serve", "--shards", &range, "--shard-total", "2"], Some(&log)).spawn().expect("serve starts")
    }

    /// `serve` alone (every shard), its output appended to `serve.log`.
    pub fn serve_alone(&self) -> Child {
        let log = self.dir.join("serve.log");
        self.gambit(&["serve"], Some(&log)).spawn().expect("serve starts")
    }

    fn log(&self, shard: u32) -> String {
        std::fs::read_to_string(self.dir.join(format!("serve-{shard}.log"))).unwrap_or_default()
    }
}

pub(crate) fn kill(child: &mut Child) {
    // SAFETY: kill() with a pid we spawned and have not waited for yet.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGKILL) };
    let _ = child.wait();
}

pub(crate) fn terminate(child: &mut Child) {
    // SAFETY: as above.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let deadline = Instant::now() + Duration::from_secs(30);
    while child.try_wait().ok().flatten().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("serve did not stop on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A game under test: where it lives and who plays it.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub id: i64,
    pub thread: u64,
    /// Seat 0 (Trade Federation), seat 1 (Naboo).
    pub users: [u64; 2],
}

/// Opens a game in `channel`: `tf` against `naboo`, started, Naboo's queen chosen.
pub(crate) async fn open(fake: &FakeDiscord, channel: u64, tf: u64, naboo: u64) -> Table {
    let options = [("side", json!(0)), ("opponent", json!(naboo.to_string()))];
    let before = fake.threads_of(channel).len();
    let h = fake.slash(tf, channel, "qg new", &options).await;
    answered(fake, &h, Duration::from_secs(20)).await;
    // The thread comes after the answer: wait for this game's own.
    let thread = wait(|| fake.threads_of(channel).get(before).map(FakeDiscord::id_of)).await;
    let lobby =
        wait(|| fake.messages_in(thread).into_iter().find(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0)).await;
    let start = custom_ids(&lobby).into_iter().find(|i| i.starts_with("qg:t:")).expect("a start button");
    let id = Action::parse(&start).expect("a start id").game();
    let c = fake.click(naboo, FakeDiscord::id_of(&lobby), &start).await;
    answered(fake, &c, Duration::from_secs(20)).await;
    Table { id, thread, users: [tf, naboo] }
}

pub(crate) async fn wait<T>(mut found: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(t) = found() {
            return t;
        }
        assert!(Instant::now() < deadline, "waited 20 s in vain");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// What became of an interaction, as Discord saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seen {
    /// No callback: the bot never acknowledged it.
    Unacknowledged,
    /// Acknowledged, never answered (its process died working on it).
    Cut,
    /// Answered.
    Answered,
}

fn seen(fake: &FakeDiscord, h: &InteractionHandle) -> Seen {
    // Only what Discord took counts (a callback after its 3 seconds is refused).
    let responses: Vec<_> = fake.responses_to(h).into_iter().filter(|r| r.status < 300).collect();
    if !responses.iter().any(|r| r.is_callback()) {
        return Seen::Unacknowledged;
    }
    match responses.iter().any(|r| r.callback_type() != Some(5) && r.method != "GET") {
        true => Seen::Answered,
        false => Seen::Cut,
    }
}

/// Waits (bounded) until the interaction is answered or nothing more will come.
pub(crate) async fn answered(fake: &FakeDiscord, h: &InteractionHandle, within: Duration) -> Seen {
    let deadline = Instant::now() + within;
    loop {
        let s = seen(fake, h);
        if s == Seen::Answered || Instant::now() > deadline {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How each interaction ended by the processes' own account (their "handled" lines): id -> outcome.
fn outcomes(logs: &str) -> HashMap<String, String> {
    let field = |line: &str, name: &str| -> Option<String> {
        let rest = &line[line.find(&format!(" {name}="))? + name.len() + 2..];
        let value = rest.split([' ', '}', ':']).next()?;
        Some(value.trim_matches('"').to_string())
    };
    logs.lines()
        .filter(|l| l.contains("handled"))
        .filter_map(|l| Some((field(l, "interaction")?, field(l, "outcome")?)))
        .collect()
}

/// One player after another answers `table`'s game with a random legal choice, read from the database,
/// typed in its thread or in a direct message, until `stop`.
async fn play(
    fake: Arc<FakeDiscord>,
    reader: Arc<Service>,
    table: Table,
    seed: u64,
    stop: Arc<AtomicBool>,
) -> Vec<(InteractionHandle, i64)> {
    let host = gambit::service::host::terminal();
    let mut agent = RandomAgent::uniform(seed);
    let mut coin = Coin(seed);
    let mut sent = Vec::new();
    while !stop.load(Ordering::SeqCst) {
        let game = match reader.engine(&host, table.id).await {
            Ok(g) => g,
            Err(e) => panic!("game {} cannot be read: {e}", table.id),
        };
        if game.outcome().is_some() {
            break;
        }
        let Some(decision) = game.pending().first().cloned() else { break };
        let choice = agent.pick(&game, &decision);
        let text = choice.text(reader.data());
        let user = table.users[usize::from(decision.seat.0 % 2)];
        let channel = if coin.below(2) == 0 { table.thread } else { fake.dm_channel(user) };
        let options = [("choice", json!(text)), ("game", json!(table.id))];
        let h = fake.slash(user, channel, "qg choose", &options).await;
        answered(&fake, &h, Duration::from_secs(8)).await;
        sent.push((h, table.id));
    }
    sent
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_processes_on_postgres_lose_nothing_and_apply_nothing_twice_when_killed_at_random() {
    let db = crate::postgres::database().await;
    let fake = Arc::new(FakeDiscord::start().await);
    let (_, zero) = fake.add_guild_on_shard("zero", 0, 2);
    let (_, one) = fake.add_guild_on_shard("one", 1, 2);
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("gambit.toml");
    let settings = "[discord]\ndefer_after_ms = 0\n[games]\nremind_minutes = 1\ndeadline_minutes = 0\n\
                    numbering = \"sequential\"\n[ops]\ntick_seconds = 2\nshutdown_seconds = 5\n[backup]\nevery_hours = 0\n";
    std::fs::write(&config, settings).unwrap();
    let host = Host { dir: dir.path().to_path_buf(), db: db.clone(), proxy: fake.base_url(), config };
    let registered = host.gambit(&["register"], None).output().unwrap();
    assert!(registered.status.success(), "{}", String::from_utf8_lossy(&registered.stderr));
    let procs: Arc<Mutex<[Child; 2]>> = Arc::new(Mutex::new([host.serve(0), host.serve(1)]));
    fake.wait_for_session(|s| s.ready && s.shard == Some([0, 2])).await;
    fake.wait_for_session(|s| s.ready && s.shard == Some([1, 2])).await;

    // On each server: a game played through the chaos, and one left waiting (its reminder falls due).
    let played = [open(&fake, zero, user_id(1), user_id(2)).await, open(&fake, one, user_id(3), user_id(4)).await];
    let waiting = [open(&fake, zero, user_id(5), user_id(6)).await, open(&fake, one, user_id(7), user_id(8)).await];
    let mut ids: Vec<i64> = played.iter().chain(&waiting).map(|t| t.id).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 4, "four games: {ids:?}");
    let reader = Arc::new(Service::open_read_only(Path::new(&db), gambit::games::Catalog::embedded()).await.unwrap());

    let stop = Arc::new(AtomicBool::new(false));
    let players: Vec<_> = played
        .iter()
        .enumerate()
        .map(|(i, t)| tokio::spawn(play(fake.clone(), reader.clone(), t.clone(), 40 + i as u64, stop.clone())))
        .collect();
    // Kill one process or the other at random moments; start it again after a moment.
    let kills = Arc::new(AtomicUsize::new(0));
    let killer = {
        let (procs, kills, stop, host) = (procs.clone(), kills.clone(), stop.clone(), host.clone());
        std::thread::spawn(move || {
            let mut coin = Coin(7);
            let began = Instant::now();
            while began.elapsed() < chaos() {
                std::thread::sleep(Duration::from_millis(2000 + coin.below(3000)));
                let shard = coin.below(2) as usize;
                kill(&mut procs.lock().unwrap()[shard]);
                kills.fetch_add(1, Ordering::SeqCst);
                std::thread::sleep(Duration::from_millis(150 + coin.below(600)));
                procs.lock().unwrap()[shard] = host.serve(shard as u32);
            }
            stop.store(true, Ordering::SeqCst);
        })
    };
    tokio::task::spawn_blocking(move || killer.join().unwrap()).await.unwrap();
    let mut sent = Vec::new();
    for p in players {
        sent.extend(p.await.unwrap());
    }
    // Both running again; every reminder that fell due is posted (a timer taken by a process that died is
    // taken over when its lease runs out: two minutes).
    fake.wait_for_session(|s| s.ready && !s.closed && s.shard == Some([0, 2])).await;
    fake.wait_for_session(|s| s.ready && !s.closed && s.shard == Some([1, 2])).await;
    let reminded = |t: &Table| {
        let nonce = format!("d{}.0.", t.id);
        fake.messages_in(t.thread).iter().filter(|m| m["nonce"].as_str().is_some_and(|n| n.starts_with(&nonce))).count()
    };
    // Every saved step's posts are sent: a step whose process died before telling it is told by the same
    // shard's process when it starts again.
    let owed = || async {
        Service::open_read_only(Path::new(&db), gambit::games::Catalog::embedded())
            .await
            .unwrap()
            .owed_steps()
            .await
            .unwrap()
    };
    let deadline = Instant::now() + Duration::from_secs(150);
    while (waiting.iter().any(|t| reminded(t) == 0) || owed().await > 0) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(owed().await, 0, "every saved step was told in its thread");
    {
        let mut p = procs.lock().unwrap();
        terminate(&mut p[0]);
        terminate(&mut p[1]);
    }

    // The history, from the database.
    let mut conn = <sqlx::PgConnection as sqlx::Connection>::connect(&db).await.unwrap();
    let rows: Vec<(i64, i64, Option<String>)> =
        sqlx::query_as("SELECT game_id, seq, interaction FROM actions ORDER BY game_id, seq")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    let versions: Vec<(i64, i64)> = sqlx::query_as("SELECT id, version FROM games").fetch_all(&mut conn).await.unwrap();
    let mut by_game: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    let mut by_interaction: HashMap<String, Vec<i64>> = HashMap::new();
    for (game, seq, interaction) in &rows {
        by_game.entry(*game).or_default().push(*seq);
        if let Some(i) = interaction {
            by_interaction.entry(i.clone()).or_default().push(*game);
        }
    }
    for (game, version) in &versions {
        let seqs = by_game.get(game).cloned().unwrap_or_default();
        assert_eq!(seqs, (1..=*version).collect::<Vec<_>>(), "game {game}: every action once, no gap");
    }
    let outcome = outcomes(&format!("{}\n{}", host.log(0), host.log(1)));
    let mut tally: HashMap<&str, usize> = HashMap::new();
    let mut refusals: HashMap<&str, usize> = HashMap::new();
    for (h, game) in &sent {
        let id = h.id.to_string();
        let logged = by_interaction.get(&id).cloned().unwrap_or_default();
        assert!(logged.len() <= 1, "interaction {id} applied {} times", logged.len());
        assert!(logged.iter().all(|g| g == game), "interaction {id} landed on another game");
        let key = match (seen(&fake, h), outcome.get(&id).map(String::as_str), logged.len()) {
            (Seen::Answered, Some("ok"), n) => {
                assert_eq!(n, 1, "interaction {id} was answered as done: its action is in the log once");
                "done"
            }
            (Seen::Answered, Some(refusal), n) if refusal != "failed" => {
                assert_eq!(n, 0, "interaction {id} was refused ({refusal}) yet changed game {game}");
                *refusals.entry(refusal).or_default() += 1;
                "refused"
            }
            (Seen::Unacknowledged, _, n) => {
                assert_eq!(n, 0, "interaction {id} was never acknowledged yet changed game {game}");
                "unacknowledged"
            }
            // Its process died between acknowledging it and writing its record, or its answer failed: either
            // way, once at most.
            (_, _, 1) => "cut after saving",
            (_, _, _) => "cut before saving",
        };
        *tally.entry(key).or_default() += 1;
    }
    // Each reminder once: one message per nonce, and the waiting games were reminded.
    let mut nonces: HashMap<String, usize> = HashMap::new();
    for t in played.iter().chain(&waiting) {
        for m in fake.messages_in(t.thread) {
            if let Some(n) = m["nonce"].as_str().filter(|n| n.starts_with('d')) {
                *nonces.entry(n.to_string()).or_default() += 1;
            }
        }
    }
    // A step told after a kill is one message per nonce (its game and step), each saying something.
    for t in &played {
        let mut told: HashMap<String, usize> = HashMap::new();
        for m in fake.messages_in(t.thread) {
            if let Some(n) = m["nonce"].as_str().filter(|n| n.starts_with('t')) {
                assert!(n.starts_with(&format!("t{}.", t.id)), "a post of game {} in its own thread: {n}", t.id);
                assert!(!m["content"].as_str().unwrap_or("").is_empty(), "{m}");
                *told.entry(n.to_string()).or_default() += 1;
            }
        }
        assert!(told.values().all(|n| *n == 1), "a step's post twice: {told:?}");
    }
    // A reminder comes again every `remind_minutes` while a game waits: each is its own nonce.
    assert!(nonces.values().all(|n| *n == 1), "a reminder posted twice: {nonces:?}");
    for t in &waiting {
        assert!(reminded(t) >= 1, "game {} waited past its reminder: reminded", t.id);
    }
    // Every game's log replays to its saved state.
    let verified = host.gambit(&["verify"], None).output().unwrap();
    let out = String::from_utf8_lossy(&verified.stdout);
    assert!(verified.status.success(), "{out}{}", String::from_utf8_lossy(&verified.stderr));
    for t in played.iter().chain(&waiting) {
        assert!(out.contains(&format!("game {}: ok", t.id)), "{out}");
    }
    let kills = kills.load(Ordering::SeqCst);
    let through_dm = sent.iter().filter(|(h, _)| fake.dm_channel(h.user_id) == h.channel_id).count();
    eprintln!(
        "fault test: {kills} kills, {} interactions {tally:?}, {through_dm} through direct messages, {} reminders; refusals {refusals:?}",
        sent.len(),
        nonces.len()
    );
    let least = chaos().as_secs() as usize / 5;
    assert!(kills >= least, "the processes were killed often enough: {kills} (at least {least})");
    assert!(
        tally.get("done").copied().unwrap_or(0) >= 20,
        "enough was played: {tally:?}\n{}\n{}",
        host.log(0),
        host.log(1)
    );
    assert!(through_dm >= 5, "answers came through the other shard's process too");
    reader.close().await;
}
