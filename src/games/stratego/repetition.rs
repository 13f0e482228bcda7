//! The limits on repeating moves: the back-and-forth count (the booklet's, or the international
//! two-squares rule; spec 3.1-3.2) and the international more-squares rule against endless chases (3.3).

use super::board::Square;
use super::piece::{Piece, Side};
use super::rules::Repetition;

/// One side's run of moves of one piece between the same squares (C16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Run {
    /// The first move's two squares (its whole line for the international rule).
    pair: Option<(Square, Square)>,
    /// The piece, and where it stands now.
    piece: u8,
    at: Option<Square>,
    count: u8,
}

impl Run {
    /// Whether `piece` going `from` -> `to` goes on this run.
    pub(crate) fn continues(&self, repetition: Repetition, piece: &Piece, from: Square, to: Square) -> bool {
        let Some((a, b)) = self.pair else { return false };
        if self.at != Some(from) || self.piece != piece.id {
            return false;
        }
        match repetition {
            Repetition::Booklet => (a, b) == pair(from, to),
            Repetition::Isf => within(a, b, from) && within(a, b, to),
        }
    }

    /// Whether some move of `piece` from `from` may pass the limit (most often none: nothing to check).
    pub(crate) fn binds(&self, repetition: Repetition, piece: &Piece, from: Square) -> bool {
        self.count >= repetition.limit() && self.at == Some(from) && self.piece == piece.id
    }

    /// Whether that move would pass the limit.
    pub(crate) fn refuses(&self, repetition: Repetition, piece: &Piece, from: Square, to: Square) -> bool {
        self.count >= repetition.limit() && self.continues(repetition, piece, from, to)
    }

    /// The run after `piece` went `from` -> `to` (`stands`: it is still on the board there).
    pub(crate) fn after(self, repetition: Repetition, piece: &Piece, from: Square, to: Square, stands: bool) -> Run {
        match (stands, self.continues(repetition, piece, from, to)) {
            (true, true) => Run { at: Some(to), count: self.count + 1, ..self },
            (true, false) => Run { pair: Some(pair(from, to)), piece: piece.id, at: Some(to), count: 1 },
            (false, _) => Run::default(),
        }
    }
}

/// Whether `s` lies on the straight line of squares from `a` to `b` (both included): along a file, a row
/// or a diagonal (Slashing); for two squares not in a line (a turning Quickness move), just those two.
fn within(a: Square, b: Square, s: Square) -> bool {
    let between = |x: u8, lo: u8, hi: u8| lo.min(hi) <= x && x <= lo.max(hi);
    let diagonal = a.file.abs_diff(b.file) == a.row.abs_diff(b.row)
        && s.file.abs_diff(a.file) == s.row.abs_diff(a.row)
        && s.file.abs_diff(b.file) == s.row.abs_diff(b.row)
        && between(s.file, a.file, b.file)
        && between(s.row, a.row, b.row);
    s == a
        || s == b
        || diagonal
        || (a.file == b.file && s.file == a.file && between(s.row, a.row, b.row))
        || (a.row == b.row && s.row == a.row && between(s.file, a.file, b.file))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_international_series_holds_every_square_of_its_first_moves_line_diagonals_too() {
        let sq = |n: &str| Square::parse(n).unwrap();
        // A Slashing move a1-d4: b2 and c3 are inside, b3 and e5 are not.
        assert!(within(sq("a1"), sq("d4"), sq("b2")) && within(sq("a1"), sq("d4"), sq("c3")));
        assert!(!within(sq("a1"), sq("d4"), sq("b3")) && !within(sq("a1"), sq("d4"), sq("e5")));
        assert!(within(sq("d1"), sq("a4"), sq("c2")) && !within(sq("d1"), sq("a4"), sq("c3")));
        // A file and a row as before; a turning Quickness move holds only its two squares.
        assert!(within(sq("a2"), sq("a6"), sq("a4")) && within(sq("b5"), sq("f5"), sq("d5")));
        assert!(within(sq("e5"), sq("f6"), sq("f6")) && !within(sq("e5"), sq("f6"), sq("e6")));
    }
}

/// The two squares of a move, in a fixed order.
fn pair(a: Square, b: Square) -> (Square, Square) {
    if a <= b { (a, b) } else { (b, a) }
}

