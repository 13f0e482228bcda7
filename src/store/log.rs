//! The action log and state snapshots. An action is appended together with the state after it, in one
//! transaction guarded by the game's version, so two clicks on the same version can never both land.

use super::sql::Rec;
use super::{GameId, Quotas, ServerId, Status, Store, StoreError, Time, UserId};

/// One accepted action and everything that changes with it.
#[derive(Clone, Debug)]
pub struct Commit<'a> {
    pub game: GameId,
    /// The version the action was decided on; the action becomes version `expected + 1`.
    pub expected: u64,
    /// The revision the action was decided on: the write happens only if the game is still there.
    pub revision: u64,
    pub seat: Option<usize>,
    pub user: &'a UserId,
    /// The request that caused it (a Discord interaction id): unique, so a request is applied once.
    pub interaction: Option<&'a str>,
    /// The action as a replay-script line.
    pub line: &'a str,
    /// The events it produced, as JSON.
    pub events: &'a str,
    pub undoable: bool,
    /// It showed anyone something (a public move), as opposed to a secret step only its side sees.
    pub public: bool,
    /// The engine state after the action, as JSON.
    pub state: &'a str,
    pub status: Status,
    pub winner: Option<&'a str>,
    pub reason: Option<&'a str>,
    pub waiting_since: Option<Time>,
    pub remind_at: Option<Time>,
    pub deadline_at: Option<Time>,
    /// A new round's `Stall` as JSON (`None`: kept as it is).
    pub stall: Option<&'a str>,
    /// The standing draw offer lapses with this step: it is cleared, so no later undo revives it.
    pub offer_lapses: bool,
    /// The game ends with this step and moves its players' ratings so.
    pub rated: Option<&'a crate::ratings::Rated>,
    pub now: Time,
    /// The step owes its thread posts (a game played in a channel): who tells it.
    pub owes: Option<super::Owing<'a>>,
}

/// A game leaving its lobby.
#[derive(Clone, Copy, Debug)]
pub struct Opening<'a> {
    pub game: GameId,
    /// The engine state at version 0.
    pub state: &'a str,
    /// Who sits where (seats may have been drawn).
    pub seating: &'a [(usize, Option<UserId>)],
    pub waiting_since: Time,
    pub remind_at: Option<Time>,
    pub deadline_at: Option<Time>,
    /// The server's limit of games in play, checked in the same transaction.
    pub within: Option<(&'a Quotas, &'a ServerId)>,
    /// The start owes its thread posts (its first news): who tells it.
    pub owes: Option<super::Owing<'a>>,
}

/// Taking back the last action.
#[derive(Clone, Debug)]
pub struct Undo<'a> {
    pub game: GameId,
    /// The action to take back (the game's current version).
    pub version: u64,
    /// The revision the undo was decided on.
    pub revision: u64,
    /// The state before the action, as JSON.
    pub previous: &'a str,
    /// The timers to restore: the wait had started again for whoever must decide now.
    pub waiting_since: Option<Time>,
    pub remind_at: Option<Time>,
    pub deadline_at: Option<Time>,
    pub now: Time,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    pub seq: u64,
    pub seat: Option<usize>,
    pub user_id: UserId,
    pub line: String,
    pub events: String,
    pub undoable: bool,
    pub created_at: Time,
    /// Its number among the public moves (`None`: a secret step).
    pub public_move: Option<u64>,
}

fn action_row(game: GameId, r: &Rec) -> Result<ActionRow, StoreError> {
    let seq: i64 = r.get("seq")?;
    let seat: Option<i64> = r.get("seat")?;
    let bad = |d: String| StoreError::Corrupt { game, detail: d };
    Ok(ActionRow {
        seq: u64::try_from(seq).map_err(|_| bad(format!("action number {seq}")))?,
        seat: seat.map(|s| usize::try_from(s).map_err(|_| bad(format!("seat {s}")))).transpose()?,
        user_id: r.get("user_id")?,
        line: r.get("line")?,
        events: r.get("events")?,
        undoable: r.get("undoable")?,
        created_at: r.get("created_at")?,
        public_move: r.get::<Option<i64>>("public_move")?.map(|n| n.max(0) as u64),
    })
}

