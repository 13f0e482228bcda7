//! Per-user and per-server settings, stored as JSON documents.

use super::{ServerId, Store, StoreError, Time, UserId};

impl Store {
    pub async fn user_settings(&self, user: &UserId) -> Result<Option<String>, StoreError> {
        let row = self
            .db
            .sql("SELECT settings FROM user_settings WHERE user_id = ?")
            .bind(user)
            .fetch_optional(&self.db)
            .await?;
        Ok(row.map(|r| r.get("settings")).transpose()?)
    }

    pub async fn set_user_settings(&self, user: &UserId, settings: &str, now: Time) -> Result<(), StoreError> {
        self.db
            .sql(
                "INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?) \
             ON CONFLICT (user_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
            )
            .bind(user)
            .bind(settings)
            .bind(now)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// Replace a user's settings only if they are still `old` (none: the user has none yet): a change
    /// made meanwhile by another command or process is never overwritten. Returns whether it was written.
    pub async fn swap_user_settings(
        &self,
        user: &UserId,
        old: Option<&str>,
        new: &str,
        now: Time,
    ) -> Result<bool, StoreError> {
        let written = match old {
            None => {
                self.db
                    .sql(
                        "INSERT INTO user_settings (user_id, settings, updated_at) VALUES (?, ?, ?) \
                         ON CONFLICT (user_id) DO NOTHING",
                    )
                    .bind(user)
                    .bind(new)
                    .bind(now)
                    .execute(&self.db)
                    .await?
            }
            Some(old) => {
                self.db
                    .sql("UPDATE user_settings SET settings = ?, updated_at = ? WHERE user_id = ? AND settings = ?")
                    .bind(new)
                    .bind(now)
                    .bind(user)
                    .bind(old)
                    .execute(&self.db)
                    .await?
            }
        };
        Ok(written == 1)
    }

    /// Mark `user` away until `until` (none: here).
    pub async fn set_away_until(&self, user: &UserId, until: Option<Time>, now: Time) -> Result<(), StoreError> {
        self.db
            .sql(
                "INSERT INTO user_settings (user_id, settings, updated_at, away_until) VALUES (?, '{}', ?, ?) \
                 ON CONFLICT (user_id) DO UPDATE SET away_until = excluded.away_until, updated_at = excluded.updated_at",
            )
            .bind(user)
            .bind(now)
            .bind(until)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// Of `users`, those away after `now`, with until when.
    pub async fn away_after(&self, users: &[&str], now: Time) -> Result<Vec<(String, Time)>, StoreError> {
        if users.is_empty() {
            return Ok(Vec::new());
        }
        let marks = vec!["?"; users.len()].join(", ");
        let mut statement = self.db.sql(format!(
            "SELECT user_id, away_until FROM user_settings WHERE away_until > ? AND user_id IN ({marks})"
        ));
        statement = statement.bind(now);
        for user in users {
            statement = statement.bind(user.to_string());
        }
        let rows = statement.fetch_all(&self.db).await?;
        rows.iter().map(|r| Ok((r.get("user_id")?, r.get("away_until")?))).collect()
    }

    pub async fn guild_settings(&self, guild: &ServerId) -> Result<Option<String>, StoreError> {
        let row = self
            .db
            .sql("SELECT settings FROM guild_settings WHERE guild_id = ?")
            .bind(guild)
            .fetch_optional(&self.db)
            .await?;
        Ok(row.map(|r| r.get("settings")).transpose()?)
    }

    pub async fn set_guild_settings(&self, guild: &ServerId, settings: &str, now: Time) -> Result<(), StoreError> {
        self.db
            .sql(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?) \
             ON CONFLICT (guild_id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
            )
            .bind(guild)
            .bind(settings)
            .bind(now)
            .execute(&self.db)
            .await?;
        Ok(())
    }
}
