//! What the command line sets up for a game's own commands, shared by every game's and by the registry
//! that finds them (so neither reaches back into the other), with the helpers every game's commands use.

use super::failure::{Failure, Kind};
use crate::service::{Caller, UserId};
use std::path::Path;

/// What the command line set up for a game's own command: the host's settings, the database (`store`, as
/// configured; `db`, only when `--db` named one), the folder of a host's own game files, and every game
/// with its data (the service opens with it).
pub struct Setup<'a> {
    pub config: &'a crate::config::Config,
    pub store: &'a Path,
    pub db: Option<&'a Path>,
    pub assets: Option<&'a Path>,
    pub catalog: &'a crate::games::Catalog,
}

/// A command that reached a game's handler it is not for (a slip in the registry's table).
pub fn misrouted() -> Failure {
    Failure::new(Kind::Problem, "the command reached a handler it is not for")
}

/// The async runtime a command that reaches the database runs on.
pub fn runtime() -> Result<tokio::runtime::Runtime, Failure> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::new(Kind::Problem, format!("cannot start: {e}")))
}

/// The host at the terminal, asking as `user` (the command line holds the host's pass).
pub fn host(user: impl Into<UserId>) -> Caller {
    Caller::host(&crate::service::host::terminal(), user)
}

/// A file's text; a missing file and an unreadable one are told apart.
pub fn read(file: &Path) -> Result<String, Failure> {
    std::fs::read_to_string(file).map_err(|e| {
        let kind = if e.kind() == std::io::ErrorKind::NotFound { Kind::Missing } else { Kind::Io };
        Failure::new(kind, format!("cannot read {}: {e}", file.display()))
    })
}

/// The game a replay script is of (`--game`, or its first line `# gambit game N`), once its `seed` is
/// found to be the one sealed as `commitment` when that game started: any game's script.
pub fn sealed_game(text: &str, seed: u64, commitment: &str, game: Option<i64>) -> Result<i64, Failure> {
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
