//! What one reader sees of a game: their own pieces whole, the other side's as backs unless revealed (by
//! combat or a Trooper's long move). A reader's text and pictures are made from this, never from the game,
//! so no unrevealed rank of the other side can reach them.

use super::board::Square;
use super::game::{Ending, Stratego};
use super::piece::{Piece, Rank, Side};

/// A piece as a reader sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub side: Side,
    /// `None`: its back (the reader does not know it).
    pub rank: Option<Rank>,
    /// Known to the other side too.
    pub revealed: bool,
}

/// The board for one reader: a player (`Some(side)`) or a spectator (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub reader: Option<Side>,
    pub squares: Vec<(Square, Seen)>,
    pub to_move: Side,
    pub ending: Option<Ending>,
    /// The captured pieces (each was shown in the combat that took it).
    pub captured: Vec<Piece>,
}

impl Stratego {
    /// What `reader` sees. At the end of a game every piece is shown.
    pub fn view(&self, reader: Option<Side>) -> View {
        let over = self.ending().is_some();
        let squares = (0..100)
            .filter_map(Square::from_index)
            .filter_map(|s| self.at(s).map(|p| (s, p)))
            .map(|(s, p)| {
                let known = over || p.revealed || reader == Some(p.side);
                (s, Seen { side: p.side, rank: known.then_some(p.rank), revealed: p.revealed })
            })
            .collect();
        View { reader, squares, to_move: self.to_move(), ending: self.ending(), captured: self.captured().to_vec() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reader_sees_their_own_ranks_and_of_the_other_side_only_what_was_revealed() {
        let mut g = Stratego::new(&Stratego::random_setup(Side::Evil, 5), &Stratego::random_setup(Side::Good, 6))
            .expect("setups");
        let mut pick = 7u64;
        for _ in 0..300 {
            if g.ending().is_some() {
                break;
            }
            let moves = g.legal_moves();
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            g.play(moves[(pick >> 33) as usize % moves.len()]).expect("a legal move");
            for reader in [Some(Side::Evil), Some(Side::Good), None] {
                for (square, seen) in g.view(reader).squares {
                    let piece = g.at(square).expect("a piece there");
                    let may_know = reader == Some(piece.side) || piece.revealed || g.ending().is_some();
                    assert_eq!(seen.rank.is_some(), may_know, "{reader:?} at {square}");
                    if let Some(rank) = seen.rank {
                        assert_eq!(rank, piece.rank);
                    }
                }
            }
        }
        assert!(g.view(None).squares.iter().any(|(_, s)| s.rank.is_some()), "combats revealed something");
    }
}
