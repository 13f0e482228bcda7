//! Offline commands: the terminal game, replays and self-play.

pub mod agent;
pub mod selfplay;
