//! Trio, a toy game written for the tests only: it proves that a game plugs into the shared layers
//! (`gambit::games::Engine` and `Kind`) with nothing but its own folder. Three seats bid 1 to 3 in secret,
//! all at once; the highest bid begins, then each in turn takes 1 to 3 counters from a pile drawn from the
//! seed, and whoever takes the last counter wins.
//!
//! A test binary includes it with `#[path = "../toy/mod.rs"] mod toy;`, so nothing here names the test
//! crate: only `super::`/`self::` paths and `gambit::...`.
// Each test binary uses only part of it.
#![allow(dead_code)]

mod engine;
mod kind;
mod player;
#[allow(unused_imports)]
pub use player::LEVEL;
pub mod table;

/// The key lobbies, saved games and commands name Trio with.
pub const KEY: &str = "trio";

/// Trio as the service hosts it (`gambit::games::Kind`, implemented in `kind.rs`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Trio;

impl Trio {
    pub fn new() -> Trio {
        Trio
    }
}
