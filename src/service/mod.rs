//! The one door to the game for every front end (the Discord bot and the terminal game): find the game,
//! check who is asking, apply the choice, save it in one transaction, and say what to show. It returns
//! data; it never talks to Discord.

mod admin;
mod archive;
mod away;
mod caller;
mod computer;
mod draw;
mod error;
pub mod host;
mod limits;
mod lobby;
mod names;
mod outbox;
mod pass;
mod play;
mod preferences;
pub mod queens_gambit;
mod query;
mod ratings;
mod registry;
mod room;
mod seal;
mod server;
mod stand_in;
mod standings_text;
mod stats;
mod step;
mod tables;
mod timing;
mod web;

/// The games behind the seam a host runs, with their data (built by the command line from `--assets`).
pub use crate::games::Catalog;
/// A finished game told for everyone, in its game's words (`games::Recap`).
pub use crate::games::fact::Summed;
pub use crate::games::{Kind, Recap, Words};
pub use crate::store::{Job, Lead, Quota};
pub use admin::{Expired, Replaced};
pub use archive::Verdict;
pub use caller::{Caller, Person, Place, Power};
pub use draw::DrawStep;
pub use error::ServiceError;
pub use host::{ChannelId, Due, DueKind, GameId, HostError, RoleId, ServerId, Status, StoreError, UserId, now, utc};
pub use limits::Limits;
pub use pass::{HostPass, SeatPass};
pub use preferences::{Prefs, local_time, zone_named, zones_like};
/// A time zone, as the pages state times in one.
pub type Zone = chrono_tz::Tz;
pub use query::Reminder;
pub use ratings::Standings;
pub use seal::seal;
pub use server::{ServerChange, ServerSettings};
pub use stand_in::{StandIn, StandIns};
pub use standings_text::{anchors_text, games_text, rating_text, span, thousands};
pub use stats::{Record, Result3, ServerFigures, Stats, Trend};
pub use tables::{
    Answered, Chosen, Foreign, GameLine, LoggedMove, NewGameRequest, Refused, TableEnding, TableMenu, TableNews,
    TableSeat, TableSeen, table_computer,
};
pub use timing::{GameSettings, stall_line};
pub use web::{ArchivedGame, NamedLadder, PlayerStats, PublicGame, Ranked, ReplayEnd, ReplayStep, SeatLink, SeatPage};

use crate::store::{Store, Time};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// How many games stay in memory before idle ones are let go (each holds its engine state, some tens of KB).
const KEEP_IN_MEMORY: usize = 512;

/// How many changes a page that reads slowly may fall behind before it is told it missed some.
const CHANGES_KEPT: usize = 256;

/// Where the time comes from (tests move it by hand).
pub type Clock = Arc<dyn Fn() -> Time + Send + Sync>;

pub struct Service {
    store: Store,
    /// The rooms of the games whose records are their own (`room::Room`).
    rooms: registry::Rooms,
    /// Games in memory, every game's, each behind its own lock so two actions on one game never
    /// interleave.
    tables: Mutex<HashMap<GameId, tables::Slot>>,
    /// Every game this bot hosts, with its data.
    catalog: crate::games::Catalog,
    /// Past this many games in memory, idle ones are let go.
    keep: usize,
    clock: Clock,
    /// Settings of new games on a server that chose none (the host's configuration).
    defaults: GameSettings,
    limits: Limits,
    /// How new games are numbered (the configuration's `[games] numbering`; sequential unless set).
    numbering: crate::store::Numbering,
    /// After this many rounds with no change in what either side needs, a new round suggests a draw
    /// (0: never).
    stall_rounds: u32,
    /// The most days a player may be away (`away`).
    away_days_max: u32,
    throttle: limits::Throttle,
    /// The allowance of suggestions while typing.
    suggest_throttle: limits::Throttle,
    /// The computer players: their levels' budgets and the threads they search on.
    computers: computer::Computers,
    /// Who this process is when it tells saved steps in their threads (`outbox`): its shards, and
    /// after `#` this run of it.
    teller: String,
    /// The web pages' allowance, per link (`web`).
    page_throttle: limits::Throttle<String>,
    /// How links to the web pages are signed (`web`), once prepared.
    links: std::sync::OnceLock<web::Links>,
    /// Where news of steps made on the web goes to be told in their threads (`web::relayed`).
    relay: std::sync::Mutex<Option<tokio::sync::mpsc::UnboundedSender<TableNews>>>,
    /// Every saved change's game, for pages that update themselves.
    changed: tokio::sync::broadcast::Sender<GameId>,
    /// What finished games told the statistics (`Engine::facts`): a finished game never changes.
    facts: std::sync::Mutex<HashMap<GameId, Vec<crate::games::Fact>>>,
}

/// This run of the process named `of` (its shards), as the outbox names its teller.
fn run_of(of: &str) -> String {
    format!("{of}#{:08x}", rand::random::<u32>())
}

