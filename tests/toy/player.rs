//! Trio's one computer level: any legal choice at random, from a tiny seeded generator (splitmix64, so no
//! crate is needed and a seed always plays the same game).

use gambit::games::{NoAnswer, Player};
use std::any::Any;

/// The level's name, as `Kind::levels` lists it.
pub const LEVEL: &str = "random";

/// Picks one of the leaf ids `Engine::seen` lists (a `Vec<String>`).
pub struct Random {
    state: u64,
}

impl Random {
    pub fn new(seed: u64) -> Random {
        Random { state: seed }
    }

    fn draw(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl Player for Random {
    fn choose(&mut self, seen: &(dyn Any + Send)) -> Result<String, NoAnswer> {
        let Some(ids) = seen.downcast_ref::<Vec<String>>() else {
            return Err(NoAnswer::Fault("Trio's computer was shown another game".into()));
        };
        // `checked_rem`: an empty list has no pick (and no division by zero).
        let pick = self.draw().checked_rem(ids.len() as u64).and_then(|i| usize::try_from(i).ok());
        pick.and_then(|i| ids.get(i)).cloned().ok_or_else(|| NoAnswer::Fault("there was nothing to choose".into()))
    }

    /// It answers at once.
    fn searches(&self) -> bool {
        false
    }
}
