//! What the computer believes of the other side's hidden pieces, from its own seat: which pieces are
//! still unaccounted for (the army less every piece it has seen, on the board or fallen), and for each
//! hidden piece how likely each of them is, from where it stands and how it has behaved. Worlds are drawn
//! from it: full boards consistent with everything the seat knows.

use super::Rng;
use super::memory::Track;
use crate::games::stratego::board::Square;
use crate::games::stratego::piece::{Kind, Rank, Side};
use crate::games::stratego::roster::Roster;
use crate::games::stratego::rules::Variant;
use crate::games::stratego::view::View;

/// A hidden piece of the other side.
#[derive(Clone, Copy, Debug)]
struct Hidden {
    square: Square,
    track: Track,
    /// How many rows it stands from its own back row (0: the back row).
    depth: u8,
}

/// The belief over the other side's hidden pieces.
#[derive(Clone, Debug)]
pub struct Belief {
    hidden: Vec<Hidden>,
    /// The kinds not yet accounted for, with the rank of each (at least as many as hidden pieces).
    pool: Vec<(Kind, Rank)>,
}

impl Belief {
    /// The belief of `view`'s reader, with each piece's `tracks` and the other side's `fallen` kinds.
    pub fn of(view: &View, tracks: &[(Square, Track)], fallen: &[Kind], roster: &Roster, variant: Variant) -> Belief {
        let Some(me) = view.reader else { return Belief { hidden: Vec::new(), pool: Vec::new() } };
        let them = me.other();
        let mut pool: Vec<Kind> = roster.army(them, variant);
        let mut account = |k: Kind| {
            if let Some(i) = pool.iter().position(|p| *p == k) {
                pool.swap_remove(i);
            }
        };
        for k in fallen {
            account(*k);
        }
        let track_at = |s: Square| tracks.iter().find(|(q, _)| *q == s).map(|(_, t)| *t).unwrap_or_default();
        let mut hidden = Vec::new();
        for (s, seen) in view.squares.iter().filter(|(_, p)| p.side == them) {
            match seen.known {
                Some(k) => account(k.kind),
                None => {
                    let depth = if them == Side::Evil { s.row } else { 9 - s.row };
                    hidden.push(Hidden { square: *s, track: track_at(*s), depth });
                }
            }
        }
        if let Some(k) = view.waiting.filter(|p| p.side == them).and_then(|p| p.known) {
            account(k.kind);
        }
        let mut pool: Vec<(Kind, Rank)> = pool.into_iter().map(|k| (k, roster.kind(k).rank)).collect();
        pool.sort();
        Belief { hidden, pool }
    }

    /// How many of the other side's pieces are hidden from the reader.
    pub fn hidden(&self) -> usize {
        self.hidden.len()
    }

    /// One world: a kind for every hidden piece, drawn from the pool with the weights of the evidence. The
    /// Lightsaber and the detonators go to pieces that never moved (the Lightsaber likeliest at the back,
    /// detonators likeliest beside it); the moving ranks to the rest, each piece weighing them by how it
    /// behaved.
    pub fn draw(&self, rng: &mut Rng) -> Vec<(Square, Kind)> {
        let n = self.hidden.len();
        let mut kind: Vec<Option<Kind>> = vec![None; n];
        let mut pool = self.pool.clone();
        if pool.len() > n {
            // More unaccounted for than hidden (pieces that fell unseen, in a position set by hand): which
            // of them are still on the board is drawn too; the Lightsaber always is while play goes on.
            rng.shuffle(&mut pool);
            pool.sort_by_key(|(_, r)| *r != Rank::Lightsaber);
            pool.truncate(n);
        }
        let still: Vec<usize> = (0..n).filter(|i| !self.hidden[*i].track.moved).collect();
        let take_rank = |pool: &mut Vec<(Kind, Rank)>, rank: Rank| -> Option<Kind> {
            let at = pool.iter().position(|(_, r)| *r == rank)?;
            Some(pool.swap_remove(at).0)
        };
        // The Lightsaber first, then the detonators around it.
        let mut flag: Option<Square> = None;
        if pool.iter().any(|(_, r)| *r == Rank::Lightsaber) {
            let weights: Vec<f64> = still.iter().map(|i| flag_weight(&self.hidden[*i], &self.hidden)).collect();
            if let Some(pick) = rng.weighted(&weights) {
                let i = still[pick];
                kind[i] = take_rank(&mut pool, Rank::Lightsaber);
                flag = Some(self.hidden[i].square);
            }
        }
        while pool.iter().any(|(_, r)| *r == Rank::Detonator) {
            let free: Vec<usize> = still.iter().copied().filter(|i| kind[*i].is_none()).collect();
            let weights: Vec<f64> = free.iter().map(|i| detonator_weight(&self.hidden[*i], flag)).collect();
            let Some(pick) = rng.weighted(&weights) else { break };
            kind[free[pick]] = take_rank(&mut pool, Rank::Detonator);
        }
        // The moving ranks, the pieces in a random order, each weighing what is left.
        pool.retain(|(_, r)| r.moves());
        let mut order: Vec<usize> = (0..n).filter(|i| kind[*i].is_none()).collect();
        rng.shuffle(&mut order);
        for i in order {
            let weights: Vec<f64> = pool.iter().map(|(_, r)| likelihood(&self.hidden[i], *r)).collect();
            match rng.weighted(&weights) {
                Some(pick) => kind[i] = Some(pool.swap_remove(pick).0),
                // More hidden pieces than moving kinds left: only an inconsistent view can do that.
                None => kind[i] = self.pool.first().map(|(k, _)| *k),
            }
        }
        self.hidden.iter().zip(kind).filter_map(|(h, k)| Some((h.square, k?))).collect()
    }
}

/// How likely a still piece is the Lightsaber: at the back, with still pieces around it.
fn flag_weight(h: &Hidden, all: &[Hidden]) -> f64 {
    let by_depth = [10.0, 3.0, 1.0, 0.3];
    let base = by_depth.get(usize::from(h.depth)).copied().unwrap_or(0.05);
    let guards = all.iter().filter(|o| !o.track.moved && o.square.touches(h.square)).count() as f64;
    base * (1.0 + 0.6 * guards)
}

/// How likely a still piece is a detonator: beside the Lightsaber, and nearer the back.
fn detonator_weight(h: &Hidden, flag: Option<Square>) -> f64 {
    let by_depth = [2.0, 2.0, 1.5, 1.0];
    let base = by_depth.get(usize::from(h.depth)).copied().unwrap_or(0.5);
    if flag.is_some_and(|f| f.touches(h.square)) { base * 5.0 } else { base }
}

/// How likely a piece that behaved as `h` did is of `rank`: one that walked up to a rank it knew is
/// likely higher (or bluffing), one that stepped away from one likely lower.
fn likelihood(h: &Hidden, rank: Rank) -> f64 {
    let mut w = 1.0;
    let strength = |r: Rank| match r {
        Rank::Number(n) => n,
        _ => 1,
    };
    if let Some(a) = h.track.approached {
        w *= match strength(rank).cmp(&strength(a)) {
            std::cmp::Ordering::Greater => 3.0,
            std::cmp::Ordering::Equal => 1.0,
            std::cmp::Ordering::Less => 0.25,
        };
    }
    if let Some(f) = h.track.fled {
        w *= if strength(rank) < strength(f) { 2.0 } else { 0.4 };
    }
    // A piece never moved far from home late in the game is rarely a Trooper (they scout early).
    if !h.track.moved && rank == Rank::Number(2) && h.depth == 0 {
        w *= 0.6;
    }
    w
}
