//! What the command line sets up for a game's own commands, shared by every game's and by the registry
//! that finds them (so neither reaches back into the other).

use super::failure::{Failure, Kind};
use std::path::Path;
use std::sync::Arc;

/// What the command line set up for a game's own command: the first game's data, the host's settings, the
/// database when one was named, and the folder of a host's own game files.
pub struct Setup<'a> {
    pub data: Arc<crate::games::queens_gambit::rules::Data>,
    pub config: &'a crate::config::Config,
    pub db: Option<&'a Path>,
    pub assets: Option<&'a Path>,
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
