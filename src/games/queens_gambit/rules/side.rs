//! The two sides, the seats at the table and the roles a seat plays.

use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Naboo,
    Tf,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Tf, Side::Naboo];

    pub fn other(self) -> Side {
        match self {
            Side::Naboo => Side::Tf,
            Side::Tf => Side::Naboo,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::Tf => 0,
            Side::Naboo => 1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Naboo => "Naboo",
            Side::Tf => "Trade Federation",
        }
    }

    /// The name as it reads inside a sentence: "the Trade Federation", "Naboo".
    pub fn in_sentence(self) -> &'static str {
        match self {
            Side::Naboo => "Naboo",
            Side::Tf => "the Trade Federation",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Side::Naboo => "naboo",
            Side::Tf => "tf",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The 2-player game or the 4-player game of two teams.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[serde(rename = "2p")]
    TwoPlayer,
    #[serde(rename = "4p")]
    FourPlayer,
}

impl Mode {
    pub fn seats(self) -> u8 {
        match self {
            Mode::TwoPlayer => 2,
            Mode::FourPlayer => 4,
        }
    }

    pub fn from_players(n: u8) -> Option<Mode> {
        match n {
            2 => Some(Mode::TwoPlayer),
            4 => Some(Mode::FourPlayer),
            _ => None,
        }
    }

    /// Cards in a hand at the start of a round, per deck.
    pub fn hand_per_deck(self) -> usize {
        match self {
            Mode::TwoPlayer => 5,
            Mode::FourPlayer => 3,
        }
    }

    /// Cards each seat chooses to play per round.
    pub fn plan_size(self) -> usize {
        match self {
            Mode::TwoPlayer => 4,
            Mode::FourPlayer => 2,
        }
    }

    /// Cards drawn per deck at the end of a round.
    pub fn draw_per_deck(self) -> usize {
        match self {
            Mode::TwoPlayer => 2,
            Mode::FourPlayer => 1,
        }
    }
}

/// Which battles a seat runs: in the 4-player game one teammate runs the palace and the duel, the other the
/// battlefield and space. In the 2-player game one seat runs everything.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// The Plains of Naboo and the space battle.
    Field,
    /// Theed Palace and the generator-core duel.
    Palace,
}

/// A seat at the table, numbered clockwise from the Trade Federation seat that holds Go First.
///
/// 2 players: 0 = Trade Federation, 1 = Naboo.
/// 4 players: 0 = TF battlefield, 1 = Naboo battlefield, 2 = TF palace, 3 = Naboo palace. Teams alternate
/// around the table, so play passes TF, Naboo, TF, Naboo.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    pub fn side(self) -> Side {
        if self.0.is_multiple_of(2) { Side::Tf } else { Side::Naboo }
    }

    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat numbered `index` (as the shared layers number seats).
    pub fn at(index: usize) -> Seat {
        Seat(u8::try_from(index).unwrap_or(u8::MAX))
    }

    /// Whether this seat runs the given battles in this mode.
    pub fn has_role(self, mode: Mode, role: Role) -> bool {
        match mode {
            Mode::TwoPlayer => true,
            Mode::FourPlayer => match role {
                Role::Field => self.0 < 2,
                Role::Palace => self.0 >= 2,
            },
        }
    }

    /// The seat of `side` that runs `role`.
    pub fn of(mode: Mode, side: Side, role: Role) -> Seat {
        let base = match side {
            Side::Tf => 0,
            Side::Naboo => 1,
        };
        match (mode, role) {
            (Mode::TwoPlayer, _) | (Mode::FourPlayer, Role::Field) => Seat(base),
            (Mode::FourPlayer, Role::Palace) => Seat(base + 2),
        }
    }

    /// The seat with the same role on the other side (seats alternate sides around the table).
    pub fn across(self) -> Seat {
        Seat(self.0 ^ 1)
    }

    pub fn all(mode: Mode) -> impl Iterator<Item = Seat> {
        (0..mode.seats()).map(Seat)
    }

    /// The short name used in scripts and commands.
    pub fn key(self, mode: Mode) -> &'static str {
        match (mode, self.0) {
            (Mode::TwoPlayer, 0) => "tf",
            (Mode::TwoPlayer, _) => "naboo",
            (Mode::FourPlayer, 0) => "tf-field",
            (Mode::FourPlayer, 1) => "naboo-field",
            (Mode::FourPlayer, 2) => "tf-palace",
            (Mode::FourPlayer, _) => "naboo-palace",
        }
    }

    /// A name for people: "Naboo" or "Naboo (palace)".
    pub fn title(self, mode: Mode) -> String {
        match mode {
            Mode::TwoPlayer => self.side().name().to_string(),
            Mode::FourPlayer => {
                let role = if self.0 < 2 { "battlefield" } else { "palace" };
                format!("{} ({role})", self.side().name())
            }
        }
    }

    pub fn from_key(mode: Mode, key: &str) -> Option<Seat> {
        Seat::all(mode).find(|s| s.key(mode).eq_ignore_ascii_case(key.trim()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_player_seats_alternate_sides_and_split_roles() {
        let m = Mode::FourPlayer;
        let sides: Vec<Side> = Seat::all(m).map(Seat::side).collect();
        assert_eq!(sides, [Side::Tf, Side::Naboo, Side::Tf, Side::Naboo]);
        assert_eq!(Seat::of(m, Side::Tf, Role::Field), Seat(0));
        assert_eq!(Seat::of(m, Side::Naboo, Role::Palace), Seat(3));
        assert!(Seat(1).has_role(m, Role::Field) && !Seat(1).has_role(m, Role::Palace));
        for s in Seat::all(m) {
            assert_eq!(Seat::from_key(m, s.key(m)), Some(s));
        }
    }

    #[test]
    fn two_player_seats_do_everything() {
        let m = Mode::TwoPlayer;
        assert_eq!(Seat::of(m, Side::Naboo, Role::Palace), Seat(1));
        assert!(Seat(0).has_role(m, Role::Palace) && Seat(0).has_role(m, Role::Field));
        assert_eq!(Seat::from_key(m, "NABOO"), Some(Seat(1)));
    }
}
