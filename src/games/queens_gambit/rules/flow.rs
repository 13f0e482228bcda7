//! The engine's loop: what is pending, applying a choice, and running every step that needs nobody's
//! decision until the next decision (or the end of the game).

use super::ctx::Ctx;
use super::data::{Action, Data, DeckId};
use super::decision::{Choice, Decision, Prompt, Spare};
use super::event::EventKind;
use super::side::{Role, Seat, Side};
use super::state::{Frame, Phase, State};
use super::{activation, droids, round, space, victory};

/// The decision a frame of the stack asks for, its options written into `o` (an empty list to reuse).
fn frame_decision_in(d: &Data, s: &State, frame: &Frame, mut o: Vec<Choice>) -> Option<Decision> {
    match frame {
        Frame::Card { seat, card } => {
            o.extend((0..d.card(*card).actions.len() as u8).map(Choice::Action));
            Some(Decision { seat: *seat, prompt: Prompt::ChooseAction { card: *card }, options: o })
        }
        Frame::Bonus { side, count } => {
            o.extend((0..=*count).map(Choice::Bonus));
            Some(Decision {
                seat: Seat::of(s.mode, *side, Role::Field),
                prompt: Prompt::BonusDecks { count: *count },
                options: o,
            })
        }
        Frame::Units { .. } | Frame::Activation { .. } | Frame::Duel { .. } | Frame::DuelDice { .. } => {
            activation::units_decision(d, s, frame, o)
        }
        Frame::Anakin { .. } | Frame::PlaceStarfighter { .. } => space::space_decision(d, s, frame, o),
        Frame::ToPalaceGroup { .. }
        | Frame::ToPalacePlace { .. }
        | Frame::Activate { .. }
        | Frame::ActivateKind { .. } => droids::droids_decision(d, s, frame, o),
        Frame::DrawAndPlay { .. } => None,
    }
}

/// Every decision the game is waiting for (several during planning, at most one otherwise).
pub fn pending(d: &Data, s: &State) -> Vec<Decision> {
    let mut out = Vec::new();
    pending_into(d, s, &mut out, &mut Spare::default());
    out
}

/// `pending`, added to `out`, with option lists taken from `spare`.
fn pending_into(d: &Data, s: &State, out: &mut Vec<Decision>, spare: &mut Spare) {
    match s.phase {
        Phase::Over => {}
        Phase::Planning => out.extend(Seat::all(s.mode).filter_map(|seat| round::planning_decision(d, s, seat, spare))),
        Phase::Resolving => out.extend(s.stack.last().and_then(|f| frame_decision_in(d, s, f, spare.take()))),
    }
}

/// The seat that runs the units of an action: in the 4-player game, the teammate whose battle it is.
fn controller(d: &Data, s: &State, player: Seat, a: &Action) -> Seat {
    let role = match a {
        Action::Units { parts, .. } => match parts.first() {
            Some((k, _)) if !d.unit(*k).battlefield => Role::Palace,
            _ => Role::Field,
        },
        Action::Recover { .. } => Role::Palace,
        Action::DrawAndPlay { .. } => return player,
        _ => Role::Field,
    };
    Seat::of(s.mode, player.side(), role)
}

