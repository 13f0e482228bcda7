//! Computer seats, of every game. A seat held by the user id `computer:LEVEL` is played by the computer:
//! when the game waits for it, the service takes what that seat may see (for the first game `ai::Seen`,
//! with worlds drawn from the seat's knowledge only; for a table `Engine::seen`), lets the game's player
//! (`games::Player`) think — a searching one on the bounded pool of search threads, off the async
//! runtime, so a thinking computer never slows the human games; one that answers at once right away —
//! then plays and saves its answer like a player's. Its plan is secret like a player's, and its moves are
//! logged and announced like a player's.

use super::play::check_active;
use super::stand_in::{Seating, StandIn};
use super::tables::Held;
use super::{Service, ServiceError, Update};
use crate::ai::{self, Forfeit, Seen, Spec};
use crate::games::Player;
use crate::games::effort;
use crate::rules::{Choice, Seat, Viewer};
use crate::store::{GameId, Status, UserId};
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Agents kept between decisions, at most.
const KEEP_AGENTS: usize = 4096;

/// Kept players by game, seat and the computer's user id (a seat given to another level gets a new one).
type Kept = HashMap<(GameId, Seat, UserId), Box<dyn Player>>;

/// What the computer needs to play: the levels' budgets, the pool its searches run on, and the players
/// that keep something between decisions (an outside program keeps running), by game and seat.
pub(super) struct Computers {
    settings: effort::Settings,
    pool: Arc<tokio::sync::Semaphore>,
    agents: Mutex<Kept>,
    /// Whether seats may be played by outside programs (`cmd:`): the terminal's host only, never the bot.
    programs: bool,
}

impl Computers {
    pub fn new(settings: effort::Settings, threads: usize) -> Computers {
        Computers {
            settings,
            pool: Arc::new(tokio::sync::Semaphore::new(threads.max(1))),
            agents: Mutex::new(HashMap::new()),
            programs: false,
        }
    }

    /// Let outside programs play (the terminal game).
    pub fn with_programs(mut self) -> Computers {
        self.programs = true;
        self
    }

    /// Whether a computer of `level` may play here: an outside program only at the terminal.
    pub fn allows(&self, level: &str) -> bool {
        self.programs || !effort::is_program(level)
    }

    /// The player of a seat: its own if it has one waiting, else a new one (`make`).
    fn take(&self, key: &(GameId, Seat, UserId), make: Make) -> Result<Box<dyn Player>, String> {
        let kept = self.agents.lock().ok().and_then(|mut m| m.remove(key));
        match kept {
            Some(player) => Ok(player),
            None => make(&self.settings),
        }
    }

    fn keep(&self, key: (GameId, Seat, UserId), agent: Box<dyn Player>) {
        let mut gone = HashMap::new();
        if let Ok(mut m) = self.agents.lock() {
            // Agents of games ended elsewhere stay until their game is looked at again: past this many,
            // all go (a built-in agent keeps only its plan for the round, which it can weigh again).
            if m.len() >= KEEP_AGENTS {
                gone = std::mem::take(&mut *m);
            }
            m.insert(key, agent);
        }
        // Dropped outside the lock: an outside program is stopped as its agent goes.
        drop(gone);
    }

    /// Forget a game's players (its outside programs stop).
    pub fn forget(&self, game: GameId) {
        let mut gone = Vec::new();
        if let Ok(mut m) = self.agents.lock() {
            let keys: Vec<_> = m.keys().filter(|(g, _, _)| *g == game).cloned().collect();
            gone.extend(keys.iter().filter_map(|k| m.remove(k)));
        }
        drop(gone);
    }
}

/// The spec of the computer holding a seat, when the computer holds it.
pub fn computer_of(user: &UserId) -> Option<Spec> {
    user.computer_level()?.parse().ok()
}

/// How to make a seat's player when it has none kept, from the host's budgets.
pub(super) type Make<'a> = Box<dyn FnOnce(&effort::Settings) -> Result<Box<dyn Player>, String> + Send + 'a>;

/// A question put to a first-game computer seat, as it stood when the computer began to think.
struct Turn {
    seat: Seat,
    user: UserId,
    spec: Spec,
    seen: Seen,
    /// The game's public revision then: a public change since means it thought about another question.
    revision: u64,
    round: u32,
    data: Arc<crate::rules::Data>,
}

/// A computer's answer: a choice id, with what it expects of the game, or why it has none.
pub(super) struct Thought {
    pub answer: Result<String, crate::games::NoAnswer>,
    pub expectation: Option<f64>,
}

/// What the computer did in a game: a first-game update from its own path, or a table's news.
pub enum ComputerMove {
    Game(Box<Update>),
    Table(Box<super::TableNews>),
}

