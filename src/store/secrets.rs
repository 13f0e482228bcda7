//! Secrets the bot makes once and keeps for every process on the database (the web links' signing key).

use super::{Store, StoreError};

impl Store {
    /// The secret `name`: the one kept, or else `made` kept now. Two processes making one at once keep the
    /// first written, and both return it.
    pub async fn secret_or(&self, name: &str, made: &str) -> Result<String, StoreError> {
        self.db
            .sql("INSERT INTO secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING")
            .bind(name)
            .bind(made)
            .execute(&self.db)
            .await?;
        self.secret(name).await?.ok_or(StoreError::Db(sqlx::Error::RowNotFound))
    }

    /// The secret `name`, if one is kept.
    pub async fn secret(&self, name: &str) -> Result<Option<String>, StoreError> {
        let row = self.db.sql("SELECT value FROM secrets WHERE name = ?").bind(name).fetch_optional(&self.db).await?;
        Ok(row.map(|r| r.get("value")).transpose()?)
    }
}
