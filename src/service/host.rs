//! What a host does to the database as a whole: open it for the game service, migrate it, back it up and
//! restore it. The command line and `serve` call these, so nothing above the service reaches into `store`
//! for them; the store's types a front end needs are re-exported from here.

use super::Service;
use crate::games::Catalog;
use crate::store::Store;
use std::path::{Path, PathBuf};

pub use crate::store::{
    ChannelId, Due, DueKind, GameId, InstanceLock, LockError, RoleId, ServerId, Status, StoreError, UserId, now, utc,
};

/// Why a host operation failed.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Lock(#[from] LockError),
    #[error("there is no backup at {0}")]
    NoBackup(PathBuf),
    #[error("{file} is damaged ({integrity}): not restored")]
    Damaged { file: PathBuf, integrity: String },
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("cannot give the saved games their rules versions: {0}")]
    Settle(String),
    #[error("cannot list the games to check: {0}")]
    List(String),
    /// `backup` and `restore` copy a SQLite file; PostgreSQL has its own tools.
    #[error(
        "{0} is a PostgreSQL database: back it up and restore it with PostgreSQL's own tools (pg_dump, pg_restore); gambit backup and restore copy a SQLite file"
    )]
    NotAFile(String),
}

/// The host's proof of access, for the command line (and tests): it reaches every game and its secrets.
/// The Discord layer never calls this (`tests/service/layers.rs`).
pub fn terminal() -> super::HostPass {
    super::HostPass::mint()
}

/// A database setting as the store takes it: `sqlite:FILE` (or `sqlite://FILE`) is the file itself.
pub fn database_setting(db: &Path) -> PathBuf {
    let text = db.to_string_lossy();
    match text.strip_prefix("sqlite://").or_else(|| text.strip_prefix("sqlite:")) {
        Some(file) => PathBuf::from(file),
        None => db.to_path_buf(),
    }
}

pub use crate::store::{scratch_schema, within_schema};

/// The PostgreSQL address a database setting names, if it names one (several processes may share it).
pub fn postgres_address(db: &Path) -> Option<&str> {
    crate::store::postgres_url(db)
}

/// A database setting as it may be shown: a file's path, or a PostgreSQL address without its password.
pub fn shown(db: &Path) -> String {
    match postgres_address(db) {
        Some(url) => crate::store::shown_address(url),
        None => db.display().to_string(),
    }
}

/// Refuse a PostgreSQL address where a SQLite file is copied (`backup`, `restore`).
fn a_file(db: &Path) -> Result<(), HostError> {
    match postgres_address(db) {
        Some(_) => Err(HostError::NotAFile(shown(db))),
        None => Ok(()),
    }
}

impl Service {
    /// The service over the database at `path`, created or migrated as needed.
    pub async fn open_writable(path: &Path, catalog: Catalog) -> Result<Service, StoreError> {
        Ok(Service::new(Store::open(path).await?, catalog))
    }

    /// The service over an existing database, for commands that only read: nothing is created or rewritten.
    pub async fn open_read_only(path: &Path, catalog: Catalog) -> Result<Service, StoreError> {
        Ok(Service::new(Store::open_read_only(path).await?, catalog))
    }
}

impl Service {
    /// Where the games are kept, as it may be shown (a PostgreSQL address without its password).
    pub fn store_location(&self) -> String {
        shown(self.store.path())
    }

    /// A backup into `dir` when the newest there is older than `every`; then the oldest beyond
    /// `keep` go. The new file, if one was made.
    pub async fn scheduled_backup(
        &self,
        dir: &Path,
        every: std::time::Duration,
        keep: usize,
    ) -> Result<Option<PathBuf>, StoreError> {
        // PostgreSQL is backed up with its own tools (pg_dump), by the host's schedule.
        if self.store.dialect() == crate::store::Dialect::Postgres {
            return Ok(None);
        }
        crate::store::scheduled_backup(&self.store, dir, every, keep).await
    }
}

/// A consistent copy of the database at `db`, safe while the bot runs.
pub async fn backup(db: &Path, to: &Path) -> Result<(), HostError> {
    a_file(db)?;
    let store = Store::open_read_only(db).await?;
    let done = store.backup(to).await;
    store.close().await;
    Ok(done?)
}

/// What `migrate` did.
#[derive(Debug)]
pub struct Migrated {
    /// The schema before (`None`: a new file) and after.
    pub from: Option<i64>,
    pub to: i64,
    /// Games saved before rules versions were recorded, and how many were given each version.
    pub settled: Vec<(u32, usize)>,
}

/// Upgrade the schema (no bot may be running), then give every game saved before rules versions were
/// recorded the version its log replays under.
pub async fn migrate(db: &Path, catalog: Catalog) -> Result<Migrated, HostError> {
    let _lock = if crate::store::postgres_url(db).is_none() { Some(InstanceLock::take(db)?) } else { None };
    let (from, to) = Store::migrate(db).await?;
    let svc = Service::new(Store::open(db).await?, catalog);
    let settled = svc.settle_rules_versions().await;
    svc.shutdown().await;
    let settled = settled.map_err(|e| HostError::Settle(e.detail()))?;
    Ok(Migrated { from, to, settled })
}

