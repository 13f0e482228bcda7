//! The first game's rules, each test named after the rule it checks.

use super::*;
use crate::games::stratego::Action;

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

/// A position made by hand: these pieces (the first of their rank in the roster), this side to move.
fn position(pieces: &[(&str, Side, Rank)], to_move: Side) -> Stratego {
    let mut g = Stratego::empty(Rules::default(), Roster::embedded());
    for (name, side, rank) in pieces {
        let kind =
            crate::games::stratego::script::piece_kind(&g.roster, Variant::Classic, *side, &rank.code()).unwrap();
        let piece = g.new_piece(kind, *side);
        g.board[sq(name).index()] = Some(piece);
    }
    g.to_move = to_move;
    g.rebuilt();
    g
}

fn mv(from: &str, to: &str) -> Action {
    Action::Move { from: sq(from), to: sq(to) }
}

/// What an attack did, if the action was one.
fn played(r: Result<Played, Refusal>) -> Result<Option<Clash>, Refusal> {
    r.map(|p| p.combat.map(|c| c.result))
}

fn setups(a: u64, b: u64) -> Stratego {
    Stratego::new(&Stratego::random_ranks(Evil, a), &Stratego::random_ranks(Good, b)).unwrap()
}

use Rank::{Detonator, Lightsaber, Number, Spy};
use Side::{Evil, Good};

#[test]
fn evil_moves_first_and_the_sides_take_turns() {
    let mut g = setups(1, 2);
    assert_eq!(g.to_move(), Evil);
    let first = g.legal_actions()[0];
    assert!(g.at(first.from().unwrap()).is_some_and(|p| p.side == Evil));
    g.play(first).unwrap();
    assert_eq!(g.to_move(), Good);
    assert!(g.legal_actions().iter().all(|m| g.at(m.from().unwrap()).is_some_and(|p| p.side == Good)));
}

#[test]
fn a_setup_holds_the_whole_army_on_its_own_four_rows() {
    let evil = Stratego::random_ranks(Evil, 3);
    let good = Stratego::random_ranks(Good, 4);
    assert!(Stratego::new(&evil, &good).is_ok());
    let mut short = evil.clone();
    short.pop();
    assert!(matches!(Stratego::new(&short, &good), Err(Refusal::Setup(m)) if m.contains("39 pieces")));
    let mut wrong_row = evil.clone();
    wrong_row[0].0 = sq("a5");
    assert!(matches!(Stratego::new(&wrong_row, &good), Err(Refusal::Setup(m)) if m.contains("a5")));
    let mut two_tens = evil.clone();
    let nine = two_tens.iter().position(|(_, r)| *r == Number(9)).unwrap();
    two_tens[nine].1 = Number(10);
    assert!(matches!(Stratego::new(&two_tens, &good), Err(Refusal::Setup(m)) if m.contains("rank 10")));
    let mut doubled = evil;
    doubled[1].0 = doubled[0].0;
    assert!(matches!(Stratego::new(&doubled, &good), Err(Refusal::Setup(m)) if m.contains("two pieces")));
}

#[test]
fn a_piece_moves_one_square_orthogonally_and_never_into_an_asteroid_field() {
    let mut g = position(&[("c4", Evil, Number(5)), ("j10", Good, Number(4))], Evil);
    let mut targets: Vec<String> = g.legal_actions().iter().map(|m| m.end().unwrap().to_string()).collect();
    targets.sort();
    assert_eq!(targets, ["b4", "c3", "d4"], "c5 is a field");
    assert_eq!(g.play(mv("c4", "c5")), Err(Refusal::Field));
    assert_eq!(g.play(mv("c4", "d5")), Err(Refusal::NotAMove), "no diagonal");
    assert_eq!(g.play(mv("c4", "c2")), Err(Refusal::NotAMove), "one square only");
    assert_eq!(g.at(sq("c4")).map(|p| p.rank), Some(Number(5)), "a refused move changes nothing");
}

