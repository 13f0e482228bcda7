//! What the engine waits for: a decision for one seat, the question, and the legal answers.
//!
//! Every choice has one canonical text form ("move 1E4", "plan add NB07") used by scripts, the terminal
//! game, saved action logs and Discord component values.

use super::data::{CardId, Data, KindId};
use super::piece::PieceId;
use super::pos::Pos;
use super::side::Seat;
use serde::{Deserialize, Serialize};

/// One answer to a decision.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Which queen is the real one (Naboo, secretly, before the first round).
    Queen(KindId),
    PlanAdd(CardId),
    /// Remove the card at this plan position (0-based; text is 1-based).
    PlanRemove(u8),
    /// Move the card at plan position `from` to position `to` (0-based).
    PlanMove(u8, u8),
    PlanClear,
    /// Replace the whole plan at once (scripts and menus that build the plan themselves).
    PlanSet(PlanCards),
    PlanLock,
    /// Which action of the revealed card (0-based).
    Action(u8),
    /// Activate the unit standing here.
    Unit(Pos),
    /// Move the active unit here (its own hex means staying put).
    Move(Pos),
    /// Attack the enemy standing here.
    Target(Pos),
    /// How many attack dice a Jedi or Sith uses in this attack.
    Dice(u8),
    /// Put a blocking die on this Anakin slot (2..12).
    Block(u8),
    /// Take this many bonus cards from the Battlefield deck and the rest from the Theed Palace deck.
    Bonus(u8),
    /// Place the Starfighter card on this grid (0-based; text is 1-based).
    Grid(u8),
    /// Place a droid (or a new droid group) here.
    Place(Pos),
    /// Which kind of droid group to activate.
    Kind(KindId),
    /// Finish this step: no attack, no more units, no more placements.
    Done,
}

/// The cards of a whole plan given at once, kept inline: no choice owns memory of its own, so the option
/// lists a playout reuses are emptied in one step.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlanCards {
    len: u8,
    cards: [CardId; PlanCards::MAX],
}

impl PlanCards {
    /// The largest plan of any mode.
    pub const MAX: usize = 4;

    pub fn as_slice(&self) -> &[CardId] {
        &self.cards[..usize::from(self.len)]
    }
}

impl TryFrom<&[CardId]> for PlanCards {
    type Error = BadChoice;

    fn try_from(cards: &[CardId]) -> Result<PlanCards, BadChoice> {
        if cards.len() > PlanCards::MAX {
            return Err(BadChoice(format!("a plan holds at most {} cards, not {}", PlanCards::MAX, cards.len())));
        }
        let mut plan = PlanCards { len: cards.len() as u8, cards: [CardId(0); PlanCards::MAX] };
        plan.cards[..cards.len()].copy_from_slice(cards);
        Ok(plan)
    }
}

impl std::ops::Deref for PlanCards {
    type Target = [CardId];

    fn deref(&self) -> &[CardId] {
        self.as_slice()
    }
}

/// Why a text could not be read as a choice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct BadChoice(pub String);

impl Choice {
    /// The canonical text of this choice.
    pub fn text(&self, d: &Data) -> String {
        match self {
            Choice::Queen(k) => format!("queen {}", d.unit(*k).key),
            Choice::PlanAdd(c) => format!("plan add {}", d.card(*c).code),
            Choice::PlanRemove(i) => format!("plan remove {}", i + 1),
            Choice::PlanMove(a, b) => format!("plan move {} {}", a + 1, b + 1),
            Choice::PlanClear => "plan clear".into(),
            Choice::PlanSet(cs) => {
                let codes: Vec<&str> = cs.iter().map(|c| d.card(*c).code.as_str()).collect();
                format!("plan set {}", codes.join(" ")).trim_end().to_string()
            }
            Choice::PlanLock => "plan lock".into(),
            Choice::Action(i) => format!("action {}", i + 1),
            Choice::Unit(p) => format!("unit {p}"),
            Choice::Move(p) => format!("move {p}"),
            Choice::Target(p) => format!("target {p}"),
            Choice::Dice(n) => format!("dice {n}"),
            Choice::Block(s) => format!("block {s}"),
            Choice::Bonus(n) => format!("bonus {n}"),
            Choice::Grid(g) => format!("grid {}", g + 1),
            Choice::Place(p) => format!("place {p}"),
            Choice::Kind(k) => format!("kind {}", d.unit(*k).key),
            Choice::Done => "done".into(),
        }
    }

