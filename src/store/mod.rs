//! Saved games in SQLite (bundled with the program, so a fresh machine needs nothing installed).
//!
//! One database file holds every game: its metadata and seats, the append-only log of actions, recent
//! snapshots of the engine state, and user and server settings. WAL mode lets readers work while an
//! action commits; every action and its snapshot are written in one transaction.

mod backups;
mod computers;
mod data_sets;
mod error;
mod games;
mod ids;
mod leader;
mod lock;
mod log;
mod names;
mod news;
mod open;
mod outbox;
mod postgres;
mod quota;
mod ratings;
mod secrets;
mod settings;
mod sql;
mod stats;
mod timers;
mod transfer;

pub use backups::{backups_in, scheduled_backup};
pub use error::Quota;
pub use error::StoreError;
pub use games::{GameRow, NewGame, Numbering, SeatRow, Status};
pub use ids::{ChannelId, RoleId, ServerId, UserId};
pub use leader::{Job, Lead};
pub use lock::{InstanceLock, LockError, utc};
pub use log::{ActionRow, Commit, Opening, Undo};
pub use news::Changes;
pub use outbox::Owing;
pub use postgres::{postgres_url, scratch_schema, shown as shown_address, within_schema};
pub use quota::Quotas;
pub use ratings::Ended;
pub use sql::Dialect;
pub use timers::{Due, DueKind};
pub use transfer::Moved;

use sqlx::SqlitePool;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub type GameId = i64;

/// Seconds since the Unix epoch.
pub type Time = i64;

#[derive(Clone, Debug)]
pub struct Store {
    db: sql::Db,
    path: PathBuf,
    /// Opened only to read (`open_read_only`).
    read_only: bool,
}

impl Store {
    /// Close every connection (pending writes are already committed).
    pub async fn close(&self) {
        self.db.close().await;
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Which database it is.
    pub fn dialect(&self) -> Dialect {
        self.db.dialect()
    }

    /// Whether other processes may write to this database at the same time (PostgreSQL): copies of its
    /// games held in memory are then checked before each use.
    pub fn is_shared(&self) -> bool {
        self.dialect() == Dialect::Postgres
    }

    /// The SQLite pool, for what only SQLite has (`None` on PostgreSQL).
    fn sqlite(&self) -> Option<&SqlitePool> {
        match &self.db {
            sql::Db::Sqlite(p) => Some(p),
            sql::Db::Postgres(_) => None,
        }
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
