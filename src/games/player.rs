//! The computer as the seam sees it: a player of one game that reads what one seat may know
//! (`Engine::seen`) and answers with a choice id, as a person's click would. The service runs one that
//! searches off the async runtime, on its pool of search threads, and may keep it between decisions (a
//! plan for the round).

use super::Engine;
use std::any::Any;

/// Why a player has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoAnswer {
    /// It gives up (an outside program that answered late, wrongly or died): its side concedes. The
    /// reason may quote its hand.
    Forfeit(String),
    /// It cannot answer this (it was shown another game, it found no move): a fault, never a concession.
    Fault(String),
}

/// A computer player of one game.
pub trait Player: Send {
    /// Its choice (an id `Engine::apply` reads) for what `seen` shows, or why it has none.
    fn choose(&mut self, seen: &(dyn Any + Send)) -> Result<String, NoAnswer>;

    /// What it expects of the game from its seat, from 0 (lost) to 1 (won), as of its last search (none:
    /// it does not search).
    fn expectation(&self) -> Option<f64> {
        None
    }

    /// Whether it takes long to answer (a search, an outside program): it then waits its turn on the
    /// service's pool of search threads, off the async runtime. One that answers at once says so, and
    /// does not queue behind them.
    fn searches(&self) -> bool {
        true
    }
}

/// What `player` chooses at `seat` of `engine` now: none while the seat has nothing to decide.
pub fn choice_of(engine: &dyn Engine, seat: usize, player: &mut dyn Player) -> Option<Result<String, NoAnswer>> {
    let seen = engine.seen(seat)?;
    Some(player.choose(seen.as_ref()))
}
