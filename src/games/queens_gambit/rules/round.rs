//! The round: secret plans, the alternating reveal from the Go First holder, and the end of the round.
//!
//! 1. Each seat secretly builds an ordered plan (4 cards; 2 each in the 4-player game), changeable until
//!    locked. Naboo's first decision of the game is the secret choice of the real queen.
//! 2. Last round's bonus cards go under the plan, unseen (all of a side's go to its battlefield seat).
//! 3. Seats reveal one card at a time, clockwise from Go First; a seat with nothing left is passed over.
//! 4. Go First passes clockwise. 5. Each seat draws 2 from each deck (1 + 1 in the 4-player game).

use super::ctx::Ctx;
use super::data::{CardId, Data, DeckId, DeckKind};
use super::decision::{Choice, Decision, Prompt, Spare};
use super::error::Refusal;
use super::event::EventKind;
use super::side::{Role, Seat, Side};
use super::state::{Frame, Phase, Queued, State};

/// Cards this seat must put in its plan.
pub fn plan_size(s: &State, seat: Seat) -> usize {
    s.mode.plan_size().min(s.seat(seat).hand.len())
}

/// Naboo's palace seat owes the secret choice of the real queen before anything else.
pub fn owes_queen(s: &State, seat: Seat) -> bool {
    s.real_queen.is_none() && seat == Seat::of(s.mode, Side::Naboo, Role::Palace)
}

/// The seat's planning question, its options in a list from `spare`.
pub fn planning_decision(d: &Data, s: &State, seat: Seat, spare: &mut Spare) -> Option<Decision> {
    let ss = s.seat(seat);
    if s.phase != Phase::Planning {
        return None;
    }
    if owes_queen(s, seat) {
        let mut options = spare.take();
        for (_, p) in s.living().filter(|(_, p)| d.unit(p.kind).traits.queen) {
            options.push(Choice::Queen(p.kind));
        }
        return Some(Decision { seat, prompt: Prompt::ChooseQueen, options });
    }
    if ss.locked {
        return None;
    }
    let size = plan_size(s, seat);
    let mut options = spare.take();
    if ss.plan.len() < size {
        options.extend(ss.hand.iter().filter(|c| !ss.plan.contains(c)).map(|c| Choice::PlanAdd(*c)));
    }
    options.extend((0..ss.plan.len() as u8).map(Choice::PlanRemove));
    options.extend((1..ss.plan.len() as u8).map(|i| Choice::PlanMove(i, i - 1)));
    if !ss.plan.is_empty() {
        options.push(Choice::PlanClear);
    }
    if ss.plan.len() == size {
        options.push(Choice::PlanLock);
    }
    Some(Decision { seat, prompt: Prompt::Plan { size: size as u8 }, options })
}

/// Check a whole replacement plan (it is not listed among the options: there are too many).
pub fn check_plan_set(d: &Data, s: &State, seat: Seat, cards: &[CardId]) -> Result<(), Refusal> {
    let ss = s.seat(seat);
    let size = plan_size(s, seat);
    if cards.len() > size {
        return Err(Refusal::PlanTooLong { holds: size, given: cards.len() });
    }
    for (i, c) in cards.iter().enumerate() {
        if !ss.hand.contains(c) {
            return Err(Refusal::NotInHand { card: d.card(*c).code.clone() });
        }
        if cards[..i].contains(c) {
            return Err(Refusal::PlannedTwice { card: d.card(*c).code.clone() });
        }
    }
    Ok(())
}

impl Ctx<'_> {
    pub fn apply_planning(&mut self, seat: Seat, choice: &Choice) {
        let side = seat.side();
        if let Choice::Queen(kind) = choice {
            let id = self.living().find(|(_, p)| p.kind == *kind).map(|(id, _)| id);
            self.s.real_queen = id;
            self.emit(EventKind::QueenChosen);
            if let Some(piece) = id {
                self.emit_private(Side::Naboo, EventKind::RealQueen { piece, kind: *kind });
            }
            return;
        }
        let ss = &mut self.s.seats[seat];
        match choice {
            Choice::PlanAdd(c) => ss.plan.push(*c),
            Choice::PlanRemove(i) => {
                ss.plan.remove(usize::from(*i));
            }
            Choice::PlanMove(a, b) => {
                let c = ss.plan.remove(usize::from(*a));
                ss.plan.insert(usize::from(*b).min(ss.plan.len()), c);
            }
            Choice::PlanClear => ss.plan.clear(),
            Choice::PlanSet(cards) => ss.plan = cards.to_vec(),
            Choice::PlanLock => {
                ss.locked = true;
                let plan = std::mem::take(&mut ss.plan);
                ss.hand.retain(|c| !plan.contains(c));
                ss.queue = plan.iter().map(|c| Queued { card: *c, bonus: false }).collect();
                self.emit(EventKind::PlanLocked { seat });
                return;
            }
            _ => return,
        }
        let plan = self.s.seats[seat].plan.clone();
        self.emit_private(side, EventKind::PlanChanged { seat, plan });
    }

    /// All plans are locked: bonus cards go under the plans and the reveal begins.
    pub fn start_reveal(&mut self) {
        for side in Side::BOTH {
            let bonus = std::mem::take(&mut self.s.bonus[side]);
            if bonus.is_empty() {
                continue;
            }
            let seat = self.seat_of(side, Role::Field);
            let n = bonus.len() as u8;
            self.s.seats[seat].queue.extend(bonus.into_iter().map(|card| Queued { card, bonus: true }));
            self.emit(EventKind::BonusQueued { seat, count: n });
        }
        self.s.phase = Phase::Resolving;
        self.s.turn = None;
    }

    /// Reveal the next card, clockwise from the last seat to play (Go First first). False when every
    /// seat has played all its cards.
    pub fn reveal_next(&mut self) -> bool {
        let n = self.s.seats.len() as u8;
        let start = match self.s.turn {
            None => self.s.go_first.0,
            Some(t) => (t.0 + 1) % n,
        };
        for k in 0..n {
            let seat = Seat((start + k) % n);
            if let Some(q) = self.s.seats[seat].queue.pop_front() {
                self.s.turn = Some(seat);
                self.s.playing = Some(q.card);
                self.discard(q.card);
                self.emit(EventKind::CardRevealed { seat, card: q.card, bonus: q.bonus });
                self.s.stack.push(Frame::Card { seat, card: q.card });
                return true;
            }
        }
        false
    }

    /// Go First passes, everyone draws, and the next round's planning begins.
    pub fn end_round(&mut self) {
        self.emit(EventKind::RoundEnded { round: self.s.round });
        let n = self.s.seats.len() as u8;
        self.s.go_first = Seat((self.s.go_first.0 + 1) % n);
        self.s.turn = None;
        for seat in Seat::all(self.s.mode) {
            let mut drawn = Vec::new();
            for kind in [DeckKind::Battlefield, DeckKind::Palace] {
                for _ in 0..self.s.mode.draw_per_deck() {
                    if let Some(c) = self.draw(DeckId::of(seat.side(), kind)) {
                        drawn.push(c);
                    }
                }
            }
            self.s.seats[seat].hand.extend(&drawn);
            self.s.seats[seat].locked = false;
            self.s.seats[seat].plan.clear();
            self.emit(EventKind::CardsDrawn { seat, count: drawn.len() as u8 });
            self.emit_private(seat.side(), EventKind::CardsDealt { seat, cards: drawn });
        }
        self.s.round += 1;
        self.s.phase = Phase::Planning;
        self.emit(EventKind::RoundStarted { round: self.s.round, go_first: self.s.go_first });
    }
}
