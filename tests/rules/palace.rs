//! Theed Palace: movement, stairs, windows, line of sight, doors, viceroys, the queens, special cards.

use crate::common::*;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{EventKind, Prompt, Side};

#[test]
fn palace_units_move_four_through_empty_hexes_only() {
    let game = Position::two_player().piece("palace_guard", "1E3").piece("battle_droid", "1E4").game();
    let r = reachable(&game, "1E3", 4, false);
    assert!(r.contains(&"1E1".to_string()));
    assert!(!r.contains(&"1E4".to_string()), "occupied");
    assert!(!r.contains(&"1D3".to_string()), "a pillar");
    assert_eq!(cost(&game, "1E3", 4, false, "1E6"), Some(4), "around the droid, not through it");
    assert_eq!(cost(&game, "1E3", 4, false, "1E7"), None, "five steps away");
}

#[test]
fn walls_close_the_palace_except_at_its_entrances() {
    let game = Position::two_player().piece("palace_guard", "0C1").piece("palace_guard", "0F1").game();
    assert_eq!(cost(&game, "0C1", 4, false, "1C1"), Some(3), "round through the entrance at 0B1-1B1");
    assert_eq!(cost(&game, "0F1", 4, false, "1F1"), Some(1), "straight through an entrance");
}

#[test]
fn a_staircase_costs_one_movement_point_between_floors() {
    let game = Position::two_player().piece("palace_guard", "1A7").game();
    assert_eq!(cost(&game, "1A7", 4, false, "2A7"), Some(1));
    assert_eq!(cost(&game, "1A7", 4, false, "2A6"), Some(2));
    assert_eq!(cost(&game, "1A7", 4, false, "3A1"), None, "the floors 2 stairs are at the other end");
}

#[test]
fn window_ledge_cards_let_naboo_jump_between_floors_for_one_point() {
    let game = Position::two_player().piece("palace_guard", "1A3").piece("battle_droid", "2A3").game();
    assert_eq!(cost(&game, "1A3", 4, true, "3A3"), Some(1), "even two floors up, over the droid below");
    assert_eq!(cost(&game, "1A3", 4, true, "2A3"), None, "the window hex must be empty");
    assert_eq!(cost(&game, "1A3", 4, false, "3A3"), None, "not without a window-ledge card");
    assert_eq!(cost(&game, "1A3", 4, true, "3A4"), Some(2), "movement goes on after the jump");
    let droid = Position::two_player().piece("battle_droid", "1A3").game();
    assert_eq!(cost(&droid, "1A3", 4, true, "3A3"), None, "Trade Federation pieces never use windows");
}

