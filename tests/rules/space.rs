//! The Droid Control Ship battle: Anakin's attempts, the Trade Federation's blocking dice, Starfighter
//! cards stacked on grids, and the Control Ship's fall.

use crate::common::*;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{EventKind, Prompt, Side, Viewer, WinReason};

fn anakin_card() -> gambit::games::queens_gambit::rules::CardId {
    card(&data(), "NB", "Anakin / Gungan group")
}

#[test]
fn anakin_advances_one_space_when_his_roll_finds_an_open_slot() {
    let mut game = Position::two_player().play(NABOO, anakin_card());
    force(&mut game, "0 0 3 4");
    let events = act(&mut game, NABOO, "action 1");
    assert!(
        events.iter().any(|e| matches!(e.kind, EventKind::SpaceDefence { hits: 0, ref rolls, .. } if rolls.len() == 2))
    );
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::AnakinRolled { passed: true, .. })));
    assert_eq!(game.state().space.anakin, 1);
}

#[test]
fn each_gray_hit_lets_the_trade_federation_block_an_open_slot() {
    let mut game = Position::two_player().play(NABOO, anakin_card());
    force(&mut game, "1 1 3 4");
    act(&mut game, NABOO, "action 1");
    let dec = game.decision_for(TF).expect("the Trade Federation places its dice");
    assert_eq!(dec.prompt, Prompt::Block { grid: 0, starfighter: None, left: 2 });
    let opts = options(&game, TF);
    assert!(!opts.contains(&"block 2".to_string()) && !opts.contains(&"block 12".to_string()), "printed ones");
    act(&mut game, TF, "block 7");
    assert!(!has(&game, TF, "block 7"), "a slot takes one die");
    let events = act(&mut game, TF, "block 8");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::AnakinRolled { passed: false, .. })));
    assert_eq!(game.state().space.anakin, 0, "7 is blocked: Anakin's attempt ends");
    assert_eq!(game.view(Viewer::Spectator).space.blocked, [7, 8], "the dice stay shown until the next attempt");
}

#[test]
fn a_starfighter_card_is_drawn_and_placed_on_a_grid_anakin_has_not_passed() {
    let d = data();
    let mut game = Position::two_player()
        .with(|s| s.space.anakin = 2)
        .play(TF, card(&d, "TB", "Draw a Starfighter card / Draw a Theed Palace card and play it"));
    game.stack_starfighters(&["SF3".to_string()]).unwrap();
    let events = act(&mut game, TF, "action 1");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::StarfighterDrawn { .. })));
    assert_eq!(options(&game, TF), ["grid 3", "grid 4", "grid 5"]);
    act(&mut game, TF, "grid 4");
    let sf3 = d.space.starfighters.iter().position(|f| f.code == "SF3").unwrap() as u8;
    assert_eq!(game.state().space.grids[3], [sf3]);
}

#[test]
fn anakin_must_get_through_each_card_then_the_grid_in_one_attempt() {
    // SF1 rolls 2 gray dice and blocks 5, 6, 9; grid 1 blocks 2 and 12.
    let mut game = Position::two_player()
        .with(|s| {
            s.space.deck.retain(|c| *c != 0);
            s.space.grids[0].push(0);
        })
        .play(NABOO, anakin_card());
    force(&mut game, "0 0 4 4 0 0 1 1");
    let events = act(&mut game, NABOO, "action 1");
    assert_eq!(count(&events, |k| matches!(k, EventKind::StarfighterPassed { starfighter: 0 })), 1);
    assert_eq!(count(&events, |k| matches!(k, EventKind::AnakinRolled { .. })), 2);
    let s = game.state();
    assert_eq!(s.space.gone, [0], "a card Anakin gets through leaves the game");
    assert!(s.space.grids[0].is_empty());
    assert_eq!(s.space.anakin, 0, "a roll of 2 is printed blocked on grid 1");
}

#[test]
fn a_card_anakin_fails_stays_on_the_grid() {
    let mut game = Position::two_player()
        .with(|s| {
            s.space.deck.retain(|c| *c != 0);
            s.space.grids[0].push(0);
        })
        .play(NABOO, anakin_card());
    force(&mut game, "0 0 2 3");
    act(&mut game, NABOO, "action 1");
    assert_eq!(game.state().space.grids[0], [0]);
    assert!(game.state().space.gone.is_empty());
}

