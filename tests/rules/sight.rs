//! Line of sight against an independent oracle: for every ordered pair of hexes on every palace level and
//! on the battlefield, the engine's answer equals a brute-force one. The oracle samples the segment between
//! the two centres densely enough to land inside every piece of it, classifies each sample exactly as
//! inside a hex, on an edge or at a corner (with the hexagon written as three pairs of inequalities, not
//! the engine's edge walk), and applies the rule from docs/rules-decisions.md: blocked by an obstruction
//! in a hex the line passes through, by both hexes of an edge it runs along, or by a wall. Walls are read
//! as segments, apart from the trace: the line is blocked by a wall it crosses or runs along, and where it
//! passes through the end of walls, only when walls there lie on both of its sides (version 3). Version
//! 2's reading of wall ends (any wall between the hex before such a point and a hex after it) is checked
//! against the oracle's pieces, as it was when version 2 was made.

use gambit::games::queens_gambit::rules::SightReading;
use gambit::games::queens_gambit::rules::data::{Data, Terrain, Zone};
use gambit::games::queens_gambit::rules::hex_of;
use hexx::Hex;
use std::collections::HashSet;

/// Where a sample lies.
#[derive(Clone, Debug, PartialEq)]
enum Sample {
    Inside(Hex),
    Edge(Hex, Hex),
    Corner,
}

/// The sample at t = k / m on the segment between the centres of `a` and `b`, exactly.
fn sample(a: Hex, b: Hex, k: i64, m: i64) -> Sample {
    // Stretched coordinates, scaled by m: X = 3q, Y = 2r + q.
    let at = |h: Hex| (3 * i64::from(h.x), 2 * i64::from(h.y) + i64::from(h.x));
    let ((ax, ay), (bx, by)) = (at(a), at(b));
    let (px, py) = (ax * m + (bx - ax) * k, ay * m + (by - ay) * k);
    // The hexes whose centre is near: a small box around the point, nearest first.
    let cq = (px as f64 / (3.0 * m as f64)).round() as i32;
    let mut touching = Vec::new();
    for dq in [0, -1, 1, -2, 2] {
        let q = cq + dq;
        // r from Y = 2r + q.
        let r0 = ((py as f64 / m as f64 - f64::from(q)) / 2.0).round() as i32;
        for dr in [0, -1, 1, -2, 2] {
            let h = Hex::new(q, r0 + dr);
            let (cx, cy) = at(h);
            // Relative to the centre, the hexagon is |y| <= 1, |x + y| <= 2, |x - y| <= 2 (scaled by m).
            let (x, y) = (px - cx * m, py - cy * m);
            let bounds = [(y.abs(), m), ((x + y).abs(), 2 * m), ((x - y).abs(), 2 * m)];
            if bounds.iter().all(|(v, lim)| v < lim) {
                return Sample::Inside(h);
            }
            if bounds.iter().all(|(v, lim)| v <= lim) {
                touching.push(h);
            }
        }
    }
    match touching.as_slice() {
        [p, q] => Sample::Edge(*p, *q),
        _ => Sample::Corner,
    }
}

/// What the oracle reads off the samples: the stretches of the line, in order.
#[derive(Clone, Debug, PartialEq)]
enum Piece {
    Through(Hex),
    Along(Hex, Hex),
}

fn pieces(a: Hex, b: Hex) -> Vec<Piece> {
    let at = |h: Hex| (3 * i64::from(h.x), 2 * i64::from(h.y) + i64::from(h.x));
    let ((ax, ay), (bx, by)) = (at(a), at(b));
    let (dx, dy) = (bx - ax, by - ay);
    // Every piece of the segment between two edge lines is at least 1 / D^2 long (D the largest of the
    // steps across the three families of edge lines): 3 D^2 samples put two inside each.
    let d = [dy.abs(), (dx + dy).abs(), (dx - dy).abs()].into_iter().max().unwrap_or(1).max(1);
    let m = 3 * d * d;
    let samples: Vec<Sample> = (0..=m).map(|k| sample(a, b, k, m)).collect();
    let mut out: Vec<Piece> = Vec::new();
    let mut i = 0;
    while i < samples.len() {
        match &samples[i] {
            Sample::Inside(h) => {
                if out.last() != Some(&Piece::Through(*h)) {
                    out.push(Piece::Through(*h));
                }
                i += 1;
            }
            Sample::Edge(p, q) => {
                // On an edge for two samples or more: the line runs along it; once: it crosses it.
                let run = samples[i..].iter().take_while(|s| **s == Sample::Edge(*p, *q)).count();
                if run >= 2 && out.last() != Some(&Piece::Along(*p, *q)) {
                    out.push(Piece::Along(*p, *q));
                }
                i += run;
            }
            Sample::Corner => i += 1,
        }
    }
    out
}

