//! The ratings kept: each player's rating on each server's ladder, moved in the transaction that ends a
//! rated game (with what it was before, for the player's trend and for an undo), and replaced whole by a
//! rebuild from the games.

use super::sql::Tx;
use super::{GameId, Store, StoreError, Time};
use crate::ratings::{Ladder, Ladders, Rated, Rating};

const UPSERT: &str = "INSERT INTO ratings (guild_id, game, per_side, user_id, rating, deviation, volatility, games, \
     updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, per_side, user_id) DO UPDATE SET \
     rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility, \
     games = excluded.games, updated_at = excluded.updated_at";

const CHANGE: &str = "INSERT INTO rating_changes (game_id, user_id, per_side, rating, deviation, volatility, games, \
     after) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";

/// A finished game as a rebuild reads it: what the service needs to tell whether it counts, and how.
#[derive(Clone, Debug)]
pub struct Ended {
    pub id: GameId,
    pub game: String,
    pub guild_id: Option<String>,
    pub status: String,
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub settings: String,
    /// When it ended (its record's last change).
    pub ended_at: Time,
    /// Each seat's player, by seat number.
    pub seats: Vec<String>,
    /// Someone other than its seated people made a move in it (a computer, a stand-in, a deadline).
    pub computer_moved: bool,
}

pub(super) fn rating_of(r: &super::sql::Rec) -> Result<Rating, sqlx::Error> {
    Ok(Rating {
        rating: r.get("rating")?,
        deviation: r.get("deviation")?,
        volatility: r.get("volatility")?,
        games: r.get::<i64>("games")?.clamp(0, i64::from(u32::MAX)) as u32,
    })
}

impl super::sql::Statement {
    /// Bind the columns that name a ladder, in their order: its server, its game, its players a side.
    pub(super) fn bind_ladder(self, l: &Ladder) -> super::sql::Statement {
        self.bind(l.server.to_string()).bind(l.game.clone()).bind(i64::from(l.per_side))
    }
}

impl Store {
    /// Move the ratings of a rated game's players, in the transaction that ends it.
    pub(super) async fn rate_in(&self, tx: &mut Tx, game: GameId, rated: &Rated, now: Time) -> Result<(), StoreError> {
        let l = &rated.ladder;
        let mut ladders = Ladders::default();
        for player in rated.sides.iter().flatten() {
            let row = tx
                .sql("SELECT rating, deviation, volatility, games FROM ratings WHERE guild_id = ? AND game = ? AND per_side = ? AND user_id = ?")
                .bind_ladder(l)
                .bind(player.to_string())
                .fetch_optional(&mut *tx)
                .await?;
            if let Some(row) = row {
                ladders.set(l, *player, rating_of(&row)?);
            }
        }
        for (player, before, after) in ladders.rate(rated) {
            upsert(tx, l, player, &after, now).await?;
            tx.sql(CHANGE)
                .bind(game)
                .bind(player.to_string())
                .bind(i64::from(l.per_side))
                .bind(before.rating)
                .bind(before.deviation)
                .bind(before.volatility)
                .bind(i64::from(before.games))
                .bind(after.rating)
                .execute(&mut *tx)
                .await?;
        }
        Ok(())
    }

    /// An ended game taken back: each of its players' ratings returns to what it was before it, where no
    /// later game moved it since (otherwise the rebuild puts it right).
    pub(super) async fn unrate_in(&self, tx: &mut Tx, game: GameId) -> Result<(), StoreError> {
        let changes = tx
            .sql(
                "SELECT c.user_id, c.per_side, c.rating, c.deviation, c.volatility, c.games, g.guild_id, g.game \
             FROM rating_changes c \
             JOIN games g ON g.id = c.game_id WHERE c.game_id = ?",
            )
            .bind(game)
            .fetch_all(&mut *tx)
            .await?;
        for c in &changes {
            let before = rating_of(c)?;
            let (guild, kind, user, per_side): (Option<String>, String, String, i64) =
                (c.get("guild_id")?, c.get("game")?, c.get("user_id")?, c.get("per_side")?);
            tx.sql(
                "UPDATE ratings SET rating = ?, deviation = ?, volatility = ?, games = ? WHERE guild_id = ? AND game = ? \
                 AND per_side = ? AND user_id = ? AND games = ?",
            )
            .bind(before.rating)
            .bind(before.deviation)
            .bind(before.volatility)
            .bind(i64::from(before.games))
            .bind(guild)
            .bind(kind)
            .bind(per_side)
            .bind(user)
            .bind(i64::from(before.games) + 1)
            .execute(&mut *tx)
            .await?;
        }
        tx.sql("DELETE FROM ratings WHERE games = 0").execute(&mut *tx).await?;
        tx.sql("DELETE FROM rating_changes WHERE game_id = ?").bind(game).execute(&mut *tx).await?;
        Ok(())
    }