#[test]
fn a_trooper_moves_any_distance_in_a_clear_line_and_shows_itself_doing_so() {
    let mut g = position(&[("a1", Evil, Number(2)), ("a7", Good, Number(6)), ("e1", Evil, Number(4))], Evil);
    let reach: Vec<String> =
        g.legal_actions().iter().filter(|m| m.from() == Some(sq("a1"))).map(|m| m.end().unwrap().to_string()).collect();
    assert!(reach.contains(&"a6".to_string()) && reach.contains(&"a7".to_string()), "{reach:?}");
    assert!(!reach.contains(&"a8".to_string()), "not past a piece");
    assert!(reach.contains(&"d1".to_string()) && !reach.contains(&"e1".to_string()), "not onto its own side");
    assert_eq!(played(g.play(mv("a1", "a3"))), Ok(None));
    assert!(g.at(sq("a3")).unwrap().revealed, "a long move shows it is a Trooper");
    let mut h = position(&[("a1", Evil, Number(2)), ("j10", Good, Number(6))], Evil);
    h.play(mv("a1", "a2")).unwrap();
    assert!(!h.at(sq("a2")).unwrap().revealed, "one square shows nothing");
    let mut field = position(&[("a5", Evil, Number(2)), ("j10", Good, Number(6))], Evil);
    assert_eq!(field.play(mv("a5", "e5")), Err(Refusal::Field), "no Trooper crosses a field");
}

#[test]
fn detonators_and_the_lightsaber_never_move() {
    let mut g = position(
        &[("a1", Evil, Detonator), ("b1", Evil, Lightsaber), ("j1", Evil, Number(4)), ("j10", Good, Number(6))],
        Evil,
    );
    assert!(g.legal_actions().iter().all(|a| a.from() == Some(sq("j1"))));
    assert_eq!(g.play(mv("a1", "a2")), Err(Refusal::Immobile));
}

#[test]
fn an_attack_shows_both_pieces_and_the_loser_leaves_the_board() {
    let mut g = position(&[("e4", Evil, Number(7)), ("e5", Good, Number(5)), ("j10", Good, Number(3))], Evil);
    assert_eq!(played(g.play(mv("e4", "e5"))), Ok(Some(Clash::AttackerWins)));
    let winner = g.at(sq("e5")).unwrap();
    assert_eq!((winner.side, winner.rank, winner.revealed), (Evil, Number(7), true));
    assert!(g.at(sq("e4")).is_none());
    let lost = g.captured()[0];
    assert_eq!(
        (g.captured().len(), lost.piece.side, lost.piece.rank, lost.piece.revealed, lost.by),
        (1, Good, Number(5), true, Evil)
    );
    // A detonator kills its attacker and stays.
    let mut d = position(&[("e4", Evil, Number(9)), ("e5", Good, Detonator), ("j10", Good, Number(3))], Evil);
    assert_eq!(played(d.play(mv("e4", "e5"))), Ok(Some(Clash::DefenderWins)));
    assert_eq!(d.at(sq("e5")).map(|p| (p.rank, p.revealed)), Some((Detonator, true)));
    // Equal ranks: both go.
    let mut t = position(&[("e4", Evil, Number(6)), ("e5", Good, Number(6)), ("j10", Good, Number(3))], Evil);
    t.play(mv("e4", "e5")).unwrap();
    assert!(t.at(sq("e5")).is_none() && t.captured().len() == 2);
}

#[test]
fn the_spy_takes_the_ten_only_by_attacking_it() {
    let mut g = position(&[("e4", Evil, Spy), ("e5", Good, Number(10)), ("j10", Good, Number(3))], Evil);
    assert_eq!(played(g.play(mv("e4", "e5"))), Ok(Some(Clash::AttackerWins)));
    let mut h = position(&[("e4", Evil, Spy), ("e5", Good, Number(10)), ("a1", Evil, Number(3))], Good);
    assert_eq!(played(h.play(mv("e5", "e4"))), Ok(Some(Clash::AttackerWins)), "attacked, the spy falls");
}