/// Keep a version's state, replacing one kept before.
const SAVE_SNAPSHOT: &str = "INSERT INTO snapshots (game_id, version, state) VALUES (?, ?, ?) \
     ON CONFLICT (game_id, version) DO UPDATE SET state = excluded.state";
const SAVE_FIRST_SNAPSHOT: &str = "INSERT INTO snapshots (game_id, version, state) VALUES (?, 0, ?) \
     ON CONFLICT (game_id, version) DO UPDATE SET state = excluded.state";

/// A person's move ends their absence.
const BACK_FROM_AWAY: &str =
    "UPDATE user_settings SET away_until = NULL, updated_at = ? WHERE user_id = ? AND away_until IS NOT NULL";

impl Store {
    async fn current_revision(&self, game: GameId) -> Result<u64, StoreError> {
        let row = self.db.sql("SELECT revision FROM games WHERE id = ?").bind(game).fetch_optional(&self.db).await?;
        let v: i64 = row.ok_or(StoreError::NoGame(game))?.get("revision")?;
        Ok(v.max(0) as u64)
    }

    /// Append an action and its snapshot, if the game is still at revision `c.revision`; a person's move
    /// ends their absence (`user_settings.away_until`) in the same transaction.
    pub async fn commit(&self, c: &Commit<'_>) -> Result<(), StoreError> {
        let version = c.expected + 1;
        // Ratings are read and written in the transaction: two games ending at once take turns.
        let mut tx = if c.rated.is_some() { self.db.begin_counting().await? } else { self.db.begin().await? };
        // The revision check and the write are one statement: the first writer wins, the other sees 0 rows.
        let updated = self
            .db
            .sql(
                "UPDATE games SET version = ?, revision = revision + 1, moves = moves + ?, \
             public_revision = public_revision + ?, status = ?, winner = ?, reason = ?, \
             updated_at = ?, waiting_since = ?, remind_at = ?, deadline_at = ?, stall = COALESCE(?, stall), \
             timer_lease = NULL, draw_offer = CASE WHEN ? THEN NULL ELSE draw_offer END \
             WHERE id = ? AND revision = ? AND version = ?",
            )
            .bind(version as i64)
            .bind(i64::from(c.public))
            .bind(i64::from(c.public))
            .bind(c.status.key())
            .bind(c.winner)
            .bind(c.reason)
            .bind(c.now)
            .bind(c.waiting_since)
            .bind(c.remind_at)
            .bind(c.deadline_at)
            .bind(c.stall)
            .bind(c.offer_lapses)
            .bind(c.game)
            .bind(c.revision as i64)
            .bind(c.expected as i64)
            .execute(&mut tx)
            .await?;
        if updated == 0 {
            drop(tx);
            let current = self.current_revision(c.game).await?;
            return Err(StoreError::Stale { game: c.game, expected: c.revision, current });
        }
        self.append_action(&mut tx, c, version).await?;
        if let Some(rated) = c.rated {
            self.rate_in(&mut tx, c.game, rated, c.now).await?;
        }
        if let Some(owing) = &c.owes {
            self.owe(&mut tx, c.game, version, owing).await?;
        }
        if !c.user.is_computer() {
            self.db.sql(BACK_FROM_AWAY).bind(c.now).bind(c.user.as_str()).execute(&mut tx).await?;
        }
        self.db.sql(SAVE_SNAPSHOT).bind(c.game).bind(version as i64).bind(c.state).execute(&mut tx).await?;
        // Keep the previous snapshot as well, as records always have; older ones can be rebuilt from the log.
        self.db
            .sql("DELETE FROM snapshots WHERE game_id = ? AND version < ?")
            .bind(c.game)
            .bind(c.expected as i64)
            .execute(&mut tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The action's line and events, numbered `version`, in the transaction of its commit.
    async fn append_action(&self, tx: &mut super::sql::Tx, c: &Commit<'_>, version: u64) -> Result<(), StoreError> {
        self.db
            .sql(
                "INSERT INTO actions (game_id, seq, seat, user_id, line, events, undoable, created_at, public_move, \
             interaction) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN (SELECT moves FROM games WHERE id = ?) END, ?)",
            )
            .bind(c.game)
            .bind(version as i64)
            .bind(c.seat.map(|s| s as i64))
            .bind(c.user)
            .bind(c.line)
            .bind(c.events)
            .bind(c.undoable)
            .bind(c.now)
            .bind(c.public)
            .bind(c.game)
            .bind(c.interaction)
            .execute(tx)
            .await
            .map_err(|e| StoreError::unique(e, || StoreError::Repeated { game: c.game }))?;
        Ok(())
    }

    /// A lobby game starts: its players take their final seats, its first snapshot (version 0) is written
    /// and its status becomes active, all at once (if its server stays within `within`).
    pub async fn start(&self, o: &Opening<'_>) -> Result<(), StoreError> {
        let Opening { game, state, seating, waiting_since, remind_at, deadline_at, within, owes } = *o;
        let mut tx = self.db.begin_counting().await?;
        if let Some((quotas, guild)) = within {
            quotas.check_game(&mut tx, guild).await?;
            if seating.iter().any(|(_, u)| u.as_ref().is_some_and(UserId::is_computer)) {
                for user in seating.iter().filter_map(|(_, u)| u.as_ref()) {
                    quotas.check_computer_games(&mut tx, user, Some(game)).await?;
                }
            }
        }
        let updated = self
            .db
            .sql(
                "UPDATE games SET status = 'active', updated_at = ?, waiting_since = ?, remind_at = ?, deadline_at = ? \
             WHERE id = ? AND status = 'lobby' AND version = 0",
            )
            .bind(waiting_since)
            .bind(waiting_since)
            .bind(remind_at)
            .bind(deadline_at)
            .bind(game)
            .execute(&mut tx)
            .await?;
        if updated == 0 {
            drop(tx);
            let current = self.current_revision(game).await?;
            return Err(StoreError::Stale { game, expected: 0, current });
        }
        for (seat, user) in seating {
            self.db
                .sql("UPDATE seats SET user_id = ? WHERE game_id = ? AND seat = ?")
                .bind(user)
                .bind(game)
                .bind(*seat as i64)
                .execute(&mut tx)
                .await?;
        }
        self.db.sql(SAVE_FIRST_SNAPSHOT).bind(game).bind(state).execute(&mut tx).await?;
        if let Some(owing) = &owes {
            self.owe(&mut tx, game, 0, owing).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Take back the last action (version `u.version`, at revision `u.revision`): the game returns to
    /// `version - 1`, whose state is `u.previous` (written if it is not already kept), with the timers
    /// it had then. The revision still goes up.
    pub async fn undo(&self, u: &Undo<'_>) -> Result<(), StoreError> {
        let (game, version) = (u.game, u.version);
        let mut tx = self.db.begin().await?;
        let updated = self
            .db
            .sql(
                "UPDATE games SET version = ?, revision = revision + 1, status = 'active', winner = NULL, \
             reason = NULL, updated_at = ?, waiting_since = ?, remind_at = ?, deadline_at = ?, \
             moves = moves - (SELECT COUNT(*) FROM actions WHERE game_id = games.id AND seq = games.version \
                              AND public_move IS NOT NULL), \
             public_revision = public_revision + (SELECT COUNT(*) FROM actions WHERE game_id = games.id \
                              AND seq = games.version AND public_move IS NOT NULL) \
             WHERE id = ? AND version = ? AND revision = ?",
            )
            .bind(version as i64 - 1)
            .bind(u.now)
            .bind(u.waiting_since)
            .bind(u.remind_at)
            .bind(u.deadline_at)
            .bind(game)
            .bind(version as i64)
            .bind(u.revision as i64)
            .execute(&mut tx)
            .await?;
        if updated == 0 {
            drop(tx);
            let current = self.current_revision(game).await?;
            return Err(StoreError::Stale { game, expected: u.revision, current });
        }
        self.db
            .sql("DELETE FROM actions WHERE game_id = ? AND seq = ?")
            .bind(game)
            .bind(version as i64)
            .execute(&mut tx)
            .await?;
        self.db
            .sql("DELETE FROM snapshots WHERE game_id = ? AND version >= ?")
            .bind(game)
            .bind(version as i64)
            .execute(&mut tx)
            .await?;
        self.db.sql(SAVE_SNAPSHOT).bind(game).bind(version as i64 - 1).bind(u.previous).execute(&mut tx).await?;
        self.owe_nothing_from(&mut tx, game, version).await?;
        self.unrate_in(&mut tx, game).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The newest snapshot: (version, state JSON).
    pub async fn latest_snapshot(&self, game: GameId) -> Result<Option<(u64, String)>, StoreError> {
        let row = self
            .db
            .sql("SELECT version, state FROM snapshots WHERE game_id = ? ORDER BY version DESC LIMIT 1")
            .bind(game)
            .fetch_optional(&self.db)
            .await?;
        row.map(|r| {
            let v: i64 = r.get("version")?;
            Ok((v.max(0) as u64, r.get("state")?))
        })
        .transpose()
    }

    /// The whole log of a game, oldest first.
    pub async fn actions(&self, game: GameId) -> Result<Vec<ActionRow>, StoreError> {
        let rows = self.db.sql(
            "SELECT seq, seat, user_id, line, events, undoable, created_at, public_move FROM actions WHERE game_id = ? ORDER BY seq",
        )
        .bind(game)
        .fetch_all(&self.db)
        .await?;
        rows.iter().map(|r| action_row(game, r)).collect()
    }

    /// Every action's line, oldest first, and the events of action `last` (a game's replay script and
    /// what its newest step showed, without reading every step's events).
    pub async fn log_lines(&self, game: GameId, last: u64) -> Result<(Vec<String>, Option<String>), StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT seq, line, CASE WHEN seq = ? THEN events ELSE NULL END AS events FROM actions \
                 WHERE game_id = ? ORDER BY seq",
            )
            .bind(last as i64)
            .bind(game)
            .fetch_all(&self.db)
            .await?;
        let mut lines = Vec::with_capacity(rows.len());
        let mut events = None;
        for r in &rows {
            lines.push(r.get("line")?);
            if let Some(e) = r.get::<Option<String>>("events")? {
                events = Some(e);
            }
        }
        Ok((lines, events))
    }

    /// The last `n` actions, oldest first.
    pub async fn recent_actions(&self, game: GameId, n: u32) -> Result<Vec<ActionRow>, StoreError> {
        let rows = self.db.sql(
            "SELECT seq, seat, user_id, line, events, undoable, created_at, public_move FROM actions WHERE game_id = ? \
             ORDER BY seq DESC LIMIT ?",
        )
        .bind(game)
        .bind(i64::from(n))
        .fetch_all(&self.db)
        .await?;
        let mut v: Vec<ActionRow> = rows.iter().map(|r| action_row(game, r)).collect::<Result<_, _>>()?;
        v.reverse();
        Ok(v)
    }
}

impl Store {
    /// Whether the events of any action of a game before `seq` hold one of `needles` (a game asks what it
    /// told before: its first dice, say), in the game's own saved form.
    pub async fn mentioned_before(&self, game: GameId, seq: u64, needles: &[&str]) -> Result<bool, StoreError> {
        if needles.is_empty() {
            return Ok(false);
        }
        let any = vec!["events LIKE ?"; needles.len()].join(" OR ");
        let q = format!("SELECT 1 FROM actions WHERE game_id = ? AND seq < ? AND ({any}) LIMIT 1");
        let mut query = self.db.sql(q).bind(game).bind(seq as i64);
        for needle in needles {
            query = query.bind(format!("%{needle}%"));
        }
        Ok(query.fetch_optional(&self.db).await?.is_some())
    }

    /// Replace the snapshot of a version (after rebuilding it from the log).
    pub async fn repair_snapshot(&self, game: GameId, version: u64, state: &str) -> Result<(), StoreError> {
        self.db.sql(SAVE_SNAPSHOT).bind(game).bind(version as i64).bind(state).execute(&self.db).await?;
        Ok(())
    }
}
