//! Replay scripts for Stratego, in the same family as the first game's (`gambit-script 1`, one directive
//! a line, `#` comments): options, setups or a position built with `place`, actions by side, and `expect`
//! checks. The rule tests are written in them, and `gambit play --game stratego` writes one per game.
//!
//! ```text
//! gambit-script 1
//! game stratego
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
//! expect at e5 good YOD revealed  # also: hidden, or `expect at e5 empty`
//! ```
//! The full list of checks is in `Expect`.

use super::action::Action;
use super::board::Square;
use super::game::{Capture, Ending, Stratego};
use super::piece::{Kind, Piece, Rank, Side};
use super::repetition::Run;
use super::roster::Roster;
use super::rules::{Captures, Chasing, Repetition, Rules, Variant};
use super::setup::parse_setup;
use super::view::Seen;
use std::sync::Arc;

/// A script that failed: the line and what went wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

/// The state of a script being read: the options, then the game once it has started.
struct Reader {
    rules: Rules,
    roster: Arc<Roster>,
    seed: Option<u64>,
    setups: [Option<Vec<(Square, Kind)>>; 2],
    built: Option<Stratego>,
    game: Option<Stratego>,
}

/// Runs a whole script; the game as it stands at its end.
pub fn run(text: &str) -> Result<Stratego, ScriptError> {
    run_with(text, Roster::embedded())
}

/// The same with another roster.
pub fn run_with(text: &str, roster: Arc<Roster>) -> Result<Stratego, ScriptError> {
    let mut r = Reader { rules: Rules::default(), roster, seed: None, setups: [None, None], built: None, game: None };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        r.line(line).map_err(|message| ScriptError { line: i + 1, message })?;
    }
    r.game().map_err(|message| ScriptError { line: text.lines().count(), message })?;
    r.game.ok_or_else(|| ScriptError { line: 0, message: "no game".into() })
}

fn side_word(w: Option<&&str>) -> Result<Side, String> {
    w.and_then(|w| Side::parse(w)).ok_or_else(|| "a side is evil or good".to_string())
}

fn square(w: Option<&&str>) -> Result<Square, String> {
    w.and_then(|w| Square::parse(w)).ok_or_else(|| format!("'{}' is not a square", w.unwrap_or(&"")))
}

impl Reader {
    fn starting(&self) -> bool {
        self.game.is_none()
    }

    fn line(&mut self, line: &str) -> Result<(), String> {
        let w: Vec<&str> = line.split_whitespace().collect();
        let rest = |n: usize| w.get(n..).map(|r| r.join(" ")).unwrap_or_default();
        let option = |name: &str| format!("'{name}' comes before the first action or check");
        match w[0] {
            "gambit-script" if w.get(1) == Some(&"1") => Ok(()),
            "gambit-script" => Err("this reads gambit-script 1".into()),
            "game" if w.get(1) == Some(&"stratego") => Ok(()),
            "game" => Err("this is a Stratego script: game stratego".into()),
            "variant" | "repetition" | "chasing" | "captures" | "move-limit" | "seed" | "setup" | "empty"
                if !self.starting() =>
            {
                Err(option(w[0]))
            }
            "variant" => {
                let n = w.get(1).and_then(|n| n.parse().ok()).and_then(Variant::from_number);
                self.rules.variant = n.ok_or("variant is 1, 2, 3 or 4")?;
                Ok(())
            }
            "repetition" => {
                self.rules.repetition = match w.get(1).copied() {
                    Some("booklet") => Repetition::Booklet,
                    Some("isf") => Repetition::Isf,
                    _ => return Err("repetition is booklet or isf".into()),
                };
                Ok(())
            }
            "chasing" => {
                self.rules.chasing = match w.get(1).copied() {
                    Some("off") => Chasing::Off,
                    Some("more-squares") => Chasing::MoreSquares,
                    _ => return Err("chasing is off or more-squares".into()),
                };
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
                self.seed = Some(w.get(1).and_then(|n| n.parse().ok()).ok_or("seed is a number")?);
                Ok(())
            }
            "setup" => {
                let side = side_word(w.get(1))?;
                let rows = rest(2).replace('/', "\n");
                let setup = parse_setup(&self.roster, self.rules.variant, side, &rows).map_err(|e| e.to_string())?;
                self.setups[side.index()] = Some(setup);
                Ok(())
            }
            "empty" => {
                self.built = Some(Stratego::empty(self.rules, self.roster.clone()));
                Ok(())
            }
            "place" | "to-move" | "good-lost" | "captured" => self.build(&w),
            "expect" => {
                let game = self.game()?;
                super::script_expect::check(game, &w[1..])
            }
            _ => {
                let side = side_word(w.first())?;
                let action = Action::parse(&rest(1)).ok_or_else(|| format!("'{}' is not an action", rest(1)))?;
                let game = self.game_mut()?;
                if game.decider() != Some(side) {
                    return Err(format!("it is not {}'s move (decider: {:?})", side.name(), game.decider()));
                }
                game.play(action).map(|_| ()).map_err(|e| format!("{action}: {e}"))
            }
        }
    }