#[test]
fn blocking_dice_are_rolled_fresh_for_each_layer() {
    let mut game = Position::two_player()
        .with(|s| {
            s.space.deck.retain(|c| *c != 0);
            s.space.grids[0].push(0);
        })
        .play(NABOO, anakin_card());
    // Card: one hit, block 7, Anakin rolls 8: through. Grid: no hits, Anakin rolls 7: through.
    force(&mut game, "1 0");
    act(&mut game, NABOO, "action 1");
    force(&mut game, "4 4 0 0 3 4");
    act(&mut game, TF, "block 7");
    assert_eq!(game.state().space.anakin, 1, "the die on 7 did not carry over to the printed grid");
}

#[test]
fn reaching_the_control_ship_shuts_down_every_droid() {
    let mut game = Position::two_player()
        .piece("battle_droid_group", "E5")
        .piece("aat", "C7")
        .piece("battle_droid", "1E4")
        .piece("darth_maul", "GC7")
        .piece("qui_gon", "GC6")
        .with(|s| s.space.anakin = 4)
        .play(NABOO, anakin_card());
    force(&mut game, "0 0 3 4");
    let events = act(&mut game, NABOO, "action 1");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::ControlShipDestroyed { droids: 6 })));
    for hex in ["E5", "C7", "1E4"] {
        assert_eq!(at(&game, hex), None, "{hex}");
    }
    assert_eq!(at(&game, "GC7").as_deref(), Some("darth_maul"), "Maul is no droid");
    assert_eq!(game.outcome(), None, "Maul lives and Naboo has no majority in the throne room");
}

#[test]
fn with_maul_dead_the_control_ship_falling_wins_at_once() {
    let mut game = Position::two_player().with(|s| s.space.anakin = 4).play(NABOO, anakin_card());
    force(&mut game, "0 0 3 4");
    act(&mut game, NABOO, "action 1");
    let o = game.outcome().expect("Naboo wins");
    assert_eq!((o.winner, o.reason), (Side::Naboo, WinReason::MaulSlain));
}

#[test]
fn anakin_cards_do_nothing_once_he_is_home() {
    let mut game =
        Position::two_player().piece("darth_maul", "GC7").with(|s| s.space.anakin = 5).play(NABOO, anakin_card());
    let events = act(&mut game, NABOO, "action 1");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::NoEffect { .. })));
}

/// SF1 with SF2 on top of it, both on grid 1.
fn two_cards_on_grid_1() -> Position {
    Position::two_player().with(|s| {
        s.space.deck.retain(|c| *c != 0 && *c != 1);
        s.space.grids[0] = vec![0, 1];
    })
}

#[test]
fn cards_stacked_on_one_grid_are_passed_top_first_then_the_grid_in_the_same_attempt() {
    // SF2 (top) blocks 4, 6, 8, 10; SF1 blocks 5, 6, 9; grid 1 blocks 2 and 12. A 7 passes all three.
    let mut game = two_cards_on_grid_1().play(NABOO, anakin_card());
    force(&mut game, "0 0 3 4 0 0 3 4 0 0 3 4");
    let events = act(&mut game, NABOO, "action 1");
    let passed: Vec<u8> = events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::StarfighterPassed { starfighter } => Some(starfighter),
            _ => None,
        })
        .collect();
    assert_eq!(passed, [1, 0], "the top card first, then the one under it");
    assert_eq!(count(&events, |k| matches!(k, EventKind::AnakinRolled { .. })), 3, "one roll per layer");
    let s = game.state();
    assert_eq!(s.space.gone, [1, 0]);
    assert_eq!(s.space.anakin, 1, "and through the printed grid: one space, no more");
}

#[test]
fn failing_the_second_card_of_a_stack_keeps_it_and_ends_the_attempt() {
    let mut game = two_cards_on_grid_1().play(NABOO, anakin_card());
    // Through SF2 with a 7, then a 6 on SF1: printed there.
    force(&mut game, "0 0 3 4 0 0 3 3");
    act(&mut game, NABOO, "action 1");
    let s = game.state();
    assert_eq!(s.space.grids[0], [0], "the card he failed stays");
    assert_eq!(s.space.gone, [1]);
    assert_eq!(s.space.anakin, 0);
}
