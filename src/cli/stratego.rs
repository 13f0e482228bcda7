//! The command line's Stratego: terminal play, self-play, replays and pictures of a replay script.

use super::args::Command;
use super::failure::{Failure, Kind};
use super::setup::{Setup, misrouted};
use super::table_play;
use crate::games::Engine;
use crate::games::stratego::{Roster, Rules, Side, Table, Variant, random_games, script};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// Whether a replay script is a Stratego one (`game stratego`).
pub fn is_script(text: &str) -> bool {
    text.lines().any(|l| l.trim() == "game stratego")
}

fn problem(file: &Path, e: impl std::fmt::Display) -> Failure {
    Failure::new(Kind::Problem, format!("{}: {e}", file.display()))
}

/// `gambit play --game stratego`: a terminal game through the game seam, saved to `save` after every move.
pub fn play(
    roster: Arc<Roster>,
    seed: Option<u64>,
    ai: &[String],
    variant: u8,
    save: Option<&Path>,
) -> Result<(), Failure> {
    let usage = |m: String| Failure::new(Kind::Usage, m);
    let mut computers = Vec::new();
    for a in ai {
        let (seat, level) = a.split_once(':').unwrap_or((a, "scripted"));
        let side = Side::parse(seat).ok_or_else(|| usage(format!("--ai {a}: Stratego's seats are evil and good")))?;
        if level != "scripted" && level != crate::games::stratego::table::LEVEL {
            return Err(usage(format!("--ai {a}: Stratego's computer player is 'scripted' (or 'easy')")));
        }
        computers.push((side.index(), crate::games::stratego::table::LEVEL.to_string()));
    }
    let mut table = match save.filter(|p| p.exists()) {
        Some(path) => {
            let text = std::fs::read_to_string(path)?;
            script::run_with(&text, roster).map_err(|e| problem(path, e))?
        }
        None => {
            let variant = Variant::from_number(variant)
                .ok_or_else(|| usage(format!("Stratego has games 1 to 4, not {variant}")))?;
            let seed = seed.unwrap_or_else(|| rand::random::<u64>() >> 1);
            Table::new(Rules::of(variant), roster, seed)
        }
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    table_play::play(&mut table, &computers, save, &mut input, &mut std::io::stdout())
        .map_err(|e| Failure::new(Kind::Problem, e))
}

/// Stratego's pieces: the host's own (`--assets`), else the built-in ones.
fn roster_of(assets: Option<&Path>) -> Result<Arc<Roster>, Failure> {
    match assets {
        Some(dir) => Roster::from_dir(dir).map_err(|e| Failure::new(Kind::Config, format!("Stratego's pieces: {e}"))),
        None => Ok(Roster::embedded()),
    }
}

/// `gambit selfplay --game stratego`: random games of one of its four games, in memory.
pub fn selfplay(setup: &Setup, command: &Command) -> Result<(), Failure> {
    match *command {
        Command::Selfplay { players, rules, .. } if players != 2 || rules.is_some() => {
            Err(Failure::new(Kind::Usage, "Stratego's self-play takes --variant, not --players or --rules"))
        }
        Command::Selfplay { games, seed, variant, check, .. } => {
            random_selfplay(roster_of(setup.assets)?, games, seed, variant, check)
        }
        _ => Err(misrouted()),
    }
}

/// `gambit arena --game stratego`: its computer players rated against each other.
pub fn arena(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Arena { a, b, games, seed, variant, .. } = command else { return Err(misrouted()) };
    let variant = Variant::from_number(*variant)
        .ok_or_else(|| Failure::new(Kind::Usage, format!("Stratego has games 1 to 4, not {variant}")))?;
    let report = super::stratego_arena::run(roster_of(setup.assets)?, variant, a, b, *games, *seed)
        .map_err(|e| Failure::new(Kind::Usage, e))?;
    writeln!(std::io::stdout().lock(), "{report}").map_err(Failure::from)
}

/// Random games of one of its four games, in memory, told in one line.
fn random_selfplay(roster: Arc<Roster>, games: u32, seed: u64, variant: u8, check: bool) -> Result<(), Failure> {
    let variant = Variant::from_number(variant)
        .ok_or_else(|| Failure::new(Kind::Usage, format!("Stratego has games 1 to 4, not {variant}")))?;
    let start = std::time::Instant::now();
    let t = random_games(Rules::of(variant), &roster, games, seed, check)
        .map_err(|e| Failure::new(Kind::Problem, format!("self-play found a bug: {e}")))?;
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    let n = f64::from(t.games.max(1));
    writeln!(
        std::io::stdout().lock(),
        "game=stratego variant={} games={} evil_wins={} good_wins={} draws={} turns_avg={:.1} digest={:016x} games_per_s={:.1}",
        variant.number(),
        t.games,
        t.evil_wins,
        t.good_wins,
        t.draws,
        t.turns as f64 / n,
        t.digest,
        f64::from(t.games) / seconds
    )
    .map_err(Failure::from)
}

/// `gambit check-dice` of a Stratego script: its seed against the seal posted when the game started,
/// then the game replayed to its end.
pub fn check_seed(roster: Arc<Roster>, text: &str, commitment: &str, game: Option<i64>) -> Result<(), Failure> {
    let seed = text
        .lines()
        .find_map(|l| l.split('#').next()?.trim().strip_prefix("seed ")?.trim().parse::<u64>().ok())
        .ok_or_else(|| Failure::new(Kind::Problem, "the script names no seed"))?;
    let game = super::command::sealed_game(text, seed, commitment, game)?;
    let table = script::run_with(text, roster)
        .map_err(|e| Failure::new(Kind::Problem, format!("the seal matches, but the script does not replay: {e}")))?;
    let end = table.outcome().map(|o| o.summary).unwrap_or_else(|| "the game is not over in this script".into());
    let said =
        format!("The seal matches: seed {seed} is the one sealed when game {game} started. Replayed to the end: {end}");
    writeln!(std::io::stdout().lock(), "{said}").map_err(Failure::from)
}

/// `gambit render --replay` of a Stratego script: each reader's board after it, in `out`.
pub fn render(roster: Arc<Roster>, text: &str, file: &Path, out: &Path) -> Result<(), Failure> {
    let table = script::run_with(text, roster).map_err(|e| problem(file, e))?;
    let game = table.game().ok_or_else(|| problem(file, "the setups are not both locked"))?;
    std::fs::create_dir_all(out)?;
    for (name, reader) in [("evil", Some(Side::Evil)), ("good", Some(Side::Good)), ("spectator", None)] {
        let png = crate::render::stratego::board_png(&game.view(reader)).map_err(|e| Failure::new(Kind::Problem, e))?;
        std::fs::write(out.join(format!("stratego-{name}.png")), png)?;
    }
    Ok(())
}
