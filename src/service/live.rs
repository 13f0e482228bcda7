//! A game held in memory: its record, its seats and (once started) the engine game, loaded from the
//! newest snapshot, or rebuilt from the action log when the snapshot is missing or damaged.

use super::{Caller, Service, ServiceError};
use crate::rules::script::{self, Script};
use crate::rules::{Data, Game, RulesVersion, Seat, State};
use crate::store::{ActionRow, GameId, GameRow, SeatRow, Status, UserId};
use std::sync::Arc;

pub(super) struct Live {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    /// The game data it plays with (the data set it was created with).
    pub data: Arc<Data>,
    /// The rules version it plays under (the one it was created under).
    pub rules: RulesVersion,
    /// The engine game, once the game has started.
    pub game: Option<Game>,
    /// A write was refused or failed: the database may hold something newer (another process moved the
    /// game on), so this copy is loaded afresh before it is used again.
    pub stale: bool,
    /// Whether the game has rolled dice yet (unknown until a roll asks, after a load).
    pub rolled: Option<bool>,
}

impl Live {
    /// Seats held by this user.
    pub fn seats_of(&self, user: &UserId) -> Vec<Seat> {
        self.seats.iter().filter(|s| s.user_id.as_ref() == Some(user)).map(|s| s.seat).collect()
    }

    pub fn user_of(&self, seat: Seat) -> Option<UserId> {
        self.seats.iter().find(|s| s.seat == seat).and_then(|s| s.user_id.clone())
    }
}

/// The log of a game as a replay script, under its rules version.
pub(super) fn script_of(row: &GameRow, rules: RulesVersion, actions: &[ActionRow]) -> String {
    let mut text = format!("gambit-script 1\nplayers {}\nrules {rules}\nseed {}\n", row.mode.seats(), row.seed);
    for a in actions {
        text.push_str(&a.line);
        text.push('\n');
    }
    text
}

impl Service {
    /// Rebuild a game by replaying its log from its seed, with its data, under `rules`.
    pub(super) fn replay(
        &self,
        row: &GameRow,
        rules: RulesVersion,
        data: &Arc<Data>,
        actions: &[ActionRow],
    ) -> Result<Game, ServiceError> {
        let corrupt = |detail: String| ServiceError::Corrupt { game: row.id, detail };
        for (i, a) in actions.iter().enumerate() {
            if a.seq != i as u64 + 1 {
                return Err(corrupt(format!("the action log jumps from {} to {}", i, a.seq)));
            }
        }
        let text = script_of(row, rules, actions);
        let script = Script::parse(data, &text).map_err(|e| corrupt(format!("action log {e}")))?;
        let run = script::run(data.clone(), &script).map_err(|e| corrupt(format!("action log {e}")))?;
        Ok(run.game)
    }

