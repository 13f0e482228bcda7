//! Properties of the engine and its parsers, over random games and random text: every option the engine
//! lists is accepted; anything else is refused with the game unchanged (the one exception, written down
//! in `Game::act`: a whole plan set or moved at once during planning, checked directly); any text given
//! as a typed choice or a replay script is read or refused, never a panic.

use crate::common::*;
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::script::{self, Script};
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Choice, Data, Game, Mode, Prompt, Seat};
use proptest::prelude::*;

/// A choice that may or may not fit, built from its text: every kind of answer, with cards, units and
/// spaces of the game (or numbers) picked at random.
fn any_choice(d: &Data, kind: u8, a: u16, b: u16) -> Option<Choice> {
    let card = |i: u16| d.cards[usize::from(i) % d.cards.len()].code.clone();
    let unit = |i: u16| d.units[usize::from(i) % d.units.len()].key.clone();
    let pos = |i: u16| {
        let (col, row) = ((i % 12) as u8, (i / 12 % 12) as u8);
        match i % 3 {
            0 => format!("{}{}", char::from(b'A' + col), row + 1),
            1 => format!("{}{}{}", i % 4, char::from(b'A' + col), row + 1),
            _ => format!("GC{}", row + 1),
        }
    };
    let text = match kind % 18 {
        0 => format!("queen {}", unit(a)),
        1 => format!("plan add {}", card(a)),
        2 => format!("plan remove {}", a % 6),
        3 => format!("plan move {} {}", a % 6, b % 6),
        4 => "plan clear".into(),
        5 => format!("plan set {} {} {} {}", card(a), card(b), card(a / 2), card(b / 2)),
        6 => "plan lock".into(),
        7 => format!("action {}", a % 4),
        8 => format!("unit {}", pos(a)),
        9 => format!("move {}", pos(a)),
        10 => format!("target {}", pos(a)),
        11 => format!("dice {}", a % 8),
        12 => format!("block {}", a % 14),
        13 => format!("bonus {}", a % 4),
        14 => format!("grid {}", a % 6),
        15 => format!("place {}", pos(a)),
        16 => format!("kind {}", unit(a)),
        _ => "done".into(),
    };
    Choice::parse(d, &text).ok()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Along a random game, at random moments: the listed options all play, and random other answers
    /// (from the deciding seat or another) are refused without a trace.
    #[test]
    fn every_listed_option_is_accepted_and_anything_else_refused_unchanged(
        seed in any::<u64>(),
        four in any::<bool>(),
        tries in proptest::collection::vec((any::<u8>(), any::<u16>(), any::<u16>(), any::<u8>()), 40),
    ) {
        let mode = if four { Mode::FourPlayer } else { Mode::TwoPlayer };
        let d = data();
        let (mut game, _) = Game::new(d.clone(), mode, seed);
        let mut agent = RandomAgent::new(&d, seed);
        let mut steps = 0;
        for (kind, a, b, who) in tries {
            // Play on a little between two tries, so the tries meet every kind of question.
            for _ in 0..(usize::from(a) % 60) {
                let Some(dec) = game.pending().first().cloned() else { break };
                let pick = agent.pick(&game, &dec);
                game.act(dec.seat, &pick).map_err(|e| TestCaseError::fail(format!("step {steps}: {e}")))?;
                steps += 1;
            }
            if game.outcome().is_some() {
                break;
            }
            // Every option of every decision is accepted (on a copy).
            for dec in game.pending().to_vec() {
                for option in &dec.options {
                    let mut copy = game.clone();
                    prop_assert!(copy.act(dec.seat, option).is_ok(), "{:?} refused {}", dec.prompt, option.text(&d));
                }
            }
            // A random answer from a random seat: refused and nothing changed, or a listed option.
            let seat = Seat(who % mode.seats());
            let Some(choice) = any_choice(&d, kind, a, b) else { continue };
            let listed = game.decision_for(seat).is_some_and(|dec| dec.options.contains(&choice));
            let whole_plan = matches!(choice, Choice::PlanSet(_) | Choice::PlanMove(..))
                && game.decision_for(seat).is_some_and(|dec| matches!(dec.prompt, Prompt::Plan { .. }));
            let before = game.clone();
            match game.act(seat, &choice) {
                Ok(_) => prop_assert!(listed || whole_plan, "{} accepted though not listed", choice.text(&d)),
                Err(e) => {
                    prop_assert!(!listed, "{} listed but refused: {e}", choice.text(&d));
                    prop_assert_eq!(game.state(), before.state(), "refused, yet changed: {}", choice.text(&d));
                    prop_assert_eq!(game.pending(), before.pending());
                }
            }
        }
    }

    #[test]
    fn any_text_is_read_as_a_choice_or_refused_without_a_panic(text in ".{0,60}") {
        let d = data();
        if let Ok(choice) = Choice::parse(&d, &text) {
            // What is read is written back the same way.
            prop_assert_eq!(Choice::parse(&d, &choice.text(&d)).ok(), Some(choice));
        }
    }

    #[test]
    fn any_replay_script_is_run_or_refused_without_a_panic(
        lines in proptest::collection::vec(
            prop_oneof![
                ".{0,40}",
                "(players|rules|seed|force|hand|stack|starfighters|concede|place|remove|expect) .{0,30}",
                "(tf|naboo|tf-field|naboo-palace) (queen|plan|action|unit|move|target|dice|done) .{0,12}",
            ],
            0..12,
        ),
    ) {
        let d = data();
        if let Ok(parsed) = Script::parse(&d, &lines.join("\n")) {
            let _ = script::run_until(d.clone(), &parsed, &mut |_, _| {});
        }
    }
}