#[test]
fn a_third_move_in_a_row_between_the_same_two_squares_is_refused() {
    let mut g = position(&[("e7", Good, Number(5)), ("a1", Evil, Number(4)), ("j1", Evil, Number(4))], Good);
    // Evil walks a piece up the a file meanwhile: the opponent's moves do not matter.
    g.play(mv("e7", "e6")).unwrap();
    g.play(mv("a1", "a2")).unwrap();
    g.play(mv("e6", "e7")).unwrap();
    g.play(mv("a2", "a3")).unwrap();
    assert_eq!(g.play(mv("e7", "e6")), Err(Refusal::Shuttle));
    assert!(!g.legal_actions().contains(&mv("e7", "e6")), "not offered either");
    g.play(mv("e7", "f7")).unwrap();
    g.play(mv("a3", "a4")).unwrap();
    // Another square broke the run: back and forth is allowed again.
    g.play(mv("f7", "e7")).unwrap();
    g.play(mv("a4", "a5")).unwrap();
    assert_eq!(played(g.play(mv("e7", "e6"))), Ok(None));
}

/// Good walks a piece along the j file while Evil's piece goes back and forth.
fn evil_moves(g: &mut Stratego, moves: &[(&str, &str)]) -> Result<(), Refusal> {
    let mut good = 9u8;
    for (from, to) in moves {
        g.play(mv(from, to))?;
        let (a, b) = (Square::new(9, good).unwrap(), Square::new(9, good - 1).unwrap());
        g.play(Action::Move { from: a, to: b }).unwrap();
        good -= 1;
    }
    Ok(())
}

#[test]
fn under_the_international_rule_the_sixth_move_in_a_row_between_two_squares_is_refused() {
    let start = || {
        position(&[("b4", Evil, Number(6)), ("a2", Evil, Number(2)), ("j10", Good, Number(4))], Evil)
            .with_repetition(Repetition::Isf)
    };
    let mut g = start();
    let five = [("b4", "b5"), ("b5", "b4"), ("b4", "b5"), ("b5", "b4"), ("b4", "b5")];
    evil_moves(&mut g, &five).unwrap();
    assert_eq!(g.play(mv("b5", "b4")), Err(Refusal::Shuttle));
    // A Trooper's series is the line of its first move: a2-a6 holds a2..a6.
    let mut t = start();
    evil_moves(&mut t, &[("a2", "a6"), ("a6", "a3"), ("a3", "a5"), ("a5", "a2"), ("a2", "a4")]).unwrap();
    assert_eq!(t.play(mv("a4", "a6")), Err(Refusal::Shuttle));
    assert_eq!(played(t.play(mv("a4", "a7"))), Ok(None), "a7 is outside the line: a new series");
    // The booklet's rule would have stopped the 6 at its third move.
    let mut b = start().with_repetition(Repetition::Booklet);
    evil_moves(&mut b, &five[..2]).unwrap();
    assert_eq!(b.play(mv("b4", "b5")), Err(Refusal::Shuttle));
}

#[test]
fn taking_the_lightsaber_wins_at_once() {
    let mut g = position(&[("e4", Evil, Number(2)), ("e5", Good, Lightsaber), ("j10", Good, Number(3))], Evil);
    assert_eq!(played(g.play(mv("e4", "e5"))), Ok(Some(Clash::Lightsaber)));
    assert_eq!(g.ending(), Some(Ending::Lightsaber(Evil)));
    assert!(g.legal_actions().is_empty());
    assert_eq!(g.play(mv("j10", "j9")), Err(Refusal::Over));
}

#[test]
fn a_side_that_cannot_move_loses_and_if_neither_can_it_is_a_draw() {
    // Good's last moving piece falls: Good has only its Lightsaber and cannot move.
    let mut g = position(
        &[("e4", Evil, Number(7)), ("e5", Good, Number(5)), ("j10", Good, Lightsaber), ("a1", Evil, Lightsaber)],
        Evil,
    );
    g.play(mv("e4", "e5")).unwrap();
    assert_eq!(g.ending(), Some(Ending::Stuck(Evil)));
    let mut both = position(
        &[("e4", Evil, Number(6)), ("e5", Good, Number(6)), ("j10", Good, Detonator), ("a1", Evil, Detonator)],
        Evil,
    );
    both.play(mv("e4", "e5")).unwrap();
    assert_eq!(both.ending(), Some(Ending::NeitherCanMove));
}

