//! Holidays: a player marks themselves away for some days (at most the host's `[games] away_days_max`),
//! and every game of theirs waits for them alone meanwhile: no reminder names them, no stand-in takes
//! their seat and no deadline passes for them, while the others' clocks run as before. Their games' status
//! says until when; the absence ends on that day, or as soon as they move (`Store::commit` ends it in
//! the transaction that saves the move). Kept beside a player's preferences, in a column of its own.

use super::{Caller, Service, ServiceError, UserId};
use crate::store::{GameId, Time};
use std::collections::BTreeMap;

/// The host's limit unless its configuration says otherwise.
pub const AWAY_DAYS_MAX: u32 = 14;

impl Service {
    /// Mark the caller away for `days` days from now (0: back now). Returns until when.
    pub async fn set_away(&self, caller: &Caller, days: u32) -> Result<Option<Time>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "set_away");
        if days > self.away_days_max {
            return Err(ServiceError::AwayDays { max: self.away_days_max });
        }
        let until = (days > 0).then(|| self.now() + Time::from(days) * 86_400);
        self.store.set_away_until(caller.user(), until, self.now()).await?;
        tracing::info!(user = %caller.user(), days, "a player is away");
        Ok(until)
    }

    /// Of `users`, those away now, with until when (the computer never is). When it cannot be told, nobody
    /// is: a reminder too many beats a game that waits for nobody.
    pub(super) async fn away_among(&self, users: &[UserId]) -> BTreeMap<UserId, Time> {
        let people: Vec<&str> = users.iter().filter(|u| !u.is_computer()).map(|u| u.as_str()).collect();
        match self.store.away_after(&people, self.now()).await {
            Ok(away) => away.into_iter().map(|(u, t)| (UserId::new(u), t)).collect(),
            Err(e) => {
                tracing::warn!(error = %e, "who is away cannot be read: nobody is taken as away");
                BTreeMap::new()
            }
        }
    }

    /// Until when `user` is away, if they are now.
    pub async fn away_of(&self, user: &UserId) -> Result<Option<Time>, ServiceError> {
        Ok(self.store.away_after(&[user.as_str()], self.now()).await?.first().map(|(_, t)| *t))
    }

    /// The players of `game` away now, with until when: what its status tells everyone.
    pub async fn away_in(&self, caller: &Caller, game: GameId) -> Result<Vec<(UserId, Time)>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "away_in");
        let slot = self.table_slot(game);
        let users: Vec<UserId> = {
            let mut guard = slot.lock().await;
            let held = self.reach_table(&mut guard, game, caller).await?;
            held.seats.iter().filter_map(|s| s.user_id.clone()).collect()
        };
        Ok(self.away_among(&users).await.into_iter().collect())
    }
}
