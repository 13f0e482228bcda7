//! Playing: act, undo, concede.

use super::query::seated_view;
use super::tables::Held;
use super::{Caller, SeatedView, Service, ServiceError, Update};
use crate::games::queens_gambit::rules::{Choice, Game, Seat};
use crate::store::{GameId, UserId};

/// The game must be running for anyone to act.
pub(super) fn check_active(live: &Held, game: GameId) -> Result<&Game, ServiceError> {
    super::tables::playing(live)?;
    live.game().ok_or(ServiceError::NotStarted { game })
}

/// What a click or a typed answer was made for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Clicked {
    /// A button or menu carrying this number: the game's public revision for a question asked in public, the
    /// menu's fingerprint (`SeatedView::menu_token`) for a private one.
    At(u64),
    /// Typed (`/qg choose`): the question as it is now.
    Typed,
}

/// An answer taken: what it changed, and the seat's view after it when its private menu is to be shown
/// again (the question answered or the next one is secret).
#[derive(Clone, Debug)]
pub struct Answered {
    pub update: Update,
    pub seat_view: Option<SeatedView>,
    /// The question answered was a private one (planning, the queen).
    pub private: bool,
}

/// The caller's seats, if `seat` is one of them; else a refusal saying whose it is.
fn seat_of_caller(live: &Held, game: GameId, seat: Seat, user: &UserId) -> Result<Vec<Seat>, Refused> {
    let mine = live.seats_held(user);
    if mine.contains(&seat) {
        return Ok(mine);
    }
    let foreign = Foreign { seat, mode: live.mode(), holder: live.holder(seat), yours: mine };
    Err(Refused { error: ServiceError::NotSeated { game }, now: None, foreign: Some(Box::new(foreign)) })
}

/// The one staleness rule for a click: a private menu (a secret question) is still current while its
/// fingerprint matches the menu the seat would see now (other players' moves leave it alone); a public
/// question while the game's public revision is the one its buttons were made for.
fn still_shown(
    live: &Held,
    current: &Game,
    game: GameId,
    seat: Seat,
    mine: &[Seat],
    made_for: u64,
) -> Result<(), Refused> {
    let now = || Box::new(seated_view(live, current, Some(seat), mine.to_vec()));
    if current.asks_in_secret(seat) {
        let menu = now();
        if made_for != menu.menu_token() {
            return Err(Refused { error: ServiceError::OutdatedMenu { game }, now: Some(menu), foreign: None });
        }
    } else if made_for != live.row.public_revision {
        let error = ServiceError::Stale { game, expected: made_for, current: live.row.public_revision };
        return Err(Refused { error, now: Some(now()), foreign: None });
    }
    Ok(())
}

/// A click or typed answer the service turned down, with what a front end needs to say why (so it need
/// not ask again).
#[derive(Debug)]
pub struct Refused {
    pub error: ServiceError,
    /// The seat's view now, when the click was made for a question or a menu that has since moved on.
    pub now: Option<Box<SeatedView>>,
    /// For a button of a seat the clicker does not hold: whose it is.
    pub foreign: Option<Box<Foreign>>,
}

