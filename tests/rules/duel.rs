//! The generator core: Jedi and Sith split movement and declared dice, attack twice, riposte, stay in the
//! core until the other side is dead, and fight through the door.

use crate::common::*;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{EventKind, Prompt, Side};

fn duel() -> Position {
    Position::two_player().piece("qui_gon", "GC6").piece("darth_maul", "GC7").piece("obi_wan", "GC4")
}

fn qui_gon_card() -> gambit::games::queens_gambit::rules::CardId {
    card(&data(), "NP", "Qui-Gon / Obi-Wan / 2 Palace guards")
}

#[test]
fn qui_gon_and_maul_start_adjacent() {
    let d = data();
    let start: Vec<(String, String)> = d
        .core
        .start
        .iter()
        .map(|(k, s)| (d.unit(*k).key.clone(), gambit::games::queens_gambit::rules::Pos::Core(*s).to_string()))
        .collect();
    assert!(start.contains(&("qui_gon".into(), "GC6".into())) && start.contains(&("darth_maul".into(), "GC7".into())));
    let g = duel().game();
    assert!(can_attack(&g, "GC6", "GC7") && can_attack(&g, "GC7", "GC6"));
    assert!(!can_attack(&g, "GC4", "GC7"), "Obi-Wan is not adjacent");
}

#[test]
fn a_jedi_splits_movement_and_declared_dice_over_several_attacks() {
    let mut game = duel().play(NABOO, qui_gon_card());
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit GC6");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Duel { movement: 12, dice: 3, .. }));
    act(&mut game, NABOO, "target GC7");
    assert_eq!(options(&game, NABOO), ["dice 1", "dice 2", "dice 3"]);
    force(&mut game, "1 0 0");
    let events = act(&mut game, NABOO, "dice 1");
    assert!(events.iter().any(
        |e| matches!(&e.kind, EventKind::Attacked { attack, defence, .. } if attack.len() == 1 && defence.len() == 2)
    ));
    assert_eq!(piece_at(&game, "GC7").damage, 1);
    // Move on after attacking, then attack again with what is left.
    act(&mut game, NABOO, "move GC11");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Duel { movement: 11, dice: 2, .. }));
    act(&mut game, NABOO, "target GC7");
    assert_eq!(options(&game, NABOO), ["dice 1", "dice 2"]);
    force(&mut game, "2 2 0 0");
    act(&mut game, NABOO, "dice 2");
    assert_eq!(piece_at(&game, "GC7").damage, 5);
    // No dice left: moves and done only.
    let opts = options(&game, NABOO);
    assert!(!opts.iter().any(|o| o.starts_with("target")));
    assert!(opts.contains(&"move GC12".to_string()) && opts.contains(&"done".to_string()));
}

#[test]
fn attack_twice_cards_give_six_dice_at_most_three_per_attack() {
    let d = data();
    let mut game = duel().play(NABOO, card(&d, "NP", "Qui-Gon's Fury"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit GC6");
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::Duel { dice: 6, .. }));
    act(&mut game, NABOO, "target GC7");
    assert_eq!(options(&game, NABOO), ["dice 1", "dice 2", "dice 3"]);
    force(&mut game, "0 0 0 0 0");
    act(&mut game, NABOO, "dice 3");
    act(&mut game, NABOO, "target GC7");
    assert_eq!(options(&game, NABOO), ["dice 1", "dice 2", "dice 3"], "three more");
}

#[test]
fn the_green_die_ripostes_even_when_the_attack_misses() {
    let mut game = duel().play(NABOO, qui_gon_card());
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit GC6");
    act(&mut game, NABOO, "target GC7");
    force(&mut game, "0 0 0 hit 0");
    let events = act(&mut game, NABOO, "dice 3");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Attacked { hits: 0, riposte: 1, .. })));
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Riposte { amount: 1, .. })));
    assert_eq!(piece_at(&game, "GC6").damage, 1, "the attacker takes the riposte hit");
    assert_eq!(piece_at(&game, "GC7").damage, 0);
}

#[test]
fn a_riposte_that_kills_the_attacker_ends_its_turn_and_pays_three_bonus_cards() {
    let mut game = Position::two_player()
        .piece("qui_gon", "GC6")
        .damage(6)
        .piece("darth_maul", "GC7")
        .piece("obi_wan", "GC4")
        .play(NABOO, qui_gon_card());
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit GC6");
    act(&mut game, NABOO, "target GC7");
    force(&mut game, "1 hit 0");
    let events = act(&mut game, NABOO, "dice 1");
    assert_eq!(at(&game, "GC6"), None);
    assert_eq!(bonus_earned(&events, Side::Tf), 3);
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::BonusDecks { count: 3 }));
    act(&mut game, TF, "bonus 3");
    assert_eq!(game.state().bonus[Side::Tf].len(), 3);
    assert!(game.decision_for(NABOO).is_none_or(|d| !matches!(d.prompt, Prompt::Duel { .. })));
}

