//! The first game's room in the service. Its records keep their newest state as a snapshot and each
//! step's events beside its line, so its record loads from its state (or its log, when the state cannot
//! be used); a step is told in its own `Update` (the dice, a card's whole story, who is pinged); a seat
//! sees its own `View`; its log reads its saved events; a record from before data sets or rules versions
//! were kept is given its own. Its reads in its own types (a seat's view, a game's line, the recap) are
//! here too, for its front ends.

mod account;
mod archive;
mod data_sets;
mod ending;
mod reads;
mod record;
#[cfg(test)]
mod tests;
mod update;
mod versions;

pub use crate::games::queens_gambit::ai::Level;
pub use ending::{Ending, TurningPoint};
pub use reads::{GameSummary, SeatedView};
pub use update::{Public, Table, Update, card_events, post_parts, rolls};

use super::room::{LineReader, Room, Work};
use super::tables::{Account, Held};
use super::{Caller, Service, ServiceError, Verdict};
use crate::games::Engine;
use crate::games::queens_gambit::rules::Data;
use crate::store::{ActionRow, GameRow, SeatRow};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// What the first game keeps in the service: the running data, and the data sets of games created with
/// other data, by id.
pub(super) struct FirstRoom {
    data: Arc<Data>,
    /// The running data set is kept in the database (done once, before it is first pointed at).
    current_kept: tokio::sync::OnceCell<()>,
    other_data: Mutex<HashMap<String, Arc<Data>>>,
}

impl FirstRoom {
    pub(super) fn new(data: Arc<Data>) -> FirstRoom {
        FirstRoom { data, current_kept: tokio::sync::OnceCell::new(), other_data: Mutex::new(HashMap::new()) }
    }

    /// The running program's data: what its new games play with.
    pub(super) fn data(&self) -> &Arc<Data> {
        &self.data
    }
}

impl Service {
    /// The first game's room (always hosted).
    fn first_room(&self) -> &FirstRoom {
        self.rooms.first()
    }

    /// The running program's data of the first game: what its new games play with (a game's own is in
    /// its views).
    pub fn data(&self) -> &Arc<Data> {
        self.first_room().data()
    }
}

impl Room for FirstRoom {
    fn key(&self) -> &'static str {
        crate::games::queens_gambit::KEY
    }

    fn load<'a>(&'a self, svc: &'a Service, row: GameRow, seats: Vec<SeatRow>) -> Work<'a, Result<Held, ServiceError>> {
        Box::pin(svc.load_first_game(row, seats))
    }

    fn account<'a>(
        &'a self,
        svc: &'a Service,
        held: &'a mut Held,
        before: &'a [usize],
        stalled: Option<u32>,
    ) -> Work<'a, Account> {
        Box::pin(svc.step_account(held, before, stalled))
    }

    fn undone<'a>(
        &'a self,
        svc: &'a Service,
        held: &'a Held,
        last: &'a ActionRow,
        undone: &'a dyn Engine,
    ) -> Work<'a, Account> {
        Box::pin(svc.undone_account(held, last, undone))
    }

    fn retold<'a>(&'a self, svc: &'a Service, held: &'a mut Held, steps: &'a [ActionRow]) -> Work<'a, Account> {
        Box::pin(svc.retold_account(held, steps))
    }

    fn started<'a>(&'a self, svc: &'a Service, held: &'a mut Held) -> Work<'a, Account> {
        Box::pin(svc.started_account(held))
    }

    fn seat_view(&self, held: &Held, seat: usize) -> Account {
        account::seat_view(held, seat)
    }

    fn log_reader(&self, held: &Held, caller: &Caller) -> Result<LineReader, ServiceError> {
        reads::log_reader(held, caller)
    }

    fn export<'a>(&'a self, svc: &'a Service, row: GameRow) -> Work<'a, Result<String, ServiceError>> {
        Box::pin(svc.export_first(row))
    }

    fn verify<'a>(&'a self, svc: &'a Service, row: GameRow) -> Work<'a, Verdict> {
        Box::pin(svc.verify_first(row))
    }

    fn settle_rules<'a>(&'a self, svc: &'a Service, row: GameRow) -> Work<'a, Result<u32, ServiceError>> {
        Box::pin(async move {
            let data = svc.data_of(&row).await?;
            Ok(svc.rules_of(&row, &data).await?.number())
        })
    }
}
