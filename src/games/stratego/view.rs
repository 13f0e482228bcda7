//! What one reader sees of a game: their own pieces whole, the other side's as backs unless revealed (C10),
//! and of the captured pieces what the capture mode lets them keep (spec section 4). A reader's text and
//! pictures are made from this, never from the game, so nothing hidden can reach them.

use super::board::Square;
use super::combat::Clash;
use super::game::{Ending, Played, Stratego};
use super::piece::{Kind, Piece, Rank, Side};
use super::rules::Captures;

/// A piece's identity, when the reader knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub kind: Kind,
    pub rank: Rank,
}

/// A piece as a reader sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seen {
    pub side: Side,
    /// `None`: its back (the reader does not know it).
    pub known: Option<Known>,
    /// Known to both sides (and, unless only Vision showed it, to spectators).
    pub revealed: bool,
}

impl Seen {
    pub fn rank(&self) -> Option<Rank> {
        self.known.map(|k| k.rank)
    }

    pub(crate) fn of(piece: &Piece, known: bool) -> Seen {
        Seen {
            side: piece.side,
            known: known.then_some(Known { kind: piece.kind, rank: piece.rank }),
            // What Vision showed is the players' alone: marked so for them, a piece's back for spectators.
            revealed: piece.revealed || piece.sighted && known,
        }
    }
}

/// The last action as a reader may see it: its squares are public; the pieces in it as each reader knows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LastSeen {
    pub side: Side,
    /// What was done (its squares and its power are public).
    pub action: super::action::Action,
    pub from: Option<Square>,
    pub to: Option<Square>,
    /// Where a combat (or a shot) happened, the two pieces as the reader knows them, and the result.
    pub combat: Option<(Square, Seen, Seen, Clash)>,
    /// Anakin's turn, when this action made the tenth Good piece fall (game 3; public).
    pub turning: Option<super::game::Turning>,
    /// Darth Vader enters at the start of Evil's next turn (game 3; public).
    pub vader_due: bool,
}

/// The board for one reader: a player (`Some(side)`) or a spectator (`None`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub reader: Option<Side>,
    pub squares: Vec<(Square, Seen)>,
    pub to_move: Side,
    pub decider: Option<Side>,
    pub ending: Option<Ending>,
    /// Every captured piece, in the order they fell, as far as the capture mode lets this reader know it
    /// (the count is public in every mode).
    pub lost: Vec<Seen>,
    /// Good pieces captured so far (game 3's count to ten).
    pub good_lost: u8,
    /// A piece waiting to enter the board (placed openly).
    pub waiting: Option<Seen>,
    pub last: Option<LastSeen>,
    pub turns: u32,
}

impl View {
    /// A board holding only `squares`, with nobody to move and nothing lost: a setup being arranged.
    pub fn of_squares(reader: Option<Side>, squares: Vec<(Square, Seen)>) -> View {
        View {
            reader,
            squares,
            to_move: Side::Evil,
            decider: None,
            ending: None,
            lost: Vec::new(),
            good_lost: 0,
            waiting: None,
            last: None,
            turns: 0,
        }
    }

    /// How many pieces `side` has lost.
    pub fn lost_by(&self, side: Side) -> usize {
        self.lost.iter().filter(|s| s.side == side).count()
    }
}

impl Stratego {
    /// What `reader` sees. At the end of a game every piece is shown (C28).
    pub fn view(&self, reader: Option<Side>) -> View {
        self.view_as(reader, self.ending().is_some())
    }

    /// The board with every piece shown, for a game that ended outside its rules (a draw agreed): nobody
    /// is to move on it.
    pub fn unveiled(&self) -> View {
        View { decider: None, ..self.view_as(None, true) }
    }

    /// The board with every piece shown as play stands (whose move it is kept): a finished game's recap.
    pub fn shown(&self) -> View {
        self.view_as(None, true)
    }

    /// What `reader` sees, every piece shown when `over`.
    fn view_as(&self, reader: Option<Side>, over: bool) -> View {
        let squares = (0..100)
            .filter_map(Square::from_index)
            .filter_map(|s| self.at(s).map(|p| (s, p)))
            .map(|(s, p)| (s, Seen::of(&p, over || p.known_to(reader))))
            .collect();
        let mode = self.rules().captures;
        let lost = self
            .captured()
            .iter()
            .map(|c| {
                let known = over
                    || match mode {
                        Captures::Open => true,
                        Captures::Prisoner => reader == Some(c.by) && c.piece.side != c.by,
                        Captures::Secret => reader == Some(c.piece.side),
                        Captures::Stealth => false,
                    };
                Seen::of(&c.piece, known)
            })
            .collect();
        View {
            reader,
            squares,
            to_move: self.to_move(),
            decider: self.decider(),
            ending: self.ending(),
            lost,
            good_lost: self.good_lost(),
            waiting: self.waiting().map(|p| Seen::of(&p, true)),
            last: self.last().map(|p| last_seen(p, reader, mode, over)),
            turns: self.turns(),
        }
    }
}

impl Stratego {
    /// The last action as `reader` is told it at its moment: a player is shown both pieces of a combat
    /// or a shot (the booklet's reveal, in every capture mode); a spectator gets what stays (`View::last`).
    pub fn moment(&self, reader: Option<Side>) -> Option<LastSeen> {
        let p = self.last()?;
        let mut seen = last_seen(p, reader, self.rules().captures, self.ending().is_some());
        if reader.is_some()
            && let Some(c) = seen.combat.as_mut()
        {
            if let Some(k) = p.combat {
                (c.1, c.2) = (Seen::of(&k.attacker, true), Seen::of(&k.defender, true));
            } else if let (Some(s), Some(user)) = (p.shot, p.user) {
                (c.1, c.2) = (Seen::of(&user, true), Seen::of(&s.piece, true));
            }
        }
        Some(seen)
    }
}

/// The last action for `reader`. Both players saw both pieces of a combat at its moment; afterwards a
/// captured piece stays known to a reader only as the mode allows, and spectators only in open mode (C29).
fn last_seen(p: &Played, reader: Option<Side>, mode: Captures, over: bool) -> LastSeen {
    let from = p.action.from();
    let to = p.action.end();
    let keeps = |piece: &Piece, captured: bool, by: Side| {
        over || piece.revealed && !captured
            || reader == Some(piece.side) && (!captured || matches!(mode, Captures::Open | Captures::Secret))
            || captured
                && match mode {
                    Captures::Open => true,
                    Captures::Prisoner => reader == Some(by),
                    Captures::Secret | Captures::Stealth => false,
                }
    };
    let combat = p.combat.map(|c| {
        let (a_falls, d_falls) = match c.result {
            Clash::AttackerWins | Clash::Lightsaber => (false, true),
            Clash::DefenderWins => (true, false),
            Clash::Both => (true, true),
        };
        let a = Seen::of(&c.attacker, keeps(&c.attacker, a_falls, c.defender.side));
        let d = Seen::of(&c.defender, keeps(&c.defender, d_falls, c.attacker.side));
        (c.at, a, d, c.result)
    });
    let shot = p.shot.zip(p.user).map(|(s, user)| {
        let target = Seen::of(&s.piece, keeps(&s.piece, s.destroyed, user.side));
        let result = if s.destroyed { Clash::AttackerWins } else { Clash::DefenderWins };
        (s.target, Seen::of(&user, true), target, result)
    });
    LastSeen {
        side: p.side,
        action: p.action,
        from,
        to,
        combat: combat.or(shot),
        turning: p.turning,
        vader_due: p.vader_due,
    }
}

#[cfg(test)]
mod tests;
