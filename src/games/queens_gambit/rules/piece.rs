//! Pieces on the boards: a single character or a battlefield group of figures.

use super::data::KindId;
use super::pos::Pos;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceId(pub u16);

impl PieceId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Why a piece left the boards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gone {
    /// Killed in combat.
    Destroyed,
    /// Droids shut down when the Control Ship fell.
    ShutDown,
    /// A battlefield group that went to the palace (its figures became palace pieces or left play).
    Transferred,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub kind: KindId,
    /// Where it stands; `None` once it has left the boards.
    pub pos: Option<Pos>,
    /// Figures left in a group (1 for a character, 0 once gone).
    pub members: u8,
    /// Damage on its track.
    pub damage: u8,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gone: Option<Gone>,
}

impl Piece {
    pub fn alive(&self) -> bool {
        self.pos.is_some()
    }
}
