//! Reminders and deadlines, stored as times so a restart rebuilds every timer with one query.

use super::{GameId, Store, StoreError, Time};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DueKind {
    /// Time to nudge whoever the game waits for.
    Reminder,
    /// The deadline for the current decision has passed.
    Deadline,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Due {
    pub game: GameId,
    pub kind: DueKind,
    pub at: Time,
}

impl Store {
    /// Active games with a reminder or a deadline at or before `now` that no process holds, oldest first.
    pub async fn due(&self, now: Time) -> Result<Vec<Due>, StoreError> {
        let rows = self
            .db
            .sql(
                "SELECT id, remind_at, deadline_at FROM games WHERE status = 'active' AND \
             ((remind_at IS NOT NULL AND remind_at <= ?) OR (deadline_at IS NOT NULL AND deadline_at <= ?)) \
             AND (timer_lease IS NULL OR timer_lease <= ?)",
            )
            .bind(now)
            .bind(now)
            .bind(now)
            .fetch_all(&self.db)
            .await?;
        let mut due = Vec::new();
        for r in rows {
            let game: GameId = r.get("id")?;
            let remind: Option<Time> = r.get("remind_at")?;
            let deadline: Option<Time> = r.get("deadline_at")?;
            if let Some(at) = deadline.filter(|t| *t <= now) {
                due.push(Due { game, kind: DueKind::Deadline, at });
            } else if let Some(at) = remind.filter(|t| *t <= now) {
                due.push(Due { game, kind: DueKind::Reminder, at });
            }
        }
        due.sort_by_key(|d| d.at);
        Ok(due)
    }

    /// Set a game's timers after `due` was handled, only if that timer is still the one that fell due;
    /// `false` if it changed meanwhile.
    pub async fn move_timers(
        &self,
        game: GameId,
        due: &Due,
        remind_at: Option<Time>,
        deadline_at: Option<Time>,
    ) -> Result<bool, StoreError> {
        let sql = match due.kind {
            DueKind::Reminder => {
                "UPDATE games SET remind_at = ?, deadline_at = ?, timer_lease = NULL WHERE id = ? AND remind_at = ?"
            }
            DueKind::Deadline => {
                "UPDATE games SET remind_at = ?, deadline_at = ?, timer_lease = NULL WHERE id = ? AND deadline_at = ?"
            }
        };
        let done = self.db.sql(sql).bind(remind_at).bind(deadline_at).bind(game).bind(due.at).execute(&self.db).await?;
        Ok(done == 1)
    }

    /// Take a due timer for this process until `until`: `false` if another process holds it (until its
    /// lease runs out) or it changed meanwhile. Handling it (`move_timers`) lets it go.
    pub async fn claim_due(&self, due: &Due, now: Time, until: Time) -> Result<bool, StoreError> {
        let sql = match due.kind {
            DueKind::Reminder => {
                "UPDATE games SET timer_lease = ? WHERE id = ? AND status = 'active' AND remind_at = ? \
                 AND (timer_lease IS NULL OR timer_lease <= ?)"
            }
            DueKind::Deadline => {
                "UPDATE games SET timer_lease = ? WHERE id = ? AND status = 'active' AND deadline_at = ? \
                 AND (timer_lease IS NULL OR timer_lease <= ?)"
            }
        };
        let done = self.db.sql(sql).bind(until).bind(due.game).bind(due.at).bind(now).execute(&self.db).await?;
        Ok(done == 1)
    }
}
