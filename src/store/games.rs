//! Games and their seats.

use super::sql::{Rec, Tx};
use super::{ChannelId, GameId, Quotas, ServerId, Store, StoreError, Time, UserId};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Waiting for players to take their seats.
    Lobby,
    Active,
    /// Stopped by an admin: nobody may act until it resumes.
    Paused,
    Finished,
    /// Ended without a winner (by its players or an admin).
    Abandoned,
}

impl Status {
    pub fn key(self) -> &'static str {
        match self {
            Status::Lobby => "lobby",
            Status::Active => "active",
            Status::Paused => "paused",
            Status::Finished => "finished",
            Status::Abandoned => "abandoned",
        }
    }

    fn from_key(s: &str) -> Option<Status> {
        [Status::Lobby, Status::Active, Status::Paused, Status::Finished, Status::Abandoned]
            .into_iter()
            .find(|x| x.key() == s)
    }

    pub fn is_over(self) -> bool {
        matches!(self, Status::Finished | Status::Abandoned)
    }
}

/// What is needed to create a game.
#[derive(Clone, Debug)]
pub struct NewGame {
    /// Which game (`queens-gambit`, `stratego`).
    pub game: String,
    pub guild_id: Option<ServerId>,
    pub channel_id: Option<ChannelId>,
    pub title: String,
    pub players: u8,
    pub seed: u64,
    pub settings: String,
    pub created_by: UserId,
    /// Users seated at once (the creator).
    pub seated: Vec<(usize, UserId)>,
    /// Seats kept for invited users until they accept.
    pub invited: Vec<(usize, UserId)>,
    /// The game data it plays with (kept with `keep_data_set` first).
    pub data_set: String,
    /// The version of its game's rules it plays under (a number its game reads).
    pub rules: u32,
    /// How its number is chosen.
    pub numbering: Numbering,
}

/// How a new game's number is chosen. Numbers are the host's, shared by all its servers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Numbering {
    /// 1, 2, 3, ...: short, but any server's members can tell how many games the host has started.
    #[default]
    Sequential,
    /// An unused number drawn at random, six digits (seven once those grow scarce): it tells nobody how
    /// many games the host's other servers have played.
    Random,
}

/// A random game number not in use, drawn within the transaction that takes it.
async fn free_random_id(tx: &mut Tx, now: Time) -> Result<GameId, StoreError> {
    use std::hash::BuildHasher;
    for attempt in 0..64u32 {
        // Six digits while they are plenty; seven after 16 draws found every number taken.
        let (low, span) = if attempt < 16 { (100_000u64, 900_000u64) } else { (1_000_000, 9_000_000) };
        let draw = std::collections::hash_map::RandomState::new().hash_one((now, attempt, std::process::id()));
        let id = (low + draw % span) as GameId;
        let taken = tx.sql("SELECT 1 FROM games WHERE id = ?").bind(id).fetch_optional(&mut *tx).await?;
        if taken.is_none() {
            return Ok(id);
        }
    }
    Err(StoreError::NoFreeNumber)
}

