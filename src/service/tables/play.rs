//! Playing at a table: a seat's choice checked, applied and saved in one transaction before anyone is
//! answered; then the computer's seats, each choice saved the same way.

use super::Held;
use crate::games::Outcome;
use crate::service::ratings::End;
use crate::service::{Caller, Service, ServiceError};
use crate::store::{ChannelId, GameId, Status, UserId};

/// The longest name of a kept setup, and how many a player keeps for one game and side (a menu's page
/// holds 25 options, the game's own first).
const KEPT_NAME: usize = 30;
const KEPT_PER_SHELF: usize = 20;

/// The game's own account of a change, for a front end that draws more than its lines: the first game's
/// is its `Update` (told apart by its type, as a sight is drawn). None for a game told by its lines.
pub type Account = Option<Box<dyn std::any::Any + Send>>;

/// What changed at a table, for the front end to show: every line is the public's words (built from the
/// spectators' view, so it holds nothing secret), the picture is the public's view.
pub struct TableNews {
    pub game: GameId,
    /// Its game's key (a front end draws the news its game's way).
    pub key: &'static str,
    pub title: String,
    /// Where it is played: its thread, else its channel.
    pub home: Option<ChannelId>,
    /// What happened, in order, in public words.
    pub lines: Vec<String>,
    /// Who must decide now: the seat, its name and its holder.
    pub waiting: Vec<(usize, String, Option<UserId>)>,
    /// Of them, those the change newly asks to decide (who were not deciding before it): the seats a
    /// post names. A secret step that leaves every seat deciding as before asks nobody.
    pub asked: Vec<(usize, String, Option<UserId>)>,
    /// What a seat deciding now is asked, where that is not its game's usual ask (`Engine::ask`).
    pub asks: std::collections::BTreeMap<usize, String>,
    /// Of the people asked, those who want a ping now (their `/qg notify` preferences and quiet hours),
    /// each once: the service settles it for every game, so a front end pings exactly these.
    pub pinged: std::collections::BTreeSet<UserId>,
    pub outcome: Option<Outcome>,
    /// Whether the game is in play (past its secret setups, if it has them).
    pub in_play: bool,
    /// Whether play began with this change.
    pub began: bool,
    /// The public's view, for its picture (`render::sight_png`).
    pub sight: Option<Box<dyn std::any::Any + Send>>,
    /// The revision public buttons are made for.
    pub revision: u64,
    /// The game's step when this was told: its thread's posts up to it are sent with these (`outbox`).
    pub step: u64,
    pub status: Status,
    /// When play begins: the seal of the game's seed (`service::seal`), to post so that nobody can pick
    /// the seed afterwards.
    pub seal: Option<String>,
    /// Players the computer now plays for (a deadline passed at a table whose players chose a stand-in).
    pub stood_in: Vec<crate::service::StandIn>,
    /// When the game has ended: the game told for everyone.
    pub recap: Option<crate::games::Recap>,
    /// When the game has ended: the seed against its seal, and the whole game as a replay script (every
    /// secret in it, none of them secret any more).
    pub ending: Option<TableEnding>,
    /// When the game has ended: its recap's frames for an animation (`Engine::frames`; none for a game
    /// that animates none).
    pub frames: Vec<Box<dyn std::any::Any + Send>>,
    /// The game's words for the shared messages.
    pub words: &'static crate::games::Words,
    /// The game's own account of the change (its secrets reach a reader only through it, as the game
    /// allows), for its presentation.
    pub account: Account,
}

/// A finished table's seed check: its seed, the seal posted at its start, and the game as a script.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableEnding {
    pub seed: u64,
    /// The seal posted at its start (none: it began before tables were sealed).
    pub seal: Option<String>,
    /// The replay script, its first line naming the game (`# gambit game N`) for `gambit check-dice`.
    pub script: String,
}

impl std::fmt::Debug for TableNews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableNews")
            .field("game", &self.game)
            .field("lines", &self.lines)
            .field("waiting", &self.waiting)
            .field("outcome", &self.outcome)
            .field("in_play", &self.in_play)
            .field("revision", &self.revision)
            .finish_non_exhaustive()
    }
}

