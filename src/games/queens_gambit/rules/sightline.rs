//! The straight line between two hex centres, traced exactly: which hexes it passes *through* (their
//! interior), along which edges it *runs* (a stretch of the line lying on the edge between two hexes), and
//! nothing for a corner it only touches. Line of sight and the battlefield's half spaces are decided from
//! this trace (see docs/rules-decisions.md, "Line of sight").
//!
//! Exact arithmetic, no epsilon: the plane is stretched so that every hex corner has whole coordinates.
//! With flat-topped hexes of size 1, a hex at axial (q, r) has its centre at X = 3q, Y = 2r + q, where X
//! counts half units across and Y half hex heights; its corners are at (±2, 0) and (±1, ±1) from the
//! centre. Stretching keeps straight lines straight and insides inside, so the answers are the true ones.
//! Every hex edge lies on a line Y = k, X + Y = k or X - Y = k (k whole): the trace cuts the segment where
//! it meets such lines and classifies the middle of each piece.

use hexx::Hex;

/// What the segment does, in order from the first hex to the last.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stretch {
    /// A piece of the segment inside this hex (the two end hexes included).
    Through(Hex),
    /// A piece of the segment lying on the edge between these two hexes (the lower (q, r) first).
    Along(Hex, Hex),
}

/// A point with rational coordinates (x / d, y / d), d > 0.
#[derive(Copy, Clone, Debug)]
struct Point {
    x: i64,
    y: i64,
    d: i64,
}

/// A hex's centre in the stretched plane.
fn centre(h: Hex) -> (i64, i64) {
    let (q, r) = (i64::from(h.x), i64::from(h.y));
    (3 * q, 2 * r + q)
}

/// The corners of a hex around its centre, counter-clockwise.
const CORNERS: [(i64, i64); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];

/// The six neighbours, in the same order as the edges between consecutive corners.
fn across(h: Hex, edge: usize) -> Hex {
    // Edge i joins corner i and corner i + 1; the neighbour beyond it lies in that direction.
    let (dq, dr) = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)][edge];
    Hex::new(h.x + dq, h.y + dr)
}

/// Where a point lies relative to one hex.
enum Place {
    Outside,
    Inside,
    /// On this edge (edge i joins corner i and corner i + 1), not at a corner.
    Edge(usize),
    Corner,
}

fn locate_in(h: Hex, p: Point) -> Place {
    let (cx, cy) = centre(h);
    let mut on = 0;
    let mut zeros = 0;
    for i in 0..6 {
        let (ax, ay) = CORNERS[i];
        let (bx, by) = CORNERS[(i + 1) % 6];
        // Which side of the edge from corner a to corner b the point is on (positive: inside).
        let (px, py) = (p.x - (cx + ax) * p.d, p.y - (cy + ay) * p.d);
        let side = (bx - ax) * py - (by - ay) * px;
        if side < 0 {
            return Place::Outside;
        }
        if side == 0 {
            zeros += 1;
            on = i;
        }
    }
    match zeros {
        0 => Place::Inside,
        1 => Place::Edge(on),
        _ => Place::Corner,
    }
}

/// The hex nearest a point (its interior holds the point, or the point is on its boundary).
fn nearest(p: Point) -> Hex {
    // Axial coordinates from the stretched ones, then cube rounding; exact enough to land on a hex that
    // touches the point, which `locate_in` then checks exactly.
    let q = p.x as f64 / (3.0 * p.d as f64);
    let r = (p.y as f64 / p.d as f64 - q) / 2.0;
    round_axial(q, r)
}

/// Where a point of the segment lies: inside a hex, or on the edge between two.
enum Spot {
    Inside(Hex),
    OnEdge(Hex, Hex),
    Corner,
}

fn spot(p: Point) -> Spot {
    let guess = nearest(p);
    for h in std::iter::once(guess).chain(guess.all_neighbors()) {
        match locate_in(h, p) {
            Place::Inside => return Spot::Inside(h),
            Place::Edge(edge) => return Spot::OnEdge(h, across(h, edge)),
            Place::Corner => return Spot::Corner,
            Place::Outside => {}
        }
    }
    Spot::Corner
}

/// A fraction n / d of the segment, d > 0.
#[derive(Copy, Clone, Debug)]
struct T {
    n: i64,
    d: i64,
}

impl T {
    fn less(self, o: T) -> bool {
        self.n * o.d < o.n * self.d
    }

    fn same(self, o: T) -> bool {
        self.n * o.d == o.n * self.d
    }
}