#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: GameId,
    /// Which game it is (`queens-gambit` for every game from before there were others).
    pub game: String,
    pub guild_id: Option<ServerId>,
    pub channel_id: Option<ChannelId>,
    pub thread_id: Option<ChannelId>,
    pub title: String,
    /// How many seats it has.
    pub players: u8,
    pub status: Status,
    pub seed: u64,
    /// The number of actions in the log (the engine state's step).
    pub version: u64,
    /// Raised by one on every change, undo included: what a save is checked against.
    pub revision: u64,
    /// The public moves so far (actions that showed anyone something; secret steps are not counted).
    pub moves: u64,
    /// Raised by one on every change others may see: what public buttons carry and clicks are checked
    /// against (a secret step leaves it alone, so the other side cannot count those).
    pub public_revision: u64,
    /// Game settings as JSON (read by the service).
    pub settings: String,
    pub winner: Option<String>,
    pub reason: Option<String>,
    pub created_by: UserId,
    pub created_at: Time,
    pub updated_at: Time,
    pub waiting_since: Option<Time>,
    pub remind_at: Option<Time>,
    pub deadline_at: Option<Time>,
    /// The game data it plays with (`None`: a game from before data sets were kept).
    pub data_set: Option<String>,
    /// The version of its game's rules it plays under, a number its game reads (`None`: a game from
    /// before versions were recorded).
    pub rules: Option<u32>,
    /// A draw one side offers (its key: `tf`, or a table's seat number) and the mark it stands on (the
    /// round, or what the game counts: `Engine::draw_terms`), as the `draw_offer` column keeps it ("tf:12").
    pub draw_offer: Option<(String, u32)>,
    /// Where the game stood at the latest round's start, in the game's own kept text (the first game's:
    /// what each side needed, and since when; `None`: not yet known).
    pub stall: Option<String>,
}

impl GameRow {
    /// Where the game is played: its thread, or the channel it was started in.
    pub fn home(&self) -> Option<ChannelId> {
        self.thread_id.clone().or_else(|| self.channel_id.clone())
    }

