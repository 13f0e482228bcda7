//! Reading games: a seat's view, a user's games, the recent log, what is due.

use super::tables::{Held, LoggedMove};
use super::timing::Timer;
use super::{Caller, HostPass, SeatPass, Service, ServiceError};
use crate::games::queens_gambit::rules::{Mode, Question, RulesVersion, Seat, View, Viewer};
use crate::store::{ChannelId, Due, GameId, GameRow, Status, Time, UserId};

/// How long a process holds a due timer while it posts about it: far longer than a post takes, short
/// enough that a process's death delays a reminder only a little.
const TIMER_LEASE: i64 = 120;

/// What one user may see of a game.
#[derive(Clone, Debug)]
pub struct SeatedView {
    /// The seat the view is for (`None`: a spectator).
    pub seat: Option<Seat>,
    /// The proof that the viewer holds that seat: what reading its secrets elsewhere takes.
    pub pass: Option<SeatPass>,
    /// Every seat the user holds.
    pub seats: Vec<Seat>,
    pub view: View,
    /// The decision the seat must make now, worded, with its answers (never another seat's).
    pub question: Option<Question>,
    /// The game's public revision: what a public question's buttons carry.
    pub revision: u64,
    /// The public moves so far (secret steps are not counted).
    pub moves: u64,
    pub status: Status,
    /// The game data the game plays with (for card names and choices).
    pub data: std::sync::Arc<crate::games::queens_gambit::rules::Data>,
}

impl GameSummary {
    /// Where the game is played: its thread, or the channel it was started in.
    pub fn home(&self) -> Option<ChannelId> {
        self.thread_id.clone().or_else(|| self.channel_id.clone())
    }
}

impl SeatedView {
    /// What a private menu's buttons carry instead of the game's revision: a fingerprint of what the menu
    /// shows (the round, the seat's plan, the secret decision). Other players' moves leave it alone, so a
    /// menu stays usable while the table plays on; a menu showing an older plan or round no longer matches.
    pub fn menu_token(&self) -> u64 {
        let Some(seat) = self.seat else { return 0 };
        crate::games::queens_gambit::rules::menu_fingerprint(&self.view, seat, self.question.as_ref())
    }
}

/// A reminder or a passed deadline of an active game, to be said where it is played.
#[derive(Clone, Debug)]
pub struct Reminder {
    pub home: ChannelId,
    /// The users the game waits for, each once (one may hold two seats).
    pub users: std::collections::BTreeSet<UserId>,
    /// Of them, those who want a ping now (their preferences).
    pub pinged: std::collections::BTreeSet<UserId>,
    /// Who the game waits for, in words.
    pub waiting: String,
}

/// A line in a user's list of games.
#[derive(Clone, Debug)]
pub struct GameSummary {
    pub id: GameId,
    pub title: String,
    pub mode: Mode,
    pub status: Status,
    /// How many public moves have been made (the number of the last one): secret steps, such as plan
    /// changes, are not counted, so the other side learns nothing from it.
    pub moves: u64,
    pub seats: Vec<(Seat, Option<UserId>)>,
    /// Empty seats kept for invited members who have not accepted yet.
    pub invited: Vec<(Seat, UserId)>,
    /// Whether the asking user has a decision to make.
    pub your_move: bool,
    pub waiting: String,
    pub thread_id: Option<ChannelId>,
    pub channel_id: Option<ChannelId>,
    pub deadline_at: Option<Time>,
    /// The data set it plays with.
    pub data_set: String,
    /// The rules version it plays under.
    pub rules: RulesVersion,
    /// Its players are dealt to the seats at random when it starts.
    pub draw_sides: bool,
    /// The computer's level that plays for a player past a deadline, if the game has one.
    pub stand_in: Option<String>,
}

