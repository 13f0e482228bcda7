//! Data kept per side and per seat, read by the side or seat itself (never by a bare index). Saved as
//! the lists they were before these types: two entries for the sides (Trade Federation first), one per
//! seat in seat order.

use super::side::{Seat, Side};
use serde::{Deserialize, Serialize};
use std::ops::{Index, IndexMut};

/// One value for each side.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySide<T>([T; 2]);

impl<T> BySide<T> {
    pub fn new(tf: T, naboo: T) -> BySide<T> {
        BySide([tf, naboo])
    }

    /// Each side's value from the side.
    pub fn from_fn(mut f: impl FnMut(Side) -> T) -> BySide<T> {
        BySide([f(Side::Tf), f(Side::Naboo)])
    }

    /// The values, Trade Federation first.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }

    /// Each side with its value, Trade Federation first.
    pub fn pairs(&self) -> impl Iterator<Item = (Side, &T)> {
        Side::BOTH.into_iter().zip(self.0.iter())
    }

    pub fn map<U>(&self, mut f: impl FnMut(&T) -> U) -> BySide<U> {
        BySide([f(&self.0[0]), f(&self.0[1])])
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        &self.0[side.index()]
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}

/// One value for each seat at the table (2 or 4), in seat order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct BySeat<T>(Vec<T>);

impl<T> BySeat<T> {
    /// A value for each of the first `seats` seats.
    pub fn from_fn(seats: u8, f: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat((0..seats).map(Seat).map(f).collect())
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether the table has this seat.
    pub fn has(&self, seat: Seat) -> bool {
        seat.index() < self.0.len()
    }

    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// The values in seat order.
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }

    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }

    /// Each seat with its value, in seat order.
    pub fn pairs(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<'a, T> IntoIterator for &'a BySeat<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<T> FromIterator<T> for BySeat<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> BySeat<T> {
        BySeat(iter.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_side_and_per_seat_data_are_saved_as_the_plain_lists_they_were() {
        let bonus: BySide<Vec<u16>> = serde_json::from_str("[[1,2],[]]").unwrap();
        assert_eq!(bonus[Side::Tf], vec![1, 2]);
        assert!(bonus[Side::Naboo].is_empty());
        assert_eq!(serde_json::to_string(&bonus).unwrap(), "[[1,2],[]]");
        assert!(serde_json::from_str::<BySide<Vec<u16>>>("[[1]]").is_err(), "a side missing is refused");
        let seats: BySeat<u8> = serde_json::from_str("[5,6,7,8]").unwrap();
        assert_eq!((seats[Seat(2)], seats.len(), seats.has(Seat(4))), (7, 4, false));
        assert_eq!(serde_json::to_string(&seats).unwrap(), "[5,6,7,8]");
    }
}
