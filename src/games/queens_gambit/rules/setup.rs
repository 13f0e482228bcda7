//! A new game exactly as the rulebook sets it up.

use super::board::Board;
use super::data::{Data, DeckId, DeckKind};
use super::event::{Event, EventKind};
use super::per::{BySeat, BySide};
use super::piece::Piece;
use super::pos::Pos;
use super::rng::GameRng;
use super::side::{Mode, Seat};
use super::state::{DeckState, Phase, SeatState, SpaceState, State};
use super::version::RulesVersion;
use std::collections::VecDeque;

/// Set up the boards, shuffle the decks and the Starfighter cards, and deal the opening hands.
/// Round 1 begins in planning; the Trade Federation (battlefield seat) holds Go First.
pub fn new_state(d: &Data, rules: RulesVersion, mode: Mode, seed: u64) -> (State, Vec<Event>) {
    let pieces = setup_pieces(d);
    let mut rng = GameRng::new(seed);
    let mut decks: Vec<DeckState> = DeckId::ALL
        .iter()
        .map(|id| {
            let mut draw = d.deck(*id).cards.clone();
            rng.shuffle(&mut draw);
            DeckState { draw, discard: Vec::new() }
        })
        .collect();
    let mut fighters: Vec<u8> = (0..d.space.starfighters.len() as u8).collect();
    rng.shuffle(&mut fighters);
    let mut events = vec![Event::public(EventKind::GameStarted { seats: mode.seats() })];
    let seats = deal(mode, &mut decks, &mut events);
    events.push(Event::public(EventKind::RoundStarted { round: 1, go_first: Seat(0) }));
    let board = match Board::build(d, &pieces) {
        Ok(b) => b,
        // Data validation guarantees a legal setup; an overlap would be a data defect caught by tests.
        Err(e) => panic!("setup places pieces illegally: {e}"),
    };
    let state = State {
        mode,
        rng,
        forced: VecDeque::new(),
        step: 0,
        round: 1,
        go_first: Seat(0),
        phase: Phase::Planning,
        pieces,
        destroyed: vec![0; d.figures.len()],
        retired: vec![0; d.figures.len()],
        decks,
        seats,
        bonus: BySide::default(),
        turn: None,
        playing: None,
        space: SpaceState {
            anakin: 0,
            deck: fighters,
            grids: vec![Vec::new(); d.space.grids.len()],
            gone: Vec::new(),
            blocked: Vec::new(),
        },
        shield_up: true,
        real_queen: None,
        queen_revealed: false,
        guards_slowed: false,
        stack: Vec::new(),
        outcome: None,
        board,
        rules,
    };
    (state, events)
}

/// Every piece where the maps' setup puts it: the battlefield, the palace, the generator core.
fn setup_pieces(d: &Data) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (cell, kind) in &d.field.setup {
        let u = d.unit(*kind);
        pieces.push(Piece { kind: *kind, pos: Some(d.field.pos(*cell)), members: u.members, damage: 0, gone: None });
    }
    for (cell, kind) in &d.palace.setup {
        pieces.push(Piece { kind: *kind, pos: Some(d.palace.pos(*cell)), members: 1, damage: 0, gone: None });
    }
    for (kind, space) in &d.core.start {
        pieces.push(Piece { kind: *kind, pos: Some(Pos::Core(*space)), members: 1, damage: 0, gone: None });
    }
    pieces
}

/// The opening hands: each seat draws from its side's battlefield and palace decks; everyone hears how
/// many, only the side which cards.
fn deal(mode: Mode, decks: &mut [DeckState], events: &mut Vec<Event>) -> BySeat<SeatState> {
    let mut seats = Vec::new();
    for seat in Seat::all(mode) {
        let mut hand = Vec::new();
        for kind in [DeckKind::Battlefield, DeckKind::Palace] {
            let deck = &mut decks[DeckId::of(seat.side(), kind).index()];
            for _ in 0..mode.hand_per_deck() {
                if let Some(c) = deck.draw.pop() {
                    hand.push(c);
                }
            }
        }
        events.push(Event::public(EventKind::CardsDrawn { seat, count: hand.len() as u8 }));
        events.push(Event::private(seat.side(), EventKind::CardsDealt { seat, cards: hand.clone() }));
        seats.push(SeatState { hand, plan: Vec::new(), locked: false, queue: VecDeque::new() });
    }
    seats.into_iter().collect()
}
