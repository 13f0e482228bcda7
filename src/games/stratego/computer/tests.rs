//! The computer's levels: it cannot peek, and it plays the plain tactics every level must (puzzles).

use super::*;
use crate::games::Engine;
use crate::games::stratego::board::Square;
use crate::games::stratego::game::{Setup, Stratego};
use crate::games::stratego::piece::{Rank, Side};
use crate::games::stratego::playout::random_action;
use crate::games::stratego::rules::Variant;
use crate::games::stratego::table::Table;

/// Budgets small enough for a debug build, with no time caps: a choice depends on its seed alone.
fn small() -> Settings {
    Settings::default().uncapped().scaled(0.003)
}

/// A level's choice for `seat` of `table`, seeded.
fn choice(table: &Table, level: &str, seat: usize, seed: u64) -> String {
    let mut p = player(level, seed, &small()).expect("a level");
    let seen = table.seen(seat).expect("the seat decides");
    p.choose(seen.as_ref()).expect("an answer")
}

/// A setup written with each piece's own code, so the characters stand where they are put.
fn rows(roster: &Roster, variant: Variant, side: Side, setup: &[(Square, Kind)]) -> String {
    let depth = variant.depth();
    let top = *side.home_rows(depth).end();
    (0..depth)
        .map(|i| {
            (0..10)
                .map(|f| {
                    let s = Square::new(f, top - i).expect("a square");
                    setup.iter().find(|(q, _)| *q == s).map_or(".".to_string(), |(_, k)| roster.kind(*k).code.clone())
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// A table of `variant` from two setups, with `moves` applied.
fn table_of(variant: Variant, setups: &[Setup; 2], moves: &[(usize, String)]) -> Table {
    let roster = Roster::embedded();
    let mut t = Table::new(Rules::of(variant), roster.clone(), 5);
    for side in Side::BOTH {
        let text = rows(&roster, variant, side, &setups[side.index()]);
        t.apply(side.index(), &format!("setup {text}")).expect("the setup");
    }
    for (seat, m) in moves {
        t.apply(*seat, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    t
}

/// Two of the other side's pieces `me` has never seen, both moved or both not, of different ranks: their
/// ranks may change places without changing anything `me` was shown. Their places in the other setup.
fn unseen_pair(t: &Table, setups: &[Setup; 2], me: Side) -> Option<(usize, usize)> {
    let roster = Roster::embedded();
    let g = t.game()?;
    let offset = if me == Side::Evil { setups[0].len() } else { 0 };
    let unseen: Vec<(usize, bool)> = (0..100)
        .filter_map(Square::from_index)
        .filter_map(|s| g.at(s))
        .filter(|p| p.side != me && !p.known_to(Some(me)))
        .map(|p| (usize::from(p.id) - offset, t.memory.of(&p).moved))
        .collect();
    let them = &setups[me.other().index()];
    unseen.iter().enumerate().find_map(|(i, a)| {
        unseen[i + 1..]
            .iter()
            .find(|b| b.1 == a.1 && roster.kind(them[a.0].1).rank != roster.kind(them[b.0].1).rank)
            .map(|b| (a.0, b.0))
    })
}

#[test]
fn no_level_can_peek_at_the_ranks_its_seat_has_not_seen() {
    let roster = Roster::embedded();
    let mut points = 0;
    for (game, variant) in
        [(1u64, Variant::Classic), (2, Variant::Powers), (3, Variant::Classic), (4, Variant::Rebellion)]
    {
        // In the order their rows are written, so the game numbers the pieces in this order.
        let written = |mut s: Setup| {
            s.sort_by_key(|(q, _)| (std::cmp::Reverse(q.row), q.file));
            s
        };
        let setups = [
            written(Stratego::random_setup(&roster, variant, Side::Evil, game)),
            written(Stratego::random_setup(&roster, variant, Side::Good, game + 100)),
        ];
        let mut moves: Vec<(usize, String)> = Vec::new();
        let mut t = table_of(variant, &setups, &moves);
        let mut buf = Vec::new();
        for step in 0..160u64 {
            let Some(g) = t.game().filter(|g| g.ending().is_none()) else { break };
            let seat = g.decider().expect("someone decides").index();
            if step % 12 == 7 {
                let me = Side::BOTH[seat];
                let pair = unseen_pair(&t, &setups, me);
                if let Some((x, y)) = pair {
                    let mut twin_setups = setups.clone();
                    let them = &mut twin_setups[me.other().index()];
                    let (kx, ky) = (them[x].1, them[y].1);
                    them[x].1 = ky;
                    them[y].1 = kx;
                    let twin = table_of(variant, &twin_setups, &moves);
                    assert_ne!(twin.game().map(|g| g.shown()), t.game().map(|g| g.shown()), "the twin differs");
                    for level in LEVELS {
                        for seed in [step, step + 1000] {
                            assert_eq!(
                                choice(&t, level, seat, seed),
                                choice(&twin, level, seat, seed),
                                "{level} at step {step} of game {game} chose by what it cannot see"
                            );
                        }
                    }
                    points += 1;
                }
            }
            let action = random_action(g, splitmix(game ^ step), &mut buf).expect("an action");
            moves.push((seat, action.to_string()));
            t.apply(seat, &action.to_string()).expect("a legal action");
        }
    }
    assert!(points >= 30, "only {points} decision points were compared");
}

/// A position by hand, `to_move` to act, as a table.
fn puzzle(pieces: &[(&str, Side, Rank)], to_move: Side) -> Table {
    let mut g = Stratego::empty(Rules::default(), Roster::embedded());
    for (name, side, rank) in pieces {
        let kind = crate::games::stratego::script::piece_kind(&g.roster, Variant::Classic, *side, &rank.code())
            .expect("a kind");
        let piece = g.new_piece(kind, *side);
        g.board[Square::parse(name).expect("a square").index()] = Some(piece);
    }
    g.to_move = to_move;
    g.rebuilt();
    Table::from_position(g, 3)
}

/// Reveals the piece on `square` to both sides, as a combat would have.
fn reveal(table: &mut Table, square: &str) {
    let s = Square::parse(square).expect("a square");
    if let Some(p) = table.game.as_mut().and_then(|g| g.board[s.index()].as_mut()) {
        p.revealed = true;
    }
}

use Rank::{Detonator, Lightsaber, Number, Spy};
use Side::{Evil, Good};

/// Every level's choice in `table` for Evil, over a few seeds.
fn every_choice(table: &Table) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for level in LEVELS {
        for seed in 0..4 {
            out.push((level.to_string(), choice(table, level, 0, seed)));
        }
    }
    out
}

#[test]
fn every_level_takes_a_lightsaber_it_can_reach() {
    let mut t = puzzle(
        &[
            ("e5", Evil, Number(4)),
            ("a1", Evil, Lightsaber),
            ("b1", Evil, Detonator),
            ("e6", Good, Lightsaber),
            ("f6", Good, Number(9)),
            ("j10", Good, Number(2)),
        ],
        Evil,
    );
    reveal(&mut t, "e6");
    for (level, c) in every_choice(&t) {
        assert_eq!(c, "e5 e6", "{level}");
    }
}

#[test]
fn no_level_attacks_a_known_higher_piece_with_a_lower_one_but_the_spy_takes_the_ten() {
    let mut t = puzzle(
        &[
            ("e5", Evil, Number(5)),
            ("a1", Evil, Lightsaber),
            ("b1", Evil, Detonator),
            ("a2", Evil, Detonator),
            ("e6", Good, Number(8)),
            ("j10", Good, Lightsaber),
            ("i10", Good, Number(2)),
        ],
        Evil,
    );
    reveal(&mut t, "e6");
    for (level, c) in every_choice(&t) {
        assert_ne!(c, "e5 e6", "{level} attacks a known 8 with a 5");
    }
    let mut t = puzzle(
        &[
            ("e5", Evil, Spy),
            ("a1", Evil, Lightsaber),
            ("b1", Evil, Detonator),
            ("e6", Good, Number(10)),
            ("j10", Good, Lightsaber),
            ("i10", Good, Number(2)),
        ],
        Evil,
    );
    reveal(&mut t, "e6");
    reveal(&mut t, "e5");
    for (level, c) in every_choice(&t) {
        assert_eq!(c, "e5 e6", "{level}: the spy takes the ten it stands beside");
    }
}

#[test]
fn every_level_saves_its_lightsaber_from_a_threat_it_can_see() {
    // Good's revealed 6 stands beside Evil's Lightsaber; Evil's 7 can take it.
    let mut t = puzzle(
        &[
            ("e2", Evil, Lightsaber),
            ("d1", Evil, Number(7)),
            ("e1", Good, Number(6)),
            ("j1", Evil, Number(2)),
            ("j10", Good, Lightsaber),
            ("i10", Good, Detonator),
            ("j9", Good, Detonator),
        ],
        Evil,
    );
    reveal(&mut t, "e1");
    for (level, c) in every_choice(&t) {
        assert_eq!(c, "d1 e1", "{level} leaves its Lightsaber to the 6");
    }
}

#[test]
fn a_searching_level_answers_after_a_steady_delay_in_live_play() {
    let t = puzzle(
        &[("e5", Evil, Number(4)), ("a1", Evil, Lightsaber), ("j10", Good, Lightsaber), ("j9", Good, Number(3))],
        Evil,
    );
    let mut live = Settings::default();
    live.normal.cap = std::time::Duration::from_millis(150);
    let mut p = player("normal", 1, &live).expect("normal");
    let started = std::time::Instant::now();
    p.choose(t.seen(0).expect("Evil decides").as_ref()).expect("an answer");
    assert!(started.elapsed() >= std::time::Duration::from_millis(150), "it answered before its cap");
}
