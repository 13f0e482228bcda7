//! The Droid Control Ship battle: Anakin flies one grid per Anakin card, past any Starfighter cards first.
//!
//! For each layer (the top Starfighter card on the grid, down to the printed grid): the Trade Federation
//! rolls the gray dice shown and puts one blocking die on an empty slot per hit; Anakin rolls 2d6. A blocked
//! sum ends the attempt (a card stays). Passing a card removes it from the game and the next layer is tried
//! at once; passing the printed grid moves Anakin one space and ends the attempt. Reaching the Control Ship
//! shuts down every droid.

use super::ctx::Ctx;
use super::data::{Colour, Data};
use super::decision::{Choice, Decision, Prompt};
use super::event::{AnakinRoll, DieRoll, EventKind};
use super::piece::Gone;
use super::side::{Role, Seat, Side};
use super::state::{AnakinStage, Frame, State};

/// The layer Anakin must get through on this grid: the top Starfighter card, or the printed grid.
pub fn layer(s: &State, grid: u8) -> Option<u8> {
    s.space.grids.get(usize::from(grid)).and_then(|g| g.last().copied())
}

/// Slots blocked on the current layer: printed Starfighters and gray dice placed this attempt.
pub fn blocked_slots(d: &Data, s: &State, grid: u8) -> Vec<u8> {
    let printed = match layer(s, grid) {
        Some(card) => &d.space.starfighters[usize::from(card)].blocked,
        None => &d.space.grids[usize::from(grid)].blocked,
    };
    let mut v: Vec<u8> = printed.iter().chain(&s.space.blocked).copied().collect();
    v.sort_unstable();
    v
}

pub fn open_slots(d: &Data, s: &State, grid: u8) -> Vec<u8> {
    let blocked = blocked_slots(d, s, grid);
    (2..=12).filter(|n| !blocked.contains(n)).collect()
}

/// The space battle's question, its options written into `options` (an empty list to reuse).
pub fn space_decision(d: &Data, s: &State, frame: &Frame, mut options: Vec<Choice>) -> Option<Decision> {
    match frame {
        Frame::Anakin { grid, stage: AnakinStage::Block { left } } => {
            options.extend(open_slots(d, s, *grid).into_iter().map(Choice::Block));
            Some(Decision {
                seat: Seat::of(s.mode, Side::Tf, Role::Field),
                prompt: Prompt::Block { grid: *grid, starfighter: layer(s, *grid), left: *left },
                options,
            })
        }
        Frame::PlaceStarfighter { seat, starfighter } => {
            options.extend((s.space.anakin..d.space.control_ship()).map(Choice::Grid));
            Some(Decision { seat: *seat, prompt: Prompt::PlaceStarfighter { starfighter: *starfighter }, options })
        }
        _ => None,
    }
}

