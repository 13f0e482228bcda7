//! The game data matches the real components, and broken data files are reported precisely.

use crate::common::data;
use gambit::games::queens_gambit::rules::Data;
use gambit::games::queens_gambit::rules::data::{DeckId, FILES, Range, Zone};
use std::collections::BTreeMap;

fn figures_placed(d: &Data, figure: &str) -> u32 {
    let fid = d.figures.iter().position(|(n, _)| n == figure).unwrap();
    let mut n = 0;
    for (_, k) in &d.field.setup {
        if d.unit(*k).figure.index() == fid {
            n += u32::from(d.unit(*k).members);
        }
    }
    let palace = d.palace.setup.iter().map(|(_, k)| *k);
    let core = d.core.start.iter().map(|(k, _)| *k);
    n += palace.chain(core).filter(|k| d.unit(*k).figure.index() == fid).count() as u32;
    n
}

#[test]
fn setup_uses_every_figure_in_the_box() {
    // Rulebook contents: 65 battle droids, 12 destroyer droids, 2 viceroys, 1 Maul, 4 AATs, 3 MTTs,
    // Obi-Wan, Qui-Gon, two queens, Panaka, 21 palace guards, 27 Gungans, 8 Kaadu, 2 Fambaas, 3 catapults.
    let d = data();
    let expected = [
        ("battle_droid", 65),
        ("destroyer_droid", 12),
        ("viceroy", 2),
        ("darth_maul", 1),
        ("aat", 4),
        ("mtt", 3),
        ("obi_wan", 1),
        ("qui_gon", 1),
        ("red_queen", 1),
        ("purple_queen", 1),
        ("panaka", 1),
        ("palace_guard", 21),
        ("gungan", 27),
        ("kaadu", 8),
        ("fambaa", 2),
        ("catapult", 3),
    ];
    for (figure, n) in expected {
        assert_eq!(figures_placed(&d, figure), n, "{figure}");
    }
    assert_eq!(d.figures.len(), expected.len());
}

#[test]
fn each_deck_has_45_cards_and_starfighters_number_8() {
    let d = data();
    assert_eq!(d.decks.len(), 4);
    for deck in &d.decks {
        assert_eq!(deck.cards.len(), 45, "{}", deck.name);
    }
    assert_eq!(d.cards.len(), 180);
    assert_eq!(d.space.starfighters.len(), 8);
    assert!(d.space.starfighters.iter().all(|f| (2..=4).contains(&f.dice)));
    // One Starfighter card rolls 2 dice and leaves 7 and 8 open (the rulebook's worked example).
    assert!(d.space.starfighters.iter().any(|f| f.dice == 2 && !f.blocked.contains(&7) && !f.blocked.contains(&8)));
}

#[test]
fn anakin_has_five_grids_of_two_dice_and_grid_one_leaves_6_7_8_open() {
    let d = data();
    assert_eq!(d.space.grids.len(), 5);
    assert!(d.space.grids.iter().all(|g| g.dice == 2));
    for slot in [6, 7, 8] {
        assert!(!d.space.grids[0].blocked.contains(&slot));
    }
}

#[test]
fn the_battlefield_has_eight_half_spaces_and_a_shield_line() {
    let d = data();
    let half = d.field.cells.iter().filter(|c| c.zone == Zone::OutOfPlay).count();
    assert_eq!(half, 8);
    assert!(d.field.cells.iter().any(|c| c.zone == Zone::Line));
    // Both Fambaas sit inside the shield, every AAT and MTT outside.
    for (cell, kind) in &d.field.setup {
        let u = d.unit(*kind);
        let zone = d.field.cells[*cell].zone;
        if u.traits.shield_generator {
            assert_eq!(zone, Zone::Inside);
        }
        if u.traits.stays_outside_shield {
            assert_eq!(zone, Zone::Outside);
        }
    }
}

#[test]
fn the_palace_has_three_floors_a_throne_room_and_a_staging_zone() {
    let d = data();
    let floors: Vec<u8> = d.palace.levels.iter().map(|l| l.floor).collect();
    assert_eq!(floors, [1, 2, 3]);
    assert!(!d.palace.staging.is_empty());
    let throne_floors: std::collections::BTreeSet<u8> =
        (0..d.palace.cells.len()).filter(|i| d.palace.throne_room[*i]).map(|i| d.palace.cells[i].floor).collect();
    assert_eq!(throne_floors.into_iter().collect::<Vec<_>>(), [3], "the throne room is on the top floor");
    // Viceroys start in the throne room.
    let viceroy = d.kind("viceroy").unwrap();
    for (cell, kind) in &d.palace.setup {
        if *kind == viceroy {
            assert!(d.palace.throne_room[*cell]);
        }
    }
}

