//! The names members go by on a server, as Discord showed them when they last took a seat there: what the
//! web pages call the players of its leaderboards (Discord itself shows its own mentions).

use super::{ServerId, Store, StoreError, Time, UserId};

impl Store {
    /// Keep `name` as what `user` goes by on `guild` (a later seat's name replaces it).
    pub async fn keep_name(&self, guild: &ServerId, user: &UserId, name: &str, now: Time) -> Result<(), StoreError> {
        self.db
            .sql(
                "INSERT INTO member_names (guild_id, user_id, name, updated_at) VALUES (?, ?, ?, ?) \
                 ON CONFLICT (guild_id, user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at \
                 WHERE member_names.name <> excluded.name",
            )
            .bind(guild)
            .bind(user)
            .bind(name)
            .bind(now)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// Forget every name kept of `user`, on every server.
    pub async fn forget_names(&self, user: &UserId) -> Result<(), StoreError> {
        self.db.sql("DELETE FROM member_names WHERE user_id = ?").bind(user).execute(&self.db).await?;
        Ok(())
    }

    /// Every name kept on `guild`, by user id.
    pub async fn names_in(&self, guild: &ServerId) -> Result<Vec<(String, String)>, StoreError> {
        let rows = self
            .db
            .sql("SELECT user_id, name FROM member_names WHERE guild_id = ?")
            .bind(guild)
            .fetch_all(&self.db)
            .await?;
        rows.iter().map(|r| Ok((r.get("user_id")?, r.get("name")?))).collect()
    }
}