impl Service {
    /// The game as the caller may see it: their seat's view (the seat with a decision first), or a
    /// spectator's.
    pub async fn view(&self, caller: &Caller, game: GameId, seat: Option<Seat>) -> Result<SeatedView, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "view");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        let Some(engine) = live.game() else { return Err(ServiceError::NotStarted { game }) };
        let mine = live.seats_held(caller.user());
        let seat = match seat {
            Some(s) if mine.contains(&s) => Some(s),
            Some(_) => return Err(ServiceError::NotSeated { game }),
            None => mine.iter().copied().find(|s| engine.decision_for(*s).is_some()).or(mine.first().copied()),
        };
        Ok(seated_view(live, engine, seat, mine))
    }

    /// The game whose own thread the caller is in (what any command typed there means), if they can
    /// reach it.
    pub async fn game_here(&self, caller: &Caller) -> Result<Option<GameId>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_here");
        let Some(channel) = caller.channel() else { return Ok(None) };
        let Some(game) = self.store.game_in_thread(channel).await? else { return Ok(None) };
        let (guild, players) = self.store.owner(game).await?;
        Ok(caller.reaches_game_of(guild.as_ref(), players.iter().any(|u| u == caller.user())).then_some(game))
    }

    /// The game's current public revision: what `act` expects from a caller that has just looked at it.
    pub async fn revision(&self, game: GameId) -> Result<u64, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "revision");
        Ok(self.game_row(game).await?.public_revision)
    }

    /// The record of a game.
    pub async fn game_row(&self, game: GameId) -> Result<GameRow, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_row");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        Ok(self.hold_of(&mut guard, game, None).await?.row.clone())
    }

    /// The names of a game's `seats` in its own words, and where it is played (for any game; nothing
    /// when out of the caller's reach).
    pub async fn seats_and_home(
        &self,
        caller: &Caller,
        game: GameId,
        seats: &[usize],
    ) -> (Vec<String>, Option<ChannelId>) {
        let Ok((all, home)) = self.table_place(caller, game).await else { return (Vec::new(), None) };
        (seats.iter().filter_map(|s| all.get(*s).cloned()).collect(), home)
    }

    /// One game's line for a list, as the caller sees it.
    pub async fn summary(&self, caller: &Caller, id: GameId) -> Result<GameSummary, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "summary");
        let slot = self.table_slot(id);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, id, caller).await?;
        summary_of(live, Some(caller.user()))
    }

    /// The caller's view of the last `n` moves that show anything to them (their own side's secret lines
    /// included, the other side's left out), oldest first: each move's public number (none for a secret
    /// step of their side) and its lines.
    pub async fn log(&self, caller: &Caller, game: GameId, n: u32) -> Result<Vec<LoggedMove>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "log");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_table(&mut guard, game, caller).await?;
        // A game that keeps no events of its own is told by replaying its script (the lock let go).
        if live.first.is_none() {
            let Some(replay) = super::tables::Replay::of(live, caller) else { return Ok(Vec::new()) };
            // The steps' numbers as they are now, read before the game may move on.
            let numbers = self.store.recent_actions(game, super::tables::Replay::looked(n)).await?;
            drop(guard);
            return self.table_log(game, replay, &numbers, n).await;
        }
        // The first game's: its saved events, as the reader's side saw them.
        let (mode, side, data) =
            (live.mode(), live.seats_held(caller.user()).first().map(|s| s.side()), live.first()?.data.clone());
        drop(guard);
        let wanted = n as usize;
        let lines_of = |a: &crate::store::ActionRow| -> Result<Vec<String>, ServiceError> {
            let events: Vec<crate::games::queens_gambit::rules::Event> = serde_json::from_str(&a.events)
                .map_err(|e| ServiceError::Corrupt { game, detail: format!("action {}: {e}", a.seq) })?;
            Ok(crate::games::queens_gambit::rules::words::event_lines(
                &data,
                mode,
                events.iter().filter(|e| e.visible_to(side)),
            ))
        };
        let newest = |actions: &[crate::store::ActionRow]| -> Result<Vec<LoggedMove>, ServiceError> {
            let mut moves = Vec::new();
            for a in actions.iter().rev() {
                if moves.len() == wanted {
                    break;
                }
                let lines = lines_of(a)?;
                if !lines.is_empty() {
                    moves.push(LoggedMove { number: a.public_move, lines });
                }
            }
            Ok(moves)
        };
        // Most moves say something; when too many of the newest do not, read the whole log.
        let batch = n.saturating_mul(4).saturating_add(20);
        let recent = self.store.recent_actions(game, batch).await?;
        let mut moves = newest(&recent)?;
        if moves.len() < wanted && recent.len() == batch as usize {
            moves = newest(&self.store.actions(game).await?)?;
        }
        moves.reverse();
        Ok(moves)
    }

    /// The events of the game's last action that the holder of `pass` may see (`None`: what a spectator
    /// may). A pass for another game shows only what a spectator sees.
    pub async fn last_events(
        &self,
        caller: &Caller,
        game: GameId,
        pass: Option<&SeatPass>,
    ) -> Vec<crate::games::queens_gambit::rules::Event> {
        tracing::trace!(target: "gambit::service::call", call = "last_events");
        let side =
            pass.filter(|p| p.game() == game).map(|p| crate::games::queens_gambit::rules::Seat::at(p.seat()).side());
        {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            if self.reach_first(&mut guard, game, caller).await.is_err() {
                return Vec::new();
            }
        }
        match self.store.recent_actions(game, 1).await {
            Ok(a) => a
                .first()
                .and_then(|a| serde_json::from_str::<Vec<crate::games::queens_gambit::rules::Event>>(&a.events).ok())
                .unwrap_or_default()
                .into_iter()
                .filter(|e| e.visible_to(side))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The id of every game in the database, newest first; a record that cannot be read is its error.
    pub async fn game_ids(&self) -> Result<Vec<Result<GameId, ServiceError>>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_ids");
        Ok(self.store.games().await?.into_iter().map(|r| r.map(|row| row.id).map_err(ServiceError::from)).collect())
    }

    /// Reminders and deadlines that are due now (and that no process holds).
    pub async fn due(&self) -> Result<Vec<Due>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "due");
        Ok(self.store.due(self.now()).await?)
    }

    /// Take a due timer for this process before saying anything about it: `false` when another process
    /// holds it (or it changed), and then this one leaves it alone. Held for `TIMER_LEASE` seconds: if
    /// this process dies before it is handled, another takes it then.
    pub async fn claim(&self, due: &Due) -> Result<bool, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "claim");
        let now = self.now();
        Ok(self.store.claim_due(due, now, now + TIMER_LEASE).await?)
    }
}