    /// Every player on a ladder with their rating, best first.
    pub async fn ladder(&self, ladder: &Ladder) -> Result<Vec<(String, Rating)>, StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT user_id, rating, deviation, volatility, games FROM ratings WHERE guild_id = ? AND game = ? \
                 AND per_side = ? ORDER BY rating DESC, user_id",
            )
            .bind_ladder(ladder)
            .fetch_all(&self.db)
            .await?;
        rows.iter().map(|r| Ok((r.get("user_id")?, rating_of(r)?))).collect()
    }

    /// Every rating kept, on every ladder (what a rebuild is checked against).
    pub async fn all_ratings(&self) -> Result<Vec<(Ladder, String, Rating)>, StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT guild_id, game, per_side, user_id, rating, deviation, volatility, games FROM ratings \
                 ORDER BY guild_id, game, per_side, user_id",
            )
            .fetch_all(&self.db)
            .await?;
        let mut out = Vec::new();
        for r in &rows {
            let guild: String = r.get("guild_id")?;
            let Ok(server) = guild.parse::<u64>() else { continue };
            let per_side = r.get::<i64>("per_side")?.clamp(1, 2) as u8;
            out.push((Ladder { server, game: r.get("game")?, per_side }, r.get("user_id")?, rating_of(r)?));
        }
        Ok(out)
    }

    /// The games that ended, finished or abandoned, in the order they ended, with their seats and whether a
    /// computer moved in them: what a rebuild reads.
    pub async fn ended_games(&self) -> Result<Vec<Ended>, StoreError> {
        self.ended(None).await
    }

    /// The same, of one game on one server only (a player's statistics).
    pub async fn ended_games_in(&self, guild: &str, game: &str) -> Result<Vec<Ended>, StoreError> {
        self.ended(Some((guild, game))).await
    }

    async fn ended(&self, on: Option<(&str, &str)>) -> Result<Vec<Ended>, StoreError> {
        let filter = if on.is_some() { " AND guild_id = ? AND game = ?" } else { "" };
        let mut query = self.db.sql(format!(
            "SELECT id, game, guild_id, status, winner, reason, settings, updated_at, \
             EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id AND a.user_id LIKE 'computer:%') AS moved \
             FROM games WHERE status IN ('finished', 'abandoned'){filter} ORDER BY updated_at, id"
        ));
        if let Some((guild, game)) = on {
            query = query.bind(guild.to_string()).bind(game.to_string());
        }
        let rows = query.fetch_all(&self.db).await?;
        let mut out = Vec::new();
        for r in &rows {
            let id: GameId = r.get("id")?;
            let seats = self
                .seats(id)
                .await?
                .into_iter()
                .map(|s| s.user_id.map(|u| u.to_string()).unwrap_or_default())
                .collect();
            out.push(Ended {
                id,
                game: r.get("game")?,
                guild_id: r.get("guild_id")?,
                status: r.get("status")?,
                winner: r.get("winner")?,
                reason: r.get("reason")?,
                settings: r.get("settings")?,
                ended_at: r.get("updated_at")?,
                seats,
                computer_moved: r.get("moved")?,
            });
        }
        Ok(out)
    }

    /// Whether anyone but a person moved in a game so far (a computer seat, a stand-in, a deadline's move).
    pub async fn computer_moved(&self, game: GameId) -> Result<bool, StoreError> {
        let row = self
            .db
            .sql("SELECT EXISTS (SELECT 1 FROM actions WHERE game_id = ? AND user_id LIKE 'computer:%') AS moved")
            .bind(game)
            .fetch_one(&self.db)
            .await?;
        Ok(row.get("moved")?)
    }

    /// Replace every rating by those of `games` rated in order: all or nothing.
    pub async fn replace_ratings(&self, games: &[(GameId, Rated)], now: Time) -> Result<usize, StoreError> {
        let mut tx = self.db.begin_counting().await?;
        tx.sql("DELETE FROM rating_changes").execute(&mut tx).await?;
        tx.sql("DELETE FROM ratings").execute(&mut tx).await?;
        for (game, rated) in games {
            self.rate_in(&mut tx, *game, rated, now).await?;
        }
        tx.commit().await?;
        Ok(games.len())
    }
}

async fn upsert(tx: &mut Tx, l: &Ladder, player: u64, r: &Rating, now: Time) -> Result<(), StoreError> {
    tx.sql(UPSERT)
        .bind_ladder(l)
        .bind(player.to_string())
        .bind(r.rating)
        .bind(r.deviation)
        .bind(r.volatility)
        .bind(i64::from(r.games))
        .bind(now)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
