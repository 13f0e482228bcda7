//! Every game the service holds, behind the seam (`games::Engine`): one holder in memory each (`Held`), a
//! record with the game's key and options, seats, one saved line per accepted choice and a snapshot, all in
//! one transaction before anyone is answered. A saved game is rebuilt by replaying its script under the
//! data it was created with. A game is looked up by its key in the catalog; a game whose records are its
//! own loads them in its room (`room::Room`).

mod clock;
mod computer;
mod draw;
mod lobby;
mod log;
mod play;
pub(in crate::service) use play::ending_script;
pub(super) mod seen;

pub use lobby::NewGameRequest;
pub use lobby::table_computer;
pub use log::LoggedMove;
pub(in crate::service) use log::Replay;
pub use play::{Account, Answered, Chosen, Foreign, Refused, TableEnding, TableNews};
pub use seen::{GameLine, TableMenu, TableSeat, TableSeen};

use super::{Caller, Service, ServiceError};
use crate::games::{Engine, Kind};
use crate::service::GameSettings;
use crate::store::{GameId, GameRow, SeatRow, Status, UserId};
use std::sync::Arc;

/// A table held in memory: its record, its seats and, once started, its game.
pub(super) struct Held {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub kind: Arc<dyn Kind>,
    /// The game data it was created with, when it is not the running one's.
    pub data: Option<String>,
    pub options: String,
    pub settings: GameSettings,
    pub engine: Option<Box<dyn Engine>>,
    /// A write failed: loaded afresh before it is used again.
    pub stale: bool,
    /// What its game's room keeps beside the record (a game told in its own account); none for a game
    /// behind the seam alone.
    pub own: Option<Box<dyn std::any::Any + Send + Sync>>,
}

impl Held {
    /// The seats this user holds.
    pub fn seats_of(&self, user: &UserId) -> Vec<usize> {
        self.seats.iter().filter(|s| s.user_id.as_ref() == Some(user)).map(|s| s.seat).collect()
    }

    pub fn user_of(&self, seat: usize) -> Option<UserId> {
        self.seats.iter().find(|s| s.seat == seat).and_then(|s| s.user_id.clone())
    }

    /// The seats' names: the game's, or in a lobby those a game of its options would have; places, not
    /// yet sides, in a lobby whose sides are dealt as it starts (as the first game's lobby names them).
    pub fn seat_names(&self) -> Vec<String> {
        match self.engine.as_deref() {
            Some(e) => e.seat_names(),
            None if self.settings.draw_sides => (1..=self.seats.len()).map(|n| format!("Seat {n}")).collect(),
            None => self.kind.open(&self.options, 0, self.data.as_deref()).map(|e| e.seat_names()).unwrap_or_default(),
        }
    }

    /// The seats' keys (`Engine::seat_key`), the game's or, in a lobby, those a game of its options would
    /// have.
    pub fn seat_keys(&self) -> Vec<String> {
        let keys = |e: &dyn Engine| (0..e.seat_names().len()).map(|s| e.seat_key(s)).collect();
        match self.engine.as_deref() {
            Some(e) => keys(e),
            None => self.kind.open(&self.options, 0, self.data.as_deref()).map(|e| keys(&*e)).unwrap_or_default(),
        }
    }

    /// What `reader` sees of the board (`Engine::sight`); once the game is over, every secret is out,
    /// however it ended (`Engine::sight_unveiled`).
    pub fn sight(&self, reader: Option<usize>) -> Option<Box<dyn std::any::Any + Send>> {
        let engine = self.engine.as_deref()?;
        if self.row.status.is_over() { engine.sight_unveiled() } else { engine.sight(reader) }
    }

    /// The side each seat plays for, by seat (`Engine::side`: a team's seats share one); in a lobby, as a
    /// game of its options would have them (dealing sides as it starts keeps partners together), else
    /// every seat its own.
    pub(super) fn sides(&self) -> Vec<String> {
        let sides_of = |e: &dyn Engine| (0..e.seat_names().len()).map(|s| e.side(s)).collect();
        match self.engine.as_deref() {
            Some(e) => sides_of(e),
            None => match self.kind.open(&self.options, 0, self.data.as_deref()) {
                Ok(e) => sides_of(&*e),
                Err(_) => (0..self.seats.len()).map(|s| s.to_string()).collect(),
            },
        }
    }

    /// Whether its seed was sealed in public as play began (every game's since seals were shared).
    pub(super) fn sealed(&self) -> bool {
        self.settings.sealed
    }

    /// Whether play has begun (past its secret setups, if it has them): there is a board for everyone.
    pub(super) fn in_play(&self) -> bool {
        self.engine.as_deref().is_some_and(|e| e.in_play())
    }

