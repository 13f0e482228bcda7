//! Each game's own part of the command line, by its key: the one place the shared command code looks a
//! game up (`--game KEY`). A key with no entry is refused with the keys there are.

use super::args::Command;
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

/// A game's own command, given the command as parsed.
pub type Handler = fn(&Setup, &Command) -> Result<(), Failure>;

/// A game's self-play and arena.
pub struct Slot {
    pub selfplay: Handler,
    pub arena: Handler,
}

/// The games the command line plays, by key.
const KEYS: [&str; 2] = [crate::games::queens_gambit::KEY, crate::games::stratego::KEY];

/// Game `key`'s own part.
pub fn slot(key: &str) -> Result<Slot, Failure> {
    match key {
        crate::games::queens_gambit::KEY => {
            Ok(Slot { selfplay: super::queens_gambit::selfplay, arena: super::queens_gambit::arena })
        }
        crate::games::stratego::KEY => Ok(Slot { selfplay: super::stratego::selfplay, arena: super::stratego::arena }),
        other => Err(Failure::new(Kind::Usage, format!("--game {other}: the games are {}", KEYS.join(", ")))),
    }
}

/// A command that reached a game's handler it is not for (a slip in the table above).
pub fn misrouted() -> Failure {
    Failure::new(Kind::Problem, "the command reached a handler it is not for")
}