impl Ctx<'_> {
    pub fn begin_anakin(&mut self) {
        let grid = self.s.space.anakin;
        if grid >= self.d.space.control_ship() {
            self.emit(EventKind::NoEffect { why: "Anakin has already reached the Control Ship".into() });
            return;
        }
        self.s.stack.push(Frame::Anakin { grid, stage: AnakinStage::Defend });
    }

    pub fn begin_starfighter(&mut self, seat: Seat) {
        if self.s.space.anakin >= self.d.space.control_ship() {
            self.emit(EventKind::NoEffect { why: "Anakin has already reached the Control Ship".into() });
            return;
        }
        match self.s.space.deck.pop() {
            None => self.emit(EventKind::NoEffect { why: "no Starfighter cards are left".into() }),
            Some(card) => {
                self.emit(EventKind::StarfighterDrawn { starfighter: card });
                self.s.stack.push(Frame::PlaceStarfighter { seat, starfighter: card });
            }
        }
    }

    pub fn apply_space(&mut self, choice: &Choice) {
        match (self.s.stack.last().cloned(), choice) {
            (Some(Frame::PlaceStarfighter { starfighter, .. }), Choice::Grid(g)) => {
                self.s.stack.pop();
                self.s.space.grids[usize::from(*g)].push(starfighter);
                self.emit(EventKind::StarfighterPlaced { starfighter, grid: *g });
            }
            (Some(Frame::Anakin { grid, stage: AnakinStage::Block { left } }), Choice::Block(slot)) => {
                self.s.space.blocked.push(*slot);
                self.emit(EventKind::SlotBlocked { grid, slot: *slot });
                let left = left - 1;
                let stage = if left == 0 || open_slots(self.d, self.s, grid).is_empty() {
                    AnakinStage::Fly
                } else {
                    AnakinStage::Block { left }
                };
                if let Some(Frame::Anakin { stage: st, .. }) = self.s.stack.last_mut() {
                    *st = stage;
                }
            }
            _ => {}
        }
    }

    /// The steps of an attempt that need nobody's decision. Returns false if the top frame is not one.
    pub fn step_anakin(&mut self) -> bool {
        let Some(Frame::Anakin { grid, stage }) = self.s.stack.last().cloned() else {
            return false;
        };
        match stage {
            AnakinStage::Block { .. } => false,
            AnakinStage::Defend => {
                self.s.space.blocked.clear();
                let card = layer(self.s, grid);
                let n = match card {
                    Some(c) => self.d.space.starfighters[usize::from(c)].dice,
                    None => self.d.space.grids[usize::from(grid)].dice,
                };
                let rolls: Vec<DieRoll> =
                    (0..n).map(|_| DieRoll { colour: Colour::Gray, face: self.roll(Colour::Gray) }).collect();
                let hits: u8 = rolls.iter().map(|r| r.face.value).sum();
                self.emit(EventKind::SpaceDefence { grid, starfighter: card, rolls, hits });
                let open = open_slots(self.d, self.s, grid).len() as u8;
                let left = hits.min(open);
                let stage = if left > 0 { AnakinStage::Block { left } } else { AnakinStage::Fly };
                if let Some(Frame::Anakin { stage: st, .. }) = self.s.stack.last_mut() {
                    *st = stage;
                }
                true
            }
            AnakinStage::Fly => {
                let dice = [self.roll_d6(), self.roll_d6()];
                let sum = dice[0] + dice[1];
                let card = layer(self.s, grid);
                let passed = !blocked_slots(self.d, self.s, grid).contains(&sum);
                self.emit(EventKind::AnakinRolled { grid, starfighter: card, roll: AnakinRoll { dice, sum }, passed });
                if !passed {
                    self.s.stack.pop();
                    return true;
                }
                match card {
                    Some(c) => {
                        self.s.space.grids[usize::from(grid)].pop();
                        self.s.space.gone.push(c);
                        self.emit(EventKind::StarfighterPassed { starfighter: c });
                        if let Some(Frame::Anakin { stage: st, .. }) = self.s.stack.last_mut() {
                            *st = AnakinStage::Defend;
                        }
                    }
                    None => {
                        self.s.stack.pop();
                        self.s.space.anakin += 1;
                        self.changed = true;
                        self.s.space.blocked.clear();
                        self.emit(EventKind::AnakinAdvanced { space: self.s.space.anakin });
                        if self.s.space.anakin >= self.d.space.control_ship() {
                            self.destroy_control_ship();
                        }
                    }
                }
                true
            }
        }
    }

    /// Every droid leaves the game; the viceroys and Darth Maul remain.
    fn destroy_control_ship(&mut self) {
        let droids: Vec<_> =
            self.living().filter(|(_, p)| self.d.unit(p.kind).traits.droid).map(|(id, p)| (id, p.members)).collect();
        let figures: u16 = droids.iter().map(|(_, m)| u16::from(*m)).sum();
        for (id, _) in droids {
            self.remove_piece(id, Gone::ShutDown);
        }
        self.emit(EventKind::ControlShipDestroyed { droids: figures });
    }
}
