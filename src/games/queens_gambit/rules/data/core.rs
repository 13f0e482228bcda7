//! The generator core: a small graph of spaces for the Jedi and Sith, with a door to the palace approach.

use super::palace::PalaceMap;
use super::units::{KindId, UnitDef};
use super::{DataError, parse_toml};
use crate::games::queens_gambit::rules::pos::Pos;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Clone, Debug)]
pub struct CoreMap {
    pub spaces: u8,
    pub adjacent: Vec<Vec<u8>>,
    /// The core space at the door and the palace hex on the other side.
    pub door_core: u8,
    pub door_palace: usize,
    pub start: Vec<(KindId, u8)>,
    /// Drawing position of each space.
    pub layout: Vec<(f32, f32)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    reconstructed: bool,
    spaces: u8,
    edges: Vec<[u8; 2]>,
    door: RawDoor,
    start: BTreeMap<String, u8>,
    layout: Vec<[f32; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDoor {
    core: u8,
    palace: String,
}

/// Long by design: the generator core's map checked field by field (a data table, not logic).
pub(super) fn load(
    file: &str,
    text: &str,
    units: &[UnitDef],
    lookup: &dyn Fn(&str) -> Option<KindId>,
    palace: &PalaceMap,
) -> Result<(CoreMap, bool), DataError> {
    let raw: RawFile = parse_toml(file, text)?;
    if raw.spaces == 0 || raw.spaces > 60 {
        return Err(DataError::new(file, "spaces", "must be 1 to 60"));
    }
    let valid = |s: u8| s >= 1 && s <= raw.spaces;
    let adjacent = edges(file, &raw)?;
    let door_palace = raw
        .door
        .palace
        .parse::<Pos>()
        .ok()
        .and_then(|p| palace.index_of(p))
        .filter(|i| palace.cells[*i].terrain.walkable())
        .ok_or_else(|| DataError::new(file, "door.palace", format!("{} is not an open palace hex", raw.door.palace)))?;
    let mut start = Vec::new();
    for (key, space) in &raw.start {
        let entry = format!("start.{key}");
        let kind = lookup(key).ok_or_else(|| DataError::new(file, &entry, format!("unknown unit '{key}'")))?;
        if !units[kind.index()].traits.duelist {
            return Err(DataError::new(file, &entry, "only Jedi and Sith may stand in the core"));
        }
        if !valid(*space) || start.iter().any(|(_, s)| *s == space - 1) {
            return Err(DataError::new(file, &entry, "needs its own space numbered 1 to the number of spaces"));
        }
        start.push((kind, space - 1));
    }
    if raw.layout.len() != usize::from(raw.spaces) {
        return Err(DataError::new(file, "layout", format!("needs one position per space ({})", raw.spaces)));
    }
    let layout = raw.layout.iter().map(|[x, y]| (*x, *y)).collect();
    let map = CoreMap { spaces: raw.spaces, adjacent, door_core: raw.door.core - 1, door_palace, start, layout };
    Ok((map, raw.reconstructed))
}

/// The core's spaces' neighbours, each edge checked, every space reachable from the door (or a duellist
/// could be stranded).
fn edges(file: &str, raw: &RawFile) -> Result<Vec<Vec<u8>>, DataError> {
    let valid = |s: u8| s >= 1 && s <= raw.spaces;
    let mut adjacent = vec![Vec::new(); usize::from(raw.spaces)];
    for [a, b] in &raw.edges {
        let entry = format!("edges [{a}, {b}]");
        if !valid(*a) || !valid(*b) || a == b {
            return Err(DataError::new(file, &entry, format!("spaces are numbered 1 to {}", raw.spaces)));
        }
        if adjacent[usize::from(a - 1)].contains(&(b - 1)) {
            return Err(DataError::new(file, &entry, "listed twice"));
        }
        adjacent[usize::from(a - 1)].push(b - 1);
        adjacent[usize::from(b - 1)].push(a - 1);
    }
    let mut seen = vec![false; adjacent.len()];
    if !valid(raw.door.core) {
        return Err(DataError::new(file, "door.core", format!("spaces are numbered 1 to {}", raw.spaces)));
    }
    let mut todo = vec![raw.door.core - 1];
    while let Some(s) = todo.pop() {
        if !std::mem::replace(&mut seen[usize::from(s)], true) {
            todo.extend(&adjacent[usize::from(s)]);
        }
    }
    if let Some(lost) = seen.iter().position(|s| !s) {
        return Err(DataError::new(file, "edges", format!("space {} cannot be reached from the door", lost + 1)));
    }
    Ok(adjacent)
}