    /// Load a game into its slot if it is not there yet, or if its copy went stale.
    pub(super) async fn ensure<'a>(
        &self,
        slot: &'a mut Option<Live>,
        id: GameId,
    ) -> Result<&'a mut Live, ServiceError> {
        if let Some(live) = slot.as_mut().filter(|l| !l.stale && self.recheck(id)) {
            // Other processes (or the tables' path) write this game too: the record is read again before
            // the copy is used, and the state loaded again only when the game moved on elsewhere.
            let row = self.store.game(id).await?;
            let seats = self.store.seats(id).await?;
            let moved =
                row.revision != live.row.revision || row.version != live.row.version || row.status != live.row.status;
            if moved {
                live.stale = true;
            } else {
                live.row = row;
                live.seats = seats;
            }
        }
        if slot.as_ref().is_none_or(|l| l.stale) {
            *slot = Some(self.load(id).await?);
        }
        slot.as_mut().ok_or(ServiceError::NoGame(id))
    }

    /// Load a game for `caller`. A game out of the caller's reach (another server's, or in a direct
    /// message one they do not play in) is "no such game", exactly like a missing one: this is decided
    /// from the game's record and seats before its state is loaded. A record too damaged to read is
    /// reported as damaged only to those who may reach it.
    pub(super) async fn reach<'a>(
        &self,
        slot: &'a mut Option<Live>,
        id: GameId,
        caller: &Caller,
    ) -> Result<&'a mut Live, ServiceError> {
        if slot.as_ref().is_none_or(|l| l.stale) && !caller.is_host() {
            let record = match self.store.game(id).await {
                Ok(row) => self.store.seats(id).await.map(|seats| (row, seats)),
                Err(e) => Err(e),
            };
            let (row, seats) = match record {
                Ok(r) => r,
                Err(e) => {
                    let (guild, players) = self.store.owner(id).await?;
                    let seated = players.iter().any(|u| u == caller.user());
                    return Err(if caller.reaches_game_of(guild.as_ref(), seated) {
                        e.into()
                    } else {
                        ServiceError::NoGame(id)
                    });
                }
            };
            let seated = seats.iter().any(|s| s.user_id.as_ref() == Some(caller.user()));
            if !caller.reaches(&row, seated) {
                return Err(ServiceError::NoGame(id));
            }
            *slot = Some(self.load_from(row, seats).await?);
        }
        let live = self.ensure(slot, id).await?;
        if caller.reaches(&live.row, !live.seats_of(caller.user()).is_empty()) {
            Ok(live)
        } else {
            Err(ServiceError::NoGame(id))
        }
    }

    async fn load(&self, id: GameId) -> Result<Live, ServiceError> {
        let row = self.store.game(id).await?;
        let seats = self.store.seats(id).await?;
        self.load_from(row, seats).await
    }

    /// The rest of a game whose record and seats are read: its data and its newest state.
    async fn load_from(&self, row: GameRow, seats: Vec<SeatRow>) -> Result<Live, ServiceError> {
        let id = row.id;
        if row.game != crate::store::QUEENS_GAMBIT {
            // Another game's record: read as The Queen's Gambit it would be misread, so it is left alone.
            return Err(ServiceError::OtherGame { game: id, key: row.game });
        }
        let data = self.data_of(&row).await?;
        let rules = self.rules_of(&row, &data).await?;
        if row.status == Status::Lobby {
            return Ok(Live { row, seats, data, rules, game: None, stale: false, rolled: None });
        }
        let from_snapshot = match self.store.latest_snapshot(id).await? {
            Some((version, json)) if version == row.version => serde_json::from_str::<State>(&json)
                .map_err(|e| format!("snapshot {version} cannot be read: {e}"))
                .and_then(|s| Game::from_state(data.clone(), rules, s).map_err(|e| e.to_string())),
            Some((version, _)) => Err(format!("the newest snapshot is {version}, the game is at {}", row.version)),
            None => Err("no snapshot".to_string()),
        };
        let game = match from_snapshot {
            Ok(g) => g,
            Err(why) => {
                // The log is the truth: rebuild from it, and keep the repaired snapshot.
                let actions = self.store.actions(id).await?;
                let game = self.replay(&row, rules, &data, &actions)?;
                if game.state().step != row.version {
                    return Err(ServiceError::Corrupt {
                        game: id,
                        detail: format!("{why}; the log rebuilds {} actions of {}", game.state().step, row.version),
                    });
                }
                tracing::warn!(game = id, problem = %why, "snapshot rebuilt from the action log");
                // A reader never rewrites anything: the repair waits for the bot or the terminal game.
                if !self.store.is_read_only() {
                    let json = serde_json::to_string(game.state())
                        .map_err(|e| ServiceError::Corrupt { game: id, detail: e.to_string() })?;
                    self.store.repair_snapshot(id, row.version, &json).await?;
                }
                game
            }
        };
        Ok(Live { row, seats, data, rules, game: Some(game), stale: false, rolled: None })
    }
}
