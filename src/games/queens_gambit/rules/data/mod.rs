//! The game's components as data: units, dice, decks, space grids and maps, loaded from `assets/` and
//! validated once. A broken file is reported with the file, the entry and what is wrong.

mod battlefield;
mod cards;
mod core;
mod dice;
mod palace;
mod sight;
mod space;
mod units;
pub mod ways;

pub use self::battlefield::{FieldCell, FieldMap, Zone};
pub use self::cards::{Action, CardDef, CardId, DeckDef, DeckId, DeckKind, unit_phrase};
pub use self::core::CoreMap;
pub use self::dice::{Colour, DiceSet, DieDef, Face};
pub use self::palace::{Level, PalaceCell, PalaceMap, Terrain};
pub use self::space::{GridDef, SpaceDef, StarfighterDef};
pub use self::units::{FigureId, KindId, Range, Traits, UnitDef};
pub use self::ways::Ways;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// A problem in a data file: which file, which entry, what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}: {entry}: {problem}")]
pub struct DataError {
    pub file: String,
    pub entry: String,
    pub problem: String,
}

impl DataError {
    pub fn new(file: &str, entry: impl Into<String>, problem: impl Into<String>) -> DataError {
        DataError { file: file.to_string(), entry: entry.into(), problem: problem.into() }
    }
}

/// The files that make up the game data, by path relative to `assets/`.
pub const FILES: [&str; 10] = [
    "units.toml",
    "dice.toml",
    "space.toml",
    "decks/naboo-battlefield.toml",
    "decks/naboo-palace.toml",
    "decks/tf-battlefield.toml",
    "decks/tf-palace.toml",
    "maps/battlefield.toml",
    "maps/palace.toml",
    "maps/core.toml",
];

/// The data files compiled into the binary, so a fresh install needs nothing else.
fn embedded_sources() -> BTreeMap<&'static str, &'static str> {
    BTreeMap::from([
        ("units.toml", include_str!("../../../../../assets/units.toml")),
        ("dice.toml", include_str!("../../../../../assets/dice.toml")),
        ("space.toml", include_str!("../../../../../assets/space.toml")),
        ("decks/naboo-battlefield.toml", include_str!("../../../../../assets/decks/naboo-battlefield.toml")),
        ("decks/naboo-palace.toml", include_str!("../../../../../assets/decks/naboo-palace.toml")),
        ("decks/tf-battlefield.toml", include_str!("../../../../../assets/decks/tf-battlefield.toml")),
        ("decks/tf-palace.toml", include_str!("../../../../../assets/decks/tf-palace.toml")),
        ("maps/battlefield.toml", include_str!("../../../../../assets/maps/battlefield.toml")),
        ("maps/palace.toml", include_str!("../../../../../assets/maps/palace.toml")),
        ("maps/core.toml", include_str!("../../../../../assets/maps/core.toml")),
    ])
}

/// All component data of the game.
#[derive(Debug)]
pub struct Data {
    pub units: Vec<UnitDef>,
    pub figures: Vec<(String, u16)>,
    pub dice: DiceSet,
    pub decks: Vec<DeckDef>,
    pub cards: Vec<CardDef>,
    pub space: SpaceDef,
    pub field: FieldMap,
    pub palace: PalaceMap,
    pub core: CoreMap,
    /// Every step between two spaces, flat, for the movement search (made from the three maps).
    pub ways: Ways,
    /// True when any file says its values are a reconstruction rather than the printed components.
    pub reconstructed: bool,
    /// The data set's name: the hash of its files' content, the same wherever the same files are loaded.
    pub id: String,
    /// The files it was loaded from (path under `assets/` -> text), to keep with the games that use it.
    sources: BTreeMap<String, String>,
}

pub(crate) fn parse_toml<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| {
        let entry = match e.span() {
            Some(span) => format!("line {}", text[..span.start.min(text.len())].lines().count().max(1)),
            None => "file".to_string(),
        };
        DataError::new(file, entry, e.message().to_string())
    })
}

impl Data {
    /// The data compiled into the binary. Loaded and validated once per process.
    pub fn embedded() -> Arc<Data> {
        static DATA: OnceLock<Arc<Data>> = OnceLock::new();
        DATA.get_or_init(|| match Data::from_sources(&embedded_sources()) {
            Ok(d) => Arc::new(d),
            // The embedded files are checked by the test suite; a failure here is a build defect.
            Err(e) => panic!("embedded game data is invalid: {e}"),
        })
        .clone()
    }

