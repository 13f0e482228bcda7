//! Each game's own part of the bot, by its key: the one place the Discord layer names a game. A game
//! with no entry is played through what every game shares (a lobby opened with its options, its menus a
//! level at a time, a line a move).

use super::commands::context::{Data, Error};
use super::room::Room;

/// What a game's presentation adds to the subcommands every game has.
pub struct Slot {
    /// Its typed choice's subcommand: its name and what it says.
    pub choose: (&'static str, &'static str),
    /// The parts of the board a player may ask for one by one (key, name); none: one picture.
    pub parts: &'static [(&'static str, &'static str)],
    /// The subcommands only it has (its own `new` among them).
    pub own: fn() -> Vec<poise::Command<Data, Error>>,
    /// How it is drawn: its own room, or (none) the tables' (every game's lines, menus a level at a time
    /// and pictures).
    pub room: Option<&'static dyn Room>,
}

/// How game `key` is drawn.
pub fn room(key: &str) -> &'static dyn Room {
    slot(key).and_then(|s| s.room).unwrap_or(&super::tables::TABLES)
}

/// Whether game `key` has a room of its own (not the tables').
pub fn own_room(key: &str) -> bool {
    slot(key).is_some_and(|s| s.room.is_some())
}

/// Every room with buttons of its own (`Room::click`).
pub fn rooms() -> [&'static dyn Room; 1] {
    [&super::queens_gambit::room::ROOM]
}

/// The game `key`'s own part, if it has one.
pub fn slot(key: &str) -> Option<Slot> {
    match key {
        "queens-gambit" => Some(Slot {
            choose: ("choose", "Make your move by typing it (suggests the legal ones)"),
            parts: &[
                ("overview", "everything"),
                ("palace", "Theed Palace"),
                ("battlefield", "Plains of Naboo"),
                ("core", "generator core"),
                ("space", "space battle"),
            ],
            own: super::queens_gambit::commands::own,
            room: Some(&super::queens_gambit::room::ROOM),
        }),
        "stratego" => Some(Slot {
            choose: ("move", "Make a move by typing it: b4 b5, or a power and its squares (vision e5 f7)"),
            parts: &[],
            own: super::stratego::commands::own,
            room: None,
        }),
        _ => None,
    }
}