    /// A lobby's record for unit tests: two players, nothing played, on no server.
    #[cfg(test)]
    pub(crate) fn sample() -> GameRow {
        GameRow {
            game: "sample".into(),
            id: 1,
            guild_id: None,
            channel_id: None,
            thread_id: None,
            title: String::new(),
            players: 2,
            status: Status::Lobby,
            seed: 0,
            version: 0,
            revision: 0,
            moves: 0,
            public_revision: 0,
            settings: "{}".into(),
            winner: None,
            reason: None,
            created_by: "a".into(),
            created_at: 0,
            updated_at: 0,
            waiting_since: None,
            remind_at: None,
            deadline_at: None,
            data_set: None,
            rules: None,
            draw_offer: None,
            stall: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: Option<UserId>,
    /// The user an empty seat is kept for (invited, not yet accepted).
    pub invited: Option<UserId>,
}

/// A record's columns; its seat count is its seats' (the `mode` column holds only the two counts the first
/// game has, as older releases read it).
const GAME_COLUMNS: &str = "id, game, guild_id, channel_id, thread_id, title, status, seed, version, revision, settings, winner, \
     reason, created_by, created_at, updated_at, waiting_since, remind_at, deadline_at, data_set, rules, moves, public_revision, draw_offer, stall, \
     (SELECT COUNT(*) FROM seats s WHERE s.game_id = games.id) AS players";

fn game_row(r: &Rec) -> Result<GameRow, StoreError> {
    let id: GameId = r.get("id")?;
    let bad = |detail: String| StoreError::Corrupt { game: id, detail };
    let players: i64 = r.get("players")?;
    let status: String = r.get("status")?;
    let version: i64 = r.get("version")?;
    let revision: i64 = r.get("revision")?;
    let seed: i64 = r.get("seed")?;
    let game: String = r.get("game")?;
    let rules = match r.get::<Option<i64>>("rules")? {
        None => None,
        Some(n) => Some(u32::try_from(n).map_err(|_| bad(format!("rules version {n}")))?),
    };
    Ok(GameRow {
        id,
        game,
        guild_id: r.get("guild_id")?,
        channel_id: r.get("channel_id")?,
        thread_id: r.get("thread_id")?,
        title: r.get("title")?,
        players: u8::try_from(players).ok().filter(|n| *n > 0).ok_or_else(|| bad(format!("{players} seats")))?,
        status: Status::from_key(&status).ok_or_else(|| bad(format!("unknown status '{status}'")))?,
        seed: seed as u64,
        version: u64::try_from(version).map_err(|_| bad(format!("negative version {version}")))?,
        revision: u64::try_from(revision).map_err(|_| bad(format!("negative revision {revision}")))?,
        moves: u64::try_from(r.get::<i64>("moves")?).map_err(|_| bad("negative move count".into()))?,
        public_revision: u64::try_from(r.get::<i64>("public_revision")?)
            .map_err(|_| bad("negative public revision".into()))?,
        settings: r.get("settings")?,
        winner: r.get("winner")?,
        reason: r.get("reason")?,
        created_by: r.get("created_by")?,
        created_at: r.get("created_at")?,
        updated_at: r.get("updated_at")?,
        waiting_since: r.get("waiting_since")?,
        remind_at: r.get("remind_at")?,
        deadline_at: r.get("deadline_at")?,
        data_set: r.get("data_set")?,
        rules,
        // An offer that cannot be read stands for nothing: it only ever offers, it never ends a game.
        draw_offer: r.get::<Option<String>>("draw_offer")?.as_deref().and_then(read_offer),
        // Only ever a hint: one that cannot be read starts counting again.
        stall: r.get::<Option<String>>("stall")?,
    })
}

/// "tf:12" as the offering side's key and the mark the offer stands on.
fn read_offer(text: &str) -> Option<(String, u32)> {
    let (side, mark) = text.split_once(':')?;
    Some((side.to_string(), mark.parse().ok()?))
}

/// The people seated at a game.
async fn people_at(tx: &mut Tx, game: GameId) -> Result<Vec<UserId>, StoreError> {
    let rows = tx
        .sql("SELECT user_id FROM seats WHERE game_id = ? AND user_id IS NOT NULL AND user_id NOT LIKE 'computer:%'")
        .bind(game)
        .fetch_all(&mut *tx)
        .await?;
    Ok(rows.iter().map(|r| r.get("user_id")).collect::<Result<_, _>>()?)
}

/// Whether the computer holds a seat of a game.
async fn has_computer(tx: &mut Tx, game: GameId) -> Result<bool, StoreError> {
    let row = tx
        .sql("SELECT 1 FROM seats WHERE game_id = ? AND user_id LIKE 'computer:%' LIMIT 1")
        .bind(game)
        .fetch_optional(&mut *tx)
        .await?;
    Ok(row.is_some())
}

/// The `mode` column, kept for older releases: four seats or two (a game of another count is its seats').
fn mode_key(players: u8) -> &'static str {
    if players == 4 { "4p" } else { "2p" }
}

impl Store {
    /// A new game in the lobby, its seats empty but for `g.seated`, if it stays within `quotas`.
    pub async fn create_game(&self, g: &NewGame, now: Time, quotas: Option<&Quotas>) -> Result<GameId, StoreError> {
        let mut tx = self.db.begin_counting().await?;
        if let Some(q) = quotas {
            q.check_lobby(&mut tx, &g.created_by, g.guild_id.as_ref()).await?;
            if g.seated.iter().any(|(_, u)| u.is_computer()) {
                q.check_computer_games(&mut tx, &g.created_by, None).await?;
            }
        }
        // No id (NULL): the one after the highest ever used (games are never deleted).
        let chosen = match g.numbering {
            Numbering::Sequential => None,
            Numbering::Random => Some(free_random_id(&mut tx, now).await?),
        };
        let id: GameId = self.db.sql(
            "INSERT INTO games (id, game, guild_id, channel_id, title, mode, status, seed, settings, created_by, created_at, \
             updated_at, data_set, rules) VALUES (COALESCE(?, (SELECT COALESCE(MAX(id), 0) + 1 FROM games)), \
             ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(chosen)
        .bind(&g.game)
        .bind(&g.guild_id)
        .bind(&g.channel_id)
        .bind(&g.title)
        .bind(mode_key(g.players))
        .bind(g.seed as i64)
        .bind(&g.settings)
        .bind(&g.created_by)
        .bind(now)
        .bind(now)
        .bind(&g.data_set)
        .bind(i64::from(g.rules))
        .fetch_one(&mut tx)
        .await?
        .get("id")?;
        for seat in 0..usize::from(g.players) {
            let user = g.seated.iter().find(|(s, _)| *s == seat).map(|(_, u)| u);
            let invited = g.invited.iter().find(|(s, _)| *s == seat).map(|(_, u)| u);
            self.db
                .sql("INSERT INTO seats (game_id, seat, user_id, joined_at, invited) VALUES (?, ?, ?, ?, ?)")
                .bind(id)
                .bind(seat as i64)
                .bind(user)
                .bind(user.map(|_| now))
                .bind(invited)
                .execute(&mut tx)
                .await?;
        }
        tx.commit().await?;
        Ok(id)
    }

    pub async fn game(&self, id: GameId) -> Result<GameRow, StoreError> {
        let q = format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?");
        let row = self.db.sql(q).bind(id).fetch_optional(&self.db).await?;
        game_row(&row.ok_or(StoreError::NoGame(id))?)
    }

    /// Every game, newest first; a damaged row is returned as its error so the others still list.
    pub async fn games(&self) -> Result<Vec<Result<GameRow, StoreError>>, StoreError> {
        let q = format!("SELECT {GAME_COLUMNS} FROM games ORDER BY created_at DESC, id DESC");
        let rows = self.db.sql(q).fetch_all(&self.db).await?;
        Ok(rows.iter().map(game_row).collect())
    }

    /// Games where this user holds a seat, newest first.
    pub async fn games_of_user(&self, user: &UserId) -> Result<Vec<Result<GameRow, StoreError>>, StoreError> {
        let q = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE id IN (SELECT game_id FROM seats WHERE user_id = ?) \
             ORDER BY created_at DESC, id DESC"
        );
        let rows = self.db.sql(q).bind(user).fetch_all(&self.db).await?;
        Ok(rows.iter().map(game_row).collect())
    }

