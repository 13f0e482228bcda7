//! Anakin's track: the printed grids and the Starfighter cards.

use super::{DataError, parse_toml};
use serde::Deserialize;

/// A printed grid between two Anakin spaces.
#[derive(Clone, Debug)]
pub struct GridDef {
    pub dice: u8,
    /// Slots (2..=12) with a printed Starfighter.
    pub blocked: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct StarfighterDef {
    pub code: String,
    pub dice: u8,
    pub blocked: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct SpaceDef {
    /// Grid i lies between Anakin space i and i + 1 (0-based); the last space is the Control Ship.
    pub grids: Vec<GridDef>,
    pub starfighters: Vec<StarfighterDef>,
}

impl SpaceDef {
    /// The Control Ship space number (= number of grids).
    pub fn control_ship(&self) -> u8 {
        self.grids.len() as u8
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    reconstructed: bool,
    grid: Vec<RawGrid>,
    starfighter: Vec<RawFighter>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGrid {
    dice: u8,
    blocked: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFighter {
    id: String,
    dice: u8,
    blocked: Vec<u8>,
}

fn check_slots(file: &str, entry: &str, dice: u8, blocked: &[u8]) -> Result<(), DataError> {
    if !(1..=4).contains(&dice) {
        return Err(DataError::new(file, entry, format!("dice must be 1 to 4 (the box has 4 gray dice), not {dice}")));
    }
    for (i, s) in blocked.iter().enumerate() {
        if !(2..=12).contains(s) {
            return Err(DataError::new(file, entry, format!("slot {s} is not on the grid (2 to 12)")));
        }
        if blocked[..i].contains(s) {
            return Err(DataError::new(file, entry, format!("slot {s} is listed twice")));
        }
    }
    if blocked.len() >= 11 {
        return Err(DataError::new(file, entry, "every slot is blocked: Anakin could never pass"));
    }
    Ok(())
}

pub(super) fn load(file: &str, text: &str) -> Result<(SpaceDef, bool), DataError> {
    let raw: RawFile = parse_toml(file, text)?;
    if raw.grid.is_empty() || raw.grid.len() > 9 {
        return Err(DataError::new(file, "grid", "the track needs 1 to 9 grids"));
    }
    let mut grids = Vec::new();
    for (i, g) in raw.grid.iter().enumerate() {
        check_slots(file, &format!("grid {}", i + 1), g.dice, &g.blocked)?;
        grids.push(GridDef { dice: g.dice, blocked: g.blocked.clone() });
    }
    let mut starfighters = Vec::new();
    for (i, f) in raw.starfighter.iter().enumerate() {
        let entry = format!("starfighter {} ({})", i + 1, f.id);
        check_slots(file, &entry, f.dice, &f.blocked)?;
        if raw.starfighter[..i].iter().any(|o| o.id == f.id) {
            return Err(DataError::new(file, &entry, "id used twice"));
        }
        starfighters.push(StarfighterDef { code: f.id.clone(), dice: f.dice, blocked: f.blocked.clone() });
    }
    Ok((SpaceDef { grids, starfighters }, raw.reconstructed))
}
