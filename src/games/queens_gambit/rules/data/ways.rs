//! Every step between two spaces, laid out flat for the movement search: per space its neighbours in the
//! order the rules list them (battlefield neighbours; palace steps, then window jumps, then the core door;
//! core spaces, then the door back), each with what a piece needs to take it. Built once with the maps,
//! so a search walks plain arrays instead of nested lists and branches.

use super::battlefield::{FieldMap, Zone};
use super::core::CoreMap;
use super::palace::PalaceMap;
use crate::games::queens_gambit::rules::pos::Pos;

/// Onto a battlefield hex that is not outside the shield (barred to units that stay out while it stands).
pub const INSIDE: u8 = 1;
/// A window-ledge jump between floors (Naboo, with the card that allows it).
pub const WINDOW: u8 = 2;
/// Through the generator core's door (a Jedi or Sith, once every enemy duellist is dead).
pub const DOOR: u8 = 4;
/// Between core spaces (a Jedi or Sith).
pub const DUELIST: u8 = 8;

/// One graph: node `n`'s steps are `to[start[n]..start[n + 1]]`, each needing `needs[i]`.
#[derive(Debug, Default)]
pub struct Graph {
    start: Vec<u32>,
    /// Every step: (neighbour, what it needs), side by side so a search reads one list.
    steps: Vec<(u16, u8)>,
    /// Each node's position, so a search names the spaces it finds without asking the maps.
    pos: Vec<Pos>,
}

impl Graph {
    fn of(nodes: usize, pos: impl Fn(usize) -> Pos, steps: impl Fn(usize, &mut Vec<(u16, u8)>)) -> Graph {
        let mut g = Graph { start: Vec::with_capacity(nodes + 1), ..Graph::default() };
        let mut buf = Vec::new();
        for n in 0..nodes {
            g.start.push(g.steps.len() as u32);
            g.pos.push(pos(n));
            buf.clear();
            steps(n, &mut buf);
            g.steps.extend_from_slice(&buf);
        }
        g.start.push(g.steps.len() as u32);
        g
    }

    /// The steps from node `n`: (neighbour, what it needs).
    pub fn from(&self, n: usize) -> &[(u16, u8)] {
        &self.steps[self.start[n] as usize..self.start[n + 1] as usize]
    }

    /// Where node `n` is.
    pub fn pos(&self, n: usize) -> Pos {
        self.pos[n]
    }
}

/// The battlefield's graph, and the palace's with the core's spaces numbered after the palace hexes.
#[derive(Debug, Default)]
pub struct Ways {
    pub field: Graph,
    pub palace: Graph,
}

impl Ways {
    pub fn of(field: &FieldMap, palace: &PalaceMap, core: &CoreMap) -> Ways {
        let field_graph = Graph::of(
            field.cells.len(),
            |n| field.pos(n),
            |n, out| {
                for &m in &field.neighbors[n] {
                    let inside = field.cells[usize::from(m)].zone != Zone::Outside;
                    out.push((m, if inside { INSIDE } else { 0 }));
                }
            },
        );
        let len = palace.cells.len();
        let at = |c: u8| (len + usize::from(c)) as u16;
        let node_pos = |n: usize| if n < len { palace.pos(n) } else { Pos::Core((n - len) as u8) };
        let palace_graph = Graph::of(len + usize::from(core.spaces), node_pos, |n, out| {
            if n < len {
                out.extend(palace.steps[n].iter().map(|m| (*m, 0)));
                out.extend(palace.windows[n].iter().map(|m| (*m, WINDOW)));
                if n == core.door_palace {
                    out.push((at(core.door_core), DOOR));
                }
            } else {
                let c = n - len;
                out.extend(core.adjacent[c].iter().map(|m| (at(*m), DUELIST)));
                if c == usize::from(core.door_core) {
                    out.push((core.door_palace as u16, DUELIST | DOOR));
                }
            }
        });
        Ways { field: field_graph, palace: palace_graph }
    }
}
