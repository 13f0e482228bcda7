//! Winning: the Trade Federation when two or fewer Naboo pieces remain in the palace (Jedi included);
//! Naboo once the Control Ship is destroyed and Maul is dead or Naboo holds the throne room.

use crate::common::*;
use gambit::games::queens_gambit::rules::{Side, WinReason};

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
    assert!(matches!(
        game.act(TF, &gambit::games::queens_gambit::rules::Choice::Done),
        Err(gambit::games::queens_gambit::rules::RuleError::GameOver)
    ));
}

fn throne_room(control_ship_destroyed: bool, maul_in_room: bool) -> gambit::games::queens_gambit::rules::Game {
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

#[test]
fn what_each_side_still_needs_is_read_off_the_victory_rules() {
    use gambit::games::queens_gambit::rules::Viewer;
    // Before the ship falls: the Trade Federation counts Naboo's palace pieces; Naboo must reach the ship.
    let game = throne_room(false, false);
    let needs = game.view(Viewer::Spectator).needs.clone();
    assert_eq!((needs.palace_falls_at, needs.anakin, needs.control_ship, needs.maul_stands), (2, 0, 5, true));
    assert_eq!((needs.throne_room[Side::Naboo], needs.throne_room[Side::Tf]), (3, 2));
    let lines = needs.lines();
    assert_eq!(
        lines[Side::Tf],
        format!("Trade Federation wins when Naboo is down to 2 palace pieces: {} now.", needs.naboo_palace_pieces)
    );
    assert_eq!(
        lines[Side::Naboo],
        "Naboo must first destroy the Control Ship (Anakin on space 0 of 5), then win when Maul falls or with more \
         pieces in the throne room (3 against 2 now)."
    );
    // The ship destroyed, Maul in the room: two ways left, with the count that decides the second.
    let d = data();
    let mut game = Position::two_player()
        .piece("viceroy", "3F6")
        .piece("darth_maul", "3E6")
        .piece("palace_guard", "3E5")
        .with(|s| s.space.anakin = 5)
        .play(NABOO, card(&d, "NP", "3 Palace guards"));
    act(&mut game, NABOO, "action 1");
    let needs = game.view(Viewer::Spectator).needs.clone();
    assert!(needs.control_ship_destroyed());
    // Once the ship is down the throne room decides: a change there is a change in where Naboo stands.
    let mut moved = needs.clone();
    moved.throne_room[Side::Naboo] += 1;
    assert!(!needs.same_standing(&moved));
    let mut before = moved.clone();
    before.anakin = 3;
    let mut other_room = before.clone();
    other_room.throne_room[Side::Tf] += 1;
    assert!(before.same_standing(&other_room), "before the ship falls the throne room decides nothing");
    assert_eq!(
        needs.lines()[Side::Naboo],
        "Control Ship destroyed: Naboo wins when Maul falls or with more pieces in the throne room (1 against 2 now)."
    );
}
