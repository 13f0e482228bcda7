//! Carrying out a command line. Commands that only read (`games`, `verify`, `export`) open the database
//! read-only and never create or change a file; every failure is one line and an exit code
//! (`cli::failure`).

use super::args::{Cli, Command};
use super::failure::{Failure, Kind};
use super::registry;
use super::report::Report;
use super::setup::{Setup, read, runtime};
use crate::config::Config;
use crate::games::Catalog;
use crate::service::host;
use crate::service::{Service, Verdict};
use std::io::Write;
use std::path::Path;

/// Print a line on standard output; a closed pipe ends the command quietly.
macro_rules! say {
    ($($arg:tt)*) => {
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(Failure::from)
    };
}

async fn read_only(path: &Path, catalog: Catalog) -> Result<Service, Failure> {
    Ok(Service::open_read_only(path, catalog).await?)
}

/// The configuration a command line runs with: the file, the environment, and the flags over both
/// (`--db`, `serve --shards` and `--shard-total`), checked together.
fn configured(cli: &Cli) -> Result<Config, Failure> {
    let mut flags = crate::config::Flags { db: cli.db.clone(), ..Default::default() };
    if let Command::Serve { shards, shard_total } = &cli.command {
        (flags.shards, flags.shard_total) = (shards.clone(), *shard_total);
    }
    let mut config = Config::from_env(cli.config.as_deref(), &flags)?;
    config.database.path = host::database_setting(&config.database.path);
    Ok(config)
}

/// Every game's catalog, with its data: built in, or read from `--assets`.
fn catalog(assets: Option<&Path>) -> Result<Catalog, Failure> {
    match assets {
        Some(dir) => Catalog::from_dir(dir).map_err(|e| Failure::new(Kind::Config, e)),
        None => Ok(Catalog::embedded()),
    }
}

/// Run one command line.
pub fn run(cli: Cli) -> Result<(), Failure> {
    let config = configured(&cli)?;
    let db = config.database.path.clone();
    let catalog = catalog(cli.assets.as_deref())?;
    let setup =
        Setup { config: &config, store: &db, db: cli.db.as_deref(), assets: cli.assets.as_deref(), catalog: &catalog };
    let command = &cli.command;
    match *command {
        Command::Serve { .. } => serve(&config, &catalog),
        Command::Register => {
            let n =
                runtime()?.block_on(crate::discord::register(&config)).map_err(|e| Failure::new(Kind::Config, e))?;
            say!("{n} commands registered globally.")
        }
        // A game's key picks its game; a saved game's number goes on with it (the default game's).
        Command::Play { ref game, .. } => {
            let slot = match game.as_deref() {
                Some(number) if number.parse::<i64>().is_ok() => registry::default(),
                key => registry::named(key)?,
            };
            (slot.play)(&setup, command)
        }
        Command::Games => runtime()?.block_on(games(&db, catalog.clone())),
        Command::Export { id, ref out } => runtime()?.block_on(export(&db, catalog.clone(), id, out.as_deref())),
        Command::Verify => runtime()?.block_on(verify(&db, catalog.clone())),
        Command::Ratings { rebuild } => runtime()?.block_on(super::ratings::command(&db, catalog.clone(), rebuild)),
        Command::Backup { ref file } => runtime()?.block_on(backup(&db, file)),
        Command::Restore { ref file } => runtime()?.block_on(restore(&db, file)),
        Command::Migrate => runtime()?.block_on(migrate(&db, catalog.clone())),
        Command::MigrateStore { ref from, ref to } => runtime()?.block_on(migrate_store(from, to, catalog.clone())),
        Command::Health => health(&config),
        // The game a script is of reads it; a game the command line has no part for (a game of the
        // catalog only) replays through what every game shares.
        Command::CheckDice { ref file, .. } => {
            (script_slot(&setup, file, "check its dice")?.check_dice)(&setup, command)
        }
        Command::Render { ref replay, .. } => (script_slot(&setup, replay, "draw it")?.render)(&setup, command),
        Command::Replay { ref file, json, ref seat } => replay(&setup, command, file, json, seat.as_deref()),
        // Each game's own self-play and arena, found by its key.
        Command::Selfplay { ref game, .. } => (registry::named(game.as_deref())?.selfplay)(&setup, command),
        Command::Arena { ref game, .. } => {
            let slot = registry::named(game.as_deref())?;
            super::arena::command(&setup, command, slot.key, (slot.arena_options)(command)?)
        }
        Command::Bench { json, clicks, .. } => {
            let mut report = Report::default();
            for slot in registry::all() {
                report.add((slot.bench)(&setup, command)?);
            }
            let endings = runtime()?.block_on(super::ending::endings(clicks.max(20)));
            report.add(endings.map_err(|e| Failure::new(Kind::Problem, e))?);
            bench_out(report, json)
        }
        Command::RenderExamples { .. } => match registry::default().examples {
            Some(examples) => examples(&setup, command),
            None => Err(super::setup::misrouted()),
        },
    }
}

