//! The game itself: pure, synchronous and deterministic. Nothing here knows about Discord, SQLite or
//! pictures.
//!
//! A `Game` always knows what it waits for (`pending`): a decision naming the seat that must decide and the
//! legal answers. `act` applies one answer and returns what happened, or refuses it and changes nothing.

mod activation;
mod board;
mod combat;
mod ctx;
pub mod data;
mod decision;
mod describe;
mod droids;
mod error;
mod event;
mod flow;
mod geometry;
mod invariants;
mod movement;
mod needs;
mod overview;
mod per;
mod piece;
mod playout;
mod pos;
mod position;
mod question;
mod rng;
mod round;
pub mod script;
mod setup;
mod side;
mod sightline;
mod space;
mod state;
mod targets;
mod taste;
pub mod testing;
mod theatre;
mod version;
mod victory;
mod view;
mod world;

// The engine's surface: everything outside the rules reaches them through these names (and the component
// data in `data`, the replay scripts in `script`). The modules themselves are private; tests that must
// reach further use `testing`.
pub use data::{CardId, Data, DataError, DeckId, KindId};
pub use decision::{Choice, Decision, PlanCards, Prompt};
pub use error::{Refusal, RuleError};
pub use event::{Audience, Event, EventKind};
pub use geometry::{hex_of, offset_of};
pub use needs::{Needs, Stall};
pub use per::{BySeat, BySide};
pub use piece::PieceId;
pub use playout::{Maps, RandomAgent};
pub use pos::{BadLabel, Pos};
pub use question::{Answer, PublicView, Question};
pub use rng::{Forced, GameRng};
pub use side::{Mode, Role, Seat, Side};
pub use state::{Outcome, Phase, Queued, State, WinReason};
pub use taste::{Taste, Unit, apart};
pub use theatre::{Focus, Theatre};
pub use version::{RulesVersion, SightReading};
pub use view::{DeckView, PendingView, PieceView, SeatView, SpaceView, View, Viewer, menu_fingerprint};
pub use world::{World, Worlds};

/// The rules' words for what front ends show: card names, events, prompts and options, outcomes.
pub mod words {
    pub use super::describe::{card_name, count, event_lines, event_text, option_label, prompt_text, why_won};
}

use board::Board;
use ctx::Ctx;
use std::sync::Arc;

/// One game: the shared component data and the game's state.
#[derive(Clone, Debug)]
pub struct Game {
    data: Arc<Data>,
    state: State,
    /// What the game waits for, computed once after every change.
    pending: Vec<Decision>,
    /// An empty list of decisions and spare option lists, reused by the next step.
    next: Vec<Decision>,
    spare: decision::Spare,
}

impl Game {
    /// A new game under the newest rules, set up and dealt, waiting for round 1's plans (and Naboo's
    /// choice of queen).
    pub fn new(data: Arc<Data>, mode: Mode, seed: u64) -> (Game, Vec<Event>) {
        Game::with_rules(data, RulesVersion::NEWEST, mode, seed)
    }

    /// A new game under the given rules version.
    pub fn with_rules(data: Arc<Data>, rules: RulesVersion, mode: Mode, seed: u64) -> (Game, Vec<Event>) {
        let (state, events) = setup::new_state(&data, rules, mode, seed);
        let pending = flow::pending(&data, &state);
        (Game { data, state, pending, next: Vec::new(), spare: decision::Spare::default() }, events)
    }

    /// Continue a saved game under the rules version it was started with. Checks that it fits the data
    /// and rebuilds the board index.
    pub fn from_state(data: Arc<Data>, rules: RulesVersion, mut state: State) -> Result<Game, RuleError> {
        invariants::saved(&data, &state).map_err(RuleError::Corrupt)?;
        state.board = Board::build(&data, &state.pieces).map_err(RuleError::Corrupt)?;
        state.rules = rules;
        let pending = flow::pending(&data, &state);
        Ok(Game { data, state, pending, next: Vec::new(), spare: decision::Spare::default() })
    }

    /// The whole state, secrets included: for the service (saving, replaying) and the command line;
    /// never for a front end. Tests read it through `testing::Inspect`.
    ///
    /// ```compile_fail,E0624
    /// fn hands(game: &gambit::games::queens_gambit::rules::Game) -> usize {
    ///     game.state().seats.len()
    /// }
    /// ```
    pub(crate) fn state(&self) -> &State {
        &self.state
    }

    pub fn data(&self) -> &Data {
        &self.data
    }

    pub fn data_arc(&self) -> Arc<Data> {
        self.data.clone()
    }

