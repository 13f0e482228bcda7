//! Every step between two spaces, laid out flat for the movement search: per space its neighbours in the
//! order the rules list them (battlefield neighbours; palace steps, then window jumps, then the core door;
//! core spaces, then the door back), each with what a piece needs to take it. Built once with the maps,
//! so a search walks plain arrays instead of nested lists and branches.

use super::battlefield::{FieldMap, Zone};
use super::core::CoreMap;
use super::palace::PalaceMap;

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
    to: Vec<u16>,
    needs: Vec<u8>,
}

impl Graph {
    fn of(nodes: usize, steps: impl Fn(usize, &mut Vec<(u16, u8)>)) -> Graph {
        let mut g = Graph { start: Vec::with_capacity(nodes + 1), ..Graph::default() };
        let mut buf = Vec::new();
        for n in 0..nodes {
            g.start.push(g.to.len() as u32);
            buf.clear();
            steps(n, &mut buf);
            for &(m, need) in &buf {
                g.to.push(m);
                g.needs.push(need);
            }
        }
        g.start.push(g.to.len() as u32);
        g
    }

    /// The steps from node `n`: (neighbour, what it needs).
    pub fn from(&self, n: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        let (a, b) = (self.start[n] as usize, self.start[n + 1] as usize);
        self.to[a..b].iter().zip(&self.needs[a..b]).map(|(m, need)| (usize::from(*m), *need))
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
        let field_graph = Graph::of(field.cells.len(), |n, out| {
            for &m in &field.neighbors[n] {
                let inside = field.cells[usize::from(m)].zone != Zone::Outside;
                out.push((m, if inside { INSIDE } else { 0 }));
            }
        });
        let len = palace.cells.len();
        let at = |c: u8| (len + usize::from(c)) as u16;
        let palace_graph = Graph::of(len + usize::from(core.spaces), |n, out| {
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
