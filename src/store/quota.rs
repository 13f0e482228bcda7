//! Counting a member's and a server's lobbies and games, inside the transaction that adds one, so two
//! requests at once can never both slip under a limit.

use super::sql::Tx;
use super::{Quota, ServerId, StoreError, Time, UserId};

/// The limits a new lobby or a starting game must stay within (zero: no limit).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Quotas {
    pub lobbies_per_user: u32,
    pub lobbies_per_server: u32,
    pub games_per_server: u32,
    pub computer_games_per_user: u32,
}

async fn count(tx: &mut Tx, sql: &'static str, key: impl AsRef<str>) -> Result<u32, StoreError> {
    let n: i64 = tx.sql(sql).bind(key.as_ref()).fetch_one(tx).await?.get_at(0)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

fn over(limit: u32, n: u32) -> bool {
    limit > 0 && n >= limit
}

impl Quotas {
    /// Whether one more lobby for `user` (who will sit in it) on `guild` stays within the limits.
    pub(super) async fn check_lobby(
        &self,
        tx: &mut Tx,
        user: &UserId,
        guild: Option<&ServerId>,
    ) -> Result<(), StoreError> {
        self.check_seat(tx, user).await?;
        if let Some(guild) = guild {
            let lobbies =
                count(tx, "SELECT COUNT(*) FROM games WHERE status = 'lobby' AND guild_id = ?", guild).await?;
            if over(self.lobbies_per_server, lobbies) {
                return Err(StoreError::Quota(Quota::LobbiesPerServer(self.lobbies_per_server)));
            }
            self.check_game(tx, guild).await?;
        }
        Ok(())
    }

    /// Whether `user` may sit in one more lobby.
    pub(super) async fn check_seat(&self, tx: &mut Tx, user: &UserId) -> Result<(), StoreError> {
        let mine = count(
            tx,
            "SELECT COUNT(DISTINCT s.game_id) FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.user_id = ? AND g.status = 'lobby'",
            user,
        )
        .await?;
        if over(self.lobbies_per_user, mine) {
            return Err(StoreError::Quota(Quota::LobbiesPerUser(self.lobbies_per_user)));
        }
        Ok(())
    }

    /// Whether `user` may sit in one more game against the computer (lobbies and games not over), besides
    /// `game` (the one asked about, which may count already).
    pub(super) async fn check_computer_games(
        &self,
        tx: &mut Tx,
        user: &UserId,
        game: Option<super::GameId>,
    ) -> Result<(), StoreError> {
        if self.computer_games_per_user == 0 || user.is_computer() {
            return Ok(());
        }
        let theirs: i64 = tx
            .sql(
                "SELECT COUNT(*) FROM games g WHERE g.status IN ('lobby', 'active', 'paused') AND g.id <> ? \
             AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = ?) \
             AND EXISTS (SELECT 1 FROM seats c WHERE c.game_id = g.id AND c.user_id LIKE 'computer:%')",
            )
            .bind(game.unwrap_or(0))
            .bind(user)
            .fetch_one(tx)
            .await?
            .get_at(0)?;
        if over(self.computer_games_per_user, u32::try_from(theirs).unwrap_or(u32::MAX)) {
            return Err(StoreError::Quota(Quota::ComputerGamesPerUser(self.computer_games_per_user, user.clone())));
        }
        Ok(())
    }

    /// Whether one more game in play on `guild` stays within the limit.
    pub(super) async fn check_game(&self, tx: &mut Tx, guild: &ServerId) -> Result<(), StoreError> {
        let playing =
            count(tx, "SELECT COUNT(*) FROM games WHERE status IN ('active', 'paused') AND guild_id = ?", guild)
                .await?;
        if over(self.games_per_server, playing) {
            return Err(StoreError::Quota(Quota::GamesPerServer(self.games_per_server)));
        }
        Ok(())
    }
}

impl super::Store {
    /// Lobbies created at or before `before` that are still waiting to start, oldest first.
    pub async fn old_lobbies(&self, before: Time) -> Result<Vec<super::GameId>, StoreError> {
        let rows = self
            .db
            .sql("SELECT id FROM games WHERE status = 'lobby' AND created_at <= ? ORDER BY id")
            .bind(before)
            .fetch_all(&self.db)
            .await?;
        rows.iter().map(|r| r.get("id").map_err(StoreError::from)).collect()
    }

    /// Close a lobby that never started, saying why ("expired", "empty"); `false` if it started or ended
    /// meanwhile.
    pub async fn close_lobby(&self, id: super::GameId, reason: &str, now: Time) -> Result<bool, StoreError> {
        let done = self
            .db
            .sql("UPDATE games SET status = 'abandoned', reason = ?, updated_at = ? WHERE id = ? AND status = 'lobby'")
            .bind(reason)
            .bind(now)
            .bind(id)
            .execute(&self.db)
            .await?;
        Ok(done == 1)
    }
}
