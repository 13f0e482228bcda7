//! Stratego's computer players, at three levels, each handed only what its seat may know (`Asked`, built
//! by the table from the seat's view, the public memory of the game and the fallen pieces it was shown):
//! `easy`, the script (`script`); `normal` and `hard`, which keep a belief over the other side's hidden
//! pieces (`belief`), draw whole worlds from it and search each (`search`), with setups drawn from sound
//! plans (`plan`). A searching level answers after a steady delay in live play, so its thinking time
//! tells nothing.

mod belief;
mod external;
mod memory;
mod plan;
mod script;
mod search;

pub use belief::Belief;
pub use memory::{Memory, Track};
pub use script::{choose, ranked, setup};
pub use search::{Depth, Search};

use crate::games::NoAnswer;
use crate::games::effort::{Level, LevelBudget, Settings};
use crate::games::stratego::action::Action;
use crate::games::stratego::board::Square;
use crate::games::stratego::game::splitmix;
use crate::games::stratego::piece::{Kind, Side};
use crate::games::stratego::roster::Roster;
use crate::games::stratego::rules::Rules;
use crate::games::stratego::view::View;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A position as one seat knows it when it must act.
#[derive(Clone, Debug)]
pub struct Position {
    /// The board as the seat sees it.
    pub view: View,
    /// Its legal actions (they name only squares).
    pub actions: Vec<Action>,
    /// How many choices came before.
    pub step: u64,
    /// The game's options (public).
    pub rules: Rules,
    pub roster: Arc<Roster>,
    /// What is publicly known of each piece on the board, by square.
    pub tracks: Vec<(Square, Track)>,
    /// The other side's fallen pieces, each shown to both players as it fell.
    pub fallen: Vec<Kind>,
}

/// What the computer at one seat may know as it decides.
#[derive(Clone, Debug)]
pub enum Asked {
    /// Its setup, still to lock (`drafted`: one is arranged already).
    Setup {
        drafted: bool,
        side: Side,
        rules: Rules,
        roster: Arc<Roster>,
    },
    Move(Box<Position>),
}

/// The scripted player's answer, as a choice id: a drafted setup is locked as drawn, else one is drawn
/// with the Lightsaber guarded.
pub fn answer(asked: &Asked, seed: u64) -> Option<String> {
    match asked {
        Asked::Setup { drafted: true, .. } => Some("setup draft".into()),
        Asked::Setup { drafted: false, .. } => Some("setup guarded".into()),
        Asked::Move(p) => choose(&p.view, &p.actions, seed).map(|a| a.to_string()),
    }
}

/// The levels' names, easiest first.
pub const LEVELS: [&str; 3] = ["easy", "normal", "hard"];

/// The computer at `level` (`easy`, `normal`, `hard`; `random`; an outside program, `cmd:PROGRAM`),
/// seeded, within the host's `effort`.
pub fn player(level: &str, seed: u64, effort: &Settings) -> Result<Box<dyn crate::games::Player>, String> {
    if crate::games::effort::is_program(level) {
        let command = level.trim_start().trim_start_matches("cmd:").trim();
        return Ok(Box::new(external::External::new(command, effort.command_limit)));
    }
    match Level::from_key(level) {
        _ if level == "random" => Ok(Box::new(Random { seed })),
        _ if level == "scripted" => Ok(Box::new(Scripted { seed })),
        Some(Level::Easy) => Ok(Box::new(Scripted { seed })),
        Some(level) => Ok(Box::new(Thinker { seed, level, budget: effort.budget(level), steady: effort.steady })),
        None => Err(format!("Stratego's computer plays at {} (or random), not '{level}'", LEVELS.join(", "))),
    }
}

/// The scripted player as the seam's computer (`games::Player`): each move seeded by its own seed and the
/// game's length (a setup by its seed alone), and nothing kept between decisions, so a table's computer
/// made afresh after a restart plays on exactly as it would have.
pub struct Scripted {
    seed: u64,
}

impl Scripted {
    pub fn new(seed: u64) -> Scripted {
        Scripted { seed }
    }
}

/// Reads what a Stratego player was shown.
fn asked(seen: &(dyn std::any::Any + Send)) -> Result<&Asked, NoAnswer> {
    seen.downcast_ref::<Asked>().ok_or_else(|| NoAnswer::Fault("Stratego's computer was shown another game".into()))
}

