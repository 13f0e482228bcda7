//! What each reader sees, checked after every action of random games of all four games in all four
//! capture modes: nothing hidden in a view it should not be in.

use super::*;
use crate::games::stratego::game::splitmix;
use crate::games::stratego::{Captures, Roster, Rules, Variant};
use std::collections::HashMap;

/// Every view of `g` shows exactly what its reader may know (spec section 4, C7, C10, C28).
fn check_views(g: &Stratego) {
    let over = g.ending().is_some();
    let mode = g.rules().captures;
    for reader in [Some(Side::Evil), Some(Side::Good), None] {
        let view = g.view(reader);
        for (square, seen) in &view.squares {
            let piece = g.at(*square).expect("a piece there");
            // What Vision showed is the players' alone (C7).
            let may = over || piece.revealed || piece.sighted && reader.is_some() || reader == Some(piece.side);
            assert_eq!(seen.known.is_some(), may, "{reader:?} at {square}");
            if let Some(k) = seen.known {
                assert_eq!((k.kind, k.rank), (piece.kind, piece.rank));
            }
        }
        assert_eq!(view.lost.len(), g.captured().len(), "the count is public");
        for (seen, c) in view.lost.iter().zip(g.captured()) {
            let may = over
                || match mode {
                    Captures::Open => true,
                    Captures::Prisoner => reader == Some(c.by) && c.piece.side != c.by,
                    Captures::Secret => reader == Some(c.piece.side),
                    Captures::Stealth => false,
                };
            assert_eq!(seen.known.is_some(), may, "{mode:?} {reader:?} lost {:?}", c.piece);
        }
        if reader.is_none() && !over {
            // A spectator never knows more than either player (C30).
            for player in Side::BOTH {
                let theirs = g.view(Some(player));
                for (a, b) in view.lost.iter().zip(&theirs.lost) {
                    assert!(a.known.is_none() || b.known.is_some(), "spectator knows a loss {player:?} does not");
                }
            }
        }
    }
}

#[test]
fn in_random_games_of_every_game_and_capture_mode_each_reader_sees_only_what_they_may() {
    let roster = Roster::embedded();
    for variant in Variant::ALL {
        for (m, captures) in Captures::ALL.into_iter().enumerate() {
            for seed in 0..4u64 {
                let rules = Rules { captures, ..Rules::of(variant) };
                let seed = seed * 17 + m as u64;
                let evil = Stratego::random_setup(&roster, variant, Side::Evil, seed);
                let good = Stratego::random_setup(&roster, variant, Side::Good, seed + 99);
                let mut g = Stratego::start(rules, roster.clone(), &evil, &good).expect("setups");
                let mut pick = seed;
                check_views(&g);
                while g.ending().is_none() {
                    let actions = g.legal_actions();
                    pick = splitmix(pick);
                    g.play(actions[(pick % actions.len() as u64) as usize]).expect("a legal action");
                    check_views(&g);
                }
            }
        }
    }
}

#[test]
fn random_games_of_every_game_keep_each_army_whole_and_no_piece_where_it_may_not_be() {
    let roster = Roster::embedded();
    for variant in Variant::ALL {
        let mut endings = HashMap::new();
        for seed in 0..40u64 {
            let evil = Stratego::random_setup(&roster, variant, Side::Evil, seed);
            let good = Stratego::random_setup(&roster, variant, Side::Good, seed + 500);
            let mut g = Stratego::start(Rules::of(variant), roster.clone(), &evil, &good).expect("setups");
            let army = |side: Side| {
                let mut n: HashMap<Rank, usize> = HashMap::new();
                for k in roster.army(side, variant) {
                    *n.entry(roster.kind(k).rank).or_default() += 1;
                }
                n
            };
            let (evil_army, good_army) = (army(Side::Evil), army(Side::Good));
            let mut pick = seed;
            while g.ending().is_none() {
                let actions = g.legal_actions();
                assert!(!actions.is_empty(), "whoever must act has an action until the end");
                pick = splitmix(pick);
                g.play(actions[(pick % actions.len() as u64) as usize]).expect("legal");
                for s in (0..100).filter_map(Square::from_index) {
                    assert!(!(s.is_field() && g.at(s).is_some()), "a piece on the field {s}");
                }
                let mut evil_now = g.count(Side::Evil);
                if variant == Variant::Rise {
                    // Vader (Evil's only 9 in game 3) is counted once he is waiting or has entered.
                    let vader = evil_now.remove(&Rank::Number(9)).unwrap_or(0);
                    assert!(
                        vader <= 1
                            && (vader == 1)
                                == (g.vader_entered || g.waiting().is_some_and(|p| p.rank == Rank::Number(9)))
                    );
                }
                let want_evil = evil_army.clone();
                assert_eq!(evil_now, want_evil, "game {} seed {seed}: Evil's army", variant.number());
                assert_eq!(g.count(Side::Good), good_army, "game {} seed {seed}: Good's army", variant.number());
            }
            assert!(g.turns() <= g.rules().move_limit);
            *endings.entry(format!("{:?}", g.ending())).or_insert(0) += 1;
        }
        assert!(endings.len() > 1 || variant == Variant::Classic, "game {}: {endings:?}", variant.number());
    }
}
