//! The Theed Palace map: the approach and three floors, with walls, doors, stairs, windows, the throne room
//! and the staging zone, with its line-of-sight tables (`sight.rs`).

use super::battlefield::{grid_rows, piece_legend};
use super::sight::Sights;
use super::units::{KindId, UnitDef};
use super::{DataError, parse_toml};
use crate::games::queens_gambit::rules::geometry::{hex_of, offset_of};
use crate::games::queens_gambit::rules::pos::Pos;
use crate::games::queens_gambit::rules::version::SightReading;
use hexx::Hex;
use serde::Deserialize;
use std::collections::BTreeMap;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Terrain {
    Floor,
    /// Pillars and solid walls: no entry, blocks sight.
    Pillar,
    /// A staircase hex: may be entered; blocks sight through it; linked to the floor above or below.
    Stair,
    /// A floor hex in front of a window.
    Window,
    /// A floor hex of the staging zone, where droids from the battlefield arrive.
    Staging,
    /// The throne: no entry, blocks sight.
    Throne,
}

impl Terrain {
    pub fn walkable(self) -> bool {
        !matches!(self, Terrain::Pillar | Terrain::Throne)
    }

    /// Whether it blocks sight when it lies between two pieces.
    pub fn blocks_sight(self) -> bool {
        matches!(self, Terrain::Pillar | Terrain::Throne | Terrain::Stair)
    }
}

#[derive(Clone, Debug)]
pub struct PalaceCell {
    pub floor: u8,
    pub x: u8,
    pub y: i8,
    pub terrain: Terrain,
    pub room: char,
    pub hex: Hex,
}

#[derive(Clone, Debug)]
pub struct Level {
    pub name: String,
    pub floor: u8,
    pub first_row: i8,
    pub rows: u8,
    /// Index of the level's first cell in `PalaceMap::cells`.
    pub offset: usize,
}

#[derive(Clone, Debug)]
pub struct PalaceMap {
    pub columns: u8,
    pub levels: Vec<Level>,
    pub cells: Vec<PalaceCell>,
    /// Moves of one movement point: open neighbours on the same level and the other end of a staircase.
    pub steps: Vec<Vec<u16>>,
    /// The other end of a staircase.
    pub stair: Vec<Option<u16>>,
    /// The window hexes directly above and below (window-ledge movement).
    pub windows: Vec<Vec<u16>>,
    /// The hex on the other side of a door.
    pub door: Vec<Option<u16>>,
    pub throne_room: Vec<bool>,
    pub staging: Vec<u16>,
    pub setup: Vec<(usize, KindId)>,
    /// Neighbouring hexes of different rooms with no wall between them (a door is a wall to the eye).
    pub openings: Vec<(usize, usize)>,
    sight: Sights,
    /// Each floor's level (floors are 1 to 9, each used once): a hex's index without a search.
    by_floor: [Option<u8>; 10],
}

impl PalaceMap {
    fn level_of_floor(&self, floor: u8, y: i32) -> Option<&Level> {
        let l = &self.levels[usize::from((*self.by_floor.get(usize::from(floor))?)?)];
        (y >= i32::from(l.first_row) && y < i32::from(l.first_row) + i32::from(l.rows)).then_some(l)
    }

    pub fn index(&self, floor: u8, x: i32, y: i32) -> Option<usize> {
        if x < 0 || x >= i32::from(self.columns) {
            return None;
        }
        let l = self.level_of_floor(floor, y)?;
        Some(l.offset + (y - i32::from(l.first_row)) as usize * usize::from(self.columns) + x as usize)
    }

    pub fn index_of(&self, p: Pos) -> Option<usize> {
        match p {
            Pos::Palace { floor, x, y } => self.index(floor, i32::from(x), i32::from(y)),
            _ => None,
        }
    }

    pub fn pos(&self, i: usize) -> Pos {
        let c = &self.cells[i];
        Pos::Palace { floor: c.floor, x: c.x, y: c.y }
    }

    pub(super) fn index_of_hex(&self, floor: u8, h: Hex) -> Option<usize> {
        let (x, y) = offset_of(h);
        self.index(floor, x, y)
    }

    /// Whether a piece at `a` has line of sight to a piece at `b`, read as `reading` does: the same level
    /// and an open line, or the two hexes either side of a door. `occupied` tells which hexes hold a piece
    /// (the ends are ignored).
    pub fn sees(&self, reading: SightReading, a: usize, b: usize, occupied: impl Fn(usize) -> bool) -> bool {
        if self.door[a] == Some(b as u16) {
            return true;
        }
        self.sight.clear(self, reading, a, b, occupied)
    }

