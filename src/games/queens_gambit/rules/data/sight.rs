//! The palace's line-of-sight tables, one per way of reading a line (`SightReading`), each worked out once
//! for every pair of hexes of a level, the first time a game under that reading asks.

use super::palace::PalaceMap;
use crate::games::queens_gambit::rules::sightline::{self, Stretch, trace};
use crate::games::queens_gambit::rules::version::SightReading;
use hexx::Hex;
use std::sync::OnceLock;

/// A line a table records as blocked whatever stands on it.
const BLOCKED: u32 = u32::MAX;

/// The tables of every reading: the newest rules' built with the map, the others on first use.
#[derive(Clone, Debug, Default)]
pub struct Sights {
    nudged: OnceLock<Nudged>,
    exact: OnceLock<Traced>,
    wall_ends: OnceLock<Traced>,
}

impl Sights {
    /// Build the table of `reading` now (at load, for the newest rules: new games never wait for it).
    pub(super) fn prepare(&self, map: &PalaceMap, reading: SightReading) {
        self.clear(map, reading, 0, 0, |_| false);
    }

    /// Whether `a` sees `b` on the same level under `reading`, given which hexes hold a piece. Doors and
    /// walls are part of the tables; the door exception is `PalaceMap::sees`'s.
    pub(super) fn clear(
        &self,
        map: &PalaceMap,
        reading: SightReading,
        a: usize,
        b: usize,
        occupied: impl Fn(usize) -> bool,
    ) -> bool {
        match reading {
            SightReading::Nudged => self.nudged.get_or_init(|| Nudged::build(map)).clear(a, b, occupied),
            SightReading::Exact => self.exact.get_or_init(|| Traced::build(map, reading)).clear(a, b, occupied),
            SightReading::ExactWallEnds => {
                self.wall_ends.get_or_init(|| Traced::build(map, reading)).clear(a, b, occupied)
            }
        }
    }
}

/// Per level: (first cell index, number of cells, first pair index); the pair of `a` and `b` (both on the
/// level) is at `first pair index + (a - first) * n + (b - first)`.
#[derive(Clone, Debug, Default)]
struct Levels(Vec<(usize, usize, usize)>);

impl Levels {
    fn of(map: &PalaceMap) -> (Levels, usize) {
        let mut levels = Vec::new();
        let mut base = 0;
        for l in &map.levels {
            let count = usize::from(l.rows) * usize::from(map.columns);
            levels.push((l.offset, count, base));
            base += count * count;
        }
        (Levels(levels), base)
    }

    fn pair(&self, a: usize, b: usize) -> Option<usize> {
        let &(first, n, base) = self.0.iter().find(|(f, n, _)| a >= *f && a < f + n)?;
        (b >= first && b < first + n).then(|| base + (a - first) * n + (b - first))
    }

    /// Every unordered pair of walkable hexes of a level once (`a <= b`), with both of its slots.
    fn each_pair(&self, map: &PalaceMap, mut f: impl FnMut(usize, usize, [usize; 2])) {
        for &(first, count, base) in &self.0 {
            for a in (first..first + count).filter(|a| map.cells[*a].terrain.walkable()) {
                // A line and its reverse pass the same hexes: worked out once.
                for b in (a..first + count).filter(|b| map.cells[*b].terrain.walkable()) {
                    let (ra, rb) = (a - first, b - first);
                    f(a, b, [base + ra * count + rb, base + rb * count + ra]);
                }
            }
        }
    }
}

/// The exact readings: per ordered pair, the hexes the line passes through (they must be empty) and the
/// pairs of hexes along whose common edge it runs (not both occupied).
#[derive(Clone, Debug, Default)]
struct Traced {
    levels: Levels,
    /// Per ordered pair: where its needs start in `needs`, how many hexes must be empty, how many pairs
    /// must not both be occupied; or `BLOCKED`.
    lines: Vec<(u32, u16, u16)>,
    needs: Vec<u16>,
}

