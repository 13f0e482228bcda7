//! What an accepted action changed, for a front end to show. It comes in two parts by type: `Public`,
//! everything anyone may see (a public message is built from it and nothing else), and the secret lines of
//! each side, which only `Update::lines_for` hands out, to that side's readers.

use crate::games::queens_gambit::rules::Focus;
use crate::games::queens_gambit::rules::words::event_lines;
use crate::games::queens_gambit::rules::{Data, Event, EventKind, Game, Mode, Outcome, PublicView, Seat, Side};
use crate::service::tables::Held;
use crate::store::{ChannelId, GameId, UserId};
use std::collections::BTreeSet;
use std::sync::Arc;

/// Who sits at a game and where it is played.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// Every seat with the user holding it.
    pub seats: Vec<(Seat, Option<UserId>)>,
    pub title: String,
    /// Its thread, or the channel it was started in.
    pub home: Option<ChannelId>,
}

impl Table {
    /// The user holding `seat`.
    pub fn user_of(&self, seat: Seat) -> Option<&UserId> {
        self.seats.iter().find(|(s, _)| *s == seat).and_then(|(_, u)| u.as_ref())
    }
}

/// Everything about a change that anyone may see. Sealed: only the service makes one, from the game's
/// public view and its public events, so nothing secret can be put in (a public message is built from
/// this and nothing else).
///
/// ```compile_fail,E0451
/// // A front end cannot make a `Public` of its own, say with another seat's events in it.
/// fn forge(p: &gambit::service::Public) -> gambit::service::Public {
///     gambit::service::Public { events: Vec::new(), ..p.clone() }
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Public {
    pub(super) game: GameId,
    /// The game data the game plays with (to name its cards and units).
    pub(super) data: Arc<Data>,
    /// The game's public revision after the change: what buttons made now must carry.
    pub(super) revision: u64,
    pub(super) mode: Mode,
    pub(super) table: Table,
    /// The board and the questions asked in public, as everyone sees them now.
    pub(super) view: PublicView,
    /// What happened that everyone may know.
    pub(super) events: Vec<Event>,
    /// What the picture of the change shows (none: nothing on the board moved).
    pub(super) focus: Option<Focus>,
    /// Seats the game waits for now.
    pub(super) waiting: Vec<Seat>,
    /// Seats that were not waiting before and are now, with the user holding each.
    pub(super) ping: Vec<(Seat, Option<UserId>)>,
    /// Of their users, those who want a notification now (their `/qg notify` preferences), each once.
    pub(super) pinged: BTreeSet<UserId>,
    /// Who the game waits for, in words.
    pub(super) waiting_text: String,
    pub(super) outcome: Option<Outcome>,
    /// The seal of the game's seed (`service::seal`), on the update that starts the game.
    pub(super) seal: Option<String>,
    /// On a new round: for how many rounds neither side's needs have changed, once that is long enough
    /// to suggest a draw (the host's `[games] stall_rounds`).
    pub(super) stalled: Option<u32>,
    /// The public events of the card the change began in, from its reveal to where this change left it
    /// (as far as this process saw them).
    pub(super) card: Vec<Event>,
    /// The change rolled the game's first dice (a post then says where the dice are explained).
    pub(super) first_roll: bool,
}

/// Whether an event rolls dice.
pub fn rolls(e: &Event) -> bool {
    matches!(e.kind, EventKind::Attacked { .. } | EventKind::AnakinRolled { .. } | EventKind::SpaceDefence { .. })
}

/// The public events of the card a change finished, from its reveal on: `earlier` holds the events of
/// the actions before the change (oldest first), `head` the change's own events up to the card's end.
/// Without its reveal among them, what there is.
pub fn card_events(earlier: &[Vec<Event>], head: &[Event]) -> Vec<Event> {
    let mut out: Vec<Event> = head.iter().filter(|e| e.visible_to(None)).cloned().collect();
    for action in earlier.iter().rev() {
        let public: Vec<&Event> = action.iter().filter(|e| e.visible_to(None)).collect();
        let reveal = public.iter().rposition(|e| matches!(e.kind, EventKind::CardRevealed { .. }));
        let boundary = public.iter().rposition(|e| opens_post(e));
        let from = match (reveal, boundary) {
            (Some(r), _) => r,
            (None, Some(b)) => b + 1,
            (None, None) => 0,
        };
        let mut part: Vec<Event> = public[from..].iter().map(|e| (*e).clone()).collect();
        part.append(&mut out);
        out = part;
        if reveal.is_some() || boundary.is_some() {
            break;
        }
    }
    out
}

/// Events cut where each post of the thread begins (`Public::parts`): the first part (maybe empty) goes on
/// with the post in play, each next one opens with a card revealed, the round's end or the game's end.
pub fn post_parts(events: &[Event]) -> Vec<&[Event]> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, e) in events.iter().enumerate() {
        if opens_post(e) {
            out.push(&events[start..i]);
            start = i;
        }
    }
    out.push(&events[start..]);
    out
}

/// Whether a public post ends before this event: a card is revealed, the round ends, the game ends.
fn opens_post(e: &Event) -> bool {
    matches!(e.kind, EventKind::CardRevealed { .. } | EventKind::RoundEnded { .. } | EventKind::GameOver { .. })
}

impl Public {
    /// For how many rounds neither side's needs have changed, when a new round begins after long enough
    /// for a draw to be suggested.
    pub fn stalled(&self) -> Option<u32> {
        self.stalled
    }