#[test]
fn the_window_ledge_card_moves_the_queen_and_three_guards() {
    let d = data();
    let mut game = Position::two_player()
        .piece("red_queen", "1A3")
        .piece("palace_guard", "1A5")
        .piece("battle_droid", "3C3")
        .real_queen("red_queen")
        .play(NABOO, card(&d, "NP", "Window Ledge Movement"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit 1A3");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Move { movement: 4, .. }));
    act(&mut game, NABOO, "move 3A3");
    assert_eq!(at(&game, "3A3").as_deref(), Some("red_queen"));
    // No attacks up or down through windows: the droid on floor 3 is seen on the same floor now.
    assert!(has(&game, NABOO, "target 3C3"));
}

#[test]
fn pieces_block_line_of_sight() {
    let open = Position::two_player().piece("palace_guard", "1E2").piece("battle_droid", "1E6").game();
    assert!(can_attack(&open, "1E2", "1E6"));
    let blocked = Position::two_player()
        .piece("palace_guard", "1E2")
        .piece("battle_droid", "1E6")
        .piece("palace_guard", "1E4")
        .game();
    assert!(!can_attack(&blocked, "1E2", "1E6"), "a friendly piece in between blocks too");
}

#[test]
fn a_line_along_an_edge_is_blocked_only_if_both_sides_are_obstructed() {
    // 1C3 to 1E3 runs along the edge between 1D2 and 1D3 (a pillar).
    let semi = Position::two_player().piece("palace_guard", "1C3").piece("battle_droid", "1E3").game();
    assert!(can_attack(&semi, "1C3", "1E3"), "one side obstructed: still in sight");
    let both = Position::two_player()
        .piece("palace_guard", "1C3")
        .piece("battle_droid", "1E3")
        .piece("battle_droid", "1D2")
        .game();
    assert!(!can_attack(&both, "1C3", "1E3"), "pillar on one side, droid on the other");
}

#[test]
fn sight_crosses_the_palace_wall_only_through_an_entrance() {
    let game = Position::two_player()
        .piece("palace_guard", "0C1")
        .piece("battle_droid", "1C2")
        .piece("palace_guard", "0F2")
        .piece("battle_droid", "1F3")
        .game();
    assert!(!can_attack(&game, "0C1", "1C2"), "through the wall");
    assert!(can_attack(&game, "0F2", "1F3"), "through the entrance at 0F1-1F1");
}

#[test]
fn a_door_blocks_sight_but_the_two_hexes_beside_it_may_fight() {
    let game = Position::two_player()
        .piece("palace_guard", "3F3")
        .piece("battle_droid", "3F4")
        .piece("battle_droid", "3F5")
        .piece("palace_guard", "3F2")
        .game();
    assert!(can_attack(&game, "3F3", "3F4"));
    assert!(can_attack(&game, "3F4", "3F3"));
    let far = Position::two_player().piece("palace_guard", "3F2").piece("battle_droid", "3F4").game();
    assert!(!can_attack(&far, "3F2", "3F4"), "only the hex on the far side of the door");
    // Doors do not hinder movement; the throne-room walls do.
    let mover = Position::two_player().piece("palace_guard", "3F3").game();
    assert_eq!(cost(&mover, "3F3", 4, false, "3F4"), Some(1));
    assert_eq!(cost(&mover, "3F3", 4, false, "3E4"), Some(2), "into the room only by the door");
}

#[test]
fn pieces_on_the_two_ends_of_a_staircase_may_attack_each_other() {
    let game = Position::two_player().piece("palace_guard", "1A7").piece("battle_droid", "2A7").game();
    assert!(can_attack(&game, "1A7", "2A7"));
    assert!(can_attack(&game, "2A7", "1A7"));
    let other = Position::two_player().piece("palace_guard", "1A6").piece("battle_droid", "2A7").game();
    assert!(!can_attack(&other, "1A6", "2A7"), "different floors, not on the staircase");
}

#[test]
fn viceroys_cannot_be_attacked_or_passed_and_block_sight() {
    let game =
        Position::two_player().piece("palace_guard", "3F5").piece("viceroy", "3F6").piece("battle_droid", "3F7").game();
    assert!(!can_attack(&game, "3F5", "3F6"));
    assert!(!can_attack(&game, "3F5", "3F7"), "the viceroy stands in between");
    assert!(!reachable(&game, "3F5", 4, false).contains(&"3F6".to_string()));
}

#[test]
fn nobody_attacks_a_friend() {
    let game = Position::two_player().piece("palace_guard", "1E2").piece("palace_guard", "1E4").game();
    assert!(!can_attack(&game, "1E2", "1E4"));
}

#[test]
fn a_palace_battle_droid_rolls_one_gray_die_and_a_destroyer_droid_defends_with_two_blue() {
    let d = data();
    let mut game = Position::two_player()
        .piece("battle_droid", "1E4")
        .piece("palace_guard", "1E2")
        .piece("destroyer_droid", "1G4")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    act(&mut game, TF, "move 1E4");
    force(&mut game, "1");
    let events = act(&mut game, TF, "target 1E2");
    assert!(events.iter().any(|e| matches!(&e.kind, EventKind::Attacked { attack, .. } if attack.len() == 1)));
    assert_eq!(at(&game, "1E2"), None, "a guard dies to one hit");
    // The same droid may not act twice in one action.
    assert!(!has(&game, TF, "unit 1E4"));
}

#[test]
fn killing_the_real_queen_reveals_her_and_slows_the_guards() {
    let d = data();
    let mut game = Position::two_player()
        .piece("red_queen", "1E2")
        .damage(2)
        .piece("purple_queen", "1H2")
        .piece("palace_guard", "1A1")
        .piece("battle_droid", "1E4")
        .real_queen("red_queen")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    act(&mut game, TF, "move 1E4");
    force(&mut game, "1 0");
    let events = act(&mut game, TF, "target 1E2");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::QueenRevealed { .. })));
    assert!(events.iter().any(|e| e.kind == EventKind::GuardsSlowed));
    let s = game.state();
    assert!(s.guards_slowed && s.queen_revealed);
    let guard = s.occupant(pos("1A1")).unwrap();
    assert_eq!(gambit::games::queens_gambit::rules::testing::movement_for(&d, s, guard, None), 2);
    // Everyone may now see which queen was real (here: none left standing is marked real).
    let v = game.view(gambit::games::queens_gambit::rules::Viewer::Seat(TF));
    assert!(v.pieces.iter().filter(|p| d.unit(p.kind).traits.queen).all(|p| p.real == Some(false)));
}

