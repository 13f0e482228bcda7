//! Unit kinds: the reference-chart lines.

use super::dice::{Colour, DiceSet};
use super::{DataError, parse_toml};
use crate::games::queens_gambit::rules::side::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Index of a unit kind in `Data::units`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct KindId(pub u8);

impl KindId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// Index of a figure type in `Data::figures`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct FigureId(pub u8);

impl FigureId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// How far a unit attacks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Range {
    /// Battlefield hexes: 1 adjacent; 2 needs an empty hex between; 3 fires over pieces. Duelists use 1.
    Hexes(u8),
    /// Line of sight (palace units).
    Sight,
    /// Cannot attack.
    None,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Traits {
    /// Removed when the Control Ship falls; counts as a droid for the win.
    pub droid: bool,
    /// Jedi or Sith: splits movement and attacks, may enter the generator core, riposte.
    pub duelist: bool,
    /// Counts among the Naboo pieces in Theed Palace for both win conditions.
    pub palace_piece: bool,
    /// One of the two queens; one of them is secretly the real one.
    pub queen: bool,
    /// Moves 2 once the real queen is dead.
    pub slowed_when_queen_dies: bool,
    /// Its death drops the shield for good.
    pub shield_generator: bool,
    /// Cannot cross or enter the shield line while the shield stands.
    pub stays_outside_shield: bool,
    /// New droid groups may be activated next to it.
    pub deploys_droids: bool,
    /// Never moves, cannot be attacked or moved through.
    pub untouchable: bool,
}

#[derive(Clone, Debug)]
pub struct UnitDef {
    pub key: String,
    pub name: String,
    pub short: String,
    /// One letter for text maps and piece symbols.
    pub letter: char,
    pub side: Side,
    /// true: Plains of Naboo; false: Theed Palace (and the generator core for duelists).
    pub battlefield: bool,
    pub figure: super::FigureId,
    pub members: u8,
    pub movement: u8,
    pub range: Range,
    pub attack: Vec<Colour>,
    pub defence: Vec<Colour>,
    pub dies_at: u8,
    pub bonus: u8,
    pub traits: Traits,
    pub becomes: Option<KindId>,
}

impl UnitDef {
    /// A group of several figures (battlefield groups).
    pub fn is_group(&self) -> bool {
        self.members > 1
    }

    /// Whether it keeps a damage track (survives a first hit).
    pub fn has_track(&self) -> bool {
        self.dies_at > 1
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    reconstructed: bool,
    units: BTreeMap<String, RawUnit>,
    figures: BTreeMap<String, u16>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    name: String,
    short: String,
    letter: String,
    side: String,
    theatre: String,
    figure: String,
    members: u8,
    #[serde(rename = "move")]
    movement: u8,
    range: String,
    attack: Vec<String>,
    defence: Vec<String>,
    dies_at: u8,
    bonus: u8,
    #[serde(default)]
    traits: Vec<String>,
    #[serde(default)]
    becomes: Option<String>,
}

/// The order unit kinds are listed in, so ids and displays are stable: the file's own order.
fn key_order(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("[units.").and_then(|r| r.strip_suffix(']')))
        .map(str::to_string)
        .collect()
}

type Loaded = (Vec<UnitDef>, Vec<(String, u16)>, bool);

