//! The four games of the Saga Edition and the options a lobby chooses: the limit on moving back and forth,
//! the rule against endless chases, what happens to captured pieces, and the move limit.

use super::piece::Side;

/// Which of the four games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Game 1: the classic game.
    #[default]
    Classic,
    /// Game 2: the classic game with special powers.
    Powers,
    /// Game 3: The Rise of the Empire (red and green pieces, Anakin turns, Vader enters).
    Rise,
    /// Game 4: The Rebellion (green and blue pieces).
    Rebellion,
}

impl Variant {
    pub const ALL: [Variant; 4] = [Variant::Classic, Variant::Powers, Variant::Rise, Variant::Rebellion];

    /// 1-4, as the booklet numbers them.
    pub fn number(self) -> u8 {
        match self {
            Variant::Classic => 1,
            Variant::Powers => 2,
            Variant::Rise => 3,
            Variant::Rebellion => 4,
        }
    }

    pub fn from_number(n: u8) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.number() == n)
    }

    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "The Star Wars Saga (classic)",
            Variant::Powers => "Special Powers",
            Variant::Rise => "The Rise of the Empire",
            Variant::Rebellion => "The Rebellion",
        }
    }

    /// Whether pieces use their special powers.
    pub fn powers(self) -> bool {
        self != Variant::Classic
    }

    /// How many rows each side sets up on (C2).
    pub fn depth(self) -> u8 {
        match self {
            Variant::Classic | Variant::Powers => 4,
            Variant::Rise | Variant::Rebellion => 3,
        }
    }

    /// How many pieces a side places (Evil leaves one square empty in game 3: Vader waits).
    pub fn army_size(self, side: Side) -> usize {
        match (self, side) {
            (Variant::Classic | Variant::Powers, _) => 40,
            (Variant::Rise, Side::Evil) => 29,
            _ => 30,
        }
    }
}

/// Which limit on moving a piece back and forth applies (spec section 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// The booklet's: no third move in a row between the same two squares.
    #[default]
    Booklet,
    /// The international two-squares rule: no sixth move in a row within the first move's line of squares.
    Isf,
}

impl Repetition {
    pub fn word(self) -> &'static str {
        match self {
            Repetition::Booklet => "booklet",
            Repetition::Isf => "isf",
        }
    }

    pub fn parse(text: &str) -> Option<Repetition> {
        [Repetition::Booklet, Repetition::Isf].into_iter().find(|r| r.word().eq_ignore_ascii_case(text.trim()))
    }

    /// The moves in a row a series may hold.
    pub(crate) fn limit(self) -> u8 {
        match self {
            Repetition::Booklet => 2,
            Repetition::Isf => 5,
        }
    }
}

/// The international more-squares rule against endless chases (spec 3.3), off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Chasing {
    #[default]
    Off,
    MoreSquares,
}

impl Chasing {
    pub fn word(self) -> &'static str {
        match self {
            Chasing::Off => "off",
            Chasing::MoreSquares => "more-squares",
        }
    }

    pub fn parse(text: &str) -> Option<Chasing> {
        [Chasing::Off, Chasing::MoreSquares].into_iter().find(|c| c.word().eq_ignore_ascii_case(text.trim()))
    }
}

/// What happens to captured pieces, and so what each reader may list of them (spec section 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Captures {
    /// Face up beside the board: everyone knows every lost piece.
    #[default]
    Open,
    /// The capturing player keeps them hidden from their owner.
    Prisoner,
    /// Each player keeps their own losses hidden from the capturer.
    Secret,
    /// Face down: nobody looks.
    Stealth,
}

impl Captures {
    pub const ALL: [Captures; 4] = [Captures::Open, Captures::Prisoner, Captures::Secret, Captures::Stealth];

    pub fn word(self) -> &'static str {
        match self {
            Captures::Open => "open",
            Captures::Prisoner => "prisoner",
            Captures::Secret => "secret",
            Captures::Stealth => "stealth",
        }
    }

    pub fn parse(text: &str) -> Option<Captures> {
        Captures::ALL.into_iter().find(|c| c.word().eq_ignore_ascii_case(text.trim()))
    }
}

/// Turns after which a game still going is drawn, unless the lobby chose another limit (C19).
pub const MOVE_LIMIT: u32 = 2000;

/// Everything a lobby decides about the rules of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub variant: Variant,
    pub repetition: Repetition,
    pub chasing: Chasing,
    pub captures: Captures,
    /// Turns (both sides', placements not counted) after which the game is drawn.
    pub move_limit: u32,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::of(Variant::Classic)
    }
}

impl Rules {
    /// A game's rules with every option at its default.
    pub fn of(variant: Variant) -> Rules {
        Rules {
            variant,
            repetition: Repetition::Booklet,
            chasing: Chasing::Off,
            captures: Captures::Open,
            move_limit: MOVE_LIMIT,
        }
    }
}
