//! A game of the first (classic) game: setups, whose turn, the legal moves, playing one, and the end.

use super::board::{Dir, Square};
use super::combat::{Clash, clash};
use super::piece::{Piece, Rank, Side};
use std::collections::HashMap;

/// Turns after which a game still going is drawn (both sides' turns counted).
pub const MOVE_LIMIT: u32 = 2000;

/// A piece going from one square to another (an attack when an enemy stands there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
}

impl std::fmt::Display for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.from, self.to)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `side` took the other side's Lightsaber.
    Lightsaber(Side),
    /// The other side had no legal move on its turn: `side` wins.
    Stuck(Side),
    /// Neither side can move.
    NeitherCanMove,
    /// The move limit was reached.
    MoveLimit,
}

/// Why a move or a setup is refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    Over,
    #[error("there is no piece of yours on {0}")]
    NotYours(Square),
    #[error("detonators and the Lightsaber never move")]
    Immobile,
    #[error("a piece moves one square up, down, left or right (only Troopers go further, in a straight line)")]
    NotAMove,
    #[error("the way to {0} is not clear")]
    Blocked(Square),
    #[error("nothing may enter an asteroid field")]
    Field,
    #[error("a piece may not shuttle between the same two squares a third time in a row")]
    Shuttle,
    #[error("setup: {0}")]
    Setup(String),
}

/// Which limit on moving a piece back and forth applies (a lobby option; spec section 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Repetition {
    /// The booklet's: no third move in a row between the same two squares.
    #[default]
    Booklet,
    /// The international two-squares rule: no sixth move in a row within the first move's line of squares.
    Isf,
}

impl Repetition {
    /// The moves in a row a series may hold.
    fn limit(self) -> u8 {
        match self {
            Repetition::Booklet => 2,
            Repetition::Isf => 5,
        }
    }
}

/// One side's run of moves between the same two squares (the back-and-forth limit, C16).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Run {
    /// The two squares, and where the piece now stands (the last move's end).
    pair: Option<(Square, Square)>,
    at: Option<Square>,
    count: u8,
}

/// A game in play.
#[derive(Clone, Debug)]
pub struct Stratego {
    board: [Option<Piece>; 100],
    to_move: Side,
    turns: u32,
    runs: [Run; 2],
    repetition: Repetition,
    /// Captured pieces, in the order they fell.
    captured: Vec<Piece>,
    ending: Option<Ending>,
}

fn side_index(side: Side) -> usize {
    match side {
        Side::Evil => 0,
        Side::Good => 1,
    }
}

impl Stratego {
    /// A game from both secret setups (each: 40 squares of the side's four home rows, the classic army).
    pub fn new(evil: &[(Square, Rank)], good: &[(Square, Rank)]) -> Result<Stratego, Refusal> {
        let mut board = [None; 100];
        for (side, setup) in [(Side::Evil, evil), (Side::Good, good)] {
            check_setup(side, setup)?;
            for (square, rank) in setup {
                board[square.index()] = Some(Piece::new(side, *rank));
            }
        }
        let mut game = Stratego {
            board,
            to_move: Side::Evil,
            turns: 0,
            runs: [Run::default(); 2],
            repetition: Repetition::Booklet,
            captured: Vec::new(),
            ending: None,
        };
        game.settle();
        Ok(game)
    }

