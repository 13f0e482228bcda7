//! What a reader sees of a table: a seated player their own seat's view and menu, anyone else the
//! spectators' view. Every word and picture is built from that reader's view inside the game.

use super::Held;
use crate::games::{MenuItem, Outcome};
use crate::service::{Caller, Service, ServiceError};
use crate::store::{GameId, Status, UserId};

/// A table as one reader sees it.
pub struct TableSeen {
    pub game: GameId,
    /// The game's key and its name for players.
    pub key: String,
    pub name: String,
    pub title: String,
    pub status: Status,
    /// The options in a few words.
    pub options: String,
    /// Seat names with their holders.
    pub seats: Vec<(String, Option<UserId>)>,
    /// Seats kept for invited members who have not accepted yet: the seat's name and the guest.
    pub invited: Vec<(String, UserId)>,
    /// The reader's seat, if they hold one.
    pub seat: Option<usize>,
    /// The reader's view as text, and the last action in their words.
    pub text: String,
    pub last: Option<String>,
    /// Whether the reader must decide now.
    pub deciding: bool,
    /// Who must decide now, by seat name, and since when.
    pub waiting: Vec<String>,
    pub waiting_since: Option<crate::store::Time>,
    pub outcome: Option<Outcome>,
    /// The reader's view for its picture (`render::sight_png`): their own setup being arranged before
    /// play, the board once it is on.
    pub sight: Option<Box<dyn std::any::Any + Send>>,
    /// Whether the game is past its setups.
    pub in_play: bool,
    pub revision: u64,
    pub created_by: UserId,
    /// The game's words for the shared messages.
    pub words: &'static crate::games::Words,
    /// The levels its computer plays at (`Kind::levels`), for a lobby's seats.
    pub levels: Vec<&'static str>,
}

/// A game in a list (a player's games, the host's): every game alike, in its game's words.
#[derive(Clone, Debug)]
pub struct GameLine {
    pub game: GameId,
    /// Its game's key and name for players.
    pub key: String,
    pub name: String,
    pub title: String,
    /// The options in a few words.
    pub options: String,
    pub status: Status,
    pub players: u8,
    /// The public moves so far (secret steps are not counted).
    pub moves: u64,
    /// The rules version it plays under, and the game data it plays with.
    pub rules: Option<u32>,
    pub data_set: String,
    /// Each seat's key (`Engine::seat_key`) and its holder.
    pub seats: Vec<(String, Option<UserId>)>,
    /// Whether the reader must decide now.
    pub your_move: bool,
    /// Who the game waits for, in its words.
    pub waiting: String,
    pub thread: Option<crate::store::ChannelId>,
    pub channel: Option<crate::store::ChannelId>,
}

impl GameLine {
    /// Where it is played: its thread, else the channel it was started in.
    pub fn home(&self) -> Option<crate::store::ChannelId> {
        self.thread.clone().or_else(|| self.channel.clone())
    }
}

/// The game held as a line of a list, for `user` (none: the host's list).
fn line_of(held: &Held, user: Option<&UserId>) -> GameLine {
    let engine = held.engine.as_deref();
    let deciders = engine.map(|e| e.deciders()).unwrap_or_default();
    let status = held.row.status;
    let waiting = match (status, engine) {
        (Status::Lobby, _) | (_, None) => "players to join".to_string(),
        (s, _) if s.is_over() => "nobody (the game is over)".to_string(),
        (_, Some(e)) => e.waiting(),
    };
    let keys = held.seat_keys();
    GameLine {
        game: held.row.id,
        key: held.kind.key().to_string(),
        name: held.kind.name().to_string(),
        title: held.row.title.clone(),
        options: held.kind.describe(&held.options),
        status,
        players: held.row.players,
        moves: held.row.moves,
        rules: held.row.rules,
        data_set: held.row.data_set.clone().unwrap_or_else(|| held.kind.data_id()),
        seats: held
            .seats
            .iter()
            .map(|s| (keys.get(s.seat).cloned().unwrap_or_else(|| s.seat.to_string()), s.user_id.clone()))
            .collect(),
        your_move: status == Status::Active
            && user.is_some_and(|u| held.seats_of(u).iter().any(|s| deciders.contains(s))),
        waiting,
        thread: held.row.thread_id.clone(),
        channel: held.row.channel_id.clone(),
    }
}

/// A chooser's seat at a table after their choice (`Answered::seat_view` for a game drawn by its lines):
/// the game as they see it, and their menu's first level while they still decide.
pub struct TableSeat {
    pub seen: TableSeen,
    pub menu: Option<TableMenu>,
}

