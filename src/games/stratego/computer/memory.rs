//! What every player could note down while watching a game: which pieces have moved, and how each behaved
//! next to the other side's pieces it knew. Only public facts and each mover's own knowledge are kept, so a
//! seat's computer may be handed all of it. The table keeps it as its log is applied, so a game read back
//! from its script remembers the same.

use crate::games::stratego::board::{Dir, Square};
use crate::games::stratego::game::{Played, Stratego};
use crate::games::stratego::piece::{Piece, Rank};

/// What is publicly known of one piece's past.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Track {
    /// It has moved or used a power: it is no detonator and no Lightsaber.
    pub moved: bool,
    /// The highest rank of the other side's it stepped next to, knowing that rank (a sign of strength).
    pub approached: Option<Rank>,
    /// The lowest rank of the other side's it stepped away from, knowing that rank (a sign of weakness).
    pub fled: Option<Rank>,
}

/// The tracks of every piece of a game, by the piece's number in the game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    tracks: Vec<Track>,
}

impl Memory {
    /// The track of `piece` (a piece that has done nothing: the default).
    pub fn of(&self, piece: &Piece) -> Track {
        self.tracks.get(usize::from(piece.id)).copied().unwrap_or_default()
    }

    /// Notes what `played` showed, `game` being the game after it.
    pub fn record(&mut self, game: &Stratego, played: &Played) {
        let Some(user) = played.user else { return };
        let i = usize::from(user.id);
        if self.tracks.len() <= i {
            self.tracks.resize(i + 1, Track::default());
        }
        let mut track = self.tracks[i];
        track.moved = true;
        // A plain step onto an empty square: where it went next to, and what it left.
        if let (Some(from), Some(to), None) = (played.action.from(), played.action.end(), played.combat)
            && from.touches(to)
        {
            let known = |s: Square| {
                game.at(s)
                    .filter(|p| p.side != user.side && p.rank.moves() && p.known_to(Some(user.side)))
                    .map(|p| p.rank)
            };
            let near = |s: Square| Dir::ALL.iter().filter_map(move |d| s.step(*d));
            if let Some(r) = near(to).filter_map(known).max() {
                track.approached = track.approached.max(Some(r));
            }
            if let Some(r) = near(from).filter(|s| !s.touches(to)).filter_map(known).min() {
                track.fled = Some(track.fled.map_or(r, |f| f.min(r)));
            }
        }
        self.tracks[i] = track;
    }
}
