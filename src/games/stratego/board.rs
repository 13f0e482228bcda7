//! The 10 x 10 board: files a-j, rows 1-10 counted from the Evil side (C1), and the two asteroid fields
//! nothing may enter (c5-d6 and g5-h6).

use std::fmt;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// 0 for file a .. 9 for file j.
    pub file: u8,
    /// 0 for row 1 .. 9 for row 10.
    pub row: u8,
}

impl Square {
    pub const fn new(file: u8, row: u8) -> Option<Square> {
        if file < 10 && row < 10 { Some(Square { file, row }) } else { None }
    }

    /// Reads `a1` .. `j10`.
    pub fn parse(text: &str) -> Option<Square> {
        let text = text.trim().to_ascii_lowercase();
        let mut chars = text.chars();
        let file = chars.next()?;
        let row: u8 = chars.as_str().parse().ok()?;
        if !('a'..='j').contains(&file) || !(1..=10).contains(&row) {
            return None;
        }
        Square::new(file as u8 - b'a', row - 1)
    }

    /// The index of the square in a board's array (row by row from a1).
    pub fn index(self) -> usize {
        usize::from(self.row) * 10 + usize::from(self.file)
    }

    pub fn from_index(i: usize) -> Option<Square> {
        (i < 100).then_some(Square { file: (i % 10) as u8, row: (i / 10) as u8 })
    }

    /// Part of an asteroid field: no piece ever stands there or passes over it.
    pub fn is_field(self) -> bool {
        matches!(self.row, 4 | 5) && matches!(self.file, 2 | 3 | 6 | 7)
    }

    /// The square one step in `dir` (up, down, left, right), if it is on the board.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let (df, dr) = dir.delta();
        self.offset(df, dr)
    }

    /// The square `df` files and `dr` rows away, if it is on the board.
    pub fn offset(self, df: i16, dr: i16) -> Option<Square> {
        let file = i16::from(self.file) + df;
        let row = i16::from(self.row) + dr;
        if (0..10).contains(&file) && (0..10).contains(&row) { Square::new(file as u8, row as u8) } else { None }
    }

    /// Whether `other` is next to this square, not diagonally.
    pub fn touches(self, other: Square) -> bool {
        self.file.abs_diff(other.file) + self.row.abs_diff(other.row) == 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.row + 1)
    }
}

/// The four diagonal directions (Slashing), as steps of a file and a row.
pub const DIAGONALS: [(i16, i16); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The four directions a piece moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    pub fn delta(self) -> (i16, i16) {
        match self {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_named_a1_to_j10() {
        for i in 0..100 {
            let s = Square::from_index(i).unwrap();
            assert_eq!(Square::parse(&s.to_string()), Some(s));
        }
        assert_eq!(Square::parse("J10"), Square::new(9, 9));
        for bad in ["k1", "a0", "a11", "", "5a"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_two_asteroid_fields_are_c5_d6_and_g5_h6() {
        let fields: Vec<String> =
            (0..100).filter_map(Square::from_index).filter(|s| s.is_field()).map(|s| s.to_string()).collect();
        assert_eq!(fields, ["c5", "d5", "g5", "h5", "c6", "d6", "g6", "h6"]);
    }
}
