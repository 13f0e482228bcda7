//! Statements that run on either database. Each is written once, in SQL both databases speak, with `?`
//! for its arguments (numbered `$1, $2...` when it goes to PostgreSQL); its arguments are encoded for the
//! database it goes to, and its rows are read by column name. What only one database has (SQLite's
//! pragmas and file copies) stays in the files that need it.

use super::StoreError;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgArguments, PgPool, PgRow};
use sqlx::sqlite::{SqliteArguments, SqlitePool, SqliteRow};
use sqlx::{Arguments, AssertSqlSafe, Decode, Encode, Postgres, Row, Sqlite, Transaction, Type};
use std::borrow::Cow;

/// Which database a store speaks to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// A pool of connections to one database.
#[derive(Clone, Debug)]
pub(crate) enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// An open transaction.
pub(crate) enum Tx {
    Sqlite(Transaction<'static, Sqlite>),
    Postgres(Transaction<'static, Postgres>),
}

/// The key of the PostgreSQL lock that serialises the transactions that count before they add (limits):
/// what SQLite's single writer gives for free.
const COUNTING_LOCK: i64 = 0x6761_6d62_6974; // "gambit"

impl Db {
    pub fn dialect(&self) -> Dialect {
        match self {
            Db::Sqlite(_) => Dialect::Sqlite,
            Db::Postgres(_) => Dialect::Postgres,
        }
    }

    pub fn sql(&self, text: impl Into<Cow<'static, str>>) -> Statement {
        Statement::new(self.dialect(), text)
    }

    /// A write transaction. SQLite's takes the write lock at once (so two never deadlock upgrading);
    /// PostgreSQL's relies on its guarded updates (`WHERE revision = ?`), which wait for each other.
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(match self {
            Db::Sqlite(p) => Tx::Sqlite(p.begin_with("BEGIN IMMEDIATE").await?),
            Db::Postgres(p) => Tx::Postgres(p.begin().await?),
        })
    }

    /// A write transaction that counts rows before it adds one (a limit): one at a time across every
    /// process.
    pub async fn begin_counting(&self) -> Result<Tx, StoreError> {
        let mut tx = self.begin().await?;
        if let Tx::Postgres(t) = &mut tx {
            sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(COUNTING_LOCK).execute(&mut **t).await?;
        }
        Ok(tx)
    }

    pub async fn close(&self) {
        match self {
            Db::Sqlite(p) => p.close().await,
            Db::Postgres(p) => p.close().await,
        }
    }
}

impl Tx {
    pub fn sql(&self, text: impl Into<Cow<'static, str>>) -> Statement {
        let dialect = match self {
            Tx::Sqlite(_) => Dialect::Sqlite,
            Tx::Postgres(_) => Dialect::Postgres,
        };
        Statement::new(dialect, text)
    }

    pub async fn commit(self) -> Result<(), StoreError> {
        match self {
            Tx::Sqlite(t) => t.commit().await?,
            Tx::Postgres(t) => t.commit().await?,
        }
        Ok(())
    }
}

/// Where a statement runs: on any connection of the pool, or inside a transaction.
pub(crate) enum On<'a> {
    Db(&'a Db),
    Tx(&'a mut Tx),
}

impl<'a> From<&'a Db> for On<'a> {
    fn from(db: &'a Db) -> On<'a> {
        On::Db(db)
    }
}

impl<'a> From<&'a mut Tx> for On<'a> {
    fn from(tx: &'a mut Tx) -> On<'a> {
        On::Tx(tx)
    }
}

enum Args {
    Sqlite(SqliteArguments),
    Postgres(PgArguments),
}

/// A statement and its arguments, for one database.
pub(crate) struct Statement {
    text: Cow<'static, str>,
    args: Args,
    /// The first argument that could not be encoded (reported when the statement runs).
    failed: Option<BoxDynError>,
}

/// `?` placeholders as PostgreSQL's `$1, $2...` (a `?` inside a quoted string stays).
fn numbered(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let (mut n, mut quoted) = (0, false);
    for c in text.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                out.push(c);
            }
            '?' if !quoted => {
                n += 1;
                out.push('$');
                out.push_str(&n.to_string());
            }
            _ => out.push(c),
        }
    }
    out
}

/// A value both databases can give back from a column.
pub(crate) trait Column:
    for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres>
{
}
impl<T> Column for T where T: for<'r> Decode<'r, Sqlite> + Type<Sqlite> + for<'r> Decode<'r, Postgres> + Type<Postgres> {}

impl Statement {
    fn new(dialect: Dialect, text: impl Into<Cow<'static, str>>) -> Statement {
        let text = text.into();
        match dialect {
            Dialect::Sqlite => Statement { text, args: Args::Sqlite(SqliteArguments::default()), failed: None },
            Dialect::Postgres => Statement {
                text: Cow::Owned(numbered(&text)),
                args: Args::Postgres(PgArguments::default()),
                failed: None,
            },
        }
    }

    /// Add an argument (a value both databases can take).
    pub fn bind<'q, T>(mut self, value: T) -> Statement
    where
        T: Encode<'q, Sqlite> + Type<Sqlite> + Encode<'q, Postgres> + Type<Postgres>,
    {
        let added = match &mut self.args {
            Args::Sqlite(a) => a.add(value),
            Args::Postgres(a) => a.add(value),
        };
        if let (Err(e), None) = (added, &self.failed) {
            self.failed = Some(e);
        }
        self
    }

    fn ready(self) -> Result<(Cow<'static, str>, Args), StoreError> {
        match self.failed {
            Some(e) => Err(StoreError::Db(sqlx::Error::Encode(e))),
            None => Ok((self.text, self.args)),
        }
    }

