//! Where a unit can move: through and onto empty spaces only, one movement point per space.
//!
//! Battlefield: in-play hexes; AATs and MTTs may not cross into the shield line or inside while it stands.
//! Palace: open hexes, doors open, walls closed; a staircase end to the other costs 1; window-ledge cards let
//! Naboo units jump between window hexes of different floors for 1. Jedi and Sith also walk the generator
//! core, and may pass its door only once every enemy Jedi or Sith is dead.

use super::data::{Data, Zone};
use super::piece::PieceId;
use super::pos::Pos;
use super::side::Side;
use super::state::State;
use std::cell::RefCell;

/// The spaces a unit can reach, with their cost, the start first (cost 0).
pub struct Reach {
    pub nodes: Vec<(Pos, u8)>,
}

impl Reach {
    pub fn cost(&self, to: Pos) -> Option<u8> {
        self.nodes.iter().find(|(p, _)| *p == to).map(|(_, c)| *c)
    }
}

/// Search buffers reused between searches (movement is computed for almost every decision). A node counts
/// as seen when its stamp equals the current search's stamp, so nothing needs clearing between searches.
#[derive(Default)]
struct Scratch {
    stamp: u32,
    seen: Vec<u32>,
    prev: Vec<u16>,
    frontier: Vec<usize>,
    next: Vec<usize>,
}

impl Scratch {
    /// Ready for a new search over `size` nodes: a fresh stamp marks nothing seen (the marks are cleared
    /// only when the stamp wraps around).
    fn begin(&mut self, size: usize) {
        if self.seen.len() < size {
            self.seen.resize(size, 0);
            self.prev.resize(size, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|x| *x = 0);
            self.stamp = 1;
        }
    }
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
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
    Reach { nodes: search(d, s, piece, movement, window, None).0 }
}

/// The cost and path (start and end included) of the cheapest way to `to`, searching no further than needed.
pub fn route(d: &Data, s: &State, piece: PieceId, movement: u8, window: bool, to: Pos) -> Option<(u8, Vec<Pos>)> {
    search(d, s, piece, movement, window, Some(to)).1
}

type Found = (Vec<(Pos, u8)>, Option<(u8, Vec<Pos>)>);

/// The spaces one piece may step between: the battlefield's hexes (outside the shield only, for units
/// that stay out while it stands), or the palace's (windows for Naboo, when allowed) with the generator
/// core behind its door for a Jedi or Sith.
#[derive(Copy, Clone)]
struct Graph {
    field: bool,
    palace_len: usize,
    window: bool,
    door_open: bool,
    duelist: bool,
    outside_only: bool,
}

impl Graph {
    /// Call `visit` with every node one step from node `n`.
    fn steps(self, d: &Data, n: usize, visit: &mut impl FnMut(usize)) {
        let palace_len = self.palace_len;
        if self.field {
            for &m in &d.field.neighbors[n] {
                let m = usize::from(m);
                if !(self.outside_only && d.field.cells[m].zone != Zone::Outside) {
                    visit(m);
                }
            }
        } else if n < palace_len {
            d.palace.steps[n].iter().for_each(|m| visit(usize::from(*m)));
            if self.window {
                d.palace.windows[n].iter().for_each(|m| visit(usize::from(*m)));
            }
            if self.door_open && n == d.core.door_palace {
                visit(palace_len + usize::from(d.core.door_core));
            }
        } else if self.duelist {
            let c = n - palace_len;
            d.core.adjacent[c].iter().for_each(|m| visit(palace_len + usize::from(*m)));
            if self.door_open && c == usize::from(d.core.door_core) {
                visit(d.core.door_palace);
            }
        }
    }
}

/// The path found to node `t`, start and end included, with its cost.
fn path_to(d: &Data, field: bool, prev: &[u16], start: usize, t: usize) -> (u8, Vec<Pos>) {
    let mut path = vec![node_pos(d, field, t)];
    let mut at = t;
    while at != start {
        at = usize::from(prev[at]);
        path.push(node_pos(d, field, at));
    }
    path.reverse();
    (path.len() as u8 - 1, path)
}

/// Breadth-first search over empty spaces, cost order; stops early once `target` is reached.
fn search(d: &Data, s: &State, piece: PieceId, movement: u8, window: bool, target: Option<Pos>) -> Found {
    let p = s.piece(piece);
    let u = d.unit(p.kind);
    let Some(start) = p.pos else { return (Vec::new(), None) };
    let Some((field, start_node)) = node_of(d, start) else { return (Vec::new(), None) };
    let size = if field { d.field.cells.len() } else { d.palace.cells.len() + usize::from(d.core.spaces) };
    let duelist = u.traits.duelist;
    let g = Graph {
        field,
        palace_len: d.palace.cells.len(),
        window: window && u.side == Side::Naboo,
        door_open: duelist && core_door_open(d, s, piece),
        duelist,
        outside_only: u.traits.stays_outside_shield && s.shield_up,
    };
    let palace_len = g.palace_len;
    let target = target.and_then(|t| node_of(d, t)).filter(|(f, _)| *f == field).map(|(_, n)| n);
    SCRATCH.with_borrow_mut(|sc| {
        sc.begin(size);
        let Scratch { stamp, seen, prev, frontier, next } = sc;
        let stamp = *stamp;
        let mut nodes = Vec::with_capacity(64);
        nodes.push((start, 0u8));
        seen[start_node] = stamp;
        frontier.clear();
        frontier.push(start_node);
        let mut cost = 0u8;
        while !frontier.is_empty() && cost < movement && target.is_none_or(|t| seen[t] != stamp) {
            cost += 1;
            next.clear();
            for &n in frontier.iter() {
                let mut visit = |m: usize| {
                    if seen[m] == stamp {
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
                    seen[m] = stamp;
                    prev[m] = n as u16;
                    nodes.push((node_pos(d, field, m), cost));
                    next.push(m);
                };
                g.steps(d, n, &mut visit);
            }
            std::mem::swap(frontier, next);
        }
        let found = target.filter(|t| seen[*t] == stamp).map(|t| path_to(d, field, prev, start_node, t));
        (nodes, found)
    })
}
