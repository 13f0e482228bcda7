//! What each side still needs to win, in the victory rules' own figures (`victory`), from what everyone
//! sees: the pieces on the boards, Anakin's track, whether Maul stands. Shown in the status and the round
//! post, so nobody needs the rulebook to know where the game is going.

use super::data::Data;
use super::per::BySide;
use super::state::State;
use super::victory;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Needs {
    /// Naboo's palace pieces on the boards now.
    pub naboo_palace_pieces: usize,
    /// The Trade Federation wins when Naboo's palace pieces are down to this many.
    pub palace_falls_at: usize,
    /// Anakin's space, and the space of the Control Ship (reaching it destroys the ship).
    pub anakin: u8,
    pub control_ship: u8,
    /// Whether the Trade Federation's Sith (Darth Maul) still stands.
    pub maul_stands: bool,
    /// Pieces of each side in the throne room.
    pub throne_room: BySide<usize>,
}

impl Needs {
    pub fn of(d: &Data, s: &State) -> Needs {
        let (naboo, tf) = victory::throne_room_count(d, s);
        Needs {
            naboo_palace_pieces: victory::naboo_palace_pieces(d, s),
            palace_falls_at: victory::PALACE_FALLS_AT,
            anakin: s.space.anakin,
            control_ship: d.space.control_ship(),
            maul_stands: !victory::sith_dead(d, s),
            throne_room: BySide::new(tf, naboo),
        }
    }

    pub fn control_ship_destroyed(&self) -> bool {
        self.anakin >= self.control_ship
    }

    /// One line per side: what it still needs, with the numbers now (in the rules' words, `describe`).
    pub fn lines(&self) -> BySide<String> {
        super::describe::needs_lines(self)
    }

    /// The same, short enough for a picture's status strip.
    pub fn brief(&self) -> BySide<String> {
        super::describe::needs_brief(self)
    }

    /// Whether neither side is nearer to, or further from, winning than in `other`: the same palace
    /// pieces, Anakin on the same space, Maul as he was, and, once the ship is down (only then does it
    /// decide anything), the same throne room.
    pub fn same_standing(&self, other: &Needs) -> bool {
        let room = |n: &Needs| n.control_ship_destroyed().then_some(n.throne_room);
        (self.naboo_palace_pieces, self.anakin, self.maul_stands, room(self))
            == (other.naboo_palace_pieces, other.anakin, other.maul_stands, room(other))
    }
}

/// What each side needed at the latest round's start, unchanged since round `since`: a game where
/// neither side comes closer to winning for many rounds is offered a way out (a draw).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stall {
    pub needs: Needs,
    pub since: u32,
}

impl Stall {
    /// At the start of round `round`, with `needs` now: unchanged since the last round's `since` when the
    /// standing is the same (`Needs::same_standing`), else since this round.
    pub fn at_round(previous: Option<&Stall>, needs: Needs, round: u32) -> Stall {
        match previous {
            Some(s) if s.needs.same_standing(&needs) => Stall { needs, since: s.since },
            _ => Stall { needs, since: round },
        }
    }

    /// How many rounds it has stood so at round `round`.
    pub fn rounds(&self, round: u32) -> u32 {
        round.saturating_sub(self.since)
    }
}
