//! The first game's side of a record held in memory (`tables::Held`): its typed game behind the seam,
//! the data and rules it plays with, and how its record is loaded: from its newest snapshot, or rebuilt
//! from the action log when the snapshot is missing or damaged (and the snapshot repaired).

use super::tables::Account;
use super::tables::{FirstGame, Held};
use super::{GameSettings, Service, ServiceError, Update};
use crate::games::queens_gambit::Table;
use crate::games::queens_gambit::rules::script::{self, Script};
use crate::games::queens_gambit::rules::{Data, Event, Game, RulesVersion, Seat, State};
use crate::store::{ActionRow, GameRow, SeatRow, Status, UserId};
use std::collections::BTreeSet;
use std::sync::Arc;

/// How many actions back a finished card's reveal is looked for: a card takes a few dozen at most.
const CARD_LOOKBACK: u32 = 60;

/// What the saved events of a step that rolled dice hold (an attack, Anakin's roll, the space defence).
const DICE: &[&str] = &["\"event\":\"attacked\"", "\"event\":\"anakin_rolled\"", "\"event\":\"space_defence\""];

impl Held {
    /// The first game's own, for a record of it.
    pub fn first(&self) -> Result<&FirstGame, ServiceError> {
        self.first.as_ref().ok_or_else(|| ServiceError::OtherGame { game: self.row.id, key: self.row.game.clone() })
    }

    /// The first game's typed game, once started.
    pub fn game(&self) -> Option<&Game> {
        self.engine.as_deref()?.as_any().downcast_ref::<Table>().map(Table::game)
    }

    /// The first game's table, to play a typed move on.
    pub fn first_table(&mut self) -> Option<&mut Table> {
        self.engine.as_deref_mut()?.as_any_mut().downcast_mut::<Table>()
    }

    /// The seats this user holds, as the first game names them.
    pub fn seats_held(&self, user: &UserId) -> Vec<Seat> {
        self.seats.iter().filter(|s| s.user_id.as_ref() == Some(user)).map(|s| Seat::at(s.seat)).collect()
    }

    /// Its mode, by its seat count.
    pub fn mode(&self) -> crate::games::queens_gambit::rules::Mode {
        crate::games::queens_gambit::rules::Mode::from_players(self.row.players)
            .unwrap_or(crate::games::queens_gambit::rules::Mode::TwoPlayer)
    }

