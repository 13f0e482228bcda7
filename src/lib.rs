//! Star Wars: The Queen's Gambit as a Discord play-by-post bot. An unofficial fan implementation.
//!
//! Layers: `rules` (the game, pure) <- `render` (board pictures) <- `cli` (offline commands).

pub mod cli;
pub mod config;
pub mod discord;
pub mod ops;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