/// What `migrate-store` did.
#[derive(Debug)]
pub struct StoreMoved {
    /// Rows moved, by table.
    pub rows: crate::store::Moved,
    /// Games that verify identically in both databases, and those that do not (with why).
    pub same: usize,
    pub different: Vec<(GameId, String)>,
}

/// Move a whole database (no bot running on it) into an empty one, typically a SQLite file into
/// PostgreSQL; then check that every game verifies the same in both.
pub async fn migrate_store(from: &Path, to: &Path, catalog: Catalog) -> Result<StoreMoved, HostError> {
    // A file on a read-only filesystem needs no lock: no bot can be writing it.
    let _lock = match crate::store::postgres_url(from) {
        None => match InstanceLock::take(from) {
            Ok(lock) => Some(lock),
            Err(e) if e.unwritable() => None,
            Err(e) => return Err(e.into()),
        },
        Some(_) => None,
    };
    let source = Service::new(Store::open_read_only(from).await?, catalog.clone());
    let target = Service::new(Store::open(to).await?, catalog);
    let rows = source.store.copy_into(&target.store).await;
    let rows = match rows {
        Ok(r) => r,
        Err(e) => {
            source.close().await;
            target.close().await;
            return Err(e.into());
        }
    };
    let (mut same, mut different) = (0, Vec::new());
    for id in source.game_ids().await.map_err(|e| HostError::List(e.detail()))? {
        let Ok(id) = id else { continue };
        let (a, b) = (source.verify(id).await, target.verify(id).await);
        if a == b {
            same += 1;
        } else {
            different.push((id, format!("{a:?} here, {b:?} there")));
        }
    }
    source.close().await;
    target.close().await;
    Ok(StoreMoved { rows, same, different })
}

/// With the bot stopped, the database becomes a copy of a checked backup; the current file (and its log)
/// is kept aside as `NAME.replaced-N`, returned when there was one.
pub async fn restore(db: &Path, file: &Path) -> Result<Option<PathBuf>, HostError> {
    a_file(db)?;
    let _lock = InstanceLock::take(db)?;
    let backup = Store::open_read_only(file).await.map_err(|e| match e {
        StoreError::Missing { .. } => HostError::NoBackup(file.to_path_buf()),
        other => other.into(),
    })?;
    let integrity = backup.integrity().await?;
    backup.close().await;
    if integrity != "ok" {
        return Err(HostError::Damaged { file: file.to_path_buf(), integrity });
    }
    let mut aside = None;
    if db.exists() {
        let target = (1..)
            .map(|n| PathBuf::from(format!("{}.replaced-{n}", db.display())))
            .find(|c| !c.exists())
            .unwrap_or_else(|| PathBuf::from(format!("{}.replaced", db.display())));
        for suffix in ["", "-wal", "-shm"] {
            let from = PathBuf::from(format!("{}{suffix}", db.display()));
            if from.exists() {
                std::fs::rename(&from, format!("{}{suffix}", target.display()))?;
            }
        }
        aside = Some(target);
    }
    let partial = PathBuf::from(format!("{}.restoring", db.display()));
    std::fs::copy(file, &partial)?;
    std::fs::rename(&partial, db)?;
    Ok(aside)
}

/// What the health listener asks of the database, available before the bot is built.
#[derive(Clone)]
pub struct Probe(Store);

impl crate::ops::Probe for Probe {
    fn check_writable(&self) -> crate::ops::Ask<'_, ()> {
        Box::pin(async move { self.0.check_writable().await.map_err(|e| e.to_string()) })
    }

    fn count_by_status(&self) -> crate::ops::Ask<'_, Vec<(&'static str, i64)>> {
        Box::pin(async move { self.0.count_by_status().await.map_err(|e| e.to_string()) })
    }
}

impl Service {
    pub fn probe(&self) -> Probe {
        Probe(self.store.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_database_setting_names_a_file_with_or_without_sqlite_before_it_or_a_postgres_address() {
        assert_eq!(database_setting(Path::new("sqlite:data/g.db")), PathBuf::from("data/g.db"));
        assert_eq!(database_setting(Path::new("sqlite:///srv/g.db")), PathBuf::from("/srv/g.db"));
        assert_eq!(database_setting(Path::new("data/g.db")), PathBuf::from("data/g.db"));
        let pg = Path::new("postgres://bot:secret@db:5432/gambit");
        assert_eq!(database_setting(pg), pg.to_path_buf());
        assert_eq!(postgres_address(pg), Some("postgres://bot:secret@db:5432/gambit"));
        assert_eq!(postgres_address(Path::new("data/g.db")), None);
        assert_eq!(crate::store::shown_address(pg.to_str().unwrap()), "postgres://bot@db:5432/gambit", "no password");
    }
}