/// A button of someone else's seat: the seat, its holder, and the clicker's own seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foreign {
    pub seat: Seat,
    pub mode: crate::games::queens_gambit::rules::Mode,
    pub holder: Option<UserId>,
    pub yours: Vec<Seat>,
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
    /// A player's click or typed answer for `seat`, in one visit to the service (a click is counted
    /// against the member's allowance first): the text is read as a choice, checked against what the
    /// click was made for, played and saved; the seat's new view comes back with the update, and a
    /// refusal comes with what is needed to explain it.
    pub async fn answer(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Seat,
        clicked: Clicked,
        text: &str,
    ) -> Result<Answered, Refused> {
        tracing::trace!(target: "gambit::service::call", call = "answer");
        // A click counts against the member's allowance here; a typed answer did as the command it came in.
        if clicked != Clicked::Typed {
            self.allowance(caller)?;
        }
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        let current = check_active(live, game)?;
        let mine = seat_of_caller(live, game, seat, caller.user())?;
        // Text that is no choice at all is told in the first game's words.
        Choice::parse(&live.first()?.data, text).map_err(|e| ServiceError::NotAChoice(e.0))?;
        let private = current.asks_in_secret(seat);
        if let Clicked::At(made_for) = clicked {
            still_shown(live, current, game, seat, &mine, made_for)?;
        }
        if current.decision_for(seat).is_none() {
            return Err(ServiceError::NotYourTurn { game, waiting: current.waiting_for() }.into());
        }
        let update = first_account(self.choose_held(caller, live, seat.index(), text).await?, game)?;
        let engine = live.game().ok_or(ServiceError::NotStarted { game })?;
        // The seat's private menu is shown again only around a secret question: no view is built otherwise.
        let secret_next = engine.asks_in_secret(seat);
        let seat_view = (private || secret_next).then(|| seated_view(live, engine, Some(seat), mine));
        Ok(Answered { update, seat_view, private })
    }

    /// The seat's view again for a click that only shows something (a page of a long menu, the lock to
    /// confirm), if what the click was made for is still what the seat would be shown (`still_shown`, as
    /// for `answer`); a refusal carries what explaining it needs.
    pub async fn shown(&self, caller: &Caller, game: GameId, seat: Seat, made_for: u64) -> Result<SeatedView, Refused> {
        tracing::trace!(target: "gambit::service::call", call = "shown");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        let current = check_active(live, game)?;
        let mine = seat_of_caller(live, game, seat, caller.user())?;
        still_shown(live, current, game, seat, &mine, made_for)?;
        Ok(seated_view(live, current, Some(seat), mine))
    }

    /// The caller answers a decision of game `game`, decided on public revision `expected`. `seat` says which
    /// seat when they hold several. The action and the state after it are saved before this returns.
    pub async fn act(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Option<Seat>,
        expected: u64,
        choice: &Choice,
    ) -> Result<Update, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "act");
        let user = caller.user();
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        let current = check_active(live, game)?;
        let mine = live.seats_held(user);
        if mine.is_empty() {
            return Err(ServiceError::NotSeated { game });
        }
        let waiting = || current.waiting_for();
        let seat = match seat {
            Some(s) if mine.contains(&s) => s,
            Some(_) => return Err(ServiceError::NotSeated { game }),
            None => {
                let deciding: Vec<Seat> = mine.into_iter().filter(|s| current.decision_for(*s).is_some()).collect();
                match deciding.as_slice() {
                    [] => return Err(ServiceError::NotYourTurn { game, waiting: waiting() }),
                    [s] => *s,
                    _ => return Err(ServiceError::WhichSeat),
                }
            }
        };
        if current.decision_for(seat).is_none() {
            return Err(ServiceError::NotYourTurn { game, waiting: current.waiting_for() });
        }
        if expected != live.row.public_revision {
            return Err(ServiceError::Stale { game, expected, current: live.row.public_revision });
        }
        let text = choice.text(&live.first()?.data);
        first_account(self.choose_held(caller, live, seat.index(), &text).await?, game)
    }

    /// Take back the last action: only its author, only if nobody acted since and it revealed nothing
    /// and rolled no dice (every game's undo, told as the first game's update).
    pub async fn undo(&self, caller: &Caller, game: GameId) -> Result<Update, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "undo");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        first_account(self.undo_held(caller, live).await?, game)
    }

    /// The caller's side gives up: the other side wins (every game's concession, told as the first game's
    /// update).
    pub async fn concede(&self, caller: &Caller, game: GameId) -> Result<Update, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "concede");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        first_account(self.concede_held(caller, live).await?, game)
    }
}

/// The first game's update in news of one of its records.
pub(super) fn first_account(mut news: super::TableNews, game: GameId) -> Result<Update, ServiceError> {
    news.take_account::<Update>().map(|update| *update).ok_or(ServiceError::NotStarted { game })
}