    /// Run it; the number of rows it changed.
    pub async fn execute<'a>(self, on: impl Into<On<'a>>) -> Result<u64, StoreError> {
        let (text, args) = self.ready()?;
        let n = match (on.into(), args) {
            (On::Db(Db::Sqlite(p)), Args::Sqlite(a)) => sqlite(text, a).execute(p).await?.rows_affected(),
            (On::Tx(Tx::Sqlite(t)), Args::Sqlite(a)) => sqlite(text, a).execute(&mut **t).await?.rows_affected(),
            (On::Db(Db::Postgres(p)), Args::Postgres(a)) => postgres(text, a).execute(p).await?.rows_affected(),
            (On::Tx(Tx::Postgres(t)), Args::Postgres(a)) => postgres(text, a).execute(&mut **t).await?.rows_affected(),
            _ => return Err(mixed()),
        };
        Ok(n)
    }

    pub async fn fetch_all<'a>(self, on: impl Into<On<'a>>) -> Result<Vec<Rec>, StoreError> {
        let (text, args) = self.ready()?;
        Ok(match (on.into(), args) {
            (On::Db(Db::Sqlite(p)), Args::Sqlite(a)) => {
                sqlite(text, a).fetch_all(p).await?.into_iter().map(Rec::Sqlite).collect()
            }
            (On::Tx(Tx::Sqlite(t)), Args::Sqlite(a)) => {
                sqlite(text, a).fetch_all(&mut **t).await?.into_iter().map(Rec::Sqlite).collect()
            }
            (On::Db(Db::Postgres(p)), Args::Postgres(a)) => {
                postgres(text, a).fetch_all(p).await?.into_iter().map(Rec::Postgres).collect()
            }
            (On::Tx(Tx::Postgres(t)), Args::Postgres(a)) => {
                postgres(text, a).fetch_all(&mut **t).await?.into_iter().map(Rec::Postgres).collect()
            }
            _ => return Err(mixed()),
        })
    }

    pub async fn fetch_optional<'a>(self, on: impl Into<On<'a>>) -> Result<Option<Rec>, StoreError> {
        let (text, args) = self.ready()?;
        Ok(match (on.into(), args) {
            (On::Db(Db::Sqlite(p)), Args::Sqlite(a)) => sqlite(text, a).fetch_optional(p).await?.map(Rec::Sqlite),
            (On::Tx(Tx::Sqlite(t)), Args::Sqlite(a)) => {
                sqlite(text, a).fetch_optional(&mut **t).await?.map(Rec::Sqlite)
            }
            (On::Db(Db::Postgres(p)), Args::Postgres(a)) => {
                postgres(text, a).fetch_optional(p).await?.map(Rec::Postgres)
            }
            (On::Tx(Tx::Postgres(t)), Args::Postgres(a)) => {
                postgres(text, a).fetch_optional(&mut **t).await?.map(Rec::Postgres)
            }
            _ => return Err(mixed()),
        })
    }

    pub async fn fetch_one<'a>(self, on: impl Into<On<'a>>) -> Result<Rec, StoreError> {
        self.fetch_optional(on).await?.ok_or(StoreError::Db(sqlx::Error::RowNotFound))
    }
}

fn sqlite(text: Cow<'static, str>, a: SqliteArguments) -> sqlx::query::Query<'static, Sqlite, SqliteArguments> {
    match text {
        Cow::Borrowed(s) => sqlx::query_with(s, a),
        Cow::Owned(s) => sqlx::query_with(AssertSqlSafe(s), a),
    }
}

fn postgres(text: Cow<'static, str>, a: PgArguments) -> sqlx::query::Query<'static, Postgres, PgArguments> {
    match text {
        Cow::Borrowed(s) => sqlx::query_with(s, a),
        Cow::Owned(s) => sqlx::query_with(AssertSqlSafe(s), a),
    }
}

/// A statement made for one database run on the other: a bug in the store, never input.
fn mixed() -> StoreError {
    StoreError::Db(sqlx::Error::Protocol("a statement for one database was run on the other".into()))
}

/// A row of either database.
pub(crate) enum Rec {
    Sqlite(SqliteRow),
    Postgres(PgRow),
}

impl Rec {
    /// The value of a column, by name.
    pub fn get<T: Column>(&self, column: &str) -> Result<T, sqlx::Error> {
        match self {
            Rec::Sqlite(r) => r.try_get(column),
            Rec::Postgres(r) => r.try_get(column),
        }
    }

    /// The value of a column, by position.
    pub fn get_at<T: Column>(&self, index: usize) -> Result<T, sqlx::Error> {
        match self {
            Rec::Sqlite(r) => r.try_get(index),
            Rec::Postgres(r) => r.try_get(index),
        }
    }
}

/// The pool every store opens (SQLite and PostgreSQL): at most `max` connections, never closed for age
/// or idleness. A file has no server to free; and sqlx's reaper of old connections can miscount its idle
/// list and spin forever, hanging the process at its stop (launchbadge/sqlx#3645, unfixed in 0.9.0).
pub(in crate::store) fn pool_options<DB: sqlx::Database>(max: u32) -> sqlx::pool::PoolOptions<DB> {
    sqlx::pool::PoolOptions::new().max_connections(max).idle_timeout(None).max_lifetime(None)
}

#[cfg(test)]
mod tests {
    use super::numbered;

    #[test]
    fn placeholders_are_numbered_for_postgres_outside_quotes() {
        assert_eq!(
            numbered("UPDATE t SET a = ?, b = '?' WHERE c LIKE 'x%' AND d = ?"),
            "UPDATE t SET a = $1, b = '?' WHERE c LIKE 'x%' AND d = $2"
        );
    }
}
