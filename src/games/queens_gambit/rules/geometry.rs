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
}
