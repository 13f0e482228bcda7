//! The searching player: flat Monte Carlo over sampled worlds. For each option of the question, it draws
//! worlds consistent with what its seat knows (`rules::Worlds`: the hidden cards dealt again, the real
//! queen drawn for the Trade Federation, its own dice), plays the option, plays on with the self-play
//! players to the start of the next round, and scores the world by the game's own measures
//! (`World::value`). The option with the best average wins. Its strength is its budget: iterations in
//! all (reproducible), capped by time in live play; the search is anytime and stops at the cap with the
//! best so far.

use super::uniform::plan_step;
use super::{Agent, Seen};
use crate::rules::{Choice, Data, GameRng, Prompt, RandomAgent};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub struct Search {
    rng: GameRng,
    players: RandomAgent,
    /// Worlds played in all for one decision.
    budget: u32,
    /// The most time one decision may take.
    cap: Duration,
    /// Choices a playout makes at most before it is scored.
    depth: u32,
}

impl Search {
    pub fn new(data: &Arc<Data>, seed: u64, budget: u32, cap: Duration) -> Search {
        Search {
            rng: GameRng::new(seed ^ 0x5EA6_C4ED),
            players: RandomAgent::new(data, seed),
            budget: budget.max(1),
            cap,
            depth: 600,
        }
    }
}

impl Agent for Search {
    fn choose(&mut self, seen: &Seen) -> Choice {
        // A plan is searched card by card: which card to add next, then lock in (never taking cards back
        // out, which would let a plan go round in circles).
        let options: Vec<&Choice> = match seen.prompt {
            Prompt::Plan { .. } => {
                let adds: Vec<&Choice> = seen.choices().filter(|c| matches!(c, Choice::PlanAdd(_))).collect();
                if adds.is_empty() { seen.choices().filter(|c| **c == Choice::PlanLock).collect() } else { adds }
            }
            _ => seen.choices().collect(),
        };
        let fallback = || plan_step(&mut GameRng::new(0), seen).or_else(|| options.first().map(|c| (*c).clone()));
        let Some(worlds) = &seen.worlds else { return fallback().unwrap_or(Choice::Done) };
        if options.len() <= 1 {
            return options.first().map(|c| (*c).clone()).unwrap_or(Choice::Done);
        }
        let side = seen.seat.side();
        let started = Instant::now();
        let (mut total, mut tried) = (vec![0.0_f64; options.len()], vec![0u32; options.len()]);
        for i in 0..self.budget {
            if i > 0 && started.elapsed() >= self.cap {
                break;
            }
            let k = i as usize % options.len();
            let seed = (u64::from(self.rng.below(u32::MAX as usize) as u32) << 32) | u64::from(i);
            let mut world = worlds.sample(seed);
            if !world.play(seen.seat, options[k]) {
                continue;
            }
            let until = world.round() + 1;
            let mut players = self.players.reseeded(seed);
            world.playout(&mut players, until, self.depth);
            total[k] += world.value(side);
            tried[k] += 1;
        }
        let mean = |k: usize| if tried[k] == 0 { f64::MIN } else { total[k] / f64::from(tried[k]) };
        let best = (0..options.len()).max_by(|a, b| mean(*a).total_cmp(&mean(*b))).unwrap_or(0);
        options[best].clone()
    }
}
