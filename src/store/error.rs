//! What can go wrong with the database, sorted so a host is told what to do about it.

use super::{GameId, UserId};
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot open the database {path}: {source}")]
    Open { path: PathBuf, source: sqlx::Error },
    /// Read-only commands never create a database.
    #[error("there is no database at {path} (give the right one with --db or GAMBIT_DB)")]
    Missing { path: PathBuf },
    #[error(
        "the database {path} was written by a newer gambit (schema {found}, this program knows up to {known}): \
         run the newer version, or restore a backup taken before the upgrade"
    )]
    Newer { path: PathBuf, found: i64, known: i64 },
    #[error(
        "the database {path} is from an older gambit (schema {found}, this program needs {known}): run \
         `gambit migrate` (or start the bot) once to upgrade it; a copy is kept first"
    )]
    Older { path: PathBuf, found: i64, known: i64 },
    #[error("cannot update the database schema: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("the database {path} cannot be written (read-only file or folder): give the program write access to both")]
    ReadOnly { path: PathBuf },
    #[error("the disk holding the database is full: free some space; nothing was saved from the failed action")]
    Full,
    #[error("database error: {0}")]
    Db(sqlx::Error),
    /// The game moved on since the caller read it: another action was saved first.
    #[error("game {game} is at version {current}, not {expected}")]
    Stale { game: GameId, expected: u64, current: u64 },
    /// The request that asked for this action already caused one (it was delivered twice).
    #[error("game {game}: this request was already applied")]
    Repeated { game: GameId },
    /// A row that cannot be read back: reported for that game only.
    #[error("game {game}: damaged record: {detail}")]
    Corrupt { game: GameId, detail: String },
    #[error("there is no game {0}")]
    NoGame(GameId),
    /// Random game numbers drawn again and again were all taken (millions of games).
    #[error("no free game number was found: set [games] numbering = \"sequential\"")]
    NoFreeNumber,
    /// A database to move games into already holds some.
    #[error("{path} already holds {games} game(s): games are moved only into an empty database")]
    NotEmpty { path: PathBuf, games: i64 },
    /// Asked of PostgreSQL what only SQLite does (its own tools do it there: pg_dump, amcheck).
    #[error("{0} is for SQLite databases; on PostgreSQL use its own tools (pg_dump for backups)")]
    SqliteOnly(&'static str),
    /// A new lobby or game would pass one of the host's limits.
    #[error("over the limit: {0:?}")]
    Quota(Quota),
}

/// SQLite's primary result codes that change what a host should do.
const SQLITE_READONLY: i64 = 8;
const SQLITE_FULL: i64 = 13;

/// The primary SQLite result code of an error, if it is one.
fn sqlite_code(e: &sqlx::Error) -> Option<i64> {
    match e {
        sqlx::Error::Database(d) => d.code().and_then(|c| c.parse::<i64>().ok()).map(|c| c & 0xff),
        _ => None,
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        match (&e, sqlite_code(&e)) {
            (_, Some(SQLITE_FULL)) => StoreError::Full,
            (sqlx::Error::Io(io), _) if io.kind() == std::io::ErrorKind::StorageFull => StoreError::Full,
            _ => StoreError::Db(e),
        }
    }
}

impl StoreError {
    /// `e`, or `instead()` when `e` is a broken unique constraint (on either database).
    pub fn unique(e: StoreError, instead: impl FnOnce() -> StoreError) -> StoreError {
        match &e {
            StoreError::Db(sqlx::Error::Database(d)) if d.is_unique_violation() => instead(),
            _ => e,
        }
    }

    /// Whether the database refused a write because the file (or its folder) is read-only.
    pub fn is_read_only(e: &sqlx::Error) -> bool {
        sqlite_code(e) == Some(SQLITE_READONLY)
            || matches!(e, sqlx::Error::Io(io) if io.kind() == std::io::ErrorKind::PermissionDenied)
    }
}

/// The limit a request ran into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Quota {
    LobbiesPerUser(u32),
    LobbiesPerServer(u32),
    GamesPerServer(u32),
    /// This member is in that many games against the computer already.
    ComputerGamesPerUser(u32, UserId),
}
