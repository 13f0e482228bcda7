//! News that a game changed, between the processes on one PostgreSQL database (its LISTEN and NOTIFY):
//! a process says which game it saved a step of, and the others' open pages hear it. Nothing on SQLite,
//! where one process holds the database.

use super::sql::Db;
use super::{GameId, Store, StoreError};

/// The channel the news goes on.
const CHANNEL: &str = "gambit_game_changed";

/// What a process hears of the others: each changed game, and who told it.
pub struct Changes {
    listener: sqlx::postgres::PgListener,
}

impl Changes {
    /// The next game another process changed, with its teller; `None` when the connection was lost (it
    /// is opened again at the next call).
    pub async fn next(&mut self) -> Result<Option<(GameId, String)>, StoreError> {
        let Some(note) = self.listener.try_recv().await? else { return Ok(None) };
        let (game, from) = note.payload().split_once(' ').unwrap_or((note.payload(), ""));
        Ok(game.parse().ok().map(|g| (g, from.to_string())))
    }
}

impl Store {
    /// Tell the other processes on this database that `game` changed; `from` names the teller, so it can
    /// pass over its own news.
    pub async fn announce(&self, game: GameId, from: &str) -> Result<(), StoreError> {
        let Db::Postgres(pool) = &self.db else { return Ok(()) };
        sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(format!("{game} {from}")).execute(pool).await?;
        Ok(())
    }

    /// Hear the other processes' news; none on SQLite.
    pub async fn changes(&self) -> Result<Option<Changes>, StoreError> {
        let Db::Postgres(pool) = &self.db else { return Ok(None) };
        // A connection of its own, outside the store's pool: it is held while the process lives, and the
        // pool must close at a stop without waiting for it.
        let own = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect_lazy_with((*pool.connect_options()).clone());
        let mut listener = sqlx::postgres::PgListener::connect_with(&own).await?;
        listener.listen(CHANNEL).await?;
        Ok(Some(Changes { listener }))
    }
}