impl Service {
    /// A due timer of any game, met: a reminder moves on to `next_reminder` (the deadline stays), a
    /// deadline clears both; saved only while the record still holds it, and set on `row` then.
    pub(super) async fn move_timer(
        &self,
        row: &mut GameRow,
        due: &Due,
        next_reminder: Option<crate::store::Time>,
    ) -> Result<Timer, ServiceError> {
        let (remind_at, deadline_at) = match due.kind {
            crate::store::DueKind::Reminder if row.remind_at == Some(due.at) => (next_reminder, row.deadline_at),
            crate::store::DueKind::Deadline if row.deadline_at == Some(due.at) => (None, None),
            _ => return Ok(Timer::Gone),
        };
        if !self.store.move_timers(due.game, due, remind_at, deadline_at).await? {
            return Ok(Timer::Stale);
        }
        (row.remind_at, row.deadline_at) = (remind_at, deadline_at);
        Ok(Timer::Moved)
    }
}

impl Service {
    /// A copy of the whole engine game, secrets included: for local tools (the terminal game's random
    /// player, tests, benchmarks), never for showing to a player; so it takes the host's pass.
    pub async fn engine(
        &self,
        _host: &HostPass,
        game: GameId,
    ) -> Result<crate::games::queens_gambit::rules::Game, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "engine");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.hold_first(&mut guard, game).await?;
        live.game().cloned().ok_or(ServiceError::NotStarted { game })
    }
}

/// The game as `seat` (a spectator: `None`) sees it, for a user holding `seats`.
pub(super) fn seated_view(
    live: &Held,
    engine: &crate::games::queens_gambit::rules::Game,
    seat: Option<Seat>,
    seats: Vec<Seat>,
) -> SeatedView {
    let viewer = seat.map(Viewer::Seat).unwrap_or(Viewer::Spectator);
    SeatedView {
        seat,
        pass: seat.map(|s| SeatPass::mint(live.row.id, s.index())),
        seats,
        view: engine.view(viewer),
        question: seat.and_then(|s| engine.question_for(s)),
        revision: live.row.public_revision,
        moves: live.row.moves,
        status: live.row.status,
        data: engine.data_arc(),
    }
}

/// A game's line for a list, as `user` (if any) sees it.
fn summary_of(live: &Held, user: Option<&UserId>) -> Result<GameSummary, ServiceError> {
    let first = live.first()?;
    let (your_move, waiting) = match live.game() {
        Some(g) if !live.row.status.is_over() => {
            (user.is_some_and(|u| live.seats_held(u).iter().any(|s| g.decision_for(*s).is_some())), g.waiting_for())
        }
        Some(g) => (false, g.waiting_for()),
        None => (false, "players to join".to_string()),
    };
    Ok(GameSummary {
        id: live.row.id,
        title: live.row.title.clone(),
        mode: live.mode(),
        status: live.row.status,
        moves: live.row.moves,
        seats: live.seats.iter().map(|s| (Seat::at(s.seat), s.user_id.clone())).collect(),
        invited: live
            .seats
            .iter()
            .filter(|s| s.user_id.is_none())
            .filter_map(|s| Some((Seat::at(s.seat), s.invited.clone()?)))
            .collect(),
        your_move,
        waiting,
        thread_id: live.row.thread_id.clone(),
        channel_id: live.row.channel_id.clone(),
        deadline_at: live.row.deadline_at,
        data_set: first.data.id.clone(),
        rules: first.rules,
        draw_sides: live.settings.draw_sides,
        stand_in: live.settings.stand_ins.stand_in.clone(),
    })
}
