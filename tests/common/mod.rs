//! Test helpers: build a position with chosen pieces, put a card in play, answer decisions by their text.
#![allow(dead_code)]

use gambit::games::queens_gambit::rules::data::CardId;
pub use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::testing::Piece;
use gambit::games::queens_gambit::rules::{
    Choice, Data, Event, EventKind, Forced, Game, Mode, Pos, RulesVersion, Seat, Side, State,
};
use gambit::games::queens_gambit::rules::{Phase, testing::Frame};
use std::sync::Arc;

pub const TF: Seat = Seat(0);
pub const NABOO: Seat = Seat(1);

pub fn data() -> Arc<Data> {
    Data::embedded()
}

pub fn pos(label: &str) -> Pos {
    label.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The first card of this title in a deck.
pub fn card(d: &Data, deck_code: &str, title: &str) -> CardId {
    d.cards
        .iter()
        .find(|c| c.code.starts_with(deck_code) && c.title == title)
        .map(|c| c.id)
        .unwrap_or_else(|| panic!("no card titled '{title}' in {deck_code}"))
}

/// A board with only the listed pieces, built from a new game's state.
pub struct Position {
    pub state: State,
    pub data: Arc<Data>,
}

impl Position {
    pub fn new(mode: Mode) -> Position {
        Position::with_data(data(), mode)
    }

    /// A board of other game data (a test map), empty but for three palace guards in the far corner of
    /// the approach: with two or fewer Naboo palace pieces the Trade Federation would win at once.
    pub fn with_data(data: Arc<Data>, mode: Mode) -> Position {
        let (game, _) = Game::new(data.clone(), mode, 7);
        let mut state = game.state().clone();
        state.pieces.clear();
        state.real_queen = None;
        Position { state, data }.piece("palace_guard", "0J4").piece("palace_guard", "0K4").piece("palace_guard", "0L4")
    }

    /// Remove the three guards of the far corner.
    pub fn without_garrison(mut self) -> Position {
        let guard = self.data.kind("palace_guard").unwrap();
        let corner = [pos("0J4"), pos("0K4"), pos("0L4")];
        self.state.pieces.retain(|p| !(p.kind == guard && p.pos.is_some_and(|q| corner.contains(&q))));
        self
    }

    pub fn two_player() -> Position {
        Position::new(Mode::TwoPlayer)
    }

    /// Add a piece (a battlefield group gets its full size).
    pub fn piece(self, key: &str, at: &str) -> Position {
        let d = self.data.clone();
        let kind = d.kind(key).unwrap_or_else(|| panic!("no unit {key}"));
        let members = d.unit(kind).members;
        self.group(key, at, members)
    }

    pub fn group(mut self, key: &str, at: &str, members: u8) -> Position {
        let d = self.data.clone();
        let kind = d.kind(key).unwrap_or_else(|| panic!("no unit {key}"));
        self.state.pieces.push(Piece { kind, pos: Some(pos(at)), members, damage: 0, gone: None });
        self
    }

    /// Damage on the last piece added.
    pub fn damage(mut self, n: u8) -> Position {
        if let Some(p) = self.state.pieces.last_mut() {
            p.damage = n;
        }
        self
    }

    pub fn real_queen(mut self, key: &str) -> Position {
        let d = self.data.clone();
        let kind = d.kind(key).unwrap();
        let id = self.state.pieces.iter().position(|p| p.kind == kind).expect("queen on the board");
        self.state.real_queen = Some(gambit::games::queens_gambit::rules::PieceId(id as u16));
        self
    }

    pub fn with(mut self, f: impl FnOnce(&mut State)) -> Position {
        f(&mut self.state);
        self
    }

    /// `seat` has just revealed `card` (taken from wherever it was) and must choose its action.
    pub fn play(mut self, seat: Seat, card: CardId) -> Game {
        let d = self.data.clone();
        let s = &mut self.state;
        if s.real_queen.is_none() {
            // Naboo must have chosen before cards are played: any queen on the board, else a placeholder.
            s.real_queen = s
                .pieces
                .iter()
                .position(|p| d.unit(p.kind).traits.queen)
                .map(|i| gambit::games::queens_gambit::rules::PieceId(i as u16));
        }
        for ds in &mut s.decks {
            ds.draw.retain(|c| *c != card);
        }
        for ss in s.seats.iter_mut() {
            ss.hand.retain(|c| *c != card);
            ss.plan.clear();
            ss.locked = true;
            ss.queue.clear();
        }
        s.decks[d.card(card).deck.index()].discard.push(card);
        s.phase = Phase::Resolving;
        s.turn = Some(seat);
        s.playing = Some(card);
        s.stack = vec![Frame::Card { seat, card }];
        Game::from_state(d, RulesVersion::NEWEST, self.state).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The position in round 1's planning, nothing played.
    pub fn planning(self) -> Game {
        Game::from_state(self.data, RulesVersion::NEWEST, self.state).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The position as a game, for checking what pieces may do (no card in play).
    pub fn game(self) -> Game {
        self.planning()
    }
}

/// Answer `seat`'s decision with a choice in its text form; panics with the engine's message if refused.
pub fn act(game: &mut Game, seat: Seat, text: &str) -> Vec<Event> {
    let choice = Choice::parse(game.data(), text).unwrap_or_else(|e| panic!("{e}"));
    game.act(seat, &choice).unwrap_or_else(|e| panic!("'{text}' refused: {e}"))
}

/// The refusal message for a choice the engine must refuse.
pub fn refused(game: &mut Game, seat: Seat, text: &str) -> String {
    let choice = Choice::parse(game.data(), text).unwrap_or_else(|e| panic!("{e}"));
    let before = serde_json::to_string(game.state()).unwrap();
    let err = game.act(seat, &choice).expect_err(&format!("'{text}' should be refused"));
    assert_eq!(serde_json::to_string(game.state()).unwrap(), before, "a refused choice changed the state");
    err.to_string()
}

/// The text of every option `seat` has now.
pub fn options(game: &Game, seat: Seat) -> Vec<String> {
    game.decision_for(seat).map(|d| d.options.iter().map(|c| c.text(game.data())).collect()).unwrap_or_default()
}

pub fn has(game: &Game, seat: Seat, text: &str) -> bool {
    options(game, seat).iter().any(|o| o == text)
}

pub fn force(game: &mut Game, faces: &str) {
    let f: Vec<Forced> = faces.split_whitespace().map(|x| x.parse().unwrap()).collect();
    game.force_dice(&f);
}

/// The key of the unit on a space, or None.
pub fn at(game: &Game, label: &str) -> Option<String> {
    let s = game.state();
    s.occupant(pos(label)).map(|id| game.data().unit(s.piece(id).kind).key.clone())
}

pub fn piece_at(game: &Game, label: &str) -> Piece {
    let s = game.state();
    let id = s.occupant(pos(label)).unwrap_or_else(|| panic!("nothing on {label}"));
    s.piece(id).clone()
}

pub fn count(events: &[Event], f: impl Fn(&EventKind) -> bool) -> usize {
    events.iter().filter(|e| f(&e.kind)).count()
}

pub fn bonus_earned(events: &[Event], side: Side) -> u8 {
    events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::BonusEarned { side: s, count } if s == side => Some(count),
            _ => None,
        })
        .sum()
}

/// Whether the piece on `from` may attack the piece on `to` as the board stands.
pub fn can_attack(game: &Game, from: &str, to: &str) -> bool {
    let s = game.state();
    let a = s.occupant(pos(from)).unwrap_or_else(|| panic!("nothing on {from}"));
    let t = s.occupant(pos(to)).unwrap_or_else(|| panic!("nothing on {to}"));
    gambit::games::queens_gambit::rules::testing::can_attack(game.data(), s, a, t)
}

/// The spaces the piece on `from` can reach with `movement` points.
pub fn reachable(game: &Game, from: &str, movement: u8, window: bool) -> Vec<String> {
    let s = game.state();
    let a = s.occupant(pos(from)).unwrap_or_else(|| panic!("nothing on {from}"));
    gambit::games::queens_gambit::rules::testing::reach(game.data(), s, a, movement, window)
        .nodes
        .iter()
        .map(|(p, _)| p.to_string())
        .collect()
}

/// The cost of reaching `to` from the piece on `from`, if it can.
pub fn cost(game: &Game, from: &str, movement: u8, window: bool, to: &str) -> Option<u8> {
    let s = game.state();
    let a = s.occupant(pos(from)).unwrap_or_else(|| panic!("nothing on {from}"));
    gambit::games::queens_gambit::rules::testing::reach(game.data(), s, a, movement, window).cost(pos(to))
}