impl TableNews {
    /// The game's own account, if it is a `T`.
    pub fn into_account<T: std::any::Any>(mut self) -> Option<T> {
        self.take_account::<T>().map(|a| *a)
    }

    /// The game's own account, taken out if it is a `T` (else left where it is).
    pub fn take_account<T: std::any::Any>(&mut self) -> Option<Box<T>> {
        match self.account.take()?.downcast::<T>() {
            Ok(account) => Some(account),
            Err(other) => {
                self.account = Some(other);
                None
            }
        }
    }

    pub(in crate::service) fn of(held: &Held, lines: Vec<String>) -> TableNews {
        let engine = held.engine.as_deref();
        let names = engine.map(|e| e.seat_names()).unwrap_or_default();
        let waiting = engine
            .map(|e| e.deciders())
            .unwrap_or_default()
            .into_iter()
            .map(|s| (s, names.get(s).cloned().unwrap_or_default(), held.user_of(s)))
            .collect();
        let sight = held.sight(None);
        let (id, seed) = (held.row.id, held.row.seed);
        // Over by the rules, a concession or an agreement: nothing is secret any more.
        let ending = engine.filter(|_| held.row.status.is_over()).map(|e| TableEnding {
            seed,
            seal: held.sealed().then(|| crate::service::seal(id, seed)),
            script: ending_script(id, e),
        });
        TableNews {
            game: held.row.id,
            key: held.kind.key(),
            title: held.row.title.clone(),
            home: held.row.home(),
            lines,
            waiting,
            asked: Vec::new(),
            asks: engine
                .map(|e| e.deciders().into_iter().filter_map(|s| Some((s, e.ask(s)?))).collect())
                .unwrap_or_default(),
            pinged: Default::default(),
            outcome: engine.and_then(|e| e.outcome()),
            in_play: engine.is_some_and(|e| e.in_play()),
            began: false,
            sight,
            revision: held.row.public_revision,
            step: held.row.version,
            status: held.row.status,
            seal: None,
            stood_in: Vec::new(),
            recap: engine.filter(|_| held.row.status.is_over()).and_then(|e| e.recap()),
            ending,
            frames: engine.filter(|_| held.row.status.is_over()).map(|e| e.frames()).unwrap_or_default(),
            words: held.kind.words(),
            account: None,
        }
    }
}

/// How a choice came, and so what it is checked against before it is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Typed: the question as it is now.
    Typed,
    /// From a menu or a button carrying its stamp (`Engine::stamp`): taken only while the seat would
    /// still be shown that menu.
    Menu(u64),
    /// Made seeing the game at this public revision (the terminal, a program): taken only while the
    /// game has not moved on in public.
    Revision(u64),
}

/// A finished game's whole script as its end gives it (every secret in it), headed by its number.
pub(in crate::service) fn ending_script(game: GameId, engine: &dyn crate::games::Engine) -> String {
    format!("# gambit game {game}\n{}", engine.script())
}

/// A choice taken: what it changed, and the chooser's seat as its game shows it now.
#[derive(Debug)]
pub struct Answered {
    pub news: TableNews,
    /// The question answered was a secret one (a plan, a setup, the queen).
    pub private: bool,
    /// The chooser's seat as its game shows it, when its private menu is to be shown again (the question
    /// answered or the next one secret): the game's own (`SeatedView` for the first game), for its
    /// presentation.
    pub seat_view: Account,
}

/// A choice the service turned down, with what a front end needs to say why (so it need not ask again).
#[derive(Debug)]
pub struct Refused {
    pub error: ServiceError,
    /// The seat as its game shows it now, when the choice was made from a menu that has moved on.
    pub now: Account,
    /// For a button of a seat the chooser does not hold: whose it is.
    pub foreign: Option<Box<Foreign>>,
}

/// A button of someone else's seat: the seat, its holder, and the clicker's own seats, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foreign {
    pub seat: String,
    pub holder: Option<UserId>,
    pub yours: Vec<String>,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl From<ServiceError> for Refused {
    fn from(error: ServiceError) -> Refused {
        Refused { error, now: None, foreign: None }
    }
}

