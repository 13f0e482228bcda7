//! Replay scripts: a seed, then choices and test directives, one per line. `gambit replay` runs them,
//! `gambit export` writes them, and the scenario tests are written in them. See docs/replay-format.md.
//!
//! ```text
//! # comments and blank lines are ignored
//! players 2
//! seed 42
//! hand naboo NB19 NB26 NP01       # rig: put these cards in the hand (planning only)
//! stack NB05 NB01                 # rig: these cards on top of their decks, first on top
//! starfighters SF1                # rig: this Starfighter card on top of its pile
//! force 2 1 0 hit                 # rig: the next dice faces
//! naboo queen red_queen           # a seat and a choice
//! tf plan set TB01 TP02 TP03 TB04
//! expect at 1E4 palace_guard      # checks: at, anakin, winner, shield, round, waiting
//! concede tf
//! ```

use super::data::{CardId, Data, KindId};
use super::decision::Choice;
use super::event::Event;
use super::pos::Pos;
use super::rng::Forced;
use super::side::{Mode, Seat, Side};
use super::{Game, RuleError};
use std::fmt::Write as _;
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// A unit of this kind (or nothing) stands here, optionally with so many figures and so much damage.
    At {
        pos: Pos,
        kind: Option<KindId>,
        members: Option<u8>,
        damage: Option<u8>,
    },
    Anakin(u8),
    Winner(Option<Side>),
    Shield(bool),
    Round(u32),
    Waiting(Seat),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    Act { seat: Seat, choice: Choice },
    Force(Vec<Forced>),
    Hand { seat: Seat, cards: Vec<CardId> },
    Stack(Vec<CardId>),
    Starfighters(Vec<String>),
    Concede(Side),
    Expect(Expect),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Script {
    pub mode: Mode,
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

fn side_of(word: &str) -> Option<Side> {
    match word.to_ascii_lowercase().as_str() {
        "naboo" => Some(Side::Naboo),
        "tf" => Some(Side::Tf),
        _ => None,
    }
}

impl Script {
    pub fn new(mode: Mode, seed: u64) -> Script {
        Script { mode, seed, steps: Vec::new() }
    }

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
                ["concede", s] => Step::Concede(side_of(s).ok_or_else(|| err(format!("'{s}' is not a side")))?),
                ["expect", rest @ ..] => Step::Expect(parse_expect(d, mode, rest).map_err(err)?),
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
        let _ = writeln!(out, "players {players}\nseed {}", self.seed);
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
                Step::Expect(_) => Ok(()),
            };
        }
        out
    }
}

fn parse_expect(d: &Data, mode: Mode, w: &[&str]) -> Result<Expect, String> {
    let num = |s: &str| s.parse::<u32>().map_err(|_| format!("'{s}' is not a number"));
    Ok(match w {
        ["at", p, what, rest @ ..] => {
            let pos: Pos = p.parse().map_err(|e: super::pos::BadLabel| e.to_string())?;
            let kind = if what.eq_ignore_ascii_case("empty") {
                None
            } else {
                Some(d.kind(&what.to_ascii_lowercase()).ok_or_else(|| format!("there is no unit called {what}"))?)
            };
            let (mut members, mut damage) = (None, None);
            let mut it = rest.iter();
            while let Some(k) = it.next() {
                let v = it.next().ok_or_else(|| format!("'{k}' needs a number"))?;
                let v = Some(num(v)? as u8);
                match *k {
                    "members" => members = v,
                    "damage" => damage = v,
                    _ => return Err(format!("'{k}' is not members or damage")),
                }
            }
            Expect::At { pos, kind, members, damage }
        }
        ["anakin", n] => Expect::Anakin(num(n)? as u8),
        ["winner", "none"] => Expect::Winner(None),
        ["winner", s] => Expect::Winner(Some(side_of(s).ok_or_else(|| format!("'{s}' is not a side"))?)),
        ["shield", "up"] => Expect::Shield(true),
        ["shield", "down"] => Expect::Shield(false),
        ["round", n] => Expect::Round(num(n)?),
        ["waiting", s] => Expect::Waiting(Seat::from_key(mode, s).ok_or_else(|| format!("'{s}' is not a seat"))?),
        _ => return Err("expect what? (at, anakin, winner, shield, round, waiting)".into()),
    })
}