/// Long by design: it checks the units file field by field, each check next to the field it guards (a
/// data table, not logic).
pub(super) fn load(file: &str, text: &str, dice: &DiceSet) -> Result<Loaded, DataError> {
    let raw: RawFile = parse_toml(file, text)?;
    let figures: Vec<(String, u16)> = raw.figures.iter().map(|(k, v)| (k.clone(), *v)).collect();
    let mut order = key_order(text);
    // Tables written inline are not seen by the line scan: keep them, sorted, after the rest.
    for k in raw.units.keys() {
        if !order.contains(k) {
            order.push(k.clone());
        }
    }
    let mut units = Vec::new();
    for key in &order {
        let Some(r) = raw.units.get(key) else {
            continue;
        };
        let entry = format!("units.{key}");
        let err = |p: String| DataError::new(file, &entry, p);
        let side = match r.side.as_str() {
            "naboo" => Side::Naboo,
            "tf" => Side::Tf,
            o => return Err(err(format!("side must be naboo or tf, not '{o}'"))),
        };
        let battlefield = match r.theatre.as_str() {
            "battlefield" => true,
            "palace" => false,
            o => {
                return Err(err(format!("theatre must be battlefield or palace, not '{o}'")));
            }
        };
        let figure = figures
            .iter()
            .position(|(f, _)| *f == r.figure)
            .ok_or_else(|| err(format!("figure '{}' is not listed under [figures]", r.figure)))?;
        let range = match r.range.as_str() {
            "1" => Range::Hexes(1),
            "2" => Range::Hexes(2),
            "3" => Range::Hexes(3),
            "sight" => Range::Sight,
            "none" => Range::None,
            o => {
                return Err(err(format!("range must be 1, 2, 3, sight or none, not '{o}'")));
            }
        };
        let colours = |list: &[String], attack: bool| -> Result<Vec<Colour>, DataError> {
            list.iter()
                .map(|c| {
                    let colour = Colour::from_key(c).ok_or_else(|| err(format!("unknown dice colour '{c}'")))?;
                    if dice.die(colour).attack != attack {
                        let want = if attack { "attack" } else { "defence" };
                        return Err(err(format!("{c} is not an {want} die")));
                    }
                    Ok(colour)
                })
                .collect()
        };
        let attack = colours(&r.attack, true)?;
        let defence = colours(&r.defence, false)?;
        if r.members == 0 {
            return Err(err("members must be at least 1".into()));
        }
        if r.dies_at == 0 {
            return Err(err("dies_at must be at least 1".into()));
        }
        // A full group rolls every member's dice at once: the box must hold that many.
        for list in [&attack, &defence] {
            for c in Colour::ALL {
                let n = list.iter().filter(|x| **x == c).count() * usize::from(r.members);
                if n > usize::from(dice.die(c).limit) {
                    return Err(err(format!(
                        "a full group rolls {n} {c} dice but the box holds only {}",
                        dice.die(c).limit
                    )));
                }
            }
        }
        if range == Range::None && !attack.is_empty() {
            return Err(err("a unit with range none cannot have attack dice".into()));
        }
        let mut traits = Traits::default();
        for t in &r.traits {
            let flag = match t.as_str() {
                "droid" => &mut traits.droid,
                "duelist" => &mut traits.duelist,
                "palace_piece" => &mut traits.palace_piece,
                "queen" => &mut traits.queen,
                "slowed_when_queen_dies" => &mut traits.slowed_when_queen_dies,
                "shield_generator" => &mut traits.shield_generator,
                "stays_outside_shield" => &mut traits.stays_outside_shield,
                "deploys_droids" => &mut traits.deploys_droids,
                "untouchable" => &mut traits.untouchable,
                o => return Err(err(format!("unknown trait '{o}'"))),
            };
            *flag = true;
        }
        if traits.palace_piece && side != Side::Naboo {
            return Err(err("palace_piece counts Naboo pieces: a Trade Federation unit cannot have it".into()));
        }
        if traits.duelist && (battlefield || range != Range::Hexes(1)) {
            return Err(err("a duelist must be a palace unit with range 1".into()));
        }
        if battlefield && range == Range::Sight {
            return Err(err("battlefield units use hex ranges, not sight".into()));
        }
        if !battlefield && matches!(range, Range::Hexes(n) if n > 1) {
            return Err(err("palace units attack by sight (or range 1 for duelists)".into()));
        }
        let mut letters = r.letter.chars();
        let letter = match (letters.next(), letters.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => return Err(err(format!("letter must be one letter, not '{}'", r.letter))),
        };
        units.push(UnitDef {
            key: key.clone(),
            letter,
            name: r.name.clone(),
            short: r.short.clone(),
            side,
            battlefield,
            figure: super::FigureId(figure as u8),
            members: r.members,
            movement: r.movement,
            range,
            attack,
            defence,
            dies_at: r.dies_at,
            bonus: r.bonus,
            traits,
            becomes: None,
        });
    }
    // Second pass: `becomes` names another unit.
    for key in &order {
        let Some(r) = raw.units.get(key) else {
            continue;
        };
        if let Some(b) = &r.becomes {
            let entry = format!("units.{key}");
            let target = units
                .iter()
                .position(|u| u.key == *b)
                .ok_or_else(|| DataError::new(file, &entry, format!("becomes '{b}', which is not a unit")))?;
            let i = units.iter().position(|u| u.key == *key).unwrap_or(0);
            let (from, to) = (&units[i], &units[target]);
            if !from.battlefield || to.battlefield || from.figure != to.figure || from.side != to.side {
                return Err(DataError::new(
                    file,
                    &entry,
                    format!("becomes '{b}': must be a palace unit of the same side and figure"),
                ));
            }
            units[i].becomes = Some(KindId(target as u8));
        }
    }
    let queens = units.iter().filter(|u| u.traits.queen).count();
    if queens != 2 {
        return Err(DataError::new(
            file,
            "units",
            format!("exactly 2 units must have the queen trait, found {queens}"),
        ));
    }
    if units.len() > 128 {
        return Err(DataError::new(file, "units", "too many unit kinds"));
    }
    Ok((units, figures, raw.reconstructed))
}