impl Traced {
    fn clear(&self, a: usize, b: usize, occupied: impl Fn(usize) -> bool) -> bool {
        let Some(k) = self.levels.pair(a, b) else { return false };
        let (start, empty, pairs) = self.lines[k];
        if start == BLOCKED {
            return false;
        }
        let start = start as usize;
        let through = &self.needs[start..start + usize::from(empty)];
        let along = &self.needs[start + usize::from(empty)..start + usize::from(empty) + 2 * usize::from(pairs)];
        through.iter().all(|c| !occupied(usize::from(*c)))
            && along.chunks_exact(2).all(|p| !(occupied(usize::from(p[0])) && occupied(usize::from(p[1]))))
    }

    fn build(map: &PalaceMap, reading: SightReading) -> Traced {
        let (levels, size) = Levels::of(map);
        let mut t = Traced { lines: vec![(BLOCKED, 0, 0); size], ..Traced::default() };
        levels.each_pair(map, |a, b, slots| {
            let line = match line_needs(map, reading, a, b) {
                Some(Needs { empty, pairs }) => {
                    let start = t.needs.len() as u32;
                    t.needs.extend(&empty);
                    t.needs.extend(pairs.iter().flat_map(|&(p, q)| [p, q]));
                    (start, empty.len() as u16, pairs.len() as u16)
                }
                None => (BLOCKED, 0, 0),
            };
            for k in slots {
                t.lines[k] = line;
            }
        });
        t.levels = levels;
        t
    }
}

/// What an open line needs: these hexes empty, and not both hexes of these pairs occupied.
struct Needs {
    empty: Vec<u16>,
    pairs: Vec<(u16, u16)>,
}

/// What the line from `a` to `b` needs to be open, from its exact trace; `None` when walls or terrain block
/// it whatever stands on it.
fn line_needs(map: &PalaceMap, reading: SightReading, a: usize, b: usize) -> Option<Needs> {
    let floor = map.cells[a].floor;
    let (from, to) = (map.cells[a].hex, map.cells[b].hex);
    let stretches = trace(from, to);
    let cell = |h: Hex| map.index_of_hex(floor, h);
    // A hex that blocks the eye whatever stands on it: off the floor, a pillar, stairs or the throne.
    let solid = |h: Hex| cell(h).is_none_or(|i| map.cells[i].terrain.blocks_sight());
    let wall = |x: Hex, y: Hex| match (cell(x), cell(y)) {
        (Some(i), Some(j)) => i != j && x.unsigned_distance_to(y) == 1 && map.wall_for_sight(i, j),
        _ => false,
    };
    let mut empty = Vec::new();
    let mut pairs = Vec::new();
    // Where the line passes from one stretch to the next: walls, and (version 3) a hex that must be empty
    // where a wall ends beside the line.
    for w in stretches.windows(2) {
        match passage(reading, (from, to), w[0], w[1], &wall) {
            Passage::Open => {}
            Passage::Blocked => return None,
            Passage::Needs(h) => match cell(h) {
                Some(i) if !solid(h) => empty.push(i as u16),
                _ => return None,
            },
        }
    }
    let last = stretches.len().saturating_sub(1);
    for (k, s) in stretches.iter().enumerate() {
        match *s {
            Stretch::Through(_) if k == 0 || k == last => {}
            Stretch::Through(h) => match cell(h) {
                Some(i) if !solid(h) => empty.push(i as u16),
                _ => return None,
            },
            // Running along a wall is blocked, as crossing one is.
            Stretch::Along(p, q) => match (solid(p), solid(q), cell(p), cell(q)) {
                (true, true, _, _) => return None,
                (_, _, Some(i), Some(j)) if map.wall_for_sight(i, j) => return None,
                (true, false, _, Some(j)) => empty.push(j as u16),
                (false, true, Some(i), _) => empty.push(i as u16),
                (false, false, Some(i), Some(j)) => pairs.push((i as u16, j as u16)),
                _ => return None,
            },
        }
    }
    Some(Needs { empty, pairs })
}

/// How the line gets from one stretch of its trace to the next.
enum Passage {
    Open,
    Blocked,
    /// Open while this hex is clear of obstructions (it closes the one side a wall leaves open).
    Needs(Hex),
}