fn check_expect(game: &Game, e: &Expect) -> Result<(), String> {
    let (d, s) = (game.data(), game.state());
    match e {
        Expect::At { pos, kind, members, damage } => {
            let found = s.occupant(*pos).map(|id| s.piece(id));
            match (kind, found) {
                (None, None) => Ok(()),
                (None, Some(p)) => Err(format!("{pos} holds a {}, expected nothing", d.unit(p.kind).key)),
                (Some(k), None) => Err(format!("{pos} is empty, expected a {}", d.unit(*k).key)),
                (Some(k), Some(p)) if p.kind != *k => {
                    Err(format!("{pos} holds a {}, expected a {}", d.unit(p.kind).key, d.unit(*k).key))
                }
                (Some(_), Some(p)) => {
                    if let Some(m) = members.filter(|m| *m != p.members) {
                        return Err(format!("{pos} has {} figures, expected {m}", p.members));
                    }
                    if let Some(dm) = damage.filter(|dm| *dm != p.damage) {
                        return Err(format!("{pos} has {} damage, expected {dm}", p.damage));
                    }
                    Ok(())
                }
            }
        }
        Expect::Anakin(n) if s.space.anakin != *n => {
            Err(format!("Anakin is on space {}, expected {n}", s.space.anakin))
        }
        Expect::Winner(w) if s.outcome.map(|o| o.winner) != *w => {
            Err(format!("the winner is {:?}, expected {w:?}", s.outcome.map(|o| o.winner)))
        }
        Expect::Shield(up) if s.shield_up != *up => {
            Err(format!("the shield is {}", if s.shield_up { "up" } else { "down" }))
        }
        Expect::Round(r) if s.round != *r => Err(format!("it is round {}, expected {r}", s.round)),
        Expect::Waiting(seat) if game.decision_for(*seat).is_none() => {
            Err(format!("{} has nothing to decide", seat.key(s.mode)))
        }
        _ => Ok(()),
    }
}

/// The result of running a script: the game, and the events of each step with its line.
pub struct Run {
    pub game: Game,
    pub log: Vec<(usize, Vec<Event>)>,
}

/// Run a script from a new game. Stops at the first refused step or failed expectation.
pub fn run(data: Arc<Data>, script: &Script) -> Result<Run, ScriptError> {
    run_observed(data, script, &mut |_, _| {})
}

/// `run`, showing `observe` the game after its setup and after each step that produced events.
pub fn run_observed(
    data: Arc<Data>,
    script: &Script,
    observe: &mut dyn FnMut(&Game, &[Event]),
) -> Result<Run, ScriptError> {
    let (mut game, setup_events) = Game::new(data, script.mode, script.seed);
    observe(&game, &setup_events);
    let mut log = vec![(0, setup_events)];
    for (line, step) in &script.steps {
        let err = |m: String| ScriptError { line: *line, message: m };
        let rule = |e: RuleError| err(e.to_string());
        match step {
            Step::Act { seat, choice } => {
                let events = game.act(*seat, choice).map_err(rule)?;
                observe(&game, &events);
                log.push((*line, events));
            }
            Step::Force(f) => game.force_dice(f),
            Step::Hand { seat, cards } => game.rig_hand(*seat, cards).map_err(rule)?,
            Step::Stack(cards) => game.stack_deck(cards).map_err(rule)?,
            Step::Starfighters(cs) => game.stack_starfighters(cs).map_err(rule)?,
            Step::Concede(side) => {
                let events = game.concede(*side).map_err(rule)?;
                observe(&game, &events);
                log.push((*line, events));
            }
            Step::Expect(e) => check_expect(&game, e).map_err(err)?,
        }
    }
    Ok(Run { game, log })
}