fn step_of(asked: &Asked) -> u64 {
    match asked {
        Asked::Move(p) => p.step,
        Asked::Setup { .. } => 0,
    }
}

impl crate::games::Player for Scripted {
    fn choose(&mut self, seen: &(dyn std::any::Any + Send)) -> Result<String, NoAnswer> {
        let asked = asked(seen)?;
        answer(asked, splitmix(self.seed ^ step_of(asked)))
            .ok_or_else(|| NoAnswer::Fault("it has no move to make".into()))
    }

    /// It answers at once.
    fn searches(&self) -> bool {
        false
    }
}

/// The random player (the arena's floor): any legal action, a random setup.
pub struct Random {
    seed: u64,
}

impl crate::games::Player for Random {
    fn choose(&mut self, seen: &(dyn std::any::Any + Send)) -> Result<String, NoAnswer> {
        match asked(seen)? {
            Asked::Setup { .. } => Ok("setup random".into()),
            Asked::Move(p) => {
                let pick = splitmix(self.seed ^ p.step) as usize;
                let action = p.actions.get(pick % p.actions.len().max(1));
                action.map(|a| a.to_string()).ok_or_else(|| NoAnswer::Fault("it has no move to make".into()))
            }
        }
    }

    fn searches(&self) -> bool {
        false
    }
}

/// A searching level: worlds drawn from its belief, each searched; its setups from the plans. Like the
/// script it keeps nothing between decisions.
pub struct Thinker {
    seed: u64,
    level: Level,
    budget: LevelBudget,
    /// Answer only when the level's time cap has passed (live play), whatever the search took.
    steady: bool,
}

impl Thinker {
    /// The worlds and depth of this level's search.
    fn depth(&self) -> Depth {
        if self.level == Level::Hard { Depth::Deep } else { Depth::Reply }
    }

    /// Its answer to `asked`, seeded.
    pub fn answer(&self, asked: &Asked, seed: u64, deadline: Option<Instant>) -> Option<String> {
        match asked {
            Asked::Setup { side, rules, roster, .. } => Some(plan::setup_choice(roster, rules.variant, *side, seed)),
            Asked::Move(p) => {
                let worlds = worlds(self.budget.iterations);
                Search::new(p, self.depth(), seed).best(worlds, deadline).map(|a| a.to_string())
            }
        }
    }
}

/// The worlds a budget buys: a tenth of a level's iterations (a world of Stratego searches quickly).
pub fn worlds(iterations: u32) -> u32 {
    iterations.div_ceil(10).max(1)
}

impl crate::games::Player for Thinker {
    fn choose(&mut self, seen: &(dyn std::any::Any + Send)) -> Result<String, NoAnswer> {
        let asked = asked(seen)?;
        let started = Instant::now();
        let deadline = started.checked_add(self.budget.cap);
        let choice = self.answer(asked, splitmix(self.seed ^ step_of(asked)), deadline);
        if self.steady {
            // The same delay whatever was searched: its length depends on nothing the seat hides.
            let wait = self.budget.cap.saturating_sub(started.elapsed());
            if wait > Duration::ZERO {
                std::thread::sleep(wait);
            }
        }
        choice.ok_or_else(|| NoAnswer::Fault("it has no move to make".into()))
    }
}

#[cfg(test)]
mod tests;

/// A small seeded random source for the search (the same seed, the same worlds).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x243F_6A88_85A3_08D3)
    }

    pub fn draw(&mut self) -> u64 {
        self.0 = splitmix(self.0);
        self.0
    }

    /// A number in 0..1.
    pub fn unit(&mut self) -> f64 {
        (self.draw() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index drawn with the given weights (none if they are all zero).
    pub fn weighted(&mut self, weights: &[f64]) -> Option<usize> {
        let total: f64 = weights.iter().filter(|w| **w > 0.0).sum();
        if total <= 0.0 {
            return None;
        }
        let mut x = self.unit() * total;
        for (i, w) in weights.iter().enumerate() {
            if *w > 0.0 {
                if x < *w {
                    return Some(i);
                }
                x -= w;
            }
        }
        weights.iter().rposition(|w| *w > 0.0)
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.draw() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}
