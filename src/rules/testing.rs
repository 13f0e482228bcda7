//! What tests may read that front ends may not: the whole state of a game. `Game::state` is private to
//! the crate; a test brings this trait into scope to read it (`use gambit::rules::testing::Inspect`).
//! Nothing in `src` uses it (`tests/service/layers.rs`).

use super::{Game, State};

pub trait Inspect {
    /// The whole state, secrets included.
    fn state(&self) -> &State;
}

impl Inspect for Game {
    fn state(&self) -> &State {
        Game::state(self)
    }
}