/// The trace of the segment from the centre of `a` to the centre of `b`.
pub fn trace(a: Hex, b: Hex) -> Vec<Stretch> {
    if a == b {
        return vec![Stretch::Through(a)];
    }
    let (ax, ay) = centre(a);
    let (bx, by) = centre(b);
    let (dx, dy) = (bx - ax, by - ay);
    // Where the segment meets the lines that carry hex edges: Y = k, X + Y = k, X - Y = k.
    let mut cuts = vec![T { n: 0, d: 1 }, T { n: 1, d: 1 }];
    for (start, step) in [(ay, dy), (ax + ay, dx + dy), (ax - ay, dx - dy)] {
        if step == 0 {
            continue;
        }
        let (lo, hi) = if step > 0 { (start, start + step) } else { (start + step, start) };
        for k in lo + 1..hi {
            let (n, d) = if step > 0 { (k - start, step) } else { (start - k, -step) };
            cuts.push(T { n, d });
        }
    }
    cuts.sort_by(|p, q| (p.n * q.d).cmp(&(q.n * p.d)));
    cuts.dedup_by(|p, q| p.same(*q));
    let mut out: Vec<Stretch> = Vec::new();
    for w in cuts.windows(2) {
        let (t0, t1) = (w[0], w[1]);
        if !t0.less(t1) {
            continue;
        }
        // The middle of the piece: t = (t0 + t1) / 2 = (n0 d1 + n1 d0) / (2 d0 d1).
        let (n, d) = (t0.n * t1.d + t1.n * t0.d, 2 * t0.d * t1.d);
        let p = Point { x: ax * d + dx * n, y: ay * d + dy * n, d };
        let s = match spot(p) {
            Spot::Inside(h) => Stretch::Through(h),
            // The same edge may be found from either side: name its hexes in one order.
            Spot::OnEdge(h, g) if (h.x, h.y) <= (g.x, g.y) => Stretch::Along(h, g),
            Spot::OnEdge(h, g) => Stretch::Along(g, h),
            Spot::Corner => continue,
        };
        if out.last() != Some(&s) {
            out.push(s);
        }
    }
    out
}

/// The third hex at the corner where the straight line between the centres of `from` and `to` passes from
/// neighbour `x` into neighbour `y`, when it passes exactly through an end of their common edge.
pub fn corner_between(from: Hex, to: Hex, x: Hex, y: Hex) -> Option<Hex> {
    let edge = (0..6).find(|e| across(x, *e) == y)?;
    let (ax, ay) = centre(from);
    let (bx, by) = centre(to);
    let (cx, cy) = centre(x);
    // Corner `edge` is shared with the neighbour across the edge before; corner `edge + 1` with the one
    // across the edge after.
    [(edge, (edge + 5) % 6), ((edge + 1) % 6, (edge + 1) % 6)].into_iter().find_map(|(corner, beyond)| {
        let (px, py) = (cx + CORNERS[corner].0, cy + CORNERS[corner].1);
        let on_line = (bx - ax) * (py - ay) == (by - ay) * (px - ax);
        on_line.then(|| across(x, beyond))
    })
}

/// Version 1's two hex lines from `a` to `b`: the straight line nudged a hair to either side, each drawn
/// as the hexes nearest its points at every step. Where the line runs along edges the two pass on opposite
/// sides of it; elsewhere they are the same.
pub fn nudged_lines_into(a: Hex, b: Hex, out: &mut [Vec<Hex>; 2]) {
    let n = a.unsigned_distance_to(b) as usize;
    // A nudge in cube space (1, 2, -3) * eps is parallel to no hex edge direction, so it always picks a side.
    const EPS: f64 = 1e-6;
    for (k, sign) in [1.0, -1.0].into_iter().enumerate() {
        let (ax, ay) = (f64::from(a.x) + sign * EPS, f64::from(a.y) + sign * 2.0 * EPS);
        let (bx, by) = (f64::from(b.x) + sign * EPS, f64::from(b.y) + sign * 2.0 * EPS);
        out[k].clear();
        out[k].extend((0..=n).map(|i| {
            let t = if n == 0 { 0.0 } else { i as f64 / n as f64 };
            round_axial(ax + (bx - ax) * t, ay + (by - ay) * t)
        }));
    }
}

/// The hex nearest fractional axial coordinates (cube rounding).
fn round_axial(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::queens_gambit::rules::geometry::{hex_of, offset_of as offset};

    #[test]
    fn a_line_down_a_column_passes_through_each_hex() {
        let t = trace(hex_of(3, 0), hex_of(3, 3));
        let through: Vec<Hex> = (0..4).map(|y| hex_of(3, y)).collect();
        assert_eq!(t, through.into_iter().map(Stretch::Through).collect::<Vec<_>>());
    }

    #[test]
    fn a_line_across_a_row_runs_along_the_edges_between_rows() {
        // Two columns over, same row: the centre line runs along the edge between the two hexes of the
        // middle column.
        let t = trace(hex_of(2, 2), hex_of(4, 2));
        assert_eq!(t.len(), 3, "{t:?}");
        assert_eq!((&t[0], &t[2]), (&Stretch::Through(hex_of(2, 2)), &Stretch::Through(hex_of(4, 2))));
        let Stretch::Along(p, q) = t[1] else { panic!("{t:?}") };
        let mut middle = [offset(p), offset(q)];
        middle.sort();
        assert_eq!(middle, [(3, 1), (3, 2)], "the odd column sits half a hex lower");
    }

    #[test]
    fn neighbours_see_each_other_through_nothing_between() {
        for (dq, dr) in [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)] {
            let a = Hex::new(4, 4);
            let b = Hex::new(4 + dq, 4 + dr);
            assert_eq!(trace(a, b), vec![Stretch::Through(a), Stretch::Through(b)]);
        }
    }
}