/// `gambit backup`: a copy of the database in one file.
async fn backup(db: &Path, file: &Path) -> Result<(), Failure> {
    host::backup(db, file).await?;
    say!("backed up {} to {}", host::shown(db), file.display())
}

/// `gambit serve`: the bot, on the shards its configuration names (the flags over the rest).
fn serve(config: &Config, catalog: &Catalog) -> Result<(), Failure> {
    super::logs::init(&config.log.level, &config.log.format);
    let pages = crate::web::pages(config).map(|p| std::sync::Arc::new(p) as crate::discord::Pages);
    runtime()?.block_on(crate::discord::serve(config.clone(), catalog.clone(), pages)).map_err(serve_failure)
}

/// `gambit replay`: the game a script is of reads it; a game the command line has no part for (a game of
/// the catalog only) replays through what every game shares.
fn replay(setup: &Setup, command: &Command, file: &Path, json: bool, seat: Option<&str>) -> Result<(), Failure> {
    let text = read(file)?;
    match registry::of_script(setup, &text).and_then(|slot| slot.replay) {
        Some(replay) => replay(setup, command),
        None => {
            let kind = setup.catalog.owner_of(&text).ok_or_else(super::setup::misrouted)?;
            let out = super::script::replay(&*kind, &text, json, seat)
                .map_err(|e| Failure::new(Kind::Problem, format!("{}: {e}", file.display())))?;
            write!(std::io::stdout().lock(), "{out}").map_err(Failure::from)
        }
    }
}

/// The game whose script `file` holds, for a command that needs the game's own part of the command line.
fn script_slot(setup: &Setup, file: &Path, doing: &str) -> Result<registry::Slot, Failure> {
    let text = read(file)?;
    registry::of_script(setup, &text).ok_or_else(|| {
        Failure::new(
            Kind::Usage,
            format!("{}: the command line cannot {doing}: its game has no part here", file.display()),
        )
    })
}

/// `gambit bench`'s report: one line per figure, or every figure in one JSON object.
fn bench_out(report: Report, json: bool) -> Result<(), Failure> {
    if json {
        return say!("{}", report.json());
    }
    for line in report.lines {
        say!("{line}")?;
    }
    Ok(())
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

/// `gambit export`: a game's log as a replay script, to a file or the terminal.
async fn export(db: &Path, catalog: Catalog, id: crate::service::GameId, out: Option<&Path>) -> Result<(), Failure> {
    let svc = read_only(db, catalog).await?;
    let text = svc.export(&crate::service::host::terminal(), id).await?;
    match out {
        Some(path) => std::fs::write(path, text)
            .map_err(|e| Failure::new(Kind::CannotCreate, format!("cannot write {}: {e}", path.display()))),
        None => write!(std::io::stdout().lock(), "{text}").map_err(Failure::from),
    }
}

/// `gambit migrate`: upgrade the schema, and say from what to what.
async fn migrate(db: &Path, catalog: Catalog) -> Result<(), Failure> {
    let done = host::migrate(db, catalog).await?;
    let shown = host::shown(db);
    // A file is copied before its upgrade; PostgreSQL is backed up by its own tools.
    let copy = if host::postgres_address(db).is_some() { "" } else { "; a copy was kept beside it" };
    match (done.from, done.to) {
        (Some(from), to) if from == to => say!("{shown} is up to date (schema {to}).")?,
        (Some(from), to) => say!("{shown} upgraded from schema {from} to {to}{copy}.")?,
        (None, to) => say!("{shown} created (schema {to}).")?,
    }
    for (rules, n) in done.settled {
        let (games, replay) = if n == 1 { ("game", "replays") } else { ("games", "replay") };
        say!("{n} {games} saved before rules versions were recorded {replay} under rules version {rules}.")?;
    }
    Ok(())
}

/// `gambit migrate-store`: one database moved into another, and both checked game by game.
async fn migrate_store(from: &Path, to: &Path, catalog: Catalog) -> Result<(), Failure> {
    let done = host::migrate_store(from, to, catalog).await?;
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
async fn games(db: &Path, catalog: Catalog) -> Result<(), Failure> {
    let svc = read_only(db, catalog).await?;
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
async fn verify(db: &Path, catalog: Catalog) -> Result<(), Failure> {
    let svc = read_only(db, catalog).await?;
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
            say!("restored {} from {}; the previous file is kept as {}", host::shown(db), file.display(), a.display())
        }
        None => say!("restored {} from {}", host::shown(db), file.display()),
    }
}
