//! The first game's own buttons and menus: a choice (a button, or a pick from a menu), a page of its
//! answers, the hand, the plan's lock to confirm, one board. One service call reads, checks, plays and
//! saves a choice; a refusal comes with what explains it (whose seat it is, the menu or question now).

use crate::discord::bot::{Bot, Origin, Out, Reply};
use crate::discord::ids::Action;
use crate::discord::msg::Msg;
use crate::discord::refusal::err;
use crate::games::queens_gambit::rules::Seat;
use crate::service::queens_gambit::{SeatedView, Update};
use crate::service::{Answered, Chosen, GameId, Refused, ServiceError};

impl Bot {
    /// One of the first game's own clicks (none: not one of its own).
    pub(super) async fn first_click(&self, o: &Origin, action: &Action, values: &[String]) -> Option<Out> {
        Some(match action {
            Action::Choose { game, seat, version, choice } => {
                self.choose(o, *game, Seat::at(*seat), Some(*version), choice).await
            }
            Action::Pick { game, seat, version } => match values.first() {
                Some(v) => self.choose(o, *game, Seat::at(*seat), Some(*version), v).await,
                None => crate::discord::click::nothing_picked(),
            },
            Action::Page { game, seat, version, page } => self.page(o, *game, Seat::at(*seat), *version, *page).await,
            Action::Hand { game, seat } => self.hand(o, *game, Some(Seat::at(*seat))).await,
            Action::ConfirmLock { game, seat, version } => match self.shown(o, *game, *seat, *version).await {
                Ok(sv) => Out::menu(super::views::confirm_lock(&sv.data, *game, &sv)),
                Err(r) => self.refused(*game, r),
            },
            _ => return None,
        })
    }

    /// Answer a decision. `version` is what the button was made for: the game's revision for a public
    /// question, the menu's fingerprint (`SeatedView::menu_token`) for a private one; `None` for a typed
    /// choice. One call to the service reads, checks, plays and saves it.
    pub async fn choose(&self, o: &Origin, game: GameId, seat: Seat, version: Option<u64>, text: &str) -> Out {
        let from = version.map_or(Chosen::Typed, Chosen::Menu);
        // One call: a refusal comes with what is needed to explain it.
        let Answered { news, seat_view, private } =
            match self.svc.choose(&o.caller, game, Some(seat.index()), from, text).await {
                Ok(a) => a,
                Err(r) => return self.refused(game, r),
            };
        let told = Some((game, news.step));
        let Some(update) = news.into_account::<Update>() else { return Out::say("Done.") };
        let seat_view = seat_view.and_then(|v| v.downcast::<SeatedView>().ok());
        let from_public = !o.from_private && !private;
        let change = self.thread_change(&update, o.message.as_ref().filter(|_| from_public)).await;
        let reply = match change.edit {
            Some(edit) => Reply::Update(edit),
            None => self.reply_after(o, seat_view.as_deref(), &update, private).await,
        };
        let ended = update.public().outcome().is_some().then_some(game);
        Out { reply, posts: change.posts, thread: None, ended, told }
    }

    /// The answer to a click made in a private menu (or typed) once its choice is saved: the private menu
    /// for a secret step, else a short word (the thread has the news).
    async fn reply_after(&self, o: &Origin, sv: Option<&SeatedView>, update: &Update, private: bool) -> Reply {
        let game = update.public().game();
        match sv {
            Some(sv) if sv.question.as_ref().is_some_and(|q| q.prompt.is_secret()) || private => {
                Reply::Menu(super::views::hand_menu(&sv.data, game, sv))
            }
            _ if o.from_private => Reply::Menu(Msg::text("Done.")),
            _ => Reply::Clear,
        }
    }

    /// A refused click, explained from what the refusal carries: whose seat it is, the menu or the
    /// question as it is now, or the reason alone.
    fn refused(&self, game: GameId, r: Refused) -> Out {
        let Refused { error, now, foreign } = r;
        let r = Explained { error, now: now.and_then(|v| v.downcast::<SeatedView>().ok()), foreign };
        match r {
            Explained { foreign: Some(f), .. } => {
                crate::discord::journal::refused("not_seated");
                Out::say(crate::discord::views::foreign_seat(game, &f))
            }
            Explained { error: ServiceError::OutdatedMenu { .. }, now: Some(sv), .. } => self.outdated_menu(game, &sv),
            Explained { error: e @ ServiceError::Stale { .. }, now, .. } => stale(game, &e, now.as_deref()),
            r => err(r.error),
        }
    }

    /// A private menu that no longer shows the seat's plan (an older menu, or an earlier round): the
    /// current menu instead.
    fn outdated_menu(&self, game: GameId, sv: &SeatedView) -> Out {
        let mut msg = super::views::hand_menu(&sv.data, game, sv);
        msg.content = crate::discord::msg::clip(
            &format!("This menu was out of date; here is your hand as it is now.\n{}", msg.content),
            crate::discord::msg::limits::CONTENT,
        );
        Out::menu(msg)
    }

    /// The seat's view again for a click that only shows something (`Service::shown`).
    async fn shown(&self, o: &Origin, game: GameId, seat: usize, version: u64) -> Result<Box<SeatedView>, Refused> {
        let not_started = || Refused::from(ServiceError::NotStarted { game });
        let shown = self.svc.shown(&o.caller, game, seat, version).await?.ok_or_else(not_started)?;
        shown.downcast::<SeatedView>().map_err(|_| not_started())
    }

    async fn page(&self, o: &Origin, game: GameId, seat: Seat, version: u64, page: u8) -> Out {
        let sv = match self.shown(o, game, seat.index(), version).await {
            Ok(v) => v,
            Err(r) => return self.refused(game, r),
        };
        let Some(q) = sv.question.as_ref() else {
            return Out::say("You have nothing to decide now.");
        };
        let mut msg = Msg::text(&q.text);
        msg.rows = super::views::decision_rows(&sv.data, q, game, sv.revision, usize::from(page), Vec::new());
        Out::menu(msg)
    }
}

/// A click on a question that has moved on: say so, with the question as it is now (`now`, from the
/// refusal itself).
fn stale(game: GameId, e: &ServiceError, now: Option<&SeatedView>) -> Out {
    crate::discord::journal::refused(e.code());
    let said = crate::discord::refusal::sentence(&crate::discord::refusal::words(e));
    // The question as it is now, when the refusal brought it (a save that lost a race brings none).
    let rows = match now.and_then(|sv| sv.question.as_ref().map(|q| (sv, q))) {
        Some((sv, q)) => super::views::decision_rows(&sv.data, q, game, sv.revision, 0, Vec::new()),
        None => Vec::new(),
    };
    let mut msg = if rows.is_empty() {
        Msg::text(format!("{said} The thread's newest post shows where the game stands."))
    } else {
        Msg::text(format!("{said} Here is the current move:"))
    };
    msg.rows = rows;
    Out::private(msg)
}

/// A refusal with the first game's view of the seat now, if it came with one.
struct Explained {
    error: ServiceError,
    now: Option<Box<SeatedView>>,
    foreign: Option<Box<crate::service::Foreign>>,
}