/// How the line passes from stretch `x` to stretch `y` of the trace from `from` to `to`.
///
/// `Nudged` and `Exact` (versions 1 and 2): blocked by any wall between a hex of `x` and a neighbouring
/// hex of `y`. `ExactWallEnds` (version 3): where the line passes a corner it is blocked only when both of
/// its sides are closed there, each by a wall or by an obstruction. Leaving a hex for an edge, each side
/// of the line is the hex beside that edge, closed by the wall to it or by what stands in it; passing a
/// corner from one hex into the next, one side is the edge between them and the other the third hex
/// there. Crossing an edge away from its corners, the wall on it blocks.
fn passage(
    reading: SightReading,
    (from, to): (Hex, Hex),
    x: Stretch,
    y: Stretch,
    wall: &impl Fn(Hex, Hex) -> bool,
) -> Passage {
    let closed = |blocked: bool| if blocked { Passage::Blocked } else { Passage::Open };
    if reading != SightReading::ExactWallEnds {
        let hexes = |s: Stretch| match s {
            Stretch::Through(h) => [Some(h), None],
            Stretch::Along(p, q) => [Some(p), Some(q)],
        };
        let (xs, ys) = (hexes(x), hexes(y));
        return closed(xs.iter().flatten().any(|p| ys.iter().flatten().any(|q| p != q && wall(*p, *q))));
    }
    // One hex before the point and the two beside the edge after it, or the reverse.
    let (one, p, q) = match (x, y) {
        (Stretch::Through(a), Stretch::Through(b)) => {
            return match sightline::corner_between(from, to, a, b) {
                _ if !wall(a, b) => Passage::Open,
                None => Passage::Blocked,
                Some(c) if wall(a, c) || wall(c, b) => Passage::Blocked,
                Some(c) => Passage::Needs(c),
            };
        }
        (Stretch::Through(a), Stretch::Along(p, q)) | (Stretch::Along(p, q), Stretch::Through(a)) => (a, p, q),
        // Two edges never meet in a straight line.
        (Stretch::Along(..), Stretch::Along(..)) => return Passage::Blocked,
    };
    match (wall(one, p), wall(one, q)) {
        (true, true) => Passage::Blocked,
        (true, false) => Passage::Needs(q),
        (false, true) => Passage::Needs(p),
        (false, false) => Passage::Open,
    }
}

/// Version 1's reading: two hex lines per pair, the straight line nudged a hair to either side; the pair
/// sees when either line has only empty hexes between its ends and crosses no wall.
#[derive(Clone, Debug, Default)]
struct Nudged {
    levels: Levels,
    /// Two lines per ordered pair: start in `cells` and length, or `BLOCKED`.
    lines: Vec<[(u32, u8); 2]>,
    /// The hexes strictly between the two ends of each open line.
    cells: Vec<u16>,
}

impl Nudged {
    fn clear(&self, a: usize, b: usize, occupied: impl Fn(usize) -> bool) -> bool {
        let Some(k) = self.levels.pair(a, b) else { return false };
        self.lines[k].iter().any(|&(start, len)| {
            start != BLOCKED
                && self.cells[start as usize..start as usize + usize::from(len)]
                    .iter()
                    .all(|c| !occupied(usize::from(*c)))
        })
    }

    fn build(map: &PalaceMap) -> Nudged {
        let (levels, size) = Levels::of(map);
        let mut t = Nudged { lines: vec![[(BLOCKED, 0u8); 2]; size], ..Nudged::default() };
        let mut lines = [Vec::new(), Vec::new()];
        let mut idx = Vec::new();
        levels.each_pair(map, |a, b, slots| {
            sightline::nudged_lines_into(map.cells[a].hex, map.cells[b].hex, &mut lines);
            let floor = map.cells[a].floor;
            let mut pair = [(BLOCKED, 0u8); 2];
            for (k, line) in lines.iter().enumerate() {
                idx.clear();
                idx.extend(line.iter().map_while(|h| map.index_of_hex(floor, *h)));
                if idx.len() != line.len() {
                    continue;
                }
                if idx.windows(2).any(|w| w[0] != w[1] && map.wall_for_sight(w[0], w[1])) {
                    continue;
                }
                let mid = if idx.len() > 2 { &idx[1..idx.len() - 1] } else { &[][..] };
                if mid.iter().any(|i| map.cells[*i].terrain.blocks_sight()) {
                    continue;
                }
                let start = t.cells.len() as u32;
                t.cells.extend(mid.iter().map(|i| *i as u16));
                pair[k] = (start, mid.len() as u8);
            }
            for k in slots {
                t.lines[k] = pair;
            }
        });
        t.levels = levels;
        t
    }
}
