//! Where a unit can move: through and onto empty spaces only, one movement point per space.
//!
//! Battlefield: in-play hexes; AATs and MTTs may not cross into the shield line or inside while it stands.
//! Palace: open hexes, doors open, walls closed; a staircase end to the other costs 1; window-ledge cards let
//! Naboo units jump between window hexes of different floors for 1. Jedi and Sith also walk the generator
//! core, and may pass its door only once every enemy Jedi or Sith is dead.

use super::data::{Data, Zone};
use super::piece::PieceId;
use super::pos::Pos;
use super::state::State;

/// The spaces a unit can reach, with their cost and how to get there.
pub struct Reach {
    /// Reachable spaces and their cost, the start first (cost 0).
    pub nodes: Vec<(Pos, u8)>,
    /// Search nodes of `nodes`, in the same order.
    ids: Vec<u16>,
    /// The node each reached node was entered from (`u16::MAX` for the start and unreached nodes).
    prev: Vec<u16>,
    field: bool,
}

impl Reach {
    fn empty() -> Reach {
        Reach { nodes: Vec::new(), ids: Vec::new(), prev: Vec::new(), field: false }
    }

    pub fn cost(&self, to: Pos) -> Option<u8> {
        self.nodes.iter().find(|(p, _)| *p == to).map(|(_, c)| *c)
    }

    /// The path from the start to `to`, both included.
    pub fn path(&self, d: &Data, to: Pos) -> Vec<Pos> {
        let Some(i) = self.nodes.iter().position(|(p, _)| *p == to) else { return Vec::new() };
        let mut path = vec![to];
        let mut at = self.ids[i];
        while self.prev[usize::from(at)] != u16::MAX {
            at = self.prev[usize::from(at)];
            path.push(node_pos(d, self.field, usize::from(at)));
        }
        path.reverse();
        path
    }
}

/// Node numbering for the search: battlefield cells, or palace cells followed by core spaces.
fn node_pos(d: &Data, field: bool, n: usize) -> Pos {
    if field {
        d.field.pos(n)
    } else if n < d.palace.cells.len() {
        d.palace.pos(n)
    } else {
        Pos::Core((n - d.palace.cells.len()) as u8)
    }
}

fn node_of(d: &Data, p: Pos) -> Option<(bool, usize)> {
    match p {
        Pos::Field { .. } => d.field.index_of(p).map(|i| (true, i)),
        Pos::Palace { .. } => d.palace.index_of(p).map(|i| (false, i)),
        Pos::Core(n) => Some((false, d.palace.cells.len() + usize::from(n))),
    }
}

/// Whether every duelist of the other side is dead, so this duelist may pass the core door.
pub fn core_door_open(d: &Data, s: &State, piece: PieceId) -> bool {
    let side = d.unit(s.piece(piece).kind).side;
    !s.pieces.iter().any(|p| {
        let u = d.unit(p.kind);
        p.alive() && u.traits.duelist && u.side != side
    })
}

/// Every space `piece` can reach with `movement` points.
pub fn reach(d: &Data, s: &State, piece: PieceId, movement: u8, window: bool) -> Reach {
    let p = s.piece(piece);
    let u = d.unit(p.kind);
    let Some(start) = p.pos else { return Reach::empty() };
    let Some((field, start_node)) = node_of(d, start) else { return Reach::empty() };
    let size = if field { d.field.cells.len() } else { d.palace.cells.len() + usize::from(d.core.spaces) };
    let mut prev = vec![u16::MAX; size];
    let mut seen = vec![false; size];
    let mut nodes = vec![(start, 0u8)];
    let mut ids = vec![start_node as u16];
    seen[start_node] = true;
    let mut frontier = vec![start_node];
    let duelist = u.traits.duelist;
    let window = window && u.side == super::side::Side::Naboo;
    let door_open = duelist && core_door_open(d, s, piece);
    let outside_only = u.traits.stays_outside_shield && s.shield_up;
    let palace_len = d.palace.cells.len();
    let mut next = Vec::new();
    let mut step_cost = 0u8;
    while !frontier.is_empty() && step_cost < movement {
        step_cost += 1;
        next.clear();
        for &n in &frontier {
            let mut visit = |m: usize, next: &mut Vec<usize>| {
                if seen[m] {
                    return;
                }
                let taken = if field {
                    s.board.field[m].is_some()
                } else if m < palace_len {
                    s.board.palace[m].is_some()
                } else {
                    s.board.core[m - palace_len].is_some()
                };
                if taken {
                    return;
                }
                seen[m] = true;
                prev[m] = n as u16;
                nodes.push((node_pos(d, field, m), step_cost));
                ids.push(m as u16);
                next.push(m);
            };
            if field {
                for &m in &d.field.neighbors[n] {
                    let m = usize::from(m);
                    if outside_only && d.field.cells[m].zone != Zone::Outside {
                        continue;
                    }
                    visit(m, &mut next);
                }
            } else if n < palace_len {
                for &m in &d.palace.steps[n] {
                    visit(usize::from(m), &mut next);
                }
                if window {
                    for &m in &d.palace.windows[n] {
                        visit(usize::from(m), &mut next);
                    }
                }
                if door_open && n == d.core.door_palace {
                    visit(palace_len + usize::from(d.core.door_core), &mut next);
                }
            } else if duelist {
                let c = n - palace_len;
                for &m in &d.core.adjacent[c] {
                    visit(palace_len + usize::from(m), &mut next);
                }
                if door_open && c == usize::from(d.core.door_core) {
                    visit(d.core.door_palace, &mut next);
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next);
    }
    Reach { nodes, ids, prev, field }
}
