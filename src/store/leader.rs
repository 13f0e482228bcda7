//! Work that one process at a time does for the whole database (closing old lobbies, registering
//! commands). SQLite has one process by its instance lock; on PostgreSQL a process leads a job while it
//! holds the job's advisory lock on a connection of its own: if the process dies, its connection closes,
//! the lock goes with it, and another process takes the job at its next try.

use super::sql::Db;
use super::{Store, StoreError};
use sqlx::{Connection, PgConnection};

/// A job only one process does at a time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Closing lobbies nobody started.
    Sweep,
    /// Registering the slash commands.
    Register,
}

impl Job {
    /// The job's advisory lock key: "gambit" and the job's number.
    fn key(self) -> i64 {
        let n = match self {
            Job::Sweep => 1,
            Job::Register => 2,
        };
        0x6761_6d62_6974_0000 + n
    }
}

/// Leading a job: held until dropped.
pub struct Lead {
    job: Job,
    /// PostgreSQL's session that holds the lock (none on SQLite, where the process is alone).
    session: Option<PgConnection>,
}

impl std::fmt::Debug for Lead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lead").field("job", &self.job).field("shared", &self.session.is_some()).finish()
    }
}

impl Lead {
    /// Whether the lead still holds: its session still answers (a database restart ends it).
    pub async fn holds(&mut self) -> bool {
        match &mut self.session {
            None => true,
            Some(c) => c.ping().await.is_ok(),
        }
    }

    /// Let the job go at once (dropping the lead lets it go as well, when the connection closes).
    pub async fn release(self) {
        if let Some(mut c) = self.session {
            let _ = sqlx::query("SELECT pg_advisory_unlock($1)").bind(self.job.key()).execute(&mut c).await;
            let _ = c.close().await;
        }
    }
}

impl Store {
    /// Lead `job` if no other process does: `None` when one does.
    pub async fn lead(&self, job: Job) -> Result<Option<Lead>, StoreError> {
        let pool = match &self.db {
            Db::Sqlite(_) => return Ok(Some(Lead { job, session: None })),
            Db::Postgres(p) => p,
        };
        // A connection of its own, out of the pool: the lock lives exactly as long as it.
        let mut session = pool.acquire().await?.detach();
        let (taken,): (bool,) =
            sqlx::query_as("SELECT pg_try_advisory_lock($1)").bind(job.key()).fetch_one(&mut session).await?;
        if taken {
            Ok(Some(Lead { job, session: Some(session) }))
        } else {
            let _ = session.close().await;
            Ok(None)
        }
    }
}
