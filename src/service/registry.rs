//! The games with a room in the service (`room::Room`), each named once.

use super::queens_gambit::FirstRoom;
use super::room::Room;
use crate::games::Catalog;
use crate::games::queens_gambit::Hosted;
use crate::games::queens_gambit::rules::Data;
use std::sync::Arc;

/// Every room of the games a service hosts.
pub(super) struct Rooms {
    first: FirstRoom,
}

impl Rooms {
    /// The rooms of the games of `catalog`, and the catalog as the service hosts it: the first game is
    /// always hosted, with its data from the catalog, else the rooms' it had (`kept`), else its own.
    pub(super) fn of(catalog: Catalog, kept: Option<&Rooms>) -> (Catalog, Rooms) {
        let key = crate::games::queens_gambit::KEY;
        let (catalog, data) = match catalog.get(key).and_then(|k| Hosted::data_of(&*k)) {
            Some(data) => (catalog, data),
            None => {
                let data = kept.map_or_else(Data::embedded, |r| r.first.data().clone());
                (catalog.with(Arc::new(Hosted::new(data.clone()))), data)
            }
        };
        (catalog, Rooms { first: FirstRoom::new(data) })
    }

    /// The room of the game `key`, if it has one.
    pub(super) fn get(&self, key: &str) -> Option<&dyn Room> {
        (key == self.first.key()).then_some(&self.first as &dyn Room)
    }

    /// The first game's room.
    pub(super) fn first(&self) -> &FirstRoom {
        &self.first
    }
}
