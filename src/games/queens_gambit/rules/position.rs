//! Building a position without playing to it (replay scripts and tests): `place` puts a piece on a
//! space, `remove` takes one off, `anakin` puts Anakin on his track. Nothing is triggered: no bonus card, no queen revealed, no win checked
//! until the next step is played. See docs/replay-format.md.

use super::data::Terrain;
use super::piece::{Gone, Piece, PieceId};
use super::pos::Pos;
use super::side::Side;
use super::state::Frame;
use super::{Game, KindId, RuleError};

impl Game {
    /// Put a piece of `kind` for `side` on `at`. A character the game has only one of (a queen, Panaka,
    /// a Jedi) is that very piece, moved or brought back; any other kind is a new piece, its figures taken
    /// from the destroyed pool while it has some.
    pub fn place(&mut self, side: Side, kind: KindId, at: Pos) -> Result<(), RuleError> {
        let bad = |m: String| Err(RuleError::Setup(m));
        let d = self.data.clone();
        let u = d.unit(kind);
        if u.side != side {
            return bad(format!("a {} fights for the other side", u.key));
        }
        self.check_space(kind, at)?;
        if let Some(id) = self.state.occupant(at) {
            return bad(format!("{at} is taken by a {}: remove it first", d.unit(self.state.piece(id).kind).key));
        }
        let same: Vec<usize> = (0..self.state.pieces.len()).filter(|i| self.state.pieces[*i].kind == kind).collect();
        let figure = u.figure.index();
        match same.as_slice() {
            [only] if !u.is_group() => {
                let id = PieceId(*only as u16);
                if self.acting(id) {
                    return bad(format!("the {} is acting now", u.key));
                }
                let p = &mut self.state.pieces[*only];
                let old = p.pos;
                if old.is_none() && p.gone == Some(Gone::Destroyed) && self.state.destroyed[figure] > 0 {
                    self.state.destroyed[figure] -= 1;
                }
                *p = Piece { kind, pos: old, members: 1, damage: 0, gone: None };
                self.state.relocate(&d, id, Some(at));
            }
            _ => {
                let from_pool = self.state.destroyed[figure].min(u16::from(u.members));
                self.state.destroyed[figure] -= from_pool;
                let id = PieceId(self.state.pieces.len() as u16);
                self.state.pieces.push(Piece { kind, pos: None, members: u.members, damage: 0, gone: None });
                self.state.relocate(&d, id, Some(at));
            }
        }
        self.refresh();
        Ok(())
    }

    /// Take the piece on `at` off the board, as if destroyed (its figures go to the destroyed pool).
    pub fn remove(&mut self, at: Pos) -> Result<(), RuleError> {
        let Some(id) = self.state.occupant(at) else {
            return Err(RuleError::Setup(format!("there is no piece on {at}")));
        };
        let d = self.data.clone();
        let kind = self.state.piece(id).kind;
        if self.acting(id) {
            return Err(RuleError::Setup(format!("the {} on {at} is acting now", d.unit(kind).key)));
        }
        let p = &mut self.state.pieces[id.index()];
        self.state.destroyed[d.unit(kind).figure.index()] += u16::from(p.members);
        *p = Piece { kind, pos: Some(at), members: 0, damage: p.damage, gone: Some(Gone::Destroyed) };
        self.state.relocate(&d, id, None);
        self.refresh();
        Ok(())
    }

    /// Put Anakin on `space` of his track (the Control Ship's space means it is destroyed; nothing else
    /// happens, as for `place`: the droids stay until a step is played).
    pub fn set_anakin(&mut self, space: u8) -> Result<(), RuleError> {
        let ship = self.data.space.control_ship();
        if space > ship {
            return Err(RuleError::Setup(format!("Anakin's track ends at the Control Ship, space {ship}")));
        }
        self.state.space.anakin = space;
        self.refresh();
        Ok(())
    }

    /// Whether a step of the card in play is about this piece.
    fn acting(&self, id: PieceId) -> bool {
        self.state.stack.iter().any(|f| match f {
            Frame::Activation { piece, .. } | Frame::Duel { piece, .. } => *piece == id,
            Frame::DuelDice { piece, target, .. } => *piece == id || *target == id,
            Frame::Units { used, .. } => used.contains(&id),
            _ => false,
        })
    }

    /// Whether a piece of `kind` could ever stand on `at`.
    fn check_space(&self, kind: KindId, at: Pos) -> Result<(), RuleError> {
        let d = &self.data;
        let u = d.unit(kind);
        let why = match at {
            Pos::Field { .. } if !u.battlefield => {
                Some(format!("a {} fights in Theed Palace, not on the battlefield", u.key))
            }
            Pos::Field { .. } => match d.field.index_of(at) {
                Some(i) if d.field.in_play(i) => None,
                _ => Some(format!("{at} is not in play")),
            },
            _ if u.battlefield => Some(format!("a {} fights on the battlefield, not in Theed Palace", u.key)),
            Pos::Core(_) if !u.traits.duelist => {
                Some(format!("only a Jedi or a Sith may stand in the generator core, not a {}", u.key))
            }
            Pos::Core(n) if n >= d.core.spaces => Some(format!("there is no space {at}")),
            Pos::Core(_) => None,
            Pos::Palace { .. } => match d.palace.index_of(at).map(|i| d.palace.cells[i].terrain) {
                None => Some(format!("there is no hex {at}")),
                Some(Terrain::Pillar) => Some(format!("{at} is a wall or a pillar")),
                Some(Terrain::Throne) => Some(format!("{at} is the throne")),
                Some(_) => None,
            },
        };
        match why {
            Some(m) => Err(RuleError::Setup(m)),
            None => Ok(()),
        }
    }
}