fn hexes(p: &Piece) -> Vec<Hex> {
    match p {
        Piece::Through(h) => vec![*h],
        Piece::Along(p, q) => vec![*p, *q],
    }
}

/// The obstructions on the oracle's pieces: `blocked(h)` holds an obstruction (terrain or a piece).
fn clear_of_obstructions(line: &[Piece], blocked: &dyn Fn(Hex) -> bool) -> bool {
    let last = line.len() - 1;
    line.iter().enumerate().all(|(k, p)| match p {
        Piece::Through(_) if k == 0 || k == last => true,
        Piece::Through(h) => !blocked(*h),
        Piece::Along(p, q) => !(blocked(*p) && blocked(*q)),
    })
}

/// Version 2's reading of walls, on the oracle's pieces: a wall between a hex of one piece and a hex of
/// the next, or along an edge the line runs on.
fn v2_walls_clear(line: &[Piece], wall: &dyn Fn(Hex, Hex) -> bool) -> bool {
    let crossing = line.windows(2).any(|w| {
        hexes(&w[0])
            .into_iter()
            .any(|x| hexes(&w[1]).into_iter().any(|y| x != y && x.unsigned_distance_to(y) == 1 && wall(x, y)))
    });
    !crossing && line.iter().all(|p| !matches!(p, Piece::Along(p, q) if wall(*p, *q)))
}

/// A point of the stretched plane (whole numbers: X = 3q, Y = 2r + q).
type P = (i64, i64);

/// A wall: the edge between two hexes, as its end points.
type Wall = (P, P);

/// One line the oracle reads: its pieces, its ends and the walls of its level.
struct Line<'a> {
    pieces: &'a [Piece],
    from: P,
    to: P,
    walls: &'a [Wall],
}

/// A reading of a line: given which hexes are obstructed and which edges are walls, is it open?
type Reading = dyn Fn(&Line, &dyn Fn(Hex) -> bool, &dyn Fn(Hex, Hex) -> bool) -> bool;

fn centre(h: Hex) -> P {
    (3 * i64::from(h.x), 2 * i64::from(h.y) + i64::from(h.x))
}

/// The edge two neighbouring hexes share, as its two end points.
fn shared_edge(x: Hex, y: Hex) -> (P, P) {
    let corners = |h: Hex| {
        let (cx, cy) = centre(h);
        [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)].map(|(dx, dy)| (cx + dx, cy + dy))
    };
    let ys = corners(y);
    let common: Vec<P> = corners(x).into_iter().filter(|c| ys.contains(c)).collect();
    assert_eq!(common.len(), 2, "{x:?} and {y:?} are not neighbours");
    (common[0], common[1])
}

fn cross(o: P, a: P, b: P) -> i64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

fn dot(o: P, a: P, b: P) -> i64 {
    (a.0 - o.0) * (b.0 - o.0) + (a.1 - o.1) * (b.1 - o.1)
}

/// The three hexes that meet at a corner point (stretched coordinates).
fn around(x: P) -> Vec<Hex> {
    [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)]
        .into_iter()
        .map(|(dx, dy)| (x.0 - dx, x.1 - dy))
        .filter(|(cx, cy)| cx % 3 == 0 && (cy - cx / 3) % 2 == 0)
        .map(|(cx, cy)| Hex::new((cx / 3) as i32, ((cy - cx / 3) / 2) as i32))
        .collect()
}

