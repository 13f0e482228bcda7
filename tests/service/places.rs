//! Where a test keeps its games, on each database: `on_both!` makes every test it wraps run twice, as
//! `NAME::sqlite` (a file in a temporary folder) and `NAME::postgres` (new databases in the test binary's
//! PostgreSQL cluster), so one suite checks that both stores behave alike.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

pub struct Places {
    pub backend: Backend,
    dir: tempfile::TempDir,
    made: Mutex<HashMap<String, PathBuf>>,
}

impl Places {
    pub fn new(backend: Backend) -> Places {
        Places { backend, dir: tempfile::tempdir().expect("a temporary folder"), made: Mutex::new(HashMap::new()) }
    }

    /// The database called `name` in this test (the same one each time it is asked for): a file path, or
    /// a PostgreSQL address, as `--db` and `Store::open` take them.
    pub async fn db(&self, name: &str) -> PathBuf {
        if let Some(p) = self.made.lock().unwrap().get(name) {
            return p.clone();
        }
        let place = match self.backend {
            Backend::Sqlite => self.dir.path().join(format!("{name}.db")),
            Backend::Postgres => PathBuf::from(crate::postgres::database().await),
        };
        self.made.lock().unwrap().insert(name.to_string(), place.clone());
        place
    }

    /// Run one statement on a database behind the store's back (to damage a record), `?` for `id`.
    pub async fn tamper(&self, db: &std::path::Path, sql: &str, id: i64) {
        use sqlx::Connection;
        match self.backend {
            Backend::Sqlite => {
                let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display())).await.unwrap();
                sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).bind(id).execute(&mut c).await.unwrap();
                c.close().await.unwrap();
            }
            Backend::Postgres => {
                let mut c = sqlx::PgConnection::connect(db.to_str().unwrap()).await.unwrap();
                let sql = sql.replacen('?', "$1", 1);
                sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).execute(&mut c).await.unwrap();
                c.close().await.unwrap();
            }
        }
    }
}

/// For each named `async fn NAME(places: &Places)`, the tests `NAME::sqlite` and `NAME::postgres`.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        $(
            mod $name {
                use crate::service::places::{Backend, Places};

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$name(&Places::new(Backend::Sqlite)).await
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    super::$name(&Places::new(Backend::Postgres)).await
                }
            }
        )*
    };
}
pub(crate) use on_both;
