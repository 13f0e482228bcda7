//! Carrying out a command line. Commands that only read (`games`, `verify`, `export`) open the database
//! read-only and never create or change a file; every failure is one line and an exit code
//! (`cli::failure`).

use super::args::{Cli, Command};
use super::failure::{Failure, Kind};
use super::setup::runtime;
use super::{bench, play, render, replay, script, stratego};
use crate::config::Config;
use crate::games::queens_gambit::rules::{Data, Mode, Seat};
use crate::service::host;
use crate::service::{Service, Verdict};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// Print a line on standard output; a closed pipe ends the command quietly.
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(Failure::from)
    };
}

fn mode_of(players: u8) -> Result<Mode, Failure> {
    Mode::from_players(players)
        .ok_or_else(|| Failure::new(Kind::Usage, format!("--players must be 2 or 4, not {players}")))
}

async fn writable(path: &Path, data: Arc<Data>) -> Result<Service, Failure> {
    Ok(Service::open_writable(path, data).await?)
}

async fn read_only(path: &Path, data: Arc<Data>) -> Result<Service, Failure> {
    Ok(Service::open_read_only(path, data).await?)
}

fn read(file: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(file).map_err(|e| {
        let kind = if e.kind() == std::io::ErrorKind::NotFound { Kind::Missing } else { Kind::Io };
        Failure::new(kind, format!("cannot read {}: {e}", file.display()))
    })
}

/// Run one command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    let mut config = Config::from_env(cli.config.as_deref())?;
    if let Some(db) = &cli.db {
        config.database.path = db.clone();
    }
    config.database.path = host::database_setting(&config.database.path);
    let db = config.database.path.clone();
    let data: Arc<Data> = match &cli.assets {
        Some(dir) => Arc::new(Data::from_dir(dir).map_err(|e| Failure::new(Kind::Config, format!("game data: {e}")))?),
        None => Data::embedded(),
    };
    let roster = || match &cli.assets {
        Some(dir) => crate::games::stratego::Roster::from_dir(dir)
            .map_err(|e| Failure::new(Kind::Config, format!("Stratego's pieces: {e}"))),
        None => Ok(crate::games::stratego::Roster::embedded()),
    };
    let catalog = || match &cli.assets {
        Some(dir) => crate::games::Catalog::from_dir(dir).map_err(|e| Failure::new(Kind::Config, e)),
        None => Ok(crate::games::Catalog::embedded()),
    };
    match cli.command {
        Command::Serve { shards, shard_total } => {
            config.discord.shards = shards.unwrap_or(config.discord.shards);
            config.discord.shard_total = shard_total.unwrap_or(config.discord.shard_total);
            crate::discord::Shards::parse(&config.discord.shards, config.discord.shard_total)
                .map_err(|e| Failure::new(Kind::Config, format!("--shards: {e}")))?;
            super::logs::init(&config.log.level, &config.log.format);
            runtime()?.block_on(crate::discord::serve(config, data, catalog()?)).map_err(serve_failure)
        }
        Command::Register => {
            let n =
                runtime()?.block_on(crate::discord::register(&config)).map_err(|e| Failure::new(Kind::Config, e))?;
            say!("{n} commands registered globally.")
        }
        Command::Play { game: Some(key), seed, ai, random, variant, save, players } if key == "stratego" => {
            if players != 2 || !random.is_empty() {
                return Err(Failure::new(
                    Kind::Usage,
                    "Stratego is for two players; seat the computer with --ai evil or --ai good",
                ));
            }
            stratego::play(roster()?, seed, &ai, variant, save.as_deref())
        }
        Command::Play { players, seed, ai, random, game, .. } => {
            let mut computers = ai;
            computers.extend(random.iter().map(|seat| format!("{seat}:greedy")));
            let game = match game.as_deref() {
                None | Some("queens-gambit") => None,
                Some(id) => Some(id.parse::<crate::service::GameId>().map_err(|_| {
                    Failure::new(Kind::Usage, format!("--game {id}: a saved game's number, or stratego"))
                })?),
            };
            play_game(&db, data, &config, players, seed, &computers, game)
        }
        Command::Games => runtime()?.block_on(games(&db, data)),
        Command::Export { id, out } => runtime()?.block_on(export(&db, data, id, out.as_deref())),
        Command::Verify => runtime()?.block_on(verify(&db, data)),
        Command::Backup { file } => runtime()?.block_on(async {
            host::backup(&db, &file).await?;
            say!("backed up {} to {}", db.display(), file.display())
        }),
        Command::Restore { file } => runtime()?.block_on(restore(&db, &file)),
        Command::Migrate => runtime()?.block_on(migrate(&db, data)),
        Command::MigrateStore { from, to } => runtime()?.block_on(migrate_store(&from, &to, data)),
        Command::Health => health(&config),
        Command::CheckDice { file, commitment, game } => {
            let text = read(&file)?;
            if stratego::is_script(&text) {
                return stratego::check_seed(roster()?, &text, &commitment, game);
            }
            check_dice(data, &text, &commitment, game)
        }
        Command::Replay { file, json, seat } => {
            let text = read(&file)?;
            let out = match catalog()?.owner_of(&text) {
                Some(kind) if kind.key() == crate::games::queens_gambit::KEY => {
                    replay::run(data, &text, json, seat.as_deref())
                }
                Some(kind) => script::replay(&*kind, &text, json, seat.as_deref()),
                None => replay::run(data, &text, json, seat.as_deref()),
            };
            let out = out.map_err(|e| Failure::new(Kind::Problem, format!("{}: {e}", file.display())))?;
            write!(std::io::stdout().lock(), "{out}").map_err(Failure::from)
        }
        // Each game's own self-play and arena, found by its key (`cli::registry`); with --db the first
        // game's self-play is played through the service and saved there.
        ref command @ (Command::Selfplay { ref game, .. } | Command::Arena { ref game, .. }) => {
            let setup = super::setup::Setup {
                data,
                config: &config,
                db: cli.db.is_some().then_some(db.as_path()),
                assets: cli.assets.as_deref(),
            };
            let slot = super::registry::slot(game)?;
            let handler = if matches!(command, Command::Selfplay { .. }) { slot.selfplay } else { slot.arena };
            handler(&setup, command)
        }
        Command::Bench { games, actions, clicks, render_runs, decisions, json } => {
            bench(data, &config, (games, actions, clicks, render_runs, decisions), json)
        }
        Command::RenderExamples { out } => {
            let n = render::examples(data, &out).map_err(|e| Failure::new(Kind::CannotCreate, e))?.len();
            say!("wrote {n} pictures to {}", out.display())
        }
        Command::Render { replay, out } => {
            let text = read(&replay)?;
            if stratego::is_script(&text) {
                stratego::render(roster()?, &text, &replay, &out)?;
                return say!("wrote 3 pictures (evil, good, spectator) to {}", out.display());
            }
            let n = render::replay(data, &text, &out).map_err(|e| Failure::new(Kind::Problem, e))?.len();
            say!("wrote {n} pictures to {}", out.display())
        }
    }
}