/// Keys for hashing a position: which piece stands on which square, and whose turn it is.
const fn keys() -> [[u64; 100]; 80] {
    let mut out = [[0u64; 100]; 80];
    let mut state = 0x5354_5241_5445_474fu64;
    let mut id = 0;
    while id < 80 {
        let mut sq = 0;
        while sq < 100 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            out[id][sq] = z ^ (z >> 31);
            sq += 1;
        }
        id += 1;
    }
    out
}

static KEYS: [[u64; 100]; 80] = keys();
const GOOD_TO_MOVE: u64 = 0x2545_F491_4F6C_DD1D;

/// The key of one piece on one square.
pub(crate) fn key(piece: &Piece, square: Square) -> u64 {
    KEYS[usize::from(piece.id) % 80][square.index()]
}

/// The hash of a whole position.
pub(crate) fn position_hash(board: &[Option<Piece>; 100], to_move: Side) -> u64 {
    let mut h = if to_move == Side::Good { GOOD_TO_MOVE } else { 0 };
    for (i, p) in board.iter().enumerate() {
        if let (Some(p), Some(s)) = (p, Square::from_index(i)) {
            h ^= key(p, s);
        }
    }
    h
}

/// The hash after the side to move moves `piece` from `from` to the empty square `to`.
pub(crate) fn hash_after_move(hash: u64, piece: &Piece, from: Square, to: Square) -> u64 {
    hash ^ key(piece, from) ^ key(piece, to) ^ GOOD_TO_MOVE
}

/// What the last move threatened: the enemy pieces next to where its piece now stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Threat {
    by: Option<Side>,
    squares: Vec<Square>,
    /// The square the threatening piece left, and the position before the move.
    left: Option<Square>,
    before: u64,
    after: u64,
}

/// A continuous chase under way (spec 3.3).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Active {
    chaser: Side,
    /// Where the piece the evader just moved stands.
    evader_at: Square,
    /// The square the chasing piece left on the chaser's previous move (the exception).
    chaser_left: Square,
    /// Every position since the one before the first threatening move.
    seen: Vec<u64>,
}

/// The more-squares rule's memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Chase {
    threat: Threat,
    active: Option<Active>,
}

impl Chase {
    /// Whether the side to move, `side`, moving `piece` from `from` to the empty square `to` (position hash
    /// `hash` now), makes a chasing move that rebuilds a position of this chase.
    pub(crate) fn refuses(&self, side: Side, piece: &Piece, from: Square, to: Square, hash: u64) -> bool {
        let Some(a) = &self.active else { return false };
        a.chaser == side
            && to.touches(a.evader_at)
            && to != a.chaser_left
            && a.seen.contains(&hash_after_move(hash, piece, from, to))
    }

    /// Notes a turn of `side`: a piece moved `from` -> `to` and (`stands`) is there now, without (`attack`
    /// false) or with an attack; or (`moved` None) no piece moved (Vision, a blaster shot).
    pub(crate) fn record(
        &mut self,
        side: Side,
        moved: Option<(Square, Square, bool)>,
        board: &[Option<Piece>; 100],
        before: u64,
        after: u64,
    ) {
        // A turn in which no piece moves (Vision, a blaster shot) is not a chasing move: it ends the chase
        // (spec 3.3). The back-and-forth count, which skips such turns (C17), still bounds any shuttling.
        let Some((from, to, attack)) = moved else {
            *self = Chase::default();
            return;
        };
        let stands = board[to.index()].is_some_and(|p| p.side == side);
        let evades = !attack && self.threat.by == Some(side.other()) && self.threat.squares.contains(&from);
        self.active = match self.active.take() {
            Some(mut a) if a.chaser == side => {
                let chasing = !attack && stands && to.touches(a.evader_at);
                chasing.then(|| {
                    a.seen.push(after);
                    a.chaser_left = from;
                    a
                })
            }
            Some(mut a) => evades.then(|| {
                a.evader_at = to;
                a.seen.push(after);
                a
            }),
            None if evades => self.threat.left.map(|left| Active {
                chaser: side.other(),
                evader_at: to,
                chaser_left: left,
                seen: vec![self.threat.before, self.threat.after, after],
            }),
            None => None,
        };
        let squares = if stands {
            super::board::Dir::ALL
                .iter()
                .filter_map(|d| to.step(*d))
                .filter(|s| board[s.index()].is_some_and(|p| p.side != side))
                .collect()
        } else {
            Vec::new()
        };
        self.threat = Threat { by: Some(side), squares, left: Some(from), before, after };
    }
}
