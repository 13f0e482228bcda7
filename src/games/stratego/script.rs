//! Replay scripts for Stratego, in the same family as the first game's (`gambit-script 1`, one directive
//! a line, `#` comments): options, setups or a position built with `place`, actions by side, and `expect`
//! checks. The rule tests are written in them, and `gambit play --game stratego` writes one per game.
//!
//! ```text
//! gambit-script 1
//! game stratego
//! rules 1                         # the rules version it was played under (none: 1)
//! variant 2                       # 1-4
//! repetition booklet              # booklet | isf
//! chasing off                     # off | more-squares
//! captures open                   # open | prisoner | secret | stealth
//! move-limit 2000
//! seed 7                          # both setups shuffled from this seed...
//! setup evil B F B . . / ...      # ...or a side's rows, top row first, rows split by '/'
//! empty                           # ...or an empty board, then:
//! place good YOD e7               # a piece (code, or rank) on a square
//! to-move good                    # whose turn it is in the built position
//! good-lost 9                     # game 3: Good pieces already captured
//! captured good ANA               # a piece already captured (by the other side)
//! evil b4 b5                      # an action of the side that must act
//! expect refused good e7 e6 shuttle    # that action is refused, with this word in the reason
//! expect at e5 good YOD revealed  # also: sighted, hidden, or `expect at e5 empty`
//! ```
//! The full list of checks is in `Expect`.

use super::board::Square;
use super::game::{Capture, Ending, Stratego};
use super::piece::{Kind, Piece, Rank, Side};
use super::roster::Roster;
use super::rules::{Captures, Chasing, Repetition, Rules, Variant};
use super::table::Table;
use super::view::Seen;
use crate::games::Engine;
use std::sync::Arc;

/// A script that failed: the line and what went wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

/// The state of a script being read: the options, then the table once the first setup or position is in.
struct Reader {
    rules: Rules,
    roster: Arc<Roster>,
    seed: u64,
    /// A position being built with `empty` and `place`, not yet in play.
    built: Option<Stratego>,
    table: Option<Table>,
}

/// Runs a whole script; the game as it stands at its end.
pub fn run(text: &str) -> Result<Table, ScriptError> {
    run_with(text, Roster::embedded())
}

/// The same with another roster. A side that gave no setup gets a random one (a rule test need not
/// write both).
pub fn run_with(text: &str, roster: Arc<Roster>) -> Result<Table, ScriptError> {
    read(text, roster, true)
}

/// A saved game's script, replayed exactly as far as it goes: a setup not locked yet stays unlocked.
pub fn replay_with(text: &str, roster: Arc<Roster>) -> Result<Table, ScriptError> {
    read(text, roster, false)
}

fn read(text: &str, roster: Arc<Roster>, complete: bool) -> Result<Table, ScriptError> {
    let mut r = Reader { rules: Rules::default(), roster, seed: 1, built: None, table: None };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        r.line(line).map_err(|message| ScriptError { line: i + 1, message })?;
    }
    let end = text.lines().count();
    if complete || r.built.is_some() {
        r.table().map_err(|message| ScriptError { line: end, message })?;
    }
    Ok(r.table.unwrap_or_else(|| Table::new(r.rules, r.roster.clone(), r.seed)))
}

fn side_word(w: Option<&&str>) -> Result<Side, String> {
    w.and_then(|w| Side::parse(w)).ok_or_else(|| "a side is evil or good".to_string())
}

fn square(w: Option<&&str>) -> Result<Square, String> {
    w.and_then(|w| Square::parse(w)).ok_or_else(|| format!("'{}' is not a square", w.unwrap_or(&"")))
}

