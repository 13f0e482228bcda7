//! The searching player: the scripted taste proposes, sampled worlds decide. Of the question's options it
//! weighs the few the taste (`rules::Taste`) likes best (more at a larger budget). It draws worlds
//! consistent with what its seat knows (`rules::Worlds`: the hidden cards dealt again, the real queen drawn
//! for the Trade Federation, its own dice) and plays every candidate in the same worlds with the same dice
//! (a paired comparison: luck cancels out), each followed by tasteful playouts of both sides to the start
//! of the next round (`RandomAgent::tasteful`: the other side's plan is drawn from its likely cards, never
//! chosen after seeing ours), scored by the game's own measures (`World::value`). The candidate with the
//! best average wins; a near tie goes to the taste's choice; a level with a temperature picks among the
//! better ones by a softmax of their averages. Its strength is its budget: worlds in all (reproducible),
//! capped by time in live play; the search is anytime and stops at the cap with the best so far.

use super::{Agent, Forfeit, LevelBudget, Seen};
use crate::rules::{Choice, Data, GameRng, Maps, Prompt, RandomAgent, Taste};
use std::sync::Arc;
use std::time::Instant;

pub struct Search {
    rng: GameRng,
    data: Arc<Data>,
    maps: Arc<Maps>,
    players: RandomAgent,
    budget: LevelBudget,
    /// Choices a playout makes at most before it is scored.
    depth: u32,
    /// The value of the option chosen last, as the search estimated it.
    expected: Option<f64>,
    /// Worlds played in all, over every decision (for iterations per second).
    pub played: u64,
}

/// What a candidate's average must beat the taste's choice by to be preferred (noise in a paired
/// comparison of a few hundred worlds is about this size).
const MARGIN: f64 = 0.004;

impl Search {
    pub fn new(data: &Arc<Data>, seed: u64, budget: LevelBudget) -> Search {
        Search {
            rng: GameRng::new(seed ^ 0x5EA6_C4ED),
            data: data.clone(),
            maps: Arc::new(Maps::of(data)),
            players: RandomAgent::tasteful(data, seed),
            budget: LevelBudget { iterations: budget.iterations.max(1), ..budget },
            depth: 600,
            expected: None,
            played: 0,
        }
    }

    /// How many options a decision weighs: more with a larger budget (2 to 8).
    fn breadth(&self) -> usize {
        (self.budget.iterations as usize / 250).clamp(2, 8)
    }

    /// The options worth searching, the taste's favourite first. A plan is searched card by card (which
    /// card to add next, then lock in; never taking cards back out, which would go round in circles).
    fn candidates(&mut self, seen: &Seen) -> Vec<Choice> {
        let d = &*self.data;
        let mut scored: Vec<(Choice, f64)> = match seen.prompt {
            Prompt::Plan { .. } => {
                let adds: Vec<(Choice, f64)> =
                    super::plan::ranked(d, seen).into_iter().map(|(c, w)| (Choice::PlanAdd(c), w)).collect();
                if adds.is_empty() {
                    seen.choices().filter(|c| **c == Choice::PlanLock).map(|c| (c.clone(), 0.0)).collect()
                } else {
                    adds
                }
            }
            _ => {
                let taste = Taste::of_view(d, &seen.view);
                let side = seen.seat.side();
                seen.choices()
                    .map(|c| (c.clone(), taste.score(d, &self.maps, side, &seen.prompt, c) as f64))
                    .collect()
            }
        };
        // Best first; equal scores in a random order (the options' order means nothing).
        self.rng.shuffle(&mut scored);
        scored.sort_by(|a, b| b.1.total_cmp(&a.1));
        scored.truncate(self.breadth());
        scored.into_iter().map(|(c, _)| c).collect()
    }

    /// Pick by value: the best (the taste's choice unless another beats it by the margin), or with a
    /// temperature a softmax draw over the values.
    fn pick(&mut self, means: &[f64]) -> usize {
        let best = (0..means.len()).max_by(|a, b| means[*a].total_cmp(&means[*b])).unwrap_or(0);
        let t = self.budget.temperature;
        if t <= 0.0 || !means[best].is_finite() {
            return if means[best] < means[0] + MARGIN { 0 } else { best };
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
        let options = self.candidates(seen);
        let Some(worlds) = &seen.worlds else { return Ok(options.first().cloned().unwrap_or(Choice::Done)) };
        if options.len() <= 1 {
            return Ok(options.first().cloned().unwrap_or(Choice::Done));
        }
        let side = seen.seat.side();
        let started = Instant::now();
        let rounds = (self.budget.iterations as usize / options.len()).max(1);
        let (mut total, mut tried) = (vec![0.0_f64; options.len()], vec![0u32; options.len()]);
        for i in 0..rounds {
            if i > 0 && started.elapsed() >= self.budget.cap {
                break;
            }
            // One world and one set of dice for every candidate.
            let seed = (u64::from(self.rng.below(u32::MAX as usize) as u32) << 32) | i as u64;
            for (k, option) in options.iter().enumerate() {
                let mut world = worlds.sample(seed);
                self.played += 1;
                if !world.play(seen.seat, option) {
                    continue;
                }
                let until = world.round() + 1;
                let mut players = self.players.reseeded(seed);
                world.playout(&mut players, until, self.depth);
                total[k] += world.value(side);
                tried[k] += 1;
            }
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
