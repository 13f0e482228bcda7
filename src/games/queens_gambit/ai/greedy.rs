//! The self-play player's taste, from its seat's view alone: most of the time the option a simple score
//! likes best (attack rather than not, use a unit rather than stop, move towards the nearest enemy or the
//! throne room, roll more dice), otherwise any; a plan of random cards. The yardstick the searching levels
//! must beat.

use super::uniform::plan_step;
use super::{Agent, Forfeit, Seen};
use crate::games::queens_gambit::rules::{Choice, Data, GameRng, Maps, Pos, Prompt, View};
use hexx::Hex;
use std::sync::Arc;

pub struct Greedy {
    rng: GameRng,
    data: Arc<Data>,
    maps: Arc<Maps>,
    /// Chance (out of 100) of the best-scored option rather than any.
    greed: usize,
}

impl Greedy {
    pub fn new(data: &Arc<Data>, seed: u64) -> Greedy {
        Greedy { rng: GameRng::new(seed ^ 0x06EE_D1E5), data: data.clone(), maps: Arc::new(Maps::of(data)), greed: 80 }
    }

    /// Where the enemies of the piece a question moves stand: battlefield hexes and core spaces.
    fn foes(&self, v: &View, prompt: &Prompt) -> (Vec<Hex>, Vec<u8>) {
        let d = &*self.data;
        let Some(me) = prompt.piece().and_then(|id| v.pieces.iter().find(|p| p.id == id)) else {
            return (Vec::new(), Vec::new());
        };
        let enemies = v.pieces.iter().filter(|p| p.side != me.side);
        let (mut field, mut core) = (Vec::new(), Vec::new());
        for p in enemies {
            match p.pos {
                Pos::Field { .. } => field.extend(d.field.index_of(p.pos).map(|i| d.field.cells[i].hex)),
                Pos::Core(c) => core.push(c),
                Pos::Palace { .. } => {}
            }
        }
        (field, core)
    }
}

impl Agent for Greedy {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        Ok(self.pick(seen))
    }
}

impl Greedy {
    fn pick(&mut self, seen: &Seen) -> Choice {
        if let Some(c) = plan_step(&mut self.rng, seen) {
            return c;
        }
        let n = seen.options.len().max(1);
        if self.rng.below(100) >= self.greed {
            return seen.options.get(self.rng.below(n)).map(|(c, _)| c.clone()).unwrap_or(Choice::Done);
        }
        let foes = self.foes(&seen.view, &seen.prompt);
        let (data, maps) = (&*self.data, &*self.maps);
        let pick = self.rng.best_by(seen.options.len(), |i| score(data, maps, seen, &foes, &seen.options[i].0));
        seen.options.get(pick).map(|(c, _)| c.clone()).unwrap_or(Choice::Done)
    }
}

/// How much the greedy player likes an answer.
fn score(d: &Data, maps: &Maps, seen: &Seen, foes: &(Vec<Hex>, Vec<u8>), c: &Choice) -> i64 {
    let distance = |to: Pos| -i64::from(maps.goal_distance(d, &foes.0, &foes.1, to));
    match (c, &seen.prompt) {
        (Choice::Target(_), _) => 100,
        (Choice::Unit(_), _) => 50,
        (Choice::Dice(n), _) => i64::from(*n),
        (Choice::Move(to), Prompt::Move { .. } | Prompt::Duel { .. }) => distance(*to),
        // A duellist that stops where it is scores like staying put.
        (Choice::Done, Prompt::Duel { piece, .. }) => {
            seen.view.pieces.iter().find(|p| p.id == *piece).map_or(0, |p| distance(p.pos))
        }
        _ => 0,
    }
}