/// `gambit play`: the terminal game, saved in the database.
fn play_game(
    db: &Path,
    data: Arc<Data>,
    config: &Config,
    players: u8,
    seed: Option<u64>,
    computers: &[String],
    game: Option<crate::service::GameId>,
) -> Result<(), Failure> {
    let mode = mode_of(players)?;
    let computers = computers.iter().map(|a| computer_seat(mode, a)).collect::<Result<Vec<_>, _>>()?;
    runtime()?.block_on(async {
        let svc = writable(db, data).await?.with_computers(config.ai.settings(), config.ai.pool_size()).with_programs();
        let opts = play::Options { mode, seed, computers, game };
        let stdin = std::io::stdin();
        let played = play::run(&svc, &opts, stdin.lock(), std::io::stdout()).await;
        svc.close().await;
        match played {
            Ok(_) => Ok(()),
            Err(play::PlayError::Service(e)) => Err(e.into()),
            Err(play::PlayError::Io(e)) => Err(e.into()),
        }
    })
}

/// `--ai SEAT[:LEVEL]`: the seat, and who plays it (normal when no level is given).
fn computer_seat(mode: Mode, text: &str) -> Result<(Seat, crate::games::queens_gambit::ai::Spec), Failure> {
    let (key, spec) = text.split_once(':').unwrap_or((text, "normal"));
    let seat = Seat::from_key(mode, key.trim()).ok_or_else(|| {
        let names: Vec<&str> = Seat::all(mode).map(|s| s.key(mode)).collect();
        Failure::new(Kind::Usage, format!("--ai {text}: '{key}' is not a seat ({})", names.join(", ")))
    })?;
    let spec = spec.parse().map_err(|e| Failure::new(Kind::Usage, format!("--ai {text}: {e}")))?;
    Ok((seat, spec))
}

