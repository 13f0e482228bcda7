//! The command line and the offline front ends: the terminal game, replays, self-play, benchmarks, board
//! pictures, and the host's tools (backup, restore, migrate, verify, ratings, health). Each game's own
//! commands live in its folder here, found through `registry`.

pub mod arena;
pub mod args;
pub mod command;
mod ending;
pub mod failure;
mod logs;
pub mod queens_gambit;
mod ratings;
mod registry;
pub mod report;
pub mod script;
mod setup;
pub mod stratego;
pub mod table_play;
