//! Whole games between random players: a test of the rules (every action offered must be accepted, and
//! with `check` the invariants hold after every action) and the measure of their speed.

use super::game::splitmix;
use super::game::{Ending, Stratego};
use super::piece::{Rank, Side};
use super::roster::Roster;
use super::rules::Rules;
use std::collections::HashMap;
use std::sync::Arc;

/// What a run of random games came to.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u32,
    pub evil_wins: u32,
    pub good_wins: u32,
    pub draws: u32,
    /// Turns played in all (placements not counted).
    pub turns: u64,
    /// A fingerprint of every game's end, in order: equal digests mean the same games were played.
    pub digest: u64,
}

/// `games` random games under `rules`, the first from `seed`.
pub fn random_games(rules: Rules, roster: &Arc<Roster>, games: u32, seed: u64, check: bool) -> Result<Tally, String> {
    let mut tally = Tally { digest: 0xcbf2_9ce4_8422_2325, ..Tally::default() };
    let mut actions = Vec::with_capacity(128);
    for i in 0..games {
        let game_seed = splitmix(seed.wrapping_add(u64::from(i)));
        let evil = Stratego::random_setup(roster, rules.variant, Side::Evil, game_seed);
        let good = Stratego::random_setup(roster, rules.variant, Side::Good, game_seed ^ 0xA5A5);
        let mut g = Stratego::start(rules, roster.clone(), &evil, &good).map_err(|e| format!("game {i}: {e}"))?;
        let mut pick = game_seed;
        let armies = if check { Some([army(roster, &g, Side::Evil), army(roster, &g, Side::Good)]) } else { None };
        while g.ending().is_none() {
            pick = splitmix(pick);
            let action = random_action(&g, pick, &mut actions)
                .ok_or_else(|| format!("game {i}: no action offered at turn {} and no ending", g.turns()))?;
            g.play(action).map_err(|e| format!("game {i} turn {}: {action} offered but refused: {e}", g.turns()))?;
            if let Some(armies) = &armies {
                invariants(&g, armies).map_err(|e| format!("game {i} turn {} after {action}: {e}", g.turns()))?;
            }
        }
        tally.games += 1;
        tally.turns += u64::from(g.turns());
        let end = g.ending();
        match end.and_then(Ending::winner) {
            Some(Side::Evil) => tally.evil_wins += 1,
            Some(Side::Good) => tally.good_wins += 1,
            None => tally.draws += 1,
        }
        let code = match end {
            Some(Ending::Lightsaber(s)) => 1 + s.index() as u64,
            Some(Ending::Stuck(s)) => 3 + s.index() as u64,
            Some(Ending::NeitherCanMove) => 5,
            Some(Ending::MoveLimit) | None => 6,
            Some(Ending::Conceded(s)) => 7 + s.index() as u64,
        };
        tally.digest = (tally.digest ^ code ^ (u64::from(g.turns()) << 8)).wrapping_mul(0x0100_0000_01b3);
    }
    Ok(tally)
}

/// The random player: a piece of the side to act at random among those that can act, then one of its
/// actions at random (a placement's square at random). Looking at one piece rather than every action of
/// every piece is what makes a thousand games a second; `None` only if nothing can act, which the rules
/// make an ending first.
pub fn random_action(g: &Stratego, pick: u64, buf: &mut Vec<super::action::Action>) -> Option<super::action::Action> {
    if g.decider() != Some(g.to_move()) {
        g.actions_into(buf);
    } else {
        // Every square once, from a random start with a step prime to 100.
        const STRIDES: [usize; 8] = [1, 3, 7, 9, 11, 13, 17, 19];
        let (start, stride) = ((pick % 100) as usize, STRIDES[((pick >> 8) % 8) as usize]);
        buf.clear();
        for k in 0..100 {
            let Some(square) = super::board::Square::from_index((start + k * stride) % 100) else { continue };
            if g.at(square).is_some_and(|p| p.side == g.to_move()) {
                g.actions_from_into(square, buf);
                if !buf.is_empty() {
                    break;
                }
            }
        }
    }
    if buf.is_empty() {
        // A placement Evil owes on its own turn, or nothing at all.
        g.actions_into(buf);
    }
    let n = buf.len() as u64;
    (n > 0).then(|| buf[((pick >> 16) % n) as usize])
}

/// How many pieces of each rank a side starts with (Vader, waiting in game 3, included).
fn army(roster: &Roster, g: &Stratego, side: Side) -> HashMap<Rank, usize> {
    let mut n: HashMap<Rank, usize> = HashMap::new();
    for k in roster.army(side, g.rules().variant) {
        *n.entry(roster.kind(k).rank).or_default() += 1;
    }
    n
}

/// Nothing on a field; no rank of either army more often than it started (captured pieces included);
/// no reader sees a rank of the other side that was never revealed.
fn invariants(g: &Stratego, armies: &[HashMap<Rank, usize>; 2]) -> Result<(), String> {
    for s in (0..100).filter_map(super::board::Square::from_index) {
        if s.is_field() && g.at(s).is_some() {
            return Err(format!("a piece on the field {s}"));
        }
    }
    for side in Side::BOTH {
        for (rank, n) in g.count(side) {
            let start = armies[side.index()].get(&rank).copied().unwrap_or(0);
            // Game 3's Vader is Evil's one 9, off the board at the start.
            let vader = usize::from(side == Side::Evil && rank == Rank::Number(9));
            if n > start + vader {
                return Err(format!("{} has {n} of rank {}, started with {start}", side.name(), rank.code()));
            }
        }
    }
    if g.ending().is_none() {
        for reader in Side::BOTH {
            for (s, seen) in g.view(Some(reader)).squares {
                let p = g.at(s).ok_or("a view shows a piece on an empty square")?;
                if seen.known.is_some() && p.side != reader && !p.revealed && !p.sighted {
                    return Err(format!("{} sees the unrevealed piece on {s}", reader.name()));
                }
            }
        }
        // What Vision showed is the players' alone (C7).
        for (s, seen) in g.view(None).squares {
            if seen.known.is_some() && g.at(s).is_some_and(|p| !p.revealed) {
                return Err(format!("a spectator sees the unrevealed piece on {s}"));
            }
        }
    }
    Ok(())
}
