//! Winning: the Trade Federation when two or fewer Naboo pieces remain in the palace (Jedi included);
//! Naboo once the Control Ship is destroyed and Maul is dead or Naboo holds the throne room.

use crate::common::*;
use gambit::rules::{Side, WinReason};

#[test]
fn the_trade_federation_wins_when_two_naboo_palace_pieces_remain_jedi_included() {
    let d = data();
    let mut game = Position::two_player()
        .without_garrison()
        .piece("qui_gon", "GC6")
        .piece("palace_guard", "1E2")
        .piece("palace_guard", "1H2")
        .piece("battle_droid", "1E4")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    act(&mut game, TF, "move 1E4");
    assert_eq!(game.outcome(), None, "three pieces: Qui-Gon counts");
    force(&mut game, "1");
    act(&mut game, TF, "target 1E2");
    let o = game.outcome().expect("game over");
    assert_eq!((o.winner, o.reason), (Side::Tf, WinReason::PalaceFallen));
    assert!(game.pending().is_empty());
    assert!(matches!(game.act(TF, &gambit::rules::Choice::Done), Err(gambit::rules::RuleError::GameOver)));
}

fn throne_room(control_ship_destroyed: bool, maul_in_room: bool) -> gambit::rules::Game {
    let d = data();
    let mut p = Position::two_player()
        .piece("viceroy", "3F6")
        .piece("viceroy", "3H6")
        .piece("palace_guard", "3E5")
        .piece("palace_guard", "3G5")
        .piece("palace_guard", "3F3");
    p = if maul_in_room { p.piece("darth_maul", "3E6") } else { p.piece("darth_maul", "GC7") };
    if control_ship_destroyed {
        p = p.with(|s| s.space.anakin = 5);
    }
    let mut game = p.play(NABOO, card(&d, "NP", "3 Palace guards"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit 3F3");
    act(&mut game, NABOO, "move 3F4");
    game
}

#[test]
fn a_throne_room_majority_wins_once_the_control_ship_is_destroyed() {
    let o = throne_room(true, false).outcome().expect("three guards against two viceroys");
    assert_eq!((o.winner, o.reason), (Side::Naboo, WinReason::ThroneRoom));
}

#[test]
fn a_throne_room_majority_does_nothing_while_the_control_ship_stands() {
    assert_eq!(throne_room(false, false).outcome(), None);
}

#[test]
fn maul_in_the_throne_room_counts_for_the_trade_federation() {
    assert_eq!(throne_room(true, true).outcome(), None, "three against three is no majority");
}

#[test]
fn a_concession_ends_the_game_for_the_other_side() {
    let mut game = Position::two_player().game();
    game.concede(Side::Naboo).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!((o.winner, o.reason), (Side::Tf, WinReason::Concession));
}