impl Service {
    /// Let the computer make the next decision any game waits for from one of its seats, and save it:
    /// a game made at a table (every game but the first, and the first game's made in a table's lobby,
    /// which keep their options) at its table, told as a table's news; one the first game's own lobby
    /// made on that path. `None` when no computer seat must decide now.
    pub async fn computer_move(&self, game: GameId) -> Result<Option<ComputerMove>, ServiceError> {
        let row = self.store.game(game).await?;
        if super::GameSettings::parse(&row.settings).made_at_table(&row.game) {
            Ok(self.table_computer_step(game).await?.map(|n| ComputerMove::Table(Box::new(n))))
        } else {
            Ok(self.computer_step(game).await?.map(|u| ComputerMove::Game(Box::new(u))))
        }
    }

    /// Let the computer play the next decision the game waits for from one of its seats, and save it.
    /// `None` when no computer seat must decide now (or the game is not running).
    pub async fn computer_step(&self, game: GameId) -> Result<Option<Update>, ServiceError> {
        // A human may change the game while the computer thinks: it then thinks again, a few times at most.
        for _ in 0..3 {
            let Some(turn) = self.computer_turn(game).await? else { return Ok(None) };
            let (spec, data) = (turn.spec.clone(), turn.data.clone());
            let make: Make = Box::new(move |settings| {
                let seed = super::lobby::fresh_seed(crate::store::now());
                Ok(ai::player(&spec, &data, seed, settings))
            });
            let thought = self.think(game, turn.seat, &turn.user, Box::new(turn.seen.clone()), make).await?;
            match self.computer_play(game, &turn, thought).await {
                Err(ServiceError::Stale { .. }) => continue,
                done => return done.map(Some),
            }
        }
        Ok(None)
    }

    /// The games in play with a computer seat (those to look at after a restart).
    pub async fn games_with_computers(&self) -> Result<Vec<GameId>, ServiceError> {
        Ok(self.store.games_with_computers().await?)
    }

    /// What the computer expected at each round of a finished game, per seat (never before the end: it
    /// would tell the other side what the computer thinks of its chances).
    pub async fn expectations(&self, game: GameId) -> Result<Vec<(Seat, u32, f64)>, ServiceError> {
        let row = self.store.game(game).await?;
        if !row.status.is_over() {
            return Ok(Vec::new());
        }
        Ok(self.store.expectations(game).await?)
    }

    /// A deadline passed in a game whose players chose a stand-in: the computer takes the seats the game
    /// waits for, each player's until they come back.
    pub(super) async fn stand_in(&self, live: &mut Held) -> Result<Vec<StandIn>, ServiceError> {
        let Some(engine) = live.game().filter(|_| live.row.status == Status::Active) else {
            return Ok(Vec::new());
        };
        let waiting: Vec<Seat> = engine.pending().iter().map(|d| d.seat).collect();
        let mode = live.row.mode;
        let held = Seating { row: &mut live.row, seats: &mut live.seats, settings: &mut live.settings };
        self.stand_in_at(held, &waiting, |seat| seat.title(mode)).await
    }

