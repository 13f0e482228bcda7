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

/// A setup from one of the plans.
pub fn planned(roster: &Roster, variant: Variant, side: Side, seed: u64) -> Setup {
    let mut rng = Rng::new(seed ^ 0x91A4);
    let depth = variant.depth();
    // Rows counted from the side's own back row.
    let row_of = |d: u8| if side == Side::Evil { d } else { 9 - d };
    let depth_of = |s: Square| if side == Side::Evil { s.row } else { 9 - s.row };
    let mut free: Vec<Square> =
        (0..depth).flat_map(|d| (0..10).filter_map(move |f| Square::new(f, row_of(d)))).collect();
    let mut army: Vec<(Kind, Rank)> =
        roster.army(side, variant).into_iter().map(|k| (k, roster.kind(k).rank)).collect();
    rng.shuffle(&mut army);
    let mut setup: Setup = Vec::new();
    let put = |setup: &mut Setup, free: &mut Vec<Square>, kind: Kind, at: Square| {
        free.retain(|s| *s != at);
        setup.push((at, kind));
    };
    let take = |army: &mut Vec<(Kind, Rank)>, rank: Rank| -> Option<Kind> {
        let i = army.iter().position(|(_, r)| *r == rank)?;
        Some(army.remove(i).0)
    };
    // The Lightsaber: a back corner, the back middle, or one row up in the middle.
    let plan = rng.draw() % 3;
    let file = match plan {
        0 => [0u8, 1, 8, 9][(rng.draw() % 4) as usize],
        _ => 2 + (rng.draw() % 6) as u8,
    };
    let flag = Square::new(file, row_of(u8::from(plan == 2))).unwrap_or(free[0]);
    if let Some(k) = take(&mut army, Rank::Lightsaber) {
        put(&mut setup, &mut free, k, flag);
    }
    // Detonators around it, then a bluff cluster, then one or two in front to close a lane.
    let around: Vec<Square> = [(-1i16, 0i16), (1, 0), (0, 1), (0, -1)]
        .into_iter()
        .filter_map(|(df, dr)| flag.offset(df, dr))
        .filter(|s| free.contains(s))
        .collect();
    for s in around {
        if let Some(k) = take(&mut army, Rank::Detonator) {
            put(&mut setup, &mut free, k, s);
        }
    }
    let weights = |free: &[Square], w: &dyn Fn(Square) -> f64| free.iter().map(|s| w(*s)).collect::<Vec<f64>>();
    while army.iter().any(|(_, r)| *r == Rank::Detonator) {
        let back_or_front = |s: Square| match depth_of(s) {
            0 => 3.0,
            d if d + 1 == depth => 0.3,
            d if d + 2 == depth => 1.5,
            _ => 1.0,
        };
        let Some(i) = rng.weighted(&weights(&free, &back_or_front)) else { break };
        let at = free[i];
        if let Some(k) = take(&mut army, Rank::Detonator) {
            put(&mut setup, &mut free, k, at);
        }
    }
    // The strongest in different thirds of the front, the spy beside the second strongest.
    let third = |s: Square| s.file / 4;
    let mut used_thirds = Vec::new();
    for rank in [Rank::Number(10), Rank::Number(9)] {
        let front = |s: Square| {
            let lane = if used_thirds.contains(&third(s)) { 0.1 } else { 1.0 };
            lane * if depth_of(s) + 2 >= depth { 2.0 } else { 0.5 }
        };
        let Some(i) = rng.weighted(&weights(&free, &front)) else { continue };
        let at = free[i];
        if let Some(k) = take(&mut army, rank) {
            used_thirds.push(third(at));
            put(&mut setup, &mut free, k, at);
            if rank == Rank::Number(9)
                && let Some(spy_at) = free.iter().copied().find(|s| s.touches(at))
                && let Some(spy) = take(&mut army, Rank::Spy)
            {
                put(&mut setup, &mut free, spy, spy_at);
            }
        }
    }
    // The rest by what each rank is for: Troopers in front, miners behind, the others anywhere.
    army.sort_by_key(|(_, r)| match r {
        Rank::Number(2) => 0,
        Rank::Number(3) => 1,
        _ => 2,
    });
    for (kind, rank) in army {
        let fits = |s: Square| {
            let d = depth_of(s);
            match rank {
                Rank::Number(2) if d + 1 == depth => 4.0,
                Rank::Number(3) if d <= 1 => 3.0,
                _ => 1.0,
            }
        };
        let Some(i) = rng.weighted(&weights(&free, &fits)) else { break };
        let at = free[i];
        put(&mut setup, &mut free, kind, at);
    }
    setup
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
