//! A seat's private menu shown again (a page of a long menu, the lock to confirm), for every game.

use super::tables::{Account, Refused};
use super::{Caller, Service, ServiceError};
use crate::store::GameId;

impl Service {
    /// The seat's view again, in its game's own type, for a click that only shows something (a page of a
    /// long menu, the lock to confirm), if the menu it was made from is still what the seat would be shown
    /// (`Engine::stamp`, as for a choice); a refusal carries what explaining it needs. None for a game
    /// that gives no view of its own (its menus are drawn from `table_menu`).
    pub async fn shown(&self, caller: &Caller, game: GameId, seat: usize, made_for: u64) -> Result<Account, Refused> {
        tracing::trace!(target: "gambit::service::call", call = "shown");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_table(&mut guard, game, caller).await?;
        live.playing()?;
        let Some(engine) = live.engine.as_deref() else { return Err(ServiceError::NotStarted { game }.into()) };
        if !live.seats_of(caller.user()).contains(&seat) {
            return Err(ServiceError::NotSeated { game }.into());
        }
        let revision = live.row.public_revision;
        let stamp = engine.stamp(seat, revision);
        if made_for != stamp {
            let error = if stamp == revision {
                ServiceError::Stale { game, expected: made_for, current: revision }
            } else {
                ServiceError::OutdatedMenu { game }
            };
            return Err(Refused { error, now: self.seat_view_of(live, seat, true), foreign: None });
        }
        Ok(self.seat_view_of(live, seat, true))
    }
}
