//! Opening the database: for writing (created if missing, upgraded after a copy is taken), or only for
//! reading (never creating or changing a file). Backups, and the checkpoint that leaves one whole file.

use super::sql::Db;
use super::{Store, StoreError};
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{Row, SqlitePool};
use std::path::{Path, PathBuf};
use std::time::Duration;

static MIGRATOR: Migrator = sqlx::migrate!("./migrations/sqlite");

/// The newest schema this program knows.
fn known_schema() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

/// The newest schema applied to a database (`None`: a new, empty database).
async fn applied_schema(pool: &SqlitePool) -> Result<Option<i64>, StoreError> {
    let exists = sqlx::query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'")
        .fetch_optional(pool)
        .await?
        .is_some();
    if !exists {
        return Ok(None);
    }
    let row = sqlx::query("SELECT MAX(version) AS v FROM _sqlx_migrations WHERE success").fetch_one(pool).await?;
    Ok(row.try_get("v")?)
}

fn wal_of(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push("-wal");
    PathBuf::from(name)
}

impl Store {
    /// Open the database at `path` for reading and writing, creating it and its folder if needed. A
    /// database from an older version is copied beside itself (`NAME.schema-N.bak`) before it is
    /// upgraded; one from a newer version is refused untouched.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        if let Some(url) = super::postgres::postgres_url(path) {
            let store = Store::open_postgres(url, false).await?;
            store.check_writable().await?;
            return Ok(store);
        }
        let open_err = |source| StoreError::Open { path: path.to_path_buf(), source };
        // A database from a newer version is refused before it is opened to write: a writer's open makes
        // the log and shared-memory files beside it, which its close removes only eventually.
        if path.is_file() {
            match Store::open_read_only(path).await {
                Err(e @ StoreError::Newer { .. }) => return Err(e),
                Ok(reader) => reader.close().await,
                // Older, or unreadable as it is: the open below upgrades it, or says what is wrong.
                Err(_) => {}
            }
        }
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
        let pool = match super::sql::pool_options(4).connect_with(options).await {
            Ok(p) => p,
            Err(e) if StoreError::is_read_only(&e) => return Err(StoreError::ReadOnly { path: path.to_path_buf() }),
            Err(e) => return Err(open_err(e)),
        };
        let store = Store { db: Db::Sqlite(pool.clone()), path: path.to_path_buf(), read_only: false };
        let known = known_schema();
        match applied_schema(&pool).await? {
            Some(found) if found > known => {
                store.close().await;
                return Err(StoreError::Newer { path: path.to_path_buf(), found, known });
            }
            Some(found) if found < known => {
                let copy = store.free_name(&format!("schema-{found}.bak"));
                store.backup(&copy).await?;
                tracing::info!(from = found, to = known, copy = %copy.display(), "upgrading the database; a copy was taken first");
            }
            _ => {}
        }
        MIGRATOR.run(&pool).await?;
        store.check_writable().await?;
        super::spawn_checkpoints(pool);
        Ok(store)
    }

    /// Open an existing database only to read it: nothing is created, upgraded or written, and no file
    /// appears beside it (when no program is using the database, it is read as an unchanging file).
    pub async fn open_read_only(path: &Path) -> Result<Store, StoreError> {
        if let Some(url) = super::postgres::postgres_url(path) {
            return Store::open_postgres(url, true).await;
        }
        if !path.is_file() {
            return Err(StoreError::Missing { path: path.to_path_buf() });
        }
        // With no write-ahead log beside it, nobody is writing: read it as immutable, which needs no
        // shared-memory file (a plain read-only open would create one, and a log).
        let quiet = !wal_of(path).exists();
        let options =
            SqliteConnectOptions::new().filename(path).read_only(true).immutable(quiet).create_if_missing(false);
        let pool = super::sql::pool_options(2)
            .connect_with(options)
            .await
            .map_err(|source| StoreError::Open { path: path.to_path_buf(), source })?;
        let store = Store { db: Db::Sqlite(pool.clone()), path: path.to_path_buf(), read_only: true };
        let known = known_schema();
        match applied_schema(&pool).await {
            Ok(Some(found)) if found > known => Err(StoreError::Newer { path: path.to_path_buf(), found, known }),
            Ok(Some(found)) if found < known => Err(StoreError::Older { path: path.to_path_buf(), found, known }),
            Ok(Some(_)) => Ok(store),
            Ok(None) => Err(StoreError::Older { path: path.to_path_buf(), found: 0, known }),
            Err(StoreError::Db(e)) => Err(StoreError::Open { path: path.to_path_buf(), source: e }),
            Err(e) => Err(e),
        }
    }

    /// Upgrade the database's schema (after taking a copy) and report from which schema to which.
    pub async fn migrate(path: &Path) -> Result<(Option<i64>, i64), StoreError> {
        let before = if path.is_file() || super::postgres::postgres_url(path).is_some() {
            match Store::open_read_only(path).await {
                Ok(s) => {
                    s.close().await;
                    Some(known_schema())
                }
                Err(StoreError::Older { found, .. }) => Some(found),
                Err(e) => return Err(e),
            }
        } else {
            None
        };
        let store = Store::open(path).await?;
        store.checkpoint().await?;
        store.close().await;
        Ok((before, known_schema()))
    }

    /// A name beside the database that is not taken yet: `NAME.suffix`, or `NAME.suffix.2`...
    fn free_name(&self, suffix: &str) -> PathBuf {
        let base = format!("{}.{suffix}", self.path.display());
        let mut candidate = PathBuf::from(&base);
        let mut n = 2;
        while candidate.exists() {
            candidate = PathBuf::from(format!("{base}.{n}"));
            n += 1;
        }
        candidate
    }

    /// Write a consistent copy of the whole database to `to` (a new file), safe while the bot runs.
    pub async fn backup(&self, to: &Path) -> Result<(), StoreError> {
        if to.exists() {
            return Err(StoreError::Open {
                path: to.to_path_buf(),
                source: sqlx::Error::Io(std::io::Error::new(std::io::ErrorKind::AlreadyExists, "the file exists")),
            });
        }
        let target = to.to_str().ok_or_else(|| StoreError::Open {
            path: to.to_path_buf(),
            source: sqlx::Error::Io(std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a UTF-8 path")),
        })?;
        sqlx::query("VACUUM INTO ?").bind(target).execute(self.sqlite_only("a backup by file copy")?).await?;
        Ok(())
    }

    /// The SQLite pool, or the error saying that `what` is SQLite's alone.
    fn sqlite_only(&self, what: &'static str) -> Result<&SqlitePool, StoreError> {
        self.sqlite().ok_or(StoreError::SqliteOnly(what))
    }

    /// Fold the whole write-ahead log into the database file and empty it: the file alone is then the
    /// whole database (at a clean stop, and before a copy is taken by hand).
    pub async fn checkpoint(&self) -> Result<(), StoreError> {
        if self.read_only {
            return Ok(());
        }
        let Some(pool) = self.sqlite() else { return Ok(()) };
        let row = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)").fetch_one(pool).await?;
        let busy: i64 = row.try_get(0)?;
        if busy != 0 {
            tracing::warn!("the database log could not be emptied completely: a reader was still busy");
        }
        Ok(())
    }

    /// SQLite's own check of the file: "ok", or what is wrong.
    pub async fn integrity(&self) -> Result<String, StoreError> {
        let row = sqlx::query("PRAGMA integrity_check").fetch_one(self.sqlite_only("the file check")?).await?;
        Ok(row.try_get(0)?)
    }

    /// Whether a write goes through now (a read-only file or a full disk says no).
    pub async fn check_writable(&self) -> Result<(), StoreError> {
        let done = self
            .db
            .sql(
                "INSERT INTO health (id, checked_at) VALUES (1, ?) \
                 ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at",
            )
            .bind(super::now())
            .execute(&self.db)
            .await;
        match done {
            Ok(_) => Ok(()),
            Err(StoreError::Db(e)) if StoreError::is_read_only(&e) => {
                Err(StoreError::ReadOnly { path: self.path.clone() })
            }
            Err(e) => Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_disk_is_told_as_such() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("full.db");
        Store::open(&path).await.unwrap().close().await;
        // SQLite's page limit stands in for a full disk: both answer SQLITE_FULL.
        let options = SqliteConnectOptions::new().filename(&path).pragma("max_page_count", "40");
        let pool = crate::store::sql::pool_options(1).connect_with(options).await.unwrap();
        let store = Store { db: Db::Sqlite(pool), path: path.clone(), read_only: false };
        let big = "x".repeat(50_000);
        let mut failed = None;
        for i in 0..100 {
            if let Err(e) = store.set_user_settings(&format!("u{i}").into(), &big, 0).await {
                failed = Some(e);
                break;
            }
        }
        let e = failed.expect("the database fills up");
        assert!(matches!(e, StoreError::Full), "{e:?}");
        assert!(e.to_string().starts_with("the disk holding the database is full"), "{e}");
    }
}