#[test]
fn random_games_end_and_keep_every_piece_where_it_may_be_and_every_army_whole() {
    let army: HashMap<Rank, usize> = Rank::ARMY.into_iter().collect();
    for seed in 0..100u64 {
        let mut g = setups(seed, seed + 1000);
        let mut pick = seed;
        while g.ending().is_none() {
            let moves = g.legal_actions();
            assert!(!moves.is_empty(), "a side to move always has a move until the end");
            pick = splitmix(pick);
            g.play(moves[(pick % moves.len() as u64) as usize]).unwrap();
            for s in (0..100).filter_map(Square::from_index).filter(|s| s.is_field()) {
                assert!(g.at(s).is_none(), "seed {seed}: a piece on the field {s}");
            }
        }
        assert_eq!(g.count(Evil), army, "seed {seed}");
        assert_eq!(g.count(Good), army, "seed {seed}");
        assert!(g.turns() <= MOVE_LIMIT);
    }
}

/// Starts a game of `variant` with `evil` changed by `change`; the refusal's text.
fn refused_setup(variant: Variant, change: impl Fn(&mut Setup, &Roster)) -> String {
    let roster = Roster::embedded();
    let mut evil = Stratego::random_setup(&roster, variant, Evil, 11);
    let good = Stratego::random_setup(&roster, variant, Good, 12);
    change(&mut evil, &roster);
    match Stratego::start(Rules::of(variant), roster.clone(), &evil, &good) {
        Err(Refusal::Setup(m)) => m,
        other => panic!("game {}: expected a refused setup, got {:?}", variant.number(), other.map(|_| ())),
    }
}

#[test]
fn each_game_takes_only_its_own_rows_and_its_own_army() {
    let code = |r: &Roster, c: &str| r.find(c).unwrap();
    // Rows: four in games 1-2, three in games 3-4.
    let m = refused_setup(Variant::Classic, |s, _| s[0].0 = sq("a5"));
    assert!(m.contains("a5 is not in your 4 home rows"), "{m}");
    let m = refused_setup(Variant::Rebellion, |s, _| s[0].0 = sq("a4"));
    assert!(m.contains("a4 is not in your 3 home rows"), "{m}");
    // Counts: 40, and game 3's Evil 29 (one square left for Vader), game 4's 30.
    let m = refused_setup(Variant::Classic, |s, _| {
        s.pop();
    });
    assert!(m.contains("39 pieces placed, the army has 40"), "{m}");
    let m = refused_setup(Variant::Rise, |s, r| {
        let gap = free_square(s);
        s.push((gap, code(r, "TDE")));
    });
    assert!(m.contains("30 pieces placed, the army has 29") && m.contains("empty"), "{m}");
    let m = refused_setup(Variant::Rebellion, |s, _| {
        s.pop();
    });
    assert!(m.contains("29 pieces placed, the army has 30"), "{m}");
    // A rank over its count, and pieces of the wrong colour for the game.
    let m = refused_setup(Variant::Classic, |s, r| {
        let i = s.iter().position(|(_, k)| r.kind(*k).rank == Number(4)).unwrap();
        s[i].1 = code(r, "BAT");
    });
    assert!(m.contains("Battle Droid (BAT) 5 placed, the army has 4"), "{m}");
    let m = refused_setup(Variant::Rise, |s, r| {
        let i = s.iter().position(|(_, k)| r.kind(*k).code == "E7G").unwrap();
        s[i].1 = code(r, "BOB");
    });
    assert!(m.contains("Boba Fett (BOB) is not in this game's army"), "{m}");
    let m = refused_setup(Variant::Rebellion, |s, r| {
        let i = s.iter().position(|(_, k)| r.kind(*k).code == "E7G").unwrap();
        s[i].1 = code(r, "MAU");
    });
    assert!(m.contains("Darth Maul (MAU) is not in this game's army"), "{m}");
}

/// A square of Evil's three rows that `s` leaves empty (game 3 leaves one).
fn free_square(s: &Setup) -> Square {
    (0..30).filter_map(Square::from_index).find(|q| s.iter().all(|(t, _)| t != q)).unwrap()
}
