//! Every game's clock: a reminder while a move waits, and at its deadline the players' stand-in, when they
//! chose one, takes every late seat until its player is back; else the game's own default choice is made
//! once for each (Stratego's: the computer's move, from that seat's view), saved like any choice, or, for
//! a game that has none (the first game), the game waits for its players.

use super::Held;
use super::play::TableNews;
use crate::service::stand_in::Seating;
use crate::service::timing::Timer;
use crate::service::{Caller, Reminder, Service, ServiceError};
use crate::store::{Due, DueKind, GameId, Status, UserId};

impl Service {
    /// What to say for a due timer of any game: nothing when it is no longer active, waits for nobody but
    /// the computer or players away, or has nowhere to say it.
    pub async fn reminder(&self, due: &Due) -> Option<Reminder> {
        tracing::trace!(target: "gambit::service::call", call = "reminder");
        let slot = self.table_slot(due.game);
        let mut guard = slot.lock().await;
        let host = Caller::host(&crate::service::host::terminal(), "timers");
        let held = self.reach_table(&mut guard, due.game, &host).await.ok()?;
        let engine = held.engine.as_deref().filter(|_| held.row.status == Status::Active)?;
        let mut users: std::collections::BTreeSet<UserId> =
            engine.deciders().iter().filter_map(|s| held.user_of(*s)).filter(|u| !u.is_computer()).collect();
        let waiting = engine.waiting();
        let home = held.row.home()?;
        drop(guard);
        let away = self.away_among(&users.iter().cloned().collect::<Vec<_>>()).await;
        users.retain(|u| !away.contains_key(u));
        if users.is_empty() {
            return None;
        }
        let pinged = self.wanting_pings(&users, due.game).await;
        Some(Reminder { home, users, pinged, waiting })
    }

    /// A due timer of any game was told: the next reminder after another interval; past the deadline, the
    /// stand-in or the game's default choice for everyone it waits for (what changed, to post; none when
    /// nothing did).
    pub async fn handled(&self, due: &Due) -> Result<Option<TableNews>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "handled");
        let slot = self.table_slot(due.game);
        let mut guard = slot.lock().await;
        let host = Caller::host(&crate::service::host::terminal(), "timers");
        let held = self.reach_table(&mut guard, due.game, &host).await?;
        let now = self.now();
        match self.move_timer(&mut held.row, due, held.settings.timers(now).0).await? {
            Timer::Moved => {}
            Timer::Gone => return Ok(None),
            Timer::Stale => {
                held.stale = true;
                return Ok(None);
            }
        }
        if due.kind != DueKind::Deadline || held.row.status != Status::Active {
            return Ok(None);
        }
        // A player away is not late: the clock waits for them till they are back.
        let Some(late) = self.late_seats(held, now).await? else { return Ok(None) };
        let Some(engine) = held.engine.as_deref() else { return Ok(None) };
        let was_in_play = held.in_play();
        let before = engine.deciders();
        // A game with no default choice waits for its players (the first game): its clock stops here.
        let waits = engine.deciders().iter().all(|s| engine.default_choice(*s).is_none());
        // The players' stand-in, if they chose one, takes the late seats until their players are back;
        // else the game's default choice is made once for each.
        let names = engine.seat_names();
        let seating = Seating { row: &mut held.row, seats: &mut held.seats, settings: &mut held.settings };
        let name = |seat: usize| names.get(seat).cloned().unwrap_or_default();
        let (stood_in, mut made) = match self.stand_in_at(seating, &late, name).await {
            Ok(taken) => (taken, Ok(())),
            Err(e) => (Vec::new(), Err(e)),
        };
        let mut lines = Vec::new();
        if made.is_ok() && stood_in.is_empty() {
            made = self.default_choices(held, due.game, &late, &mut lines).await;
        }
        // A wait that no saved choice ended keeps its clock: the next reminder and deadline start now.
        if !waits && held.row.status == Status::Active && held.row.deadline_at.is_none() {
            let (remind_at, deadline_at) = held.settings.timers(now);
            if deadline_at.is_some() && self.store.resume(due.game, now, remind_at, deadline_at).await.is_ok() {
                (held.row.remind_at, held.row.deadline_at) = (remind_at, deadline_at);
            }
        }
        made?;
        // Nothing changed in a game that waits for its players: the deadline's own post said it all.
        if waits && stood_in.is_empty() && lines.is_empty() {
            return Ok(None);
        }
        let mut news = self.news_after(held, lines, was_in_play, &before).await;
        news.stood_in = stood_in;
        Ok(Some(news))
    }

    /// The seats a passed deadline finds late: those the game waits for whose people are not away. None
    /// when everyone it waits for is away: its clock then starts again as the last of them is back.
    async fn late_seats(&self, held: &mut Held, now: crate::store::Time) -> Result<Option<Vec<usize>>, ServiceError> {
        let Some(engine) = held.engine.as_deref() else { return Ok(Some(Vec::new())) };
        let people: Vec<(usize, UserId)> = engine
            .deciders()
            .into_iter()
            .filter_map(|s| held.user_of(s).filter(|u| !u.is_computer()).map(|u| (s, u)))
            .collect();
        let away = self.away_among(&people.iter().map(|(_, u)| u.clone()).collect::<Vec<_>>()).await;
        let late: Vec<usize> = people.iter().filter(|(_, u)| !away.contains_key(u)).map(|(s, _)| *s).collect();
        if late.is_empty() && !people.is_empty() {
            let back = away.values().max().copied().unwrap_or(now).max(now);
            let (remind_at, deadline_at) = held.settings.timers(back);
            self.store.resume(held.row.id, now, remind_at, deadline_at).await?;
            (held.row.remind_at, held.row.deadline_at) = (remind_at, deadline_at);
            return Ok(None);
        }
        Ok(Some(late))
    }

    /// Past a deadline with no stand-in: the game's default choice for each `late` seat, saved, its lines
    /// told in `lines`; stops at the first that cannot be saved.
    async fn default_choices(
        &self,
        held: &mut Held,
        game: GameId,
        late: &[usize],
        lines: &mut Vec<String>,
    ) -> Result<(), ServiceError> {
        for seat in late.iter().copied() {
            let Some(engine) = held.engine.as_deref() else { break };
            let Some(choice) = engine.default_choice(seat) else { continue };
            let name = engine.seat_names().get(seat).cloned().unwrap_or_default();
            let mut step = vec![format!("⌛ {name} ran out of time: the computer chose for them.")];
            let computer = super::lobby::table_computer();
            // A refusal may quote the seat's hand: only at debug.
            let refused = |why: String| {
                tracing::debug!(game, reason = %why, "the rules refused a deadline's default choice");
                ServiceError::Computer { game, detail: "the rules refused its default choice".into() }
            };
            self.take_step(held, seat, &choice, (&computer, None), &mut step, refused).await?;
            lines.extend(step);
            tracing::info!(game, seat, "a table's deadline passed: the default choice was made");
        }
        Ok(())
    }

    /// A player the computer stood in for takes back their seat at table `game`.
    pub(in crate::service) async fn table_come_back(
        &self,
        caller: &Caller,
        game: GameId,
    ) -> Result<Vec<usize>, ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        held.playing()?;
        let sides = held.sides();
        let side = |s: usize| sides.get(s);
        let seating = Seating { row: &mut held.row, seats: &mut held.seats, settings: &mut held.settings };
        self.back_at(seating, caller.user(), |a, b| side(a) != side(b)).await
    }
}