impl Ctx<'_> {
    /// Apply a choice already checked against the options.
    pub fn apply(&mut self, seat: Seat, choice: &Choice) {
        if self.s.phase == Phase::Planning {
            self.apply_planning(seat, choice);
            return;
        }
        match self.s.stack.last() {
            Some(&Frame::Card { seat: player, card }) => {
                let Choice::Action(i) = choice else { return };
                self.s.stack.pop();
                self.emit(EventKind::ActionChosen { seat: player, card, action: *i });
                let d = self.d;
                let Some(a) = d.card(card).actions.get(usize::from(*i)) else {
                    return;
                };
                let who = controller(d, self.s, player, a);
                match a {
                    Action::Units { parts, .. } => self.begin_units(who, card, *i, parts),
                    Action::Anakin => self.begin_anakin(),
                    Action::Starfighter => self.begin_starfighter(who),
                    Action::DrawAndPlay { deck, times } => {
                        let deck = DeckId::of(player.side(), *deck);
                        self.s.stack.push(Frame::DrawAndPlay { seat: player, deck, left: *times });
                    }
                    Action::DroidsToPalace => self.begin_to_palace(who),
                    Action::ActivateDroids { groups } => self.begin_activate(who, *groups),
                    Action::Recover { kind, amount } => self.recover(*kind, *amount),
                }
            }
            Some(&Frame::Bonus { side, count }) => {
                let Choice::Bonus(from_field) = choice else { return };
                self.s.stack.pop();
                self.draw_bonus(side, *from_field, count - from_field);
            }
            Some(Frame::Units { .. } | Frame::Activation { .. } | Frame::Duel { .. } | Frame::DuelDice { .. }) => {
                self.apply_units(choice)
            }
            Some(Frame::Anakin { .. } | Frame::PlaceStarfighter { .. }) => self.apply_space(choice),
            Some(
                Frame::ToPalaceGroup { .. }
                | Frame::ToPalacePlace { .. }
                | Frame::Activate { .. }
                | Frame::ActivateKind { .. },
            ) => self.apply_droids(choice),
            Some(Frame::DrawAndPlay { .. }) | None => {}
        }
    }

    fn recover(&mut self, kind: super::data::KindId, amount: u8) {
        let found = self.living().find(|(_, p)| p.kind == kind).map(|(id, p)| (id, p.damage));
        match found {
            Some((piece, damage)) => {
                let healed = damage.min(amount);
                self.s.pieces[piece.index()].damage -= healed;
                self.emit(EventKind::Recovered { piece, kind, amount: healed, damage: damage - healed });
            }
            None if self.recording() => {
                self.emit(EventKind::NoEffect { why: format!("{} is dead", self.d.unit(kind).name) })
            }
            None => {}
        }
    }

    /// Draw bonus cards face down for next round: `field` from the Battlefield deck, `palace` from the other.
    fn draw_bonus(&mut self, side: Side, field: u8, palace: u8) {
        let mut got = (0, 0);
        for (kind, n, count) in [
            (super::data::DeckKind::Battlefield, field, &mut got.0),
            (super::data::DeckKind::Palace, palace, &mut got.1),
        ] {
            for _ in 0..n {
                if let Some(c) = self.draw(DeckId::of(side, kind)) {
                    self.s.bonus[side].push(c);
                    *count += 1;
                }
            }
        }
        self.emit(EventKind::BonusDrawn { side, battlefield: got.0, palace: got.1 });
    }

    /// Offer the bonus cards earned during the last step.
    fn flush_bonus(&mut self) {
        for (side, count) in std::mem::take(&mut self.earned) {
            self.s.stack.push(Frame::Bonus { side, count });
        }
    }

    /// One step that needs no decision. `Err` when the game waits (with the decision, if it was computed).
    fn step(&mut self) -> Result<(), Option<Decision>> {
        match self.s.phase {
            Phase::Over => Err(None),
            Phase::Planning => {
                let all_locked = self.s.seats.iter().all(|s| s.locked) && self.s.real_queen.is_some();
                if !all_locked {
                    return Err(None);
                }
                self.start_reveal();
                Ok(())
            }
            Phase::Resolving => self.step_resolving(),
        }
    }

    /// One automatic step while cards resolve: finish a card and reveal the next, play a drawn card,
    /// move Anakin, or ask the top frame's question (answering it at once when it has one answer).
    fn step_resolving(&mut self) -> Result<(), Option<Decision>> {
        let (draw, anakin) = match self.s.stack.last() {
            None => {
                if let (Some(seat), Some(card)) = (self.s.turn, self.s.playing.take()) {
                    self.emit(EventKind::CardFinished { seat, card });
                }
                if !self.reveal_next() {
                    self.end_round();
                }
                return Ok(());
            }
            Some(Frame::DrawAndPlay { seat, deck, left }) => (Some((*seat, *deck, *left)), false),
            Some(Frame::Anakin { .. }) => (None, true),
            Some(_) => (None, false),
        };
        match draw {
            Some((seat, deck, left)) => {
                self.draw_and_play(seat, deck, left);
                Ok(())
            }
            None if anakin && self.step_anakin() => Ok(()),
            _ => self.ask_top(),
        }
    }

    /// The next card of a "draw and play" effect (`left` still to draw): drawn, discarded and played.
    fn draw_and_play(&mut self, seat: Seat, deck: DeckId, left: u8) {
        if left == 0 {
            self.s.stack.pop();
            return;
        }
        if let Some(Frame::DrawAndPlay { left: l, .. }) = self.s.stack.last_mut() {
            *l -= 1;
        }
        match self.draw(deck) {
            Some(card) => {
                self.discard(card);
                self.emit(EventKind::CardDrawnToPlay { seat, card });
                self.s.stack.push(Frame::Card { seat, card });
            }
            None => self.emit(EventKind::NoEffect { why: "the deck is empty".into() }),
        }
    }

    /// The question of the frame on top: waited for, answered at once when it has one answer, or dropped
    /// when nothing is possible.
    fn ask_top(&mut self) -> Result<(), Option<Decision>> {
        let o = self.spare.take();
        match self.s.stack.last().and_then(|top| frame_decision_in(self.d, self.s, top, o)) {
            // A question with a single answer is answered at once (a units action with nobody left to
            // activate, a unit with nowhere to go and nothing to attack...).
            Some(dec) if dec.options.len() == 1 => {
                let only = &dec.options[0];
                if self.recording() {
                    self.emit(EventKind::OnlyChoice { seat: dec.seat, answer: only.text(self.d) });
                }
                self.apply(dec.seat, only);
                self.spare.keep(dec.options);
                Ok(())
            }
            Some(dec) if dec.options.is_empty() => {
                // Nothing is possible (no staging hex left...): the step ends.
                self.s.stack.pop();
                self.spare.keep(dec.options);
                Ok(())
            }
            Some(dec) => Err(Some(dec)),
            None => {
                self.s.stack.pop();
                Ok(())
            }
        }
    }

    /// After a choice: check for a winner, then run every automatic step until a decision is needed.
    /// What the game now waits for goes into `out` (empty).
    pub fn advance(&mut self, out: &mut Vec<Decision>) {
        loop {
            self.flush_bonus();
            if self.changed && self.s.phase != Phase::Over {
                self.changed = false;
                if let Some(outcome) = victory::check(self.d, self.s) {
                    self.s.outcome = Some(outcome);
                    self.s.phase = Phase::Over;
                    self.s.stack.clear();
                    self.emit(EventKind::GameOver { winner: outcome.winner, reason: outcome.reason });
                }
            }
            if self.forced_error.is_some() {
                return;
            }
            match self.step() {
                Ok(()) => {}
                Err(Some(dec)) => return out.push(dec),
                Err(None) => return pending_into(self.d, self.s, out, &mut self.spare),
            }
        }
    }
}
