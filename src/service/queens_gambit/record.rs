//! The first game's side of a record held in memory (`tables::Held`): its typed game behind the seam,
//! the data and rules it plays with, and how its record is loaded: from its newest snapshot, or rebuilt
//! from the action log when the snapshot is missing or damaged (and the snapshot repaired).

use crate::games::queens_gambit::Table;
use crate::games::queens_gambit::rules::script::{self, Script};
use crate::games::queens_gambit::rules::{Data, Event, Game, Mode, RulesVersion, Seat, State};
use crate::service::tables::Held;
use crate::service::{GameSettings, Service, ServiceError};
use crate::store::{ActionRow, GameRow, SeatRow, Status, UserId};
use std::sync::Arc;

/// What the first game keeps beside a record it holds.
pub(super) struct FirstGame {
    /// The game data it plays with (the data set it was created with).
    pub data: Arc<Data>,
    /// The rules version it plays under (the one it was created under).
    pub rules: RulesVersion,
    /// Whether the game has rolled dice yet (unknown until a roll asks, after a load).
    pub rolled: Option<bool>,
}

impl Held {
    /// The first game's own, for a record of it (every record its room loads has it).
    pub(super) fn first(&self) -> Result<&FirstGame, ServiceError> {
        self.own.as_deref().and_then(|o| o.downcast_ref()).ok_or(ServiceError::NotStarted { game: self.row.id })
    }

    /// The first game's own, to change.
    pub(super) fn first_mut(&mut self) -> Option<&mut FirstGame> {
        self.own.as_deref_mut()?.downcast_mut()
    }

    /// The first game's typed game, once started.
    pub(super) fn game(&self) -> Option<&Game> {
        self.engine.as_deref()?.as_any().downcast_ref::<Table>().map(Table::game)
    }

    /// The first game's table, to play a typed move on.
    pub(super) fn first_table(&mut self) -> Option<&mut Table> {
        self.engine.as_deref_mut()?.as_any_mut().downcast_mut::<Table>()
    }

    /// The seats this user holds, as the first game names them.
    pub(super) fn seats_held(&self, user: &UserId) -> Vec<Seat> {
        self.seats.iter().filter(|s| s.user_id.as_ref() == Some(user)).map(|s| Seat::at(s.seat)).collect()
    }

    /// Its mode, by its seat count.
    pub(super) fn mode(&self) -> Mode {
        Mode::from_players(self.row.players).unwrap_or(Mode::TwoPlayer)
    }

    /// The user holding `seat`.
    pub(super) fn holder(&self, seat: Seat) -> Option<UserId> {
        self.seats.iter().find(|s| s.seat == seat.index()).and_then(|s| s.user_id.clone())
    }
}

/// The log of a game as a replay script, under its rules version.
pub(super) fn script_of(row: &GameRow, rules: RulesVersion, actions: &[ActionRow]) -> String {
    let mut text = format!("gambit-script 1\nplayers {}\nrules {rules}\nseed {}\n", row.players, row.seed);
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

    /// A first-game record, with its data and newest state: its snapshot, or its log replayed (and the
    /// snapshot repaired) when the snapshot cannot be used; a record from before rules versions were kept
    /// plays under the one its log replays under.
    pub(super) async fn load_first_game(&self, row: GameRow, seats: Vec<SeatRow>) -> Result<Held, ServiceError> {
        let id = row.id;
        let data = self.data_of(&row).await?;
        let rules = self.rules_of(&row, &data).await?;
        // Its settings as its own lobby has always read them (a record from before settings were kept
        // has none).
        let mut settings = GameSettings::parse(&row.settings);
        // Its own lobby, which made its records before every game had a table's, sealed every seed and
        // kept no options: such a record is sealed.
        if settings.options.is_empty() {
            settings.sealed = true;
        }
        let kind = self.kind(crate::games::queens_gambit::KEY).ok_or_else(|| self.unknown_game(&row.game))?;
        let mut held = self.holder(row, seats, kind, settings).await?;
        held.own = Some(Box::new(FirstGame { data: data.clone(), rules, rolled: None }));
        if held.row.rules.is_none() && held.row.status != Status::Lobby {
            held.row.rules = Some(rules.number());
        }
        if held.row.status == Status::Lobby {
            return Ok(held);
        }
        let Some(game) = self.first_state(&held.row, &data, rules).await? else { return Ok(held) };
        // Its lines are its replay script (the snapshot is a state); the newest step's events, what its
        // picture marks.
        let (lines, last) = self.store.log_lines(id, held.row.version).await?;
        if lines.len() as u64 != held.row.version {
            // It plays on from its snapshot, as it always has; its script (export, undo) is what the log holds.
            tracing::warn!(
                game = id,
                lines = lines.len(),
                version = held.row.version,
                "the log does not hold every action"
            );
        }
        let last: Vec<Event> = last.and_then(|e| serde_json::from_str(&e).ok()).unwrap_or_default();
        held.engine = Some(Box::new(Table::resumed(game, held.row.seed, lines, last)));
        Ok(held)
    }

    /// A started record's game: its snapshot, or its log replayed (and the snapshot repaired) when the
    /// snapshot cannot be used; none for a lobby closed before it started.
    async fn first_state(
        &self,
        row: &GameRow,
        data: &Arc<Data>,
        rules: RulesVersion,
    ) -> Result<Option<Game>, ServiceError> {
        let id = row.id;
        let corrupt = |detail: String| ServiceError::Corrupt { game: id, detail };
        let snapshot = self.store.latest_snapshot(id).await?;
        // A lobby closed before it started has no game; one an admin ended after its deal has its board.
        if row.status == Status::Abandoned && row.version == 0 && snapshot.is_none() {
            return Ok(None);
        }
        let from_snapshot = match snapshot {
            Some((version, json)) if version == row.version => serde_json::from_str::<State>(&json)
                .map_err(|e| format!("snapshot {version} cannot be read: {e}"))
                .and_then(|s| Game::from_state(data.clone(), rules, s).map_err(|e| e.to_string())),
            Some((version, _)) => Err(format!("the newest snapshot is {version}, the game is at {}", row.version)),
            None => Err("no snapshot".to_string()),
        };
        Ok(Some(match from_snapshot {
            Ok(g) => g,
            Err(why) => {
                // The log is the truth: rebuild from it, and keep the repaired snapshot.
                let actions = self.store.actions(id).await?;
                let game = self.replay(row, rules, data, &actions)?;
                if game.state().step != row.version {
                    return Err(corrupt(format!(
                        "{why}; the log rebuilds {} actions of {}",
                        game.state().step,
                        row.version
                    )));
                }
                tracing::warn!(game = id, problem = %why, "snapshot rebuilt from the action log");
                // A reader never rewrites anything: the repair waits for the bot or the terminal game.
                if !self.store.is_read_only() {
                    let json = serde_json::to_string(game.state()).map_err(|e| corrupt(e.to_string()))?;
                    self.store.repair_snapshot(id, row.version, &json).await?;
                }
                game
            }
        }))
    }
}
