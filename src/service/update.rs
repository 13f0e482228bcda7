//! What an accepted action changed, for a front end to show: the events (to be filtered per reader),
//! the boards that changed, who the game now waits for and whom to ping.

use crate::rules::describe::event_text;
use crate::rules::{Data, Event, EventKind, Game, Mode, Outcome, Seat, Theatre, theatre};
use crate::store::GameId;
use std::collections::BTreeSet;

#[derive(Clone, Debug)]
pub struct Update {
    pub game: GameId,
    pub version: u64,
    pub mode: Mode,
    /// Everything that happened, private events included: use `lines_for` to show them.
    pub events: Vec<Event>,
    /// Boards that changed (for the picture).
    pub theatres: Vec<Theatre>,
    /// Seats the game waits for now.
    pub waiting: Vec<Seat>,
    /// Seats that were not waiting before and are now, with the user holding each.
    pub ping: Vec<(Seat, Option<String>)>,
    /// Seats whose private view (hand, plan, secret) changed.
    pub private_changed: Vec<Seat>,
    /// Who the game waits for, in words.
    pub waiting_text: String,
    pub outcome: Option<Outcome>,
}

impl Update {
    pub fn new(
        game_id: GameId,
        game: &Game,
        events: Vec<Event>,
        before: &BTreeSet<Seat>,
        user_of: &dyn Fn(Seat) -> Option<String>,
    ) -> Update {
        let waiting: Vec<Seat> = game.pending().iter().map(|d| d.seat).collect();
        let ping = waiting.iter().filter(|s| !before.contains(s)).map(|s| (*s, user_of(*s))).collect();
        let mut private_changed = BTreeSet::new();
        for e in &events {
            match &e.kind {
                EventKind::CardsDealt { seat, .. }
                | EventKind::PlanChanged { seat, .. }
                | EventKind::PlanLocked { seat } => {
                    // Teammates see each other's cards: both seats of the side changed.
                    Seat::all(game.mode()).filter(|s| s.side() == seat.side()).for_each(|s| {
                        private_changed.insert(s);
                    });
                }
                EventKind::RealQueen { .. } => {
                    Seat::all(game.mode()).filter(|s| s.side() == crate::rules::Side::Naboo).for_each(|s| {
                        private_changed.insert(s);
                    })
                }
                _ => {}
            }
        }
        Update {
            game: game_id,
            version: game.state().step,
            mode: game.mode(),
            theatres: theatre::touched(&events),
            events,
            waiting,
            ping,
            private_changed: private_changed.into_iter().collect(),
            waiting_text: crate::rules::describe::waiting_for(game.data(), game.state()),
            outcome: game.outcome(),
        }
    }

    /// The lines a reader may see: the public ones, plus those of `seat`'s side.
    pub fn lines_for(&self, d: &Data, seat: Option<Seat>) -> Vec<String> {
        let side = seat.map(Seat::side);
        self.events.iter().filter(|e| e.visible_to(side)).filter_map(|e| event_text(d, self.mode, e)).collect()
    }
}
