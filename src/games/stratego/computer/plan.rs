//! The searching levels' setups, drawn from sound plans and varied by the seed so no two games show the
//! same army: the Lightsaber at the back (in a corner, in the middle, or a row up) closed in by detonators,
//! a bluff of detonators around a piece elsewhere, the strongest pieces in different lanes with the spy
//! near the second strongest, Troopers in front to scout, and miners kept back for the end.

use super::Rng;
use crate::games::stratego::board::Square;
use crate::games::stratego::game::Setup;
use crate::games::stratego::piece::{Kind, Rank, Side};
use crate::games::stratego::roster::Roster;
use crate::games::stratego::rules::Variant;
use crate::games::stratego::setup::setup_text;

/// The choice that locks a planned setup for `side`.
pub fn setup_choice(roster: &Roster, variant: Variant, side: Side, seed: u64) -> String {
    let setup = planned(roster, variant, side, seed);
    format!("setup {}", setup_text(roster, variant, side, &setup).replace('\n', " / "))
}

/// A setup being drawn: the squares still free and the pieces still to place.
struct Draft {
    side: Side,
    depth: u8,
    free: Vec<Square>,
    army: Vec<(Kind, Rank)>,
    setup: Setup,
    rng: Rng,
}

impl Draft {
    /// Rows counted from the side's own back row.
    fn row_of(&self, d: u8) -> u8 {
        if self.side == Side::Evil { d } else { 9 - d }
    }

    fn depth_of(&self, s: Square) -> u8 {
        if self.side == Side::Evil { s.row } else { 9 - s.row }
    }

    fn take(&mut self, rank: Rank) -> Option<Kind> {
        let i = self.army.iter().position(|(_, r)| *r == rank)?;
        Some(self.army.remove(i).0)
    }

    fn put(&mut self, kind: Kind, at: Square) {
        self.free.retain(|s| *s != at);
        self.setup.push((at, kind));
    }

    /// A free square drawn with the weights `w` gives each.
    fn square(&mut self, w: &dyn Fn(&Draft, Square) -> f64) -> Option<Square> {
        let weights: Vec<f64> = self.free.iter().map(|s| w(self, *s)).collect();
        let i = self.rng.weighted(&weights)?;
        Some(self.free[i])
    }
}

/// A setup from one of the plans.
pub fn planned(roster: &Roster, variant: Variant, side: Side, seed: u64) -> Setup {
    let mut rng = Rng::new(seed ^ 0x91A4);
    let depth = variant.depth();
    let row_of = |d: u8| if side == Side::Evil { d } else { 9 - d };
    let free: Vec<Square> = (0..depth).flat_map(|d| (0..10).filter_map(move |f| Square::new(f, row_of(d)))).collect();
    let mut army: Vec<(Kind, Rank)> =
        roster.army(side, variant).into_iter().map(|k| (k, roster.kind(k).rank)).collect();
    rng.shuffle(&mut army);
    let mut draft = Draft { side, depth, free, army, setup: Vec::new(), rng };
    guarded_lightsaber(&mut draft);
    fighters(&mut draft);
    draft.setup
}

/// The Lightsaber (a back corner, the back middle, or one row up in the middle), detonators around it,
/// then a bluff cluster and one or two in front to close a lane.
fn guarded_lightsaber(d: &mut Draft) {
    let plan = d.rng.draw() % 3;
    let file = match plan {
        0 => [0u8, 1, 8, 9][(d.rng.draw() % 4) as usize],
        _ => 2 + (d.rng.draw() % 6) as u8,
    };
    let flag = Square::new(file, d.row_of(u8::from(plan == 2))).unwrap_or(d.free[0]);
    if let Some(k) = d.take(Rank::Lightsaber) {
        d.put(k, flag);
    }
    let around: Vec<Square> = [(-1i16, 0i16), (1, 0), (0, 1), (0, -1)]
        .into_iter()
        .filter_map(|(df, dr)| flag.offset(df, dr))
        .filter(|s| d.free.contains(s))
        .collect();
    for s in around {
        if let Some(k) = d.take(Rank::Detonator) {
            d.put(k, s);
        }
    }
    while d.army.iter().any(|(_, r)| *r == Rank::Detonator) {
        let back_or_front = |d: &Draft, s: Square| match d.depth_of(s) {
            0 => 3.0,
            r if r + 1 == d.depth => 0.3,
            r if r + 2 == d.depth => 1.5,
            _ => 1.0,
        };
        let Some(at) = d.square(&back_or_front) else { break };
        if let Some(k) = d.take(Rank::Detonator) {
            d.put(k, at);
        }
    }
}

/// The strongest in different thirds of the front, the spy beside the second strongest; then the rest by
/// what each rank is for: Troopers in front, miners behind, the others anywhere.
fn fighters(d: &mut Draft) {
    let third = |s: Square| s.file / 4;
    let mut used_thirds: Vec<u8> = Vec::new();
    for rank in [Rank::Number(10), Rank::Number(9)] {
        let used = used_thirds.clone();
        let front = move |d: &Draft, s: Square| {
            let lane = if used.contains(&third(s)) { 0.1 } else { 1.0 };
            lane * if d.depth_of(s) + 2 >= d.depth { 2.0 } else { 0.5 }
        };
        let Some(at) = d.square(&front) else { continue };
        if let Some(k) = d.take(rank) {
            used_thirds.push(third(at));
            d.put(k, at);
            if rank == Rank::Number(9)
                && let Some(spy_at) = d.free.iter().copied().find(|s| s.touches(at))
                && let Some(spy) = d.take(Rank::Spy)
            {
                d.put(spy, spy_at);
            }
        }
    }
    let mut rest = std::mem::take(&mut d.army);
    rest.sort_by_key(|(_, r)| match r {
        Rank::Number(2) => 0,
        Rank::Number(3) => 1,
        _ => 2,
    });
    for (kind, rank) in rest {
        let fits = move |d: &Draft, s: Square| {
            let r = d.depth_of(s);
            match rank {
                Rank::Number(2) if r + 1 == d.depth => 4.0,
                Rank::Number(3) if r <= 1 => 3.0,
                _ => 1.0,
            }
        };
        let Some(at) = d.square(&fits) else { break };
        d.put(kind, at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::game::check_setup;

    #[test]
    fn every_plan_is_a_legal_setup_with_the_lightsaber_guarded_and_differs_by_seed() {
        let roster = Roster::embedded();
        let mut seen = std::collections::HashSet::new();
        for variant in Variant::ALL {
            for side in Side::BOTH {
                for seed in 0..30 {
                    let setup = planned(&roster, variant, side, seed);
                    check_setup(&roster, variant, side, &setup)
                        .unwrap_or_else(|e| panic!("{variant:?} {side:?} {seed}: {e}"));
                    let (flag, _) = *setup.iter().find(|(_, k)| roster.kind(*k).rank == Rank::Lightsaber).unwrap();
                    let guards = setup
                        .iter()
                        .filter(|(s, k)| s.touches(flag) && roster.kind(*k).rank == Rank::Detonator)
                        .count();
                    assert!(
                        guards >= 2,
                        "{variant:?} {side:?} {seed}: the Lightsaber has {guards} detonators beside it"
                    );
                    seen.insert(format!("{variant:?} {side:?} {setup:?}"));
                }
            }
        }
        assert_eq!(seen.len(), 4 * 2 * 30, "every seed gives its own setup");
    }
}
