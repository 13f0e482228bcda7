//! What an accepted action changed, for a front end to show: the events (to be filtered per reader),
//! the boards that changed, who the game now waits for and whom to ping.

use super::live::Live;
use crate::rules::describe::event_text;
use crate::rules::{Data, Event, EventKind, Game, Mode, Outcome, Seat, Theatre, theatre};
use crate::store::GameId;
use std::collections::BTreeSet;
use std::sync::Arc;

/// Who sits at a game and where it is played.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// Every seat with the user holding it.
    pub seats: Vec<(Seat, Option<String>)>,
    pub title: String,
    /// Its thread, or the channel it was started in.
    pub home: Option<String>,
}

#[derive(Clone, Debug)]
pub struct Update {
    pub game: GameId,
    /// The game data the game plays with (to name its cards and units).
    pub data: Arc<Data>,
    /// The game's revision after the change: what buttons made now must carry.
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
    /// Every seat with the user holding it.
    pub seats: Vec<(Seat, Option<String>)>,
    pub title: String,
    /// Where the game is played: its thread, or the channel it was started in.
    pub home: Option<String>,
    /// Seats whose private view (hand, plan, secret) changed.
    pub private_changed: Vec<Seat>,
    /// Who the game waits for, in words.
    pub waiting_text: String,
    pub outcome: Option<Outcome>,
    /// The seal of the game's seed (`service::seal`), on the update that starts the game.
    pub seal: Option<String>,
    /// Nothing public changed, only the acting side's secrets (an undone plan change or queen choice):
    /// nothing about it may be said in public.
    pub secret: bool,
}

impl Update {
    /// What `events` changed in the game held by `live` (already at its new revision), now `game`.
    /// `before`: the seats the game waited for before.
    pub(super) fn new(live: &Live, game: &Game, events: Vec<Event>, before: &BTreeSet<Seat>) -> Update {
        let table = Table {
            seats: live.seats.iter().map(|s| (s.seat, s.user_id.clone())).collect(),
            title: live.row.title.clone(),
            home: live.row.thread_id.clone().or_else(|| live.row.channel_id.clone()),
        };
        Update::of_game(live.row.id, live.row.revision, game, events, before, table)
    }

    /// The same for a game outside the service (tests, tools): `revision` is what new buttons carry.
    pub fn of_game(
        id: GameId,
        revision: u64,
        game: &Game,
        events: Vec<Event>,
        before: &BTreeSet<Seat>,
        table: Table,
    ) -> Update {
        let waiting: Vec<Seat> = game.pending().iter().map(|d| d.seat).collect();
        let user_of = |seat: Seat| table.seats.iter().find(|(s, _)| *s == seat).and_then(|(_, u)| u.clone());
        let ping = waiting.iter().filter(|s| !before.contains(s)).map(|s| (*s, user_of(*s))).collect();
        Update {
            game: id,
            data: game.data_arc(),
            version: revision,
            seats: table.seats,
            title: table.title,
            home: table.home,
            mode: game.mode(),
            theatres: theatre::touched(&events),
            private_changed: Update::private_seats(game, &events),
            events,
            waiting,
            ping,
            waiting_text: crate::rules::describe::waiting_for(game.data(), game.state()),
            outcome: game.outcome(),
            seal: None,
            secret: false,
        }
    }

    /// Seats whose private view (hand, plan, the real queen) these events change.
    /// The user holding `seat`.
    pub fn user_of(&self, seat: Seat) -> Option<&str> {
        self.seats.iter().find(|(s, _)| *s == seat).and_then(|(_, u)| u.as_deref())
    }

    pub fn private_seats(game: &Game, events: &[Event]) -> Vec<Seat> {
        let mut seats = BTreeSet::new();
        for e in events {
            let side = match &e.kind {
                EventKind::CardsDealt { seat, .. }
                | EventKind::PlanChanged { seat, .. }
                | EventKind::PlanLocked { seat } => seat.side(),
                EventKind::RealQueen { .. } => crate::rules::Side::Naboo,
                _ => continue,
            };
            // Teammates see each other's cards: both seats of the side changed.
            seats.extend(Seat::all(game.mode()).filter(|s| s.side() == side));
        }
        seats.into_iter().collect()
    }

    /// The lines a reader may see: the public ones, plus those of `seat`'s side.
    pub fn lines_for(&self, seat: Option<Seat>) -> Vec<String> {
        let side = seat.map(Seat::side);
        self.events.iter().filter(|e| e.visible_to(side)).filter_map(|e| event_text(&self.data, self.mode, e)).collect()
    }
}
