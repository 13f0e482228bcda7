//! Star Wars: The Queen's Gambit as a Discord play-by-post bot. An unofficial fan implementation.
//!
//! Layers, each using only those below it: `rules` (the game, pure) <- `render` (board pictures) and
//! `store` (the database) <- `ops` (health and metrics) <- `service` (the one door: who may do what) <-
//! `discord` (the bot) and `cli` (the command line and offline front ends).

pub mod cli;
pub mod config;
pub mod discord;
pub mod ops;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
pub mod text;