    /// Its game as it begins, under the rules it was created under.
    pub(super) fn opening(&self) -> Result<Box<dyn Engine>, String> {
        match self.row.rules {
            Some(r) => self.kind.open_under(&self.options, self.row.seed, r, self.data.as_deref()),
            None => self.kind.open(&self.options, self.row.seed, self.data.as_deref()),
        }
    }

    pub(in crate::service) fn engine(&self) -> Result<&dyn Engine, ServiceError> {
        self.engine.as_deref().ok_or(ServiceError::NotStarted { game: self.row.id })
    }

    /// Its game is on: not a lobby, not paused, not over.
    pub(in crate::service) fn playing(&self) -> Result<(), ServiceError> {
        let game = self.row.id;
        match self.row.status {
            Status::Lobby => Err(ServiceError::NotStarted { game }),
            Status::Paused => Err(ServiceError::Paused { game }),
            s if s.is_over() => Err(ServiceError::Over { game }),
            _ => Ok(()),
        }
    }

    /// The seat `user` decides at now, or why they may not.
    pub(super) fn deciding_seat(&self, user: &UserId) -> Result<usize, ServiceError> {
        let game = self.row.id;
        self.playing()?;
        let mine = self.seats_of(user);
        if mine.is_empty() {
            return Err(ServiceError::NotSeated { game });
        }
        let engine = self.engine()?;
        let deciders = engine.deciders();
        match mine.iter().find(|s| deciders.contains(s)) {
            Some(s) => Ok(*s),
            None => Err(not_deciding(game, engine)),
        }
    }
}

/// Why a seated player may not decide now: their secret preparation is done and play has not begun, or
/// it is another's move.
pub(super) fn not_deciding(game: GameId, engine: &dyn Engine) -> ServiceError {
    let waiting = engine.waiting();
    if engine.in_play() {
        ServiceError::NotYourTurn { game, waiting }
    } else {
        ServiceError::Prepared { game, waiting }
    }
}

pub(super) type Slot = Arc<tokio::sync::Mutex<Option<Held>>>;

/// The game held, if it is a record of the game `key` (when one is asked for).
fn of_game<'a>(held: &'a mut Held, key: Option<&str>) -> Result<&'a mut Held, ServiceError> {
    match key {
        Some(key) if key != held.row.game => {
            Err(ServiceError::OtherGame { game: held.row.id, key: held.row.game.clone() })
        }
        _ => Ok(held),
    }
}

impl Service {
    /// The lock of one game's in-memory copy.
    pub(in crate::service) fn table_slot(&self, game: GameId) -> Slot {
        super::slot_in(&self.tables, self.keep, game)
    }

