//! Reading games: the game here, its record, the recent log, what is due.

use super::tables::LoggedMove;
use super::timing::Timer;
use super::{Caller, Service, ServiceError};
use crate::store::{ChannelId, Due, GameId, GameRow, UserId};

/// How long a process holds a due timer while it posts about it: far longer than a post takes, short
/// enough that a process's death delays a reminder only a little.
const TIMER_LEASE: i64 = 120;

/// A reminder or a passed deadline of an active game, to be said where it is played.
#[derive(Clone, Debug)]
pub struct Reminder {
    pub home: ChannelId,
    /// The users the game waits for, each once (one may hold two seats).
    pub users: std::collections::BTreeSet<UserId>,
    /// Of them, those who want a ping now (their preferences).
    pub pinged: std::collections::BTreeSet<UserId>,
    /// Who the game waits for, in words.
    pub waiting: String,
}

impl Service {
    /// The game whose own thread the caller is in (what any command typed there means), if they can
    /// reach it.
    pub async fn game_here(&self, caller: &Caller) -> Result<Option<GameId>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_here");
        let Some(channel) = caller.channel() else { return Ok(None) };
        let Some(game) = self.store.game_in_thread(channel).await? else { return Ok(None) };
        let (guild, players) = self.store.owner(game).await?;
        Ok(caller.reaches_game_of(guild.as_ref(), players.iter().any(|u| u == caller.user())).then_some(game))
    }

    /// The game's current public revision: what `act` expects from a caller that has just looked at it.
    pub async fn revision(&self, game: GameId) -> Result<u64, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "revision");
        Ok(self.game_row(game).await?.public_revision)
    }

    /// The record of a game.
    pub async fn game_row(&self, game: GameId) -> Result<GameRow, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_row");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        Ok(self.hold_of(&mut guard, game, None).await?.row.clone())
    }

    /// The names of a game's `seats` in its own words, and where it is played (for any game; nothing
    /// when out of the caller's reach).
    pub async fn seats_and_home(
        &self,
        caller: &Caller,
        game: GameId,
        seats: &[usize],
    ) -> (Vec<String>, Option<ChannelId>) {
        let Ok((all, home)) = self.table_place(caller, game).await else { return (Vec::new(), None) };
        (seats.iter().filter_map(|s| all.get(*s).cloned()).collect(), home)
    }

    /// The caller's view of the last `n` moves that show anything to them (their own side's secret lines
    /// included, the other side's left out), oldest first: each move's public number (none for a secret
    /// step of their side) and its lines.
    pub async fn log(&self, caller: &Caller, game: GameId, n: u32) -> Result<Vec<LoggedMove>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "log");
        self.log_of(game, Reader::Caller(caller), n).await
    }

    /// `log`, for a caller (reached as they may) or for the public (the service's own telling).
    pub(super) async fn log_of(
        &self,
        game: GameId,
        reader: Reader<'_>,
        n: u32,
    ) -> Result<Vec<LoggedMove>, ServiceError> {
        let public;
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let (live, caller) = match reader {
            Reader::Caller(caller) => (self.reach_table(&mut guard, game, caller).await?, caller),
            Reader::Public => {
                public = Caller::direct(crate::service::Person::new(PUBLIC, false));
                (self.hold_of(&mut guard, game, None).await?, &public)
            }
        };
        // A game that keeps no events of its own is told by replaying its script (the lock let go).
        let lines_of = match self.room(&live.row.game) {
            Some(room) => room.log_reader(live, caller)?,
            None => {
                let Some(replay) = super::tables::Replay::of(live, caller) else { return Ok(Vec::new()) };
                // The steps' numbers as they are now, read before the game may move on.
                let numbers = self.store.recent_actions(game, super::tables::Replay::looked(n)).await?;
                drop(guard);
                return self.table_log(game, replay, &numbers, n).await;
            }
        };
        drop(guard);
        let wanted = n as usize;
        let newest = |actions: &[crate::store::ActionRow]| -> Result<Vec<LoggedMove>, ServiceError> {
            let mut moves = Vec::new();
            for a in actions.iter().rev() {
                if moves.len() == wanted {
                    break;
                }
                let lines = lines_of(a)?;
                if !lines.is_empty() {
                    moves.push(LoggedMove { seq: a.seq, number: a.public_move, lines });
                }
            }
            Ok(moves)
        };
        // Most moves say something; when too many of the newest do not, read the whole log.
        let batch = n.saturating_mul(4).saturating_add(20);
        let recent = self.store.recent_actions(game, batch).await?;
        let mut moves = newest(&recent)?;
        if moves.len() < wanted && recent.len() == batch as usize {
            moves = newest(&self.store.actions(game).await?)?;
        }
        moves.reverse();
        Ok(moves)
    }

    /// The id of every game in the database, newest first; a record that cannot be read is its error.
    pub async fn game_ids(&self) -> Result<Vec<Result<GameId, ServiceError>>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_ids");
        Ok(self.store.games().await?.into_iter().map(|r| r.map(|row| row.id).map_err(ServiceError::from)).collect())
    }

    /// Reminders and deadlines that are due now (and that no process holds).
    pub async fn due(&self) -> Result<Vec<Due>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "due");
        Ok(self.store.due(self.now()).await?)
    }

    /// Take a due timer for this process before saying anything about it: `false` when another process
    /// holds it (or it changed), and then this one leaves it alone. Held for `TIMER_LEASE` seconds: if
    /// this process dies before it is handled, another takes it then.
    pub async fn claim(&self, due: &Due) -> Result<bool, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "claim");
        let now = self.now();
        Ok(self.store.claim_due(due, now, now + TIMER_LEASE).await?)
    }
}

/// Whose view a log is told in.
#[derive(Clone, Copy)]
pub(super) enum Reader<'a> {
    Caller(&'a Caller),
    /// Nobody's seat: what everyone may see.
    Public,
}

/// The user the public's view is read as: no seat is ever held by it (Discord's ids are numbers).
pub(super) const PUBLIC: &str = "public";

impl Service {
    /// A due timer of any game, met: a reminder moves on to `next_reminder` (the deadline stays), a
    /// deadline clears both; saved only while the record still holds it, and set on `row` then.
    pub(super) async fn move_timer(
        &self,
        row: &mut GameRow,
        due: &Due,
        next_reminder: Option<crate::store::Time>,
    ) -> Result<Timer, ServiceError> {
        let (remind_at, deadline_at) = match due.kind {
            crate::store::DueKind::Reminder if row.remind_at == Some(due.at) => (next_reminder, row.deadline_at),
            crate::store::DueKind::Deadline if row.deadline_at == Some(due.at) => (None, None),
            _ => return Ok(Timer::Gone),
        };
        if !self.store.move_timers(due.game, due, remind_at, deadline_at).await? {
            return Ok(Timer::Stale);
        }
        (row.remind_at, row.deadline_at) = (remind_at, deadline_at);
        Ok(Timer::Moved)
    }
}
