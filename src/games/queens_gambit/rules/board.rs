//! Which piece stands on each space, and which pieces are on the boards at all: an index derived from the
//! pieces, rebuilt when a game is loaded. Pieces never leave the piece list (ids stay stable), so late in a
//! game most of it is the dead; the rules that look at every living piece walk `living` instead, and those
//! that look for enemies within reach walk one side's pieces on one board (`team`).

use super::data::{Data, KindId};
use super::per::BySide;
use super::piece::{Piece, PieceId};
use super::pos::Pos;
use super::side::Side;

/// Where a piece is not on any board, in `Board::node`.
const OFF: u16 = u16::MAX;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Board {
    field_columns: usize,
    palace_columns: usize,
    /// (floor, first row, rows, first index) of each palace level.
    levels: Vec<(u8, i32, i32, usize)>,
    pub field: Vec<Option<PieceId>>,
    /// The palace's hexes, then the generator core's spaces: numbered as `data::ways` numbers them, so a
    /// movement search reads one list.
    pub palace: Vec<Option<PieceId>>,
    palace_cells: usize,
    /// The pieces on a board, in id order (the order the rules list them in).
    living: Vec<PieceId>,
    /// The same, by side and board: [side][0] on the battlefield, [side][1] in the palace and the core.
    teams: BySide<[Vec<PieceId>; 2]>,
    /// Per piece id, its place in `field` or `palace` (`OFF` when off the boards).
    node: Vec<u16>,
    /// The living again, by kind then id: the units a card may activate, without a scan.
    by_kind: Vec<(KindId, PieceId)>,
}

impl Board {
    /// The bytes of the lists the index owns.
    pub fn footprint(&self) -> usize {
        std::mem::size_of_val(self.levels.as_slice())
            + std::mem::size_of_val(self.field.as_slice())
            + std::mem::size_of_val(self.palace.as_slice())
            + std::mem::size_of_val(self.living.as_slice())
            + self.teams.iter().flatten().map(|t| std::mem::size_of_val(t.as_slice())).sum::<usize>()
            + std::mem::size_of_val(self.node.as_slice())
            + std::mem::size_of_val(self.by_kind.as_slice())
    }

    /// The living pieces of one kind, in id order.
    pub fn of_kind(&self, kind: KindId) -> impl Iterator<Item = PieceId> + '_ {
        let from = self.by_kind.partition_point(|(k, _)| *k < kind);
        self.by_kind[from..].iter().take_while(move |(k, _)| *k == kind).map(|(_, id)| *id)
    }

    /// The pieces on the boards, in id order.
    pub fn living(&self) -> &[PieceId] {
        &self.living
    }

    /// One side's pieces on the battlefield (`field`) or in the palace and the core, in id order.
    pub fn team(&self, side: Side, field: bool) -> &[PieceId] {
        &self.teams[side][usize::from(!field)]
    }

    /// One side's pieces on every board (the battlefield's first).
    pub fn side(&self, side: Side) -> impl Iterator<Item = PieceId> + '_ {
        self.teams[side].iter().flatten().copied()
    }

    /// Where a living piece stands, as its place in `field` (on the battlefield) or in `palace` (in the
    /// palace or the core): the index the maps' tables use.
    pub fn node(&self, id: PieceId) -> Option<usize> {
        self.node.get(id.index()).filter(|n| **n != OFF).map(|n| usize::from(*n))
    }

    /// Index every piece on the boards; fails if a piece stands off the map or two share a space.
    pub fn build(d: &Data, pieces: &[Piece]) -> Result<Board, String> {
        let mut b = Board {
            field_columns: usize::from(d.field.columns),
            palace_columns: usize::from(d.palace.columns),
            levels: d
                .palace
                .levels
                .iter()
                .map(|l| (l.floor, i32::from(l.first_row), i32::from(l.rows), l.offset))
                .collect(),
            field: vec![None; d.field.cells.len()],
            palace: vec![None; d.palace.cells.len() + usize::from(d.core.spaces)],
            palace_cells: d.palace.cells.len(),
            living: Vec::with_capacity(pieces.len()),
            teams: Default::default(),
            node: vec![OFF; pieces.len()],
            by_kind: Vec::with_capacity(pieces.len()),
        };
        for (i, p) in pieces.iter().enumerate() {
            let Some(pos) = p.pos else { continue };
            let id = PieceId(i as u16);
            let ok = match pos {
                Pos::Field { .. } => d.field.index_of(pos).is_some_and(|c| d.field.in_play(c)),
                Pos::Palace { .. } => d.palace.index_of(pos).is_some_and(|c| d.palace.cells[c].terrain.walkable()),
                Pos::Core(n) => n < d.core.spaces,
            };
            if !ok {
                return Err(format!("piece {i} stands on {pos}, which is not an open space"));
            }
            if let Some(other) = b.at(pos) {
                return Err(format!("pieces {} and {i} both stand on {pos}", other.0));
            }
            b.put(d, id, p.kind, None, Some(pos));
        }
        Ok(b)
    }

    /// Piece `id` (a `kind`) goes from `from` to `to` (`None`: off the boards): its spaces, its node and
    /// its place among the living, in its side's team and by kind follow. `State::relocate` keeps the
    /// piece's own `pos` in step with it.
    pub fn put(&mut self, d: &Data, id: PieceId, kind: KindId, from: Option<Pos>, to: Option<Pos>) {
        let side = d.unit(kind).side;
        if let Some(f) = from {
            self.set(f, None);
        }
        if self.node.len() <= id.index() {
            self.node.resize(id.index() + 1, OFF);
        }
        self.node[id.index()] = OFF;
        if let Some(t) = to
            && let Some((_, n)) = self.slot(t)
        {
            self.set(t, Some(id));
            self.node[id.index()] = n as u16;
        }
        let (was, is) = (from.map(|p| p.is_field()), to.map(|p| p.is_field()));
        if was != is {
            if let Some(field) = was {
                remove_sorted(&mut self.teams[side][usize::from(!field)], id);
            }
            if let Some(field) = is {
                insert_sorted(&mut self.teams[side][usize::from(!field)], id);
            }
        }
        match (from, to) {
            (None, Some(_)) => {
                insert_sorted(&mut self.living, id);
                insert_sorted(&mut self.by_kind, (kind, id));
            }
            (Some(_), None) => {
                remove_sorted(&mut self.living, id);
                remove_sorted(&mut self.by_kind, (kind, id));
            }
            _ => {}
        }
    }

    fn slot(&self, p: Pos) -> Option<(u8, usize)> {
        match p {
            Pos::Field { x, y } => {
                let (x, y) = (usize::from(x), usize::from(y));
                (x < self.field_columns)
                    .then_some((0, y * self.field_columns + x))
                    .filter(|(_, i)| *i < self.field.len())
            }
            Pos::Palace { floor, x, y } => {
                let (x, y) = (usize::from(x), i32::from(y));
                if x >= self.palace_columns {
                    return None;
                }
                self.levels
                    .iter()
                    .find(|(f, first, rows, _)| *f == floor && y >= *first && y < first + rows)
                    .map(|(_, first, _, off)| (1, off + (y - first) as usize * self.palace_columns + x))
            }
            Pos::Core(n) => (self.palace_cells + usize::from(n) < self.palace.len())
                .then_some((1, self.palace_cells + usize::from(n))),
        }
    }

    pub fn at(&self, p: Pos) -> Option<PieceId> {
        match self.slot(p)? {
            (0, i) => self.field[i],
            (_, i) => self.palace[i],
        }
    }

    fn set(&mut self, p: Pos, id: Option<PieceId>) {
        match self.slot(p) {
            Some((0, i)) => self.field[i] = id,
            Some((_, i)) => self.palace[i] = id,
            None => {}
        }
    }
}

