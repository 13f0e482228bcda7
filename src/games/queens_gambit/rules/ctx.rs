//! The working context of one step: data, state and the events produced, with the small operations every
//! rule uses (roll a die, draw a card, move or remove a piece).

use super::data::{CardId, Colour, Data, DeckId, Face, KindId, UnitDef};
use super::decision::Spare;
use super::event::{Event, EventKind};
use super::piece::{Gone, Piece, PieceId};
use super::pos::Pos;
use super::rng::Forced;
use super::side::{Role, Seat, Side};
use super::state::State;

pub(crate) struct Ctx<'a> {
    pub d: &'a Data,
    pub s: &'a mut State,
    /// Where events go; `None` in a playout that keeps none (nothing in the rules reads them back).
    ev: Option<&'a mut Vec<Event>>,
    /// Set when a forced die did not fit the die rolled; the step is then undone.
    pub forced_error: Option<String>,
    /// Bonus cards earned during this step, offered once the step is done.
    pub earned: Vec<(Side, u8)>,
    /// Something that can decide the game changed (a piece moved, arrived or left; Anakin advanced).
    pub changed: bool,
    /// Option lists to reuse for the questions asked during the step.
    pub spare: Spare,
}

impl<'a> Ctx<'a> {
    pub fn new(d: &'a Data, s: &'a mut State, ev: Option<&'a mut Vec<Event>>) -> Ctx<'a> {
        Ctx { d, s, ev, forced_error: None, earned: Vec::new(), changed: false, spare: Spare::default() }
    }

    /// Whether events are kept: words built only for an event are skipped when they are not.
    pub fn recording(&self) -> bool {
        self.ev.is_some()
    }

    pub fn emit(&mut self, kind: EventKind) {
        if let Some(ev) = self.ev.as_mut() {
            ev.push(Event::public(kind));
        }
    }

    pub fn emit_private(&mut self, side: Side, kind: EventKind) {
        if let Some(ev) = self.ev.as_mut() {
            ev.push(Event::private(side, kind));
        }
    }

    /// The seat of `side` that runs `role`.
    pub fn seat_of(&self, side: Side, role: Role) -> Seat {
        Seat::of(self.s.mode, side, role)
    }

    pub fn unit_of(&self, id: PieceId) -> &'a UnitDef {
        let d: &'a Data = self.d;
        d.unit(self.s.pieces[id.index()].kind)
    }

    /// Roll one combat die, or take the next forced face.
    pub fn roll(&mut self, c: Colour) -> Face {
        let die = self.d.dice.die(c);
        if let Some(f) = self.s.forced.pop_front() {
            let found = die.faces.iter().find(|face| match f {
                Forced::Riposte => face.riposte,
                Forced::Value(v) => !face.riposte && face.value == v,
            });
            return match found {
                Some(face) => *face,
                None => {
                    self.forced_error.get_or_insert(format!("the {c} die has no face '{f}'"));
                    die.faces[0]
                }
            };
        }
        die.faces[self.s.rng.below(6)]
    }

    /// Roll one of Anakin's six-sided dice, or take the next forced value.
    pub fn roll_d6(&mut self) -> u8 {
        if let Some(f) = self.s.forced.pop_front() {
            return match f {
                Forced::Value(v @ 1..=6) => v,
                other => {
                    self.forced_error.get_or_insert(format!("Anakin's die has no face '{other}'"));
                    1
                }
            };
        }
        self.s.rng.below(6) as u8 + 1
    }

    /// Draw the top card of a deck, reshuffling its discards when it is empty (a house rule: the rulebook
    /// is silent on empty decks).
    pub fn draw(&mut self, deck: DeckId) -> Option<CardId> {
        let ds = &mut self.s.decks[deck.index()];
        if ds.draw.is_empty() && !ds.discard.is_empty() {
            let mut pile = std::mem::take(&mut ds.discard);
            self.s.rng.shuffle(&mut pile);
            let n = pile.len() as u8;
            self.s.decks[deck.index()].draw = pile;
            self.emit(EventKind::DeckReshuffled { deck, cards: n });
        }
        self.s.decks[deck.index()].draw.pop()
    }

    pub fn discard(&mut self, card: CardId) {
        let deck = self.d.card(card).deck;
        self.s.decks[deck.index()].discard.push(card);
    }

    pub fn pos_of(&self, id: PieceId) -> Option<Pos> {
        self.s.pieces[id.index()].pos
    }

    pub fn move_piece(&mut self, id: PieceId, to: Pos) {
        self.changed = true;
        self.s.relocate(self.d, id, Some(to));
    }

    /// Take a piece off the boards.
    pub fn remove_piece(&mut self, id: PieceId, why: Gone) {
        self.changed = true;
        self.s.relocate(self.d, id, None);
        if why == Gone::ShutDown {
            let fig = self.d.unit(self.s.pieces[id.index()].kind).figure.index();
            self.s.retired[fig] += u16::from(self.s.pieces[id.index()].members);
        }
        let p = &mut self.s.pieces[id.index()];
        p.members = 0;
        p.gone = Some(why);
    }

    /// Put a new piece on the board (droids arriving in the palace, new droid groups).
    pub fn add_piece(&mut self, kind: KindId, at: Pos, members: u8) -> PieceId {
        self.changed = true;
        let id = PieceId(self.s.pieces.len() as u16);
        self.s.pieces.push(Piece { kind, pos: None, members, damage: 0, gone: None });
        self.s.relocate(self.d, id, Some(at));
        id
    }

    /// Living pieces, with their ids.
    pub fn living(&self) -> impl Iterator<Item = (PieceId, &Piece)> + '_ {
        self.s.living()
    }
}
