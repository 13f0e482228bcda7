//! The weakest player: any legal answer, each as likely (a plan: random cards, then lock in).

use super::{Agent, Forfeit, Seen};
use crate::games::queens_gambit::rules::{Choice, GameRng};

pub struct Uniform {
    rng: GameRng,
}

impl Uniform {
    pub fn new(seed: u64) -> Uniform {
        Uniform { rng: GameRng::new(seed ^ 0x0A11_F0C5) }
    }
}

/// A plan's step for a player with no taste in cards: add a random card while there is room, then lock.
pub(super) fn plan_step(rng: &mut GameRng, seen: &Seen) -> Option<Choice> {
    let adds: Vec<&Choice> = seen.choices().filter(|c| matches!(c, Choice::PlanAdd(_))).collect();
    if !adds.is_empty() {
        return Some(adds[rng.below(adds.len())].clone());
    }
    seen.choices().find(|c| **c == Choice::PlanLock).cloned()
}

impl Agent for Uniform {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        if let Some(c) = plan_step(&mut self.rng, seen) {
            return Ok(c);
        }
        let n = seen.options.len().max(1);
        Ok(seen.options.get(self.rng.below(n)).map(|(c, _)| c.clone()).unwrap_or(Choice::Done))
    }
}
