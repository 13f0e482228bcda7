//! The roster: every kind of piece of both armies, read from `assets/stratego/roster.toml` (a labelled
//! reconstruction, replaceable without a code change) and checked so that every game's armies add up.

use super::piece::{Colour, Kind, Power, Powers, Rank, Side};
use super::rules::Variant;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

/// The roster compiled into the binary.
pub const EMBEDDED: &str = include_str!("../../../assets/stratego/roster.toml");
/// Its path under `assets/`.
pub const FILE: &str = "stratego/roster.toml";

/// A problem in the roster file: which entry and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{FILE}: {entry}: {problem}")]
pub struct RosterError {
    pub entry: String,
    pub problem: String,
}

fn bad(entry: impl Into<String>, problem: impl Into<String>) -> RosterError {
    RosterError { entry: entry.into(), problem: problem.into() }
}

/// A piece's special part in game 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// Turns to the Evil side at the tenth Good piece captured.
    Anakin,
    /// Waits off the board until Evil's Anakin is captured.
    Vader,
}

/// One line of the roster: a kind of piece and how many of it an army has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindDef {
    pub code: String,
    /// The character's name; `None` for pieces the booklet does not name.
    pub name: Option<String>,
    pub side: Side,
    pub rank: Rank,
    pub count: u8,
    pub colour: Colour,
    pub powers: Powers,
    pub role: Option<Role>,
}

