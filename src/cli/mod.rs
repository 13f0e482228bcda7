//! Offline commands: the terminal game, replays and self-play.

pub mod agent;
pub mod bench;
pub mod play;
pub mod replay;
pub mod selfplay;
pub mod text;
