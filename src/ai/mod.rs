//! Computer players. An agent is given what its seat may see and nothing else — the seat's `View`, the
//! question with its legal options (`Seen`) — and answers with one of the options. Nothing here names the
//! engine's game or state (the layers test holds it to that): an agent cannot peek, by construction.
//!
//! The referee that asks agents and plays their answers lives above (`cli::arena`, and the service for
//! games in Discord).

mod greedy;
pub mod rating;
mod seen;
mod uniform;

pub use greedy::Greedy;
pub use seen::Seen;
pub use uniform::Uniform;

use crate::rules::{Choice, Data};
use std::sync::Arc;

/// A player that answers questions from what its seat sees.
pub trait Agent: Send {
    /// One of `seen.options`.
    fn choose(&mut self, seen: &Seen) -> Choice;
}

/// The agents by name, as `gambit arena` and `gambit play --ai` spell them.
pub fn by_name(name: &str, data: &Arc<Data>, seed: u64) -> Result<Box<dyn Agent>, String> {
    match name.trim() {
        "random" => Ok(Box::new(Uniform::new(seed))),
        "greedy" => Ok(Box::new(Greedy::new(data, seed))),
        other => Err(format!("'{other}' is not an agent: random or greedy")),
    }
}
