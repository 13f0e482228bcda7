//! The game's seeded random numbers (dice and shuffles), with a queue of forced dice for tests and scripts.

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A seeded generator whose position is saved with the game, so a reloaded game rolls the same dice.
#[derive(Debug)]
pub struct GameRng {
    seed: u64,
    rng: ChaCha8Rng,
}

impl Clone for GameRng {
    fn clone(&self) -> Self {
        let mut r = GameRng::new(self.seed);
        r.rng.set_word_pos(self.rng.get_word_pos());
        r
    }
}

impl PartialEq for GameRng {
    fn eq(&self, other: &Self) -> bool {
        self.seed == other.seed && self.rng.get_word_pos() == other.rng.get_word_pos()
    }
}

impl GameRng {
    pub fn new(seed: u64) -> GameRng {
        GameRng { seed, rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n.max(1))
    }

    /// The index in 0..n whose `score` is highest, ties broken uniformly (reservoir sampling, no
    /// allocation): how the self-play and greedy players take their best-scored option.
    pub fn best_by(&mut self, n: usize, mut score: impl FnMut(usize) -> i64) -> usize {
        let (mut best, mut pick, mut ties) = (i64::MIN, 0, 0);
        for i in 0..n {
            let s = score(i);
            if s > best {
                (best, pick, ties) = (s, i, 1);
            } else if s == best {
                ties += 1;
                if self.below(ties) == 0 {
                    pick = i;
                }
            }
        }
        pick
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

#[derive(Serialize, Deserialize)]
struct Saved {
    seed: u64,
    /// Word position of the ChaCha stream, split in two for formats without 128-bit numbers.
    pos_hi: u64,
    pos_lo: u64,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let pos = self.rng.get_word_pos();
        Saved { seed: self.seed, pos_hi: (pos >> 64) as u64, pos_lo: pos as u64 }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let saved = Saved::deserialize(d)?;
        let mut r = GameRng::new(saved.seed);
        r.rng.set_word_pos((u128::from(saved.pos_hi) << 64) | u128::from(saved.pos_lo));
        Ok(r)
    }
}

/// A die face forced by a test or script: "0", "1", "2", "hit" for combat dice, 1..6 for Anakin's dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Forced {
    Value(u8),
    Riposte,
}

impl std::str::FromStr for Forced {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "hit" | "riposte" => Ok(Forced::Riposte),
            t => t
                .parse::<u8>()
                .ok()
                .filter(|v| *v <= 6)
                .map(Forced::Value)
                .ok_or_else(|| format!("'{s}' is not a die face (0, 1, 2, hit, or 1 to 6 for Anakin's dice)")),
        }
    }
}

impl std::fmt::Display for Forced {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forced::Value(v) => write!(f, "{v}"),
            Forced::Riposte => f.write_str("hit"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_rng_continues_the_same_stream() {
        let mut a = GameRng::new(7);
        for _ in 0..13 {
            a.below(6);
        }
        let json = serde_json::to_string(&a).unwrap();
        let mut b: GameRng = serde_json::from_str(&json).unwrap();
        let xs: Vec<usize> = (0..50).map(|_| a.below(1000)).collect();
        let ys: Vec<usize> = (0..50).map(|_| b.below(1000)).collect();
        assert_eq!(xs, ys);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = GameRng::new(1);
        let mut v: Vec<u32> = (0..45).collect();
        r.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..45).collect::<Vec<_>>());
        assert_ne!(v, s);
    }
}
