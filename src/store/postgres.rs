//! Opening a PostgreSQL database (`postgres://...`), for hosts that run several processes. Its schema has
//! its own migrations folder; several processes starting at once are safe (sqlx's migrator holds a
//! lock while it runs). A read-only open makes every transaction read-only, so the database refuses any
//! write a read-only command might try.

use super::sql::Db;
use super::{Store, StoreError};
use sqlx::migrate::Migrator;
use sqlx::postgres::PgConnectOptions;
use sqlx::{PgPool, Row};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

static MIGRATOR: Migrator = sqlx::migrate!("./migrations/postgres");

/// The PostgreSQL address in a database setting, if it is one (`postgres://` or `postgresql://`).
pub fn postgres_url(db: &Path) -> Option<&str> {
    db.to_str().filter(|s| s.starts_with("postgres://") || s.starts_with("postgresql://"))
}

/// The address as it may be shown: without its password.
pub fn shown(url: &str) -> String {
    match PgConnectOptions::from_str(url) {
        Ok(o) => format!(
            "postgres://{}@{}:{}/{}",
            o.get_username(),
            o.get_host(),
            o.get_port(),
            o.get_database().unwrap_or("")
        ),
        Err(_) => "postgres://(an address that cannot be read)".into(),
    }
}

/// Make (or drop, with all it holds) a schema of the database at `url`: room for a tool's own tables.
pub async fn scratch_schema(url: &str, schema: &str, make: bool) -> Result<(), StoreError> {
    use sqlx::Connection;
    let mut c = sqlx::PgConnection::connect(url).await?;
    let sql = if make { format!("CREATE SCHEMA {schema}") } else { format!("DROP SCHEMA {schema} CASCADE") };
    sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut c).await?;
    c.close().await?;
    Ok(())
}

/// The address of the same database with `schema` first on its search path (its tables made there).
pub fn within_schema(url: &str, schema: &str) -> String {
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}options=-c%20search_path%3D{schema}")
}

fn known_schema() -> i64 {
    MIGRATOR.iter().map(|m| m.version).max().unwrap_or(0)
}

async fn applied_schema(pool: &PgPool) -> Result<Option<i64>, StoreError> {
    let exists: bool =
        sqlx::query("SELECT to_regclass('_sqlx_migrations') IS NOT NULL").fetch_one(pool).await?.try_get(0)?;
    if !exists {
        return Ok(None);
    }
    let row = sqlx::query("SELECT MAX(version) FROM _sqlx_migrations WHERE success").fetch_one(pool).await?;
    Ok(row.try_get(0)?)
}

impl Store {
    /// Open a PostgreSQL database for reading and writing (its schema created or upgraded), or only to
    /// read (nothing created or changed: an older schema is refused).
    pub(super) async fn open_postgres(url: &str, read_only: bool) -> Result<Store, StoreError> {
        let path = PathBuf::from(shown(url));
        let open_err = |source| StoreError::Open { path: path.clone(), source };
        let mut options = PgConnectOptions::from_str(url).map_err(open_err)?;
        if read_only {
            options = options.options([("default_transaction_read_only", "on")]);
        }
        let pool = super::sql::pool_options(8)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await
            .map_err(open_err)?;
        let known = known_schema();
        let applied = applied_schema(&pool).await?;
        match applied {
            Some(found) if found > known => {
                pool.close().await;
                return Err(StoreError::Newer { path, found, known });
            }
            Some(found) if found < known && read_only => {
                pool.close().await;
                return Err(StoreError::Older { path, found, known });
            }
            None if read_only => {
                pool.close().await;
                return Err(StoreError::Older { path, found: 0, known });
            }
            _ => {}
        }
        if !read_only {
            if let Some(found) = applied.filter(|f| *f < known) {
                tracing::info!(from = found, to = known, "upgrading the PostgreSQL schema (take a pg_dump first)");
            }
            MIGRATOR.run(&pool).await?;
        }
        Ok(Store { db: Db::Postgres(pool), path, read_only })
    }
}
