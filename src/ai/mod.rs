//! Computer players. An agent is given what its seat may see and nothing else — the seat's `View`, the
//! question with its legal options (`Seen`) — and answers with one of the options. Nothing here names the
//! engine's game or state (the layers test holds it to that): an agent cannot peek, by construction.
//!
//! The referee that asks agents and plays their answers lives above (`cli::arena`, and the service for
//! games in Discord).

mod greedy;
pub mod rating;
mod search;
mod seen;
mod uniform;

pub use greedy::Greedy;
pub use search::Search;
pub use seen::Seen;
pub use uniform::Uniform;

use crate::rules::{Choice, Data};
use std::sync::Arc;

/// The computer's levels: by search budget (worlds played for one decision), capped by time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub fn budget(self) -> u32 {
        match self {
            Level::Easy => 0,
            Level::Normal => 1000,
            Level::Hard => 10_000,
        }
    }

    pub fn cap(self) -> std::time::Duration {
        match self {
            Level::Easy => std::time::Duration::ZERO,
            Level::Normal => std::time::Duration::from_secs(1),
            Level::Hard => std::time::Duration::from_secs(5),
        }
    }
}

/// A player that answers questions from what its seat sees.
pub trait Agent: Send {
    /// One of `seen.options`.
    fn choose(&mut self, seen: &Seen) -> Choice;
}

/// The agents by name, as `gambit arena` and `gambit play --ai` spell them.
pub fn by_name(name: &str, data: &Arc<Data>, seed: u64) -> Result<Box<dyn Agent>, String> {
    by_name_scaled(name, data, seed, 1.0)
}

/// `by_name`, every search budget multiplied by `scale` (the arena's `--budget-scale`).
pub fn by_name_scaled(name: &str, data: &Arc<Data>, seed: u64, scale: f64) -> Result<Box<dyn Agent>, String> {
    let budget = |l: Level| ((f64::from(l.budget()) * scale).round() as u32).max(1);
    match name.trim() {
        "random" => Ok(Box::new(Uniform::new(seed))),
        "greedy" | "easy" => Ok(Box::new(Greedy::new(data, seed))),
        "normal" => Ok(Box::new(Search::new(data, seed, budget(Level::Normal), Level::Normal.cap()))),
        "hard" => Ok(Box::new(Search::new(data, seed, budget(Level::Hard), Level::Hard.cap()))),
        other => Err(format!("'{other}' is not an agent: random, greedy, easy, normal or hard")),
    }
}