/// One level of a seat's menu.
pub struct TableMenu {
    pub game: GameId,
    pub seat: usize,
    pub items: Vec<MenuItem>,
    /// Its heading for the player, and what its list asks for.
    pub prompt: crate::games::Prompt,
    /// What the menu was made at (a click is checked against it): the public revision and the seat's own
    /// steps, so neither a move anyone saw nor the seat's own secret step (a new draw) leaves it good,
    /// and the other side's secret steps never touch it.
    pub revision: u64,
}

/// The revision a seat's private menu is made at (`TableMenu::revision`).
pub(in crate::service) fn menu_token(held: &super::Held, seat: usize) -> u64 {
    let revision = held.row.public_revision;
    held.engine.as_deref().map_or(revision, |e| e.stamp(seat, revision))
}

/// What a seat's side may know at a table: the public revision and every step of its side's seats (a
/// partner's secret steps are shown to its side). The computer thinking for `seat` in the background
/// plays its answer only if this has not moved meanwhile.
pub(in crate::service) fn side_token(held: &super::Held, seat: usize) -> u64 {
    let Some(engine) = held.engine.as_deref() else { return token(held.row.public_revision, 0) };
    let side = engine.side(seat);
    let seats = 0..engine.seat_names().len();
    token(held.row.public_revision, seats.filter(|s| engine.side(*s) == side).map(|s| engine.seat_steps(s)).sum())
}

/// A revision and a count of secret steps in one number.
fn token(revision: u64, steps: usize) -> u64 {
    (revision << 24) | (steps as u64 & 0xFF_FFFF)
}

impl Service {
    /// Table `game` as `caller` sees it.
    pub async fn table_seen(&self, caller: &Caller, game: GameId) -> Result<TableSeen, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "table_seen");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        Ok(seen(held, caller.user()))
    }

    /// The words of table `game`'s kind (for a form opened from its menu).
    pub async fn table_words(
        &self,
        caller: &Caller,
        game: GameId,
    ) -> Result<&'static crate::games::Words, ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        Ok(self.reach_table(&mut guard, game, caller).await?.kind.words())
    }

    /// The next level of `caller`'s menu at table `game`, after the steps in `path`.
    pub async fn table_menu(&self, caller: &Caller, game: GameId, path: &[&str]) -> Result<TableMenu, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "table_menu");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        let seat = held.deciding_seat(caller.user())?;
        self.menu_held(caller, held, seat, path).await
    }

    /// The next level of `seat`'s menu in the game held, after the steps in `path`, with the caller's
    /// kept arrangements that fit at its first level.
    pub(in crate::service) async fn menu_held(
        &self,
        caller: &Caller,
        held: &Held,
        seat: usize,
        path: &[&str],
    ) -> Result<TableMenu, ServiceError> {
        let game = held.row.id;
        let engine = held.engine()?;
        let mut items = engine.menu(seat, path);
        // The player's kept arrangements that fit here, after the game's own first level.
        if let (true, Some(shelf)) = (path.is_empty(), engine.shelf(seat)) {
            let prefs = self.prefs_of(caller.user()).await?;
            for name in prefs.keepsakes.get(&shelf).into_iter().flat_map(|kept| kept.keys()) {
                items.push(MenuItem { id: format!("saved {name}"), label: format!("Saved: {name}"), leaf: true });
            }
        }
        let prompt = engine.prompt(seat, path);
        Ok(TableMenu { game, seat, items, prompt, revision: menu_token(held, seat) })
    }

    /// The games `caller` sits at that they can reach from where they ask (on a server, that server's),
    /// of every game, newest first; only those still to play with `open_only` (a finished game is not
    /// loaded at all then). A game that cannot be loaded is listed as its error, where its server can be
    /// told.
    pub async fn games_of(
        &self,
        caller: &Caller,
        open_only: bool,
    ) -> Result<Vec<Result<GameLine, ServiceError>>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "games_of");
        let mut out = Vec::new();
        for row in self.store.games_of_user(caller.user()).await? {
            let row = match row {
                Ok(row) => row,
                Err(e) => {
                    if matches!(caller.place(), crate::service::Place::Host | crate::service::Place::Direct) {
                        out.push(Err(e.into()));
                    }
                    continue;
                }
            };
            if !caller.reaches(&row, true) || (open_only && row.status.is_over()) {
                continue;
            }
            let slot = self.table_slot(row.id);
            let mut guard = slot.lock().await;
            out.push(self.reach_table(&mut guard, row.id, caller).await.map(|held| line_of(held, Some(caller.user()))));
        }
        Ok(out)
    }

    /// Every game in the database, newest first (the host's list); a record that cannot be read or
    /// loaded is listed as its error.
    pub async fn all_games(&self) -> Result<Vec<Result<GameLine, ServiceError>>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "all_games");
        let mut out = Vec::new();
        for row in self.store.games().await? {
            out.push(match row {
                Ok(row) => {
                    let slot = self.table_slot(row.id);
                    let mut guard = slot.lock().await;
                    self.hold_of(&mut guard, row.id, None).await.map(|held| line_of(held, None))
                }
                Err(e) => Err(e.into()),
            });
        }
        Ok(out)
    }

    /// Every whole choice of `caller`'s menu at table `game` (for suggestions while typing).
    pub async fn table_leaves(&self, caller: &Caller, game: GameId) -> Result<Vec<MenuItem>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "table_leaves");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        let seat = held.deciding_seat(caller.user())?;
        let engine = held.engine()?;
        let mut leaves = Vec::new();
        let mut open: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(path) = open.pop() {
            let steps: Vec<&str> = path.iter().map(String::as_str).collect();
            for item in engine.menu(seat, &steps) {
                if item.leaf {
                    leaves.push(item);
                } else if path.len() < 4 {
                    open.push(path.iter().cloned().chain([item.id]).collect());
                }
            }
        }
        leaves.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(leaves)
    }

    /// A game's pieces for players, under these lobby options.
    pub fn game_pieces(&self, key: &str, options: &str) -> Result<String, ServiceError> {
        let kind = self.kind(key).ok_or_else(|| self.unknown_game(key))?;
        let options = kind.options(options).map_err(ServiceError::Options)?;
        Ok(kind.pieces(&options))
    }

    /// The key of the game `game` is (which game's presentation draws it). Out of the caller's reach is
    /// "no such game".
    pub async fn game_key(&self, caller: &Caller, game: GameId) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_key");
        // A game held in memory that the caller reaches by what memory holds says what it is without a
        // read (a record's game and server never change); else the record decides, reach and all. A busy
        // copy is not waited for.
        let slot = self.tables.lock().ok().and_then(|m| m.get(&game).cloned());
        if let Some(slot) = slot
            && let Ok(held) = slot.try_lock()
            && let Some(h) = held.as_ref()
            && caller.reaches(&h.row, h.seats.iter().any(|s| s.user_id.as_ref() == Some(caller.user())))
        {
            return Ok(h.row.game.clone());
        }
        let row = match self.store.game(game).await {
            Err(crate::store::StoreError::NoGame(_)) => return Err(ServiceError::NoGame(game)),
            other => other?,
        };
        let seated = self.store.seats(game).await?.iter().any(|s| s.user_id.as_ref() == Some(caller.user()));
        if !caller.reaches(&row, seated) {
            return Err(ServiceError::NoGame(game));
        }
        Ok(row.game)
    }
}

