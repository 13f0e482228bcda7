//! The four action decks and what each card lets its player do.

use super::units::{KindId, UnitDef};
use super::{DataError, parse_toml};
use crate::games::queens_gambit::rules::side::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One physical action card (an index into `Data::cards`). Codes like "NB07" name it for people.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CardId(pub u16);

impl CardId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// One of the four decks: 0 Naboo Battlefield, 1 Naboo Palace, 2 TF Battlefield, 3 TF Palace.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct DeckId(pub u8);

impl DeckId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    pub fn of(side: Side, kind: DeckKind) -> DeckId {
        let s = match side {
            Side::Naboo => 0,
            Side::Tf => 2,
        };
        let k = match kind {
            DeckKind::Battlefield => 0,
            DeckKind::Palace => 1,
        };
        DeckId(s + k)
    }

    pub fn side(self) -> Side {
        if self.0 < 2 { Side::Naboo } else { Side::Tf }
    }

    pub fn kind(self) -> DeckKind {
        if self.0.is_multiple_of(2) { DeckKind::Battlefield } else { DeckKind::Palace }
    }

    pub const ALL: [DeckId; 4] = [DeckId(0), DeckId(1), DeckId(2), DeckId(3)];
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DeckKind {
    Battlefield,
    Palace,
}

impl DeckKind {
    pub fn name(self) -> &'static str {
        match self {
            DeckKind::Battlefield => "Battlefield",
            DeckKind::Palace => "Theed Palace",
        }
    }
}

/// What an action does.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Activate up to `count` different units of each listed kind, in any order.
    Units {
        parts: Vec<(KindId, u8)>,
        /// Movement multipliers by kind (Rush the Palace doubles the guards).
        move_factor: Vec<(KindId, u8)>,
        /// Naboo units may move between window hexes of different floors.
        window: bool,
        /// Duelists get 6 dice over the activation, at most 3 per attack.
        attack_twice: bool,
    },
    /// One attempt to move Anakin one space.
    Anakin,
    /// Draw a Starfighter card and place it on a grid ahead of Anakin.
    Starfighter,
    /// Draw from the player's own deck of that kind and play the card, `times` times.
    DrawAndPlay { deck: DeckKind, times: u8 },
    /// Send one battlefield droid group to the palace staging zone.
    DroidsToPalace,
    /// Bring back destroyed droids as up to `groups` new groups next to different MTTs.
    ActivateDroids { groups: u8 },
    /// Remove up to `amount` damage from a character.
    Recover { kind: KindId, amount: u8 },
}

#[derive(Clone, Debug)]
pub struct CardDef {
    pub id: CardId,
    /// "NB07": deck code and number within the deck.
    pub code: String,
    pub deck: DeckId,
    pub title: String,
    pub actions: Vec<Action>,
}