impl Reader {
    fn line(&mut self, line: &str) -> Result<(), String> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let rest = |n: usize| w.get(n..).map(|r| r.join(" ")).unwrap_or_default();
        let option = |name: &str| format!("'{name}' comes before the first setup, action or check");
        let started = self.table.is_some() || self.built.is_some();
        match w[0] {
            "gambit-script" if w.get(1) == Some(&"1") => Ok(()),
            "gambit-script" => Err("this reads gambit-script 1".into()),
            "game" if w.get(1) == Some(&"stratego") => Ok(()),
            "game" => Err("this is a Stratego script: game stratego".into()),
            "rules" | "variant" | "repetition" | "chasing" | "captures" | "move-limit" | "seed" | "empty"
                if started =>
            {
                Err(option(w[0]))
            }
            // The rules version a game was played under (a script without one is from version 1): a later
            // release keeps each version's rules, so a saved game replays as it was played.
            "rules" => match w.get(1).and_then(|n| n.parse::<u32>().ok()) {
                Some(super::table::RULES_VERSION) => Ok(()),
                Some(n) => Err(format!(
                    "this game was played under Stratego rules {n}; this release knows rules {} only",
                    super::table::RULES_VERSION
                )),
                None => Err("rules is a version number".into()),
            },
            "variant" => {
                let n = w.get(1).and_then(|n| n.parse().ok()).and_then(Variant::from_number);
                self.rules.variant = n.ok_or("variant is 1, 2, 3 or 4")?;
                Ok(())
            }
            "repetition" => {
                self.rules.repetition =
                    w.get(1).and_then(|r| Repetition::parse(r)).ok_or("repetition is booklet or isf")?;
                Ok(())
            }
            "chasing" => {
                self.rules.chasing =
                    w.get(1).and_then(|c| Chasing::parse(c)).ok_or("chasing is off or more-squares")?;
                Ok(())
            }
            "captures" => {
                self.rules.captures =
                    w.get(1).and_then(|c| Captures::parse(c)).ok_or("captures is open, prisoner, secret or stealth")?;
                Ok(())
            }
            "move-limit" => {
                self.rules.move_limit =
                    w.get(1).and_then(|n| n.parse().ok()).ok_or("move-limit is a number of turns")?;
                Ok(())
            }
            "seed" => {
                self.seed = w.get(1).and_then(|n| n.parse().ok()).ok_or("seed is a number")?;
                Ok(())
            }
            // The older form of a setup line: `setup evil <rows>` (the log writes `evil setup <rows>`).
            "setup" => {
                let side = side_word(w.get(1))?;
                self.act(side, &format!("setup {}", rest(2)))
            }
            "empty" => {
                self.built = Some(Stratego::empty(self.rules, self.roster.clone()));
                Ok(())
            }
            "place" | "to-move" | "good-lost" | "captured" => self.build(&w),
            "expect" => {
                let table = self.table()?;
                let game = table.game().ok_or("the game has not started: both setups are not locked")?;
                super::script_expect::check(game, &w[1..])
            }
            _ => {
                let side = side_word(w.first())?;
                self.act(side, &rest(1))
            }
        }
    }

    /// A choice of `side`, through the table as a player makes it.
    fn act(&mut self, side: Side, choice: &str) -> Result<(), String> {
        let arranging = ["setup", "draft", "swap"].iter().any(|w| choice.starts_with(w));
        if self.table.is_none() && !arranging {
            self.table()?;
        }
        let table = self.table.get_or_insert_with(|| Table::new(self.rules, self.roster.clone(), self.seed));
        // A setup, draft or swap is secret: an error names its kind, never its rows (errors reach logs).
        let shown = if arranging { choice.split_whitespace().next().unwrap_or("") } else { choice };
        table.apply(side.index(), choice).map_err(|e| format!("{shown}: {e}"))
    }

    /// The position-building directives (before the first action or check).
    fn build(&mut self, w: &[&str]) -> Result<(), String> {
        let g = self.built.as_mut().ok_or("'empty' comes before building a position")?;
        // A position holds at most the two armies (80 pieces), on the board or captured.
        if matches!(w[0], "place" | "captured") && g.board.iter().flatten().count() + g.captured.len() >= 80 {
            return Err("a position holds at most 80 pieces".into());
        }
        match w[0] {
            "place" => {
                let side = side_word(w.get(1))?;
                let kind = piece_kind(&g.roster, g.rules.variant, side, w.get(2).copied().unwrap_or(""))?;
                let at = square(w.get(3))?;
                if at.is_field() || g.board[at.index()].is_some() {
                    return Err(format!("{at} is not free"));
                }
                let piece = g.new_piece(kind, side);
                g.board[at.index()] = Some(piece);
            }
            "to-move" => g.to_move = side_word(w.get(1))?,
            "good-lost" => {
                g.good_lost = w
                    .get(1)
                    .and_then(|n| n.parse().ok())
                    .filter(|n| *n <= 40)
                    .ok_or("good-lost is a number up to 40")?
            }
            _ => {
                let side = side_word(w.get(1))?;
                let kind = piece_kind(&g.roster, g.rules.variant, side, w.get(2).copied().unwrap_or(""))?;
                let mut piece = g.new_piece(kind, side);
                piece.revealed = true;
                g.captured.push(Capture { piece, by: side.other() });
                if side == Side::Good {
                    g.good_lost = g.good_lost.saturating_add(1);
                }
            }
        }
        Ok(())
    }

    /// The table: the built position put in play, or both setups (random ones for a side that gave none)
    /// locked at the first action or check.
    fn table(&mut self) -> Result<&Table, String> {
        if let Some(mut built) = self.built.take() {
            if self.table.is_some() {
                return Err("a position is built on an empty board, not after setups".into());
            }
            built.rebuilt();
            self.table = Some(Table::from_position(built, self.seed));
        }
        let table = self.table.get_or_insert_with(|| Table::new(self.rules, self.roster.clone(), self.seed));
        for side in Side::BOTH {
            if !table.locked(side) {
                table.apply(side.index(), "setup random")?;
            }
        }
        self.table.as_ref().ok_or_else(|| "no game".to_string())
    }
}

