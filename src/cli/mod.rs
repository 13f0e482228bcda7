//! Offline commands: the terminal game, replays, self-play, benchmarks and board pictures.

pub mod agent;
pub mod bench;
pub mod play;
pub mod render;
pub mod replay;
pub mod selfplay;
pub mod text;
