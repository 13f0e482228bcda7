//! Replay scripts: a seed, then choices and test directives, one per line. `gambit replay` runs them,
//! `gambit export` writes them, and the scenario tests are written in them. See docs/replay-format.md.
//!
//! ```text
//! # comments and blank lines are ignored
//! players 2
//! rules 3                         # the rules version (default: the newest)
//! seed 42
//! hand naboo NB19 NB26 NP01       # rig: put these cards in the hand (planning only)
//! stack NB05 NB01                 # rig: these cards on top of their decks, first on top
//! starfighters SF1                # rig: this Starfighter card on top of its pile
//! force 2 1 0 hit                 # rig: the next dice faces
//! naboo queen red_queen           # a seat and a choice
//! tf plan set TB01 TP02 TP03 TB04
//! place naboo palace_guard 1E4   # build a position: a piece here (remove 1E4 takes it off)
//! expect at 1E4 palace_guard      # checks: see `expect`
//! concede tf
//! ```

mod expect;
mod run;

pub use expect::Expect;
pub use run::{Run, run, run_observed, run_until};

use super::data::{CardId, Data, KindId};
use super::decision::Choice;
use super::pos::Pos;
use super::rng::Forced;
use super::side::{Mode, Seat, Side};
use super::version::RulesVersion;
use std::fmt::Write as _;

#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Act {
        seat: Seat,
        choice: Choice,
    },
    Force(Vec<Forced>),
    Hand {
        seat: Seat,
        cards: Vec<CardId>,
    },
    Stack(Vec<CardId>),
    Starfighters(Vec<String>),
    Concede(Side),
    /// Put a piece of this kind on this space for the seat's side (building a position).
    Place {
        seat: Seat,
        kind: KindId,
        pos: Pos,
    },
    /// Take the piece on this space off the board.
    Remove(Pos),
    /// Put Anakin on this space of his track (building a position).
    Anakin(u8),
    Expect(Expect),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub mode: Mode,
    /// The rules version the script plays under: an exported game names its own.
    pub rules: RulesVersion,
    pub seed: u64,
    /// Each step with its line number in the text (1-based; 0 for steps built in code).
    pub steps: Vec<(usize, Step)>,
}

/// A script problem, with its line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

impl Script {
    pub fn new(mode: Mode, seed: u64) -> Script {
        Script { mode, rules: RulesVersion::NEWEST, seed, steps: Vec::new() }
    }

