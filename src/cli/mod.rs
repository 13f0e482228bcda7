//! Offline commands: the terminal game, replays, self-play and board pictures.

pub mod agent;
pub mod play;
pub mod render;
pub mod replay;
pub mod selfplay;
pub mod text;
