//! Line of sight against an independent oracle: for every ordered pair of hexes on every palace level and
//! on the battlefield, the engine's answer equals a brute-force one. The oracle samples the segment between
//! the two centres densely enough to land inside every piece of it, classifies each sample exactly as
//! inside a hex, on an edge or at a corner (with the hexagon written as three pairs of inequalities, not
//! the engine's edge walk), and applies the rule from docs/rules-decisions.md: blocked by an obstruction
//! in a hex the line passes through, by both hexes of an edge it runs along, or by a wall it crosses.

use gambit::rules::data::{Data, Terrain, Zone};
use gambit::rules::geometry::hex_of;
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

/// The rule, applied to the oracle's pieces: `solid(h)` is an obstruction whatever stands there,
/// `occupied(h)` a piece, `wall(x, y)` an edge the eye cannot pass.
fn oracle_sees(
    line: &[Piece],
    solid: &dyn Fn(Hex) -> bool,
    occupied: &dyn Fn(Hex) -> bool,
    wall: &dyn Fn(Hex, Hex) -> bool,
) -> bool {
    let blocked = |h: Hex| solid(h) || occupied(h);
    for w in line.windows(2) {
        for x in hexes(&w[0]) {
            for y in hexes(&w[1]) {
                if x != y && x.unsigned_distance_to(y) == 1 && wall(x, y) {
                    return false;
                }
            }
        }
    }
    let last = line.len() - 1;
    line.iter().enumerate().all(|(k, p)| match p {
        Piece::Through(_) if k == 0 || k == last => true,
        Piece::Through(h) => !blocked(*h),
        Piece::Along(p, q) => !(wall(*p, *q) || (blocked(*p) && blocked(*q))),
    })
}

/// A small generator for placements (the same every run).
struct Lcg(u64);

impl Lcg {
    fn chance(&mut self, percent: u64) -> bool {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % 100 < percent
    }
}

#[test]
fn palace_sight_equals_the_oracle_on_every_level_with_setup_and_random_pieces() {
    let d = Data::embedded();
    let p = &d.palace;
    let setup: HashSet<usize> = p.setup.iter().map(|(i, _)| *i).collect();
    let mut rng = Lcg(7);
    let placements: Vec<HashSet<usize>> = std::iter::once(setup)
        .chain((0..3).map(|_| (0..p.cells.len()).filter(|_| rng.chance(30)).collect()))
        .chain(std::iter::once(HashSet::new()))
        .collect();
    let mut checked = 0;
    for level in &p.levels {
        let cells: Vec<usize> =
            (level.offset..level.offset + usize::from(level.rows) * usize::from(p.columns)).collect();
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
                let line = pieces(p.cells[a].hex, p.cells[b].hex);
                for occupied in &placements {
                    let occ = |h: Hex| at(h).is_some_and(|i| occupied.contains(&i));
                    let door = p.door[a] == Some(b as u16);
                    let expected = door || oracle_sees(&line, &solid, &occ, &wall);
                    let by_index = |i: usize| occupied.contains(&i);
                    for (x, y) in [(a, b), (b, a)] {
                        assert_eq!(
                            p.sees(x, y, by_index),
                            expected,
                            "{} -> {} with {} pieces: the oracle's line {line:?}",
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
    assert!(checked > 100_000, "{checked} pairs");
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
            assert_eq!(f.clear_of_half_spaces(a, b), expected, "{} -> {}: {line:?}", f.pos(a), f.pos(b));
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
