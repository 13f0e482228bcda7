//! Creating a game, taking and leaving seats, and starting it.

use super::{GameSettings, Service, ServiceError, Update};
use crate::rules::{Game, Mode, Seat};
use crate::store::{GameId, NewGame, Status};
use std::collections::BTreeSet;
use std::hash::BuildHasher;

/// What a new game needs.
#[derive(Clone, Debug, Default)]
pub struct NewGameRequest {
    pub guild_id: Option<String>,
    pub channel_id: Option<String>,
    pub title: String,
    pub players: u8,
    pub created_by: String,
    pub settings: GameSettings,
    /// The random seed; a fresh one when none is given.
    pub seed: Option<u64>,
}

/// A seed nobody can guess (the standard library's per-process random keys, mixed with the time).
fn fresh_seed(now: i64) -> u64 {
    std::collections::hash_map::RandomState::new().hash_one((now, std::process::id()))
}

/// Seats change only in the lobby.
fn in_lobby(status: Status, game: GameId) -> Result<(), ServiceError> {
    match status {
        Status::Lobby => Ok(()),
        s if s.is_over() => Err(ServiceError::Over { game }),
        _ => Err(ServiceError::AlreadyStarted { game }),
    }
}

impl Service {
    /// A new game in its lobby, every seat empty.
    pub async fn create(&self, req: NewGameRequest) -> Result<GameId, ServiceError> {
        if Mode::from_players(req.players).is_none() {
            return Err(ServiceError::Players);
        }
        let now = self.now();
        let new = NewGame {
            guild_id: req.guild_id,
            channel_id: req.channel_id,
            title: req.title,
            players: req.players,
            seed: req.seed.unwrap_or_else(|| fresh_seed(now)),
            settings: req.settings.json(),
            created_by: req.created_by,
        };
        let id = self.store.create_game(&new, now).await?;
        tracing::info!(game = id, players = new.players, "game created");
        Ok(id)
    }

    /// Sit `user` down: on `seat`, or on the first free seat. Returns the seat taken.
    pub async fn join(&self, game: GameId, user: &str, seat: Option<Seat>) -> Result<Seat, ServiceError> {
        let slot = self.slot(game);
        let mut guard = slot.lock().await;
        let live = self.ensure(&mut guard, game).await?;
        in_lobby(live.row.status, game)?;
        if !live.seats_of(user).is_empty() {
            return Err(ServiceError::AlreadySeated { game });
        }
        let free: Vec<Seat> = live.seats.iter().filter(|s| s.user_id.is_none()).map(|s| s.seat).collect();
        let chosen = match seat {
            Some(s) if free.contains(&s) => s,
            Some(s) if live.seats.iter().any(|x| x.seat == s) => return Err(ServiceError::SeatTaken),
            Some(_) => return Err(ServiceError::Players),
            None => *free.first().ok_or(ServiceError::Full { game })?,
        };
        if !self.store.claim_seat(game, chosen, user, self.now()).await? {
            // Another process seated someone there first.
            live.stale = true;
            return Err(ServiceError::SeatTaken);
        }
        if let Some(s) = live.seats.iter_mut().find(|s| s.seat == chosen) {
            s.user_id = Some(user.to_string());
        }
        Ok(chosen)
    }

    /// Leave a game that has not started.
    pub async fn leave(&self, game: GameId, user: &str) -> Result<(), ServiceError> {
        let slot = self.slot(game);
        let mut guard = slot.lock().await;
        let live = self.ensure(&mut guard, game).await?;
        in_lobby(live.row.status, game)?;
        let mine = live.seats_of(user);
        if mine.is_empty() {
            return Err(ServiceError::NotSeated { game });
        }
        for seat in mine {
            self.store.set_seat(game, seat, None, self.now()).await?;
            if let Some(s) = live.seats.iter_mut().find(|s| s.seat == seat) {
                s.user_id = None;
            }
        }
        Ok(())
    }

    /// Start a full game: set up the boards and deal. Any seated player (or the creator) may start it.
    pub async fn start(&self, game: GameId, user: &str) -> Result<Update, ServiceError> {
        let slot = self.slot(game);
        let mut guard = slot.lock().await;
        let live = self.ensure(&mut guard, game).await?;
        in_lobby(live.row.status, game)?;
        if live.seats_of(user).is_empty() && live.row.created_by != user {
            return Err(ServiceError::NotSeated { game });
        }
        if live.seats.iter().any(|s| s.user_id.is_none()) {
            return Err(ServiceError::SeatsEmpty { game });
        }
        let mut users: Vec<Option<String>> = live.seats.iter().map(|s| s.user_id.clone()).collect();
        if GameSettings::parse(&live.row.settings).draw_sides {
            // Deal the players to the seats at random (not from the game's seed: that one stays secret).
            let mut rng = crate::rules::rng::GameRng::new(fresh_seed(self.now()));
            rng.shuffle(&mut users);
        }
        let seating: Vec<(Seat, Option<String>)> = live.seats.iter().map(|s| s.seat).zip(users).collect();
        let (engine, events) = Game::new(self.data.clone(), live.row.mode, live.row.seed);
        let json =
            serde_json::to_string(engine.state()).map_err(|e| ServiceError::Corrupt { game, detail: e.to_string() })?;
        let now = self.now();
        let (remind_at, deadline_at) = GameSettings::parse(&live.row.settings).timers(now);
        if let Err(e) = self.store.start(game, &json, &seating, now, remind_at, deadline_at).await {
            live.stale = true;
            return Err(e.into());
        }
        for (s, (_, u)) in live.seats.iter_mut().zip(seating) {
            s.user_id = u;
        }
        live.row.status = Status::Active;
        live.row.waiting_since = Some(now);
        live.row.remind_at = remind_at;
        live.row.deadline_at = deadline_at;
        tracing::info!(game, "game started");
        let held = &*live;
        let update = Update::new(game, held.row.revision, &engine, events, &BTreeSet::new(), &|s| held.user_of(s));
        live.game = Some(engine);
        Ok(update)
    }
}

impl Service {
    /// Remember the thread a game is played in.
    pub async fn set_thread(&self, game: GameId, thread: &str) -> Result<(), ServiceError> {
        let slot = self.slot(game);
        let mut guard = slot.lock().await;
        let live = self.ensure(&mut guard, game).await?;
        self.store.set_thread(game, thread).await?;
        live.row.thread_id = Some(thread.to_string());
        Ok(())
    }
}