    /// Load every data file from a directory laid out like `assets/`.
    pub fn from_dir(dir: &Path) -> Result<Data, DataError> {
        let mut texts = BTreeMap::new();
        for f in FILES {
            let path = dir.join(f);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| DataError::new(f, "file", format!("cannot read {}: {e}", path.display())))?;
            texts.insert(f, text);
        }
        let borrowed: BTreeMap<&str, &str> = texts.iter().map(|(k, v)| (*k, v.as_str())).collect();
        Data::from_sources(&borrowed)
    }

    /// Load from file texts keyed by their path under `assets/`.
    pub fn from_sources(src: &BTreeMap<&str, &str>) -> Result<Data, DataError> {
        let get = |f: &str| src.get(f).copied().ok_or_else(|| DataError::new(f, "file", "missing"));
        let dice = dice::load("dice.toml", get("dice.toml")?)?;
        let (units, figures, r_units) = units::load("units.toml", get("units.toml")?, &dice)?;
        let lookup = |key: &str| units.iter().position(|u| u.key == key).map(|i| KindId(i as u8));
        let mut decks = Vec::new();
        let mut cards = Vec::new();
        let mut reconstructed = r_units;
        for (i, f) in FILES[3..7].iter().enumerate() {
            let (deck, r) = cards::load(f, get(f)?, DeckId(i as u8), &units, &lookup, &mut cards)?;
            reconstructed |= r;
            decks.push(deck);
        }
        cards::check_decks(FILES[3], &decks)?;
        let (space, r) = space::load("space.toml", get("space.toml")?)?;
        reconstructed |= r;
        let (field, r) = battlefield::load("maps/battlefield.toml", get("maps/battlefield.toml")?, &units, &lookup)?;
        reconstructed |= r;
        let (palace, r) = palace::load("maps/palace.toml", get("maps/palace.toml")?, &units, &lookup)?;
        reconstructed |= r;
        let (core, r) = core::load("maps/core.toml", get("maps/core.toml")?, &units, &lookup, &palace)?;
        reconstructed |= r;
        let sources: BTreeMap<String, String> = src.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let id = content_id(&sources);
        let ways = Ways::of(&field, &palace, &core);
        let data =
            Data { units, figures, dice, decks, cards, space, field, palace, core, ways, reconstructed, id, sources };
        data.check_figures()?;
        Ok(data)
    }

    /// The files this data was loaded from, as a JSON object (what a game's saved data set holds).
    pub fn sources_json(&self) -> String {
        serde_json::to_string(&self.sources).unwrap_or_else(|_| "{}".into())
    }

    /// Load a data set saved with `sources_json`.
    pub fn from_json(json: &str) -> Result<Data, DataError> {
        let files: BTreeMap<String, String> =
            serde_json::from_str(json).map_err(|e| DataError::new("(saved data set)", "file", e.to_string()))?;
        let borrowed: BTreeMap<&str, &str> = files.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        Data::from_sources(&borrowed)
    }

    pub fn unit(&self, kind: KindId) -> &UnitDef {
        &self.units[kind.index()]
    }

    pub fn kind(&self, key: &str) -> Option<KindId> {
        self.units.iter().position(|u| u.key == key).map(|i| KindId(i as u8))
    }

    pub fn card(&self, id: CardId) -> &CardDef {
        &self.cards[id.index()]
    }

    pub fn deck(&self, id: DeckId) -> &DeckDef {
        &self.decks[id.index()]
    }

    /// The card with this code ("NB07"), if any.
    pub fn card_by_code(&self, code: &str) -> Option<CardId> {
        self.cards.iter().find(|c| c.code.eq_ignore_ascii_case(code.trim())).map(|c| c.id)
    }

    /// Setup must place every figure in the box exactly once.
    fn check_figures(&self) -> Result<(), DataError> {
        let mut placed = vec![0u32; self.figures.len()];
        for (_, kind) in &self.field.setup {
            let u = self.unit(*kind);
            placed[u.figure.index()] += u32::from(u.members);
        }
        for (_, kind) in &self.palace.setup {
            placed[self.unit(*kind).figure.index()] += 1;
        }
        for (kind, _) in &self.core.start {
            placed[self.unit(*kind).figure.index()] += 1;
        }
        for (i, (name, total)) in self.figures.iter().enumerate() {
            if placed[i] != u32::from(*total) {
                return Err(DataError::new(
                    "units.toml",
                    format!("figures.{name}"),
                    format!("the box holds {total} but the maps place {} at setup", placed[i]),
                ));
            }
        }
        Ok(())
    }
}

/// A name for a set of files: the SHA-256 of their paths and texts, in hex (first 16 bytes).
fn content_id(files: &BTreeMap<String, String>) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for (path, text) in files {
        // Lengths first, so no two different sets of files hash the same bytes.
        h.update((path.len() as u64).to_le_bytes());
        h.update(path.as_bytes());
        h.update((text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    }
    h.finalize()[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// The button label of a card's action.
pub fn action_label_of(d: &Data, card: CardId, i: u8) -> String {
    d.card(card).actions.get(usize::from(i)).map(|a| cards::action_label(a, &d.units)).unwrap_or_default()
}
