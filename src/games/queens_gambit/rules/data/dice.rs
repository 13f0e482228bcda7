//! Dice colours and their faces.

use super::{DataError, parse_toml};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The five colours of combat dice in the box.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Gray,
    Blue,
    Gold,
    Green,
}

impl Colour {
    pub const ALL: [Colour; 5] = [Colour::Red, Colour::Gray, Colour::Blue, Colour::Gold, Colour::Green];

    pub fn key(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Gray => "gray",
            Colour::Blue => "blue",
            Colour::Gold => "gold",
            Colour::Green => "green",
        }
    }

    pub fn from_key(s: &str) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.key() == s)
    }

    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// One face: hits (attack dice) or blocks (defence dice), or a riposte hit on the green die.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Face {
    pub value: u8,
    pub riposte: bool,
}

impl Face {
    /// The face as written in data files and scripts: "0", "1", "2" or "hit".
    pub fn key(self) -> String {
        if self.riposte { "hit".to_string() } else { self.value.to_string() }
    }
}

#[derive(Clone, Debug)]
pub struct DieDef {
    pub colour: Colour,
    pub attack: bool,
    pub faces: [Face; 6],
    /// How many dice of this colour the box holds: no single roll uses more.
    pub limit: u8,
}

#[derive(Clone, Debug)]
pub struct DiceSet {
    dice: Vec<DieDef>,
}

impl DiceSet {
    pub fn die(&self, c: Colour) -> &DieDef {
        &self.dice[c.index()]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    #[allow(dead_code)]
    reconstructed: bool,
    dice: BTreeMap<String, RawDie>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDie {
    #[serde(rename = "use")]
    use_: String,
    faces: Vec<String>,
    limit: u8,
}

pub(super) fn load(file: &str, text: &str) -> Result<DiceSet, DataError> {
    let raw: RawFile = parse_toml(file, text)?;
    for key in raw.dice.keys() {
        if Colour::from_key(key).is_none() {
            return Err(DataError::new(file, format!("dice.{key}"), "unknown colour (red, gray, blue, gold, green)"));
        }
    }
    let mut dice = Vec::new();
    for colour in Colour::ALL {
        let entry = format!("dice.{colour}");
        let r = raw.dice.get(colour.key()).ok_or_else(|| DataError::new(file, &entry, "missing"))?;
        let attack = match r.use_.as_str() {
            "attack" => true,
            "defence" => false,
            other => {
                return Err(DataError::new(file, &entry, format!("use must be attack or defence, not '{other}'")));
            }
        };
        if r.faces.len() != 6 {
            return Err(DataError::new(file, &entry, format!("a die has 6 faces, found {}", r.faces.len())));
        }
        let mut faces = [Face { value: 0, riposte: false }; 6];
        for (i, f) in r.faces.iter().enumerate() {
            faces[i] = match f.as_str() {
                "0" => Face { value: 0, riposte: false },
                "1" => Face { value: 1, riposte: false },
                "2" => Face { value: 2, riposte: false },
                "hit" if !attack => Face { value: 0, riposte: true },
                other => {
                    return Err(DataError::new(
                        file,
                        &entry,
                        format!("face '{other}' is not allowed (attack: 0, 1, 2; defence: 0, 1, 2, hit)"),
                    ));
                }
            };
        }
        if r.limit == 0 {
            return Err(DataError::new(file, &entry, "limit must be at least 1"));
        }
        dice.push(DieDef { colour, attack, faces, limit: r.limit });
    }
    Ok(DiceSet { dice })
}
