//! What a player's statistics read beyond the games themselves: how long they take to answer, the games
//! they have in play, and their rating's path on a ladder. Over one server's games of one game only.

use super::{Store, StoreError};
use crate::ratings::{Ladder, Rating};

impl Store {
    /// The seconds `user` took to answer in the ended games of `game` on server `guild`: from the last
    /// action someone else made to their own next one (their later actions in a row are one answer).
    /// Games still being played are left out: when a hidden choice was made is part of it.
    pub async fn answer_times(&self, guild: &str, game: &str, user: &str) -> Result<Vec<i64>, StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT gap FROM (SELECT a.user_id, a.created_at - LAG(a.created_at) OVER w AS gap, \
                 LAG(a.user_id) OVER w AS before FROM actions a JOIN games g ON g.id = a.game_id \
                 WHERE g.guild_id = ? AND g.game = ? AND g.status IN ('finished', 'abandoned') \
                 AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?) \
                 WINDOW w AS (PARTITION BY a.game_id ORDER BY a.seq)) t \
                 WHERE t.user_id = ? AND t.before IS NOT NULL AND t.before <> t.user_id ORDER BY gap",
            )
            .bind(guild.to_string())
            .bind(game.to_string())
            .bind(user.to_string())
            .bind(user.to_string())
            .fetch_all(&self.db)
            .await?;
        rows.iter().map(|r| Ok(r.get::<i64>("gap")?.max(0))).collect()
    }

    /// How many games of `game` on server `guild` seat `user` and are under way (begun or paused).
    pub async fn games_in_play(&self, guild: &str, game: &str, user: &str) -> Result<u32, StoreError> {
        let row = self
            .db
            .sql(
                "SELECT COUNT(*) AS n FROM games g WHERE g.guild_id = ? AND g.game = ? \
                 AND g.status IN ('active', 'paused') \
                 AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?)",
            )
            .bind(guild.to_string())
            .bind(game.to_string())
            .bind(user.to_string())
            .fetch_one(&self.db)
            .await?;
        Ok(u32::try_from(row.get::<i64>("n")?).unwrap_or(u32::MAX))
    }

    /// `user`'s rating before and after each rated game on `ladder`, oldest first.
    pub async fn rating_trail(&self, ladder: &Ladder, user: &str) -> Result<Vec<(f64, f64)>, StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT c.rating, c.after FROM rating_changes c JOIN games g ON g.id = c.game_id \
                 WHERE g.guild_id = ? AND g.game = ? AND c.per_side = ? AND c.user_id = ? ORDER BY g.updated_at, g.id",
            )
            .bind_ladder(ladder)
            .bind(user.to_string())
            .fetch_all(&self.db)
            .await?;
        rows.iter().map(|r| Ok((r.get("rating")?, r.get("after")?))).collect()
    }

    /// `user`'s rating on `ladder`, if they have one.
    pub async fn rating_of(&self, ladder: &Ladder, user: &str) -> Result<Option<Rating>, StoreError> {
        let row = self
            .db
            .sql(
                "SELECT rating, deviation, volatility, games FROM ratings WHERE guild_id = ? AND game = ? \
                 AND per_side = ? AND user_id = ?",
            )
            .bind_ladder(ladder)
            .bind(user.to_string())
            .fetch_optional(&self.db)
            .await?;
        Ok(row.as_ref().map(super::ratings::rating_of).transpose()?)
    }
}