impl Service {
    /// `caller` chooses `text` in game `game`, at `seat` (one they hold) or at the seat they decide at
    /// now, in one visit (a click counts against the member's allowance first): checked against what it
    /// was made from (`Chosen`), applied (a refusal, in the game's words, changes nothing), saved, and
    /// told with the computers' answers after it and the chooser's seat as it is now. Every game's.
    pub async fn choose(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Option<usize>,
        from: Chosen,
        text: &str,
    ) -> Result<Answered, Refused> {
        tracing::trace!(target: "gambit::service::call", call = "choose");
        // A click counts here; a typed choice did as the command it came in.
        if matches!(from, Chosen::Menu(_)) {
            self.allowance(caller)?;
        }
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        held.playing()?;
        let seat = match seat {
            Some(s) => owned_seat(held, s, caller.user())?,
            None => held.deciding_seat(caller.user())?,
        };
        let engine = held.engine()?;
        let (revision, stamp) = (held.row.public_revision, engine.stamp(seat, held.row.public_revision));
        let stale = match from {
            Chosen::Typed => None,
            // A button made for the public question: the public revision; else the seat's own menu.
            Chosen::Menu(at) if at != stamp && stamp == revision => {
                Some(ServiceError::Stale { game, expected: at, current: revision })
            }
            Chosen::Menu(at) if at != stamp => Some(ServiceError::OutdatedMenu { game }),
            Chosen::Revision(at) if at != revision => {
                Some(ServiceError::Stale { game, expected: at, current: revision })
            }
            _ => None,
        };
        if let Some(error) = stale {
            return Err(Refused { error, now: self.seat_view_of(held, seat, true), foreign: None });
        }
        if !engine.deciders().contains(&seat) {
            return Err(super::not_deciding(game, engine).into());
        }
        // Whether the seat's question is secret: its step is told to nobody else.
        let private = engine.asks_in_secret(seat);
        let news = self.choose_held(caller, held, seat, text).await?;
        let secret_next = held.engine.as_deref().is_some_and(|e| e.asks_in_secret(seat));
        // The game's own view of the seat, or every game's: what the chooser sees and their next menu.
        let seat_view = match held.own {
            Some(_) => self.seat_view_of(held, seat, private || secret_next),
            None => {
                let seen = super::seen::seen(held, caller.user());
                let menu = match seen.deciding {
                    true => self.menu_held(caller, held, seat, &[]).await.ok(),
                    false => None,
                };
                Some(Box::new(super::seen::TableSeat { seen, menu }) as Box<dyn std::any::Any + Send>)
            }
        };
        Ok(Answered { news, private, seat_view })
    }

    /// `caller`'s choice at `seat` of the game held (that they may make it there and then is checked
    /// before), every game's: a kept arrangement is found by its name, the choice applied (a refusal, in
    /// the game's words, changes nothing), saved, and told with the computers' answers after it.
    pub(in crate::service) async fn choose_held(
        &self,
        caller: &Caller,
        held: &mut Held,
        seat: usize,
        choice: &str,
    ) -> Result<TableNews, ServiceError> {
        let was_in_play = held.in_play();
        let before = held.engine()?.deciders();
        // A kept arrangement, by its name: the choice it was kept as.
        let kept;
        let choice = match choice.strip_prefix("saved ") {
            Some(name) => {
                let shelf =
                    held.engine()?.shelf(seat).ok_or_else(|| ServiceError::Refused("nothing kept fits now".into()))?;
                let prefs = self.prefs_of(caller.user()).await?;
                kept = prefs.keepsakes.get(&shelf).and_then(|k| k.get(name.trim())).cloned().ok_or_else(|| {
                    ServiceError::Refused(format!("you kept no setup called '{}' for this game and side", name.trim()))
                })?;
                kept.as_str()
            }
            None => choice,
        };
        let mut lines = Vec::new();
        let by = (caller.user(), caller.request());
        let account = self.take_step(held, seat, choice, by, &mut lines, ServiceError::Refused).await?;
        let mut news = self.news_after(held, lines, was_in_play, &before).await;
        news.account = account;
        Ok(news)
    }

