//! One accepted step saved, the same way for every game and both paths: its log line, its events, the
//! snapshot, the status, the wait's clock and the stall record in one transaction; then the record held
//! in memory brought to what was saved. A step taken back is undone the same way.

use super::{GameSettings, Service, ServiceError};
use crate::store::{Commit, GameRow, Status, Undo, UserId};

/// What a step changed, as the record keeps it.
pub(super) struct Step<'a> {
    pub seat: Option<usize>,
    pub user: &'a UserId,
    /// The request it came in (a Discord interaction): a request is applied once.
    pub interaction: Option<&'a str>,
    /// The step as a replay line.
    pub line: &'a str,
    /// Its events as the game keeps them (every audience's).
    pub events: &'a str,
    pub undoable: bool,
    /// It showed someone besides its maker's side something.
    pub public: bool,
    /// The game after it, as its snapshot.
    pub state: &'a str,
    /// Once over: the winner's key (none in a draw) and the reason's.
    pub over: Option<(Option<&'a str>, &'a str)>,
    /// Someone who did not decide before decides now: their wait starts.
    pub someone_new: bool,
    /// At a round's start: where the game stands, and since when (`None`: kept as it was).
    pub stall: Option<&'a str>,
    /// The standing draw offer lapses with it (cleared for good: an undo never revives it).
    pub offer_lapses: bool,
    /// It ends a rated game: its players' ratings move with it.
    pub rated: Option<crate::ratings::Rated>,
}

impl Service {
    /// Save `step`, decided on the version `row` holds, and bring `row` to it. On an error nothing was
    /// saved and `row` is as it was: the caller lets its copy be loaded afresh.
    pub(super) async fn save_step_of(
        &self,
        row: &mut GameRow,
        settings: &GameSettings,
        step: &Step<'_>,
    ) -> Result<(), ServiceError> {
        let game = row.id;
        let now = self.now();
        let status = if step.over.is_some() { Status::Finished } else { row.status };
        let (waiting_since, remind_at, deadline_at) =
            super::timing::wait_after(row, settings, step.over.is_some(), step.someone_new, now);
        let commit = Commit {
            game,
            expected: row.version,
            revision: row.revision,
            seat: step.seat,
            user: step.user,
            interaction: step.interaction,
            line: step.line,
            events: step.events,
            undoable: step.undoable,
            public: step.public,
            state: step.state,
            status,
            winner: step.over.and_then(|(winner, _)| winner),
            reason: step.over.map(|(_, reason)| reason),
            waiting_since,
            remind_at,
            deadline_at,
            stall: step.stall,
            offer_lapses: step.offer_lapses,
            rated: step.rated.as_ref(),
            now,
            owes: self.owing(row, now),
        };
        let (started, saved) = (std::time::Instant::now(), self.store.commit(&commit).await);
        ::metrics::histogram!(crate::ops::metrics::SAVE_SECONDS).record(started.elapsed().as_secs_f64());
        saved.inspect_err(|e| tracing::warn!(game, error = %e, "action not saved"))?;
        (row.version, row.revision) = (row.version + 1, row.revision + 1);
        if step.public {
            (row.moves, row.public_revision) = (row.moves + 1, row.public_revision + 1);
        }
        row.status = status;
        (row.waiting_since, row.remind_at, row.deadline_at) = (waiting_since, remind_at, deadline_at);
        if let Some((winner, reason)) = step.over {
            (row.winner, row.reason) = (winner.map(str::to_string), Some(reason.to_string()));
            tracing::info!(game, winner, "game finished");
            // Its computer players are let go (an outside program stops).
            self.computers.forget(game);
        }
        if let Some(stall) = step.stall {
            row.stall = Some(stall.to_string());
        }
        if step.offer_lapses {
            row.draw_offer = None;
        }
        self.tell_changed(game);
        Ok(())
    }

    /// Take back the newest step of the game `row` holds: `previous` is the snapshot before it, `public`
    /// whether it had shown anyone anything. Whoever decides again starts a new wait. On an error nothing
    /// changed and `row` is as it was.
    pub(super) async fn undo_step_of(
        &self,
        row: &mut GameRow,
        settings: &GameSettings,
        previous: &str,
        public: bool,
    ) -> Result<(), ServiceError> {
        let (game, version) = (row.id, row.version);
        let now = self.now();
        let (remind_at, deadline_at) = settings.timers(now);
        let undo = Undo {
            game,
            version,
            revision: row.revision,
            previous,
            waiting_since: Some(now),
            remind_at,
            deadline_at,
            now,
        };
        self.store.undo(&undo).await?;
        tracing::info!(game, version, "last move taken back");
        (row.version, row.revision) = (version - 1, row.revision + 1);
        if public {
            (row.moves, row.public_revision) = (row.moves.saturating_sub(1), row.public_revision + 1);
        }
        (row.waiting_since, row.remind_at, row.deadline_at) = (Some(now), remind_at, deadline_at);
        self.tell_changed(game);
        Ok(())
    }
}
