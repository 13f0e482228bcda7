//! The replay format as a rules test language (docs/replay-format.md): building positions with `place` and
//! `remove`, `expect` on everything the state holds, refusals that show every legal answer, answers the
//! engine takes itself, unused forced dice, and `gambit replay --as SEAT`.

use crate::common::data;
use gambit::cli::queens_gambit::replay;
use gambit::games::queens_gambit::rules::EventKind;
use gambit::games::queens_gambit::rules::script::{self, Script};
use gambit::games::queens_gambit::rules::testing::Inspect;

fn scenario(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/scenarios/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Run a script's text; the refusal's line and message when it stops.
fn outcome(text: &str) -> Result<script::Run, (usize, String)> {
    let s = Script::parse(&data(), text).map_err(|e| (e.line, e.message))?;
    script::run(data(), &s).map_err(|e| (e.line, e.message))
}

const START: &str = "players 2\nseed 1\n";

#[test]
fn the_rulebook_line_of_sight_examples_hold_and_each_check_can_fail() {
    for name in ["sight-not-obstructed.txt", "sight-obstructed.txt", "sight-semi-obstructed.txt"] {
        let text = scenario(name);
        outcome(&text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        // Turning any one sight answer around makes the script fail on that very line.
        for (i, line) in text.lines().enumerate().filter(|(_, l)| l.starts_with("expect sight")) {
            let flipped =
                if line.contains(" yes") { line.replacen(" yes", " no", 1) } else { line.replacen(" no", " yes", 1) };
            let lines: Vec<&str> =
                text.lines().enumerate().map(|(j, l)| if j == i { flipped.as_str() } else { l }).collect();
            let (at, why) = outcome(&lines.join("\n")).err().unwrap_or_else(|| panic!("{name}: '{flipped}' passed"));
            assert_eq!(at, i + 1, "{name}: {why}");
            assert!(why.starts_with("the line from"), "{why}");
        }
    }
}

#[test]
fn place_and_remove_build_a_position_and_refuse_what_could_never_be() {
    let run = outcome(&format!(
        "{START}place naboo palace_guard 2E2\nexpect at 2E2 palace_guard\nremove 2D2\nexpect at 2D2 empty\n\
         place naboo panaka 2D2\nexpect at 2D2 panaka\nexpect at 0B1 empty\n"
    ))
    .unwrap();
    // Panaka is one piece: placing him moved him from his setup hex.
    let panakas =
        run.game.state().pieces.iter().filter(|p| p.alive() && run.game.data().unit(p.kind).key == "panaka").count();
    assert_eq!(panakas, 1);
    let refused = |line: &str| outcome(&format!("{START}{line}\n")).err().map(|(_, why)| why).unwrap_or_default();
    assert_eq!(refused("place naboo palace_guard 2F2"), "2F2 is a wall or a pillar");
    assert_eq!(refused("place naboo palace_guard 3G7"), "3G7 is the throne");
    assert_eq!(refused("place naboo palace_guard 2D2"), "2D2 is taken by a battle_droid: remove it first");
    assert_eq!(refused("place tf palace_guard 2E2"), "a palace_guard fights for the other side");
    assert_eq!(refused("place tf aat 2E2"), "a aat fights on the battlefield, not in Theed Palace");
    assert_eq!(refused("place naboo palace_guard E4"), "a palace_guard fights in Theed Palace, not on the battlefield");
    assert_eq!(
        refused("place naboo palace_guard GC3"),
        "only a Jedi or a Sith may stand in the generator core, not a palace_guard"
    );
    assert_eq!(refused("remove 2E2"), "there is no piece on 2E2");
}

#[test]
fn expect_reads_every_part_of_the_state_and_says_what_it_found() {
    let text = scenario("first-round-example.txt");
    let run = outcome(&text).unwrap();
    let s = run.game.state();
    let d = run.game.data();
    let tf_hand = s.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.len();
    let nb_draw = s.decks[0].draw.len();
    let nb_discard = s.decks[0].discard.len();
    let grid1: Vec<String> =
        s.space.grids[0].iter().map(|f| d.space.starfighters[usize::from(*f)].code.clone()).collect();
    let grid1 = if grid1.is_empty() { "empty".to_string() } else { grid1.join(" ") };
    let pass = [
        format!("expect hand tf {tf_hand}"),
        format!("expect deck {} {nb_draw}", d.decks[0].code),
        format!("expect discard {} {nb_discard}", d.decks[0].code),
        "expect bonus tf 1".to_string(),
        "expect bonus naboo 0".to_string(),
        "expect plan tf none".to_string(),
        "expect queue naboo none".to_string(),
        "expect revealed none".to_string(),
        format!("expect grid 1 {grid1}"),
        "expect queen hidden red_queen".to_string(),
        "expect winner none".to_string(),
        "expect round 2".to_string(),
    ];
    for line in &pass {
        outcome(&format!("{text}\n{line}\n")).unwrap_or_else(|e| panic!("{line}: {e:?}"));
    }
    let fail = [
        (format!("expect hand tf {}", tf_hand + 1), format!("tf's hand is {tf_hand}, expected {}", tf_hand + 1)),
        ("expect bonus tf 0".to_string(), "tf's bonus cards is 1, expected 0".to_string()),
        (
            "expect queen hidden purple_queen".to_string(),
            "the real queen is red_queen, expected purple_queen".to_string(),
        ),
        ("expect queen revealed".to_string(), "the queen is hidden".to_string()),
        (
            "expect winner tf palace_fallen".to_string(),
            "the winner is nobody yet, expected tf (only two Naboo pieces are left in the palace)".to_string(),
        ),
        ("expect plan tf TB34".to_string(), "tf's plan is none, expected TB34".to_string()),
    ];
    for (line, why) in &fail {
        let (at, got) = outcome(&format!("{text}\n{line}\n")).err().unwrap_or_else(|| panic!("'{line}' passed"));
        assert_eq!(at, text.lines().count() + 2);
        assert_eq!(&got, why);
    }
}

#[test]
fn expect_choices_names_the_full_list_of_legal_answers() {
    let text: String = scenario("first-round-example.txt").lines().take(25).collect::<Vec<_>>().join("\n");
    let run = outcome(&text).unwrap();
    let dec = run.game.decision_for(gambit::games::queens_gambit::rules::Seat(1)).unwrap().clone();
    let answers: Vec<String> = dec.options.iter().rev().map(|o| o.text(run.game.data())).collect();
    // In any order.
    outcome(&format!("{text}\nexpect choices naboo: {}\n", answers.join(", "))).unwrap();
    let (_, why) = outcome(&format!("{text}\nexpect choices naboo: {}\n", answers[1..].join(", "))).err().unwrap();
    assert!(why.contains(&format!("Allowed but not expected: {}", answers[0])), "{why}");
}

#[test]
fn a_refused_step_shows_the_story_before_it_and_every_legal_answer() {
    let text: String = scenario("first-round-example.txt").lines().take(33).collect::<Vec<_>>().join("\n");
    let bad = text.replace("naboo move B4", "naboo move H4");
    let out = replay::run(data(), &bad, false, None).err().unwrap();
    let at = bad.lines().position(|l| l.starts_with("naboo move H4")).unwrap() + 1;
    assert!(out.contains("line 24: Action: 2 Gungan groups."), "the events before it: {out}");
    assert!(out.contains(&format!("Refused at line {at}: 'move H4' is not allowed now.")), "{out}");
    let run = outcome(&bad.lines().take(at - 1).collect::<Vec<_>>().join("\n")).unwrap();
    let dec = run.game.decision_for(gambit::games::queens_gambit::rules::Seat(1)).unwrap();
    assert!(out.contains(&format!("The {} legal answers:", dec.options.len())), "{out}");
    for o in &dec.options {
        assert!(out.contains(&format!("  naboo {}\n", o.text(run.game.data()))), "{out}");
    }
    // A long list is never cut: planning offers every card and the lock.
    let (_, why) = outcome(&format!("{START}naboo queen red_queen\ntf plan remove 4\n")).err().unwrap();
    let listed = why.lines().filter(|l| l.starts_with("  tf ")).count();
    assert!(why.contains(&format!("The {listed} legal answers:")) && listed >= 10, "{why}");
}

#[test]
fn an_answer_the_engine_takes_itself_is_shown_and_may_still_be_written() {
    let text = scenario("first-round-example.txt");
    let run = outcome(&text).unwrap();
    // One the script does not write, and that is no answer to the question that follows it.
    let lines_upto = |n: usize| text.lines().take(n).collect::<Vec<_>>().join("\n");
    let (line, seat, answer) = run
        .log
        .iter()
        .flat_map(|(line, events)| {
            events.iter().filter_map(move |e| match &e.kind {
                EventKind::OnlyChoice { seat, answer, .. } if answer != "done" => Some((*line, *seat, answer.clone())),
                _ => None,
            })
        })
        .find(|(line, seat, answer)| {
            let before = outcome(&lines_upto(*line)).unwrap();
            before
                .game
                .decision_for(*seat)
                .is_none_or(|d| d.options.iter().all(|o| &o.text(before.game.data()) != answer))
        })
        .expect("the example has a card with a single action");
    let out = replay::run(data(), &text, false, None).unwrap();
    assert!(out.contains(&format!("only one choice: {} {answer}", seat.key(run.game.mode()))), "{out}");
    // Writing it out after the line that caused it changes nothing.
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines.insert(line, format!("{} {answer}", seat.key(run.game.mode())));
    let again = outcome(&lines.join("\n")).unwrap();
    assert_eq!(serde_json::to_value(again.game.state()).unwrap(), serde_json::to_value(run.game.state()).unwrap());
}

#[test]
fn forced_dice_not_used_by_the_next_step_are_warned() {
    let text = format!("{START}force 1 1\nnaboo queen red_queen\n");
    let run = outcome(&text).unwrap();
    assert_eq!(
        run.warnings,
        vec![
            (3, "2 forced dice were not used by line 4: the next roll will use them".to_string()),
            (3, "2 forced dice were never used".to_string())
        ]
    );
    let out = replay::run(data(), &text, false, None).unwrap();
    assert!(out.contains("warning, line 3: 2 forced dice were not used by line 4"), "{out}");
    assert!(out.contains("warning, line 3: 2 forced dice were never used"), "{out}");
    // The example uses every die it forces.
    assert_eq!(outcome(&scenario("first-round-example.txt")).unwrap().warnings, vec![]);
}

#[test]
fn replay_as_a_seat_shows_only_what_that_seat_sees() {
    let text = scenario("first-round-example.txt");
    let tf = replay::run(data(), &text, false, Some("tf")).unwrap();
    assert!(!tf.contains("real queen is the Red Queen"), "{tf}");
    assert!(!tf.contains("Naboo gets:"), "Naboo's cards leaked: {tf}");
    assert!(tf.contains("[your side only] Trade Federation gets:"), "{tf}");
    assert!(
        tf.contains("As Trade Federation sees it:") && tf.contains("\nHand: ") && tf.contains("Your move: Plan"),
        "{tf}"
    );
    let naboo = replay::run(data(), &text, false, Some("naboo")).unwrap();
    assert!(naboo.contains("[your side only] The real queen is the Red Queen (secret)."), "{naboo}");
    let json: serde_json::Value = serde_json::from_str(&replay::run(data(), &text, true, Some("tf")).unwrap()).unwrap();
    assert_eq!(json["seat"], "tf");
    assert!(json["view"]["seats"][0]["hand"].is_array(), "its own hand");
    assert!(json["view"]["seats"][1]["hand"].is_null(), "never the other side's");
    assert!(json["decision"]["answers"].as_array().is_some_and(|a| a.iter().any(|x| x == "plan add TB34")));
    let e = replay::run(data(), &text, false, Some("tf-field")).err().unwrap();
    assert_eq!(e, "'tf-field' is not a seat of this game (readers: tf, naboo, spectator)");
}
