//! `gambit arena --game stratego`: two Stratego players over many games, in pairs with the same seed and
//! the sides swapped, through the game seam. Players: `scripted` (the computer) and `random` (the
//! self-play player: a random piece, then a random action of it).

use crate::games::Engine;
use crate::games::queens_gambit::ai::rating::Results;
use crate::games::stratego::playout::random_action;
use crate::games::stratego::{Roster, Rules, Table, Variant};
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Player {
    Scripted,
    Random,
}

fn player(name: &str) -> Result<Player, String> {
    match name {
        "scripted" => Ok(Player::Scripted),
        "random" => Ok(Player::Random),
        other => Err(format!("'{other}' is not a Stratego player: scripted or random")),
    }
}

/// One game: `evil` and `good` play it from `seed`; the winning seat, if any, and the turns.
fn game(
    variant: Variant,
    roster: &Arc<Roster>,
    seed: u64,
    players: [Player; 2],
) -> Result<(Option<usize>, u32), String> {
    let mut table = Table::new(Rules::of(variant), roster.clone(), seed);
    let mut buf = Vec::new();
    let mut n = 0u64;
    while table.outcome().is_none() {
        let seat = *table.deciders().first().ok_or("nobody can act and the game has not ended")?;
        n += 1;
        let pick = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(n.wrapping_mul(0xBF58_476D_1CE4_E5B9));
        let choice = match (players[seat], table.game()) {
            (Player::Random, Some(g)) => random_action(g, pick, &mut buf).map(|a| a.to_string()),
            (Player::Random, None) => Some("setup random".into()),
            (Player::Scripted, _) => table.computer_choice(seat, pick),
        };
        let choice = choice.ok_or("a player had no choice")?;
        table.apply(seat, &choice).map_err(|e| format!("seed {seed}: {choice}: {e}"))?;
    }
    let winners = table.outcome().map(|o| o.winners).unwrap_or_default();
    Ok((winners.first().copied(), table.game().map_or(0, |g| g.turns())))
}

/// `games` games (whole pairs) of `a` against `b`; the report's lines.
pub fn run(roster: Arc<Roster>, variant: Variant, a: &str, b: &str, games: u32, seed: u64) -> Result<String, String> {
    let (pa, pb) = (player(a)?, player(b)?);
    let mut all = Results::default();
    let mut by_side = [Results::default(), Results::default()];
    let mut turns = 0u64;
    for pair in 0..games.div_ceil(2) {
        let s = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(pair));
        for a_seat in [0usize, 1] {
            let players = if a_seat == 0 { [pa, pb] } else { [pb, pa] };
            let (winner, t) = game(variant, &roster, s, players)?;
            turns += u64::from(t);
            for r in [&mut all, &mut by_side[a_seat]] {
                match winner {
                    Some(w) if w == a_seat => r.wins += 1,
                    Some(_) => r.losses += 1,
                    None => r.draws += 1,
                }
            }
        }
    }
    let line = |r: &Results| {
        let (lo, hi) = r.interval();
        format!(
            "{:.1}% [{:.1}, {:.1}] of {} ({}-{}-{})",
            r.score() * 100.0,
            lo * 100.0,
            hi * 100.0,
            r.games(),
            r.wins,
            r.draws,
            r.losses
        )
    };
    let (elo, lo, hi) = all.elo();
    Ok(format!(
        "stratego game {}: {a} against {b}: {}\n  as Evil {}\n  as Good {}\n  Elo {elo:+.0} [{lo:+.0}, {hi:+.0}], {:.0} turns a game\ngame=stratego variant={} a={a} b={b} games={} score={:.3} elo={elo:.0}",
        variant.number(),
        line(&all),
        line(&by_side[0]),
        line(&by_side[1]),
        turns as f64 / f64::from(all.games().max(1)),
        variant.number(),
        all.games(),
        all.score(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stratego_arena_plays_pairs_with_the_sides_swapped_and_refuses_unknown_players() {
        let report = run(Roster::embedded(), Variant::Classic, "scripted", "random", 4, 1).unwrap();
        assert!(report.contains("of 4 ("), "{report}");
        assert!(report.contains("as Evil") && report.contains("of 2 ("), "{report}");
        assert!(
            run(Roster::embedded(), Variant::Classic, "hard", "random", 2, 1)
                .unwrap_err()
                .contains("scripted or random")
        );
    }
}