/// Whether the segment from `a` to `b` gets past the walls (segments) and, where it passes a corner, past
/// walls and obstructions there: it crosses no wall and runs along none, and at every hex corner strictly
/// between its ends at least one of its two sides is open (no wall ending there and no obstructed hex
/// touching it on that side).
fn walls_clear(a: P, b: P, walls: &[Wall], blocked: &dyn Fn(Hex) -> bool) -> bool {
    let len = dot(a, b, b);
    let inside = |p: P| (1..len).contains(&dot(a, p, b));
    // The sides of the line closed at each corner it passes.
    let mut closed: Vec<(P, i64)> = Vec::new();
    for &(p, q) in walls {
        let (sp, sq) = (cross(a, b, p).signum(), cross(a, b, q).signum());
        match (sp, sq) {
            (0, 0) => {
                let (tp, tq) = (dot(a, p, b), dot(a, q, b));
                if tp.max(tq).min(len) > tp.min(tq).max(0) {
                    return false;
                }
            }
            (0, side) if inside(p) => closed.push((p, side)),
            (side, 0) if inside(q) => closed.push((q, side)),
            (x, y) if x == -y && cross(p, q, a).signum() == -cross(p, q, b).signum() => return false,
            _ => {}
        }
    }
    // Corners on the line, and the obstructed hexes touching them beside it.
    let (lo, hi) = ((a.0.min(b.0), a.1.min(b.1)), (a.0.max(b.0), a.1.max(b.1)));
    for cx in lo.0..=hi.0 {
        for cy in lo.1..=hi.1 {
            let x = (cx, cy);
            if cross(a, b, x) != 0 || !inside(x) {
                continue;
            }
            for h in around(x).into_iter().filter(|h| blocked(*h)) {
                let side = cross(a, b, centre(h)).signum();
                if side != 0 {
                    closed.push((x, side));
                }
            }
        }
    }
    !closed.iter().any(|(p, side)| closed.iter().any(|(q, other)| p == q && *other == -side))
}

/// A small generator for placements (the same every run).
struct Lcg(u64);

impl Lcg {
    fn chance(&mut self, percent: u64) -> bool {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % 100 < percent
    }
}

/// Every walkable hex of each palace level, with the level's walls as segments.
fn levels() -> Vec<(Vec<usize>, Vec<Wall>)> {
    let d = Data::embedded();
    let p = &d.palace;
    p.levels
        .iter()
        .map(|level| {
            let cells: Vec<usize> =
                (level.offset..level.offset + usize::from(level.rows) * usize::from(p.columns)).collect();
            let mut walls = Vec::new();
            for &i in &cells {
                for &j in cells.iter().filter(|j| **j > i) {
                    if p.cells[i].hex.unsigned_distance_to(p.cells[j].hex) == 1 && p.wall_for_sight(i, j) {
                        walls.push(shared_edge(p.cells[i].hex, p.cells[j].hex));
                    }
                }
            }
            (cells, walls)
        })
        .collect()
}