#[test]
fn killing_maul_pays_naboo_five_bonus_cards_from_either_deck() {
    let mut game = Position::two_player()
        .piece("qui_gon", "GC6")
        .piece("darth_maul", "GC7")
        .damage(11)
        .play(NABOO, qui_gon_card());
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit GC6");
    act(&mut game, NABOO, "target GC7");
    force(&mut game, "1 0 0");
    let events = act(&mut game, NABOO, "dice 1");
    assert_eq!(bonus_earned(&events, Side::Naboo), 5);
    assert_eq!(options(&game, NABOO).len(), 6, "0 to 5 from the Battlefield deck");
    let events = act(&mut game, NABOO, "bonus 2");
    assert!(events.iter().any(|e| e.kind == EventKind::BonusDrawn { side: Side::Naboo, battlefield: 2, palace: 3 }));
}

#[test]
fn nobody_leaves_the_core_until_the_other_side_is_dead() {
    let fight = Position::two_player().piece("darth_maul", "GC1").piece("qui_gon", "GC5").game();
    assert!(!reachable(&fight, "GC1", 12, false).contains(&"0A2".to_string()), "Maul stays while a Jedi lives");
    assert!(!reachable(&fight, "GC5", 12, false).contains(&"0A2".to_string()), "and so do the Jedi");
    let free = Position::two_player().piece("darth_maul", "GC1").game();
    assert_eq!(cost(&free, "GC1", 12, false, "0A2"), Some(1), "through the door once both Jedi are dead");
    assert_eq!(cost(&free, "GC1", 12, false, "1A1"), Some(5), "and on through the palace entrance");
}

#[test]
fn only_jedi_and_sith_enter_the_core() {
    let game = Position::two_player().piece("battle_droid", "0A2").game();
    assert!(!reachable(&game, "0A2", 4, false).contains(&"GC1".to_string()));
}

#[test]
fn palace_units_attack_through_the_core_door_and_only_there() {
    let game = Position::two_player()
        .piece("darth_maul", "GC1")
        .piece("palace_guard", "0A2")
        .piece("palace_guard", "0A3")
        .piece("qui_gon", "GC5")
        .game();
    assert!(can_attack(&game, "0A2", "GC1"), "the guard beside the door shoots through it");
    assert!(!can_attack(&game, "0A3", "GC1"));
    assert!(can_attack(&game, "GC1", "0A2"), "Maul strikes back through the door");
    assert!(!can_attack(&game, "0A2", "GC5"));
}

#[test]
fn recovering_removes_damage_but_never_below_zero() {
    let d = data();
    let mut game = Position::two_player()
        .piece("qui_gon", "GC6")
        .damage(5)
        .piece("darth_maul", "GC7")
        .damage(1)
        .play(NABOO, card(&d, "NP", "Qui-Gon Recovers"));
    let events = act(&mut game, NABOO, "action 1");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Recovered { amount: 3, damage: 2, .. })));
    assert_eq!(piece_at(&game, "GC6").damage, 2);
    let mut game = Position::two_player()
        .piece("qui_gon", "GC6")
        .piece("darth_maul", "GC7")
        .damage(1)
        .play(TF, card(&d, "TP", "Maul Recovers"));
    act(&mut game, TF, "action 1");
    assert_eq!(piece_at(&game, "GC7").damage, 0);
}

#[test]
fn a_riposte_hits_a_guard_shooting_through_the_core_door_whatever_the_range() {
    let d = data();
    let mut game = Position::two_player()
        .piece("darth_maul", "GC1")
        .piece("qui_gon", "GC5")
        .piece("palace_guard", "0A2")
        .play(NABOO, card(&d, "NP", "Qui-Gon / Obi-Wan / 2 Palace guards"));
    act(&mut game, NABOO, "action 3");
    act(&mut game, NABOO, "unit 0A2");
    act(&mut game, NABOO, "move 0A2");
    // The guard's gray die hits; Maul's green die ripostes and his gold die blocks nothing.
    force(&mut game, "1 hit 0");
    let events = act(&mut game, NABOO, "target GC1");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Riposte { amount: 1, .. })));
    assert_eq!(piece_at(&game, "GC1").damage, 1, "the riposte hit is not a block");
    assert_eq!(at(&game, "0A2"), None, "one automatic hit kills a guard, with no defence roll");
}

#[test]
fn the_jedi_leave_the_core_once_maul_is_dead() {
    let free = Position::two_player().piece("qui_gon", "GC1").piece("obi_wan", "GC5").game();
    assert_eq!(cost(&free, "GC1", 12, false, "0A2"), Some(1));
}

#[test]
fn a_jedi_in_the_palace_still_attacks_only_adjacent_pieces() {
    let game = Position::two_player()
        .piece("qui_gon", "1E2")
        .piece("battle_droid", "1E3")
        .piece("destroyer_droid", "1G2")
        .game();
    assert!(can_attack(&game, "1E2", "1E3"), "adjacent");
    assert!(!can_attack(&game, "1E2", "1G2"), "two hexes away, in plain sight");
    assert!(can_attack(&game, "1G2", "1E2"), "while palace pieces shoot along their line of sight");
}
