//! The terminal game: numbered options, typed choices, clear messages on bad input.

mod common;

use common::data;
use gambit::cli::play::{Options, run};
use gambit::rules::{Mode, Seat};

fn play(random: Vec<Seat>, input: &str) -> String {
    let mut out = Vec::new();
    let opts = Options { mode: Mode::TwoPlayer, seed: 5, random };
    run(data(), &opts, input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn two_random_seats_play_a_whole_game() {
    let out = play(vec![Seat(0), Seat(1)], "");
    assert!(out.contains("Game over: "), "{}", &out[out.len().saturating_sub(500)..]);
}

#[test]
fn a_human_gets_numbered_options_and_clear_messages_for_bad_input() {
    let out = play(vec![Seat(0)], "help\nbogus words\n99\nboard\n2\nstatus\nhand\nquit\n");
    assert!(out.contains("Naboo: Choose which queen is the real Queen Amidala (secret)"));
    assert!(out.contains("   1. Red Queen is real"));
    assert!(out.contains("'bogus words': not a choice"), "{out}");
    assert!(out.contains("there is no option 99 (1 to 2)"));
    assert!(out.contains("Plains of Naboo"), "the board command prints the maps");
    assert!(out.contains("Naboo has secretly chosen the real queen."));
    assert!(out.contains("The real queen is the Purple Queen (secret)."), "a lone human sees its own secrets");
    assert!(out.contains("Naboo: 10 cards in hand"), "status");
    // The human never sees the other side's cards, nor its plan being built.
    assert!(!out.contains("Trade Federation gets:"));
    assert!(!out.contains("Trade Federation (random): Add"), "{out}");
    assert!(out.contains("Trade Federation locked in."));
}

#[test]
fn typed_choices_work_like_numbers() {
    let out = play(vec![Seat(0)], "queen red_queen\nplan add XX99\nquit\n");
    assert!(out.contains("The real queen is the Red Queen (secret)."));
    assert!(out.contains("there is no card XX99"), "{out}");
}
