//! Each game's own part of the command line, by its key: the one place the shared command code looks a
//! game up (`--game KEY`, or the game a replay script is of). A key with no entry is refused with the
//! keys there are.

use super::args::Command;
use super::failure::{Failure, Kind};
use super::report::Report;
use super::setup::Setup;

/// A game's own command, given the command as parsed.
pub type Handler = fn(&Setup, &Command) -> Result<(), Failure>;

/// A game's own commands.
pub struct Slot {
    pub key: &'static str,
    /// `gambit play`: a game at the terminal.
    pub play: Handler,
    pub selfplay: Handler,
    /// `gambit arena`: the game's options from its own flags (the arena itself is every game's).
    pub arena_options: fn(&Command) -> Result<String, Failure>,
    /// `gambit check-dice` of one of its scripts.
    pub check_dice: Handler,
    /// `gambit render` of one of its scripts.
    pub render: Handler,
    /// `gambit replay` of one of its scripts, when it tells more than every game's replay does.
    pub replay: Option<Handler>,
    /// `gambit render-examples`, when it has them.
    pub examples: Option<Handler>,
    /// Its part of `gambit bench`.
    pub bench: fn(&Setup, &Command) -> Result<Report, Failure>,
}

/// The games the command line plays, the first the one it plays when none is named.
fn slots() -> [Slot; 2] {
    use super::{queens_gambit as qg, stratego as st};
    [
        Slot {
            key: crate::games::queens_gambit::KEY,
            play: qg::play,
            selfplay: qg::selfplay,
            arena_options: qg::arena_options,
            check_dice: qg::check_dice,
            render: qg::render,
            replay: Some(qg::replay),
            examples: Some(qg::examples),
            bench: qg::bench,
        },
        Slot {
            key: crate::games::stratego::KEY,
            play: st::play,
            selfplay: st::selfplay,
            arena_options: st::arena_options,
            check_dice: st::check_dice,
            render: st::render,
            replay: None,
            examples: None,
            bench: st::bench,
        },
    ]
}

/// Every game's commands, the default first.
pub fn all() -> impl Iterator<Item = Slot> {
    slots().into_iter()
}

/// The game played when a command names none.
pub fn default() -> Slot {
    let [first, ..] = slots();
    first
}

/// The game a command names by its key (`--game KEY`), or the default when it names none.
pub fn named(key: Option<&str>) -> Result<Slot, Failure> {
    key.map_or_else(|| Ok(default()), slot)
}

/// Game `key`'s own part.
pub fn slot(key: &str) -> Result<Slot, Failure> {
    all().find(|s| s.key == key).ok_or_else(|| {
        let keys: Vec<&str> = all().map(|s| s.key).collect();
        Failure::new(Kind::Usage, format!("--game {key}: the games are {}", keys.join(", ")))
    })
}

/// The game a replay script is of; a script no game owns goes to the default game, whose reading of it
/// says what is wrong.
pub fn of_script(setup: &Setup, text: &str) -> Option<Slot> {
    match setup.catalog.owner_of(text) {
        Some(kind) => all().find(|s| s.key == kind.key()),
        None => Some(default()),
    }
}
