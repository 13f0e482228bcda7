//! The easy level: the scripted player of `rules::Taste`, from its seat's view, with no search. It plans
//! by the taste's card worths and answers every other question with the option the taste scores best,
//! ties broken at random; it never makes a random move on purpose.

use super::{Agent, Forfeit, Seen};
use crate::games::queens_gambit::rules::{Choice, Data, GameRng, Maps, Taste};
use std::sync::Arc;

pub struct Scripted {
    rng: GameRng,
    data: Arc<Data>,
    maps: Arc<Maps>,
}

impl Scripted {
    pub fn new(data: &Arc<Data>, seed: u64) -> Scripted {
        Scripted::with_maps(data, Arc::new(Maps::of(data)), seed)
    }

    /// `new`, with the distance maps of `data` worked out already (they take longer than a choice).
    pub fn with_maps(data: &Arc<Data>, maps: Arc<Maps>, seed: u64) -> Scripted {
        Scripted { rng: GameRng::new(seed ^ 0x5C21_97ED), data: data.clone(), maps }
    }
}

impl Agent for Scripted {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        if let Some(c) = super::plan::next_step(&self.data, seen) {
            return Ok(c);
        }
        let (d, side) = (&*self.data, seen.seat.side());
        let taste = Taste::of_view(d, &seen.view);
        let pick = self
            .rng
            .best_by(seen.options.len(), |i| taste.score(d, &self.maps, side, &seen.prompt, &seen.options[i].0));
        Ok(seen.options.get(pick).map(|(c, _)| c.clone()).unwrap_or(Choice::Done))
    }
}