    /// Read a script. Long by design: one arm per kind of line, the whole grammar in one table.
    pub fn parse(d: &Data, text: &str) -> Result<Script, ScriptError> {
        let mut script = Script::new(Mode::TwoPlayer, 0);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let body = raw.split('#').next().unwrap_or("").trim();
            if body.is_empty() {
                continue;
            }
            let err = |m: String| ScriptError { line, message: m };
            let words: Vec<&str> = body.split_whitespace().collect();
            let cards = |ws: &[&str]| -> Result<Vec<CardId>, ScriptError> {
                ws.iter().map(|w| d.card_by_code(w).ok_or_else(|| err(format!("there is no card {w}")))).collect()
            };
            let mode = script.mode;
            let seat = |w: &str| {
                Seat::from_key(mode, w).ok_or_else(|| {
                    let names: Vec<&str> = Seat::all(mode).map(|s| s.key(mode)).collect();
                    err(format!("'{w}' is not a seat (seats: {})", names.join(", ")))
                })
            };
            let step = match words.as_slice() {
                ["gambit-script", ..] => continue,
                ["players", n] => {
                    if !script.steps.is_empty() {
                        return Err(err("players must come before the first step".into()));
                    }
                    script.mode = n
                        .parse::<u8>()
                        .ok()
                        .and_then(Mode::from_players)
                        .ok_or_else(|| err(format!("players must be 2 or 4, not {n}")))?;
                    continue;
                }
                ["rules", n] => {
                    if !script.steps.is_empty() {
                        return Err(err("rules must come before the first step".into()));
                    }
                    script.rules = n.parse::<i64>().ok().and_then(RulesVersion::from_number).ok_or_else(|| {
                        err(format!("there is no rules version {n} (versions 1 to {})", RulesVersion::NEWEST))
                    })?;
                    continue;
                }
                ["seed", n] => {
                    if !script.steps.is_empty() {
                        return Err(err("seed must come before the first step".into()));
                    }
                    script.seed = n.parse().map_err(|_| err(format!("'{n}' is not a seed (a whole number)")))?;
                    continue;
                }
                ["force", faces @ ..] if !faces.is_empty() => {
                    Step::Force(faces.iter().map(|f| f.parse::<Forced>().map_err(&err)).collect::<Result<_, _>>()?)
                }
                ["hand", s, cs @ ..] if !cs.is_empty() => Step::Hand { seat: seat(s)?, cards: cards(cs)? },
                ["stack", cs @ ..] if !cs.is_empty() => Step::Stack(cards(cs)?),
                ["starfighters", cs @ ..] if !cs.is_empty() => {
                    Step::Starfighters(cs.iter().map(|c| c.to_string()).collect())
                }
                ["concede", s] => Step::Concede(expect::side_of(s).map_err(err)?),
                ["place", s, kind, at] => Step::Place {
                    seat: seat(s)?,
                    kind: expect::kind_of(d, kind).map_err(err)?,
                    pos: expect::pos_of(at).map_err(err)?,
                },
                ["remove", at] => Step::Remove(expect::pos_of(at).map_err(err)?),
                ["anakin", n] => Step::Anakin(n.parse().map_err(|_| err(format!("'{n}' is not a space number")))?),
                ["expect", rest @ ..] => {
                    let after = body["expect".len()..].trim();
                    Step::Expect(expect::parse(d, mode, rest, after).map_err(err)?)
                }
                [s, _, ..] if Seat::from_key(mode, s).is_some() => {
                    let choice_text = body[s.len()..].trim();
                    let choice = Choice::parse(d, choice_text).map_err(|e| err(e.0))?;
                    Step::Act { seat: seat(s)?, choice }
                }
                _ => return Err(err(format!("cannot read '{body}'"))),
            };
            script.steps.push((line, step));
        }
        Ok(script)
    }

    /// The script as text, readable by `parse`.
    pub fn to_text(&self, d: &Data) -> String {
        let mut out = String::from("gambit-script 1\n");
        let players = self.mode.seats();
        let _ = writeln!(out, "players {players}\nrules {}\nseed {}", self.rules, self.seed);
        let codes = |cs: &[CardId]| cs.iter().map(|c| d.card(*c).code.clone()).collect::<Vec<_>>().join(" ");
        for (_, step) in &self.steps {
            let _ = match step {
                Step::Act { seat, choice } => {
                    writeln!(out, "{} {}", seat.key(self.mode), choice.text(d))
                }
                Step::Force(fs) => {
                    writeln!(out, "force {}", fs.iter().map(|f| f.to_string()).collect::<Vec<_>>().join(" "))
                }
                Step::Hand { seat, cards } => {
                    writeln!(out, "hand {} {}", seat.key(self.mode), codes(cards))
                }
                Step::Stack(cards) => writeln!(out, "stack {}", codes(cards)),
                Step::Starfighters(cs) => writeln!(out, "starfighters {}", cs.join(" ")),
                Step::Concede(side) => writeln!(out, "concede {}", side.key()),
                Step::Place { seat, kind, pos } => {
                    writeln!(out, "place {} {} {pos}", seat.key(self.mode), d.unit(*kind).key)
                }
                Step::Remove(pos) => writeln!(out, "remove {pos}"),
                Step::Anakin(n) => writeln!(out, "anakin {n}"),
                Step::Expect(_) => Ok(()),
            };
        }
        out
    }
}
