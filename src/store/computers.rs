//! What the store keeps for computer seats: which games have one, and what each computer expected.

use super::{GameId, Store, StoreError};

impl Store {
    /// Games of a Discord server, running, with a seat held by the computer (the terminal drives its own),
    /// of every game.
    pub async fn games_with_computers(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT DISTINCT g.id FROM games g JOIN seats s ON s.game_id = g.id \
             WHERE g.status = 'active' AND g.guild_id IS NOT NULL \
             AND s.user_id LIKE 'computer:%' ORDER BY g.id",
            )
            .fetch_all(&self.db)
            .await?;
        Ok(rows.iter().map(|r| r.get("id")).collect::<Result<_, _>>()?)
    }

    /// Keep what a computer seat expected at a round (a second figure for the same round replaces it).
    pub async fn record_expectation(
        &self,
        game: GameId,
        seat: usize,
        round: u32,
        value: f64,
    ) -> Result<(), StoreError> {
        self.db
            .sql(
                "INSERT INTO expectations (game_id, seat, round, value) VALUES (?, ?, ?, ?) \
             ON CONFLICT (game_id, seat, round) DO UPDATE SET value = excluded.value",
            )
            .bind(game)
            .bind(seat as i64)
            .bind(i64::from(round))
            .bind(value)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// What the computer seats of a game expected, by seat and round.
    pub async fn expectations(&self, game: GameId) -> Result<Vec<(usize, u32, f64)>, StoreError> {
        let rows = self
            .db
            .sql("SELECT seat, round, value FROM expectations WHERE game_id = ? ORDER BY seat, round")
            .bind(game)
            .fetch_all(&self.db)
            .await?;
        rows.iter()
            .map(|r| {
                let seat: i64 = r.get("seat")?;
                let round: i64 = r.get("round")?;
                Ok((seat as usize, round as u32, r.get("value")?))
            })
            .collect()
    }
}