fn insert_sorted<T: Ord>(list: &mut Vec<T>, item: T) {
    if let Err(at) = list.binary_search(&item) {
        list.insert(at, item);
    }
}

fn remove_sorted<T: Ord>(list: &mut Vec<T>, item: T) {
    if let Ok(at) = list.binary_search(&item) {
        list.remove(at);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::queens_gambit::rules::{Data, Game, Mode};

    /// The index after every change equals one built afresh from the pieces.
    fn rebuilt(d: &Data, pieces: &[Piece]) -> Board {
        Board::build(d, pieces).unwrap()
    }

    #[test]
    fn the_index_follows_a_piece_across_boards_and_off_them() {
        let (game, _) = Game::new(Data::embedded(), Mode::TwoPlayer, 1);
        let d = game.data();
        let mut pieces = game.state().pieces.clone();
        let mut b = game.state().board.clone();
        assert_eq!(b, rebuilt(d, &pieces));
        let (id, kind) = pieces
            .iter()
            .enumerate()
            .find(|(_, p)| p.pos.is_some_and(|q| q.is_field()))
            .map(|(i, p)| (PieceId(i as u16), p.kind))
            .unwrap();
        let side = d.unit(kind).side;
        assert!(b.team(side, true).contains(&id) && !b.team(side, false).contains(&id));

        // To an empty palace hex: it leaves the battlefield's list for the palace's, and its node follows.
        let to = (0..d.palace.cells.len())
            .find(|i| b.palace[*i].is_none() && d.palace.cells[*i].terrain.walkable())
            .unwrap();
        let from = pieces[id.index()].pos;
        b.put(d, id, kind, from, Some(d.palace.pos(to)));
        pieces[id.index()].pos = Some(d.palace.pos(to));
        assert!(b.team(side, false).contains(&id) && !b.team(side, true).contains(&id));
        assert_eq!(b.node(id), Some(to));
        assert_eq!(b, rebuilt(d, &pieces));

        // Off the boards: gone from every list, and the others stay in id order.
        b.put(d, id, kind, Some(d.palace.pos(to)), None);
        pieces[id.index()].pos = None;
        assert!(!b.living().contains(&id) && !b.of_kind(kind).any(|x| x == id) && b.node(id).is_none());
        assert!(b.living().windows(2).all(|w| w[0] < w[1]));
        assert_eq!(b, rebuilt(d, &pieces));
    }
}
