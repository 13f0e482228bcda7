//! Who a unit may attack from where it stands.
//!
//! Battlefield: range 1 is adjacent; range 2 also reaches two hexes away when a hex next to both is empty
//! (the reconstruction's reading of "the first of the two spaces must be empty"); range 3 fires over pieces
//! but never through a half space. While the shield stands, attacker and target must be on the same side of
//! it, shield-line hexes counting as both.
//! Palace: line of sight on one level, the two ends of a staircase, or the two hexes either side of a door
//! (including the generator-core door). Jedi and Sith attack only adjacent spaces. Viceroys cannot be
//! attacked. Nobody attacks a friendly unit.

use super::data::{Data, Range, Zone};
use super::piece::PieceId;
use super::pos::Pos;
use super::state::State;

fn same_side_of_shield(a: Zone, b: Zone) -> bool {
    a == Zone::Line || b == Zone::Line || a == b
}

/// Whether `attacker`, standing where it is, may attack `target`.
pub fn can_attack(d: &Data, s: &State, attacker: PieceId, target: PieceId) -> bool {
    let (a, t) = (s.piece(attacker), s.piece(target));
    let (ua, ut) = (d.unit(a.kind), d.unit(t.kind));
    let (Some(pa), Some(pt)) = (a.pos, t.pos) else {
        return false;
    };
    if ua.side == ut.side || ut.traits.untouchable || ua.attack.is_empty() {
        return false;
    }
    match (pa, pt) {
        (Pos::Field { .. }, Pos::Field { .. }) => {
            let (Some(i), Some(j)) = (d.field.index_of(pa), d.field.index_of(pt)) else {
                return false;
            };
            field_reach(d, s, ua.range, i, j)
        }
        (Pos::Field { .. }, _) | (_, Pos::Field { .. }) => false,
        _ => palace_reach(d, s, ua.range, pa, pt),
    }
}

fn field_reach(d: &Data, s: &State, range: Range, a: usize, b: usize) -> bool {
    let f = &d.field;
    if s.shield_up && !same_side_of_shield(f.cells[a].zone, f.cells[b].zone) {
        return false;
    }
    let dist = f.distance(a, b);
    match range {
        Range::Hexes(1) => dist == 1,
        Range::Hexes(2) => {
            dist == 1
                || (dist == 2
                    && f.neighbors[a]
                        .iter()
                        .any(|m| f.neighbors[b].contains(m) && s.board.field[usize::from(*m)].is_none()))
        }
        Range::Hexes(r) => dist >= 1 && dist <= u32::from(r) && f.clear_of_half_spaces(s.rules.sight(), a, b),
        Range::Sight | Range::None => false,
    }
}

fn palace_reach(d: &Data, s: &State, range: Range, a: Pos, b: Pos) -> bool {
    let door = (Pos::Core(d.core.door_core), d.palace.pos(d.core.door_palace));
    let across_core_door = (a, b) == door || (b, a) == door;
    match range {
        Range::Hexes(1) => {
            if across_core_door {
                return true;
            }
            match (a, b) {
                (Pos::Core(x), Pos::Core(y)) => d.core.adjacent[usize::from(x)].contains(&y),
                (Pos::Palace { .. }, Pos::Palace { .. }) => {
                    let (Some(i), Some(j)) = (d.palace.index_of(a), d.palace.index_of(b)) else {
                        return false;
                    };
                    d.palace.steps[i].contains(&(j as u16))
                }
                _ => false,
            }
        }
        Range::Sight => {
            if across_core_door {
                return true;
            }
            let (Some(i), Some(j)) = (d.palace.index_of(a), d.palace.index_of(b)) else {
                return false;
            };
            if d.palace.stair[i] == Some(j as u16) {
                return true;
            }
            d.palace.sees(s.rules.sight(), i, j, |c: usize| s.board.palace[c].is_some())
        }
        _ => false,
    }
}

/// Every enemy `attacker` may attack now, in piece order.
pub fn targets<'a>(d: &'a Data, s: &'a State, attacker: PieceId) -> impl Iterator<Item = PieceId> + 'a {
    let a = s.piece(attacker);
    let ua = d.unit(a.kind);
    let from = a.pos.filter(|_| !ua.attack.is_empty());
    // The common palace case, with the attacker's hex looked up once (`Some(None)`: a hex off the map).
    let sight_from = match (ua.range, from) {
        (Range::Sight, Some(p @ Pos::Palace { .. })) => Some(d.palace.index_of(p)),
        _ => None,
    };
    let door = sight_from.flatten().filter(|i| *i == d.core.door_palace).map(|_| Pos::Core(d.core.door_core));
    let occupied = |c: usize| s.board.palace[c].is_some();
    let reading = s.rules.sight();
    let field_from = s.board.node(attacker).filter(|_| from.is_some_and(|p| p.is_field()));
    // Only the enemies on the attacker's board (battlefield, or palace and core) can be in reach.
    let enemies = match from {
        Some(p) => s.board.team(ua.side.other(), p.is_field()),
        None => &[],
    };
    enemies.iter().copied().filter(move |&id| {
        let t = s.piece(id);
        let Some(p) = t.pos else { return false };
        if d.unit(t.kind).traits.untouchable {
            return false;
        }
        match (sight_from, p) {
            (Some(None), _) => false,
            (Some(Some(i)), Pos::Palace { .. }) => s
                .board
                .node(id)
                .is_some_and(|j| d.palace.stair[i] == Some(j as u16) || d.palace.sees(reading, i, j, occupied)),
            (Some(Some(_)), _) => Some(p) == door,
            (None, Pos::Field { .. }) => match (field_from, s.board.node(id)) {
                (Some(i), Some(j)) => field_reach(d, s, ua.range, i, j),
                _ => false,
            },
            (None, _) => can_attack(d, s, attacker, id),
        }
    })
}
