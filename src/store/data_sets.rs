//! The game data each game plays with, kept once per distinct set of files (named by their content), and
//! the rules version of games saved before versions were recorded.

use super::{GameId, Store, StoreError, Time};

impl Store {
    /// Keep a data set (its files as JSON, made only when it is not kept yet).
    pub async fn keep_data_set(&self, id: &str, sources: impl FnOnce() -> String, now: Time) -> Result<(), StoreError> {
        let kept = self.db.sql("SELECT 1 FROM data_sets WHERE id = ?").bind(id).fetch_optional(&self.db).await?;
        if kept.is_none() {
            self.db
                .sql("INSERT INTO data_sets (id, sources, created_at) VALUES (?, ?, ?) ON CONFLICT (id) DO NOTHING")
                .bind(id)
                .bind(sources())
                .bind(now)
                .execute(&self.db)
                .await?;
        }
        Ok(())
    }

    /// A kept data set's files, as JSON.
    pub async fn data_set(&self, id: &str) -> Result<Option<String>, StoreError> {
        let row = self.db.sql("SELECT sources FROM data_sets WHERE id = ?").bind(id).fetch_optional(&self.db).await?;
        Ok(row.map(|r| r.get("sources")).transpose()?)
    }

    /// Point a game that has no data set yet (started before they were kept) at `id`.
    pub async fn assign_data_set(&self, game: GameId, id: &str) -> Result<(), StoreError> {
        self.db
            .sql("UPDATE games SET data_set = ? WHERE id = ? AND data_set IS NULL")
            .bind(id)
            .bind(game)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// Record the rules version of a game saved before versions were recorded (once: a recorded version
    /// never changes).
    pub async fn assign_rules(&self, game: GameId, rules: u32) -> Result<(), StoreError> {
        self.db
            .sql("UPDATE games SET rules = ? WHERE id = ? AND rules IS NULL")
            .bind(i64::from(rules))
            .bind(game)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// Whether this store was opened only to read.
    pub fn is_read_only(&self) -> bool {
        self.read_only
    }
}
