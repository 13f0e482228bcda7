//! Where a unit can move: through and onto empty spaces only, one movement point per space.
//!
//! Battlefield: in-play hexes; AATs and MTTs may not cross into the shield line or inside while it stands.
//! Palace: open hexes, doors open, walls closed; a staircase end to the other costs 1; window-ledge cards let
//! Naboo units jump between window hexes of different floors for 1. Jedi and Sith also walk the generator
//! core, and may pass its door only once every enemy Jedi or Sith is dead.

use super::data::Data;
use super::data::ways::{self, Graph};
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

/// Node numbering for the search: battlefield cells, or palace cells followed by core spaces (as in
/// `data::ways`).
fn node_of(d: &Data, p: Pos) -> Option<(bool, usize)> {
    match p {
        Pos::Field { .. } => d.field.index_of(p).map(|i| (true, i)),
        Pos::Palace { .. } => d.palace.index_of(p).map(|i| (false, i)),
        Pos::Core(n) => Some((false, d.palace.cells.len() + usize::from(n))),
    }
}

/// Whether every duelist of the other side is dead, so this duelist may pass the core door.
pub fn core_door_open(d: &Data, s: &State, piece: PieceId) -> bool {
    let enemy = d.unit(s.piece(piece).kind).side.other();
    !s.board.side(enemy).any(|id| d.unit(s.piece(id).kind).traits.duelist)
}

/// Every space `piece` can reach with `movement` points.
pub fn reach(d: &Data, s: &State, piece: PieceId, movement: u8, window: bool) -> Reach {
    let mut nodes = Vec::with_capacity(64);
    visit(d, s, piece, movement, window, |p, cost| nodes.push((p, cost)));
    Reach { nodes }
}

/// Each space `piece` can reach with `movement` points, with its cost, in `reach`'s order (the start
/// first), given to `seen` as it is found: what a question's options are built from without a list.
pub fn visit(d: &Data, s: &State, piece: PieceId, movement: u8, window: bool, seen: impl FnMut(Pos, u8)) {
    search(d, s, piece, movement, window, None, seen);
}

/// The cost and path (start and end included) of the cheapest way to `to`, searching no further than needed.
pub fn route(d: &Data, s: &State, piece: PieceId, movement: u8, window: bool, to: Pos) -> Option<(u8, Vec<Pos>)> {
    search(d, s, piece, movement, window, Some(to), |_, _| {})
}

/// What the moving piece may step through, as the `needs` bits of `data::ways`: the battlefield's inner
/// hexes (unless it stays out while the shield stands), window jumps (Naboo, when allowed), the core door
/// (a duellist whose enemy duellists are dead), and the core's spaces (a duellist).
fn allowed(window: bool, door_open: bool, duelist: bool, outside_only: bool) -> u8 {
    let mut bits = 0;
    if !outside_only {
        bits |= ways::INSIDE;
    }
    if window {
        bits |= ways::WINDOW;
    }
    if door_open {
        bits |= ways::DOOR;
    }
    if duelist {
        bits |= ways::DUELIST;
    }
    bits
}

/// The path found to node `t`, start and end included, with its cost.
fn path_to(graph: &Graph, prev: &[u16], start: usize, t: usize) -> (u8, Vec<Pos>) {
    let mut path = vec![graph.pos(t)];
    let mut at = t;
    while at != start {
        at = usize::from(prev[at]);
        path.push(graph.pos(at));
    }
    path.reverse();
    (path.len() as u8 - 1, path)
}

/// Breadth-first search over empty spaces, cost order, each space found given to `seen`; stops early once
/// `target` is reached, and returns the way there.
fn search(
    d: &Data,
    s: &State,
    piece: PieceId,
    movement: u8,
    window: bool,
    target: Option<Pos>,
    mut seen_at: impl FnMut(Pos, u8),
) -> Option<(u8, Vec<Pos>)> {
    let p = s.piece(piece);
    let u = d.unit(p.kind);
    let start = p.pos?;
    let (field, start_node) = node_of(d, start)?;
    let duelist = u.traits.duelist;
    let allowed = allowed(
        window && u.side == Side::Naboo,
        duelist && core_door_open(d, s, piece),
        duelist,
        u.traits.stays_outside_shield && s.shield_up,
    );
    // One graph and the one list of who stands on its nodes (the palace's holds the core after its hexes).
    let (graph, taken): (&Graph, &[Option<PieceId>]) =
        if field { (&d.ways.field, &s.board.field) } else { (&d.ways.palace, &s.board.palace) };
    let target = target.and_then(|t| node_of(d, t)).filter(|(f, _)| *f == field).map(|(_, n)| n);
    SCRATCH.with_borrow_mut(|sc| {
        sc.begin(taken.len());
        let Scratch { stamp, seen, prev, frontier, next } = sc;
        let stamp = *stamp;
        seen_at(start, 0);
        seen[start_node] = stamp;
        frontier.clear();
        frontier.push(start_node);
        let mut cost = 0u8;
        while !frontier.is_empty() && cost < movement && target.is_none_or(|t| seen[t] != stamp) {
            cost += 1;
            next.clear();
            for &n in frontier.iter() {
                for &(m, needs) in graph.from(n) {
                    let m = usize::from(m);
                    if seen[m] == stamp || needs & !allowed != 0 || taken[m].is_some() {
                        continue;
                    }
                    seen[m] = stamp;
                    prev[m] = n as u16;
                    seen_at(graph.pos(m), cost);
                    next.push(m);
                }
            }
            std::mem::swap(frontier, next);
        }
        target.filter(|t| seen[*t] == stamp).map(|t| path_to(graph, prev, start_node, t))
    })
}
