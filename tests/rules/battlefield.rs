//! The Plains of Naboo: groups, ranges, half spaces, the shield, bonus cards, droid reinforcements.

use crate::common::*;
use gambit::games::queens_gambit::rules::data::Colour;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, EventKind, Mode, Side, Viewer};
use std::collections::BTreeMap;
use std::sync::Arc;

fn attack_dice(events: &[gambit::games::queens_gambit::rules::Event]) -> Vec<Vec<Colour>> {
    events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Attacked { attack, .. } => Some(attack.iter().map(|r| r.colour).collect()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_gungan_group_moves_one_and_rolls_a_gray_die_per_gungan() {
    let d = data();
    let mut game = Position::two_player()
        .piece("gungan", "E3")
        .piece("battle_droid_group", "E5")
        .play(NABOO, card(&d, "NB", "3 Gungan groups"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit E3");
    let moves = options(&game, NABOO);
    assert!(moves.contains(&"move E4".to_string()) && moves.contains(&"move E3".to_string()));
    assert!(!moves.contains(&"move E5".to_string()), "an occupied hex cannot be entered");
    assert!(!moves.iter().any(|m| m == "move E6" || m == "move E1"), "Gungans move 1");
    act(&mut game, NABOO, "move E4");
    force(&mut game, "1 1 0");
    let events = act(&mut game, NABOO, "target E5");
    assert_eq!(attack_dice(&events), [vec![Colour::Gray; 3]]);
    assert_eq!(piece_at(&game, "E5").members, 2, "two hits kill two battle droids");
}

#[test]
fn a_group_rolls_fewer_dice_as_it_shrinks() {
    let d = data();
    let mut game = Position::two_player()
        .group("gungan", "E4", 2)
        .piece("battle_droid_group", "E5")
        .play(NABOO, card(&d, "NB", "3 Gungan groups"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit E4");
    act(&mut game, NABOO, "move E4");
    force(&mut game, "0 0");
    let events = act(&mut game, NABOO, "target E5");
    assert_eq!(attack_dice(&events), [vec![Colour::Gray; 2]]);
}

#[test]
fn clearing_a_hex_earns_one_bonus_card_even_if_the_group_was_weakened_before() {
    let d = data();
    let mut game = Position::two_player()
        .piece("gungan", "E4")
        .group("battle_droid_group", "E5", 1)
        .play(NABOO, card(&d, "NB", "3 Gungan groups"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit E4");
    act(&mut game, NABOO, "move E4");
    force(&mut game, "1 0 0");
    let events = act(&mut game, NABOO, "target E5");
    assert_eq!(bonus_earned(&events, Side::Naboo), 1);
    assert_eq!(at(&game, "E5"), None);
    // Naboo chooses the deck; the card is drawn face down for next round.
    assert_eq!(options(&game, NABOO), ["bonus 0", "bonus 1"]);
    let events = act(&mut game, NABOO, "bonus 1");
    assert!(events.iter().any(|e| e.kind == EventKind::BonusDrawn { side: Side::Naboo, battlefield: 1, palace: 0 }));
    assert_eq!(game.state().bonus[Side::Naboo].len(), 1);
    let v = game.view(Viewer::Seat(NABOO));
    assert_eq!(v.bonus_waiting[Side::Naboo], 1, "the owner sees only how many");
}

#[test]
fn range_two_needs_an_empty_hex_between() {
    let game = Position::two_player()
        .piece("battle_droid_group", "E5")
        .piece("gungan", "E3")
        .with(|s| s.shield_up = false)
        .game();
    assert!(can_attack(&game, "E5", "E3"));
    let game = Position::two_player()
        .piece("battle_droid_group", "E5")
        .piece("gungan", "E3")
        .piece("kaadu", "E4")
        .with(|s| s.shield_up = false)
        .game();
    assert!(!can_attack(&game, "E5", "E3"), "the hex between is taken");
    assert!(can_attack(&game, "E5", "E4"), "range 2 includes adjacent hexes");
}

#[test]
fn catapults_fire_over_pieces_up_to_three_hexes() {
    let game = Position::two_player()
        .piece("catapult", "E1")
        .piece("gungan", "E2")
        .piece("gungan", "E3")
        .piece("battle_droid_group", "E4")
        .piece("battle_droid_group", "E5")
        .game();
    assert!(can_attack(&game, "E1", "E4"), "three hexes away over two Gungan groups");
    assert!(!can_attack(&game, "E1", "E5"), "four hexes is out of range");
}

#[test]
fn the_shield_splits_attacks_while_it_stands() {
    let up = Position::two_player()
        .piece("catapult", "E3")
        .piece("battle_droid_group", "E6")
        .piece("catapult", "K4")
        .piece("battle_droid_group", "K7")
        .game();
    assert!(!can_attack(&up, "E3", "E6"), "inside cannot hit outside");
    assert!(can_attack(&up, "K4", "K7"), "a shield-line hex counts as both sides");
    let down = Position::two_player()
        .piece("catapult", "E3")
        .piece("battle_droid_group", "E6")
        .with(|s| s.shield_up = false)
        .game();
    assert!(can_attack(&down, "E3", "E6"), "once the shield is down, anyone fires across");
}

#[test]
fn aats_and_mtts_cannot_cross_the_shield_while_it_stands() {
    let up = Position::two_player().piece("aat", "E6").piece("mtt", "K6").game();
    let r = reachable(&up, "E6", 2, false);
    assert!(r.contains(&"E5".to_string()));
    assert!(!r.contains(&"E4".to_string()), "the shield line is closed to tanks");
    assert!(!reachable(&up, "K6", 1, false).contains(&"K4".to_string()));
    // Battle droids may cross.
    let droids = Position::two_player().piece("battle_droid_group", "E5").game();
    assert!(reachable(&droids, "E5", 2, false).contains(&"E3".to_string()));
    let down = Position::two_player().piece("aat", "E6").with(|s| s.shield_up = false).game();
    assert!(reachable(&down, "E6", 2, false).contains(&"E4".to_string()));
}

#[test]
fn half_spaces_cannot_be_entered() {
    let game = Position::two_player().piece("battle_droid_group", "A8").game();
    let r = reachable(&game, "A8", 2, false);
    assert!(r.contains(&"B7".to_string()));
    assert!(!r.contains(&"B8".to_string()));
}

fn map_with_half_space_at_e5() -> Arc<Data> {
    let files: BTreeMap<&str, String> = gambit::games::queens_gambit::rules::data::FILES
        .iter()
        .map(|f| (*f, std::fs::read_to_string(format!("{}/assets/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap()))
        .collect();
    let mut files = files;
    let field = files["maps/battlefield.toml"].replacen(
        "sssssssssssssssss\nooooooooooooooooo",
        "sssssssssssssssss\nooooxoooooooooooo",
        1,
    );
    files.insert("maps/battlefield.toml", field);
    let borrowed: BTreeMap<&str, &str> = files.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Arc::new(Data::from_sources(&borrowed).unwrap())
}

#[test]
fn nothing_fires_or_moves_through_a_half_space() {
    let d = map_with_half_space_at_e5();
    let game = Position::with_data(d, Mode::TwoPlayer)
        .piece("catapult", "E3")
        .piece("battle_droid_group", "E6")
        .piece("battle_droid_group", "E4")
        .with(|s| s.shield_up = false)
        .game();
    assert!(!can_attack(&game, "E3", "E6"), "the straight line crosses the half space E5");
    assert!(!reachable(&game, "E4", 1, false).contains(&"E5".to_string()));
}

#[test]
fn killing_a_fambaa_drops_the_shield_for_good_and_earns_a_bonus_card() {
    // The rulebook's example: a destroyer droid group moves and shoots a Fambaa two hexes away with 4 red
    // dice, scoring 5 hits; the Fambaa's blue and gold dice block nothing; it dies and the TF draws a card.
    let d = data();
    let mut game = Position::two_player()
        .piece("destroyer_droid_group", "E6")
        .piece("fambaa", "F2")
        .play(TF, card(&d, "TB", "2 Destroyer droid groups / Battle droid group"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit E6");
    act(&mut game, TF, "move E4");
    force(&mut game, "2 2 1 0 0 0");
    let events = act(&mut game, TF, "target F2");
    assert_eq!(attack_dice(&events), [vec![Colour::Red; 4]]);
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::Attacked { hits: 5, blocks: 0, .. })));
    assert!(events.iter().any(|e| e.kind == EventKind::ShieldDown));
    assert!(!game.state().shield_up);
    assert_eq!(bonus_earned(&events, Side::Tf), 1);
    act(&mut game, TF, "bonus 0");
    assert_eq!(game.state().bonus[Side::Tf].len(), 1);
}

#[test]
fn droids_sent_to_the_palace_fill_empty_staging_hexes_and_the_rest_leave_play() {
    let d = data();
    let mut game = Position::two_player()
        .piece("battle_droid_group", "E5")
        .piece("palace_guard", "1A6")
        .piece("palace_guard", "1B6")
        .piece("palace_guard", "1K6")
        .piece("palace_guard", "1L6")
        .play(TF, card(&d, "TB", "Droids to the Palace"));
    act(&mut game, TF, "action 1");
    assert_eq!(options(&game, TF), ["unit E5", "done"]);
    let events = act(&mut game, TF, "unit E5");
    assert!(
        events
            .iter()
            .any(|e| matches!(&e.kind, EventKind::DroidsToPalace { lost: 2, placed, .. } if placed.len() == 2))
    );
    assert_eq!(at(&game, "E5"), None);
    assert_eq!(at(&game, "1B7").as_deref(), Some("battle_droid"));
    assert_eq!(at(&game, "1K7").as_deref(), Some("battle_droid"));
    let bd = d.figures.iter().position(|(n, _)| n == "battle_droid").unwrap();
    assert_eq!(game.state().retired[bd], 2);
    assert_eq!(game.state().destroyed[bd], 0, "droids with no room are out of play, not destroyed");
}

#[test]
fn with_room_to_spare_the_player_chooses_the_staging_hexes() {
    let d = data();
    let mut game =
        Position::two_player().group("destroyer_droid_group", "E5", 2).play(TF, card(&d, "TB", "Droids to the Palace"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit E5");
    assert_eq!(options(&game, TF).len(), 6, "six empty staging hexes");
    act(&mut game, TF, "place 1L6");
    assert_eq!(at(&game, "1L6").as_deref(), Some("destroyer_droid"));
    assert!(refused(&mut game, TF, "place 1A7").contains("Allowed: place 1A6"), "1A7 is a staircase, not staging");
    act(&mut game, TF, "place 1A6");
    assert_eq!(at(&game, "1A6").as_deref(), Some("destroyer_droid"));
}

#[test]
fn new_droids_come_from_destroyed_stock_next_to_different_mtts() {
    let d = data();
    let bd = d.figures.iter().position(|(n, _)| n == "battle_droid").unwrap();
    let mut game = Position::two_player()
        .piece("mtt", "I7")
        .piece("mtt", "M7")
        .with(|s| s.destroyed[bd] = 5)
        .play(TF, card(&d, "TB", "Activate Droids"));
    act(&mut game, TF, "action 1");
    assert!(has(&game, TF, "place I6") && has(&game, TF, "place M6") && has(&game, TF, "done"));
    assert!(!has(&game, TF, "place E6"), "only next to an MTT");
    // Only battle droids are in stock, so the kind is not asked.
    let events = act(&mut game, TF, "place I6");
    assert!(events.iter().any(|e| matches!(e.kind, EventKind::DroidsActivated { members: 4, .. })));
    assert!(!has(&game, TF, "place H7"), "the second group needs another MTT");
    assert!(has(&game, TF, "place M6"));
    act(&mut game, TF, "place M6");
    assert_eq!(piece_at(&game, "M6").members, 1, "a short group of the last droid in stock");
    assert_eq!(game.state().destroyed[bd], 0);
}

#[test]
fn without_mtts_no_droids_are_activated() {
    let d = data();
    let bd = d.figures.iter().position(|(n, _)| n == "battle_droid").unwrap();
    let mut game = Position::two_player().with(|s| s.destroyed[bd] = 8).play(TF, card(&d, "TB", "Activate Droids"));
    let events = act(&mut game, TF, "action 1");
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::DroidsActivated { .. })));
    assert_eq!(game.state().phase, gambit::games::queens_gambit::rules::Phase::Planning, "the action ended by itself");
}

#[test]
fn kaadu_defend_with_a_blue_die_each() {
    let d = data();
    let mut game = Position::two_player()
        .piece("battle_droid_group", "E5")
        .piece("kaadu", "E4")
        .play(TF, card(&d, "TB", "2 Battle droid groups"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit E5");
    act(&mut game, TF, "move E5");
    force(&mut game, "1 0 0 0 0 0");
    let events = act(&mut game, TF, "target E4");
    let defence: Vec<Vec<Colour>> = events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::Attacked { defence, .. } => Some(defence.iter().map(|r| r.colour).collect()),
            _ => None,
        })
        .collect();
    assert_eq!(defence, [vec![Colour::Blue; 2]]);
    assert_eq!(piece_at(&game, "E4").members, 1, "one unblocked hit kills one Kaadu");
}