    /// Whether the edge between two neighbouring hexes of one level is a wall: they lie in different rooms
    /// and the edge is not among `open`.
    fn wall_between(&self, a: usize, b: usize, open: &[(usize, usize)]) -> bool {
        self.cells[a].room != self.cells[b].room && !open.iter().any(|&(p, q)| (p, q) == (a, b) || (q, p) == (a, b))
    }

    /// Whether the edge between two neighbouring hexes blocks the eye: a wall or a door (only the two hexes
    /// at a door see each other through it, `sees` allows that).
    pub fn wall_for_sight(&self, a: usize, b: usize) -> bool {
        self.wall_between(a, b, &self.openings)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    reconstructed: bool,
    columns: u8,
    level: Vec<RawLevel>,
    pieces: BTreeMap<String, String>,
    openings: Vec<[String; 2]>,
    doors: Vec<[String; 2]>,
    stairs: Vec<[String; 2]>,
    windows: Vec<Vec<String>>,
    throne_room: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevel {
    name: String,
    floor: u8,
    first_row: i8,
    cells: String,
    rooms: String,
}

/// Long by design: it checks the palace map file field by field, each check next to the field it guards,
/// so a broken file is reported with the exact field (a data table, not logic).
pub(super) fn load(
    file: &str,
    text: &str,
    units: &[UnitDef],
    lookup: &dyn Fn(&str) -> Option<KindId>,
) -> Result<(PalaceMap, bool), DataError> {
    let raw: RawFile = parse_toml(file, text)?;
    if raw.columns == 0 || raw.columns > 26 {
        return Err(DataError::new(file, "columns", "must be 1 to 26"));
    }
    let cols = usize::from(raw.columns);
    let legend = piece_legend(file, &raw.pieces, units, lookup, false)?;
    let mut map = PalaceMap {
        columns: raw.columns,
        levels: Vec::new(),
        cells: Vec::new(),
        steps: Vec::new(),
        stair: Vec::new(),
        windows: Vec::new(),
        door: Vec::new(),
        throne_room: Vec::new(),
        staging: Vec::new(),
        setup: Vec::new(),
        openings: Vec::new(),
        sight: Sights::default(),
        by_floor: [None; 10],
    };
    for (li, rl) in raw.level.iter().enumerate() {
        let entry = format!("level {} ({})", li + 1, rl.name);
        if !(1..=9).contains(&rl.floor) || raw.level[..li].iter().any(|o| o.floor == rl.floor) {
            return Err(DataError::new(file, &entry, "floor must be 1 to 9 and used once"));
        }
        if rl.first_row < 0 && rl.floor != 1 {
            return Err(DataError::new(file, &entry, "only floor 1 may have the approach rows (negative rows)"));
        }
        let nrows = rl.cells.lines().filter(|l| !l.trim().is_empty()).count();
        if nrows == 0 || nrows > 40 {
            return Err(DataError::new(file, &entry, "a level needs 1 to 40 rows"));
        }
        let cells = grid_rows(file, &format!("{entry} cells"), &rl.cells, cols, nrows)?;
        let rooms = grid_rows(file, &format!("{entry} rooms"), &rl.rooms, cols, nrows)?;
        map.by_floor[usize::from(rl.floor)] = Some(map.levels.len() as u8);
        map.levels.push(Level {
            name: rl.name.clone(),
            floor: rl.floor,
            first_row: rl.first_row,
            rows: nrows as u8,
            offset: map.cells.len(),
        });
        for (r, row) in cells.iter().enumerate() {
            for (x, c) in row.iter().enumerate() {
                let y = i32::from(rl.first_row) + r as i32;
                let pos = Pos::Palace { floor: rl.floor, x: x as u8, y: y as i8 };
                let terrain = match c {
                    '.' => Terrain::Floor,
                    '#' => Terrain::Pillar,
                    'S' => Terrain::Stair,
                    'W' => Terrain::Window,
                    'Z' => Terrain::Staging,
                    'T' => Terrain::Throne,
                    other => {
                        let kind = *legend.get(other).ok_or_else(|| {
                            DataError::new(file, format!("cell {pos}"), format!("unknown letter '{other}'"))
                        })?;
                        map.setup.push((map.cells.len(), kind));
                        Terrain::Floor
                    }
                };
                map.cells.push(PalaceCell {
                    floor: rl.floor,
                    x: x as u8,
                    y: y as i8,
                    terrain,
                    room: rooms[r][x],
                    hex: hex_of(x as i32, y),
                });
            }
        }
    }
    let n = map.cells.len();
    if n > u16::MAX as usize {
        return Err(DataError::new(file, "level", "too many hexes"));
    }
    let cell = |map: &PalaceMap, label: &str, entry: &str| -> Result<usize, DataError> {
        let p: Pos = label.parse().map_err(|e: crate::games::queens_gambit::rules::pos::BadLabel| {
            DataError::new(file, entry, e.to_string())
        })?;
        map.index_of(p).ok_or_else(|| DataError::new(file, entry, format!("{label} is not on the palace map")))
    };
    let neighbours_on_level = |map: &PalaceMap, i: usize| -> Vec<usize> {
        let c = &map.cells[i];
        c.hex.all_neighbors().iter().filter_map(|h| map.index_of_hex(c.floor, *h)).collect()
    };
    let pair_list = |list: &[[String; 2]], what: &str, adjacent: bool| -> Result<Vec<(usize, usize)>, DataError> {
        let mut out = Vec::new();
        for [a, b] in list {
            let entry = format!("{what} {a}-{b}");
            let (i, j) = (cell(&map, a, &entry)?, cell(&map, b, &entry)?);
            if adjacent && !neighbours_on_level(&map, i).contains(&j) {
                return Err(DataError::new(file, &entry, "the two hexes must be neighbours on one level"));
            }
            out.push((i, j));
        }
        Ok(out)
    };
    let openings = pair_list(&raw.openings, "openings", true)?;
    let doors = pair_list(&raw.doors, "doors", true)?;
    let stairs = pair_list(&raw.stairs, "stairs", false)?;
    for &(a, b) in openings.iter().chain(&doors) {
        if map.cells[a].room == map.cells[b].room {
            return Err(DataError::new(
                file,
                format!("{}-{}", map.pos(a), map.pos(b)),
                "an opening or door must join two different rooms",
            ));
        }
    }
    let mut free = openings.clone();
    free.extend(&doors);
    map.stair = vec![None; n];
    for &(a, b) in &stairs {
        let entry = format!("stairs {}-{}", map.pos(a), map.pos(b));
        if map.cells[a].terrain != Terrain::Stair || map.cells[b].terrain != Terrain::Stair {
            return Err(DataError::new(file, &entry, "both ends must be staircase hexes (S)"));
        }
        if map.cells[a].floor == map.cells[b].floor {
            return Err(DataError::new(file, &entry, "a staircase joins two different floors"));
        }
        if map.stair[a].is_some() || map.stair[b].is_some() {
            return Err(DataError::new(file, &entry, "a staircase hex has one other end"));
        }
        map.stair[a] = Some(b as u16);
        map.stair[b] = Some(a as u16);
    }
    map.windows = vec![Vec::new(); n];
    for column in &raw.windows {
        let entry = format!("windows {}", column.join("/"));
        let idx: Vec<usize> = column.iter().map(|l| cell(&map, l, &entry)).collect::<Result<_, _>>()?;
        if idx.len() < 2 {
            return Err(DataError::new(file, &entry, "a window column needs at least two floors"));
        }
        for &i in &idx {
            if map.cells[i].terrain != Terrain::Window {
                return Err(DataError::new(file, &entry, format!("{} is not a window hex (W)", map.pos(i))));
            }
            for &j in &idx {
                if i != j {
                    if map.cells[i].floor == map.cells[j].floor {
                        return Err(DataError::new(file, &entry, "window hexes of one column are on different floors"));
                    }
                    map.windows[i].push(j as u16);
                }
            }
        }
    }
    map.door = vec![None; n];
    for &(a, b) in &doors {
        map.door[a] = Some(b as u16);
        map.door[b] = Some(a as u16);
    }
    let tr = raw.throne_room.chars().next().unwrap_or(' ');
    map.throne_room = map.cells.iter().map(|c| c.room == tr).collect();
    if !map.throne_room.iter().any(|t| *t) {
        return Err(DataError::new(file, "throne_room", format!("no hex has the room letter '{tr}'")));
    }
    map.staging = (0..n).filter(|i| map.cells[*i].terrain == Terrain::Staging).map(|i| i as u16).collect();
    if map.staging.is_empty() {
        return Err(DataError::new(file, "cells", "the staging zone (Z) has no hexes"));
    }
    map.steps = (0..n)
        .map(|i| {
            if !map.cells[i].terrain.walkable() {
                return Vec::new();
            }
            let mut s: Vec<u16> = neighbours_on_level(&map, i)
                .into_iter()
                .filter(|j| map.cells[*j].terrain.walkable() && !map.wall_between(i, *j, &free))
                .map(|j| j as u16)
                .collect();
            if let Some(j) = map.stair[i] {
                s.push(j);
            }
            s
        })
        .collect();
    map.openings = openings;
    map.sight.prepare(&map, crate::games::queens_gambit::rules::version::RulesVersion::NEWEST.sight());
    Ok((map, raw.reconstructed))
}
