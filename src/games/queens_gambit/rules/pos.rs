//! Board positions and the short labels players type ("E4", "1C3", "0A2", "GC5").
//!
//! A label is a pure function of the coordinates, so the engine, the pictures, the terminal game and the
//! Discord bot all name a hex the same way without looking anything up.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Where a piece stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pos {
    /// A hex of the Plains of Naboo: column x from the left, row y from the Naboo edge.
    Field { x: u8, y: u8 },
    /// A palace hex. Floor 1 also holds the approach on the palace gameboard at negative rows.
    Palace { floor: u8, x: u8, y: i8 },
    /// A space of the generator core, numbered from 0 (label GC1).
    Core(u8),
}

impl Pos {
    pub fn label(&self) -> String {
        self.to_string()
    }

    pub fn is_field(&self) -> bool {
        matches!(self, Pos::Field { .. })
    }

    pub fn is_palace(&self) -> bool {
        matches!(self, Pos::Palace { .. })
    }

    pub fn is_core(&self) -> bool {
        matches!(self, Pos::Core(_))
    }
}

fn column_letter(x: u8) -> char {
    char::from(b'A' + x)
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Pos::Field { x, y } => write!(f, "{}{}", column_letter(x), u16::from(y) + 1),
            Pos::Palace { x, y, .. } if y < 0 => {
                write!(f, "0{}{}", column_letter(x), -i16::from(y))
            }
            Pos::Palace { floor, x, y } => {
                write!(f, "{floor}{}{}", column_letter(x), i16::from(y) + 1)
            }
            Pos::Core(n) => write!(f, "GC{}", u16::from(n) + 1),
        }
    }
}

/// Why a label could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a board position (examples: E4 on the battlefield, 1C3 in the palace, 0A2 on the approach, GC5 in the core)"
)]
pub struct BadLabel(pub String);

impl FromStr for Pos {
    type Err = BadLabel;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadLabel(s.to_string());
        let t = s.trim().to_ascii_uppercase();
        let b = t.as_bytes();
        if let Some(rest) = t.strip_prefix("GC") {
            let n: u8 = rest.parse().map_err(|_| bad())?;
            if n == 0 {
                return Err(bad());
            }
            return Ok(Pos::Core(n - 1));
        }
        let (floor, letters) = match b.first() {
            Some(d @ b'0'..=b'9') => (Some(d - b'0'), &t[1..]),
            Some(_) => (None, &t[..]),
            None => return Err(bad()),
        };
        let lb = letters.as_bytes();
        let col = match lb.first() {
            Some(c @ b'A'..=b'Z') => c - b'A',
            _ => return Err(bad()),
        };
        let row: i16 = letters[1..].parse().map_err(|_| bad())?;
        if !(1..=100).contains(&row) {
            return Err(bad());
        }
        match floor {
            None => Ok(Pos::Field { x: col, y: (row - 1) as u8 }),
            Some(0) => Ok(Pos::Palace { floor: 1, x: col, y: -(row as i8) }),
            Some(f) => Ok(Pos::Palace { floor: f, x: col, y: (row - 1) as i8 }),
        }
    }
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        let cases = [
            (Pos::Field { x: 4, y: 3 }, "E4"),
            (Pos::Field { x: 16, y: 7 }, "Q8"),
            (Pos::Palace { floor: 1, x: 2, y: 2 }, "1C3"),
            (Pos::Palace { floor: 1, x: 0, y: -2 }, "0A2"),
            (Pos::Palace { floor: 3, x: 5, y: 6 }, "3F7"),
            (Pos::Core(4), "GC5"),
        ];
        for (pos, label) in cases {
            assert_eq!(pos.to_string(), label);
            assert_eq!(label.parse::<Pos>(), Ok(pos));
            assert_eq!(label.to_lowercase().parse::<Pos>(), Ok(pos));
        }
    }

    #[test]
    fn junk_labels_are_refused() {
        for junk in ["", "4E", "GC0", "GCx", "1", "E0", "E", "9", "é4"] {
            assert!(junk.parse::<Pos>().is_err(), "{junk} parsed");
        }
    }
}
