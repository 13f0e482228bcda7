//! Texts players read, played through the engine and read back: each test names the sentence it checks.

use crate::common::*;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::words::{event_text, option_label, prompt_text};
use gambit::games::queens_gambit::rules::{Choice, Event, Game, Mode, Seat};

/// Every line the events would show to everyone.
fn lines(game: &Game, events: &[Event]) -> Vec<String> {
    events.iter().filter_map(|e| event_text(game.data(), Mode::TwoPlayer, e)).collect()
}

#[test]
fn a_group_loses_the_figures_it_had_not_the_hits_it_took() {
    let d = data();
    let mut game = Position::two_player()
        .piece("gungan", "E4")
        .group("battle_droid_group", "E5", 2)
        .play(NABOO, card(&d, "NB", "3 Gungan groups"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit E4");
    act(&mut game, NABOO, "move E4");
    force(&mut game, "1 1 1");
    let events = act(&mut game, NABOO, "target E5");
    let text = lines(&game, &events);
    assert!(text.contains(&"Battle droid group E5 loses 2 figures (0 left).".to_string()), "{text:?}");
    assert!(text.iter().any(|l| l.contains("= 3 hits")), "the attack still says 3 hits: {text:?}");
}

#[test]
fn a_character_hit_past_its_track_reads_full_not_four_of_three() {
    let d = data();
    let mut game = Position::two_player()
        .piece("qui_gon", "GC6")
        .piece("darth_maul", "GC7")
        .damage(11)
        .play(NABOO, card(&d, "NP", "Qui-Gon / Obi-Wan / 2 Palace guards"));
    act(&mut game, NABOO, "action 1");
    act(&mut game, NABOO, "unit GC6");
    act(&mut game, NABOO, "target GC7");
    force(&mut game, "2 2 2 0 0 0 0");
    let events = act(&mut game, NABOO, "dice 3");
    let text = lines(&game, &events);
    assert!(text.contains(&"Maul GC7 takes 6 hits: its damage track is full (12/12).".to_string()), "{text:?}");
}

#[test]
fn a_refusal_never_doubles_its_punctuation() {
    let d = data();
    // Both kinds of droids wait in the destroyed pool, so the kind is asked.
    let droids: Vec<usize> = (0..d.figures.len()).filter(|i| d.figures[*i].0.contains("droid")).collect();
    let mut game = Position::two_player()
        .with(|s| droids.iter().for_each(|i| s.destroyed[*i] = 8))
        .piece("mtt", "E7")
        .play(TF, card(&d, "TB", "Activate Droids"));
    act(&mut game, TF, "action 1");
    let first = options(&game, TF)[0].clone();
    act(&mut game, TF, &first);
    let question = prompt_text(game.data(), game.state(), game.decision_for(TF).unwrap());
    assert!(question.ends_with('?'), "the kind question is a question: {question}");
    let why = refused(&mut game, TF, "kind palace_guard");
    assert!(why.contains(&format!("{question} Allowed:")) && !why.contains("?."), "{why}");
}

#[test]
fn the_unit_question_names_only_units_still_alive() {
    let d = data();
    // Rush the Palace allows Panaka and 4 guards; Panaka is dead.
    let mut game = Position::two_player().piece("palace_guard", "1E4").play(NABOO, card(&d, "NP", "Rush the Palace"));
    act(&mut game, NABOO, "action 1");
    let dec = game.decision_for(NABOO).unwrap().clone();
    let question = prompt_text(game.data(), game.state(), &dec);
    assert!(question.ends_with("choose a unit or done (still to act: 4 Palace guards)"), "{question}");
}

#[test]
fn anakins_roll_names_the_card_or_grid_it_is_against() {
    let text =
        gambit::cli::queens_gambit::replay::run(data(), &std::fs::read_to_string(scenario()).unwrap(), false, None)
            .unwrap();
    assert!(text.contains("Anakin rolls 5 + 3 = 8 against SF1 on grid 1: through."), "{text}");
    assert!(text.contains("Anakin rolls 2 + 4 = 6 against grid 1: through."), "{text}");
}

fn scenario() -> String {
    format!("{}/tests/scenarios/first-round-example.txt", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn activate_droids_says_why_it_does_nothing() {
    let d = data();
    let bd = d.figures.iter().position(|(n, _)| n == "battle_droid").unwrap();
    let cases = [
        (
            Position::two_player().piece("mtt", "E7"),
            "no droids can be activated (no destroyed droids are left to bring back)",
        ),
        (
            Position::two_player().with(|s| s.destroyed[bd] = 8),
            "no droids can be activated (the Trade Federation has no MTT on the battlefield)",
        ),
    ];
    for (position, why) in cases {
        let mut game = position.play(TF, card(&d, "TB", "Activate Droids"));
        let events = act(&mut game, TF, "action 1");
        assert!(lines(&game, &events).contains(&format!("No effect: {why}.")), "{:?}", lines(&game, &events));
    }
}

#[test]
fn a_plan_option_names_the_card_it_removes() {
    let (mut game, _) = Game::new(data(), Mode::TwoPlayer, 1);
    act(&mut game, NABOO, "queen red_queen");
    let hand = game.state().seats[NABOO].hand.clone();
    let add = format!("plan add {}", game.data().card(hand[0]).code);
    act(&mut game, NABOO, &add);
    let dec = game.decision_for(NABOO).unwrap().clone();
    let label = option_label(game.data(), game.state(), &dec, &Choice::PlanRemove(0));
    let name = gambit::games::queens_gambit::rules::words::card_name(game.data(), hand[0]);
    assert_eq!(label, format!("Remove {name} (card 1)"));
}

#[test]
fn the_win_line_gives_the_reason_in_words() {
    let text = "players 2\nseed 1\nconcede tf\n";
    let out = gambit::cli::queens_gambit::replay::run(data(), text, false, None).unwrap();
    assert!(out.contains("Game over: Naboo wins: the other side conceded."), "{out}");
    assert!(!out.contains("Concession"), "{out}");
    let _ = Seat(0);
}

#[test]
fn a_reveal_and_the_action_then_chosen_read_as_one_line() {
    use gambit::games::queens_gambit::rules::words::event_lines;
    use gambit::games::queens_gambit::rules::{Event, EventKind};
    let d = data();
    let by_title = |deck: &str, title: &str| card(&d, deck, title);
    let (droids, recover) = (by_title("TB", "2 Battle droid groups"), by_title("NP", "Obi-Wan Recovers"));
    let reveal = |seat, card| Event::public(EventKind::CardRevealed { seat, card, bonus: false });
    let chosen = |seat, card| Event::public(EventKind::ActionChosen { seat, card, action: 0 });
    let lines = event_lines(&d, Mode::TwoPlayer, &[reveal(TF, droids), chosen(TF, droids)]);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("Trade Federation reveals and plays 2 Battle droid groups"), "{lines:?}");
    let lines = event_lines(&d, Mode::TwoPlayer, &[reveal(NABOO, recover), chosen(NABOO, recover)]);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("Naboo reveals Obi-Wan Recovers: "), "{lines:?}");
    // An action chosen later, after other news, keeps a line of its own.
    let apart = [reveal(TF, droids), Event::public(EventKind::ShieldDown), chosen(TF, droids)];
    assert_eq!(event_lines(&d, Mode::TwoPlayer, &apart).len(), 3);
}
