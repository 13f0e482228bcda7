//! A server's admins manage its games: end, pause, resume, give a seat to someone else. Each action
//! checks the caller's powers when it runs and is logged with who did it. Lobbies nobody starts close
//! by themselves.

use super::{Caller, Person, Service, ServiceError, TableNews};
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
    /// Its game's command, for the words that say how to open a new one (`/stratego`).
    pub command: &'static str,
}

impl Service {
    /// End a game for good, without a winner (a lobby too). A game that had begun is told as every
    /// ended game is: its final board with nothing hidden, the game told for everyone, and its seed
    /// against its seal.
    pub async fn end(&self, caller: &Caller, game: GameId) -> Result<Option<TableNews>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "end");
        self.admin(caller).await?;
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        self.set_status_of(&mut guard, caller, game, Status::Abandoned).await?;
        let Some(held) = guard.as_ref().filter(|h| h.engine.is_some()) else { return Ok(None) };
        let mut news = TableNews::of(held, Vec::new());
        news.outcome = Some(crate::games::Outcome {
            winners: Vec::new(),
            summary: "Ended by an admin, without a winner.".into(),
            winner_key: None,
            reason_key: "ended".into(),
        });
        Ok(Some(news))
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
        self.set_status(caller, game, Status::Active).await
    }

    /// An admin's pause or resume of any game, the caller's powers already checked.
    async fn set_status(&self, caller: &Caller, game: GameId, status: Status) -> Result<(), ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        self.set_status_of(&mut guard, caller, game, status).await
    }

    /// An admin's end, pause or resume of the game in `slot`, the caller's powers already checked.
    async fn set_status_of(
        &self,
        slot: &mut Option<super::tables::Held>,
        caller: &Caller,
        game: GameId,
        status: Status,
    ) -> Result<(), ServiceError> {
        let held = self.reach_table(slot, game, caller).await?;
        match (held.row.status, status) {
            (s, _) if s.is_over() => return Err(ServiceError::Over { game }),
            // Only a running game can pause: a lobby has no game to hold, a paused one is paused already.
            (Status::Lobby, Status::Paused) => return Err(ServiceError::NotStarted { game }),
            (Status::Paused, Status::Paused) => return Err(ServiceError::Paused { game }),
            (s, Status::Active) if s != Status::Paused => return Err(ServiceError::NotPaused { game }),
            _ => {}
        }
        let now = self.now();
        if status == Status::Active {
            // The wait starts again now.
            let (remind_at, deadline_at) = held.settings.timers(now);
            self.store.resume(game, now, remind_at, deadline_at).await?;
            held.row.waiting_since = Some(now);
            (held.row.remind_at, held.row.deadline_at) = (remind_at, deadline_at);
        } else {
            self.store.set_status(game, status, now).await?;
            (held.row.remind_at, held.row.deadline_at) = (None, None);
        }
        held.row.status = status;
        if status.is_over() {
            self.computers.forget(game);
        }
        tracing::info!(game, admin = %caller.user(), action = status.key(), "admin action");
        Ok(())
    }

    /// Give a seat to `person` (a player who left, a substitute). Never to a bot, nor to someone who
    /// holds or played a seat of another side (`Engine::side`: each seat is one unless the game has
    /// teams). When the caller would give it to themselves in a started game, and so see what their own
    /// side does not already see (a hand, a plan, an army), nothing changes until they confirm.
    pub async fn replace_seat(
        &self,
        caller: &Caller,
        game: GameId,
        seat: usize,
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
        let held = self.reach_table(&mut guard, game, caller).await?;
        if held.row.status.is_over() {
            return Err(ServiceError::Over { game });
        }
        let at = seat;
        let no_seat = || ServiceError::NoSeat { game, seat: u8::try_from(seat.saturating_add(1)).unwrap_or(u8::MAX) };
        if !held.seats.iter().any(|s| s.seat == seat) {
            return Err(no_seat());
        }
        let name = held.seat_names().get(at).cloned().ok_or_else(no_seat)?;
        // Sides as the game counts them (a team's partners share one).
        let sides = held.sides();
        let other_side = |s: usize| sides.get(s) != sides.get(at);
        // The computer may hold seats on both sides; a person never, nor takes a side after playing the
        // other (they have seen its secrets).
        if !person.id.is_computer() {
            // A player the computer stands in for still counts as holding their seat.
            let away =
                held.settings.stand_ins.absent.iter().filter(|(_, u)| *u == person.id).map(|(s, _)| usize::from(*s));
            let elsewhere = held.seats_of(&person.id).into_iter().chain(away).any(other_side);
            let played_elsewhere = self
                .store
                .actions(game)
                .await?
                .iter()
                .any(|a| a.user_id == person.id && a.seat.is_some_and(other_side));
            if elsewhere || played_elsewhere {
                return Err(ServiceError::BothSides { game });
            }
        }
        let started = held.row.status != Status::Lobby;
        let sees_already = held.seats_of(caller.user()).into_iter().any(|s| !other_side(s));
        if must_confirm(caller, person, started && !sees_already, confirmed) {
            return Ok(Replaced::Confirm { seat: name });
        }
        let previous = held.user_of(at);
        self.store.set_seat(game, seat, Some(&person.id), self.now()).await?;
        // The record's seat is kept for nobody now (`set_seat`): so is this copy's.
        if let Some(s) = held.seats.iter_mut().find(|s| s.seat == seat) {
            (s.user_id, s.invited) = (Some(person.id.clone()), None);
        }
        self.end_invitation_of(game, &mut held.seats, &person.id).await?;
        tracing::info!(game, admin = %caller.user(), action = "replace", seat = seat + 1, "admin action");
        Ok(Replaced::Done { seat: name, previous })
    }

    /// Lead a job that one process does at a time for the whole database: `None` while another does.
    pub async fn lead(&self, job: crate::store::Job) -> Result<Option<crate::store::Lead>, ServiceError> {
        Ok(self.store.lead(job).await?)
    }

    /// Close the lobbies that waited longer than the host allows without starting (every game's: only
    /// the record's status changes).
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
            // Closed only if still a lobby in the database, whatever a copy in memory says.
            if !self.store.close_lobby(game, "expired", now).await? {
                continue;
            }
            // The copy in memory is behind now: whoever comes next loads the record (under this same lock).
            *guard = None;
            drop(guard);
            tracing::info!(game, hours, "lobby closed: nobody started it");
            let (home, key) = match self.store.game(game).await {
                Ok(row) => (row.home(), row.game),
                Err(e) => {
                    tracing::warn!(game, error = %e, "a lobby closed, but where it was played cannot be read");
                    (None, String::new())
                }
            };
            // A record of a game this build does not host is told in the words of the first it does.
            let kind = self.kind(&key).or_else(|| self.catalog.all().first().cloned());
            let command = kind.map_or("", |k| k.words().command);
            closed.push(Expired { game, home, hours, command });
        }
        Ok(closed)
    }
}
