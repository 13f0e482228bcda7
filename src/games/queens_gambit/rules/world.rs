//! Worlds a computer player may search: the game as one seat knows it, with everything that seat cannot
//! see drawn again at random. `Worlds` holds the game itself, but gives out nothing but samples: in each,
//! the cards the seat cannot see (the other side's hand and queued cards, every face-down pile, every
//! bonus card) are pooled per deck, in a fixed order, and dealt back into the same places; the unlocked
//! plans of the other side are dropped; the Starfighter pile is shuffled; for the Trade Federation the
//! real queen is drawn among the living queens; and the dice come from the searcher's own seed. So a
//! sample depends on what the seat knows and the seed, never on the hidden truth (a test holds agents to
//! it).

use super::data::Data;
use super::playout::RandomAgent;
use super::rng::GameRng;
use super::side::{Seat, Side};
use super::state::{Queued, State};
use super::{CardId, Choice, Decision, Game, Needs};
use std::sync::Arc;

/// The game as `seat` knows it, to draw worlds from.
pub struct Worlds {
    game: Game,
    seat: Seat,
}

/// One world drawn for a search: a whole game to play forward.
pub struct World {
    game: Game,
    seat: Seat,
}

/// Says which seat, never what the game holds.
impl std::fmt::Debug for Worlds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Worlds for seat {}", self.seat.0)
    }
}

impl Game {
    /// The worlds `seat` may search.
    pub fn worlds(&self, seat: Seat) -> Worlds {
        Worlds { game: self.clone(), seat }
    }
}

impl Worlds {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn data(&self) -> &Arc<Data> {
        &self.game.data
    }

    /// A world consistent with what the seat knows, its hidden part drawn with `seed`.
    pub fn sample(&self, seed: u64) -> World {
        let mut rng = GameRng::new(seed ^ 0x5A3F_1E0D);
        let mut game = self.game.clone();
        let d = game.data.clone();
        let s = &mut game.state;
        let me = self.seat.side();
        let (places, mut cards) = hidden_cards(&d, s, me);
        for (places, cards) in places.iter().zip(cards.iter_mut()) {
            redeal(s, &mut rng, places, cards);
        }
        for seat in Seat::all(s.mode).filter(|x| x.side() != me) {
            if !s.seats[seat].locked {
                s.seats[seat].plan.clear();
            }
        }
        let mut pile = s.space.deck.clone();
        pile.sort_unstable();
        rng.shuffle(&mut pile);
        s.space.deck = pile;
        if me == Side::Tf && !s.queen_revealed && s.real_queen.is_some() {
            let queens: Vec<_> = s.living().filter(|(_, p)| d.unit(p.kind).traits.queen).map(|(id, _)| id).collect();
            if !queens.is_empty() {
                s.real_queen = Some(queens[rng.below(queens.len())]);
            }
        }
        s.forced.clear();
        s.rng = GameRng::new(seed.rotate_left(17) ^ 0xD1CE);
        game.refresh();
        World { game, seat: self.seat }
    }
}

impl World {
    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn pending(&self) -> &[Decision] {
        self.game.pending()
    }

    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    pub fn round(&self) -> u32 {
        self.game.state.round
    }

    /// Play a choice of `seat` (a world is searched with legal choices only).
    pub fn play(&mut self, seat: Seat, choice: &Choice) -> bool {
        self.game.play(seat, choice).is_ok()
    }

    /// Play on with `players` until the game ends, the round `until` begins, or `steps` choices were made.
    pub fn playout(&mut self, players: &mut RandomAgent, until: u32, steps: u32) {
        for _ in 0..steps {
            if self.game.outcome().is_some() || self.game.state.round >= until {
                return;
            }
            let Some(dec) = self.game.pending().first() else { return };
            let seat = dec.seat;
            let i = players.pick_index(&self.game, dec);
            if self.game.play_option(seat, i).is_err() {
                return;
            }
        }
    }

    /// Cards still to resolve this round: queued ones and the one being resolved.
    pub fn cards_left(&self) -> usize {
        let s = &self.game.state;
        s.seats.iter().map(|ss| ss.queue.len()).sum::<usize>() + usize::from(s.playing.is_some())
    }