#[test]
fn reference_chart_facts_from_the_rulebook_hold() {
    let d = data();
    let u = |k: &str| d.unit(d.kind(k).unwrap());
    assert_eq!(u("gungan").members, 3);
    assert_eq!(u("gungan").movement, 1);
    assert_eq!(u("gungan").range, Range::Hexes(1));
    assert_eq!(u("destroyer_droid_group").movement, 2);
    assert_eq!(u("destroyer_droid_group").range, Range::Hexes(2));
    assert_eq!(u("destroyer_droid_group").attack.len(), 2, "2 red dice per destroyer droid");
    assert_eq!(u("catapult").range, Range::Hexes(3));
    assert_eq!(u("fambaa").dies_at, 5);
    assert_eq!(u("palace_guard").movement, 4);
    assert_eq!(u("palace_guard").range, Range::Sight);
    assert_eq!(u("qui_gon").movement, 12);
    assert_eq!(u("darth_maul").bonus, 5);
    assert_eq!(u("qui_gon").bonus, 3);
    assert_eq!(u("obi_wan").bonus, 3);
    assert_eq!(u("panaka").bonus, 1);
    assert!(u("viceroy").traits.untouchable);
}

#[test]
fn every_data_file_says_it_is_reconstructed() {
    assert!(data().reconstructed);
}

fn sources() -> BTreeMap<&'static str, String> {
    FILES
        .iter()
        .map(|f| (*f, std::fs::read_to_string(format!("{}/assets/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap()))
        .collect()
}

fn load_with(file: &str, edit: impl Fn(&str) -> String) -> String {
    let mut src = sources();
    let new = edit(&src[file]);
    src.insert(FILES.iter().find(|f| **f == file).unwrap(), new);
    let borrowed: BTreeMap<&str, &str> = src.iter().map(|(k, v)| (*k, v.as_str())).collect();
    Data::from_sources(&borrowed).expect_err("the broken file must be refused").to_string()
}

#[test]
fn the_files_on_disk_load_like_the_embedded_ones() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let d = Data::from_dir(&dir).unwrap();
    assert_eq!(d.cards.len(), data().cards.len());
    assert_eq!(d.deck(DeckId(0)).cards.len(), 45);
}

#[test]
fn a_broken_file_names_the_file_the_entry_and_the_problem() {
    let e = load_with("units.toml", |t| t.replacen("attack = [\"gray\"]  # fact", "attack = [\"grey\"]", 1));
    assert!(e.starts_with("units.toml: units.gungan:"), "{e}");
    assert!(e.contains("unknown dice colour 'grey'"), "{e}");

    let e = load_with("decks/tf-palace.toml", |t| t.replacen("darth_maul = 1 }", "darth_mal = 1 }", 1));
    assert!(e.starts_with("decks/tf-palace.toml: card 1"), "{e}");
    assert!(e.contains("unknown unit 'darth_mal'"), "{e}");

    let e = load_with("maps/battlefield.toml", |t| t.replacen("...C....C....C...", "...C....C....C..", 1));
    assert!(e.contains("maps/battlefield.toml: setup: row 1 has 16 columns, expected 17"), "{e}");

    let e = load_with("maps/palace.toml", |t| t.replacen("[\"1A7\", \"2A7\"]", "[\"1A6\", \"2A7\"]", 1));
    assert!(e.contains("stairs 1A6-2A7: both ends must be staircase hexes"), "{e}");

    let e = load_with("space.toml", |t| t.replacen("blocked = [2, 12]", "blocked = [2, 13]", 1));
    assert!(e.contains("space.toml: grid 1: slot 13 is not on the grid"), "{e}");

    let e =
        load_with("dice.toml", |t| t.replacen("faces = [\"2\", \"2\", \"1\", \"1\", \"0\", \"0\"]", "faces = []", 1));
    assert!(e.contains("dice.toml: dice.red: a die has 6 faces, found 0"), "{e}");

    let e = load_with("maps/core.toml", |t| t.replacen("[11, 12],", "", 1).replacen("[7, 12], ", "", 1));
    assert!(e.contains("space 12 cannot be reached from the door"), "{e}");

    // The palace battle counts Naboo pieces: the trait is refused on a Trade Federation unit.
    let e = load_with("units.toml", |t| {
        t.replacen(
            "bonus = 5                        # fact\ntraits = [\"duelist\"]",
            "bonus = 5\ntraits = [\"duelist\", \"palace_piece\"]",
            1,
        )
    });
    assert!(e.contains("units.darth_maul: palace_piece counts Naboo pieces"), "{e}");

    // A syntax error gives the line.
    let e = load_with("units.toml", |t| t.replacen("[units.kaadu]", "[units.kaadu", 1));
    assert!(e.starts_with("units.toml: line "), "{e}");
}

#[test]
fn a_map_that_loses_figures_is_refused() {
    let e = load_with("maps/battlefield.toml", |t| t.replacen(".G.G.G.G.G.G.G.G.", ".G.G.G.G.G.G.G...", 1));
    assert!(e.contains("figures.gungan: the box holds 27 but the maps place 24 at setup"), "{e}");
}
