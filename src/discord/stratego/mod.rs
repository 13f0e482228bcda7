//! Stratego on Discord: its own subcommands. The rest of its presentation is every game's.

pub mod commands;