#[test]
fn killing_the_decoy_reveals_the_real_queen_but_does_not_slow_the_guards() {
    let d = data();
    let mut game = Position::two_player()
        .piece("red_queen", "1E2")
        .damage(2)
        .piece("purple_queen", "1H2")
        .piece("battle_droid", "1E4")
        .real_queen("purple_queen")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    act(&mut game, TF, "move 1E4");
    force(&mut game, "1 0");
    act(&mut game, TF, "target 1E2");
    assert!(game.state().queen_revealed);
    assert!(!game.state().guards_slowed);
    let v = game.view(gambit::games::queens_gambit::rules::Viewer::Spectator);
    let purple = v.pieces.iter().find(|p| d.unit(p.kind).key == "purple_queen").unwrap();
    assert_eq!(purple.real, Some(true), "spectators learn the survivor is the real queen");
}

#[test]
fn before_a_queen_dies_only_naboo_knows_which_is_real() {
    let game =
        Position::two_player().piece("red_queen", "1E2").piece("purple_queen", "1H2").real_queen("purple_queen").game();
    for viewer in
        [gambit::games::queens_gambit::rules::Viewer::Seat(TF), gambit::games::queens_gambit::rules::Viewer::Spectator]
    {
        assert!(game.view(viewer).pieces.iter().all(|p| p.real.is_none()));
    }
    assert!(
        game.view(gambit::games::queens_gambit::rules::Viewer::Seat(NABOO)).pieces.iter().any(|p| p.real == Some(true))
    );
}

#[test]
fn rush_the_palace_doubles_the_guards_but_not_panaka() {
    let d = data();
    let mut game = Position::two_player()
        .piece("panaka", "0C3")
        .piece("palace_guard", "0E3")
        .play(NABOO, card(&d, "NP", "Rush the Palace"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit 0E3");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Move { movement: 8, .. }));
    act(&mut game, NABOO, "move 0E3");
    act(&mut game, NABOO, "unit 0C3");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Move { movement: 4, .. }));
}

#[test]
fn after_the_real_queen_dies_rush_the_palace_moves_guards_four() {
    let d = data();
    let mut game = Position::two_player()
        .piece("palace_guard", "0E3")
        .with(|s| s.guards_slowed = true)
        .play(NABOO, card(&d, "NP", "Rush the Palace"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit 0E3");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Move { movement: 4, .. }));
}

#[test]
fn panakas_death_gives_the_trade_federation_a_bonus_card() {
    let d = data();
    let mut game = Position::two_player()
        .piece("panaka", "1E2")
        .damage(2)
        .piece("battle_droid", "1E4")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    act(&mut game, TF, "move 1E4");
    force(&mut game, "1 0");
    let events = act(&mut game, TF, "target 1E2");
    assert_eq!(bonus_earned(&events, Side::Tf), 1);
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::BonusDecks { count: 1 }));
}

#[test]
fn a_unit_attacks_after_moving_and_cannot_move_after_attacking() {
    let d = data();
    let mut game = Position::two_player()
        .piece("battle_droid", "1E4")
        .piece("battle_droid", "1G4")
        .piece("palace_guard", "1E2")
        .piece("palace_guard", "1A1")
        .play(TF, card(&d, "TP", "4 Battle droids"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit 1E4");
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::Move { .. }));
    act(&mut game, TF, "move 1E5");
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::Attack { .. }));
    force(&mut game, "0");
    act(&mut game, TF, "target 1E2");
    // The activation is over: back to choosing the next droid.
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::ChooseUnit { .. }));
    assert_eq!(options(&game, TF), ["unit 1G4", "done"]);
}
