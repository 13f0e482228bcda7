//! A server's admins manage its games: end, pause, resume, give a seat to someone else. Each action
//! checks the caller's powers when it runs and is logged with who did it. Lobbies nobody starts close
//! by themselves.

use super::{Caller, Person, Service, ServiceError};
use crate::rules::Seat;
use crate::store::{ChannelId, GameId, Status, UserId};

/// What giving a seat away did (`seat` is the seat's name for people).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replaced {
    /// The seat changed hands; `previous` held it before.
    Done { seat: String, previous: Option<UserId> },
    /// The caller would take the seat and so see what only its holder sees (a hand, a plan, an army):
    /// nothing changed; ask again with `confirmed` to go on.
    Confirm { seat: String },
}

/// Whether giving a seat to `person` waits for the admin's confirmation: they give it to themselves and
/// would see what they could not before (`unseen`: a started game, a side they do not already see).
pub(super) fn must_confirm(caller: &Caller, person: &Person, unseen: bool, confirmed: bool) -> bool {
    &person.id == caller.user() && unseen && !confirmed
}

/// A lobby closed because nobody started it in time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expired {
    pub game: GameId,
    /// Where it was played (its thread, else its channel).
    pub home: Option<ChannelId>,
    pub hours: u32,
}

impl Service {
    /// End a game for good, without a winner (a lobby too).
    pub async fn end(&self, caller: &Caller, game: GameId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "end");
        self.admin(caller).await?;
        self.set_status(caller, game, Status::Abandoned).await
    }

    /// Pause a running game: nobody may act until it resumes; its timers stop.
    pub async fn pause(&self, caller: &Caller, game: GameId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "pause");
        self.admin(caller).await?;
        self.set_status(caller, game, Status::Paused).await
    }

    /// Resume a paused game; the wait starts again now.
    pub async fn resume(&self, caller: &Caller, game: GameId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "resume");
        self.admin(caller).await?;
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = match self.reach_first(&mut guard, game, caller).await {
            Ok(live) => live,
            Err(ServiceError::OtherGame { .. }) => {
                drop(guard);
                return self.table_set_status(caller, game, Status::Active).await;
            }
            Err(e) => return Err(e),
        };
        if live.row.status != Status::Paused {
            return Err(ServiceError::NotPaused { game });
        }
        let now = self.now();
        let (remind_at, deadline_at) = live.settings.timers(now);
        self.store.resume(game, now, remind_at, deadline_at).await?;
        live.row.status = Status::Active;
        live.row.waiting_since = Some(now);
        live.row.remind_at = remind_at;
        live.row.deadline_at = deadline_at;
        tracing::info!(game, admin = %caller.user(), action = "resume", "admin action");
        Ok(())
    }

    async fn set_status(&self, caller: &Caller, game: GameId, status: Status) -> Result<(), ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = match self.reach_first(&mut guard, game, caller).await {
            Ok(live) => live,
            Err(ServiceError::OtherGame { .. }) => {
                drop(guard);
                return self.table_set_status(caller, game, status).await;
            }
            Err(e) => return Err(e),
        };
        match (live.row.status, status) {
            (s, _) if s.is_over() => return Err(ServiceError::Over { game }),
            // Only a running game can pause: a lobby has no game to hold, a paused one is paused already.
            (Status::Lobby, Status::Paused) => return Err(ServiceError::NotStarted { game }),
            (Status::Paused, Status::Paused) => return Err(ServiceError::Paused { game }),
            _ => {}
        }
        self.store.set_status(game, status, self.now()).await?;
        live.row.status = status;
        if status != Status::Active {
            live.row.remind_at = None;
            live.row.deadline_at = None;
        }
        tracing::info!(game, admin = %caller.user(), action = status.key(), "admin action");
        Ok(())
    }

    /// Give a seat to `person` (a player who left, a substitute). Never to a bot, nor to someone who
    /// plays the other side. When the caller would give it to themselves in a started game, and so see
    /// a hand their own side does not already see, nothing changes until they confirm.
    pub async fn replace_seat(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Seat,
        person: &Person,
        confirmed: bool,
    ) -> Result<Replaced, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "replace_seat");
        self.admin(caller).await?;
        if person.bot {
            return Err(ServiceError::BotSeat);
        }
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = match self.reach_first(&mut guard, game, caller).await {
            Ok(live) => live,
            Err(ServiceError::OtherGame { .. }) => {
                drop(guard);
                return self.table_replace(caller, game, seat, person, confirmed).await;
            }
            Err(e) => return Err(e),
        };
        let mode = live.row.mode;
        if live.row.status.is_over() {
            return Err(ServiceError::Over { game });
        }
        if !live.seats.iter().any(|s| s.seat == seat) {
            return Err(ServiceError::NoSeat { game, seat: seat.0 + 1 });
        }
        let mut theirs = live.seats_held(&person.id);
        // A player the computer stands in for still counts as holding their seats.
        theirs.extend(live.settings.stand_ins.seats_of(&person.id));
        // The computer may hold seats on both sides; a person never.
        if !person.id.is_computer() && theirs.iter().any(|s| s.side() != seat.side()) {
            return Err(ServiceError::BothSides { game });
        }
        let started = live.row.status != Status::Lobby;
        let sees_already = live.seats_held(caller.user()).iter().any(|s| s.side() == seat.side());
        if must_confirm(caller, person, started && !sees_already, confirmed) {
            return Ok(Replaced::Confirm { seat: seat.title(mode) });
        }
        let previous = live.holder(seat);
        self.store.set_seat(game, seat, Some(&person.id), self.now()).await?;
        // The record's seat is kept for nobody now (`set_seat`): so is this copy's.
        if let Some(s) = live.seats.iter_mut().find(|s| s.seat == seat) {
            (s.user_id, s.invited) = (Some(person.id.clone()), None);
        }
        self.end_invitation_of(game, &mut live.seats, &person.id).await?;
        tracing::info!(game, admin = %caller.user(), action = "replace", seat = seat.0 + 1, "admin action");
        Ok(Replaced::Done { seat: seat.title(mode), previous })
    }

    /// Lead a job that one process does at a time for the whole database: `None` while another does.
    pub async fn lead(&self, job: crate::store::Job) -> Result<Option<crate::store::Lead>, ServiceError> {
        Ok(self.store.lead(job).await?)
    }

    /// Close the lobbies that waited longer than the host allows without starting.
    pub async fn expire_lobbies(&self) -> Result<Vec<Expired>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "expire_lobbies");
        let hours = self.limits.lobby_expiry_hours;
        if hours == 0 {
            return Ok(Vec::new());
        }
        let now = self.now();
        let mut closed = Vec::new();
        for game in self.store.old_lobbies(now - i64::from(hours) * 3600).await? {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            let live = match self.hold_first(&mut guard, game).await {
                Ok(l) => l,
                // A table's lobby closes the same way: only its status changes.
                Err(ServiceError::OtherGame { .. }) => {
                    if self.store.close_lobby(game, "expired", now).await? {
                        self.forget_table(game);
                        tracing::info!(game, hours, "table lobby closed: nobody started it");
                        closed.push(Expired { game, home: self.store.game(game).await?.home(), hours });
                    }
                    continue;
                }
                Err(e) => {
                    tracing::warn!(game, error = %e.detail(), "cannot close an old lobby");
                    continue;
                }
            };
            if live.row.status != Status::Lobby || !self.store.close_lobby(game, "expired", now).await? {
                continue;
            }
            live.row.status = Status::Abandoned;
            live.row.reason = Some("expired".into());
            tracing::info!(game, hours, "lobby closed: nobody started it");
            closed.push(Expired { game, home: live.row.home(), hours });
        }
        Ok(closed)
    }
}
