//! Computer seats, of every game. A seat held by the user id `computer:LEVEL` is played by the computer:
//! when the game waits for it, the service takes what that seat may see (`Engine::seen`: for the first
//! game its `ai::Seen`, with worlds drawn from the seat's knowledge only), lets the game's player
//! (`games::Player`) think — a searching one on the bounded pool of search threads, off the async
//! runtime, so a thinking computer never slows the human games; one that answers at once right away —
//! then plays and saves its answer like a player's. Its plan is secret like a player's, and its moves are
//! logged and announced like a player's.

use super::{Service, ServiceError};
use crate::games::Player;
use crate::games::effort;
use crate::store::{GameId, UserId};
use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Agents kept between decisions, at most.
const KEEP_AGENTS: usize = 4096;

/// Kept players by game, seat and the computer's user id (a seat given to another level gets a new one).
type Kept = HashMap<(GameId, usize, UserId), Box<dyn Player>>;

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
    fn take(&self, key: &(GameId, usize, UserId), make: Make) -> Result<Box<dyn Player>, String> {
        let kept = self.agents.lock().ok().and_then(|mut m| m.remove(key));
        match kept {
            Some(player) => Ok(player),
            None => make(&self.settings),
        }
    }

    fn keep(&self, key: (GameId, usize, UserId), agent: Box<dyn Player>) {
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

/// How to make a seat's player when it has none kept, from the host's budgets.
pub(super) type Make<'a> = Box<dyn FnOnce(&effort::Settings) -> Result<Box<dyn Player>, String> + Send + 'a>;

/// A computer's answer: a choice id, with what it expects of the game, or why it has none.
pub(super) struct Thought {
    pub answer: Result<String, crate::games::NoAnswer>,
    pub expectation: Option<f64>,
}

impl Service {
    /// Let the computer make the next decision game `game` waits for from one of its seats, and save it,
    /// for every game (`table_computer_step`: it thinks with the game free, and its answer is played only
    /// if the game still waits for that very decision), told as news. `None` when no computer seat must
    /// decide now.
    pub async fn computer_move(&self, game: GameId) -> Result<Option<super::TableNews>, ServiceError> {
        self.table_computer_step(game).await
    }

    /// The games in play with a computer seat (those to look at after a restart).
    pub async fn games_with_computers(&self) -> Result<Vec<GameId>, ServiceError> {
        Ok(self.store.games_with_computers().await?)
    }

    /// What the computer expected at each round of a finished game, per seat (never before the end: it
    /// would tell the other side what the computer thinks of its chances).
    pub async fn expectations(&self, game: GameId) -> Result<Vec<(usize, u32, f64)>, ServiceError> {
        let row = self.store.game(game).await?;
        if !row.status.is_over() {
            return Ok(Vec::new());
        }
        Ok(self.store.expectations(game).await?)
    }

    /// A player the computer stood in for takes their seats back (those the computer still holds).
    pub async fn come_back(&self, caller: &super::Caller, game: GameId) -> Result<Vec<usize>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "come_back");
        self.table_come_back(caller, game).await
    }

    /// The seat's kept player, or a new one (`make`), taken out to think (`ponder` keeps it again; one
    /// put back unused goes back with `keep_player`).
    pub(super) fn summon(
        &self,
        game: GameId,
        seat: usize,
        user: &UserId,
        make: Make<'_>,
    ) -> Result<Box<dyn Player>, ServiceError> {
        let key = (game, seat, user.clone());
        self.computers.take(&key, make).map_err(|detail| ServiceError::Computer { game, detail })
    }

    /// A player taken out and not asked after all, kept for the seat's next decision.
    pub(super) fn keep_player(&self, game: GameId, seat: usize, user: &UserId, player: Box<dyn Player>) {
        self.computers.keep((game, seat, user.clone()), player);
    }

    /// `player` answers what the seat may know (`seen`): a searching one on the pool, off the async
    /// runtime, one that answers at once right here; then it is kept for the seat's next decision.
    pub(super) async fn ponder(
        &self,
        game: GameId,
        seat: usize,
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
}
