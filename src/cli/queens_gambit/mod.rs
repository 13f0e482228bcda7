//! *The Queen's Gambit*'s own commands: the terminal game, its self-play (in memory, or through the
//! service into a database), its arena of computer players, its replays, dice checks and pictures, and
//! its part of the bench.

pub mod bench;
pub mod play;
pub mod render;
pub mod replay;
pub mod selfplay;

use super::args::Command;
use super::failure::{Failure, Kind};
use super::report::Report;
use super::setup::{Setup, misrouted, read, runtime, sealed_game};
use crate::games::queens_gambit::rules::{Data, Mode, RulesVersion, Seat};
use crate::service::Service;
use std::io::Write;
use std::sync::Arc;

fn mode_of(players: u8) -> Result<Mode, Failure> {
    Mode::from_players(players)
        .ok_or_else(|| Failure::new(Kind::Usage, format!("--players must be 2 or 4, not {players}")))
}

/// The rules version asked for with `--rules` (the newest without it); games saved with `--db` are new.
fn rules_of(asked: Option<u32>, saved: bool) -> Result<RulesVersion, Failure> {
    let Some(n) = asked else { return Ok(RulesVersion::NEWEST) };
    let newest = RulesVersion::NEWEST;
    let rules = RulesVersion::from_number(i64::from(n))
        .ok_or_else(|| Failure::new(Kind::Usage, format!("there is no rules version {n} (versions 1 to {newest})")))?;
    if saved && rules != newest {
        return Err(Failure::new(Kind::Usage, format!("games saved with --db are new games: they use rules {newest}")));
    }
    Ok(rules)
}

/// `gambit selfplay`: random games, in memory or (with `--db`) through the service into that database.
pub fn selfplay(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Selfplay { games, seed, players, rules, max_rounds, check, .. } = *command else {
        return Err(misrouted());
    };
    let mode = mode_of(players)?;
    let rules = rules_of(rules, setup.db.is_some())?;
    let found = |e: String| Failure::new(Kind::Problem, format!("self-play found a bug: {e}"));
    let data = data_of(setup);
    let sum = match setup.db {
        Some(db) => runtime()?.block_on(async {
            let svc = crate::service::Service::open_writable(db, setup.catalog.clone()).await?;
            let sum = selfplay::run_saved(&svc, games, seed, mode, max_rounds).await;
            svc.close().await;
            sum.map_err(found)
        })?,
        None => selfplay::run(data, games, seed, (mode, rules), max_rounds, check).map_err(found)?,
    };
    writeln!(std::io::stdout().lock(), "{}", sum.line()).map_err(Failure::from)
}

/// `gambit arena`: a game of 2 or 4 players (`--players`).
pub fn arena_options(command: &Command) -> Result<String, Failure> {
    let Command::Arena { players, .. } = *command else { return Err(misrouted()) };
    Ok(format!("players {}", mode_of(players)?.seats()))
}

