//! The searching player: flat Monte Carlo over sampled worlds. For each option of the question, it draws
//! worlds consistent with what its seat knows (`rules::Worlds`: the hidden cards dealt again, the real
//! queen drawn for the Trade Federation, its own dice), plays the option, plays on with the self-play
//! players to the start of the next round, and scores the world by the game's own measures
//! (`World::value`). The option with the best average wins (a level with a temperature picks among the
//! better ones by a softmax of their averages). Its strength is its budget: iterations in all
//! (reproducible), capped by time in live play; the search is anytime and stops at the cap with the best
//! so far.

use super::uniform::plan_step;
use super::{Agent, Forfeit, LevelBudget, Seen};
use crate::rules::{Choice, Data, GameRng, Prompt, RandomAgent};
use std::sync::Arc;
use std::time::Instant;

pub struct Search {
    rng: GameRng,
    players: RandomAgent,
    budget: LevelBudget,
    /// Choices a playout makes at most before it is scored.
    depth: u32,
    /// The value of the option chosen last, as the search estimated it.
    expected: Option<f64>,
    /// Worlds played in all, over every decision (for iterations per second).
    pub played: u64,
}

impl Search {
    pub fn new(data: &Arc<Data>, seed: u64, budget: LevelBudget) -> Search {
        Search {
            rng: GameRng::new(seed ^ 0x5EA6_C4ED),
            players: RandomAgent::new(data, seed),
            budget: LevelBudget { iterations: budget.iterations.max(1), ..budget },
            depth: 600,
            expected: None,
            played: 0,
        }
    }

    /// The options worth searching: a plan is searched card by card (which card to add next, then lock
    /// in; never taking cards back out, which would let a plan go round in circles).
    fn candidates(seen: &Seen) -> Vec<&Choice> {
        match seen.prompt {
            Prompt::Plan { .. } => {
                let adds: Vec<&Choice> = seen.choices().filter(|c| matches!(c, Choice::PlanAdd(_))).collect();
                if adds.is_empty() { seen.choices().filter(|c| **c == Choice::PlanLock).collect() } else { adds }
            }
            _ => seen.choices().collect(),
        }
    }

    /// Pick by value: the best, or with a temperature a softmax draw over the values.
    fn pick(&mut self, means: &[f64]) -> usize {
        let best = (0..means.len()).max_by(|a, b| means[*a].total_cmp(&means[*b])).unwrap_or(0);
        let t = self.budget.temperature;
        if t <= 0.0 || !means[best].is_finite() {
            return best;
        }
        let weights: Vec<f64> =
            means.iter().map(|m| if m.is_finite() { ((m - means[best]) / t).exp() } else { 0.0 }).collect();
        let total: f64 = weights.iter().sum();
        // A draw in [0, total) from the seat's own generator.
        let mut x = (self.rng.below(1 << 30) as f64 / f64::from(1u32 << 30)) * total;
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                return i;
            }
            x -= w;
        }
        best
    }
}

impl Agent for Search {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        let options = Self::candidates(seen);
        let fallback = || plan_step(&mut GameRng::new(0), seen).or_else(|| options.first().map(|c| (*c).clone()));
        let Some(worlds) = &seen.worlds else { return Ok(fallback().unwrap_or(Choice::Done)) };
        if options.len() <= 1 {
            return Ok(options.first().map(|c| (*c).clone()).unwrap_or(Choice::Done));
        }
        let side = seen.seat.side();
        let started = Instant::now();
        let (mut total, mut tried) = (vec![0.0_f64; options.len()], vec![0u32; options.len()]);
        for i in 0..self.budget.iterations {
            if i > 0 && started.elapsed() >= self.budget.cap {
                break;
            }
            let k = i as usize % options.len();
            let seed = (u64::from(self.rng.below(u32::MAX as usize) as u32) << 32) | u64::from(i);
            let mut world = worlds.sample(seed);
            self.played += 1;
            if !world.play(seen.seat, options[k]) {
                continue;
            }
            let until = world.round() + 1;
            let mut players = self.players.reseeded(seed);
            world.playout(&mut players, until, self.depth);
            total[k] += world.value(side);
            tried[k] += 1;
        }
        let means: Vec<f64> =
            (0..options.len()).map(|k| if tried[k] == 0 { f64::MIN } else { total[k] / f64::from(tried[k]) }).collect();
        let pick = self.pick(&means);
        self.expected = Some(means[pick]).filter(|m| m.is_finite());
        Ok(options[pick].clone())
    }

    fn expectation(&self) -> Option<f64> {
        self.expected
    }
}