    pub fn mode(&self) -> Mode {
        self.state.mode
    }

    /// The rules version the game is played under.
    pub fn rules(&self) -> RulesVersion {
        self.state.rules
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Every decision the game waits for.
    pub fn pending(&self) -> &[Decision] {
        &self.pending
    }

    /// The decision this seat must make now, if any.
    pub fn decision_for(&self, seat: Seat) -> Option<&Decision> {
        self.pending.iter().find(|d| d.seat == seat)
    }

    /// What each side still needs to win (public: read off the boards and Anakin's track).
    pub fn needs(&self) -> Needs {
        Needs::of(&self.data, &self.state)
    }

    /// Whether `seat` is asked a secret question now (`Prompt::is_secret`): one answered in private.
    pub fn asks_in_secret(&self, seat: Seat) -> bool {
        self.decision_for(seat).is_some_and(|d| d.prompt.is_secret())
    }

    fn refresh(&mut self) {
        self.pending = flow::pending(&self.data, &self.state);
    }

    /// Who the game waits for, in words anyone may read (no card, no plan).
    pub fn waiting_for(&self) -> String {
        describe::waiting_for(&self.data, &self.state)
    }

    /// Every invariant of the state (self-play and tests check them after each step).
    pub fn check_invariants(&self) -> Result<(), String> {
        invariants::all(&self.data, &self.state)
    }

    /// What `viewer` may see of the game.
    pub fn view(&self, viewer: Viewer) -> View {
        view::view(&self.data, &self.state, &self.pending, viewer)
    }

    /// What everyone may see, with the questions asked in public: what a public message is built from.
    pub fn public_view(&self) -> PublicView {
        PublicView::new(&self.data, &self.state, &self.pending)
    }

    /// The decision `seat` must make now, worded, for that seat's eyes.
    pub fn question_for(&self, seat: Seat) -> Option<Question> {
        self.decision_for(seat).map(|dec| Question::of(&self.data, &self.state, dec))
    }

    /// Apply `seat`'s answer to its pending decision. On error nothing changes.
    pub fn act(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, RuleError> {
        self.check(seat, choice)?;
        let mut events = Vec::with_capacity(16);
        self.apply_checked(seat, choice, Some(&mut events))?;
        Ok(events)
    }

    /// `act` for a playout: the same game afterwards, but no events are kept (nor their words built).
    pub fn play(&mut self, seat: Seat, choice: &Choice) -> Result<(), RuleError> {
        self.check(seat, choice)?;
        self.apply_checked(seat, choice, None)
    }

    /// `play` with the `index`th option of `seat`'s pending decision: nothing to look up or copy.
    pub fn play_option(&mut self, seat: Seat, index: usize) -> Result<(), RuleError> {
        let pending = std::mem::take(&mut self.pending);
        let picked = pending.iter().find(|d| d.seat == seat).map(|d| d.options.get(index));
        let done = match picked {
            Some(Some(choice)) => self.apply_checked(seat, choice, None),
            Some(None) => Err(Refusal::NoOption { number: index + 1 }.into()),
            None => Err(RuleError::NotYourTurn {
                seat,
                name: seat.title(self.state.mode),
                waiting: describe::waiting_for(&self.data, &self.state),
            }),
        };
        match done {
            Ok(()) => self.recycle(pending),
            Err(_) => self.pending = pending,
        }
        done
    }

    /// Whether `choice` answers `seat`'s pending decision.
    fn check(&self, seat: Seat, choice: &Choice) -> Result<(), RuleError> {
        if self.state.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let Some(decision) = self.pending.iter().find(|d| d.seat == seat) else {
            return Err(RuleError::NotYourTurn {
                seat,
                name: seat.title(self.state.mode),
                waiting: describe::waiting_for(&self.data, &self.state),
            });
        };
        match choice {
            // Whole-plan edits are checked directly: there are too many to list among the options.
            Choice::PlanSet(cards) if matches!(decision.prompt, Prompt::Plan { .. }) => {
                round::check_plan_set(&self.data, &self.state, seat, cards)?
            }
            Choice::PlanMove(a, b) if matches!(decision.prompt, Prompt::Plan { .. }) => {
                let n = self.state.seat(seat).plan.len();
                if usize::from(*a.max(b)) >= n {
                    return Err(Refusal::NoPlanPosition { cards: n }.into());
                }
            }
            _ if decision.options.contains(choice) => {}
            _ => {
                return Err(describe::refusal(&self.data, &self.state, decision, choice).into());
            }
        }
        Ok(())
    }

    fn apply_checked(&mut self, seat: Seat, choice: &Choice, events: Option<&mut Vec<Event>>) -> Result<(), RuleError> {
        // Forced dice can fail mid-step: keep a copy to roll back to.
        let backup = (!self.state.forced.is_empty()).then(|| self.state.clone());
        let mut next = std::mem::take(&mut self.next);
        let mut ctx = Ctx::new(&self.data, &mut self.state, events);
        ctx.spare = std::mem::take(&mut self.spare);
        ctx.apply(seat, choice);
        ctx.advance(&mut next);
        let forced = ctx.forced_error.take();
        self.spare = std::mem::take(&mut ctx.spare);
        if let Some(err) = forced {
            if let Some(b) = backup {
                self.state = b;
            }
            self.recycle(next);
            return Err(RuleError::Forced(err));
        }
        let old = std::mem::replace(&mut self.pending, next);
        self.recycle(old);
        self.state.step += 1;
        Ok(())
    }

    /// Keep a list of decisions that is done with, and their option lists, for the next step.
    fn recycle(&mut self, mut old: Vec<Decision>) {
        for dec in old.drain(..) {
            self.spare.keep(dec.options);
        }
        if old.capacity() >= self.next.capacity() {
            self.next = old;
        }
    }

    /// A side gives up: the other side wins at once.
    pub fn concede(&mut self, side: Side) -> Result<Vec<Event>, RuleError> {
        if self.state.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        let outcome = Outcome { winner: side.other(), reason: WinReason::Concession };
        self.state.outcome = Some(outcome);
        self.state.phase = Phase::Over;
        self.state.stack.clear();
        self.state.step += 1;
        self.pending.clear();
        Ok(vec![Event::public(EventKind::GameOver { winner: outcome.winner, reason: outcome.reason })])
    }

    /// Force the next dice faces (tests and replay scripts).
    pub fn force_dice(&mut self, faces: &[Forced]) {
        self.state.forced.extend(faces.iter().copied());
    }

    /// Put these cards in a seat's hand during planning, swapping out other cards of the same decks
    /// (tests and replay scripts).
    pub fn rig_hand(&mut self, seat: Seat, cards: &[CardId]) -> Result<(), RuleError> {
        let bad = |m: String| Err(RuleError::Setup(m));
        if self.state.phase != Phase::Planning || self.state.seat(seat).locked {
            return bad("hands can be set only while that seat is planning".into());
        }
        for c in cards {
            let code = &self.data.card(*c).code;
            if self.state.seat(seat).hand.contains(c) {
                continue;
            }
            let deck = self.data.card(*c).deck;
            if deck.side() != seat.side() {
                return bad(format!("{code} belongs to the other side"));
            }
            let Some(at) = self.state.decks[deck.index()].draw.iter().position(|x| x == c) else {
                return bad(format!("{code} is not in its draw pile"));
            };
            let ss = &mut self.state.seats[seat];
            let Some(out) = ss.hand.iter().position(|h| self.data.card(*h).deck == deck && !cards.contains(h)) else {
                return bad(format!("no card of {code}'s deck left in the hand to swap out"));
            };
            let old = ss.hand[out];
            ss.hand[out] = *c;
            ss.plan.retain(|p| *p != old);
            self.state.decks[deck.index()].draw[at] = old;
        }
        self.refresh();
        Ok(())
    }

    /// Put these cards on top of their draw pile, the first listed on top (tests and replay scripts).
    pub fn stack_deck(&mut self, cards: &[CardId]) -> Result<(), RuleError> {
        for c in cards.iter().rev() {
            let deck = self.data.card(*c).deck;
            let draw = &mut self.state.decks[deck.index()].draw;
            let Some(at) = draw.iter().position(|x| x == c) else {
                return Err(RuleError::Setup(format!("{} is not in its draw pile", self.data.card(*c).code)));
            };
            let card = draw.remove(at);
            draw.push(card);
        }
        Ok(())
    }

    /// Put these Starfighter cards on top of their pile, the first listed on top.
    pub fn stack_starfighters(&mut self, codes: &[String]) -> Result<(), RuleError> {
        for code in codes.iter().rev() {
            let Some(i) = self.data.space.starfighters.iter().position(|f| f.code.eq_ignore_ascii_case(code)) else {
                return Err(RuleError::Setup(format!("there is no Starfighter card {code}")));
            };
            let deck = &mut self.state.space.deck;
            let Some(at) = deck.iter().position(|x| usize::from(*x) == i) else {
                return Err(RuleError::Setup(format!("{code} is no longer in the Starfighter pile")));
            };
            let card = deck.remove(at);
            deck.push(card);
        }
        Ok(())
    }
}