    /// Read a choice from its text (case-insensitive; extra spaces allowed).
    pub fn parse(d: &Data, text: &str) -> Result<Choice, BadChoice> {
        let words: Vec<String> = text.split_whitespace().map(|w| w.to_ascii_lowercase()).collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        let bad = |why: &str| BadChoice(format!("'{}': {why}", text.trim()));
        let num = |s: &str| s.parse::<u8>().map_err(|_| bad(&format!("'{s}' is not a number")));
        let index = |s: &str| {
            let n = num(s)?;
            if n == 0 { Err(bad("positions are counted from 1")) } else { Ok(n - 1) }
        };
        let pos = |s: &str| {
            let p = s.parse::<Pos>().map_err(|e| bad(&e.to_string()))?;
            let exists = match p {
                Pos::Field { .. } => d.field.index_of(p).is_some(),
                Pos::Palace { .. } => d.palace.index_of(p).is_some(),
                Pos::Core(c) => c < d.core.spaces,
            };
            if exists { Ok(p) } else { Err(bad(&format!("there is no hex {}", s.to_uppercase()))) }
        };
        let card = |s: &str| d.card_by_code(s).ok_or_else(|| bad(&format!("there is no card {}", s.to_uppercase())));
        let kind = |s: &str| {
            d.units
                .iter()
                .position(|u| u.key == s || u.short.eq_ignore_ascii_case(s))
                .or_else(|| d.units.iter().position(|u| u.traits.queen && u.key.starts_with(s)))
                .map(|i| KindId(i as u8))
                .ok_or_else(|| bad(&format!("there is no unit called {s}")))
        };
        Ok(match w.as_slice() {
            ["queen", k] => Choice::Queen(kind(k)?),
            ["plan", "add", c] => Choice::PlanAdd(card(c)?),
            ["plan", "remove", i] => Choice::PlanRemove(index(i)?),
            ["plan", "move", a, b] => Choice::PlanMove(index(a)?, index(b)?),
            ["plan", "clear"] => Choice::PlanClear,
            ["plan", "lock"] => Choice::PlanLock,
            ["plan", "set", cs @ ..] => {
                let cards = cs.iter().map(|c| card(c)).collect::<Result<Vec<_>, _>>()?;
                Choice::PlanSet(PlanCards::try_from(cards.as_slice()).map_err(|e| bad(&e.0))?)
            }
            ["action", i] => Choice::Action(index(i)?),
            ["unit", p] => Choice::Unit(pos(p)?),
            ["move", p] => Choice::Move(pos(p)?),
            ["target", p] => Choice::Target(pos(p)?),
            ["dice", n] => Choice::Dice(num(n)?),
            ["block", n] => Choice::Block(num(n)?),
            ["bonus", n] => Choice::Bonus(num(n)?),
            ["grid", n] => Choice::Grid(index(n)?),
            ["place", p] => Choice::Place(pos(p)?),
            ["kind", k] => Choice::Kind(kind(k)?),
            ["done"] | ["skip"] | ["stay"] => Choice::Done,
            [] => return Err(BadChoice("an empty line is not a choice".into())),
            _ => {
                return Err(bad("not a choice (try: plan add NB07, action 1, unit E3, move E4, target F5, done)"));
            }
        })
    }
}

/// The question a decision asks, with what a front end needs to phrase it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Prompt {
    /// Choose which queen is the real Queen Amidala (secret).
    ChooseQueen,
    /// Build and lock the secret plan for this round.
    Plan { size: u8 },
    /// Pick one action of the revealed card.
    ChooseAction { card: CardId },
    /// Pick the next unit for the action, or finish it.
    ChooseUnit { card: CardId, action: u8, left: super::state::Parts },
    /// Move the active unit (its own hex stays put).
    Move { piece: PieceId, movement: u8 },
    /// Attack with the active unit, or not.
    Attack { piece: PieceId },
    /// A Jedi or Sith: move, attack or finish, in any order.
    Duel { piece: PieceId, movement: u8, dice: u8 },
    /// How many dice the Jedi or Sith uses against this target.
    DuelDice { piece: PieceId, target: PieceId },
    /// Block Anakin's slots with the gray dice that hit.
    Block { grid: u8, starfighter: Option<u8>, left: u8 },
    /// Choose the decks for bonus cards just earned.
    BonusDecks { count: u8 },
    /// Place the Starfighter card just drawn.
    PlaceStarfighter { starfighter: u8 },
    /// Pick the battlefield droid group to send to the palace.
    ToPalaceGroup,
    /// Pick the staging-zone hex for the next arriving droid.
    StagingHex { left: u8 },
    /// Pick a hex next to an MTT for a new droid group, or stop.
    ActivateHex { left: u8 },
    /// Pick the kind of droid group to activate there.
    ActivateKind { at: Pos },
}

/// A pending decision: who must decide, the question and the legal answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub seat: Seat,
    pub prompt: Prompt,
    pub options: Vec<Choice>,
}

/// Option lists kept for reuse: a playout's steps refill old lists instead of allocating new ones. A copy
/// of a game starts with none.
#[derive(Debug, Default)]
pub struct Spare(Vec<Vec<Choice>>);

impl Clone for Spare {
    fn clone(&self) -> Spare {
        Spare::default()
    }
}

impl Spare {
    /// An empty list, with room from an earlier use when there is one.
    pub fn take(&mut self) -> Vec<Choice> {
        self.0.pop().unwrap_or_default()
    }

    /// Keep a list for later (a few are enough: a step asks at most one question per seat).
    pub fn keep(&mut self, mut options: Vec<Choice>) {
        if self.0.len() < 8 && options.capacity() > 0 {
            options.clear();
            self.0.push(options);
        }
    }
}
