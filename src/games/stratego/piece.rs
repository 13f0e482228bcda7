//! The pieces: two sides, and what a piece is worth in combat. In the first game a piece is only its rank;
//! the characters on the labels matter from the second game on.

/// The two armies. Evil (gray) sets up on rows 1-4 and moves first; Good (white) on rows 7-10.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Evil,
    Good,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Evil => Side::Good,
            Side::Good => Side::Evil,
        }
    }

    /// The rows a side sets up on in the first game.
    pub fn home_rows(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Side::Evil => 0..=3,
            Side::Good => 6..=9,
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
    /// How many of each rank a side has in the first game (the classic army, 40 pieces).
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
}

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub side: Side,
    pub rank: Rank,
    /// Its rank is known to the other side (a combat, or a Trooper's long move, showed it; C10).
    pub revealed: bool,
}

impl Piece {
    pub fn new(side: Side, rank: Rank) -> Piece {
        Piece { side, rank, revealed: false }
    }
}
