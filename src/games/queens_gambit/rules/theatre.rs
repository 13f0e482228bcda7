//! The four battles of the game, and which of them an event touches (for choosing the picture to show).

use super::event::{Event, EventKind};
use super::pos::Pos;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theatre {
    /// Theed Palace: the approach and the three floors.
    Palace,
    /// The Plains of Naboo.
    Battlefield,
    /// The generator core duel.
    Core,
    /// The Droid Control Ship battle: Anakin's track.
    Space,
}

impl Theatre {
    pub const ALL: [Theatre; 4] = [Theatre::Palace, Theatre::Battlefield, Theatre::Core, Theatre::Space];

    pub fn of(p: Pos) -> Theatre {
        match p {
            Pos::Field { .. } => Theatre::Battlefield,
            Pos::Palace { .. } => Theatre::Palace,
            Pos::Core(_) => Theatre::Core,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Theatre::Palace => "palace",
            Theatre::Battlefield => "battlefield",
            Theatre::Core => "core",
            Theatre::Space => "space",
        }
    }

    pub fn from_key(s: &str) -> Option<Theatre> {
        Theatre::ALL.into_iter().find(|t| t.key().eq_ignore_ascii_case(s.trim()))
    }
}

/// What a picture of some events should show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Focus {
    /// The whole board: several battles changed, a round began or the game ended.
    Whole,
    /// The one battle where it happened.
    One(Theatre),
}

impl Focus {
    /// The picture for these events: the battle where they happened, the whole board when several
    /// changed, a round began or the game ended, and none when nothing on the board moved (the picture
    /// before still shows it).
    pub fn of(events: &[Event]) -> Option<Focus> {
        let milestone =
            Event::round_began(events) || events.iter().any(|e| matches!(e.kind, EventKind::GameOver { .. }));
        match touched(events).as_slice() {
            _ if milestone => Some(Focus::Whole),
            [] => None,
            [one] => Some(Focus::One(*one)),
            _ => Some(Focus::Whole),
        }
    }
}

/// The theatres whose board changed in these events, in a stable order.
fn touched(events: &[Event]) -> Vec<Theatre> {
    let mut out = Vec::new();
    let mut add = |t: Theatre| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    for e in events {
        match &e.kind {
            EventKind::Moved { path, .. } => path.iter().for_each(|p| add(Theatre::of(*p))),
            EventKind::Attacked { from, at, .. } => {
                add(Theatre::of(*from));
                add(Theatre::of(*at));
            }
            EventKind::Damaged { at, .. } | EventKind::Destroyed { at, .. } => add(Theatre::of(*at)),
            EventKind::DroidsToPalace { from, .. } => {
                add(Theatre::of(*from));
                add(Theatre::Palace);
            }
            EventKind::DroidArrived { at, .. } | EventKind::DroidsActivated { at, .. } => add(Theatre::of(*at)),
            EventKind::ShieldDown => add(Theatre::Battlefield),
            EventKind::StarfighterPlaced { .. }
            | EventKind::SlotBlocked { .. }
            | EventKind::AnakinRolled { .. }
            | EventKind::AnakinAdvanced { .. }
            | EventKind::StarfighterPassed { .. } => add(Theatre::Space),
            EventKind::ControlShipDestroyed { .. } => {
                add(Theatre::Space);
                add(Theatre::Battlefield);
                add(Theatre::Palace);
            }
            _ => {}
        }
    }
    out
}
