//! Star Wars: The Queen's Gambit as a Discord play-by-post bot. An unofficial fan implementation.
//!
//! Layers: `rules` (the game, pure) <- `cli` (offline commands).

pub mod cli;
pub mod config;
pub mod rules;
pub mod service;
pub mod store;
