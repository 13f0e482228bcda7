//! What happened: every step of the game as an event, with who may see it.

use super::data::{CardId, Colour, DeckId, Face, KindId};
use super::piece::PieceId;
use super::pos::Pos;
use super::side::{Seat, Side};
use super::state::WinReason;
use serde::{Deserialize, Serialize};

/// Who may see an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    All,
    /// Only the seats of this side (teammates may see each other's cards).
    Side(Side),
}

/// One die as rolled.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DieRoll {
    pub colour: Colour,
    pub face: Face,
}

/// Anakin's two six-sided dice.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnakinRoll {
    pub dice: [u8; 2],
    pub sum: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    GameStarted {
        seats: u8,
    },
    /// Naboo has chosen the real queen (public: only that the choice is made).
    QueenChosen,
    /// Which queen is real (Naboo only).
    RealQueen {
        piece: PieceId,
        kind: KindId,
    },
    /// A seat's new cards (its side only).
    CardsDealt {
        seat: Seat,
        cards: Vec<CardId>,
    },
    /// How many cards a seat drew (public).
    CardsDrawn {
        seat: Seat,
        count: u8,
    },
    DeckReshuffled {
        deck: DeckId,
        cards: u8,
    },
    /// The seat's plan as it now stands (its side only).
    PlanChanged {
        seat: Seat,
        plan: Vec<CardId>,
    },
    PlanLocked {
        seat: Seat,
    },
    RoundStarted {
        round: u32,
        go_first: Seat,
    },
    /// Bonus cards went under a seat's plan, unseen.
    BonusQueued {
        seat: Seat,
        count: u8,
    },
    CardRevealed {
        seat: Seat,
        card: CardId,
        bonus: bool,
    },
    /// A card drawn by "draw a card and play it".
    CardDrawnToPlay {
        seat: Seat,
        card: CardId,
    },
    ActionChosen {
        seat: Seat,
        card: CardId,
        action: u8,
    },
    UnitActivated {
        piece: PieceId,
        kind: KindId,
        at: Pos,
    },
    Moved {
        piece: PieceId,
        kind: KindId,
        path: Vec<Pos>,
    },
    Attacked {
        attacker: PieceId,
        attacker_kind: KindId,
        from: Pos,
        target: PieceId,
        target_kind: KindId,
        at: Pos,
        attack: Vec<DieRoll>,
        defence: Vec<DieRoll>,
        hits: u8,
        blocks: u8,
        riposte: u8,
    },
    /// Damage on a track, or figures lost from a group.
    Damaged {
        piece: PieceId,
        kind: KindId,
        at: Pos,
        amount: u8,
        damage: u8,
        members: u8,
    },
    /// A riposte hit on the attacker.
    Riposte {
        piece: PieceId,
        kind: KindId,
        amount: u8,
    },
    Destroyed {
        piece: PieceId,
        kind: KindId,
        at: Pos,
    },
    ShieldDown,
    /// A queen died: which one was real is now public.
    QueenRevealed {
        real: PieceId,
        kind: KindId,
    },
    GuardsSlowed,
    BonusEarned {
        side: Side,
        count: u8,
    },
    /// Bonus cards drawn face down for next round, by deck.
    BonusDrawn {
        side: Side,
        battlefield: u8,
        palace: u8,
    },
    Recovered {
        piece: PieceId,
        kind: KindId,
        amount: u8,
        damage: u8,
    },
    StarfighterDrawn {
        starfighter: u8,
    },
    StarfighterPlaced {
        starfighter: u8,
        grid: u8,
    },
    /// The Trade Federation rolls gray dice against Anakin on a grid or a Starfighter card.
    SpaceDefence {
        grid: u8,
        starfighter: Option<u8>,
        rolls: Vec<DieRoll>,
        hits: u8,
    },
    SlotBlocked {
        grid: u8,
        slot: u8,
    },
    AnakinRolled {
        grid: u8,
        starfighter: Option<u8>,
        roll: AnakinRoll,
        passed: bool,
    },
    StarfighterPassed {
        starfighter: u8,
    },
    AnakinAdvanced {
        space: u8,
    },
    ControlShipDestroyed {
        droids: u16,
    },
    DroidsToPalace {
        group: PieceId,
        kind: KindId,
        from: Pos,
        placed: Vec<Pos>,
        lost: u8,
    },
    DroidsActivated {
        piece: PieceId,
        kind: KindId,
        at: Pos,
        members: u8,
    },
    /// A droid sent from the battlefield arrives on a staging-zone hex.
    DroidArrived {
        piece: PieceId,
        kind: KindId,
        at: Pos,
    },
    /// A decision with a single legal answer, which the engine took by itself: `answer` in script form
    /// ("move 1E4").
    OnlyChoice {
        seat: Seat,
        answer: String,
    },
    /// Nothing could be done (no card left to draw, no Starfighter card left, Anakin already home...).
    NoEffect {
        why: String,
    },
    CardFinished {
        seat: Seat,
        card: CardId,
    },
    RoundEnded {
        round: u32,
    },
    GameOver {
        winner: Side,
        reason: WinReason,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub to: Audience,
    #[serde(flatten)]
    pub kind: EventKind,
}

impl EventKind {
    /// Whether this event rolled dice, revealed or drew a card, or ended something: an action that
    /// produced it cannot be taken back.
    pub fn is_irreversible(&self) -> bool {
        matches!(
            self,
            EventKind::CardsDealt { .. }
                | EventKind::CardsDrawn { .. }
                | EventKind::DeckReshuffled { .. }
                | EventKind::RoundStarted { .. }
                | EventKind::BonusQueued { .. }
                | EventKind::CardRevealed { .. }
                | EventKind::CardDrawnToPlay { .. }
                | EventKind::Attacked { .. }
                | EventKind::QueenRevealed { .. }
                | EventKind::BonusDrawn { .. }
                | EventKind::StarfighterDrawn { .. }
                | EventKind::SpaceDefence { .. }
                | EventKind::AnakinRolled { .. }
                | EventKind::RoundEnded { .. }
                | EventKind::GameOver { .. }
        )
    }
}

impl Event {
    /// Whether these events begin a new round (the moment a round's post says where the game stands).
    pub fn round_began(events: &[Event]) -> bool {
        events.iter().any(|e| matches!(e.kind, EventKind::RoundStarted { .. }))
    }

    pub fn public(kind: EventKind) -> Event {
        Event { to: Audience::All, kind }
    }

    pub fn private(side: Side, kind: EventKind) -> Event {
        Event { to: Audience::Side(side), kind }
    }

    pub fn visible_to(&self, side: Option<Side>) -> bool {
        match self.to {
            Audience::All => true,
            Audience::Side(s) => side == Some(s),
        }
    }
}