#[derive(Clone, Debug)]
pub struct DeckDef {
    pub id: DeckId,
    pub code: String,
    pub name: String,
    pub cards: Vec<CardId>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDeck {
    reconstructed: bool,
    code: String,
    name: String,
    side: String,
    kind: String,
    card: Vec<RawCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    #[serde(default)]
    name: Option<String>,
    copies: u8,
    actions: Vec<RawAction>,
}

#[derive(Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
enum RawAction {
    Units {
        units: BTreeMap<String, u8>,
        #[serde(default)]
        move_factor: BTreeMap<String, u8>,
        #[serde(default)]
        window: bool,
        #[serde(default)]
        attack_twice: bool,
    },
    Anakin,
    Starfighter,
    DrawAndPlay {
        deck: String,
        times: u8,
    },
    DroidsToPalace,
    ActivateDroids {
        groups: u8,
    },
    Recover {
        unit: String,
        amount: u8,
    },
}

/// Long by design: the decks file checked field by field (a data table, not logic).
pub(super) fn load(
    file: &str,
    text: &str,
    id: DeckId,
    units: &[UnitDef],
    lookup: &dyn Fn(&str) -> Option<KindId>,
    cards: &mut Vec<CardDef>,
) -> Result<(DeckDef, bool), DataError> {
    let raw: RawDeck = parse_toml(file, text)?;
    let side = deck_side(file, &raw, id)?;
    if raw.code.len() != 2 || !raw.code.chars().all(|c| c.is_ascii_uppercase()) {
        return Err(DataError::new(file, "code", "must be two capital letters, like NB"));
    }
    let mut deck = DeckDef { id, code: raw.code.clone(), name: raw.name, cards: Vec::new() };
    for (ci, rc) in raw.card.iter().enumerate() {
        let entry = format!("card {} ({})", ci + 1, rc.name.as_deref().unwrap_or("untitled"));
        let err = |p: String| DataError::new(file, &entry, p);
        if rc.actions.is_empty() {
            return Err(err("a card needs at least one action".into()));
        }
        if rc.copies == 0 {
            return Err(err("copies must be at least 1".into()));
        }
        let mut actions = Vec::new();
        for ra in &rc.actions {
            actions.push(convert(ra, side, units, lookup).map_err(err)?);
        }
        let title = match &rc.name {
            Some(n) => n.clone(),
            None => actions.iter().map(|a| action_label(a, units)).collect::<Vec<_>>().join(" / "),
        };
        for _ in 0..rc.copies {
            let cid = CardId(cards.len() as u16);
            let code = format!("{}{:02}", raw.code, deck.cards.len() + 1);
            cards.push(CardDef { id: cid, code, deck: id, title: title.clone(), actions: actions.clone() });
            deck.cards.push(cid);
        }
    }
    if deck.cards.is_empty() {
        return Err(DataError::new(file, "card", "a deck needs cards"));
    }
    if deck.cards.len() > 99 {
        return Err(DataError::new(file, "card", "at most 99 cards per deck"));
    }
    Ok((deck, raw.reconstructed))
}

/// The side a decks file is for, checked against the deck it must hold.
fn deck_side(file: &str, raw: &RawDeck, id: DeckId) -> Result<Side, DataError> {
    let side = match raw.side.as_str() {
        "naboo" => Side::Naboo,
        "tf" => Side::Tf,
        o => {
            return Err(DataError::new(file, "side", format!("must be naboo or tf, not '{o}'")));
        }
    };
    let kind = match raw.kind.as_str() {
        "battlefield" => DeckKind::Battlefield,
        "palace" => DeckKind::Palace,
        o => {
            return Err(DataError::new(file, "kind", format!("must be battlefield or palace, not '{o}'")));
        }
    };
    if DeckId::of(side, kind) != id {
        return Err(DataError::new(
            file,
            "side/kind",
            format!("this file must hold the {} {} deck", id.side().key(), id.kind().name()),
        ));
    }
    Ok(side)
}

pub(super) fn check_decks(file: &str, decks: &[DeckDef]) -> Result<(), DataError> {
    for (i, a) in decks.iter().enumerate() {
        for b in &decks[i + 1..] {
            if a.code == b.code {
                return Err(DataError::new(file, "code", format!("two decks use the code {}", a.code)));
            }
        }
    }
    Ok(())
}

/// Long by design: one arm per card effect in the data file, each checked where it is read (a data table).
fn convert(
    ra: &RawAction,
    side: Side,
    units: &[UnitDef],
    lookup: &dyn Fn(&str) -> Option<KindId>,
) -> Result<Action, String> {
    let kind_of = |k: &str| -> Result<KindId, String> {
        let id = lookup(k).ok_or_else(|| format!("unknown unit '{k}'"))?;
        let u = &units[id.index()];
        if u.side != side {
            return Err(format!("'{k}' belongs to the other side"));
        }
        Ok(id)
    };
    Ok(match ra {
        RawAction::Units { units: parts, move_factor, window, attack_twice } => {
            if parts.is_empty() {
                return Err("a units action needs at least one unit".into());
            }
            let mut p = Vec::new();
            for (k, n) in parts {
                let id = kind_of(k)?;
                if *n == 0 {
                    return Err(format!("'{k}' count must be at least 1"));
                }
                let u = &units[id.index()];
                if u.movement == 0 && u.range == super::Range::None {
                    return Err(format!("'{k}' can neither move nor attack"));
                }
                p.push((id, *n));
            }
            // Listed in the order of units.toml, so labels read "Panaka + 4 Palace guards".
            p.sort_by_key(|(k, _)| *k);
            let mut mf = Vec::new();
            for (k, n) in move_factor {
                let id = kind_of(k)?;
                if !p.iter().any(|(pk, _)| *pk == id) {
                    return Err(format!("move_factor names '{k}', which the action does not activate"));
                }
                if *n == 0 {
                    return Err(format!("move_factor for '{k}' must be at least 1"));
                }
                mf.push((id, *n));
            }
            if *window && side != Side::Naboo {
                return Err("window-ledge movement is for Naboo cards only".into());
            }
            if *attack_twice && !p.iter().all(|(k, _)| units[k.index()].traits.duelist) {
                return Err("attack_twice is for Jedi and Sith only".into());
            }
            Action::Units { parts: p, move_factor: mf, window: *window, attack_twice: *attack_twice }
        }
        RawAction::Anakin => {
            if side != Side::Naboo {
                return Err("only Naboo cards move Anakin".into());
            }
            Action::Anakin
        }
        RawAction::Starfighter => {
            if side != Side::Tf {
                return Err("only Trade Federation cards draw Starfighter cards".into());
            }
            Action::Starfighter
        }
        RawAction::DrawAndPlay { deck, times } => {
            let d = match deck.as_str() {
                "battlefield" => DeckKind::Battlefield,
                "palace" => DeckKind::Palace,
                o => return Err(format!("deck must be battlefield or palace, not '{o}'")),
            };
            if *times == 0 {
                return Err("times must be at least 1".into());
            }
            Action::DrawAndPlay { deck: d, times: *times }
        }
        RawAction::DroidsToPalace => {
            if side != Side::Tf {
                return Err("only Trade Federation cards move droids".into());
            }
            Action::DroidsToPalace
        }
        RawAction::ActivateDroids { groups } => {
            if side != Side::Tf {
                return Err("only Trade Federation cards activate droids".into());
            }
            if *groups == 0 {
                return Err("groups must be at least 1".into());
            }
            Action::ActivateDroids { groups: *groups }
        }
        RawAction::Recover { unit, amount } => {
            let id = kind_of(unit)?;
            if !units[id.index()].has_track() {
                return Err(format!("'{unit}' has no damage track to recover"));
            }
            if *amount == 0 {
                return Err("amount must be at least 1".into());
            }
            Action::Recover { kind: id, amount: *amount }
        }
    })
}

/// A short name for an action, as shown on buttons: "Anakin", "Panaka + 4 Palace guards (guards move x2)".
pub fn action_label(a: &Action, units: &[UnitDef]) -> String {
    match a {
        Action::Units { parts, move_factor, window, attack_twice } => {
            let names: Vec<String> = parts.iter().map(|(k, n)| unit_phrase(&units[k.index()], *n)).collect();
            let mut s = names.join(" + ");
            for (k, f) in move_factor {
                s.push_str(&format!(" ({} move x{f})", short(&units[k.index()])));
            }
            if *window {
                s.push_str(" (window ledges)");
            }
            if *attack_twice {
                s.push_str(" attacks twice");
            }
            s
        }
        Action::Anakin => "Anakin".into(),
        Action::Starfighter => "Draw a Starfighter card".into(),
        Action::DrawAndPlay { deck, times } => {
            if *times == 1 {
                format!("Draw a {} card and play it", deck.name())
            } else {
                format!("Draw and play {times} {} cards", deck.name())
            }
        }
        Action::DroidsToPalace => "Droids to the palace".into(),
        Action::ActivateDroids { groups } => format!("Activate up to {groups} droid groups"),
        Action::Recover { kind, amount } => {
            format!("{} recovers {amount}", short(&units[kind.index()]))
        }
    }
}

fn short(u: &UnitDef) -> String {
    u.short.clone()
}

/// "Panaka", "3 Battle droid groups", "2 Palace guards": a number of units as cards and prompts say it.
pub fn unit_phrase(u: &UnitDef, n: u8) -> String {
    let noun = if u.is_group() { format!("{} group", short(u)) } else { short(u) };
    if n == 1 { noun } else { format!("{n} {noun}s") }
}
