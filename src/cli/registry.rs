//! Each game's own part of the command line, by its key: the one place the shared command code looks a
//! game up (`--game KEY`). A key with no entry is refused with the keys there are.

use super::args::Command;
use super::failure::{Failure, Kind};
use super::setup::Setup;

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
