//! The first game's accounts of a step (`Update`): what its posts draw beside the step's lines, the dice
//! first rolled, a finished card's whole story read back from the log, and who is pinged.

use super::update::{self, Update};
use crate::games::queens_gambit::rules::{Event, EventKind, Focus, Seat};
use crate::service::tables::{Account, Held};
use crate::service::{Service, ServiceError};
use crate::store::ActionRow;
use std::collections::BTreeSet;

/// How many actions back a finished card's reveal is looked for: a card takes a few dozen at most.
const CARD_LOOKBACK: u32 = 60;

/// What the saved events of a step that rolled dice hold (an attack, Anakin's roll, the space defence).
const DICE: &[&str] = &["\"event\":\"attacked\"", "\"event\":\"anakin_rolled\"", "\"event\":\"space_defence\""];

/// The seats of the first game among `seats` (a game's own numbers).
fn seats_of(seats: &[usize]) -> BTreeSet<Seat> {
    seats.iter().filter_map(|s| u8::try_from(*s).ok().map(Seat)).collect()
}

impl Service {
    /// The first game's account of the step just saved on `held` (`before`: who decided before it;
    /// `stalled`: a long stall the step found): its `Update`, what its Discord layer draws. None for
    /// another game's record, which is told by its lines.
    pub(super) async fn step_account(&self, held: &mut Held, before: &[usize], stalled: Option<u32>) -> Account {
        let events = held.first_table()?.last_events_all().to_vec();
        match self.first_update(held, events, &seats_of(before), stalled).await {
            Ok(update) => Some(Box::new(update)),
            Err(e) => {
                tracing::warn!(game = held.row.id, error = %e.detail(), "the step was saved but not told");
                None
            }
        }
    }

    /// The first game's account of saved steps told late (`Room::retold`): their saved events as one
    /// update on the game as it is now, asking everyone it waits for, with its current question.
    pub(super) async fn retold_account(&self, held: &mut Held, steps: &[ActionRow]) -> Account {
        let game = held.row.id;
        let saved: Result<Vec<Vec<Event>>, _> = steps.iter().map(|a| super::reads::saved_events(game, a)).collect();
        // Told even when it shows no event: a step can move the question on without one, and the thread's
        // newest post must carry the question as it is now (a secret step's side may be pinged again).
        let told = match saved {
            Ok(saved) => self.first_update(held, saved.concat(), &BTreeSet::new(), None).await,
            Err(e) => Err(e),
        };
        match told {
            Ok(update) => Some(Box::new(update)),
            Err(e) => {
                tracing::warn!(game, error = %e.detail(), "saved steps could not be told");
                None
            }
        }
    }

    /// The first game's update after a step saved on `held`: its `events`, the seats it waited for
    /// `before`, and what its posts say beside them (a stall, the first dice, a finished card's story
    /// read back from the log, who is pinged).
    async fn first_update(
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
        if held.first()?.rolled != Some(true) && update.public.events.iter().any(update::rolls) {
            update.public.first_roll = match self.store.mentioned_before(game, step, DICE).await {
                Ok(before) => !before,
                Err(e) => {
                    tracing::warn!(game, error = %e, "could not tell whether dice were rolled before");
                    false
                }
            };
            if let Some(first) = held.first_mut() {
                first.rolled = Some(true);
            }
        }
        // A card finished: its picture shows all it did since its reveal, read back from the log.
        let head = update.public.parts().first().map(|h| h.to_vec()).unwrap_or_default();
        if head.iter().any(|e| matches!(e.kind, EventKind::CardFinished { .. })) {
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
            update.public.card = update::card_events(&earlier, &head);
        }
        self.settle_pings(&mut update).await;
        Ok(update)
    }

    /// Settle who of the users an update newly waits for wants a ping now: each once, after their
    /// preferences. Every account does this, so a front end pings exactly `Public::pinged`.
    async fn settle_pings(&self, update: &mut Update) {
        let users: BTreeSet<_> = update.public.ping.iter().filter_map(|(_, u)| u.clone()).collect();
        update.public.pinged.extend(self.wanting_pings(&users, update.public.game).await);
    }

    /// The first game's account of its last step taken back (`last`, from the game `undone`): the boards
    /// as they are again, and whether it was a secret only its side knew (a plan change, the queen).
    pub(super) async fn undone_account(
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
        update.public.focus = Focus::of(&events);
        update.private_changed = Update::private_seats(engine.mode(), &events);
        // Taking back a secret step is nobody else's business: the other side saw at most that a queen
        // was chosen.
        update.secret = events.iter().all(|e| !e.visible_to(None) || matches!(e.kind, EventKind::QueenChosen));
        self.settle_pings(&mut update).await;
        Some(Box::new(update))
    }

    /// The first game's account of its start: the deal, who decides first, and the seal of its seed.
    pub(super) async fn started_account(&self, held: &mut Held) -> Account {
        let events = held.first_table()?.last_events_all().to_vec();
        let mut update = self.first_update(held, events, &BTreeSet::new(), None).await.ok()?;
        update.public.seal = Some(crate::service::seal(held.row.id, held.row.seed));
        Some(Box::new(update))
    }
}

/// The first game's view of `seat` in the game held, for its holder.
pub(super) fn seat_view(held: &Held, seat: usize) -> Account {
    let game = held.game()?;
    let seat = Seat::at(seat);
    let mine = held.holder(seat).map(|u| held.seats_held(&u)).unwrap_or_default();
    Some(Box::new(super::reads::seated_view(held, game, Some(seat), mine)))
}