    /// The position-building directives (before the first action or check).
    fn build(&mut self, w: &[&str]) -> Result<(), String> {
        let g = self.built.as_mut().ok_or("'empty' comes before building a position")?;
        if self.game.is_some() {
            return Err(format!("'{}' comes before the first action or check", w[0]));
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
            "good-lost" => g.good_lost = w.get(1).and_then(|n| n.parse().ok()).ok_or("good-lost is a number")?,
            _ => {
                let side = side_word(w.get(1))?;
                let kind = piece_kind(&g.roster, g.rules.variant, side, w.get(2).copied().unwrap_or(""))?;
                let mut piece = g.new_piece(kind, side);
                piece.revealed = true;
                g.captured.push(Capture { piece, by: side.other() });
                if side == Side::Good {
                    g.good_lost += 1;
                }
            }
        }
        Ok(())
    }

    fn game_mut(&mut self) -> Result<&mut Stratego, String> {
        self.game()?;
        self.game.as_mut().ok_or_else(|| "no game".to_string())
    }

    /// The game, started from the setups (or the built position) at the first action or check.
    fn game(&mut self) -> Result<&Stratego, String> {
        if self.game.is_none() {
            let game = match self.built.take() {
                Some(mut g) => {
                    g.rebuilt();
                    g
                }
                None => {
                    let seed = self.seed.unwrap_or(1);
                    let setup = |side: Side| {
                        self.setups[side.index()].clone().unwrap_or_else(|| {
                            Stratego::random_setup(&self.roster, self.rules.variant, side, seed + side.index() as u64)
                        })
                    };
                    Stratego::start(self.rules, self.roster.clone(), &setup(Side::Evil), &setup(Side::Good))
                        .map_err(|e| e.to_string())?
                }
            };
            self.game = Some(game);
        }
        self.game.as_ref().ok_or_else(|| "no game".to_string())
    }
}

/// A piece named by code, or by rank (the first kind of that rank in the roster for that side).
pub(crate) fn piece_kind(roster: &Roster, _variant: Variant, side: Side, word: &str) -> Result<Kind, String> {
    if let Some(kind) = roster.find(word) {
        return if roster.kind(kind).side == side {
            Ok(kind)
        } else {
            Err(format!("{word} is not a {} piece", side.name()))
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
    /// An empty board to build a position on (scripts and tests).
    pub(crate) fn empty(rules: Rules, roster: Arc<Roster>) -> Stratego {
        Stratego {
            rules,
            roster,
            board: [None; 100],
            to_move: Side::Evil,
            turns: 0,
            runs: [Run::default(); 2],
            chase: Default::default(),
            captured: Vec::new(),
            good_lost: 0,
            turned: false,
            vader_entered: false,
            pending: None,
            last: None,
            ending: None,
        }
    }

    /// A new piece for a built position, with the next free id.
    pub(crate) fn new_piece(&self, kind: Kind, side: Side) -> Piece {
        let used = self.board.iter().flatten().map(|p| p.id).chain(self.captured.iter().map(|c| c.piece.id));
        let id = used.max().map_or(0, |m| m + 1);
        let def = self.roster.kind(kind);
        let powers = if self.rules.variant.powers() { def.powers } else { super::piece::Powers::NONE };
        Piece { side, kind, rank: def.rank, powers, revealed: false, id }
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
    }
}