    /// A setup for `side` shuffled from `seed` (the lobby's "random setup").
    pub fn random_setup(side: Side, seed: u64) -> Vec<(Square, Rank)> {
        let mut ranks: Vec<Rank> = Rank::ARMY.iter().flat_map(|(r, n)| std::iter::repeat_n(*r, *n)).collect();
        let mut state = seed ^ 0x5157_7261_7465_676f;
        for i in (1..ranks.len()).rev() {
            state = splitmix(state);
            ranks.swap(i, (state % (i as u64 + 1)) as usize);
        }
        let squares = side.home_rows().flat_map(|row| (0..10).filter_map(move |file| Square::new(file, row)));
        squares.zip(ranks).collect()
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    pub fn captured(&self) -> &[Piece] {
        &self.captured
    }

    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Every legal move of the side to move (none once the game is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.ending.is_some() {
            return Vec::new();
        }
        self.moves_of(self.to_move)
    }

    fn moves_of(&self, side: Side) -> Vec<Move> {
        let mut out = Vec::new();
        for from in (0..100).filter_map(Square::from_index) {
            let Some(piece) = self.at(from).filter(|p| p.side == side && p.rank.moves()) else { continue };
            for dir in Dir::ALL {
                let mut to = from;
                while let Some(next) = to.step(dir) {
                    if next.is_field() {
                        break;
                    }
                    match self.at(next) {
                        Some(p) if p.side == side => break,
                        Some(_) => {
                            out.push(Move { from, to: next });
                            break;
                        }
                        None => out.push(Move { from, to: next }),
                    }
                    if !piece.rank.is_trooper() {
                        break;
                    }
                    to = next;
                }
            }
        }
        out.retain(|m| !self.shuttles(side, *m));
        out
    }

    /// The same game under another back-and-forth limit (set before the first move).
    pub fn with_repetition(mut self, repetition: Repetition) -> Stratego {
        self.repetition = repetition;
        self.settle();
        self
    }

    /// Whether `m` goes on its side's series of moves of one piece (the same two squares for the booklet;
    /// within the first move's line of squares for the international rule).
    fn continues(&self, side: Side, m: Move) -> bool {
        let run = &self.runs[side_index(side)];
        let Some((a, b)) = run.pair else { return false };
        if run.at != Some(m.from) {
            return false;
        }
        match self.repetition {
            Repetition::Booklet => (a, b) == pair(m.from, m.to),
            Repetition::Isf => within(a, b, m.from) && within(a, b, m.to),
        }
    }

    /// Whether `m` would pass the limit on moving a piece back and forth.
    fn shuttles(&self, side: Side, m: Move) -> bool {
        self.runs[side_index(side)].count >= self.repetition.limit() && self.continues(side, m)
    }

    /// Why `m` is not legal for the side to move, if it is not.
    fn check(&self, m: Move) -> Result<(), Refusal> {
        if self.ending.is_some() {
            return Err(Refusal::Over);
        }
        let piece = self.at(m.from).filter(|p| p.side == self.to_move).ok_or(Refusal::NotYours(m.from))?;
        if !piece.rank.moves() {
            return Err(Refusal::Immobile);
        }
        let straight = m.from.file == m.to.file || m.from.row == m.to.row;
        if m.from == m.to || !straight || (!piece.rank.is_trooper() && !m.from.touches(m.to)) {
            return Err(Refusal::NotAMove);
        }
        if m.to.is_field() {
            return Err(Refusal::Field);
        }
        // Every square before the last must be empty and outside the fields.
        let dir = match (m.to.file.cmp(&m.from.file), m.to.row.cmp(&m.from.row)) {
            (std::cmp::Ordering::Greater, _) => Dir::Right,
            (std::cmp::Ordering::Less, _) => Dir::Left,
            (_, std::cmp::Ordering::Greater) => Dir::Up,
            _ => Dir::Down,
        };
        let mut at = m.from;
        while let Some(next) = at.step(dir) {
            if next == m.to {
                break;
            }
            if next.is_field() {
                return Err(Refusal::Field);
            }
            if self.at(next).is_some() {
                return Err(Refusal::Blocked(m.to));
            }
            at = next;
        }
        if self.at(m.to).is_some_and(|p| p.side == self.to_move) {
            return Err(Refusal::Blocked(m.to));
        }
        if self.shuttles(self.to_move, m) {
            return Err(Refusal::Shuttle);
        }
        Ok(())
    }

    /// Play `m` for the side to move: the move, or the attack and its result. Refused moves change nothing.
    pub fn play(&mut self, m: Move) -> Result<Option<Clash>, Refusal> {
        self.check(m)?;
        let side = self.to_move;
        let Some(mut piece) = self.board[m.from.index()].take() else { return Err(Refusal::NotYours(m.from)) };
        // A Trooper going more than one square shows what it is (C10).
        if !m.from.touches(m.to) {
            piece.revealed = true;
        }
        let result = match self.board[m.to.index()] {
            None => {
                self.board[m.to.index()] = Some(piece);
                None
            }
            Some(mut defender) => {
                let result = clash(piece.rank, defender.rank);
                piece.revealed = true;
                defender.revealed = true;
                match result {
                    Clash::AttackerWins | Clash::Lightsaber => {
                        self.captured.push(defender);
                        self.board[m.to.index()] = Some(piece);
                    }
                    Clash::DefenderWins => {
                        self.captured.push(piece);
                        self.board[m.to.index()] = Some(defender);
                    }
                    Clash::Both => {
                        self.captured.push(piece);
                        self.captured.push(defender);
                        self.board[m.to.index()] = None;
                    }
                }
                Some(result)
            }
        };
        let mover_stands = self.at(m.to).is_some_and(|p| p.side == side);
        let continues = self.continues(side, m);
        let run = &mut self.runs[side_index(side)];
        *run = match (mover_stands, continues) {
            (true, true) => Run { pair: run.pair, at: Some(m.to), count: run.count + 1 },
            (true, false) => Run { pair: Some(pair(m.from, m.to)), at: Some(m.to), count: 1 },
            (false, _) => Run::default(),
        };
        self.turns += 1;
        self.to_move = side.other();
        if result == Some(Clash::Lightsaber) {
            self.ending = Some(Ending::Lightsaber(side));
        } else {
            self.settle();
        }
        Ok(result)
    }

    /// The end that the position itself makes: a side that cannot move, or the move limit.
    fn settle(&mut self) {
        if self.ending.is_some() {
            return;
        }
        let stuck = self.moves_of(self.to_move).is_empty();
        self.ending = match (stuck, self.moves_of(self.to_move.other()).is_empty()) {
            (true, true) => Some(Ending::NeitherCanMove),
            (true, false) => Some(Ending::Stuck(self.to_move.other())),
            _ if self.turns >= MOVE_LIMIT => Some(Ending::MoveLimit),
            _ => None,
        };
    }

    /// How many pieces of each rank a side has on the board and among the captured (always its army).
    pub fn count(&self, side: Side) -> HashMap<Rank, usize> {
        let mut n = HashMap::new();
        let on_board = self.board.iter().flatten();
        for p in on_board.chain(self.captured.iter()).filter(|p| p.side == side) {
            *n.entry(p.rank).or_default() += 1;
        }
        n
    }
}

/// Whether `s` lies on the straight line of squares from `a` to `b` (both included).
fn within(a: Square, b: Square, s: Square) -> bool {
    let between = |x: u8, lo: u8, hi: u8| lo.min(hi) <= x && x <= lo.max(hi);
    (a.file == b.file && s.file == a.file && between(s.row, a.row, b.row))
        || (a.row == b.row && s.row == a.row && between(s.file, a.file, b.file))
}

/// The two squares of a move, in a fixed order.
fn pair(a: Square, b: Square) -> (Square, Square) {
    if a <= b { (a, b) } else { (b, a) }
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A side's setup holds exactly its army, on distinct squares of its home rows.
fn check_setup(side: Side, setup: &[(Square, Rank)]) -> Result<(), Refusal> {
    let bad = |m: String| Refusal::Setup(m);
    if setup.len() != 40 {
        return Err(bad(format!("{} pieces placed, the army has 40", setup.len())));
    }
    let mut seen = std::collections::HashSet::new();
    let mut counts: HashMap<Rank, usize> = HashMap::new();
    for (square, rank) in setup {
        if !side.home_rows().contains(&square.row) {
            return Err(bad(format!("{square} is not in your four home rows")));
        }
        if !seen.insert(*square) {
            return Err(bad(format!("two pieces on {square}")));
        }
        *counts.entry(*rank).or_default() += 1;
    }
    for (rank, n) in Rank::ARMY {
        let placed = counts.get(&rank).copied().unwrap_or(0);
        if placed != n {
            return Err(bad(format!("{placed} pieces of rank {} placed, the army has {n}", rank.code())));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
