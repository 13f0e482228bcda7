//! The whole state of one game. Serializable; the board occupancy index is rebuilt on load.

use super::board::Board;
use super::data::{CardId, DeckId, KindId};
use super::per::{BySeat, BySide};
use super::piece::{Piece, PieceId};
use super::pos::Pos;
use super::rng::{Forced, GameRng};
use super::side::{Mode, Seat, Side};
use super::version::RulesVersion;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::collections::VecDeque;

/// The kinds (and how many of each) a units action may still activate: a short list, kept inline.
pub type Parts = SmallVec<[(KindId, u8); 4]>;

/// The units an action has activated so far, kept inline.
pub type Used = SmallVec<[PieceId; 8]>;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Both sides build their secret plans.
    Planning,
    /// Cards are revealed and played one at a time.
    Resolving,
    Over,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WinReason {
    /// Two or fewer Naboo pieces are left in Theed Palace.
    PalaceFallen,
    /// The Control Ship is destroyed and Darth Maul is dead.
    MaulSlain,
    /// The Control Ship is destroyed and Naboo holds a majority in the throne room.
    ThroneRoom,
    /// The other side conceded (decided outside the rules engine).
    Concession,
}

impl WinReason {
    /// The key a saved game's record keeps.
    pub fn key(self) -> &'static str {
        match self {
            WinReason::PalaceFallen => "palace_fallen",
            WinReason::MaulSlain => "maul_slain",
            WinReason::ThroneRoom => "throne_room",
            WinReason::Concession => "concession",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    pub winner: Side,
    pub reason: WinReason,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeckState {
    /// Face-down draw pile; the top card is the last.
    pub draw: Vec<CardId>,
    pub discard: Vec<CardId>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Queued {
    pub card: CardId,
    pub bonus: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    pub hand: Vec<CardId>,
    /// The plan being built, in play order (cards still in the hand until locked).
    pub plan: Vec<CardId>,
    pub locked: bool,
    /// This round's cards still to reveal: the locked plan, then bonus cards.
    pub queue: VecDeque<Queued>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpaceState {
    /// Anakin's space: 0 at the start, the number of grids at the Control Ship.
    pub anakin: u8,
    /// Face-down Starfighter cards; the top card is the last.
    pub deck: Vec<u8>,
    /// Starfighter cards stacked on each grid; the top card is the last.
    pub grids: Vec<Vec<u8>>,
    /// Starfighter cards Anakin got through: out of the game.
    pub gone: Vec<u8>,
    /// Gray dice placed on the layer Anakin last tried (slot numbers), for the pictures.
    pub blocked: Vec<u8>,
}

/// A step of the card being resolved. The top frame of the stack is the current step.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "frame", rename_all = "snake_case")]
pub enum Frame {
    /// A revealed card waiting for its player to pick an action.
    Card {
        seat: Seat,
        card: CardId,
    },
    /// A units action: the next unit to activate.
    Units {
        seat: Seat,
        card: CardId,
        action: u8,
        left: Parts,
        used: Used,
    },
    /// An ordinary unit: move, then maybe attack.
    Activation {
        seat: Seat,
        piece: PieceId,
        movement: u8,
        window: bool,
        moved: bool,
    },
    /// A Jedi or Sith: movement and dice to spend in any order.
    Duel {
        seat: Seat,
        piece: PieceId,
        movement: u8,
        dice: u8,
        window: bool,
    },
    /// A Jedi or Sith attack waiting for the number of dice.
    DuelDice {
        seat: Seat,
        piece: PieceId,
        target: PieceId,
        max: u8,
    },
    /// Anakin's attempt on a grid: roll the defence, block slots, fly.
    Anakin {
        grid: u8,
        stage: AnakinStage,
    },
    /// Bonus cards earned, waiting for the choice of decks.
    Bonus {
        side: Side,
        count: u8,
    },
    PlaceStarfighter {
        seat: Seat,
        starfighter: u8,
    },
    /// "Draw a card and play it": cards still to draw.
    DrawAndPlay {
        seat: Seat,
        deck: DeckId,
        left: u8,
    },
    ToPalaceGroup {
        seat: Seat,
    },
    ToPalacePlace {
        seat: Seat,
        kind: KindId,
        left: u8,
    },
    /// New droid groups: hexes chosen so far (each next to a different MTT).
    Activate {
        seat: Seat,
        left: u8,
        chosen: Vec<Pos>,
    },
    ActivateKind {
        seat: Seat,
        left: u8,
        chosen: Vec<Pos>,
        at: Pos,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum AnakinStage {
    /// The Trade Federation rolls gray dice for the top layer.
    Defend,
    /// Gray dice that hit, still to be placed on slots.
    Block { left: u8 },
    /// Anakin rolls 2d6.
    Fly,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub mode: Mode,
    pub rng: GameRng,
    /// Dice faces forced by a test or script, used before any random roll.
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    pub forced: VecDeque<Forced>,
    /// Accepted choices so far: the state's version.
    pub step: u64,
    pub round: u32,
    pub go_first: Seat,
    pub phase: Phase,
    pub pieces: Vec<Piece>,
    /// Figures destroyed and off the board, per figure type: the pool new droids are activated from.
    pub destroyed: Vec<u16>,
    /// Figures out of play for good, per figure type: droids shut down, droids that found no staging hex.
    #[serde(default)]
    pub retired: Vec<u16>,
    pub decks: Vec<DeckState>,
    pub seats: BySeat<SeatState>,
    /// Bonus cards earned this round, per side, played next round.
    pub bonus: BySide<Vec<CardId>>,
    /// The seat whose card is being resolved.
    pub turn: Option<Seat>,
    /// The revealed card being resolved.
    #[serde(default)]
    pub playing: Option<CardId>,
    pub space: SpaceState,
    pub shield_up: bool,
    /// The real queen, once Naboo has chosen.
    pub real_queen: Option<PieceId>,
    /// Whether the real queen's identity is public (a queen has died).
    pub queen_revealed: bool,
    /// The real queen is dead: palace guards move 2.
    pub guards_slowed: bool,
    pub stack: Vec<Frame>,
    pub outcome: Option<Outcome>,
    #[serde(skip)]
    pub board: Board,
    /// The rules the game is played under: the game's, not the position's, so never saved with it (the
    /// game's record keeps it; `Game` sets it).
    #[serde(skip)]
    pub rules: RulesVersion,
}

impl State {
    pub fn piece(&self, id: PieceId) -> &Piece {
        &self.pieces[id.index()]
    }

    pub fn seat(&self, s: Seat) -> &SeatState {
        &self.seats[s]
    }

    pub fn deck(&self, d: DeckId) -> &DeckState {
        &self.decks[d.index()]
    }

    pub fn control_ship_destroyed(&self, grids: usize) -> bool {
        usize::from(self.space.anakin) >= grids
    }

    pub fn occupant(&self, p: Pos) -> Option<PieceId> {
        self.board.at(p)
    }

    /// Piece `id` goes to `to` (`None`: off the boards): its position and the board index, together.
    pub fn relocate(&mut self, d: &super::data::Data, id: PieceId, to: Option<Pos>) {
        let p = &mut self.pieces[id.index()];
        let (from, kind) = (p.pos, p.kind);
        p.pos = to;
        self.board.put(d, id, kind, from, to);
    }

    /// The pieces on the boards, with their ids, in id order.
    pub fn living(&self) -> impl Iterator<Item = (PieceId, &Piece)> + '_ {
        self.board.living().iter().map(|id| (*id, &self.pieces[id.index()]))
    }

    /// The bytes a copy of this state holds: the struct itself and every list it owns (what a search
    /// copies before each playout).
    pub fn footprint(&self) -> usize {
        fn list<T>(v: &[T]) -> usize {
            std::mem::size_of_val(v)
        }
        let seats: usize = self
            .seats
            .iter()
            .map(|s| list(&s.hand) + list(&s.plan) + s.queue.len() * std::mem::size_of::<Queued>())
            .sum();
        let decks: usize = self.decks.iter().map(|d| list(&d.draw) + list(&d.discard)).sum();
        let space = list(&self.space.deck)
            + self.space.grids.iter().map(|g| list(g) + std::mem::size_of::<Vec<u8>>()).sum::<usize>()
            + list(&self.space.gone)
            + list(&self.space.blocked);
        let stack: usize = self
            .stack
            .iter()
            .map(|f| match f {
                // Inline while short: only a spilled list owns bytes of its own.
                Frame::Units { left, used, .. } => {
                    usize::from(left.spilled()) * list(left) + usize::from(used.spilled()) * list(used)
                }
                Frame::Activate { chosen, .. } | Frame::ActivateKind { chosen, .. } => list(chosen),
                _ => 0,
            })
            .sum();
        std::mem::size_of::<State>()
            + self.forced.len() * std::mem::size_of::<Forced>()
            + list(&self.pieces)
            + list(&self.destroyed)
            + list(&self.retired)
            + list(&self.decks)
            + decks
            + std::mem::size_of_val(self.seats.iter().as_slice())
            + seats
            + self.bonus.iter().map(|b| list(b) + std::mem::size_of::<Vec<CardId>>()).sum::<usize>()
            + space
            + list(&self.stack)
            + stack
            + self.board.footprint()
    }
}