/// A piece named by code, or by rank (the first kind of that rank in the roster for that side).
pub(crate) fn piece_kind(roster: &Roster, _variant: Variant, side: Side, word: &str) -> Result<Kind, String> {
    if let Some(kind) = roster.find(word) {
        return if roster.kind(kind).side == side {
            Ok(kind)
        } else {
            Err(format!("{word} is not {} piece", super::words::with_article(side.name())))
        };
    }
    let rank = Rank::parse(word).ok_or_else(|| format!("'{word}' is not a piece"))?;
    let plain = |k: &&super::roster::KindDef| k.side == side && k.rank == rank;
    let i = roster
        .kinds
        .iter()
        .position(|k| plain(&k) && k.powers.is_empty() && k.role.is_none())
        .or_else(|| roster.kinds.iter().position(|k| plain(&k)))
        .ok_or_else(|| format!("no {} piece of rank {word}", side.name()))?;
    Ok(Kind(i as u8))
}

impl Stratego {
    /// A new piece for a built position, with the next free id.
    pub(crate) fn new_piece(&self, kind: Kind, side: Side) -> Piece {
        let piece = super::game::make_piece(&self.roster, self.rules.variant, kind, self.next_id());
        Piece { side, ..piece }
    }

    /// A built position is ready: its end, if it has one, is found again.
    pub(crate) fn rebuilt(&mut self) {
        self.ending = None;
        self.settle();
    }
}

/// How a reader is named in checks: evil, good, or spectator.
pub(crate) fn reader_word(w: Option<&&str>) -> Result<Option<Side>, String> {
    match w.copied() {
        Some("spectator") => Ok(None),
        other => side_word(other.as_ref()).map(Some).map_err(|_| "a reader is evil, good or spectator".into()),
    }
}

/// A seen piece as a check writes it: its code, or `?` for a back.
pub(crate) fn seen_word(roster: &Roster, seen: &Seen) -> String {
    seen.known.map_or("?".to_string(), |k| roster.kind(k.kind).code.clone())
}

/// An ending as a check writes it.
pub(crate) fn ending_word(e: Option<Ending>) -> String {
    match e {
        None => "none".into(),
        Some(Ending::Lightsaber(s)) => format!("lightsaber {}", s.name().to_lowercase()),
        Some(Ending::Stuck(s)) => format!("stuck {}", s.name().to_lowercase()),
        Some(Ending::NeitherCanMove) => "draw".into(),
        Some(Ending::MoveLimit) => "move-limit".into(),
        Some(Ending::Conceded(s)) => format!("conceded {}", s.name().to_lowercase()),
    }
}
