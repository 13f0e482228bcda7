//! Who has won, checked after every step.
//!
//! Trade Federation: the Naboo pieces in Theed Palace (guards, Panaka, both queens and the Jedi, wherever
//! they stand) are down to 2 or fewer.
//! Naboo: the Control Ship is destroyed, and then either Darth Maul is dead (with 3 or more Naboo palace
//! pieces alive, which the first check guarantees) or Naboo outnumbers the Trade Federation in the throne
//! room (viceroys, droids and Maul count for the Trade Federation).

use super::data::Data;
use super::side::Side;
use super::state::{Outcome, State, WinReason};

/// Naboo pieces that count for the palace battle (only Naboo units have the trait: the data says so).
pub fn naboo_palace_pieces(d: &Data, s: &State) -> usize {
    s.board.side(Side::Naboo).filter(|id| d.unit(s.piece(*id).kind).traits.palace_piece).count()
}

/// Pieces of each side in the throne room: (Naboo, Trade Federation).
pub fn throne_room_count(d: &Data, s: &State) -> (usize, usize) {
    let in_throne_room = |side: Side| {
        let indoors = s.board.team(side, false).iter();
        let palace = indoors.filter_map(|id| s.board.node(*id)).filter(|i| *i < d.palace.cells.len());
        palace.filter(|i| d.palace.throne_room[*i]).count()
    };
    (in_throne_room(Side::Naboo), in_throne_room(Side::Tf))
}

/// Whether every Trade Federation Jedi-killer (Darth Maul) is dead.
pub fn sith_dead(d: &Data, s: &State) -> bool {
    !s.board.side(Side::Tf).any(|id| d.unit(s.piece(id).kind).traits.duelist)
}

/// The Trade Federation wins when Naboo's palace pieces are down to this many.
pub const PALACE_FALLS_AT: usize = 2;

pub fn check(d: &Data, s: &State) -> Option<Outcome> {
    if naboo_palace_pieces(d, s) <= PALACE_FALLS_AT {
        return Some(Outcome { winner: Side::Tf, reason: WinReason::PalaceFallen });
    }
    if s.control_ship_destroyed(d.space.grids.len()) {
        if sith_dead(d, s) {
            return Some(Outcome { winner: Side::Naboo, reason: WinReason::MaulSlain });
        }
        let (naboo, tf) = throne_room_count(d, s);
        if naboo > tf {
            return Some(Outcome { winner: Side::Naboo, reason: WinReason::ThroneRoom });
        }
    }
    None
}
