//! What a player does on a turn, written the way it is typed: `b4 b7` moves (or attacks), a power's word
//! then its squares (`vision e5 f7`, `charge e5 e9`, `quick e5 f6`, `leap e5 e8 e9`, `slash e5 g7`,
//! `blast e5 e7`), and `place c2` puts a piece that enters the board in game 3.

use super::board::Square;
use super::piece::Power;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A move or an attack (a Trooper's may go far in a line).
    Move { from: Square, to: Square },
    /// Vision: reveal an enemy piece within two squares.
    Vision { from: Square, target: Square },
    /// Charging: two or more squares in a clear line, attacking at the end.
    Charge { from: Square, to: Square },
    /// Quickness: two orthogonal steps, the second may attack.
    Quick { from: Square, to: Square },
    /// Advanced Leaping: over a row of pieces or a field to the first clear square, then perhaps attack.
    Leap { from: Square, land: Square, attack: Option<Square> },
    /// Slashing: diagonally through clear squares, attacking at the end.
    Slash { from: Square, to: Square },
    /// Advanced Blaster: shoot a piece up to two squares away in any of eight directions.
    Blast { from: Square, target: Square },
    /// Put the piece waiting to enter (Anakin returning, Darth Vader) on this square.
    Place { at: Square },
}

impl Action {
    /// The square of the piece that acts (`None` for a placement).
    pub fn from(self) -> Option<Square> {
        match self {
            Action::Move { from, .. }
            | Action::Vision { from, .. }
            | Action::Charge { from, .. }
            | Action::Quick { from, .. }
            | Action::Leap { from, .. }
            | Action::Slash { from, .. }
            | Action::Blast { from, .. } => Some(from),
            Action::Place { .. } => None,
        }
    }

    /// The power it uses, if any.
    pub fn power(self) -> Option<Power> {
        match self {
            Action::Vision { .. } => Some(Power::Vision),
            Action::Charge { .. } => Some(Power::Charging),
            Action::Quick { .. } => Some(Power::Quickness),
            Action::Leap { .. } => Some(Power::Leaping),
            Action::Slash { .. } => Some(Power::Slashing),
            Action::Blast { .. } => Some(Power::Blaster),
            Action::Move { .. } | Action::Place { .. } => None,
        }
    }

    /// Where the acting piece ends if it wins any attack (`None` when it does not move).
    pub fn end(self) -> Option<Square> {
        match self {
            Action::Move { to, .. }
            | Action::Charge { to, .. }
            | Action::Quick { to, .. }
            | Action::Slash { to, .. } => Some(to),
            Action::Leap { land, attack, .. } => Some(attack.unwrap_or(land)),
            Action::Place { at } => Some(at),
            Action::Vision { .. } | Action::Blast { .. } => None,
        }
    }

    /// Reads the typed form (see the module's comment).
    pub fn parse(text: &str) -> Option<Action> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let sq = |i: usize| words.get(i).and_then(|w| Square::parse(w));
        let squares = |n: usize| words.len() == n;
        match words.first().map(|w| w.to_ascii_lowercase()).as_deref() {
            Some("place") if squares(2) => Some(Action::Place { at: sq(1)? }),
            Some("leap") if squares(3) || squares(4) => {
                let attack = if words.len() == 4 { Some(sq(3)?) } else { None };
                Some(Action::Leap { from: sq(1)?, land: sq(2)?, attack })
            }
            Some(word) if squares(3) => {
                let (from, to) = (sq(1)?, sq(2)?);
                match word {
                    "move" => Some(Action::Move { from, to }),
                    "vision" => Some(Action::Vision { from, target: to }),
                    "charge" => Some(Action::Charge { from, to }),
                    "quick" => Some(Action::Quick { from, to }),
                    "slash" => Some(Action::Slash { from, to }),
                    "blast" => Some(Action::Blast { from, target: to }),
                    _ => None,
                }
            }
            Some(_) if squares(2) => Some(Action::Move { from: sq(0)?, to: sq(1)? }),
            _ => None,
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Move { from, to } => write!(f, "{from} {to}"),
            Action::Vision { from, target } | Action::Blast { from, target } => {
                write!(f, "{} {from} {target}", self.power().map_or("", Power::word))
            }
            Action::Charge { from, to } | Action::Quick { from, to } | Action::Slash { from, to } => {
                write!(f, "{} {from} {to}", self.power().map_or("", Power::word))
            }
            Action::Leap { from, land, attack: None } => write!(f, "leap {from} {land}"),
            Action::Leap { from, land, attack: Some(t) } => write!(f, "leap {from} {land} {t}"),
            Action::Place { at } => write!(f, "place {at}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_reads_back_from_what_it_writes() {
        let s = |n: &str| Square::parse(n).unwrap();
        let all = [
            Action::Move { from: s("b4"), to: s("b7") },
            Action::Vision { from: s("e5"), target: s("f7") },
            Action::Charge { from: s("e5"), to: s("e9") },
            Action::Quick { from: s("e5"), to: s("f6") },
            Action::Leap { from: s("e5"), land: s("e8"), attack: None },
            Action::Leap { from: s("e5"), land: s("e8"), attack: Some(s("e9")) },
            Action::Slash { from: s("e5"), to: s("g7") },
            Action::Blast { from: s("e5"), target: s("e7") },
            Action::Place { at: s("c2") },
        ];
        for a in all {
            assert_eq!(Action::parse(&a.to_string()), Some(a), "{a}");
        }
        assert_eq!(Action::parse("MOVE B4 B5"), Some(Action::Move { from: s("b4"), to: s("b5") }));
        for bad in ["", "b4", "b4 b5 b6", "fly e5 e6", "leap e5", "place", "vision e5 z9"] {
            assert_eq!(Action::parse(bad), None, "{bad}");
        }
    }
}
