//! Star Wars: The Queen's Gambit as a Discord play-by-post bot. An unofficial fan implementation.
//!
//! Layers, each using only those below it:
//! - `rules`: the game, pure and deterministic; it words its own questions and events, and hands out
//!   `View`s (one reader's share) and `PublicView`s (everyone's share).
//! - `ratings` (players' ratings, arithmetic over finished games), `render` (board pictures of a view),
//!   `text` (text boards of a view), `store` (the database), `ops` (health and metrics), `config`.
//! - `service`: the one door. Only it touches `store`; it authorizes every call and returns data
//!   (`Update`, whose `public` part is all a public message may be built from).
//! - `discord` (the bot: it translates, and never imports `cli` or `store`), `web` (the games' pages,
//!   through the service alone) and `cli` (the command line and offline front ends).

pub mod cli;
pub mod config;
pub mod discord;
pub mod games;
pub mod ops;
pub mod ratings;
pub mod render;
pub mod service;
pub mod store;
pub mod text;
pub mod web;
