//! The `gambit` program: read the command line, carry it out, and exit with a code that says how it went
//! (the README lists them).

use clap::Parser;
use gambit::cli::{args::Cli, command, failure::Kind};
use std::process::ExitCode;

fn main() -> ExitCode {
    match command::run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            // A closed pipe is the reader's choice, not an error to report.
            if f.kind != Kind::BrokenPipe {
                eprintln!("gambit: {}", f.message);
            }
            f.exit_code()
        }
    }
}
