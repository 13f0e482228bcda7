//! The command line's Stratego: terminal play, self-play, its arena, dice checks and pictures of a replay
//! script, and its part of the bench.

mod bench;
mod pages;

pub use bench::bench;

use super::args::Command;
use super::failure::{Failure, Kind};
use super::setup::{Setup, misrouted, read, sealed_game};
use super::table_play;
use crate::games::Engine;
use crate::games::stratego::{Roster, Rules, Side, Table, Variant, random_games, script};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// Which of its four games `--variant` names.
fn variant_of(number: u8) -> Result<Variant, Failure> {
    Variant::from_number(number)
        .ok_or_else(|| Failure::new(Kind::Usage, format!("Stratego has games 1 to 4, not {number}")))
}

fn problem(file: &Path, e: impl std::fmt::Display) -> Failure {
    Failure::new(Kind::Problem, format!("{}: {e}", file.display()))
}

/// `gambit play --game stratego`: a terminal game through the game seam, saved to `save` after every move.
pub fn play(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Play { players, seed, ai, random, variant, save, .. } = command else { return Err(misrouted()) };
    if *players != 2 || !random.is_empty() {
        return Err(Failure::new(
            Kind::Usage,
            "Stratego is for two players; seat the computer with --ai evil or --ai good",
        ));
    }
    let (roster, seed, variant, save) = (roster_of(setup.assets)?, *seed, *variant, save.as_deref());
    let usage = |m: String| Failure::new(Kind::Usage, m);
    let mut computers = Vec::new();
    for a in ai {
        let (seat, level) = a.split_once(':').unwrap_or((a, "normal"));
        let side = Side::parse(seat).ok_or_else(|| usage(format!("--ai {a}: Stratego's seats are evil and good")))?;
        let level = if level == "scripted" { "easy" } else { level };
        if !crate::games::stratego::computer::LEVELS.contains(&level) {
            return Err(usage(format!("--ai {a}: Stratego's computer plays at easy, normal or hard")));
        }
        computers.push((side.index(), level.to_string()));
    }
    let mut table = match save.filter(|p| p.exists()) {
        Some(path) => {
            let text = std::fs::read_to_string(path)?;
            script::run_with(&text, roster).map_err(|e| problem(path, e))?
        }
        None => {
            let variant = variant_of(variant)?;
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

/// `gambit arena --game stratego`: one of its four games (`--variant`).
pub fn arena_options(command: &Command) -> Result<String, Failure> {
    let Command::Arena { variant, .. } = *command else { return Err(misrouted()) };
    Ok(format!("variant {}", variant_of(variant)?.number()))
}

/// Random games of one of its four games, in memory, told in one line.
fn random_selfplay(roster: Arc<Roster>, games: u32, seed: u64, variant: u8, check: bool) -> Result<(), Failure> {
    let variant = variant_of(variant)?;
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
pub fn check_dice(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::CheckDice { file, commitment, game } = command else { return Err(misrouted()) };
    let (text, roster) = (read(file)?, roster_of(setup.assets)?);
    let seed = text
        .lines()
        .find_map(|l| l.split('#').next()?.trim().strip_prefix("seed ")?.trim().parse::<u64>().ok())
        .ok_or_else(|| Failure::new(Kind::Problem, "the script names no seed"))?;
    let game = sealed_game(&text, seed, commitment, *game)?;
    let table = script::run_with(&text, roster)
        .map_err(|e| Failure::new(Kind::Problem, format!("the seal matches, but the script does not replay: {e}")))?;
    let end = table.outcome().map(|o| o.summary).unwrap_or_else(|| "the game is not over in this script".into());
    let said =
        format!("The seal matches: seed {seed} is the one sealed when game {game} started. Replayed to the end: {end}");
    writeln!(std::io::stdout().lock(), "{said}").map_err(Failure::from)
}

/// `gambit render --replay` of a Stratego script: each reader's board after it, in `out`.
pub fn render(setup: &Setup, command: &Command) -> Result<(), Failure> {
    let Command::Render { replay: file, out } = command else { return Err(misrouted()) };
    let (text, roster) = (read(file)?, roster_of(setup.assets)?);
    let table = script::run_with(&text, roster).map_err(|e| problem(file, e))?;
    let game = table.game().ok_or_else(|| problem(file, "the setups are not both locked"))?;
    std::fs::create_dir_all(out)?;
    for (name, reader) in [("evil", Some(Side::Evil)), ("good", Some(Side::Good)), ("spectator", None)] {
        let png = crate::render::stratego::board_png(&game.view(reader)).map_err(|e| Failure::new(Kind::Problem, e))?;
        std::fs::write(out.join(format!("stratego-{name}.png")), png)?;
    }
    writeln!(std::io::stdout().lock(), "wrote 3 pictures (evil, good, spectator) to {}", out.display())
        .map_err(Failure::from)
}

#[cfg(test)]
mod tests {
    use super::table_play::play;
    use crate::games::Engine;
    use crate::games::stratego::{Roster, Rules, Table, Variant, script};

    #[test]
    fn a_terminal_stratego_game_against_the_computer_is_saved_after_every_choice_and_continues_from_its_file() {
        let dir = std::env::temp_dir().join(format!("gambit-table-play-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let save = dir.join("game.txt");
        let mut table = Table::new(Rules::of(Variant::Powers), Roster::embedded(), 5);
        // Good is the computer; Evil (a person) locks a random setup, tries a bad move, then picks the
        // first piece and its first move from the menus, then quits.
        let mut input: &[u8] = b"setup random\nb4 b9\n1\n1\nquit\n";
        let mut out = Vec::new();
        play(&mut table, &[(1, "easy".into())], Some(&save), &mut input, &mut out).unwrap();
        let said = String::from_utf8(out).unwrap();
        assert!(said.contains("Not done:"), "{said}");
        assert!(said.contains("Good (computer)"), "{said}");
        let text = std::fs::read_to_string(&save).unwrap();
        let again = script::run(&text).unwrap();
        assert_eq!(again.log(), table.log());
        assert_eq!(table.log().len(), 4, "two setups, Evil's move, Good's answer: {:?}", table.log());
        // The rest of the game, both seats the computer's, from the saved file.
        let mut rest = again;
        play(&mut rest, &[(0, "easy".into()), (1, "easy".into())], Some(&save), &mut (&b""[..]), &mut Vec::new())
            .unwrap();
        assert!(rest.outcome().is_some());
        assert_eq!(script::run(&std::fs::read_to_string(&save).unwrap()).unwrap().log(), rest.log());
        std::fs::remove_dir_all(&dir).ok();
    }
}
