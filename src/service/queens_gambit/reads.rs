//! The first game's reads in its own types, for its front ends: a seat's view (its menu's stamp with it),
//! a game's line for a list, the events of the last step, the whole engine game for local tools, and how
//! its saved steps read in a log.

use crate::games::queens_gambit::KEY;
use crate::games::queens_gambit::rules::{Data, Event, Game, Mode, Question, RulesVersion, Seat, View, Viewer, words};
use crate::service::room::LineReader;
use crate::service::tables::Held;
use crate::service::{Caller, HostPass, SeatPass, Service, ServiceError};
use crate::store::{ActionRow, ChannelId, GameId, Status, Time, UserId};

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
    pub data: std::sync::Arc<Data>,
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
        let live = self.reach_of(&mut guard, game, caller, Some(KEY)).await?;
        let Some(engine) = live.game() else { return Err(ServiceError::NotStarted { game }) };
        let mine = live.seats_held(caller.user());
        let seat = match seat {
            Some(s) if mine.contains(&s) => Some(s),
            Some(_) => return Err(ServiceError::NotSeated { game }),
            None => mine.iter().copied().find(|s| engine.decision_for(*s).is_some()).or(mine.first().copied()),
        };
        Ok(seated_view(live, engine, seat, mine))
    }

    /// One game's line for a list, as the caller sees it.
    pub async fn summary(&self, caller: &Caller, id: GameId) -> Result<GameSummary, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "summary");
        let slot = self.table_slot(id);
        let mut guard = slot.lock().await;
        let live = self.reach_of(&mut guard, id, caller, Some(KEY)).await?;
        summary_of(live, Some(caller.user()))
    }

    /// The events of the game's last action that the holder of `pass` may see (`None`: what a spectator
    /// may). A pass for another game shows only what a spectator sees.
    pub async fn last_events(&self, caller: &Caller, game: GameId, pass: Option<&SeatPass>) -> Vec<Event> {
        tracing::trace!(target: "gambit::service::call", call = "last_events");
        let side = pass.filter(|p| p.game() == game).map(|p| Seat::at(p.seat()).side());
        {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            if self.reach_of(&mut guard, game, caller, Some(KEY)).await.is_err() {
                return Vec::new();
            }
        }
        match self.store.recent_actions(game, 1).await {
            Ok(a) => a
                .first()
                .and_then(|a| serde_json::from_str::<Vec<Event>>(&a.events).ok())
                .unwrap_or_default()
                .into_iter()
                .filter(|e| e.visible_to(side))
                .collect(),
            Err(_) => Vec::new(),
        }
    }
}

impl Service {
    /// A copy of the whole engine game, secrets included: for local tools (the terminal game's random
    /// player, tests, benchmarks), never for showing to a player; so it takes the host's pass.
    pub async fn engine(&self, _host: &HostPass, game: GameId) -> Result<Game, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "engine");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.hold_of(&mut guard, game, Some(KEY)).await?;
        live.game().cloned().ok_or(ServiceError::NotStarted { game })
    }
}

/// The game as `seat` (a spectator: `None`) sees it, for a user holding `seats`.
pub(super) fn seated_view(live: &Held, engine: &Game, seat: Option<Seat>, seats: Vec<Seat>) -> SeatedView {
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

/// How the first game's saved steps read for `caller`: each step's saved events their side may see, in
/// the game's words.
pub(super) fn log_reader(live: &Held, caller: &Caller) -> Result<LineReader, ServiceError> {
    let (game, mode, data) = (live.row.id, live.mode(), live.first()?.data.clone());
    let side = live.seats_held(caller.user()).first().map(|s| s.side());
    Ok(Box::new(move |a: &ActionRow| {
        let events = saved_events(game, a)?;
        Ok(words::event_lines(&data, mode, events.iter().filter(|e| e.visible_to(side))))
    }))
}

/// The events a saved step of `game` kept (every audience's).
pub(super) fn saved_events(game: GameId, a: &ActionRow) -> Result<Vec<Event>, ServiceError> {
    serde_json::from_str(&a.events)
        .map_err(|e| ServiceError::Corrupt { game, detail: format!("action {}: {e}", a.seq) })
}
