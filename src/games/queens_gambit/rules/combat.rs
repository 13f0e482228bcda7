//! Attacks: roll attack dice, the defender rolls its defence dice, each block cancels a hit, the rest is
//! damage. A group loses one figure per hit; a character moves up its damage track and dies at the red
//! space. A riposte face on the green die hits the attacker for 1, at any range, with no defence roll.
//! Deaths bring bonus cards, drop the shield (Fambaa) and reveal the real queen.

use super::ctx::Ctx;
use super::data::Colour;
use super::event::{DieRoll, EventKind};
use super::piece::{Gone, PieceId};
use super::side::Side;
use smallvec::SmallVec;

/// The dice of one side of an attack.
type Rolls = SmallVec<[DieRoll; 12]>;

/// The attack dice of one attack.
pub type AttackDice = SmallVec<[Colour; 12]>;

impl Ctx<'_> {
    /// Resolve one attack with the given attack dice.
    pub fn attack(&mut self, attacker: PieceId, target: PieceId, dice: &[Colour]) {
        let (Some(from), Some(at)) = (self.pos_of(attacker), self.pos_of(target)) else {
            return;
        };
        let (ua, ut) = (self.unit_of(attacker), self.unit_of(target));
        // Rolled into inline lists: a playout keeps no event, so it needs no list of its own.
        let attack: Rolls = dice.iter().map(|c| DieRoll { colour: *c, face: self.roll(*c) }).collect();
        let members = self.s.pieces[target.index()].members;
        let mut defence = Rolls::new();
        for _ in 0..members {
            for c in &ut.defence {
                defence.push(DieRoll { colour: *c, face: self.roll(*c) });
            }
        }
        let hits: u8 = attack.iter().map(|r| r.face.value).sum();
        let blocks: u8 = defence.iter().filter(|r| !r.face.riposte).map(|r| r.face.value).sum();
        let riposte = defence.iter().filter(|r| r.face.riposte).count() as u8;
        if self.recording() {
            self.emit(EventKind::Attacked {
                attacker,
                attacker_kind: self.s.pieces[attacker.index()].kind,
                from,
                target,
                target_kind: self.s.pieces[target.index()].kind,
                at,
                attack: attack.into_vec(),
                defence: defence.into_vec(),
                hits,
                blocks,
                riposte,
            });
        }
        let damage = hits.saturating_sub(blocks);
        if damage > 0 {
            self.damage(target, damage, ua.side);
        }
        if riposte > 0 && self.s.pieces[attacker.index()].alive() {
            let kind = self.s.pieces[attacker.index()].kind;
            self.emit(EventKind::Riposte { piece: attacker, kind, amount: riposte });
            self.damage(attacker, riposte, ut.side);
        }
    }

    /// Apply damage to a piece on behalf of `by`.
    pub fn damage(&mut self, id: PieceId, amount: u8, by: Side) {
        let Some(at) = self.pos_of(id) else { return };
        let u = self.unit_of(id);
        let kind = self.s.pieces[id.index()].kind;
        let figure = u.figure.index();
        // `amount` in the event: hits for a character with a damage track, figures lost for a group.
        let (dead, amount) = {
            let p = &mut self.s.pieces[id.index()];
            if u.has_track() {
                p.damage = p.damage.saturating_add(amount);
                (p.damage >= u.dies_at, amount)
            } else {
                let lost = amount.min(p.members);
                p.members -= lost;
                self.s.destroyed[figure] += u16::from(lost);
                (p.members == 0, lost)
            }
        };
        let p = &self.s.pieces[id.index()];
        self.emit(EventKind::Damaged { piece: id, kind, at, amount, damage: p.damage, members: p.members });
        if dead {
            self.kill(id, by);
        }
    }

    /// A piece dies: off the board, and whatever its death sets off.
    fn kill(&mut self, id: PieceId, by: Side) {
        let Some(at) = self.pos_of(id) else { return };
        let u = self.unit_of(id);
        let kind = self.s.pieces[id.index()].kind;
        if u.has_track() {
            self.s.destroyed[u.figure.index()] += 1;
        }
        self.remove_piece(id, Gone::Destroyed);
        self.emit(EventKind::Destroyed { piece: id, kind, at });
        if u.traits.shield_generator && self.s.shield_up {
            self.s.shield_up = false;
            self.emit(EventKind::ShieldDown);
        }
        if u.traits.queen
            && let Some(real) = self.s.real_queen
        {
            if !self.s.queen_revealed {
                self.s.queen_revealed = true;
                let real_kind = self.s.pieces[real.index()].kind;
                self.emit(EventKind::QueenRevealed { real, kind: real_kind });
            }
            if real == id && !self.s.guards_slowed {
                self.s.guards_slowed = true;
                self.emit(EventKind::GuardsSlowed);
            }
        }
        if u.bonus > 0 {
            self.emit(EventKind::BonusEarned { side: by, count: u.bonus });
            match self.earned.iter_mut().find(|(s, _)| *s == by) {
                Some((_, n)) => *n = n.saturating_add(u.bonus),
                None => self.earned.push((by, u.bonus)),
            }
        }
    }
}