    /// A player the computer stood in for takes their seats back (those the computer still holds).
    pub async fn come_back(&self, caller: &super::Caller, game: GameId) -> Result<Vec<Seat>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "come_back");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = match self.reach_first(&mut guard, game, caller).await {
            Err(ServiceError::OtherGame { .. }) => {
                drop(guard);
                return self.table_come_back(caller, game).await;
            }
            other => other?,
        };
        check_active(live, game)?;
        let held = Seating { row: &mut live.row, seats: &mut live.seats, settings: &mut live.settings };
        self.back_at(held, caller.user(), |a, b| a.side() != b.side()).await
    }

    /// The first computer seat the game waits for, and what it may see.
    async fn computer_turn(&self, game: GameId) -> Result<Option<Turn>, ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.hold_first(&mut guard, game).await?;
        if live.row.status != Status::Active {
            if live.row.status.is_over() {
                self.computers.forget(game);
            }
            return Ok(None);
        }
        let Some(engine) = live.game() else { return Ok(None) };
        for dec in engine.pending() {
            let Some(user) = live.holder(dec.seat).filter(UserId::is_computer) else { continue };
            let spec = match computer_of(&user) {
                Some(spec) if !self.computers.allows(&spec.to_string()) => {
                    tracing::warn!(
                        game,
                        seat = dec.seat.0 + 1,
                        "an outside program's seat: only the terminal plays it"
                    );
                    continue;
                }
                Some(spec) => spec,
                None => {
                    tracing::warn!(game, seat = dec.seat.0 + 1, user = %user, "a computer seat of an unknown level");
                    continue;
                }
            };
            let Some(seen) = crate::games::queens_gambit::seen_of(engine, dec.seat) else { continue };
            return Ok(Some(Turn {
                seat: dec.seat,
                user,
                spec,
                seen,
                revision: live.row.public_revision,
                round: engine.view(Viewer::Spectator).round,
                data: live.first()?.data.clone(),
            }));
        }
        Ok(None)
    }

    /// The seat's kept player, or a new one (`make`), answers what the seat may know (`seen`) — a
    /// searching one on the pool, off the async runtime — and is kept for its next decision.
    pub(super) async fn think(
        &self,
        game: GameId,
        seat: Seat,
        user: &UserId,
        seen: Box<dyn Any + Send>,
        make: Make<'_>,
    ) -> Result<Thought, ServiceError> {
        let player = self.summon(game, seat, user, make)?;
        self.ponder(game, seat, user, player, seen).await
    }

    /// The seat's kept player, or a new one (`make`), taken out to think (`ponder` keeps it again; one
    /// put back unused goes back with `keep_player`).
    pub(super) fn summon(
        &self,
        game: GameId,
        seat: Seat,
        user: &UserId,
        make: Make<'_>,
    ) -> Result<Box<dyn Player>, ServiceError> {
        let key = (game, seat, user.clone());
        self.computers.take(&key, make).map_err(|detail| ServiceError::Computer { game, detail })
    }

    /// A player taken out and not asked after all, kept for the seat's next decision.
    pub(super) fn keep_player(&self, game: GameId, seat: Seat, user: &UserId, player: Box<dyn Player>) {
        self.computers.keep((game, seat, user.clone()), player);
    }

    /// `player` answers what the seat may know (`seen`): a searching one on the pool, off the async
    /// runtime, one that answers at once right here; then it is kept for the seat's next decision.
    pub(super) async fn ponder(
        &self,
        game: GameId,
        seat: Seat,
        user: &UserId,
        mut player: Box<dyn Player>,
        seen: Box<dyn Any + Send>,
    ) -> Result<Thought, ServiceError> {
        let fault = |detail: String| ServiceError::Computer { game, detail };
        let started;
        let (player, thought) = if player.searches() {
            let pool = self.computers.pool.clone();
            let permit = pool.acquire_owned().await.map_err(|_| ServiceError::ShuttingDown)?;
            started = std::time::Instant::now();
            tokio::task::spawn_blocking(move || {
                let thought = Thought { answer: player.choose(seen.as_ref()), expectation: player.expectation() };
                drop(permit);
                (player, thought)
            })
            .await
            .map_err(|e| {
                tracing::error!(game, error = %e, "the computer's search failed");
                fault(e.to_string())
            })?
        } else {
            // It answers at once: no search thread needed. A panic in it is the computer's fault, as on
            // the pool, never the caller's request's.
            started = std::time::Instant::now();
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| player.choose(seen.as_ref())))
                .map_err(|_| fault("the computer failed".into()))?;
            let thought = Thought { answer, expectation: player.expectation() };
            (player, thought)
        };
        ::metrics::histogram!(crate::ops::metrics::COMPUTER_SECONDS).record(started.elapsed().as_secs_f64());
        self.keep_player(game, seat, user, player);
        Ok(thought)
    }

    /// Play the computer's answer, if the game still waits for that seat's question.
    async fn computer_play(&self, game: GameId, turn: &Turn, thought: Thought) -> Result<Update, ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.hold_first(&mut guard, game).await?;
        let current = check_active(live, game)?;
        if live.holder(turn.seat).as_ref() != Some(&turn.user) || current.decision_for(turn.seat).is_none() {
            // The seat changed hands, or its question was answered: think again about what is asked now.
            return Err(ServiceError::Stale { game, expected: turn.revision, current: live.row.public_revision });
        }
        let choice = match thought.answer {
            Ok(text) => Choice::parse(&turn.data, &text).map_err(|e| {
                // Its answer may name a card of its hand: only at debug.
                tracing::debug!(game, answer = %text, error = %e, "the computer's answer does not read");
                ServiceError::Computer { game, detail: "its answer does not read as a choice".into() }
            })?,
            Err(crate::games::NoAnswer::Forfeit(why)) => return self.computer_forfeits(live, turn, Forfeit(why)).await,
            Err(crate::games::NoAnswer::Fault(detail)) => return Err(ServiceError::Computer { game, detail }),
        };
        let locks = choice == Choice::PlanLock;
        let update = self.play(live, super::play::By::user(&turn.user), turn.seat, turn.revision, &choice).await?;
        if live.row.status.is_over() {
            self.computers.forget(game);
        }
        // What it expected as it locked its plan: one figure a round, shown after the game.
        if let (true, Some(value)) = (locks, thought.expectation)
            && let Err(e) = self.store.record_expectation(game, turn.seat, turn.round, value).await
        {
            tracing::warn!(game, error = %e, "could not keep the computer's expectation");
        }
        Ok(update)
    }

    /// An outside program gave up (it answered late or wrongly, or died): its side concedes.
    async fn computer_forfeits(&self, live: &mut Held, turn: &Turn, why: Forfeit) -> Result<Update, ServiceError> {
        let game = live.row.id;
        // Why may quote its answer, a card of its hand: only at debug.
        tracing::warn!(game, seat = turn.seat.0 + 1, "a computer player forfeits");
        tracing::debug!(game, reason = %why, "why the computer player forfeits");
        let side = turn.seat.side();
        let update = self.step(live, turn.seat, super::play::By::user(&turn.user), |table| table.concede(side)).await;
        self.computers.forget(game);
        update
    }
}