    /// The game whose thread this is (the newest, should a thread ever hold two).
    pub async fn game_in_thread(&self, thread: &ChannelId) -> Result<Option<GameId>, StoreError> {
        let row = self
            .db
            .sql("SELECT id FROM games WHERE thread_id = ? ORDER BY created_at DESC, id DESC LIMIT 1")
            .bind(thread)
            .fetch_optional(&self.db)
            .await?;
        Ok(row.map(|r| r.get("id")).transpose()?)
    }

    /// The server a game belongs to and the users sitting in it: enough to decide who may reach it, even
    /// when the rest of its record cannot be read.
    pub async fn owner(&self, id: GameId) -> Result<(Option<ServerId>, Vec<UserId>), StoreError> {
        let row = self.db.sql("SELECT guild_id FROM games WHERE id = ?").bind(id).fetch_optional(&self.db).await?;
        let guild: Option<ServerId> = row.ok_or(StoreError::NoGame(id))?.get("guild_id")?;
        let users = self
            .db
            .sql("SELECT user_id FROM seats WHERE game_id = ? AND user_id IS NOT NULL")
            .bind(id)
            .fetch_all(&self.db)
            .await?
            .iter()
            .map(|r| r.get("user_id"))
            .collect::<Result<Vec<UserId>, _>>()?;
        Ok((guild, users))
    }

    pub async fn seats(&self, id: GameId) -> Result<Vec<SeatRow>, StoreError> {
        let rows = self
            .db
            .sql("SELECT seat, user_id, invited FROM seats WHERE game_id = ? ORDER BY seat")
            .bind(id)
            .fetch_all(&self.db)
            .await?;
        rows.iter()
            .map(|r| {
                let seat: i64 = r.get("seat")?;
                let seat = usize::try_from(seat)
                    .map_err(|_| StoreError::Corrupt { game: id, detail: format!("seat number {seat}") })?;
                Ok(SeatRow { seat, user_id: r.get("user_id")?, invited: r.get("invited")? })
            })
            .collect()
    }