    /// Keep what `caller` has arranged at table `game` (a setup) under `name`, to use again in a later
    /// game of the same kind and side. Returns the name as kept.
    pub async fn table_keep(&self, caller: &Caller, game: GameId, name: &str) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "table_keep");
        let name: String = name
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-')
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .chars()
            .take(KEPT_NAME)
            .collect();
        if name.is_empty() {
            return Err(ServiceError::Refused("give it a name of letters, digits and spaces".into()));
        }
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        let seat = *held.seats_of(caller.user()).first().ok_or(ServiceError::NotSeated { game })?;
        let (shelf, choice) = held
            .engine()?
            .keepsake(seat)
            .ok_or_else(|| ServiceError::Refused("there is nothing to keep yet: arrange a setup first".into()))?;
        drop(guard);
        self.change_preferences(caller.user(), |prefs| {
            let kept = prefs.keepsakes.entry(shelf.clone()).or_default();
            if kept.len() >= KEPT_PER_SHELF && !kept.contains_key(&name) {
                return Err(ServiceError::Refused(format!(
                    "you keep {KEPT_PER_SHELF} setups for this game and side already: keep this one under one of their names"
                )));
            }
            kept.insert(name.clone(), choice.clone());
            Ok(())
        })
        .await?;
        Ok(name)
    }

    /// The caller's side gives up game `game` (on any turn): the other side wins.
    pub async fn concede(&self, caller: &Caller, game: GameId) -> Result<TableNews, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "concede");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        self.concede_held(caller, held).await
    }

    /// The caller's side gives up the game held, for every game (from the first seat they hold).
    pub(in crate::service) async fn concede_held(
        &self,
        caller: &Caller,
        held: &mut Held,
    ) -> Result<TableNews, ServiceError> {
        let game = held.row.id;
        held.playing()?;
        let seat = *held.seats_of(caller.user()).first().ok_or(ServiceError::NotSeated { game })?;
        let mut lines = Vec::new();
        let by = (caller.user(), caller.request());
        let account = self.take_step(held, seat, "concede", by, &mut lines, ServiceError::Refused).await?;
        let mut news = TableNews::of(held, lines);
        news.account = account;
        Ok(news)
    }

    /// `caller` takes back their last choice in game `game`: only its maker, only the newest step, and
    /// only one that showed nobody anything (`Engine::undoable`). The game is rebuilt from its script
    /// without that line, and saved so in one transaction.
    pub async fn undo(&self, caller: &Caller, game: GameId) -> Result<TableNews, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "undo");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        self.undo_held(caller, held).await
    }

    /// The caller's last step taken back on the game held, for every game (`take_back`), told: in public
    /// only what the public had seen of it (a move, a side made ready), and in the game's own account.
    pub(in crate::service) async fn undo_held(
        &self,
        caller: &Caller,
        held: &mut Held,
    ) -> Result<TableNews, ServiceError> {
        let (last, undone) = self.take_back(caller, held).await?;
        let seat = last.seat.unwrap_or_default();
        let name = undone.seat_names().get(seat).cloned().unwrap_or_default();
        let was_ready = !undone.deciders().contains(&seat);
        let deciding = held.engine()?.deciders().contains(&seat);
        // A secret step taken back is nobody's business, unless it had made its side ready.
        let line = if last.public_move.is_some() {
            // Named as the spectators were told it.
            let said = undone.event_text(None).map(|t| t.trim_end_matches('.').to_string());
            Some(match said {
                Some(said) => format!("↩ {name} took back their last move ({said})."),
                None => format!("↩ {name} took back their last move."),
            })
        } else if was_ready && deciding {
            Some(format!("{name} is no longer ready."))
        } else {
            None
        };
        let mut news = TableNews::of(held, line.into_iter().collect());
        let still: Vec<usize> =
            undone.deciders().into_iter().filter(|s| news.waiting.iter().any(|w| w.0 == *s)).collect();
        self.settle_asked(&mut news, &still).await;
        news.account = self.undo_account(held, &last, &*undone).await;
        Ok(news)
    }

    /// Take back the newest step of the game held, for every game: only its maker, from a seat they still
    /// hold, and only a step that showed nobody anything (else it is refused in the game's words). The
    /// game is rebuilt from its script without that line and saved so in one transaction. Returns the
    /// step taken back and the game as it was with it.
    pub(in crate::service) async fn take_back(
        &self,
        caller: &Caller,
        held: &mut Held,
    ) -> Result<(crate::store::ActionRow, Box<dyn crate::games::Engine>), ServiceError> {
        let game = held.row.id;
        held.playing()?;
        let seats = held.seats_of(caller.user());
        if seats.is_empty() {
            return Err(ServiceError::NotSeated { game });
        }
        let version = held.row.version;
        let last = self.undoable(game, version, caller.user(), &seats, held.kind.words().showed).await?;
        let corrupt = |detail: String| ServiceError::Corrupt { game, detail };
        let engine = held.engine()?;
        let script = engine.script();
        let before = script
            .trim_end()
            .rsplit_once('\n')
            .map(|(kept, _)| format!("{kept}\n"))
            .ok_or_else(|| corrupt("its script has no last line".into()))?;
        let earlier = held.kind.replay(&before, held.data.as_deref()).map_err(corrupt)?;
        if earlier.steps() + 1 != engine.steps() {
            return Err(corrupt(format!("its script without its last line has {} steps", earlier.steps())));
        }
        // The game one step back is rebuilt from the log: only where the log holds every step and rebuilds
        // the very game played (a record whose log does not plays on from its snapshot, as it always has,
        // and takes nothing back).
        let whole = held.kind.replay(&script, held.data.as_deref()).map(|e| e.snapshot());
        if earlier.steps() as u64 + 1 != version || whole.as_deref() != Ok(engine.snapshot().as_str()) {
            tracing::warn!(game, version, "an undo refused: the log does not rebuild the game as it stands");
            return Err(ServiceError::CannotUndo("its saved log does not rebuild the game as it stands".into()));
        }
        // Until the copy is brought to it below, it is ahead of the database: if anything stops here, it
        // is loaded afresh when next used.
        held.stale = true;
        self.undo_step_of(&mut held.row, &held.settings, &earlier.snapshot(), last.public_move.is_some()).await?;
        let undone = held.engine.replace(earlier).ok_or(ServiceError::NotStarted { game })?;
        held.stale = false;
        Ok((last, undone))
    }

    /// The game's last action, if `user` may take it back (in every game): theirs, made from a seat they
    /// hold now, the newest, and it showed nobody anything (else, in the game's words, it `showed` so).
    async fn undoable(
        &self,
        game: GameId,
        version: u64,
        user: &UserId,
        seats: &[usize],
        showed: &str,
    ) -> Result<crate::store::ActionRow, ServiceError> {
        let no = |why: &str| ServiceError::CannotUndo(why.to_string());
        let last = self.store.recent_actions(game, 1).await?.into_iter().next();
        let Some(last) = last.filter(|a| a.seq == version) else {
            return Err(no("there is nothing to undo"));
        };
        // Its maker, still at the seat it was made from (an admin may have moved them since).
        if &last.user_id != user || !last.seat.is_some_and(|s| seats.contains(&s)) {
            return Err(no("only the player who made the last move can take it back"));
        }
        if !last.undoable {
            return Err(no(&format!("the last move {showed}: it cannot be taken back")));
        }
        Ok(last)
    }

    /// Apply `choice` at `seat` (a refusal is told by `refused` and changes nothing) and save it, `by` its
    /// maker and the interaction it came in: its public words go to `lines`, and the game's own account
    /// of it comes back.
    pub(super) async fn take_step(
        &self,
        held: &mut Held,
        seat: usize,
        choice: &str,
        by: (&UserId, Option<&str>),
        lines: &mut Vec<String>,
        refused: impl FnOnce(String) -> ServiceError,
    ) -> Result<Account, ServiceError> {
        let game = held.row.id;
        let engine = held.engine.as_mut().ok_or(ServiceError::NotStarted { game })?;
        let before = engine.deciders();
        // Until the step is saved, this copy is ahead of the database: if anything stops here (a panic
        // mid-step, a failed save, a dropped request), it is loaded afresh when next used. A refusal
        // changes nothing (the seam's rule), so the copy stays good.
        held.stale = true;
        if let Err(why) = engine.apply(seat, choice) {
            held.stale = false;
            return Err(refused(why));
        }
        let stalled = self.save_step(held, seat, &before, by, lines).await?;
        Ok(self.account_of(held, &before, stalled).await)
    }

    /// Save the choice just applied at `seat` (`before`: who decided before it), every game's and both
    /// paths' step; a failed save leaves the copy to be loaded afresh. Its public words go to `lines`; it
    /// returns for how many rounds nobody came closer to winning, when a round began after long enough
    /// to offer a draw.
    pub(in crate::service) async fn save_step(
        &self,
        held: &mut Held,
        seat: usize,
        before: &[usize],
        (user, interaction): (&UserId, Option<&str>),
        lines: &mut Vec<String>,
    ) -> Result<Option<u32>, ServiceError> {
        let game = held.row.id;
        let engine = held.engine.as_deref().ok_or(ServiceError::NotStarted { game })?;
        let line = engine.last_line().unwrap_or_default();
        let public = engine.last_public();
        let names = engine.seat_names();
        let said = said_of(engine, seat);
        let outcome = engine.outcome();
        let (snapshot, events) = (engine.snapshot(), engine.last_events());
        // At a round's start: where the game stands, and since when (the first game's, as its path keeps it).
        let standing = engine.standing(held.row.stall.as_deref());
        let rated = match &outcome {
            Some(o) => self.rated_now(held, engine, End::Over(o.winner_key.as_deref()), user).await?,
            None => None,
        };
        let step = crate::service::step::Step {
            seat: Some(seat),
            user,
            interaction,
            line: &line,
            events: &events,
            undoable: engine.undoable(),
            public,
            state: &snapshot,
            over: outcome.as_ref().map(|o| (o.winner_key.as_deref(), o.reason_key.as_str())),
            // The first game's rule for both: the clock starts again only when someone new must decide.
            someone_new: engine.deciders().iter().any(|s| !before.contains(s)),
            stall: standing.as_ref().map(|s| s.kept.as_str()),
            offer_lapses: held.row.draw_offer.as_ref().is_some_and(|offer| lapses(engine, names.len(), offer)),
            rated,
        };
        if let Err(e) = self.save_step_of(&mut held.row, &held.settings, &step).await {
            held.stale = true;
            return Err(e);
        }
        // Saved: this copy and the database agree again.
        held.stale = false;
        lines.extend(said);
        // Long unchanged: the way out is offered, in the game's own command.
        let stalled = standing
            .map(|s| s.unchanged)
            .filter(|n| self.stall_rounds > 0 && *n >= self.stall_rounds && outcome.is_none());
        if let Some(rounds) = stalled {
            lines.push(crate::service::timing::stall_line(rounds, held.kind.words().command));
        }
        if let Some(o) = &outcome {
            lines.push(o.summary.clone());
        }
        Ok(stalled)
    }
}