/// The engine under `reading` against `expected(line, walls, blocked, wall)` for every pair of walkable
/// hexes of every level, with the setup, random and no pieces on the boards.
fn palace_sight_agrees(reading: SightReading, expected: &Reading) -> usize {
    let d = Data::embedded();
    let p = &d.palace;
    let setup: HashSet<usize> = p.setup.iter().map(|(i, _)| *i).collect();
    let mut rng = Lcg(7);
    let placements: Vec<HashSet<usize>> = std::iter::once(setup)
        .chain((0..3).map(|_| (0..p.cells.len()).filter(|_| rng.chance(30)).collect()))
        .chain(std::iter::once(HashSet::new()))
        .collect();
    let mut checked = 0;
    for (cells, walls) in levels() {
        let index: std::collections::HashMap<Hex, usize> = cells.iter().map(|i| (p.cells[*i].hex, *i)).collect();
        let at = |h: Hex| -> Option<usize> { index.get(&h).copied() };
        let solid = |h: Hex| {
            at(h).is_none_or(|i| matches!(p.cells[i].terrain, Terrain::Pillar | Terrain::Stair | Terrain::Throne))
        };
        let wall = |x: Hex, y: Hex| match (at(x), at(y)) {
            (Some(i), Some(j)) => p.wall_for_sight(i, j),
            _ => false,
        };
        for &a in cells.iter().filter(|i| p.cells[**i].terrain.walkable()) {
            for &b in cells.iter().filter(|i| **i > a && p.cells[**i].terrain.walkable()) {
                let (ha, hb) = (p.cells[a].hex, p.cells[b].hex);
                let line = pieces(ha, hb);
                for occupied in &placements {
                    let blocked = |h: Hex| solid(h) || at(h).is_some_and(|i| occupied.contains(&i));
                    let door = p.door[a] == Some(b as u16);
                    let seen = Line { pieces: &line, from: centre(ha), to: centre(hb), walls: &walls };
                    let sees = door || expected(&seen, &blocked, &wall);
                    let by_index = |i: usize| occupied.contains(&i);
                    for (x, y) in [(a, b), (b, a)] {
                        assert_eq!(
                            p.sees(reading, x, y, by_index),
                            sees,
                            "{reading:?}: {} -> {} with {} pieces: the oracle's line {line:?}",
                            p.pos(x),
                            p.pos(y),
                            occupied.len()
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    checked
}

#[test]
fn palace_sight_equals_the_oracle_on_every_level_with_setup_and_random_pieces() {
    let checked = palace_sight_agrees(SightReading::ExactWallEnds, &|line, blocked, _| {
        walls_clear(line.from, line.to, line.walls, blocked) && clear_of_obstructions(line.pieces, blocked)
    });
    assert!(checked > 100_000, "{checked} pairs");
}

#[test]
fn version_2_sight_keeps_its_reading_of_wall_ends() {
    let checked = palace_sight_agrees(SightReading::Exact, &|line, blocked, wall| {
        v2_walls_clear(line.pieces, wall) && clear_of_obstructions(line.pieces, blocked)
    });
    assert!(checked > 100_000, "{checked} pairs");
}

#[test]
fn the_oracle_s_walls_block_a_crossing_and_a_run_along_but_not_a_wall_end_on_one_side() {
    // The line from the hex centred at (0, 0) to the one at (6, 0) passes the corner (2, 0), runs along
    // the edge from there to (4, 0) between the hexes centred at (3, 1) and (3, -1), and passes the corner
    // (4, 0). At (2, 0) the edges to (1, 1) and to (1, -1) end, one on either side of the line.
    let (a, b) = ((0, 0), (6, 0));
    let nothing = |_: Hex| false;
    let above = ((2, 0), (1, 1));
    let below = ((2, 0), (1, -1));
    assert!(walls_clear(a, b, &[above], &nothing), "a wall end on one side");
    assert!(!walls_clear(a, b, &[above, below], &nothing), "wall ends on both sides");
    let below_hex = |h: Hex| centre(h) == (3, -1);
    assert!(!walls_clear(a, b, &[above], &below_hex), "a wall end and an obstruction on the other side");
    assert!(walls_clear(a, b, &[], &below_hex), "an obstruction on one side only");
    assert!(!walls_clear(a, b, &[((2, 0), (4, 0))], &nothing), "running along a wall");
    assert!(!walls_clear((0, 0), (3, 1), &[((2, 0), (1, 1))], &nothing), "crossing a wall");
    let at_corner: HashSet<P> = around((2, 0)).into_iter().map(centre).collect();
    assert_eq!(at_corner, HashSet::from([(0, 0), (3, 1), (3, -1)]));
}

/// Where version 3 differs from version 2: the line between two hexes of the approach that runs along the
/// open edge of a palace entrance. The walls either side of the entrance end at its corners, each on one
/// side of the line.
#[test]
fn a_wall_touching_the_line_only_at_its_end_on_one_side_blocks_it_in_version_2_only() {
    let d = Data::embedded();
    let p = &d.palace;
    let at = |label: &str| p.index_of(label.parse().unwrap()).unwrap();
    let nobody = |_: usize| false;
    assert!(!p.sees(SightReading::Exact, at("0F1"), at("0H1"), nobody));
    assert!(p.sees(SightReading::ExactWallEnds, at("0F1"), at("0H1"), nobody));
}

#[test]
fn battlefield_shots_keep_clear_of_half_spaces_as_the_oracle_says() {
    let d = Data::embedded();
    let f = &d.field;
    let index: std::collections::HashMap<Hex, usize> = (0..f.cells.len()).map(|i| (f.cells[i].hex, i)).collect();
    let at = |h: Hex| -> Option<usize> { index.get(&h).copied() };
    let open = |h: Hex| at(h).is_some_and(|i| f.cells[i].zone != Zone::OutOfPlay);
    let mut checked = 0;
    for a in (0..f.cells.len()).filter(|i| f.in_play(*i)) {
        for b in (0..f.cells.len()).filter(|i| *i != a && f.in_play(*i)) {
            let line = pieces(f.cells[a].hex, f.cells[b].hex);
            let expected = line.iter().all(|p| match p {
                Piece::Through(h) => open(*h),
                Piece::Along(p, q) => open(*p) || open(*q),
            });
            assert_eq!(
                f.clear_of_half_spaces(SightReading::ExactWallEnds, a, b),
                expected,
                "{} -> {}: {line:?}",
                f.pos(a),
                f.pos(b)
            );
            checked += 1;
        }
    }
    assert!(checked > 10_000, "{checked} pairs");
}

#[test]
fn the_oracle_tells_a_line_along_an_edge_from_one_across_it() {
    // Sanity of the oracle itself, on lines drawn by hand.
    assert_eq!(pieces(hex_of(3, 0), hex_of(3, 2)), [0, 1, 2].map(|y| Piece::Through(hex_of(3, y))));
    let along = pieces(hex_of(2, 2), hex_of(4, 2));
    assert!(matches!(along.as_slice(), [Piece::Through(_), Piece::Along(..), Piece::Through(_)]), "{along:?}");
}
