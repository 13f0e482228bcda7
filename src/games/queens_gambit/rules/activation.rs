//! Units actions: activate the listed units one at a time, each a different unit, in any order.
//!
//! An ordinary unit moves (0 or more spaces) and then may make one attack; it cannot move after attacking.
//! A Jedi or Sith splits its movement and its dice over any number of moves and attacks, declaring the dice
//! for each attack (at most 3); attack-twice cards give 6 dice. Palace guards move 2 once the real queen is
//! dead; some cards multiply movement (Rush the Palace) or allow window-ledge moves.

use super::combat::AttackDice;
use super::ctx::Ctx;
use super::data::{Action, CardId, Data, KindId};
use super::decision::{Choice, Decision, Prompt};
use super::event::EventKind;
use super::movement::{route, visit};
use super::piece::PieceId;
use super::side::Seat;
use super::state::{Frame, State};
use super::targets::targets;
use smallvec::SmallVec;

/// Palace guards' movement once the real queen is dead (rulebook).
pub const SLOWED_MOVEMENT: u8 = 2;

/// The most dice a Jedi or Sith rolls in one attack.
pub const DUEL_DICE_PER_ATTACK: u8 = 3;

fn action(d: &Data, card: CardId, i: u8) -> Option<&Action> {
    d.card(card).actions.get(usize::from(i))
}

/// Units that may still be activated by this action, in id order.
pub fn candidates(s: &State, left: &[(KindId, u8)], used: &[PieceId]) -> impl Iterator<Item = PieceId> + use<> {
    // The board lists the living by kind: gather the kinds still wanted, then put them in id order.
    let mut found: SmallVec<[PieceId; 16]> = SmallVec::new();
    let mut kinds: SmallVec<[KindId; 4]> = SmallVec::new();
    for (k, n) in left {
        if *n > 0 && !kinds.contains(k) {
            kinds.push(*k);
            found.extend(s.board.of_kind(*k).filter(|id| !used.contains(id)));
        }
    }
    if kinds.len() > 1 {
        found.sort_unstable();
    }
    found.into_iter()
}

/// The movement a unit gets from this action.
pub fn movement_for(d: &Data, s: &State, piece: PieceId, act: Option<&Action>) -> u8 {
    let p = s.piece(piece);
    let u = d.unit(p.kind);
    let mut m = u.movement;
    if u.traits.slowed_when_queen_dies && s.guards_slowed {
        m = m.min(SLOWED_MOVEMENT);
    }
    if let Some(Action::Units { move_factor, .. }) = act
        && let Some((_, f)) = move_factor.iter().find(|(k, _)| *k == p.kind)
    {
        m = m.saturating_mul(*f);
    }
    m
}

/// The units action's question, its options written into `o` (an empty list to reuse).
pub fn units_decision(d: &Data, s: &State, frame: &Frame, mut o: Vec<Choice>) -> Option<Decision> {
    let (seat, prompt) = match frame {
        Frame::Units { seat, card, action, left, used } => {
            o.extend(candidates(s, left, used).filter_map(|id| s.piece(id).pos).map(Choice::Unit));
            o.push(Choice::Done);
            (*seat, Prompt::ChooseUnit { card: *card, action: *action, left: left.clone() })
        }
        Frame::Activation { seat, piece, movement, window, moved: false } => {
            visit(d, s, *piece, *movement, *window, |p, _| o.push(Choice::Move(p)));
            (*seat, Prompt::Move { piece: *piece, movement: *movement })
        }
        Frame::Activation { seat, piece, moved: true, .. } => {
            o.extend(targets(d, s, *piece).filter_map(|t| s.piece(t).pos).map(Choice::Target));
            o.push(Choice::Done);
            (*seat, Prompt::Attack { piece: *piece })
        }
        Frame::Duel { seat, piece, movement, dice, window } => {
            // Staying put is not a move for a duellist: it finishes with `done` instead.
            visit(d, s, *piece, *movement, *window, |p, cost| {
                if cost > 0 {
                    o.push(Choice::Move(p));
                }
            });
            if *dice > 0 {
                o.extend(targets(d, s, *piece).filter_map(|t| s.piece(t).pos).map(Choice::Target));
            }
            o.push(Choice::Done);
            (*seat, Prompt::Duel { piece: *piece, movement: *movement, dice: *dice })
        }
        Frame::DuelDice { seat, piece, target, max } => {
            o.extend((1..=*max).map(Choice::Dice));
            (*seat, Prompt::DuelDice { piece: *piece, target: *target })
        }
        _ => return None,
    };
    Some(Decision { seat, prompt, options: o })
}

