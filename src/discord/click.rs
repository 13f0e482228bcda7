//! Clicks on the bot's buttons and menus: every custom id is untrusted input (forged, stale, from another
//! server), so each is parsed, then handed to the service, which checks who clicks against the game.

use super::admin::Admin;
use super::bot::{Bot, Origin, Out};
use super::ids::Action;

impl Bot {
    /// A click on one of our buttons or menus, by its custom id. `values` are the picked menu values.
    pub async fn component(&self, o: &Origin, custom_id: &str, values: &[String]) -> Out {
        match Action::parse(custom_id) {
            Some(action) => self.act_on(o, action, values).await,
            None => {
                super::journal::refused("unknown_control");
                Out::say(
                    "This button is from an older version of the bot and no longer works. Use /qg hand or /qg status.",
                )
            }
        }
    }

    /// A click on one of our buttons or menus, its custom id already read. A choice counts against the
    /// member's allowance in its one service call (`Service::answer`); every other click was counted
    /// when it came in (`events::handle`).
    pub async fn act_on(&self, o: &Origin, action: Action, values: &[String]) -> Out {
        if let Some(game) = action.table()
            && let Err(out) = self.at_table(o, game).await
        {
            return out;
        }
        // A game's own buttons, by the room that made them.
        for room in super::registry::rooms() {
            if let Some(work) = room.click(self, o, &action, values) {
                return work.await;
            }
        }
        match action {
            Action::Join { game, seat } => self.join(o, game, seat).await,
            Action::Computer { game } => match values.first() {
                Some(v) => self.seat_computer(o, game, v).await,
                None => nothing_picked(),
            },
            Action::Leave { game } => self.leave(o, game).await,
            Action::Start { game } => self.start(o, game).await,
            Action::TableMenu { game, version, page, path } => self.menu(o, game, version, page, &path).await,
            Action::TablePick { game, version, path } => match values.first() {
                Some(v) => self.table_pick(o, game, version, &path, v).await,
                None => nothing_picked(),
            },
            Action::Board { game, part } => {
                self.board_for(o, game, Some(part.as_str()).filter(|p| !p.is_empty())).await
            }
            Action::TableForm { game } => self.table_form(o, game).await,
            // Another game's own menu (its room is gone): nothing to do.
            Action::Choose { .. }
            | Action::Pick { .. }
            | Action::Page { .. }
            | Action::Hand { .. }
            | Action::ConfirmLock { .. } => {
                super::journal::refused("unknown_control");
                Out::say("This button no longer works.")
            }
            // The one pressing takes the seat: their powers are checked again now.
            Action::TakeSeat { game, seat } => {
                let me = o.caller.person().clone();
                self.admin_confirmed(o, Admin::Replace { game, seat, person: me, confirmed: true }).await
            }
        }
    }
}

/// A menu sent with nothing picked: Discord never sends one, so it was made by hand.
pub(super) fn nothing_picked() -> Out {
    super::journal::refused("forged");
    Out::say("Nothing was picked.")
}
