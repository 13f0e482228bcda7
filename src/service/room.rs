//! A game's room in the service: what a game whose records are its own (more than the seam's script and
//! lines) adds to the shared path. How its record loads, what it tells of a step beside its lines, a
//! seat's view in its own type, how its saved steps read in a log, how it is exported and checked, and how
//! a record from before rules versions were kept gets one. A game behind the seam alone has no room; the
//! registry names each room once.

use super::tables::{Account, Held};
use super::{Caller, Service, ServiceError, Verdict};
use crate::games::Engine;
use crate::store::{ActionRow, GameRow, SeatRow};
use std::future::Future;
use std::pin::Pin;

/// A room's work that waits on the store.
pub(super) type Work<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// How one saved step reads for a reader: its lines in the game's words (none: it shows them nothing).
pub(super) type LineReader = Box<dyn Fn(&ActionRow) -> Result<Vec<String>, ServiceError> + Send + Sync>;

pub(super) trait Room: Send + Sync {
    /// The key of the game it serves (`Kind::key`).
    fn key(&self) -> &'static str;

    /// A record of its game, held: its game as its newest state, or rebuilt from its log.
    fn load<'a>(&'a self, svc: &'a Service, row: GameRow, seats: Vec<SeatRow>) -> Work<'a, Result<Held, ServiceError>>;

    /// Its account of the step just saved on `held` (`before`: the seats deciding before it; `stalled`: a
    /// long stall the step found).
    fn account<'a>(
        &'a self,
        svc: &'a Service,
        held: &'a mut Held,
        before: &'a [usize],
        stalled: Option<u32>,
    ) -> Work<'a, Account>;

    /// Its account of the step `last` taken back (`undone`: the game before it was).
    fn undone<'a>(
        &'a self,
        svc: &'a Service,
        held: &'a Held,
        last: &'a ActionRow,
        undone: &'a dyn Engine,
    ) -> Work<'a, Account>;

    /// Its account of saved steps told late (their posts were never sent, `outbox`): `steps`, oldest
    /// first, on the game `held` holds now; everyone it waits for is asked.
    fn retold<'a>(&'a self, svc: &'a Service, held: &'a mut Held, steps: &'a [ActionRow]) -> Work<'a, Account>;

    /// Its account of the game's start.
    fn started<'a>(&'a self, svc: &'a Service, held: &'a mut Held) -> Work<'a, Account>;

    /// The view of `seat` in its own type, for the seat's holder.
    fn seat_view(&self, held: &Held, seat: usize) -> Account;

    /// How its saved steps read for `caller`.
    fn log_reader(&self, held: &Held, caller: &Caller) -> Result<LineReader, ServiceError>;

    /// The record as a replay script.
    fn export<'a>(&'a self, svc: &'a Service, row: GameRow) -> Work<'a, Result<String, ServiceError>>;

    /// Whether the record's log replays to its saved game.
    fn verify<'a>(&'a self, svc: &'a Service, row: GameRow) -> Work<'a, Verdict>;

    /// The rules version of a record saved before versions were kept, settled (and kept).
    fn settle_rules<'a>(&'a self, svc: &'a Service, row: GameRow) -> Work<'a, Result<u32, ServiceError>>;
}

impl Service {
    /// The room of the game `key`, if it has one.
    pub(super) fn room(&self, key: &str) -> Option<&dyn Room> {
        self.rooms.get(key)
    }

    /// The account of the step just saved on `held`, by its game's room (none for a game told by its lines).
    pub(super) async fn account_of(&self, held: &mut Held, before: &[usize], stalled: Option<u32>) -> Account {
        let room = self.room(&held.row.game)?;
        room.account(self, held, before, stalled).await
    }

    /// The account of the step `last` taken back, by its game's room.
    pub(super) async fn undo_account(&self, held: &Held, last: &ActionRow, undone: &dyn Engine) -> Account {
        let room = self.room(&held.row.game)?;
        room.undone(self, held, last, undone).await
    }

    /// The account of a game's start, by its game's room.
    pub(super) async fn start_account(&self, held: &mut Held) -> Account {
        let room = self.room(&held.row.game)?;
        room.started(self, held).await
    }

    /// The view of `seat` in its game's own type, when one is `wanted` and its game has a room.
    pub(super) fn seat_view_of(&self, held: &Held, seat: usize, wanted: bool) -> Account {
        let room = self.room(&held.row.game).filter(|_| wanted)?;
        room.seat_view(held, seat)
    }
}