impl Ctx<'_> {
    /// Start a units action.
    pub fn begin_units(&mut self, seat: Seat, card: CardId, index: u8, parts: &[(KindId, u8)]) {
        let left = parts.iter().copied().collect();
        self.s.stack.push(Frame::Units { seat, card, action: index, left, used: Default::default() });
    }

    pub fn apply_units(&mut self, choice: &Choice) {
        if let (Some(Frame::Units { .. }), Choice::Unit(pos)) = (self.s.stack.last(), choice) {
            self.activate(*pos);
            return;
        }
        // The remaining frames hold no lists: cloning the top one is cheap.
        let Some(top) = self.s.stack.last().cloned() else {
            return;
        };
        match (top, choice) {
            (Frame::Units { .. }, Choice::Done) => {
                self.s.stack.pop();
            }
            (Frame::Activation { piece, movement, window, .. }, Choice::Move(to)) => {
                self.walk(piece, movement, window, *to, false);
                if let Some(Frame::Activation { moved, .. }) = self.s.stack.last_mut() {
                    *moved = true;
                }
            }
            (Frame::Activation { .. }, Choice::Done) => {
                self.s.stack.pop();
            }
            (Frame::Activation { piece, .. }, Choice::Target(at)) => {
                self.s.stack.pop();
                self.attack_with_all(piece, *at);
            }
            (Frame::Duel { piece, movement, window, .. }, Choice::Move(to)) => {
                let cost = self.walk(piece, movement, window, *to, true);
                if let Some(Frame::Duel { movement: m, .. }) = self.s.stack.last_mut() {
                    *m = m.saturating_sub(cost);
                }
            }
            (Frame::Duel { .. }, Choice::Done) => {
                self.s.stack.pop();
            }
            (Frame::Duel { seat, piece, dice, .. }, Choice::Target(at)) => {
                let Some(target) = self.s.occupant(*at) else {
                    return;
                };
                let max = dice.min(DUEL_DICE_PER_ATTACK);
                self.s.stack.push(Frame::DuelDice { seat, piece, target, max });
            }
            (Frame::DuelDice { piece, target, .. }, Choice::Dice(n)) => self.duel_attack(piece, target, *n),
            _ => {}
        }
    }

    /// An activated unit attacks the piece at `at` with its attack dice, once per member of its group.
    fn attack_with_all(&mut self, piece: PieceId, at: super::pos::Pos) {
        let Some(target) = self.s.occupant(at) else {
            return;
        };
        let members = self.s.pieces[piece.index()].members;
        let per = &self.unit_of(piece).attack;
        let dice: AttackDice = (0..members).flat_map(|_| per.iter().copied()).collect();
        self.attack(piece, target, &dice);
    }

    /// A Jedi or Sith attacks with the `n` dice declared, spent from the duel's dice; killed by a riposte,
    /// its activation ends.
    fn duel_attack(&mut self, piece: PieceId, target: PieceId, n: u8) {
        self.s.stack.pop();
        if let Some(Frame::Duel { dice, .. }) = self.s.stack.last_mut() {
            *dice = dice.saturating_sub(n);
        }
        let per = &self.unit_of(piece).attack;
        let rolled: AttackDice = (0..usize::from(n)).map(|i| per[i % per.len().max(1)]).collect();
        self.attack(piece, target, &rolled);
        if !self.s.pieces[piece.index()].alive() {
            self.s.stack.pop();
        }
    }

    /// The units action's next unit starts: an activation (or a duel) is pushed above the action.
    fn activate(&mut self, pos: super::pos::Pos) {
        let Some(piece) = self.s.occupant(pos) else { return };
        let kind = self.s.pieces[piece.index()].kind;
        let Some(Frame::Units { seat, card, action: ai, left, used }) = self.s.stack.last_mut() else { return };
        if let Some((_, n)) = left.iter_mut().find(|(k, n)| *k == kind && *n > 0) {
            *n -= 1;
        }
        used.push(piece);
        let (seat, card, ai) = (*seat, *card, *ai);
        let d = self.d;
        let act = action(d, card, ai);
        let (window, twice) = match act {
            Some(Action::Units { window, attack_twice, .. }) => (*window, *attack_twice),
            _ => (false, false),
        };
        let movement = movement_for(d, self.s, piece, act);
        self.emit(EventKind::UnitActivated { piece, kind, at: pos });
        let u = d.unit(kind);
        if u.traits.duelist {
            let per = u.attack.len() as u8;
            let dice = if twice { per.saturating_mul(2) } else { per };
            self.s.stack.push(Frame::Duel { seat, piece, movement, dice, window });
        } else {
            self.s.stack.push(Frame::Activation { seat, piece, movement, window, moved: false });
        }
    }

    /// Move a piece along its shortest path to `to`; returns the movement points spent. `to` is one of
    /// the piece's options, checked before: when neither the cost (`counted`, a duel's) nor the path (the
    /// event's) is wanted, as in a playout's ordinary move, the piece goes there without a search.
    fn walk(&mut self, piece: PieceId, movement: u8, window: bool, to: super::pos::Pos, counted: bool) -> u8 {
        if !counted && !self.recording() {
            let moves = self.s.pieces[piece.index()].pos != Some(to);
            if moves {
                self.move_piece(piece, to);
            }
            return u8::from(moves);
        }
        let Some((cost, path)) = route(self.d, self.s, piece, movement, window, to) else { return 0 };
        if cost > 0 {
            self.move_piece(piece, to);
            let kind = self.s.pieces[piece.index()].kind;
            self.emit(EventKind::Moved { piece, kind, path });
        }
        cost
    }
}
