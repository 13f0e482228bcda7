//! Trade Federation reinforcements.
//!
//! Droids to the palace: one whole battlefield group leaves the field; its droids arrive one per empty
//! staging-zone hex as palace units; droids that find no empty hex are out of play.
//! Activating droids: new groups of previously destroyed droids appear on empty hexes next to MTTs, each
//! next to a different MTT; a short group is allowed when too few figures are off the board.

use super::ctx::Ctx;
use super::data::{Data, KindId};
use super::decision::{Choice, Decision, Prompt};
use super::event::EventKind;
use super::piece::{Gone, PieceId};
use super::pos::Pos;
use super::side::{Seat, Side};
use super::state::{Frame, State};

/// Battlefield groups that can go to the palace.
fn travelling_groups(d: &Data, s: &State) -> Vec<PieceId> {
    s.living()
        .filter(|(_, p)| d.unit(p.kind).becomes.is_some() && p.pos.is_some_and(|q| q.is_field()))
        .map(|(id, _)| id)
        .collect()
}

fn free_staging(d: &Data, s: &State) -> Vec<Pos> {
    d.palace
        .staging
        .iter()
        .map(|i| usize::from(*i))
        .filter(|i| s.board.palace[*i].is_none())
        .map(|i| d.palace.pos(i))
        .collect()
}

/// Kinds of droid group that can be activated now, with the figures available for each.
fn activatable(d: &Data, s: &State) -> Vec<(KindId, u8)> {
    d.units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.side == Side::Tf && u.battlefield && u.traits.droid && u.is_group())
        .filter_map(|(i, u)| {
            let n = s.destroyed[u.figure.index()].min(u16::from(u.members)) as u8;
            (n > 0).then_some((KindId(i as u8), n))
        })
        .collect()
}

fn mtts(d: &Data, s: &State) -> Vec<usize> {
    s.living()
        .filter(|(_, p)| d.unit(p.kind).traits.deploys_droids)
        .filter_map(|(_, p)| p.pos.and_then(|q| d.field.index_of(q)))
        .collect()
}

/// Whether the chosen hexes can each be given a different MTT they touch.
fn distinct_mtts(d: &Data, hexes: &[usize], mtts: &[usize], taken: &mut Vec<usize>) -> bool {
    let Some((&h, rest)) = hexes.split_first() else {
        return true;
    };
    for &m in mtts {
        if !taken.contains(&m) && d.field.distance(h, m) == 1 {
            taken.push(m);
            if distinct_mtts(d, rest, mtts, taken) {
                return true;
            }
            taken.pop();
        }
    }
    false
}

/// Empty hexes where the next new group may appear.
fn activation_hexes(d: &Data, s: &State, chosen: &[Pos]) -> Vec<Pos> {
    if activatable(d, s).is_empty() {
        return Vec::new();
    }
    let ms = mtts(d, s);
    // Only the (in-play) neighbours of an MTT can take a group: mark them, then keep the map's order.
    let mut near = vec![false; d.field.cells.len()];
    for &m in &ms {
        for &c in &d.field.neighbors[m] {
            near[usize::from(c)] = true;
        }
    }
    let mut all: Vec<usize> = chosen.iter().filter_map(|p| d.field.index_of(*p)).collect();
    let (mut out, mut taken) = (Vec::new(), Vec::new());
    for c in (0..near.len()).filter(|c| near[*c] && s.board.field[*c].is_none()) {
        all.push(c);
        taken.clear();
        if distinct_mtts(d, &all, &ms, &mut taken) {
            out.push(d.field.pos(c));
        }
        all.pop();
    }
    out
}

/// The reinforcements' question, its options written into `o` (an empty list to reuse).
pub fn droids_decision(d: &Data, s: &State, frame: &Frame, mut o: Vec<Choice>) -> Option<Decision> {
    let (seat, prompt) = match frame {
        Frame::ToPalaceGroup { seat } => {
            o.extend(travelling_groups(d, s).iter().filter_map(|id| s.piece(*id).pos).map(Choice::Unit));
            o.push(Choice::Done);
            (*seat, Prompt::ToPalaceGroup)
        }
        Frame::ToPalacePlace { seat, left, .. } => {
            o.extend(free_staging(d, s).into_iter().map(Choice::Place));
            (*seat, Prompt::StagingHex { left: *left })
        }
        Frame::Activate { seat, left, chosen } => {
            o.extend(activation_hexes(d, s, chosen).into_iter().map(Choice::Place));
            o.push(Choice::Done);
            (*seat, Prompt::ActivateHex { left: *left })
        }
        Frame::ActivateKind { seat, at, .. } => {
            o.extend(activatable(d, s).into_iter().map(|(k, _)| Choice::Kind(k)));
            (*seat, Prompt::ActivateKind { at: *at })
        }
        _ => return None,
    };
    Some(Decision { seat, prompt, options: o })
}