impl Service {
    /// A service on `store` hosting the games of `catalog`, with their data.
    pub fn new(store: Store, catalog: Catalog) -> Service {
        let (catalog, rooms) = registry::Rooms::of(catalog, None);
        Service {
            store,
            rooms,
            tables: Mutex::new(HashMap::new()),
            catalog,
            keep: KEEP_IN_MEMORY,
            clock: Arc::new(crate::store::now),
            defaults: GameSettings::default(),
            throttle: limits::Throttle::new(Limits::default().commands_per_minute),
            suggest_throttle: limits::Throttle::new(
                Limits::default().commands_per_minute * limits::SUGGESTIONS_PER_COMMAND,
            ),
            limits: Limits::default(),
            numbering: crate::store::Numbering::default(),
            stall_rounds: 10,
            away_days_max: away::AWAY_DAYS_MAX,
            computers: computer::Computers::new(crate::games::effort::Settings::default(), 1),
            teller: run_of("all"),
            page_throttle: limits::Throttle::new(web::PAGES_PER_MINUTE),
            links: std::sync::OnceLock::new(),
            relay: std::sync::Mutex::new(None),
            changed: tokio::sync::broadcast::channel(CHANGES_KEPT).0,
            facts: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// Who this process is when it tells saved steps (`outbox`): the shards it runs, so the same shards
    /// restarted tell at once what their last run saved and did not tell.
    pub fn with_teller(mut self, shards: &str) -> Service {
        self.teller = run_of(shards);
        self
    }

    /// The computer players' budgets, and how many may search at once.
    pub fn with_computers(mut self, settings: crate::games::effort::Settings, threads: usize) -> Service {
        self.computers = computer::Computers::new(settings, threads);
        self
    }

    /// Let outside programs (`cmd:` seats) play: for the host's terminal game only, never the bot, which
    /// would run whatever a seat names.
    pub fn with_programs(mut self) -> Service {
        self.computers =
            std::mem::replace(&mut self.computers, computer::Computers::new(Default::default(), 1)).with_programs();
        self
    }

    /// The kind of game a record's key names.
    pub(crate) fn kind(&self, key: &str) -> Option<Arc<dyn crate::games::Kind>> {
        self.catalog.get(key)
    }

    /// The games hosted, with the data a host keeps for them (`--assets`).
    pub fn with_catalog(mut self, catalog: crate::games::Catalog) -> Service {
        (self.catalog, self.rooms) = registry::Rooms::of(catalog, Some(&self.rooms));
        self
    }

    /// The keys and names of the games behind the seam.
    pub fn catalog(&self) -> &crate::games::Catalog {
        &self.catalog
    }

    /// Deadlines and reminders of new games on servers that chose none.
    pub fn with_defaults(mut self, defaults: GameSettings) -> Service {
        self.defaults = defaults;
        self
    }

    pub fn with_limits(mut self, limits: Limits) -> Service {
        self.throttle = limits::Throttle::new(limits.commands_per_minute);
        self.suggest_throttle =
            limits::Throttle::new(limits.commands_per_minute.saturating_mul(limits::SUGGESTIONS_PER_COMMAND));
        self.limits = limits;
        self
    }

    /// After how many rounds with no change in what either side needs a draw is suggested (0: never).
    pub fn with_stall_rounds(mut self, rounds: u32) -> Service {
        self.stall_rounds = rounds;
        self
    }

    /// The most days a player may mark themselves away.
    pub fn with_away_days_max(mut self, days: u32) -> Service {
        self.away_days_max = days;
        self
    }

    /// How new games are numbered.
    pub fn with_numbering(mut self, numbering: crate::store::Numbering) -> Service {
        self.numbering = numbering;
        self
    }

    /// Open the database at `path` with the games and data built into the program.
    pub async fn open(path: &Path) -> Result<Service, ServiceError> {
        Ok(Service::new(Store::open(path).await?, Catalog::embedded()))
    }

    pub fn with_clock(mut self, clock: Clock) -> Service {
        self.clock = clock;
        self
    }

    /// Keep at most about `games` games in memory (tests use a small number).
    pub fn with_memory_limit(mut self, games: usize) -> Service {
        self.keep = games.max(1);
        self
    }

    /// How many games are held in memory now.
    pub fn games_in_memory(&self) -> usize {
        self.tables.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// Close the database (the terminal commands, when they are done).
    pub async fn close(&self) {
        self.store.close().await;
    }

    /// Stop for good: fold the database's log into its file, so one whole file is left behind, and close.
    pub async fn shutdown(&self) {
        if let Err(e) = self.store.checkpoint().await {
            tracing::warn!(error = %e, "cannot fold the database log into the file");
        }
        self.store.close().await;
    }

    fn now(&self) -> Time {
        (self.clock)()
    }

    /// Forget every game held in memory (after another process changed the database, or in tests).
    pub fn forget_all(&self) {
        if let Ok(mut m) = self.tables.lock() {
            m.clear();
        }
    }
}

/// The lock of one game's in-memory copy in `map` (the first game's, or the tables'), made when missing.
fn slot_in<T>(
    map: &Mutex<HashMap<GameId, Arc<tokio::sync::Mutex<Option<T>>>>>,
    keep: usize,
    game: GameId,
) -> Arc<tokio::sync::Mutex<Option<T>>> {
    let mut map = match map.lock() {
        Ok(m) => m,
        // A panic while holding this map lock cannot leave it inconsistent: it only holds Arcs.
        Err(poisoned) => poisoned.into_inner(),
    };
    if map.len() >= keep && !map.contains_key(&game) {
        // Forget the games nobody is using right now: they load again from the database when asked.
        map.retain(|_, slot| Arc::strong_count(slot) > 1);
    }
    map.entry(game).or_default().clone()
}
