//! *The Queen's Gambit* on Discord: its own subcommands. The rest of its presentation is every game's.

pub mod commands;
mod lobby;