impl Ctx<'_> {
    pub fn begin_to_palace(&mut self, seat: Seat) {
        self.s.stack.push(Frame::ToPalaceGroup { seat });
    }

    pub fn begin_activate(&mut self, seat: Seat, groups: u8) {
        // Say why nothing happens rather than skip the action in silence.
        let why = if activatable(self.d, self.s).is_empty() {
            Some("no destroyed droids are left to bring back")
        } else if mtts(self.d, self.s).is_empty() {
            Some("the Trade Federation has no MTT on the battlefield")
        } else if activation_hexes(self.d, self.s, &[]).is_empty() {
            Some("every hex next to an MTT is taken")
        } else {
            None
        };
        if let Some(why) = why {
            self.emit(EventKind::NoEffect { why: format!("no droids can be activated ({why})") });
            return;
        }
        self.s.stack.push(Frame::Activate { seat, left: groups, chosen: Vec::new() });
    }

    /// The group at `from` leaves the battlefield for the palace's staging zone: placed one by one, or all
    /// at once when there is no choice (every empty hex fills; the rest find no room and leave play).
    fn send_to_palace(&mut self, seat: Seat, from: Pos) {
        let Some(group) = self.s.occupant(from) else {
            return;
        };
        let kind = self.s.pieces[group.index()].kind;
        let Some(becomes) = self.d.unit(kind).becomes else {
            return;
        };
        let members = self.s.pieces[group.index()].members;
        self.remove_piece(group, Gone::Transferred);
        let free = free_staging(self.d, self.s);
        if usize::from(members) >= free.len() {
            for p in &free {
                self.add_piece(becomes, *p, 1);
            }
            let lost = members - free.len() as u8;
            let fig = self.d.unit(kind).figure.index();
            self.s.retired[fig] += u16::from(lost);
            self.emit(EventKind::DroidsToPalace { group, kind, from, placed: free, lost });
        } else {
            self.emit(EventKind::DroidsToPalace { group, kind, from, placed: Vec::new(), lost: 0 });
            self.s.stack.push(Frame::ToPalacePlace { seat, kind: becomes, left: members });
        }
    }

    pub fn apply_droids(&mut self, choice: &Choice) {
        let Some(top) = self.s.stack.last().cloned() else {
            return;
        };
        match (top, choice) {
            (Frame::ToPalaceGroup { .. } | Frame::Activate { .. }, Choice::Done) => {
                self.s.stack.pop();
            }
            (Frame::ToPalaceGroup { seat }, Choice::Unit(from)) => {
                self.s.stack.pop();
                self.send_to_palace(seat, *from);
            }
            (Frame::ToPalacePlace { kind, left, .. }, Choice::Place(at)) => {
                let piece = self.add_piece(kind, *at, 1);
                self.emit(EventKind::DroidArrived { piece, kind, at: *at });
                if left <= 1 {
                    self.s.stack.pop();
                } else if let Some(Frame::ToPalacePlace { left: l, .. }) = self.s.stack.last_mut() {
                    *l = left - 1;
                }
            }
            (Frame::Activate { seat, left, chosen }, Choice::Place(at)) => {
                self.s.stack.pop();
                self.s.stack.push(Frame::ActivateKind { seat, left, chosen, at: *at });
            }
            (Frame::ActivateKind { seat, left, mut chosen, at }, Choice::Kind(kind)) => {
                self.s.stack.pop();
                let u = self.d.unit(*kind);
                let fig = u.figure.index();
                let members = self.s.destroyed[fig].min(u16::from(u.members)) as u8;
                self.s.destroyed[fig] -= u16::from(members);
                let piece = self.add_piece(*kind, at, members);
                self.emit(EventKind::DroidsActivated { piece, kind: *kind, at, members });
                chosen.push(at);
                if left > 1 {
                    self.s.stack.push(Frame::Activate { seat, left: left - 1, chosen });
                }
            }
            _ => {}
        }
    }
}