    /// The user holding `seat`.
    pub fn holder(&self, seat: Seat) -> Option<UserId> {
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
        let settings = GameSettings::parse(&row.settings);
        let kind = self.kind(crate::games::queens_gambit::KEY).ok_or(ServiceError::UnknownGame(row.game.clone()))?;
        let mut held = self.holder(row, seats, kind, settings).await?;
        held.first = Some(FirstGame { data: data.clone(), rules, rolled: None });
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

/// The seats of the first game among `seats` (a game's own numbers).
pub(super) fn seats_of(seats: &[usize]) -> BTreeSet<Seat> {
    seats.iter().filter_map(|s| u8::try_from(*s).ok().map(Seat)).collect()
}

impl Service {
    /// The first game's account of the step just saved on `held` (`before`: who decided before it;
    /// `stalled`: a long stall the step found): its `Update`, what its Discord layer draws. None for
    /// another game's record, which is told by its lines.
    pub(super) async fn account_of(&self, held: &mut Held, before: &[usize], stalled: Option<u32>) -> Account {
        let events = held.first_table()?.last_events_all().to_vec();
        match self.first_update(held, events, &seats_of(before), stalled).await {
            Ok(update) => Some(Box::new(update)),
            Err(e) => {
                tracing::warn!(game = held.row.id, error = %e.detail(), "the step was saved but not told");
                None
            }
        }
    }

    /// The first game's update after a step saved on `held`: its `events`, the seats it waited for
    /// `before`, and what its posts say beside them (a stall, the first dice, a finished card's story
    /// read back from the log, who is pinged).
    pub(super) async fn first_update(
        &self,
        held: &mut Held,
        events: Vec<Event>,
        before: &BTreeSet<Seat>,
        stalled: Option<u32>,
    ) -> Result<Update, ServiceError> {
        let (game, step) = (held.row.id, held.row.version);
        let next = held.game().ok_or(ServiceError::NotStarted { game })?;
        let mut update = Update::new(held, next, events, before);
        update.public.stalled = stalled;
        // The game's first dice: the post says where the dice are explained.
        if held.first()?.rolled != Some(true) && update.public.events.iter().any(super::update::rolls) {
            update.public.first_roll = match self.store.mentioned_before(game, step, DICE).await {
                Ok(before) => !before,
                Err(e) => {
                    tracing::warn!(game, error = %e, "could not tell whether dice were rolled before");
                    false
                }
            };
            if let Some(first) = held.first.as_mut() {
                first.rolled = Some(true);
            }
        }
        // A card finished: its picture shows all it did since its reveal, read back from the log.
        let head = update.public.parts().first().map(|h| h.to_vec()).unwrap_or_default();
        if head.iter().any(|e| matches!(e.kind, crate::games::queens_gambit::rules::EventKind::CardFinished { .. })) {
            let earlier: Vec<Vec<Event>> = match self.store.recent_actions(game, CARD_LOOKBACK).await {
                Ok(rows) => rows
                    .iter()
                    .filter(|a| a.seq < step)
                    .map(|a| serde_json::from_str(&a.events).unwrap_or_default())
                    .collect(),
                Err(e) => {
                    tracing::warn!(game, error = %e, "could not read the card's earlier moves");
                    Vec::new()
                }
            };
            update.public.card = super::update::card_events(&earlier, &head);
        }
        self.settle_pings(&mut update).await;
        Ok(update)
    }

    /// The first game's account of its last step taken back (`last`, from the game `undone`): the boards
    /// as they are again, and whether it was a secret only its side knew (a plan change, the queen).
    pub(super) async fn undo_account(
        &self,
        held: &Held,
        last: &ActionRow,
        undone: &dyn crate::games::Engine,
    ) -> Account {
        let engine = held.game()?;
        let before = seats_of(&undone.deciders());
        // The private views of the author's side changed back, and so may every board.
        let events: Vec<Event> = serde_json::from_str(&last.events).unwrap_or_default();
        let mut update = Update::new(held, engine, Vec::new(), &before);
        update.public.focus = crate::games::queens_gambit::rules::Focus::of(&events);
        update.private_changed = Update::private_seats(engine.mode(), &events);
        // Taking back a secret step is nobody else's business: the other side saw at most that a queen
        // was chosen.
        update.secret = events.iter().all(|e| {
            !e.visible_to(None) || matches!(e.kind, crate::games::queens_gambit::rules::EventKind::QueenChosen)
        });
        self.settle_pings(&mut update).await;
        Some(Box::new(update))
    }

    /// The first game's account of its start: the deal, who decides first, and the seal of its seed.
    pub(super) async fn start_account(&self, held: &mut Held) -> Account {
        let events = held.first_table()?.last_events_all().to_vec();
        let mut update = self.first_update(held, events, &BTreeSet::new(), None).await.ok()?;
        update.public.seal = Some(super::seal(held.row.id, held.row.seed));
        Some(Box::new(update))
    }
}

impl Service {
    /// The first game's view of `seat` in the game held, for its holder (`wanted`: none asked for, none
    /// built); none for another game's record.
    pub(super) fn seat_view_of(&self, held: &Held, seat: usize, wanted: bool) -> Account {
        let game = held.game().filter(|_| wanted)?;
        let seat = Seat::at(seat);
        let mine = held.holder(seat).map(|u| held.seats_held(&u)).unwrap_or_default();
        Some(Box::new(super::query::seated_view(held, game, Some(seat), mine)))
    }
}
