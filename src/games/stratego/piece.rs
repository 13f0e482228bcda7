//! The pieces: two sides, what a piece is worth in combat, its label's colour and its powers. A piece on
//! the board carries its rank and powers (copied from the roster) so the rules never look them up.

/// The two armies. Evil (gray) sets up on the low rows and moves first; Good (white) on the high rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Evil,
    Good,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Evil, Side::Good];

    pub fn other(self) -> Side {
        match self {
            Side::Evil => Side::Good,
            Side::Good => Side::Evil,
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::Evil => 0,
            Side::Good => 1,
        }
    }

    /// The rows a side sets up on: its `depth` nearest rows (four in games 1-2, three in games 3-4; C2).
    pub fn home_rows(self, depth: u8) -> std::ops::RangeInclusive<u8> {
        match self {
            Side::Evil => 0..=depth - 1,
            Side::Good => 10 - depth..=9,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Evil => "Evil",
            Side::Good => "Good",
        }
    }

    /// Reads `evil` / `good` (any case).
    pub fn parse(text: &str) -> Option<Side> {
        match text.trim().to_ascii_lowercase().as_str() {
            "evil" => Some(Side::Evil),
            "good" => Some(Side::Good),
            _ => None,
        }
    }
}

/// What a piece is in combat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rank {
    /// The spy (Light Side / Dark Side): beats a 10 when it attacks, loses to everything else.
    Spy,
    /// 2 (Troopers, who move far in a line) to 10 (Darth Sidious, Yoda).
    Number(u8),
    /// Thermal Detonator: never moves; an attacker dies on it unless it is a 3.
    Detonator,
    /// The Lightsaber: never moves; whoever takes it wins.
    Lightsaber,
}

impl Rank {
    /// How many of each rank a side has in the first two games (the classic army, 40 pieces).
    pub const ARMY: [(Rank, usize); 12] = [
        (Rank::Number(10), 1),
        (Rank::Number(9), 1),
        (Rank::Number(8), 2),
        (Rank::Number(7), 3),
        (Rank::Number(6), 4),
        (Rank::Number(5), 4),
        (Rank::Number(4), 4),
        (Rank::Number(3), 5),
        (Rank::Number(2), 8),
        (Rank::Spy, 1),
        (Rank::Detonator, 6),
        (Rank::Lightsaber, 1),
    ];

    pub fn moves(self) -> bool {
        !matches!(self, Rank::Detonator | Rank::Lightsaber)
    }

    /// A Trooper (rank 2) may move any distance in a straight line.
    pub fn is_trooper(self) -> bool {
        self == Rank::Number(2)
    }

    /// Reads `10` .. `2`, `S` (spy), `B` (detonator), `F` (Lightsaber).
    pub fn parse(text: &str) -> Option<Rank> {
        match text.trim().to_ascii_uppercase().as_str() {
            "S" => Some(Rank::Spy),
            "B" => Some(Rank::Detonator),
            "F" => Some(Rank::Lightsaber),
            n => n.parse().ok().filter(|n| (2..=10).contains(n)).map(Rank::Number),
        }
    }

    /// The short name `parse` reads.
    pub fn code(self) -> String {
        match self {
            Rank::Spy => "S".into(),
            Rank::Detonator => "B".into(),
            Rank::Lightsaber => "F".into(),
            Rank::Number(n) => n.to_string(),
        }
    }

    /// Its strength against the Advanced Blaster (the spy is below every number; C15).
    pub(crate) fn strength(self) -> u8 {
        match self {
            Rank::Spy => 1,
            Rank::Number(n) => n,
            Rank::Detonator | Rank::Lightsaber => 0,
        }
    }
}

/// A label's colour: which of games 3 (red) and 4 (blue) a piece plays in; green plays in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Green,
    Blue,
}

/// The six special powers of games 2-4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Power {
    Vision,
    Charging,
    Quickness,
    Leaping,
    Slashing,
    Blaster,
}

impl Power {
    pub const ALL: [Power; 6] =
        [Power::Vision, Power::Charging, Power::Quickness, Power::Leaping, Power::Slashing, Power::Blaster];

    /// The word typed before a power's squares (`vision e5 f7`).
    pub fn word(self) -> &'static str {
        match self {
            Power::Vision => "vision",
            Power::Charging => "charge",
            Power::Quickness => "quick",
            Power::Leaping => "leap",
            Power::Slashing => "slash",
            Power::Blaster => "blast",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Power::Vision => "Vision",
            Power::Charging => "Charging",
            Power::Quickness => "Quickness",
            Power::Leaping => "Advanced Leaping",
            Power::Slashing => "Slashing",
            Power::Blaster => "Advanced Blaster",
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of powers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Powers(u8);

impl Powers {
    pub const NONE: Powers = Powers(0);

    pub fn of(powers: &[Power]) -> Powers {
        Powers(powers.iter().fold(0, |bits, p| bits | p.bit()))
    }

    pub fn has(self, power: Power) -> bool {
        self.0 & power.bit() != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Power> {
        Power::ALL.into_iter().filter(move |p| self.has(*p))
    }
}

/// Which kind of piece this is: its line in the roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Who it fights for now (Anakin changes sides in game 3).
    pub side: Side,
    pub kind: Kind,
    pub rank: Rank,
    /// Its powers in this game (none in game 1).
    pub powers: Powers,
    /// Its rank is known to the other side and to spectators (a combat, a long move, a power showed it; C10).
    pub revealed: bool,
    /// Its rank was shown to the other player by Vision: both players know it, spectators do not (C7).
    pub sighted: bool,
    /// Which piece of the game this is (0..80), for telling identical pieces apart in a position.
    pub id: u8,
}

impl Piece {
    /// Whether `reader` (a player's side; none: a spectator) knows its rank: its own, one revealed to all,
    /// or one Vision showed to both players (C7).
    pub fn known_to(&self, reader: Option<Side>) -> bool {
        self.revealed || reader == Some(self.side) || self.sighted && reader.is_some()
    }
}
