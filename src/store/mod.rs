//! Saved games in SQLite (bundled with the program, so a fresh machine needs nothing installed).
//!
//! One database file holds every game: its metadata and seats, the append-only log of actions, recent
//! snapshots of the engine state, and user and server settings. WAL mode lets readers work while an
//! action commits; every action and its snapshot are written in one transaction.

mod games;
mod log;
mod quota;
mod settings;
mod timers;

pub use games::{GameRow, NewGame, SeatRow, Status};
pub use log::{ActionRow, Commit, Opening, Undo};
pub use quota::{Quota, Quotas};
pub use timers::{Due, DueKind};

use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use std::path::{Path, PathBuf};
use std::time::Duration;

pub type GameId = i64;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {path}: {source}")]
    Open { path: PathBuf, source: sqlx::Error },
    #[error("cannot update the database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
    /// The game moved on since the caller read it: another action was saved first.
    #[error("game {game} is at version {current}, not {expected}")]
    Stale { game: GameId, expected: u64, current: u64 },
    /// A row that cannot be read back: reported for that game only.
    #[error("game {game}: damaged record: {detail}")]
    Corrupt { game: GameId, detail: String },
    #[error("there is no game {0}")]
    NoGame(GameId),
    /// A new lobby or game would pass one of the host's limits.
    #[error("over the limit: {0:?}")]
    Quota(Quota),
}

/// Seconds since the Unix epoch.
pub type Time = i64;

#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
    path: PathBuf,
}

impl Store {
    /// Open (creating it and its folder if needed) and migrate the database at `path`.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let open_err = |source| StoreError::Open { path: path.to_path_buf(), source };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| open_err(sqlx::Error::Io(e)))?;
        }
        // The path as a path, not inside a URL: names with '?' or '#' stay file names.
        let options = SqliteConnectOptions::new()
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // FULL: a committed action survives a power cut, not only a crash of the program.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10))
            // Checkpoints copy the log into the database file and can stall a commit for milliseconds:
            // a background task runs them instead, and this large limit is only a safety net.
            .pragma("wal_autocheckpoint", "20000");
        let pool = SqlitePoolOptions::new().max_connections(4).connect_with(options).await.map_err(open_err)?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        spawn_checkpoints(pool.clone());
        Ok(Store { pool, path: path.to_path_buf() })
    }

    /// Close every connection (pending writes are already committed).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub(crate) fn pool(&self) -> &SqlitePool {
        &self.pool
    }
}

/// Every few seconds, fold the write-ahead log into the database without blocking anyone (a passive
/// checkpoint). Ends when the pool is closed.
fn spawn_checkpoints(pool: SqlitePool) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(5));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if pool.is_closed() {
                break;
            }
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&pool).await {
                if pool.is_closed() {
                    break;
                }
                tracing::warn!(error = %e, "database checkpoint failed");
            }
        }
    });
}

/// The current time in Unix seconds.
pub fn now() -> Time {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as Time).unwrap_or(0)
}