/// What the step just applied at `seat` says in public: a secret step is told only when it ends the seat's
/// part (a setup locked), never what it was.
fn said_of(engine: &dyn crate::games::Engine, seat: usize) -> Option<String> {
    if engine.last_public() {
        engine.event_text(None)
    } else if !engine.deciders().contains(&seat) {
        Some(format!("{} is ready.", engine.seat_names().get(seat).cloned().unwrap_or_default()))
    } else {
        None
    }
}

/// Whether a standing draw offer (`by` a side, at its mark) lapsed with the step just applied.
fn lapses(engine: &dyn crate::games::Engine, seats: usize, (by, mark): &(String, u32)) -> bool {
    let seat = (0..seats).find(|s| engine.side(*s) == *by);
    seat.and_then(|s| engine.draw_terms(s)).map(|t| t.mark) != Some(*mark)
}

/// `seat`, if `user` holds it; else a refusal saying whose it is.
fn owned_seat(held: &Held, seat: usize, user: &UserId) -> Result<usize, Refused> {
    let mine = held.seats_of(user);
    if mine.contains(&seat) {
        return Ok(seat);
    }
    let names = held.seat_names();
    let name = |s: usize| names.get(s).cloned().unwrap_or_else(|| format!("seat {}", s + 1));
    let foreign = Foreign { seat: name(seat), holder: held.user_of(seat), yours: mine.into_iter().map(name).collect() };
    Err(Refused { error: ServiceError::NotSeated { game: held.row.id }, now: None, foreign: Some(Box::new(foreign)) })
}
