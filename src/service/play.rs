//! The first game's private menu shown again (a page of a long menu, the lock to confirm).

use super::query::seated_view;
use super::tables::{Held, Refused};
use super::{Caller, SeatedView, Service, ServiceError};
use crate::games::queens_gambit::rules::{Game, Seat};
use crate::store::GameId;

/// The game must be running for anyone to act.
pub(super) fn check_active(live: &Held, game: GameId) -> Result<&Game, ServiceError> {
    live.playing()?;
    live.game().ok_or(ServiceError::NotStarted { game })
}

impl Service {
    /// The seat's view again for a click that only shows something (a page of a long menu, the lock to
    /// confirm), if the menu it was made from is still what the seat would be shown (`Engine::stamp`, as
    /// for a choice); a refusal carries what explaining it needs.
    pub async fn shown(&self, caller: &Caller, game: GameId, seat: Seat, made_for: u64) -> Result<SeatedView, Refused> {
        tracing::trace!(target: "gambit::service::call", call = "shown");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_table(&mut guard, game, caller).await?;
        let current = check_active(live, game)?;
        let mine = live.seats_held(caller.user());
        if !mine.contains(&seat) {
            return Err(ServiceError::NotSeated { game }.into());
        }
        let (revision, engine) = (live.row.public_revision, live.engine.as_deref());
        let stamp = engine.map_or(revision, |e| e.stamp(seat.index(), revision));
        if made_for != stamp {
            let error = if stamp == revision {
                ServiceError::Stale { game, expected: made_for, current: revision }
            } else {
                ServiceError::OutdatedMenu { game }
            };
            let now: Box<dyn std::any::Any + Send> = Box::new(seated_view(live, current, Some(seat), mine));
            return Err(Refused { error, now: Some(now), foreign: None });
        }
        Ok(seated_view(live, current, Some(seat), mine))
    }
}
