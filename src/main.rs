use clap::{Parser, Subcommand};
use gambit::cli::{play, render, replay, selfplay};
use gambit::rules::{Data, Mode, Seat};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "gambit",
    version,
    about = "Star Wars: The Queen's Gambit as a Discord play-by-post bot (an unofficial fan implementation)"
)]
struct Cli {
    /// Load the game data from this folder instead of the data built into the program.
    #[arg(long, global = true, value_name = "DIR")]
    assets: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play in the terminal: two or four players at one keyboard, any seat optionally random.
    Play {
        #[arg(long, default_value_t = 2)]
        players: u8,
        #[arg(long)]
        seed: Option<u64>,
        /// A seat played by random legal choices (tf, naboo; 4 players: tf-field, naboo-field, tf-palace,
        /// naboo-palace). Repeat for several.
        #[arg(long, value_name = "SEAT")]
        random: Vec<String>,
    },
    /// Run a replay script and print the events (or the final state with --json).
    Replay {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Play whole games with random legal choices and print one summary line.
    Selfplay {
        #[arg(long, default_value_t = 100)]
        games: u32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// Games still running after this many rounds count as unfinished.
        #[arg(long, default_value_t = 500)]
        max_rounds: u32,
        /// Check every invariant after every step (slower).
        #[arg(long)]
        check: bool,
    },
    /// Measure the rules engine: complete random games per second on one core.
    Bench {
        #[arg(long, default_value_t = 300)]
        games: u32,
        /// Runs per board picture when timing render and PNG encode.
        #[arg(long, default_value_t = 15)]
        render_runs: u32,
    },
    /// Write every board picture of a new, a mid-game and a finished game (seeded random play) to a folder.
    RenderExamples {
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
    /// Write the board pictures after a replay script to a folder.
    Render {
        #[arg(long, value_name = "FILE")]
        replay: PathBuf,
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
    },
}

fn mode_of(players: u8) -> Result<Mode, String> {
    Mode::from_players(players).ok_or_else(|| format!("--players must be 2 or 4, not {players}"))
}

fn run(cli: Cli) -> Result<(), String> {
    let data: Arc<Data> = match &cli.assets {
        Some(dir) => Arc::new(Data::from_dir(dir).map_err(|e| format!("game data: {e}"))?),
        None => Data::embedded(),
    };
    match cli.command {
        Command::Play { players, seed, random } => {
            let mode = mode_of(players)?;
            let random = random
                .iter()
                .map(|k| {
                    Seat::from_key(mode, k).ok_or_else(|| {
                        let names: Vec<&str> = Seat::all(mode).map(|s| s.key(mode)).collect();
                        format!("--random {k}: not a seat ({})", names.join(", "))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(1)
            });
            let opts = play::Options { mode, seed, random };
            let stdin = std::io::stdin();
            play::run(data, &opts, stdin.lock(), std::io::stdout()).map_err(|e| e.to_string())
        }
        Command::Replay { file, json } => {
            let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
            print!("{}", replay::run(data, &text, json)?);
            Ok(())
        }
        Command::Selfplay { games, seed, players, max_rounds, check } => {
            let sum = selfplay::run(data, games, seed, mode_of(players)?, max_rounds, check)
                .map_err(|e| format!("self-play found a bug: {e}"))?;
            println!("{}", sum.line());
            Ok(())
        }
        Command::Bench { games, render_runs } => {
            for mode in [Mode::TwoPlayer, Mode::FourPlayer] {
                let sum = selfplay::run(data.clone(), games, 1, mode, 500, false)?;
                let per_decision = sum.seconds * 1e6 / sum.decisions.max(1) as f64;
                println!(
                    "rules {}p: {:.1} games/s, {:.2} us per decision ({} games, {} decisions, one core)",
                    mode.seats(),
                    f64::from(sum.games) / sum.seconds.max(1e-9),
                    per_decision,
                    sum.games,
                    sum.decisions
                );
            }
            render::bench(data, render_runs)?.iter().for_each(|l| println!("{l}"));
            Ok(())
        }
        Command::RenderExamples { out } => {
            println!("wrote {} pictures to {}", render::examples(data, &out)?.len(), out.display());
            Ok(())
        }
        Command::Render { replay, out } => {
            let text =
                std::fs::read_to_string(&replay).map_err(|e| format!("cannot read {}: {e}", replay.display()))?;
            println!("wrote {} pictures to {}", render::replay(data, &text, &out)?.len(), out.display());
            Ok(())
        }
    }
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gambit: {e}");
            ExitCode::FAILURE
        }
    }
}
