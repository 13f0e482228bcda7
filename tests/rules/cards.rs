//! Playing cards: one action per card, and the cards that say "draw a card and play it".

use crate::common::*;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{EventKind, Prompt};

fn drawn_to_play(
    events: &[gambit::games::queens_gambit::rules::Event],
) -> Vec<gambit::games::queens_gambit::rules::CardId> {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::CardDrawnToPlay { card, .. } => Some(card),
            _ => None,
        })
        .collect()
}

#[test]
fn use_the_force_draws_and_plays_two_battlefield_cards_one_after_the_other() {
    let d = data();
    let first = card(&d, "NB", "3 Gungan groups");
    let second = card(&d, "NB", "Anakin / Gungan group");
    let mut game = Position::two_player().piece("gungan", "E3").play(NABOO, card(&d, "NB", "Use the Force"));
    game.stack_deck(&[first, second]).unwrap();
    let events = act(&mut game, NABOO, "action 1");
    assert_eq!(drawn_to_play(&events), [first]);
    // The drawn card has one action: it is under way at once.
    assert!(matches!(game.decision_for(NABOO).unwrap().prompt, Prompt::ChooseUnit { card, .. } if card == first));
    let events = act(&mut game, NABOO, "done");
    assert_eq!(drawn_to_play(&events), [second], "then the second card, once the first is done");
    assert_eq!(game.decision_for(NABOO).unwrap().prompt, Prompt::ChooseAction { card: second });
    act(&mut game, NABOO, "action 2");
    act(&mut game, NABOO, "unit E3");
    let discards = &game.state().decks[d.card(first).deck.index()].discard;
    assert!(discards.contains(&first) && discards.contains(&second), "cards played go to their discard pile");
}

#[test]
fn a_battlefield_card_can_draw_and_play_a_theed_palace_card() {
    let d = data();
    let palace = card(&d, "TP", "4 Battle droids");
    let mut game = Position::two_player()
        .piece("battle_droid", "1E4")
        .play(TF, card(&d, "TB", "Draw a Starfighter card / Draw a Theed Palace card and play it"));
    game.stack_deck(&[palace]).unwrap();
    let events = act(&mut game, TF, "action 2");
    assert_eq!(drawn_to_play(&events), [palace]);
    assert!(matches!(game.decision_for(TF).unwrap().prompt, Prompt::ChooseUnit { card, .. } if card == palace));
    assert!(has(&game, TF, "unit 1E4"));
}

#[test]
fn a_card_offers_each_of_its_actions_and_performs_only_the_one_chosen() {
    let d = data();
    let both = card(&d, "NB", "Anakin / Gungan group");
    let game = Position::two_player().piece("gungan", "E3").play(NABOO, both);
    assert_eq!(options(&game, NABOO), ["action 1", "action 2"]);
    let mut gungans = game.clone();
    let events = act(&mut gungans, NABOO, "action 2");
    assert!(!events.iter().any(|e| matches!(e.kind, EventKind::AnakinRolled { .. })), "no Anakin attempt");
    assert!(has(&gungans, NABOO, "unit E3"));
}

#[test]
fn the_unit_question_says_in_words_what_is_left_to_activate() {
    let d = data();
    let mut game =
        Position::two_player().piece("battle_droid_group", "E5").play(TF, card(&d, "TB", "2 Battle droid groups"));
    act(&mut game, TF, "action 1");
    let dec = game.decision_for(TF).unwrap().clone();
    let text = gambit::games::queens_gambit::rules::words::prompt_text(game.data(), game.state(), &dec);
    assert!(text.ends_with("choose a unit or done (still to act: 2 Battle droid groups)"), "{text}");
}

#[test]
fn one_unit_still_to_act_is_counted_so_it_never_reads_as_a_units_name() {
    let d = data();
    let mut game = Position::two_player()
        .piece("battle_droid_group", "E5")
        .piece("battle_droid_group", "E6")
        .play(TF, card(&d, "TB", "2 Battle droid groups"));
    act(&mut game, TF, "action 1");
    act(&mut game, TF, "unit E5");
    // The first group stays where it is and does nothing more.
    while let Some(prompt) = game.decision_for(TF).map(|d| d.prompt.clone()) {
        match prompt {
            gambit::games::queens_gambit::rules::Prompt::ChooseUnit { .. } => break,
            gambit::games::queens_gambit::rules::Prompt::Move { .. } => act(&mut game, TF, "move E5"),
            _ => act(&mut game, TF, "done"),
        };
    }
    let dec = game.decision_for(TF).unwrap().clone();
    let text = gambit::games::queens_gambit::rules::words::prompt_text(game.data(), game.state(), &dec);
    assert!(text.ends_with("(still to act: 1 Battle droid group)"), "{text}");
}
