//! Scenario scripts: every file in tests/scenarios runs to the end with all its `expect` lines met.

use crate::common::data;
use gambit::games::queens_gambit::rules::EventKind;
use gambit::games::queens_gambit::rules::script::{self, Script};
use gambit::games::queens_gambit::rules::testing::Inspect;

fn scenario(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/scenarios/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn every_scenario_runs_with_its_expectations_met() {
    let dir = format!("{}/tests/scenarios", env!("CARGO_MANIFEST_DIR"));
    let mut ran = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let s = Script::parse(&data(), &text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            script::run(data(), &s).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            ran += 1;
        }
    }
    assert!(ran >= 1);
}

#[test]
fn the_rulebook_first_round_example_plays_out_with_its_dice() {
    let s = Script::parse(&data(), &scenario("first-round-example.txt")).unwrap();
    let run = script::run(data(), &s).unwrap();
    let events: Vec<EventKind> = run.log.iter().flat_map(|(_, e)| e.iter().map(|e| e.kind.clone())).collect();
    // Anakin: one card passed with an 8, then the grid with a 6.
    let sums: Vec<(u8, bool)> = events
        .iter()
        .filter_map(|e| match e {
            EventKind::AnakinRolled { roll, passed, .. } => Some((roll.sum, *passed)),
            _ => None,
        })
        .collect();
    assert_eq!(sums, [(8, true), (6, true)]);
    // Maul on Qui-Gon: 4 hits, 2 blocks. Qui-Gon on Maul: 3 hits, 1 block, 1 riposte.
    let attacks: Vec<(u8, u8, u8)> = events
        .iter()
        .filter_map(|e| match e {
            EventKind::Attacked { hits, blocks, riposte, defence, .. } if !defence.is_empty() => {
                Some((*hits, *blocks, *riposte))
            }
            _ => None,
        })
        .collect();
    assert!(attacks.contains(&(4, 2, 0)) && attacks.contains(&(3, 1, 1)) && attacks.contains(&(5, 0, 0)));
    assert!(events.contains(&EventKind::ShieldDown));
    let g = run.game.state();
    assert_eq!(g.round, 2);
    assert_eq!(g.bonus[gambit::games::queens_gambit::rules::Side::Tf].len(), 1);
}

#[test]
fn a_script_written_out_replays_to_the_same_state() {
    let s = Script::parse(&data(), &scenario("first-round-example.txt")).unwrap();
    let text = s.to_text(&data());
    let again = Script::parse(&data(), &text).unwrap();
    let a = script::run(data(), &s).unwrap();
    let b = script::run(data(), &again).unwrap();
    assert_eq!(serde_json::to_string(a.game.state()).unwrap(), serde_json::to_string(b.game.state()).unwrap());
}

#[test]
fn a_failed_expectation_or_refused_step_names_its_line() {
    let bad = "players 2\nseed 1\nnaboo queen red_queen\nexpect anakin 3\n";
    let s = Script::parse(&data(), bad).unwrap();
    let e = script::run(data(), &s).err().unwrap();
    assert_eq!(e.line, 4);
    assert!(e.message.contains("Anakin's space is 0, expected 3"), "{e}");
    let e = Script::parse(&data(), "players 2\nnaboo fly away\n").unwrap_err();
    assert_eq!(e.line, 2);
    let e = Script::parse(&data(), "players 3\n").unwrap_err();
    assert!(e.message.contains("players must be 2 or 4"));
}

#[test]
fn the_replay_command_prints_the_story_and_the_json_state() {
    let text = scenario("first-round-example.txt");
    let out = gambit::cli::queens_gambit::replay::run(data(), &text, false, None).unwrap();
    assert!(out.contains("Anakin rolls 5 + 3 = 8 against SF1 on grid 1: through."), "{out}");
    assert!(out.contains("A Fambaa has fallen: the Gungan shield is down for good."));
    assert!(out.contains("[naboo only] The real queen is the Red Queen (secret)."));
    let json = gambit::cli::queens_gambit::replay::run(data(), &text, true, None).unwrap();
    let state: gambit::games::queens_gambit::rules::State = serde_json::from_str(&json).unwrap();
    assert_eq!(state.round, 2);
}