/// `gambit health`: ask the running bot's health listener.
fn health(config: &Config) -> Result<(), Failure> {
    let addr = config.ops.listen_addr().ok_or_else(|| {
        Failure::new(Kind::Config, "no health listener: set [ops] listen (or GAMBIT_OPS_LISTEN) for serve and here")
    })?;
    // A listener on every address is asked on this machine's own.
    let ask = match addr.ip() {
        ip if ip.is_unspecified() && ip.is_ipv4() => std::net::SocketAddr::from(([127, 0, 0, 1], addr.port())),
        ip if ip.is_unspecified() => std::net::SocketAddr::from((std::net::Ipv6Addr::LOCALHOST, addr.port())),
        _ => addr,
    };
    match crate::ops::probe(ask) {
        Ok(body) => say!("{body}"),
        Err(why) => Err(Failure::new(Kind::Problem, why)),
    }
}

/// `gambit bench`: the engine, the saved game, the bot's clicks and the pictures, one line per figure
/// (or every figure in one JSON object).
fn bench(
    data: Arc<Data>,
    config: &Config,
    (games, actions, clicks, render_runs, decisions): (u32, u64, usize, u32, usize),
    json: bool,
) -> Result<(), Failure> {
    let problem = |e: String| Failure::new(Kind::Problem, e);
    let mut report = bench::rules(data.clone(), games).map_err(problem)?;
    if decisions > 0 {
        report.add(bench::levels(data.clone(), decisions, &config.ai.settings()).map_err(problem)?);
    }
    let postgres = crate::service::host::postgres_address(&config.database.path);
    report.add(runtime()?.block_on(bench::store(data.clone(), actions, postgres)).map_err(problem)?);
    report.add(runtime()?.block_on(bench::clicks(data.clone(), clicks)).map_err(problem)?);
    report.add(render::bench(data, render_runs).map_err(problem)?);
    if json {
        return say!("{}", report.json());
    }
    for line in report.lines {
        say!("{line}")?;
    }
    Ok(())
}

/// `gambit export`: a game's log as a replay script, to a file or the terminal.
async fn export(db: &Path, data: Arc<Data>, id: crate::service::GameId, out: Option<&Path>) -> Result<(), Failure> {
    let svc = read_only(db, data).await?;
    let text = svc.export(&crate::service::host::terminal(), id).await?;
    match out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::new(Kind::CannotCreate, format!("cannot write {}: {e}", path.display()))),
        None => write!(std::io::stdout().lock(), "{text}").map_err(Failure::from),
    }
}

/// `gambit migrate`: upgrade the schema, and say from what to what.
async fn migrate(db: &Path, data: Arc<Data>) -> Result<(), Failure> {
    let done = host::migrate(db, data).await?;
    match (done.from, done.to) {
        (Some(from), to) if from == to => say!("{} is up to date (schema {to}).", db.display())?,
        (Some(from), to) => say!("{} upgraded from schema {from} to {to}; a copy was kept beside it.", db.display())?,
        (None, to) => say!("{} created (schema {to}).", db.display())?,
    }
    for (rules, n) in done.settled {
        let (games, replay) = if n == 1 { ("game", "replays") } else { ("games", "replay") };
        say!("{n} {games} saved before rules versions were recorded {replay} under rules version {rules}.")?;
    }
    Ok(())
}

/// `gambit migrate-store`: one database moved into another, and both checked game by game.
async fn migrate_store(from: &Path, to: &Path, data: Arc<Data>) -> Result<(), Failure> {
    let done = host::migrate_store(from, to, data).await?;
    let rows: Vec<String> = done.rows.iter().map(|(t, n)| format!("{t} {n}")).collect();
    say!("moved: {}", rows.join(", "))?;
    for (id, why) in &done.different {
        say!("game {id}: PROBLEM: it does not verify the same after the move: {why}")?;
    }
    if !done.different.is_empty() {
        return Err(Failure::new(Kind::Problem, format!("{} game(s) differ after the move", done.different.len())));
    }
    say!("{} game(s) verify identically in both databases.", done.same)
}

fn serve_failure(e: crate::discord::ServeError) -> Failure {
    use crate::discord::ServeError;
    match e {
        ServeError::NoToken | ServeError::BadToken | ServeError::Listen { .. } => {
            Failure::new(Kind::Config, e.to_string())
        }
        ServeError::Lock(l) => l.into(),
        ServeError::Store(s) => s.into(),
        ServeError::Other(m) => Failure::new(Kind::Problem, m),
    }
}

