//! What tests may read that front ends may not: the whole state of a game, and a few of the rules'
//! internals. `Game::state` is private to the crate; a test brings `Inspect` into scope to read it
//! (`use gambit::games::queens_gambit::rules::testing::Inspect`). Nothing in `src` uses this module (`tests/service/layers.rs`).

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

// What rules tests reach below the surface: a piece and a frame of the stack as the state holds them, and
// the rules' own reach and reachability questions (the tests ask them of positions they build).
pub use super::activation::movement_for;
pub use super::movement::{Reach, reach};
pub use super::piece::Piece;
pub use super::state::Frame;
pub use super::targets::can_attack;