    /// Give a seat to a user (or empty it with `None`).
    pub async fn set_seat(&self, id: GameId, seat: usize, user: Option<&UserId>, now: Time) -> Result<(), StoreError> {
        self.db
            .sql("UPDATE seats SET user_id = ?, joined_at = ?, invited = NULL WHERE game_id = ? AND seat = ?")
            .bind(user)
            .bind(user.map(|_| now))
            .bind(id)
            .bind(seat as i64)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// Empty `user`'s seat of a game still in its lobby; `false` when the game has started meanwhile (in
    /// another process) or the seat is no longer theirs.
    pub async fn leave_lobby_seat(&self, id: GameId, seat: usize, user: &UserId) -> Result<bool, StoreError> {
        let done = self
            .db
            .sql(
                "UPDATE seats SET user_id = NULL, joined_at = NULL, invited = NULL \
             WHERE game_id = ? AND seat = ? AND user_id = ? \
             AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'lobby')",
            )
            .bind(id)
            .bind(seat as i64)
            .bind(user)
            .bind(id)
            .execute(&self.db)
            .await?;
        Ok(done == 1)
    }

    /// Seat a user on an empty seat, if they stay within `quotas`; `false` if someone sits there already.
    pub async fn claim_seat(
        &self,
        id: GameId,
        seat: usize,
        user: &UserId,
        now: Time,
        quotas: Option<&Quotas>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.db.begin_counting().await?;
        if let Some(q) = quotas {
            if user.is_computer() {
                // The computer seated makes it a game against the computer for everyone seated there.
                for person in people_at(&mut tx, id).await? {
                    q.check_computer_games(&mut tx, &person, Some(id)).await?;
                }
            } else {
                q.check_seat(&mut tx, user).await?;
                if has_computer(&mut tx, id).await? {
                    q.check_computer_games(&mut tx, user, Some(id)).await?;
                }
            }
        }
        // A seat kept for an invited member is theirs alone; taking it ends the invitation.
        let done = self
            .db
            .sql(
                "UPDATE seats SET user_id = ?, joined_at = ?, invited = NULL WHERE game_id = ? AND seat = ? \
             AND user_id IS NULL AND (invited IS NULL OR invited = ?)",
            )
            .bind(user)
            .bind(now)
            .bind(id)
            .bind(seat as i64)
            .bind(user)
            .execute(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Open the seats kept for `user` in a lobby (they declined). Whether there was one.
    pub async fn decline(&self, id: GameId, user: &UserId) -> Result<bool, StoreError> {
        let done = self
            .db
            .sql(
                "UPDATE seats SET invited = NULL WHERE game_id = ? AND invited = ? AND user_id IS NULL \
             AND game_id IN (SELECT id FROM games WHERE status = 'lobby')",
            )
            .bind(id)
            .bind(user)
            .execute(&self.db)
            .await?;
        Ok(done > 0)
    }

    pub async fn set_thread(&self, id: GameId, thread: &ChannelId) -> Result<(), StoreError> {
        self.db.sql("UPDATE games SET thread_id = ? WHERE id = ?").bind(thread).bind(id).execute(&self.db).await?;
        Ok(())
    }

    /// How many games there are of each status.
    pub async fn count_by_status(&self) -> Result<Vec<(&'static str, i64)>, StoreError> {
        let rows = self.db.sql("SELECT status, COUNT(*) AS n FROM games GROUP BY status").fetch_all(&self.db).await?;
        let mut counts: Vec<(&'static str, i64)> =
            ["lobby", "active", "paused", "finished", "abandoned"].map(|s| (s, 0)).to_vec();
        for r in rows {
            let status: String = r.get("status")?;
            let n: i64 = r.get("n")?;
            if let Some(c) = counts.iter_mut().find(|(s, _)| *s == status) {
                c.1 = n;
            }
        }
        Ok(counts)
    }

    /// A paused game goes on: active again, its wait starting now, in one statement.
    pub async fn resume(
        &self,
        id: GameId,
        now: Time,
        remind_at: Option<Time>,
        deadline_at: Option<Time>,
    ) -> Result<(), StoreError> {
        self.db
            .sql(
                "UPDATE games SET status = 'active', updated_at = ?, waiting_since = ?, remind_at = ?, deadline_at = ? \
             WHERE id = ?",
            )
            .bind(now)
            .bind(now)
            .bind(remind_at)
            .bind(deadline_at)
            .bind(id)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// A game's settings (JSON).
    pub async fn set_settings(&self, id: GameId, settings: &str, now: Time) -> Result<(), StoreError> {
        self.db
            .sql("UPDATE games SET settings = ?, updated_at = ? WHERE id = ?")
            .bind(settings)
            .bind(now)
            .bind(id)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// A game's settings (JSON), and the holders of some of its seats, changed in one transaction.
    pub async fn set_settings_and_seats(
        &self,
        id: GameId,
        settings: &str,
        seats: &[(usize, UserId)],
        now: Time,
    ) -> Result<(), StoreError> {
        let mut tx = self.db.begin().await?;
        self.db
            .sql("UPDATE games SET settings = ?, updated_at = ? WHERE id = ?")
            .bind(settings)
            .bind(now)
            .bind(id)
            .execute(&mut tx)
            .await?;
        for (seat, user) in seats {
            self.db
                .sql("UPDATE seats SET user_id = ?, joined_at = ?, invited = NULL WHERE game_id = ? AND seat = ?")
                .bind(user)
                .bind(now)
                .bind(id)
                .bind(*seat as i64)
                .execute(&mut tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Record a side's offer of a draw, standing on `mark` (replacing any older one).
    pub async fn offer_draw(&self, id: GameId, side: &str, mark: u32, now: Time) -> Result<(), StoreError> {
        self.db
            .sql("UPDATE games SET draw_offer = ?, updated_at = ? WHERE id = ?")
            .bind(format!("{side}:{mark}"))
            .bind(now)
            .bind(id)
            .execute(&self.db)
            .await?;
        Ok(())
    }

    /// End a running game in a draw by agreement, while `offer` (as `offer_draw` kept it) still stands:
    /// over, with no winner, its timers stopped. False when the game changed first (nothing is written).
    pub async fn end_in_draw(
        &self,
        id: GameId,
        offer: &str,
        rated: Option<&crate::ratings::Rated>,
        now: Time,
    ) -> Result<bool, StoreError> {
        let mut tx = if rated.is_some() { self.db.begin_counting().await? } else { self.db.begin().await? };
        let done = self
            .db
            .sql(
                "UPDATE games SET status = 'abandoned', reason = 'draw', draw_offer = NULL, updated_at = ?, \
             remind_at = NULL, deadline_at = NULL WHERE id = ? AND status = 'active' AND draw_offer = ?",
            )
            .bind(now)
            .bind(id)
            .bind(offer)
            .execute(&mut tx)
            .await?;
        if done == 1
            && let Some(rated) = rated
        {
            self.rate_in(&mut tx, id, rated, now).await?;
        }
        tx.commit().await?;
        Ok(done == 1)
    }

    /// Change a game's status (pause, resume, abandon), clearing its timers when it stops.
    pub async fn set_status(&self, id: GameId, status: Status, now: Time) -> Result<(), StoreError> {
        let stops = !matches!(status, Status::Active);
        self.db
            .sql(
                "UPDATE games SET status = ?, updated_at = ?, remind_at = CASE WHEN ? THEN NULL ELSE remind_at END, \
             deadline_at = CASE WHEN ? THEN NULL ELSE deadline_at END WHERE id = ?",
            )
            .bind(status.key())
            .bind(now)
            .bind(stops)
            .bind(stops)
            .bind(id)
            .execute(&self.db)
            .await?;
        Ok(())
    }
}