    /// The events cut where each post of the thread begins: the first part goes on with the post of the
    /// card in play (it may be empty), each next one opens a post (a card revealed, the round's end, the
    /// game's end).
    pub fn parts(&self) -> Vec<&[Event]> {
        post_parts(&self.events)
    }

    /// The public events of the card the change began in, from its reveal (as far as this process saw
    /// it) to where the change left it: what the picture of a finished card shows.
    pub fn card(&self) -> &[Event] {
        &self.card
    }

    /// Whether the change rolled the game's first dice.
    pub fn first_roll(&self) -> bool {
        self.first_roll
    }

    /// The public lines about what happened.
    pub fn lines(&self) -> Vec<String> {
        event_lines(&self.data, self.mode, &self.events)
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    /// The game data the game plays with (to name its cards and units).
    pub fn data(&self) -> &Arc<Data> {
        &self.data
    }

    /// What buttons made now must carry.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The board and the questions asked in public, as everyone sees them now.
    pub fn view(&self) -> &PublicView {
        &self.view
    }

    /// What happened that everyone may know.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// What the picture of the change shows (none: nothing on the board moved).
    pub fn focus(&self) -> Option<Focus> {
        self.focus
    }

    /// Seats the game waits for now.
    pub fn waiting(&self) -> &[Seat] {
        &self.waiting
    }

    /// Seats that were not waiting before and are now, with the user holding each.
    pub fn ping(&self) -> &[(Seat, Option<UserId>)] {
        &self.ping
    }

    /// Of the users newly waited for, those to notify now (after their preferences), each once.
    pub fn pinged(&self) -> &BTreeSet<UserId> {
        &self.pinged
    }

    /// Who the game waits for, in words.
    pub fn waiting_text(&self) -> &str {
        &self.waiting_text
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The seal of the game's seed, on the update that starts the game.
    pub fn seal(&self) -> Option<&str> {
        self.seal.as_deref()
    }
}

/// What an accepted change did: its public part, and the secret lines only `lines_for` hands out.
#[derive(Clone, Debug)]
pub struct Update {
    pub(super) public: Public,
    /// Everything that happened, secrets included: read only through `lines_for`, which filters it.
    all_events: Vec<Event>,
    /// Seats whose private view (hand, plan, secret) changed.
    pub(super) private_changed: Vec<Seat>,
    /// Nothing public changed, only the acting side's secrets (an undone plan change or queen choice):
    /// nothing about it may be said in public.
    pub(super) secret: bool,
}

impl Update {
    /// What `events` changed in the game held by `live` (already at its new revision), now `game`.
    /// `before`: the seats the game waited for before.
    pub(super) fn new(live: &Held, game: &Game, events: Vec<Event>, before: &BTreeSet<Seat>) -> Update {
        let table = Table {
            seats: live.seats.iter().map(|s| (Seat::at(s.seat), s.user_id.clone())).collect(),
            title: live.row.title.clone(),
            home: live.row.home(),
        };
        Update::of_game(live.row.id, live.row.public_revision, game, events, before, table)
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
        let ping = waiting.iter().filter(|s| !before.contains(s)).map(|s| (*s, table.user_of(*s).cloned())).collect();
        let private_changed = Update::private_seats(game.mode(), &events);
        let focus = Focus::of(&events);
        let public = events.iter().filter(|e| e.visible_to(None)).cloned().collect();
        Update {
            public: Public {
                game: id,
                data: game.data_arc(),
                revision,
                mode: game.mode(),
                table,
                view: game.public_view(),
                events: public,
                focus,
                waiting,
                ping,
                pinged: BTreeSet::new(),
                waiting_text: game.waiting_for(),
                outcome: game.outcome(),
                seal: None,
                stalled: None,
                card: Vec::new(),
                first_roll: false,
            },
            all_events: events,
            private_changed,
            secret: false,
        }
    }

    /// Everything about it anyone may see.
    pub fn public(&self) -> &Public {
        &self.public
    }

    /// Seats whose private view (hand, plan, secret) changed.
    pub fn private_changed(&self) -> &[Seat] {
        &self.private_changed
    }

    /// Nothing public changed, only the acting side's secrets: nothing about it may be said in public.
    pub fn is_secret(&self) -> bool {
        self.secret
    }

    /// Seats whose private view (hand, plan, the real queen) these events change.
    pub(super) fn private_seats(mode: Mode, events: &[Event]) -> Vec<Seat> {
        let mut seats = BTreeSet::new();
        for e in events {
            let side = match &e.kind {
                EventKind::CardsDealt { seat, .. }
                | EventKind::PlanChanged { seat, .. }
                | EventKind::PlanLocked { seat } => seat.side(),
                EventKind::RealQueen { .. } => Side::Naboo,
                _ => continue,
            };
            // Teammates see each other's cards: both seats of the side changed.
            seats.extend(Seat::all(mode).filter(|s| s.side() == side));
        }
        seats.into_iter().collect()
    }

    /// The lines a reader may see: the public ones, plus those of the side of the seat `pass` proves the
    /// reader holds (a pass for another game shows only the public ones), in the order they happened.
    pub fn lines_for(&self, pass: Option<&crate::service::SeatPass>) -> Vec<String> {
        let side = pass
            .filter(|p| p.game() == self.public.game)
            .map(|p| crate::games::queens_gambit::rules::Seat::at(p.seat()).side());
        let (d, mode) = (&self.public.data, self.public.mode);
        event_lines(d, mode, self.all_events.iter().filter(|e| e.visible_to(side)))
    }
}
