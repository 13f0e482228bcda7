use clap::{Parser, Subcommand};
use gambit::cli::selfplay;
use gambit::rules::{Data, Mode};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "gambit",
    version,
    about = "Star Wars: The Queen's Gambit - an unofficial fan implementation"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Selfplay {
            games,
            seed,
            players,
            max_rounds,
            check,
        } => {
            let Some(mode) = Mode::from_players(players) else {
                eprintln!("--players must be 2 or 4");
                return ExitCode::from(2);
            };
            match selfplay::run(Data::embedded(), games, seed, mode, max_rounds, check) {
                Ok(sum) => {
                    println!("{}", sum.line());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("self-play found a bug: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
