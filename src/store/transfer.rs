//! Moving a whole database into another (`gambit migrate-store`, SQLite to PostgreSQL): every table, row
//! for row, in one transaction on the receiving side, which must hold no games yet.

use super::sql::{Rec, Statement};
use super::{Store, StoreError};

/// How a column's values are read and written.
#[derive(Copy, Clone)]
enum Kind {
    Int,
    Text,
    Bool,
    Real,
}

use Kind::{Bool, Int, Real, Text};

/// Every table that holds something of the host's, parents before children (the health row is not moved).
const TABLES: &[(&str, &[(&str, Kind)])] = &[
    ("data_sets", &[("id", Text), ("sources", Text), ("created_at", Int)]),
    (
        "games",
        &[
            ("id", Int),
            ("guild_id", Text),
            ("channel_id", Text),
            ("thread_id", Text),
            ("title", Text),
            ("mode", Text),
            ("status", Text),
            ("seed", Int),
            ("version", Int),
            ("settings", Text),
            ("winner", Text),
            ("reason", Text),
            ("created_by", Text),
            ("created_at", Int),
            ("updated_at", Int),
            ("waiting_since", Int),
            ("remind_at", Int),
            ("deadline_at", Int),
            ("revision", Int),
            ("data_set", Text),
            ("rules", Int),
            ("moves", Int),
            ("public_revision", Int),
            ("draw_offer", Text),
            ("stall", Text),
            ("timer_lease", Int),
            ("game", Text),
        ],
    ),
    ("seats", &[("game_id", Int), ("seat", Int), ("user_id", Text), ("joined_at", Int), ("invited", Text)]),
    (
        "actions",
        &[
            ("game_id", Int),
            ("seq", Int),
            ("seat", Int),
            ("user_id", Text),
            ("line", Text),
            ("events", Text),
            ("undoable", Bool),
            ("created_at", Int),
            ("public_move", Int),
            ("interaction", Text),
        ],
    ),
    ("snapshots", &[("game_id", Int), ("version", Int), ("state", Text)]),
    ("user_settings", &[("user_id", Text), ("settings", Text), ("updated_at", Int), ("away_until", Int)]),
    ("guild_settings", &[("guild_id", Text), ("settings", Text), ("updated_at", Int)]),
    ("expectations", &[("game_id", Int), ("seat", Int), ("round", Int), ("value", Real)]),
    ("outbox", &[("game_id", Int), ("seq", Int), ("teller", Text), ("lease_until", Int)]),
    (
        "ratings",
        &[
            ("guild_id", Text),
            ("game", Text),
            ("per_side", Int),
            ("user_id", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "rating_changes",
        &[
            ("game_id", Int),
            ("user_id", Text),
            ("per_side", Int),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("after", Real),
        ],
    ),
    ("member_names", &[("guild_id", Text), ("user_id", Text), ("name", Text), ("updated_at", Int)]),
    // The web links' key goes along: links given before the move still lead to their games.
    ("secrets", &[("name", Text), ("value", Text)]),
];

/// Rows moved, by table.
pub type Moved = Vec<(&'static str, u64)>;

fn carry(into: Statement, row: &Rec, column: &str, kind: Kind) -> Result<Statement, sqlx::Error> {
    Ok(match kind {
        Int => into.bind(row.get::<Option<i64>>(column)?),
        Text => into.bind(row.get::<Option<String>>(column)?),
        Bool => into.bind(row.get::<Option<bool>>(column)?),
        Real => into.bind(row.get::<Option<f64>>(column)?),
    })
}

impl Store {
    /// Copy everything this database holds into `target`, which must have no games; all or nothing.
    pub async fn copy_into(&self, target: &Store) -> Result<Moved, StoreError> {
        let held: i64 = target.db.sql("SELECT COUNT(*) FROM games").fetch_one(&target.db).await?.get_at(0)?;
        if held > 0 {
            return Err(StoreError::NotEmpty { path: target.path.clone(), games: held });
        }
        let mut tx = target.db.begin_counting().await?;
        let mut moved = Vec::new();
        for (table, columns) in TABLES {
            let names: Vec<&str> = columns.iter().map(|(c, _)| *c).collect();
            let list = names.join(", ");
            let marks = vec!["?"; names.len()].join(", ");
            let rows = self.db.sql(format!("SELECT {list} FROM {table}")).fetch_all(&self.db).await?;
            let insert = format!("INSERT INTO {table} ({list}) VALUES ({marks})");
            for row in &rows {
                let mut statement = tx.sql(insert.clone());
                for (column, kind) in columns.iter() {
                    statement = carry(statement, row, column, *kind)?;
                }
                statement.execute(&mut tx).await?;
            }
            moved.push((*table, rows.len() as u64));
        }
        tx.commit().await?;
        Ok(moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A column added by a later migration but not listed here would be lost by a move: every table and
    /// column of the schema must be listed (the health row alone stays behind).
    #[tokio::test]
    async fn every_table_and_column_of_the_schema_is_moved() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("all.db")).await.unwrap();
        let tables = store
            .db
            .sql("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' ORDER BY name")
            .fetch_all(&store.db)
            .await
            .unwrap();
        let mut schema: Vec<String> = tables.iter().map(|r| r.get::<String>("name").unwrap()).collect();
        schema.retain(|t| t != "health" && t != "sqlite_sequence");
        let mut listed: Vec<String> = TABLES.iter().map(|(t, _)| t.to_string()).collect();
        listed.sort();
        assert_eq!(listed, schema);
        for (table, columns) in TABLES {
            let rows = store
                .db
                .sql(format!("SELECT name FROM pragma_table_info('{table}')"))
                .fetch_all(&store.db)
                .await
                .unwrap();
            let mut have: Vec<String> = rows.iter().map(|r| r.get::<String>("name").unwrap()).collect();
            let mut want: Vec<String> = columns.iter().map(|(c, _)| c.to_string()).collect();
            have.sort();
            want.sort();
            assert_eq!(want, have, "the columns of {table}");
        }
        store.close().await;
    }
}