/// `gambit games`: every game of every kind, its state, its players and the game data it plays with.
async fn games(db: &Path, data: Arc<Data>) -> Result<(), Failure> {
    let svc = read_only(db, data).await?;
    for g in svc.all_games().await? {
        match g {
            Ok(g) => {
                let seats: Vec<String> =
                    g.seats.iter().map(|(s, u)| format!("{s}={}", u.as_ref().map_or("-", |u| u.as_str()))).collect();
                let rules = g.rules.map_or("-".to_string(), |r| r.to_string());
                say!(
                    "{:>5}  {:<9} {}p  move {:<5} rules {}  data {}  {}  {}  [{}]  waiting for: {}",
                    g.game,
                    g.status.key(),
                    g.players,
                    g.moves,
                    rules,
                    &g.data_set[..g.data_set.len().min(8)],
                    g.key,
                    if g.title.is_empty() { "(untitled)" } else { &g.title },
                    seats.join(" "),
                    g.waiting
                )?;
            }
            Err(e) => say!("{}", e.detail())?,
        }
    }
    svc.close().await;
    Ok(())
}

/// `gambit verify`: every game's log replays to its saved state.
async fn verify(db: &Path, data: Arc<Data>) -> Result<(), Failure> {
    let svc = read_only(db, data).await?;
    let ids = svc.game_ids().await?;
    let mut bad = 0;
    for id in ids {
        let id = match id {
            Ok(id) => id,
            Err(e) => {
                say!("{}", e.detail())?;
                bad += 1;
                continue;
            }
        };
        match svc.verify(id).await {
            Verdict::Consistent { version, rules } => say!("game {id}: ok ({version} actions, rules {rules})")?,
            Verdict::NotStarted => say!("game {id}: not started")?,
            Verdict::Replays { key, version } => say!("game {id}: ok ({key}, {version} actions)")?,
            Verdict::OtherGame { key } => say!("game {id}: a game of {key}, which this build does not host")?,
            Verdict::Mismatch { detail } | Verdict::Damaged { detail } => {
                bad += 1;
                say!("game {id}: PROBLEM: {detail}")?;
            }
        }
    }
    svc.close().await;
    if bad > 0 { Err(Failure::new(Kind::Problem, format!("{bad} game(s) have problems"))) } else { Ok(()) }
}

/// `gambit restore FILE`: with the bot stopped, the database becomes a copy of the backup; the current
/// file (and its log, if any) is kept aside as `NAME.replaced-N`.
async fn restore(db: &Path, file: &Path) -> Result<(), Failure> {
    match host::restore(db, file).await? {
        Some(a) => {
            say!("restored {} from {}; the previous file is kept as {}", db.display(), file.display(), a.display())
        }
        None => say!("restored {} from {}", db.display(), file.display()),
    }
}

/// The game a replay script is of (`--game`, or its first line `# gambit game N`), once its `seed` is
/// found to be the one sealed as `commitment` when that game started: any game's script.
pub(super) fn sealed_game(text: &str, seed: u64, commitment: &str, game: Option<i64>) -> Result<i64, Failure> {
    let named = text.lines().find_map(|l| l.trim().strip_prefix("# gambit game ")?.trim().parse::<i64>().ok());
    let game = game.or(named).ok_or_else(|| {
        Failure::new(Kind::Usage, "the script does not say which game it is: give its number with --game")
    })?;
    let seal = crate::service::seal(game, seed);
    if !seal.eq_ignore_ascii_case(commitment.trim()) {
        return Err(Failure::new(
            Kind::Problem,
            format!("the seal does NOT match: game {game} with seed {seed} seals as {seal}"),
        ));
    }
    Ok(game)
}

/// `gambit check-dice`: the seed in a replay script against the seal posted at the game's start.
fn check_dice(data: Arc<Data>, text: &str, commitment: &str, game: Option<i64>) -> Result<(), Failure> {
    let script = crate::games::queens_gambit::rules::script::Script::parse(&data, text)
        .map_err(|e| Failure::new(Kind::Problem, format!("not a replay script: {e}")))?;
    let game = sealed_game(text, script.seed, commitment, game)?;
    let run = crate::games::queens_gambit::rules::script::run(data, &script)
        .map_err(|e| Failure::new(Kind::Problem, format!("the seal matches, but the script does not replay: {e}")))?;
    let end = match run.game.outcome() {
        Some(o) => format!("{} wins ({})", o.winner, crate::games::queens_gambit::rules::words::why_won(o.reason)),
        None => "the game is not over in this script".into(),
    };
    say!(
        "The seal matches: seed {} is the one sealed when game {game} started. Replayed to the end: {end}.",
        script.seed
    )
}