    /// Play on with `players` until `cards` more cards are done (or the round or the game ends, or
    /// `steps` choices were made): a tactical choice's horizon.
    pub fn playout_cards(&mut self, players: &mut RandomAgent, cards: usize, steps: u32) {
        let round = self.round();
        let target = self.cards_left().saturating_sub(cards);
        for _ in 0..steps {
            if self.game.outcome().is_some() || self.round() != round || self.cards_left() <= target {
                return;
            }
            let Some(dec) = self.game.pending().first() else { return };
            let seat = dec.seat;
            let i = players.pick_index(&self.game, dec);
            if self.game.play_option(seat, i).is_err() {
                return;
            }
        }
    }

    /// How good this world is for `side`, from 0 (lost) to 1 (won): the winner when the game is over,
    /// else the victory figures (`Needs`) and the figures each side still has on the boards.
    pub fn value(&self, side: Side) -> f64 {
        if let Some(o) = self.game.outcome() {
            return if o.winner == side { 1.0 } else { 0.0 };
        }
        let n: Needs = self.game.needs();
        let d = &self.game.data;
        let s = &self.game.state;
        // The Trade Federation's way: Naboo's palace pieces down to the mark.
        let start = 26.0_f64;
        let tf = ((start - n.naboo_palace_pieces as f64) / (start - n.palace_falls_at as f64)).clamp(0.0, 1.0);
        // Naboo's: the Control Ship, then Maul or the throne room.
        let ship = f64::from(n.anakin) / f64::from(n.control_ship.max(1));
        let room = n.throne_room[Side::Naboo] as f64 - n.throne_room[Side::Tf] as f64;
        let naboo = (0.6 * ship + if n.maul_stands { 0.0 } else { 0.3 } + 0.02 * room).clamp(0.0, 1.0);
        let mut figures = [0.0_f64; 2];
        for (_, p) in s.living() {
            figures[d.unit(p.kind).side.index()] += f64::from(p.members.max(1));
        }
        let material = (figures[Side::Naboo.index()] - figures[Side::Tf.index()]) / (figures[0] + figures[1]).max(1.0);
        let for_naboo = (0.5 + 0.5 * (naboo - tf) + 0.15 * material).clamp(0.0, 1.0);
        if side == Side::Naboo { for_naboo } else { 1.0 - for_naboo }
    }
}

/// Where a place in `hidden_cards` is: a deck's draw pile, a seat's hand, its queue, a side's bonus cards.
type Place = (u8, usize, usize);

/// Every place a card hidden from side `me` lies, per deck, in a fixed order, and the cards there.
fn hidden_cards(d: &Data, s: &State, me: Side) -> (Vec<Vec<Place>>, Vec<Vec<CardId>>) {
    let decks = s.decks.len();
    let mut places: Vec<Vec<Place>> = vec![Vec::new(); decks];
    let mut cards: Vec<Vec<CardId>> = vec![Vec::new(); decks];
    let deck_of = |c: CardId| d.card(c).deck.index();
    for (k, deck) in s.decks.iter().enumerate() {
        for (i, c) in deck.draw.iter().enumerate() {
            places[k].push((0, k, i));
            cards[k].push(*c);
        }
    }
    for seat in Seat::all(s.mode) {
        let theirs = seat.side() != me;
        let ss = &s.seats[seat];
        for (i, c) in ss.hand.iter().enumerate() {
            if theirs {
                places[deck_of(*c)].push((1, usize::from(seat.0), i));
                cards[deck_of(*c)].push(*c);
            }
        }
        for (i, q) in ss.queue.iter().enumerate() {
            if theirs || q.bonus {
                places[deck_of(q.card)].push((2, usize::from(seat.0), i));
                cards[deck_of(q.card)].push(q.card);
            }
        }
    }
    for side in Side::BOTH {
        for (i, c) in s.bonus[side].iter().enumerate() {
            let k = deck_of(*c);
            places[k].push((3, side.index(), i));
            cards[k].push(*c);
        }
    }
    (places, cards)
}

/// One deck's hidden `cards` shuffled and dealt back to its `places`.
fn redeal(s: &mut State, rng: &mut GameRng, places: &[Place], cards: &mut [CardId]) {
    cards.sort_unstable();
    rng.shuffle(cards);
    for (&(kind, a, i), c) in places.iter().zip(cards.iter()) {
        match kind {
            0 => s.decks[a].draw[i] = *c,
            1 => s.seats[Seat(a as u8)].hand[i] = *c,
            2 => {
                let q = &mut s.seats[Seat(a as u8)].queue[i];
                *q = Queued { card: *c, bonus: q.bonus };
            }
            _ => s.bonus[Side::BOTH[a]][i] = *c,
        }
    }
}