/// `gambit play`: the terminal game, saved in the database; `--game N` goes on with saved game N.
pub fn play(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Play { players, seed, ai, random, game, .. } = command else { return Err(misrouted()) };
    let mode = mode_of(*players)?;
    let mut computers = ai.clone();
    computers.extend(random.iter().map(|seat| format!("{seat}:greedy")));
    let computers = computers.iter().map(|a| computer_seat(mode, a)).collect::<Result<Vec<_>, _>>()?;
    let game =
        match game.as_deref() {
            None => None,
            Some(key) if key == crate::games::queens_gambit::KEY => None,
            Some(id) => Some(id.parse::<crate::service::GameId>().map_err(|_| {
                Failure::new(Kind::Usage, format!("--game {id}: a saved game's number, or a game's key"))
            })?),
        };
    let config = setup.config;
    runtime()?.block_on(async {
        let svc = Service::open_writable(setup.store, setup.catalog.clone())
            .await?
            .with_computers(config.ai.settings(), config.ai.pool_size())
            .with_programs();
        let opts = play::Options { mode, seed: *seed, computers, game };
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

/// `gambit check-dice`: the seed in a replay script against the seal posted at the game's start.
pub fn check_dice(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::CheckDice { file, commitment, game } = command else { return Err(misrouted()) };
    let text = read(file)?;
    let data: Arc<Data> = data_of(setup);
    let script = crate::games::queens_gambit::rules::script::Script::parse(&data, &text)
        .map_err(|e| Failure::new(Kind::Problem, format!("not a replay script: {e}")))?;
    let game = sealed_game(&text, script.seed, commitment, *game)?;
    let run = crate::games::queens_gambit::rules::script::run(data, &script)
        .map_err(|e| Failure::new(Kind::Problem, format!("the seal matches, but the script does not replay: {e}")))?;
    let end = match run.game.outcome() {
        Some(o) => format!("{} wins ({})", o.winner, crate::games::queens_gambit::rules::words::why_won(o.reason)),
        None => "the game is not over in this script".into(),
    };
    writeln!(
        std::io::stdout().lock(),
        "The seal matches: seed {} is the one sealed when game {game} started. Replayed to the end: {end}.",
        script.seed
    )
    .map_err(Failure::from)
}

/// `gambit replay`: the events of a script, or its final state as JSON (with `--as`, one seat's).
pub fn replay(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Replay { file, json, seat } = command else { return Err(misrouted()) };
    let text = read(file)?;
    let out = replay::run(data_of(setup), &text, *json, seat.as_deref())
        .map_err(|e| Failure::new(Kind::Problem, format!("{}: {e}", file.display())))?;
    write!(std::io::stdout().lock(), "{out}").map_err(Failure::from)
}

/// `gambit render --replay`: every board picture after a script, in a folder.
pub fn render(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Render { replay, out } = command else { return Err(misrouted()) };
    let text = read(replay)?;
    let n = render::replay(data_of(setup), &text, out).map_err(|e| Failure::new(Kind::Problem, e))?.len();
    writeln!(std::io::stdout().lock(), "wrote {n} pictures to {}", out.display()).map_err(Failure::from)
}

/// `gambit render-examples`: every board picture of a new, a mid-game and a finished game.
pub fn examples(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::RenderExamples { out } = command else { return Err(misrouted()) };
    let n = render::examples(data_of(setup), out).map_err(|e| Failure::new(Kind::CannotCreate, e))?.len();
    writeln!(std::io::stdout().lock(), "wrote {n} pictures to {}", out.display()).map_err(Failure::from)
}

/// `gambit bench`'s first-game part: the engine, its computer levels, the saved game, the bot's clicks
/// and the pictures.
pub fn bench(setup: &Setup, command: &Command) -> Result<Report, Failure> {
    let Command::Bench { games, actions, clicks, render_runs, decisions, .. } = *command else {
        return Err(misrouted());
    };
    let problem = |e: String| Failure::new(Kind::Problem, e);
    let data = data_of(setup);
    let mut report = bench::rules(data.clone(), games).map_err(problem)?;
    if decisions > 0 {
        report.add(bench::levels(data.clone(), decisions, &setup.config.ai.settings()).map_err(problem)?);
    }
    let postgres = crate::service::host::postgres_address(setup.store);
    report.add(runtime()?.block_on(bench::store(data.clone(), actions, postgres)).map_err(problem)?);
    report.add(runtime()?.block_on(bench::clicks(data.clone(), clicks)).map_err(problem)?);
    report.add(render::bench(data, render_runs).map_err(problem)?);
    Ok(report)
}

/// The first game's data as the host runs it (built in, or from `--assets`).
fn data_of(setup: &Setup) -> Arc<Data> {
    setup
        .catalog
        .get(crate::games::queens_gambit::KEY)
        .and_then(|k| crate::games::queens_gambit::Hosted::data_of(&*k))
        .unwrap_or_else(Data::embedded)
}
