//! The agent protocol (docs/agent-protocol.md) through the real binary: a Python agent of a few lines plays
//! whole arena games; an agent that answers late, answers something that is not an option, or dies,
//! loses that game with a clear message, and the arena goes on.

use std::path::Path;
use std::process::Command;

/// The agent of the protocol's document: attack when it can, anything otherwise.
const PLAYER: &str = r#"
import json, random, sys

random.seed(7)
for line in sys.stdin:
    ask = json.loads(line)
    assert ask["seat"] in ("tf", "naboo") and ask["side"] == ask["seat"], ask["seat"]
    assert ask["ms_left"] > 0 and ask["question"] and "pieces" in ask["view"]
    # A seat sees its own hand, never the other side's.
    mine = ask["view"]["seats"][ask["view"]["viewer"]["seat"]]
    theirs = [s for s in ask["view"]["seats"] if s is not mine]
    assert mine["hand"] is not None and all(s["hand"] is None for s in theirs)
    options = ask["options"]
    attacks = [o for o in options if o["choice"].startswith("target")]
    pick = random.choice(attacks or options)
    print(json.dumps({"choice": pick["choice"]}), flush=True)
"#;

/// Answers late from its third question on.
const SLOW: &str = r#"
import json, sys, time

for n, line in enumerate(sys.stdin):
    if n >= 2:
        time.sleep(5)
    print(json.dumps({"choice": json.loads(line)["options"][0]["choice"]}), flush=True)
"#;

/// Answers a choice the game knows, but that is not among the options (no die is blocked while planning).
const ILLEGAL: &str = r#"
import json, sys

for line in sys.stdin:
    print(json.dumps({"choice": "block 7"}), flush=True)
"#;

/// Dies on its first question.
const CRASHING: &str = r#"
import sys

sys.stdin.readline()
sys.exit(3)
"#;

fn agent(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    format!("cmd:python3 {}", path.display())
}

/// Run `gambit arena` and return its output and its final `key=value` line as pairs.
fn arena(a: &str, b: &str, extra: &[&str]) -> (String, std::collections::HashMap<String, String>) {
    let out = Command::new(env!("CARGO_BIN_EXE_gambit"))
        .args(["arena", "--a", a, "--b", b, "--threads", "2"])
        .args(extra)
        .output()
        .expect("the arena runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    let last = text.lines().last().unwrap_or_default();
    let pairs = last.split_whitespace().filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k.into(), v.into()));
    let kv = pairs.collect();
    (text, kv)
}

#[test]
fn a_python_agent_plays_whole_games_through_the_arena() {
    let dir = tempfile::tempdir().unwrap();
    let player = agent(dir.path(), "player.py", PLAYER);
    let (text, kv) = arena(&player, "random", &["--games", "4", "--max-rounds", "6"]);
    assert_eq!(kv["games"], "4", "{text}");
    assert_eq!(kv["forfeits"], "0", "{text}");
    let played: u32 = ["a_wins", "b_wins", "draws"].iter().map(|k| kv[*k].parse::<u32>().unwrap()).sum();
    assert_eq!(played, 4, "{text}");
    assert!(kv["rounds_avg"].parse::<f64>().unwrap() >= 6.0, "games run to the round limit or an end: {text}");
}

#[test]
fn a_late_an_illegal_and_a_crashing_agent_each_lose_cleanly_and_the_arena_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // Only the slow one is held to a short limit: on a busy machine Python alone may take a second to start.
    for (name, text, says, ms) in [
        ("slow.py", SLOW, "did not answer within 1000 ms", "1000"),
        ("illegal.py", ILLEGAL, "answered 'block 7', which is not one of the", "30000"),
        ("crashing.py", CRASHING, "without answering", "30000"),
    ] {
        let bad = agent(dir.path(), name, text);
        let (out, kv) = arena(&bad, "greedy", &["--games", "4", "--max-rounds", "3", "--agent-ms", ms]);
        assert_eq!(kv["games"], "4", "every game is played: {out}");
        assert_eq!((kv["forfeits"].as_str(), kv["a_wins"].as_str()), ("4", "0"), "{name}: {out}");
        assert_eq!(kv["b_wins"], "4", "{name}: each forfeit is a loss: {out}");
        let lines: Vec<&str> = out.lines().filter(|l| l.contains("forfeits:")).collect();
        assert_eq!(lines.len(), 4, "{out}");
        assert!(lines.iter().all(|l| l.contains(says) && l.contains(name)), "{name}: {out}");
    }
}

/// A Stratego agent: it never sees a rank the rules hide, and attacks when it can.
const STRATEGO_PLAYER: &str = r#"
import json, random, sys

random.seed(3)
for line in sys.stdin:
    ask = json.loads(line)
    assert ask["game"] == "stratego" and ask["side"] in ("evil", "good") and ask["ms_left"] > 0
    options = [o["choice"] for o in ask["options"]]
    if ask["question"] == "setup":
        print(json.dumps({"choice": "setup guarded"}), flush=True)
        continue
    board = {p["square"]: p for p in ask["board"]}
    for p in ask["board"]:
        # The other side's pieces show their rank only once revealed (or seen with Vision).
        if p["side"] != ask["side"] and p["rank"] is not None:
            assert p["revealed"], p
    attacks = [o for o in options if o.split()[-1] in board and board[o.split()[-1]]["side"] != ask["side"]]
    print(json.dumps({"choice": random.choice(attacks or options)}), flush=True)
"#;

/// Answers a move that is not among the options.
const STRATEGO_ILLEGAL: &str = r#"
import json, sys

for line in sys.stdin:
    ask = json.loads(line)
    print(json.dumps({"choice": ask["options"][0]["choice"] if ask["question"] == "setup" else "a1 a10"}), flush=True)
"#;

#[test]
fn a_python_agent_plays_stratego_through_the_arena_and_a_wrong_one_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    let player = agent(dir.path(), "stratego.py", STRATEGO_PLAYER);
    let (text, kv) = arena(&player, "random", &["--game", "stratego", "--games", "2"]);
    assert_eq!((kv["games"].as_str(), kv["forfeits"].as_str()), ("2", "0"), "{text}");
    let played: u32 = ["a_wins", "b_wins", "draws"].iter().map(|k| kv[*k].parse::<u32>().unwrap()).sum();
    assert_eq!(played, 2, "{text}");
    for (name, text, says, ms) in [
        ("slow.py", SLOW, "did not answer within 1000 ms", "1000"),
        ("illegal.py", STRATEGO_ILLEGAL, "answered 'a1 a10', which is not one of the", "30000"),
        ("crashing.py", CRASHING, "without answering", "30000"),
    ] {
        let bad = agent(dir.path(), name, text);
        let (out, kv) = arena(&bad, "easy", &["--game", "stratego", "--games", "2", "--agent-ms", ms]);
        assert_eq!(
            (kv["forfeits"].as_str(), kv["a_wins"].as_str(), kv["b_wins"].as_str()),
            ("2", "0", "2"),
            "{name}: {out}"
        );
        let lines: Vec<&str> = out.lines().filter(|l| l.contains("forfeits:")).collect();
        assert!(lines.len() == 2 && lines.iter().all(|l| l.contains(says) && l.contains(name)), "{name}: {out}");
    }
}
