//! The Plains of Naboo map: hexes, half spaces, the shield zones and the setup spaces.

use super::units::{KindId, UnitDef};
use super::{DataError, parse_toml};
use crate::games::queens_gambit::rules::geometry::hex_of;
use crate::games::queens_gambit::rules::pos::Pos;
use crate::games::queens_gambit::rules::version::SightReading;
use hexx::Hex;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Where a hex lies relative to the Gungan shield.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Zone {
    Inside,
    /// The shield passes through this hex: it counts as both sides.
    Line,
    Outside,
    /// A half space: cannot be entered, moved through or fired through.
    OutOfPlay,
}

#[derive(Clone, Debug)]
pub struct FieldCell {
    pub x: u8,
    pub y: u8,
    pub zone: Zone,
    pub hex: Hex,
}

#[derive(Clone, Debug)]
pub struct FieldMap {
    pub columns: u8,
    pub rows: u8,
    /// Indexed by `y * columns + x`.
    pub cells: Vec<FieldCell>,
    /// In-play neighbours of each in-play cell.
    pub neighbors: Vec<Vec<u16>>,
    pub setup: Vec<(usize, KindId)>,
    /// For every ordered pair of cells (`a * cells + b`): a shot between them keeps clear of the half spaces,
    /// read from version 1's nudged lines, and from the exact trace (built on first use).
    nudged: OnceLock<Vec<bool>>,
    exact: OnceLock<Vec<bool>>,
}

impl FieldMap {
    pub fn index(&self, x: i32, y: i32) -> Option<usize> {
        if x < 0 || y < 0 || x >= i32::from(self.columns) || y >= i32::from(self.rows) {
            return None;
        }
        Some(y as usize * usize::from(self.columns) + x as usize)
    }

    pub fn index_of(&self, p: Pos) -> Option<usize> {
        match p {
            Pos::Field { x, y } => self.index(i32::from(x), i32::from(y)),
            _ => None,
        }
    }

    pub fn pos(&self, i: usize) -> Pos {
        let c = &self.cells[i];
        Pos::Field { x: c.x, y: c.y }
    }

    pub fn in_play(&self, i: usize) -> bool {
        self.cells[i].zone != Zone::OutOfPlay
    }

    pub fn distance(&self, a: usize, b: usize) -> u32 {
        self.cells[a].hex.unsigned_distance_to(self.cells[b].hex)
    }

    fn index_of_hex(&self, h: Hex) -> Option<usize> {
        let (x, y) = crate::games::queens_gambit::rules::geometry::offset_of(h);
        self.index(x, y)
    }

    /// Whether a shot from `a` to `b` keeps clear of the half spaces, read as `reading` does: with the
    /// exact trace, every hex it passes through is in play, and where it runs along an edge at least one
    /// side is (see `rules::sightline`); with version 1's nudged lines, one of them is wholly in play.
    pub fn clear_of_half_spaces(&self, reading: SightReading, a: usize, b: usize) -> bool {
        let table = match reading {
            SightReading::Nudged => &self.nudged,
            SightReading::Exact | SightReading::ExactWallEnds => &self.exact,
        };
        table.get_or_init(|| self.clear_table(reading))[a * self.cells.len() + b]
    }

    fn clear_table(&self, reading: SightReading) -> Vec<bool> {
        let n = self.cells.len();
        let mut lines = [Vec::new(), Vec::new()];
        (0..n * n)
            .map(|k| {
                let (a, b) = (k / n, k % n);
                self.in_play(a) && self.in_play(b) && self.shot_clear(reading, a, b, &mut lines)
            })
            .collect()
    }