impl KindDef {
    /// How a piece of this kind is called in messages: its name, or "Good 6" for an unnamed one.
    pub fn label(&self) -> String {
        match &self.name {
            Some(name) => name.clone(),
            None => format!("{} {}", self.side.name(), self.rank.code()),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    reconstructed: bool,
    piece: Vec<Line>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Line {
    code: String,
    name: Option<String>,
    side: String,
    rank: String,
    count: u8,
    colour: Colour,
    #[serde(default)]
    powers: Vec<Power>,
    role: Option<Role>,
}

/// Both armies' kinds of piece.
#[derive(Debug, PartialEq, Eq)]
pub struct Roster {
    pub kinds: Vec<KindDef>,
    /// The file says its values are a reconstruction, not the printed labels.
    pub reconstructed: bool,
    /// The file's text, to keep with the games that use it.
    pub source: String,
}

impl Roster {
    /// The roster compiled into the binary, loaded once per process.
    pub fn embedded() -> Arc<Roster> {
        static ROSTER: OnceLock<Arc<Roster>> = OnceLock::new();
        ROSTER
            .get_or_init(|| match Roster::parse(EMBEDDED) {
                Ok(r) => Arc::new(r),
                // The embedded file is checked by the tests; a failure here is a build defect.
                Err(e) => panic!("the embedded Stratego roster is invalid: {e}"),
            })
            .clone()
    }

    /// The roster in a folder laid out like `assets/` (`stratego/roster.toml`), or the built-in one when
    /// the folder has none.
    pub fn from_dir(dir: &std::path::Path) -> Result<Arc<Roster>, RosterError> {
        let path = dir.join(FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => Roster::parse(&text).map(Arc::new),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Roster::embedded()),
            Err(e) => Err(bad("file", format!("cannot read {}: {e}", path.display()))),
        }
    }

    /// Reads and checks a roster file's text.
    pub fn parse(text: &str) -> Result<Roster, RosterError> {
        let file: File = toml::from_str(text).map_err(|e| bad("file", e.message()))?;
        let mut kinds: Vec<KindDef> = Vec::new();
        for line in file.piece {
            let entry = line.code.clone();
            if line.code.is_empty() || line.code.len() > 6 || !line.code.chars().all(|c| c.is_ascii_alphanumeric()) {
                return Err(bad(entry, "a code is 1-6 letters or digits"));
            }
            if Rank::parse(&line.code).is_some() {
                return Err(bad(entry, "a code may not read as a rank"));
            }
            if kinds.iter().any(|k| k.code.eq_ignore_ascii_case(&line.code)) {
                return Err(bad(entry, "two lines have this code"));
            }
            let side = Side::parse(&line.side).ok_or_else(|| bad(&entry, "side is evil or good"))?;
            let rank = Rank::parse(&line.rank).ok_or_else(|| bad(&entry, "rank is 2-10, S, B or F"))?;
            if line.count == 0 {
                return Err(bad(entry, "count is at least 1"));
            }
            if !rank.moves() && !line.powers.is_empty() {
                return Err(bad(entry, "a piece that never moves has no powers"));
            }
            if line.role.is_some() && line.count != 1 {
                return Err(bad(entry, "Anakin and Vader are one piece each"));
            }
            kinds.push(KindDef {
                code: line.code.to_ascii_uppercase(),
                name: line.name,
                side,
                rank,
                count: line.count,
                colour: line.colour,
                powers: Powers::of(&line.powers),
                role: line.role,
            });
        }
        if kinds.len() > 200 {
            return Err(bad("file", "more than 200 kinds of piece"));
        }
        let roster = Roster { kinds, reconstructed: file.reconstructed, source: text.to_string() };
        roster.check()?;
        Ok(roster)
    }

    /// The checks every game needs (spec 2.1): the classic counts in games 1-2, 30 a side in games 3-4
    /// with Vader waiting in game 3, one Lightsaber in every army, one Anakin and one Vader.
    fn check(&self) -> Result<(), RosterError> {
        let role = |role: Role| self.kinds.iter().filter(|k| k.role == Some(role)).collect::<Vec<_>>();
        match role(Role::Anakin).as_slice() {
            [a] if a.side == Side::Good && a.colour == Colour::Red && a.rank.moves() => {}
            _ => return Err(bad("anakin", "exactly one Anakin: a Good, red, moving piece")),
        }
        match role(Role::Vader).as_slice() {
            [v] if v.side == Side::Evil
                && v.colour == Colour::Blue
                && v.rank == Rank::Number(9)
                && v.powers.has(Power::Vision) => {}
            _ => return Err(bad("vader", "exactly one Vader: an Evil, blue 9 with Vision")),
        }
        for variant in Variant::ALL {
            for side in Side::BOTH {
                let army = self.army(side, variant);
                let entry = format!("game {} {} army", variant.number(), side.name());
                let mut counts: BTreeMap<Rank, usize> = BTreeMap::new();
                for kind in &army {
                    *counts.entry(self.kind(*kind).rank).or_default() += 1;
                }
                if counts.get(&Rank::Lightsaber) != Some(&1) {
                    return Err(bad(entry, "it needs exactly one Lightsaber"));
                }
                let want = variant.army_size(side);
                if army.len() != want {
                    return Err(bad(entry, format!("{} pieces, the game needs {want}", army.len())));
                }
                if variant.depth() == 4 {
                    for (rank, n) in Rank::ARMY {
                        let have = counts.get(&rank).copied().unwrap_or(0);
                        if have != n {
                            return Err(bad(
                                entry,
                                format!("{have} of rank {}, the classic army has {n}", rank.code()),
                            ));
                        }
                    }
                }
            }
        }
        Ok(())
    }

    pub fn kind(&self, kind: Kind) -> &KindDef {
        &self.kinds[usize::from(kind.0)]
    }

    /// The kind whose code is `code` (any case).
    pub fn find(&self, code: &str) -> Option<Kind> {
        let code = code.trim();
        self.kinds.iter().position(|k| k.code.eq_ignore_ascii_case(code)).map(|i| Kind(i as u8))
    }

    /// The kind with a role (Anakin, Vader).
    pub fn with_role(&self, role: Role) -> Kind {
        let i = self.kinds.iter().position(|k| k.role == Some(role));
        // check() guarantees one of each.
        Kind(i.unwrap_or(0) as u8)
    }

    /// The pieces `side` sets up in `variant`, each kind as often as its count, in roster order. Game 3's
    /// Vader is not among them: he waits off the board.
    pub fn army(&self, side: Side, variant: Variant) -> Vec<Kind> {
        let mut out = Vec::new();
        for (i, k) in self.kinds.iter().enumerate() {
            let plays = match variant {
                Variant::Classic | Variant::Powers => true,
                Variant::Rise => k.colour != Colour::Blue,
                Variant::Rebellion => k.colour != Colour::Red,
            };
            if k.side == side && plays {
                out.extend(std::iter::repeat_n(Kind(i as u8), usize::from(k.count)));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_roster_is_a_labelled_reconstruction_whose_armies_add_up() {
        let r = Roster::parse(EMBEDDED).expect("the shipped roster");
        assert!(r.reconstructed);
        for side in Side::BOTH {
            assert_eq!(r.army(side, Variant::Classic).len(), 40);
            assert_eq!(r.army(side, Variant::Rebellion).len(), 30);
        }
        assert_eq!(r.army(Side::Good, Variant::Rise).len(), 30);
        assert_eq!(r.army(Side::Evil, Variant::Rise).len(), 29, "Vader waits");
        let label = |code: &str| r.kind(r.find(code).unwrap()).label();
        assert_eq!(label("sid"), "Darth Sidious");
        assert_eq!(label("G6R"), "Good 6");
        let vader = r.kind(r.with_role(Role::Vader));
        assert_eq!((vader.rank, vader.colour, vader.powers.has(Power::Vision)), (Rank::Number(9), Colour::Blue, true));
    }

    #[test]
    fn a_hosts_folder_replaces_the_roster_only_with_one_that_checks() {
        let dir = std::env::temp_dir().join(format!("gambit-roster-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("stratego")).unwrap();
        assert_eq!(Roster::from_dir(&dir).unwrap(), Roster::embedded(), "no file: the built-in roster");
        let renamed = EMBEDDED.replace(r#"name = "Greedo""#, r#"name = "Greedo the Unlucky""#);
        std::fs::write(dir.join(FILE), &renamed).unwrap();
        let r = Roster::from_dir(&dir).unwrap();
        assert_eq!(r.kind(r.find("GRE").unwrap()).label(), "Greedo the Unlucky");
        std::fs::write(
            dir.join(FILE),
            EMBEDDED.replace(r#"count = 6, colour = "green" }"#, r#"count = 7, colour = "green" }"#),
        )
        .unwrap();
        let e = Roster::from_dir(&dir).unwrap_err();
        assert!(e.to_string().starts_with("stratego/roster.toml: game 1"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_broken_roster_is_refused_with_the_entry_and_the_problem() {
        let two_sabers = EMBEDDED.replace(
            r#"{ code = "R2U", name = "R2 Unit", side = "good", rank = "3""#,
            r#"{ code = "R2U", name = "R2 Unit", side = "good", rank = "F""#,
        );
        let e = Roster::parse(&two_sabers).unwrap_err();
        assert!(e.problem.contains("one Lightsaber"), "{e}");
        let e = Roster::parse(&EMBEDDED.replace(
            r#"rank = "9", count = 1, colour = "blue", powers = ["vision"], role"#,
            r#"rank = "8", count = 1, colour = "blue", powers = ["vision"], role"#,
        ))
        .unwrap_err();
        assert_eq!(e.entry, "vader");
        let e = Roster::parse(&EMBEDDED.replace("\"quickness\"]", "\"flying\"]")).unwrap_err();
        assert_eq!(e.entry, "file", "{e}");
        let e = Roster::parse(&EMBEDDED.replace(
            r#"code = "G4B", side = "good", rank = "4", count = 1"#,
            r#"code = "G4B", side = "good", rank = "4", count = 2"#,
        ))
        .unwrap_err();
        assert!(e.problem.contains("41 pieces") || e.problem.contains("of rank 4"), "{e}");
    }
}