    /// The game in `slot`, as the record has it: loaded when it is not held yet or its copy went stale,
    /// and, where other processes write it too, checked against the record first; of the game `key` only,
    /// when one is asked for (another's record is named before it is loaded).
    pub(in crate::service) async fn hold_of<'a>(
        &self,
        slot: &'a mut Option<Held>,
        id: GameId,
        key: Option<&str>,
    ) -> Result<&'a mut Held, ServiceError> {
        let fresh = slot.as_ref().is_some_and(|h| !h.stale) && !self.store.is_shared();
        if !fresh {
            let row = match self.store.game(id).await {
                Ok(r) => r,
                Err(crate::store::StoreError::NoGame(_)) => return Err(ServiceError::NoGame(id)),
                Err(e) => return Err(e.into()),
            };
            let seats = self.store.seats(id).await?;
            self.hold_record(slot, row, seats, key).await?;
        }
        let held = slot.as_mut().ok_or(ServiceError::NoGame(id))?;
        of_game(held, key)
    }

    /// Hold a record just read: loaded when the copy is missing, stale or behind it; else the copy takes
    /// its record and seats (settings may change without a new revision: a stand-in, a player back).
    async fn hold_record(
        &self,
        slot: &mut Option<Held>,
        row: GameRow,
        seats: Vec<SeatRow>,
        key: Option<&str>,
    ) -> Result<(), ServiceError> {
        if let Some(key) = key.filter(|k| *k != row.game) {
            tracing::debug!(game = row.id, wanted = key, "a record of another game");
            return Err(ServiceError::OtherGame { game: row.id, key: row.game });
        }
        let moved = slot.as_ref().is_none_or(|h| {
            h.stale || h.row.revision != row.revision || h.row.version != row.version || h.row.status != row.status
        });
        if moved {
            *slot = Some(self.load_table(row, seats).await?);
        } else if let Some(h) = slot.as_mut() {
            if let Some(mut settings) = GameSettings::read(&row.settings) {
                // A seed sealed once stays sealed (a game's room may know it of records that do not say so).
                settings.sealed |= h.settings.sealed;
                h.settings = settings;
            }
            // What its room's load settled (its rules) stays.
            let rules = h.row.rules;
            (h.row, h.seats) = (row, seats);
            if h.row.rules.is_none() {
                h.row.rules = rules;
            }
        }
        Ok(())
    }

    /// The game for `caller`. A game out of their reach (another server's, or in a direct message one they
    /// do not play in) is "no such game", exactly like a missing one: this is decided from its record and
    /// seats before its state is loaded. A record too damaged to read is reported as damaged only to those
    /// who may reach it.
    pub(in crate::service) async fn reach_table<'a>(
        &self,
        slot: &'a mut Option<Held>,
        id: GameId,
        caller: &Caller,
    ) -> Result<&'a mut Held, ServiceError> {
        self.reach_of(slot, id, caller, None).await
    }

    /// `reach_table`, of a record of the game `key` only (another's is named before it is loaded).
    pub(in crate::service) async fn reach_of<'a>(
        &self,
        slot: &'a mut Option<Held>,
        id: GameId,
        caller: &Caller,
        key: Option<&str>,
    ) -> Result<&'a mut Held, ServiceError> {
        let fresh = slot.as_ref().is_some_and(|h| !h.stale) && !self.store.is_shared();
        if !fresh {
            let record = match self.store.game(id).await {
                Ok(row) => self.store.seats(id).await.map(|seats| (row, seats)),
                Err(e) => Err(e),
            };
            let (row, seats) = match record {
                Ok(r) => r,
                Err(crate::store::StoreError::NoGame(_)) => return Err(ServiceError::NoGame(id)),
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
            self.hold_record(slot, row, seats, key).await?;
        }
        let held = slot.as_mut().ok_or(ServiceError::NoGame(id))?;
        if caller.reaches(&held.row, !held.seats_of(caller.user()).is_empty()) {
            of_game(held, key)
        } else {
            Err(ServiceError::NoGame(id))
        }
    }

    /// A table's game from its newest snapshot (the script), or rebuilt from its options and log.
    async fn load_table(&self, row: GameRow, seats: Vec<SeatRow>) -> Result<Held, ServiceError> {
        let id = row.id;
        if let Some(room) = self.room(&row.game) {
            return room.load(self, row, seats).await;
        }
        let corrupt = |detail: String| ServiceError::Corrupt { game: id, detail };
        let kind = self.kind(&row.game).ok_or_else(|| ServiceError::OtherGame { game: id, key: row.game.clone() })?;
        let settings = GameSettings::read(&row.settings).ok_or_else(|| corrupt("its options cannot be read".into()))?;
        let mut held = self.holder(row, seats, kind, settings).await?;
        if held.row.status == Status::Lobby || (held.row.status == Status::Abandoned && held.row.version == 0) {
            return Ok(held);
        }
        let version = held.row.version;
        let from_snapshot = match self.store.latest_snapshot(id).await? {
            Some((v, snapshot)) if v == version => held.kind.resume(&snapshot, held.data.as_deref()),
            Some((v, _)) => Some(Err(format!("the newest snapshot is {v}, the game is at {version}"))),
            None => Some(Err("no snapshot".into())),
        };
        let engine = match from_snapshot {
            Some(Ok(e)) if e.steps() as u64 == version => e,
            // A game whose snapshot does not hold its log's lines is always rebuilt from the log.
            None => self.replay_table(&held).await?,
            Some(other) => {
                let why = other.err().unwrap_or_else(|| "the snapshot does not hold every action".into());
                let engine = self.replay_table(&held).await?;
                tracing::warn!(game = id, problem = %why, "a table rebuilt from its action log");
                engine
            }
        };
        held.engine = Some(engine);
        Ok(held)
    }

    /// A record held, without its game yet: its options as its game reads them (a record from before
    /// options were kept has its seat count's), and the text of the game data it was created with when
    /// that is not its game's running data (a game is opened by its kind with it).
    pub(in crate::service) async fn holder(
        &self,
        row: GameRow,
        seats: Vec<SeatRow>,
        kind: Arc<dyn Kind>,
        settings: GameSettings,
    ) -> Result<Held, ServiceError> {
        let options = match settings.options.as_str() {
            "" => kind.options_for_seats(row.players),
            kept => kept.to_string(),
        };
        let data = match row.data_set.as_deref() {
            Some(d) if d != kind.data_id() => Some(self.store.data_set(d).await?.ok_or_else(|| {
                ServiceError::Corrupt { game: row.id, detail: format!("its game data {d} is missing") }
            })?),
            _ => None,
        };
        Ok(Held { row, seats, kind, data, options, settings, engine: None, stale: false, own: None })
    }

    /// A table rebuilt from its options, its seed and every saved line.
    async fn replay_table(&self, held: &Held) -> Result<Box<dyn Engine>, ServiceError> {
        let id = held.row.id;
        let corrupt = |detail: String| ServiceError::Corrupt { game: id, detail };
        let fresh = held.opening().map_err(corrupt)?;
        let mut script = fresh.script();
        let actions = self.store.actions(id).await?;
        for (i, a) in actions.iter().enumerate() {
            if a.seq != i as u64 + 1 {
                return Err(corrupt(format!("the action log jumps from {i} to {}", a.seq)));
            }
            script.push_str(&a.line);
            script.push('\n');
        }
        let engine = held.kind.replay(&script, held.data.as_deref()).map_err(|e| corrupt(format!("action log {e}")))?;
        // Today's rules must be the ones it was created under: never replayed quietly under others.
        if let Some(r) = held.row.rules.filter(|r| *r != engine.rules_version()) {
            return Err(corrupt(format!(
                "it was created under rules {r}, and this release plays rules {}",
                engine.rules_version()
            )));
        }
        if engine.steps() as u64 != held.row.version {
            return Err(corrupt(format!("the log rebuilds {} actions of {}", engine.steps(), held.row.version)));
        }
        Ok(engine)
    }

    /// A table's seat names in its game's words, and where it is played.
    pub(in crate::service) async fn table_place(
        &self,
        caller: &Caller,
        game: GameId,
    ) -> Result<(Vec<String>, Option<crate::store::ChannelId>), ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        Ok((held.seat_names(), held.row.home()))
    }

    /// The whole table as a script (every secret in it): `gambit export` and the end of a game.
    pub async fn table_script(&self, _host: &super::HostPass, game: GameId) -> Result<String, ServiceError> {
        let row = self.store.game(game).await?;
        let seats = self.store.seats(game).await?;
        let held = self.load_table(row, seats).await?;
        Ok(held.engine()?.script())
    }

    /// Check a table the way `gambit verify` does: its newest snapshot replays on its own to the game's
    /// version, and its log replays to the very same game.
    pub(super) async fn verify_table(&self, row: GameRow) -> Result<(), String> {
        let seats = self.store.seats(row.id).await.map_err(|e| e.to_string())?;
        let version = row.version;
        let held = self.load_table(row, seats).await.map_err(|e| e.detail())?;
        if held.engine.is_none() {
            return Ok(());
        }
        let snapshot = match self.store.latest_snapshot(held.row.id).await.map_err(|e| e.to_string())? {
            Some((v, script)) if v == version => script,
            Some((v, _)) => return Err(format!("the newest snapshot is {v}, the game is at {version}")),
            None => return Err("no snapshot".into()),
        };
        let replayed = self.replay_table(&held).await.map_err(|e| e.detail())?;
        // A game with a room is checked there (`Service::verify`); a table's snapshot is its script, which
        // opens on its own.
        let same = match held.kind.resume(&snapshot, held.data.as_deref()) {
            Some(saved) => {
                let saved = saved.map_err(|e| format!("snapshot: {e}"))?;
                if saved.steps() as u64 != version {
                    return Err(format!("the snapshot holds {} actions of {version}", saved.steps()));
                }
                replayed.script() == saved.script()
            }
            // A snapshot that is not the whole game (a state): the state its log replays to.
            None => replayed.snapshot() == snapshot,
        };
        if same { Ok(()) } else { Err("its log replays to another game than its snapshot".into()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table saved before stand-ins, and before both games kept one kind of settings, reads with none
    /// chosen and its options and timers as they were; what it writes reads back the same.
    #[test]
    fn a_tables_settings_from_before_stand_ins_and_shared_settings_read_and_write_back_the_same() {
        let saved = r#"{"options":"variant 1","remind_minutes":30,"deadline_minutes":60,"sealed":true}"#;
        let settings = GameSettings::read(saved).expect("readable");
        assert_eq!(settings.stand_ins, crate::service::StandIns::default());
        assert_eq!(
            (settings.options.as_str(), settings.remind_minutes, settings.deadline_minutes),
            ("variant 1", Some(30), Some(60))
        );
        assert!(settings.sealed && !settings.draw_sides);
        assert_eq!(
            settings.json(),
            r#"{"options":"variant 1","deadline_minutes":60,"remind_minutes":30,"draw_sides":false,"sealed":true}"#
        );
        assert_eq!(GameSettings::read(&settings.json()), Some(settings));
        assert!(GameSettings::read("not json").is_none(), "a damaged record is told, never guessed");
    }
}