    /// `clear_of_half_spaces`, worked out from the line (`lines`: room for version 1's two).
    fn shot_clear(&self, reading: SightReading, a: usize, b: usize, lines: &mut [Vec<Hex>; 2]) -> bool {
        use crate::games::queens_gambit::rules::sightline::{Stretch, nudged_lines_into, trace};
        let open = |h: Hex| self.index_of_hex(h).is_some_and(|i| self.in_play(i));
        let (from, to) = (self.cells[a].hex, self.cells[b].hex);
        if reading == SightReading::Nudged {
            nudged_lines_into(from, to, lines);
            return lines.iter().any(|line| line.iter().all(|h| open(*h)));
        }
        trace(from, to).iter().all(|s| match *s {
            Stretch::Through(h) => open(h),
            Stretch::Along(p, q) => open(p) || open(q),
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    reconstructed: bool,
    columns: u8,
    rows: u8,
    zones: String,
    setup: String,
    pieces: BTreeMap<String, String>,
}

/// The rows of an ASCII map, each exactly `columns` wide.
pub(super) fn grid_rows(
    file: &str,
    entry: &str,
    text: &str,
    columns: usize,
    rows: usize,
) -> Result<Vec<Vec<char>>, DataError> {
    let lines: Vec<Vec<char>> =
        text.lines().map(str::trim_end).filter(|l| !l.is_empty()).map(|l| l.chars().collect()).collect();
    if lines.len() != rows {
        return Err(DataError::new(file, entry, format!("expected {rows} rows, found {}", lines.len())));
    }
    for (i, l) in lines.iter().enumerate() {
        if l.len() != columns {
            return Err(DataError::new(
                file,
                entry,
                format!("row {} has {} columns, expected {columns}", i + 1, l.len()),
            ));
        }
    }
    Ok(lines)
}

pub(super) fn piece_legend(
    file: &str,
    pieces: &BTreeMap<String, String>,
    units: &[UnitDef],
    lookup: &dyn Fn(&str) -> Option<KindId>,
    battlefield: bool,
) -> Result<BTreeMap<char, KindId>, DataError> {
    let mut legend = BTreeMap::new();
    for (glyph, key) in pieces {
        let entry = format!("pieces.{glyph}");
        let mut chars = glyph.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(DataError::new(file, &entry, "a piece letter must be one character"));
        };
        let kind = lookup(key).ok_or_else(|| DataError::new(file, &entry, format!("unknown unit '{key}'")))?;
        if units[kind.index()].battlefield != battlefield {
            return Err(DataError::new(file, &entry, format!("'{key}' does not belong on this map")));
        }
        legend.insert(c, kind);
    }
    Ok(legend)
}

/// Long by design: the battlefield map checked field by field (a data table, not logic).
pub(super) fn load(
    file: &str,
    text: &str,
    units: &[UnitDef],
    lookup: &dyn Fn(&str) -> Option<KindId>,
) -> Result<(FieldMap, bool), DataError> {
    let raw: RawFile = parse_toml(file, text)?;
    if raw.columns == 0 || raw.columns > 26 || raw.rows == 0 || raw.rows > 99 {
        return Err(DataError::new(file, "columns/rows", "the map must be 1 to 26 columns and 1 to 99 rows"));
    }
    let (cols, rows) = (usize::from(raw.columns), usize::from(raw.rows));
    let zones = grid_rows(file, "zones", &raw.zones, cols, rows)?;
    let setup_rows = grid_rows(file, "setup", &raw.setup, cols, rows)?;
    let legend = piece_legend(file, &raw.pieces, units, lookup, true)?;
    let mut cells = Vec::new();
    let mut setup = Vec::new();
    for y in 0..rows {
        for x in 0..cols {
            let pos = Pos::Field { x: x as u8, y: y as u8 };
            let zone = match zones[y][x] {
                'i' => Zone::Inside,
                's' => Zone::Line,
                'o' => Zone::Outside,
                'x' => Zone::OutOfPlay,
                c => {
                    return Err(DataError::new(file, format!("zones {pos}"), format!("unknown zone letter '{c}'")));
                }
            };
            match setup_rows[y][x] {
                '.' => {}
                c => {
                    let kind = *legend.get(&c).ok_or_else(|| {
                        DataError::new(file, format!("setup {pos}"), format!("letter '{c}' is not in [pieces]"))
                    })?;
                    if zone == Zone::OutOfPlay {
                        return Err(DataError::new(file, format!("setup {pos}"), "a piece stands on a half space"));
                    }
                    setup.push((cells.len(), kind));
                }
            }
            cells.push(FieldCell { x: x as u8, y: y as u8, zone, hex: hex_of(x as i32, y as i32) });
        }
    }
    let mut map = FieldMap {
        columns: raw.columns,
        rows: raw.rows,
        cells,
        neighbors: Vec::new(),
        setup,
        nudged: OnceLock::new(),
        exact: OnceLock::new(),
    };
    // The newest rules' table now: new games never wait for it.
    map.clear_of_half_spaces(crate::games::queens_gambit::rules::version::RulesVersion::NEWEST.sight(), 0, 0);
    map.neighbors = (0..map.cells.len())
        .map(|i| {
            if !map.in_play(i) {
                return Vec::new();
            }
            map.cells[i]
                .hex
                .all_neighbors()
                .iter()
                .filter_map(|h| map.index_of_hex(*h))
                .filter(|j| map.in_play(*j))
                .map(|j| j as u16)
                .collect()
        })
        .collect();
    Ok((map, raw.reconstructed))
}
