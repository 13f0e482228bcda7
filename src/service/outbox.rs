//! What a saved step owes its thread. Every step of a game played in a channel is saved with a row of
//! the outbox (`store::Owing`, in the step's own transaction); the front end removes it once the step's
//! posts are sent (`told`). A step saved and never told (the process died between the save and its
//! posts) is told later from what was saved: the public lines of the steps not told, and the game as it
//! is now (who is asked, its board, its end), by the process that saved it when it starts again, or by
//! another once its lease has run out: one process at a time.

use super::query::Reader;
use super::tables::TableNews;
use super::{Service, ServiceError};
use crate::store::{GameId, GameRow, Owing, Time};

/// How long a process holds the posts it owes before another may take them over (seconds): longer than
/// a step's posts take, even with Discord slow.
const TELL_LEASE: Time = 120;

impl Service {
    /// What a step saved now on `row` owes: its posts, told by this process (none for a game with no
    /// channel, such as one played at the terminal).
    pub(super) fn owing(&self, row: &GameRow, now: Time) -> Option<Owing<'_>> {
        row.home().is_some().then(|| Owing { teller: &self.teller, until: now + TELL_LEASE })
    }

    /// The games with saved steps this process should tell now: those it saved itself (in a run before
    /// this one, with the same shards) and those whose teller's lease ran out.
    pub async fn owed_games(&self) -> Result<Vec<GameId>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "owed_games");
        Ok(self.store.owed_games(&self.teller, self.now()).await?)
    }

    /// What `game`'s thread is owed, taken for this process, as news: the public lines of the steps not
    /// told, then the game as it stands (who is asked now, pinged after their preferences; the seal of
    /// its seed if its start was not told; its end). `None` when nothing is owed, another process holds
    /// it, or the steps not told were secret and showed the public nothing (they are crossed off at once).
    pub async fn untold(&self, game: GameId) -> Result<Option<TableNews>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "untold");
        let now = self.now();
        let owed = self.store.take_owed(game, &self.teller, now, now + TELL_LEASE).await?;
        let (Some(&first), Some(&last)) = (owed.first(), owed.last()) else { return Ok(None) };
        let version = self.game_row(game).await?.version;
        let looked = u32::try_from(version.saturating_sub(first) + 1).unwrap_or(u32::MAX);
        let moves = self.log_of(game, Reader::Public, looked).await?;
        let lines: Vec<String> = moves.into_iter().filter(|m| owed.contains(&m.seq)).flat_map(|m| m.lines).collect();
        let steps: Vec<_> =
            self.store.recent_actions(game, looked).await?.into_iter().filter(|a| owed.contains(&a.seq)).collect();
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.hold_of(&mut guard, game, None).await?;
        let started = first == 0;
        let account = match self.room(&held.row.game) {
            Some(room) => room.retold(self, held, &steps).await,
            None => None,
        };
        if account.is_none() && lines.is_empty() && !started && !held.row.status.is_over() {
            drop(guard);
            self.told(game, last).await?;
            return Ok(None);
        }
        let mut news = TableNews::of(held, lines);
        news.account = account;
        // Told up to what was taken: a newer step of this run is told by its own posts.
        news.step = last;
        if started {
            news.seal = held.sealed().then(|| crate::service::seal(held.row.id, held.row.seed));
        }
        drop(guard);
        self.settle_asked(&mut news, &[]).await;
        tracing::info!(game, steps = owed.len(), "telling saved steps their thread had not been told");
        Ok(Some(news))
    }

    /// How many saved steps, of every game, have not been told in their threads yet.
    pub async fn owed_steps(&self) -> Result<u64, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "owed_steps");
        Ok(self.store.owed_count().await?)
    }

    /// The posts of `game`'s steps up to `step` are sent.
    pub async fn told(&self, game: GameId, step: u64) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "told");
        Ok(self.store.told(game, step).await?)
    }
}