pub(in crate::service) fn seen(held: &Held, user: &UserId) -> TableSeen {
    let seats_mine = held.seats_of(user);
    let seat = seats_mine.first().copied();
    let engine = held.engine.as_deref();
    let names = held.seat_names();
    let deciders = engine.map(|e| e.deciders()).unwrap_or_default();
    TableSeen {
        game: held.row.id,
        key: held.kind.key().to_string(),
        name: held.kind.name().to_string(),
        title: held.row.title.clone(),
        status: held.row.status,
        options: {
            // The players' choices, told in the lobby as the first game's are.
            let mut options = held.kind.describe(&held.options);
            if held.settings.draw_sides {
                options.push_str(" · sides dealt as it starts");
            }
            if held.settings.stand_ins.stand_in.is_some() {
                options.push_str(" · the computer stands in for a late player");
            }
            options
        },
        seats: names.iter().enumerate().map(|(i, n)| (n.clone(), held.user_of(i))).collect(),
        invited: held
            .seats
            .iter()
            .filter(|s| s.user_id.is_none() && held.row.status == Status::Lobby)
            .filter_map(|s| Some((names.get(s.seat)?.clone(), s.invited.clone()?)))
            .collect(),
        seat,
        text: engine.map(|e| e.view_text(seat)).unwrap_or_default(),
        last: engine.and_then(|e| e.event_text(seat)),
        deciding: held.row.status == Status::Active && seat.is_some_and(|s| deciders.contains(&s)),
        waiting: deciders.iter().filter_map(|s| names.get(*s).cloned()).collect(),
        waiting_since: held.row.waiting_since,
        outcome: engine.and_then(|e| e.outcome()),
        sight: held.sight(seat),
        in_play: held.in_play(),
        revision: held.row.public_revision,
        created_by: held.row.created_by.clone(),
        words: held.kind.words(),
        levels: held.kind.levels(),
    }
}
