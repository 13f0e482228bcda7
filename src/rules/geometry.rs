//! Hex geometry shared by the battlefield and the palace: flat-topped hexes in odd-q offset layout
//! (odd columns sit half a hex lower), converted to axial coordinates with hexx.

use hexx::{Hex, HexOrientation, OffsetHexMode};

/// The axial hex of an offset (column, row) cell.
pub fn hex_of(x: i32, y: i32) -> Hex {
    Hex::from_offset_coordinates([x, y], OffsetHexMode::Odd, HexOrientation::Flat)
}

/// The offset (column, row) of an axial hex.
pub fn offset_of(h: Hex) -> (i32, i32) {
    let [x, y] = h.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
    (x, y)
}

/// The two hex lines from `a` to `b`, the straight line nudged a hair to either side.
///
/// When the centre-to-centre line runs exactly along hex edges, the two nudged lines pass on opposite
/// sides of it; otherwise both are the same. The line of sight rule "blocked only if both sides are
/// obstructed" is then: blocked if both lines are blocked.
pub fn nudged_lines(a: Hex, b: Hex) -> [Vec<Hex>; 2] {
    let mut out = [Vec::new(), Vec::new()];
    nudged_lines_into(a, b, &mut out);
    out
}

/// `nudged_lines` into reusable buffers (the sight tables compute tens of thousands of lines).
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
            round(ax + (bx - ax) * t, ay + (by - ay) * t)
        }));
    }
}

/// Round fractional axial coordinates to the nearest hex (cube rounding in f64).
fn round(q: f64, r: f64) -> Hex {
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

    #[test]
    fn offset_round_trip() {
        for x in 0..12 {
            for y in -4..7 {
                assert_eq!(offset_of(hex_of(x, y)), (x, y));
            }
        }
    }

    #[test]
    fn odd_columns_sit_lower() {
        // (1, 0) is an odd column: its lower neighbours in columns 0 and 2 are in row 1.
        let h = hex_of(1, 0);
        assert_eq!(h.unsigned_distance_to(hex_of(0, 1)), 1);
        assert_eq!(h.unsigned_distance_to(hex_of(2, 1)), 1);
        assert_eq!(h.unsigned_distance_to(hex_of(0, -1)), 2);
    }

    #[test]
    fn straight_lines_agree_and_edge_lines_split() {
        // Along a column: no edge ambiguity, both nudges give the same hexes.
        let [a, b] = nudged_lines(hex_of(3, 0), hex_of(3, 4));
        assert_eq!(a, b);
        assert_eq!(a.len(), 5);
        // Two columns over in the same row runs along the edges between rows: the nudges split.
        let [a, b] = nudged_lines(hex_of(2, 2), hex_of(4, 2));
        assert_eq!(a.len(), 3);
        assert_ne!(a[1], b[1]);
        assert_eq!(a[1].unsigned_distance_to(b[1]), 1);
    }
}
