//! Computer players. An agent is given what its seat may see and nothing else — the seat's `View`, the
//! question with its legal options (`Seen`) — and answers with one of the options. Nothing here names the
//! engine's game or state (the layers test holds it to that): an agent cannot peek, by construction.
//!
//! The referee that asks agents and plays their answers lives above (`cli::arena`, and the service for
//! games in Discord).

mod external;
mod greedy;
mod level;
mod plan;
mod scripted;
mod search;
mod seen;
mod uniform;

pub use external::External;
pub use greedy::Greedy;
pub use level::{Level, LevelBudget, Settings, Spec};
pub use scripted::Scripted;
pub use search::Search;
pub use seen::Seen;
pub use uniform::Uniform;

use crate::games::queens_gambit::rules::{Choice, Data};
use std::sync::Arc;

/// A player that answers questions from what its seat sees.
pub trait Agent: Send {
    /// One of `seen.options`, or a forfeit (an outside program that answered late, wrongly, or died).
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit>;

    /// What the agent expects of the game from its seat, from 0 (lost) to 1 (won), as of its last search
    /// (none: it does not search).
    fn expectation(&self) -> Option<f64> {
        None
    }

    /// Worlds played by its searches so far (0: it does not search).
    fn worlds_played(&self) -> u64 {
        0
    }
}

/// Why an agent gave up the game: said to people as it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Forfeit(pub String);

/// The agent a spec names, seeded with `seed`, its budgets from `settings`.
pub fn agent(spec: &Spec, data: &Arc<Data>, seed: u64, settings: &Settings) -> Box<dyn Agent> {
    match spec {
        Spec::Random => Box::new(Uniform::new(seed)),
        Spec::Greedy => Box::new(Greedy::new(data, seed)),
        Spec::Level(Level::Easy) => Box::new(Scripted::new(data, seed)),
        Spec::Level(level) => Box::new(Search::new(data, seed, settings.budget(*level))),
        Spec::Command(program) => Box::new(External::new(data, program).with_limit(settings.command_limit)),
    }
}

/// An agent as the seam's computer player (`games::Player`): it reads a `Seen` and answers with its
/// choice's text, the line a log keeps.
pub struct Playing {
    agent: Box<dyn Agent>,
    data: Arc<Data>,
    searches: bool,
}

/// The agent a spec names as the seam's computer player (`agent`, wrapped).
pub fn player(spec: &Spec, data: &Arc<Data>, seed: u64, settings: &Settings) -> Box<dyn crate::games::Player> {
    // The scripted, greedy and random players answer at once; the searching levels and an outside
    // program take their time.
    let searches = !matches!(spec, Spec::Random | Spec::Greedy | Spec::Level(Level::Easy));
    Box::new(Playing { agent: agent(spec, data, seed, settings), data: data.clone(), searches })
}

impl crate::games::Player for Playing {
    fn choose(&mut self, seen: &(dyn std::any::Any + Send)) -> Result<String, crate::games::NoAnswer> {
        use crate::games::NoAnswer;
        let shown = seen.downcast_ref::<Seen>();
        let seen = shown.ok_or_else(|| NoAnswer::Fault("the first game's computer was shown another game".into()))?;
        self.agent.choose(seen).map(|c| c.text(&self.data)).map_err(|f| NoAnswer::Forfeit(f.0))
    }

    fn expectation(&self) -> Option<f64> {
        self.agent.expectation()
    }

    fn searches(&self) -> bool {
        self.searches
    }
}

/// The agents by name, as `gambit arena` and `gambit play --ai` spell them, with the default budgets
/// times `scale` (the arena's `--budget-scale`).
pub fn by_name_scaled(name: &str, data: &Arc<Data>, seed: u64, scale: f64) -> Result<Box<dyn Agent>, String> {
    let spec: Spec = name.parse()?;
    Ok(agent(&spec, data, seed, &Settings::default().scaled(scale)))
}

/// The agent's first choice, when a caller has no use for a forfeit (the built-in agents never forfeit).
pub fn first_option(seen: &Seen) -> Choice {
    seen.options.first().map(|(c, _)| c.clone()).unwrap_or(Choice::Done)
}
