//! The games the bot can host, by key: how to open a new one from its lobby's options and how to rebuild a
//! saved one from its script, each with the game data it was created with. The shared layers look a game
//! up here by the key its record keeps; nothing above the games names one.

use super::Kind;
use std::sync::Arc;

/// Every game the bot hosts: the one registry of games, each named here once.
#[derive(Clone)]
pub struct Catalog {
    kinds: Vec<Arc<dyn Kind>>,
}

impl Catalog {
    pub fn new(kinds: Vec<Arc<dyn Kind>>) -> Catalog {
        Catalog { kinds }
    }

    /// Every game with its built-in data.
    pub fn embedded() -> Catalog {
        Catalog::new(vec![
            Arc::new(super::queens_gambit::Hosted::new(super::queens_gambit::rules::Data::embedded())),
            Arc::new(super::stratego::Hosted::new(super::stratego::Roster::embedded())),
        ])
    }

    /// Every game with the data a host keeps in `dir` (laid out like `assets/`).
    pub fn from_dir(dir: &std::path::Path) -> Result<Catalog, String> {
        let data = super::queens_gambit::rules::Data::from_dir(dir).map_err(|e| format!("game data: {e}"))?;
        let roster = super::stratego::Roster::from_dir(dir).map_err(|e| format!("stratego/roster.toml: {e}"))?;
        Ok(Catalog::new(vec![
            Arc::new(super::queens_gambit::Hosted::new(Arc::new(data))),
            Arc::new(super::stratego::Hosted::new(roster)),
        ]))
    }

    /// Every game, in the order the bot lists them.
    pub fn all(&self) -> &[Arc<dyn Kind>] {
        &self.kinds
    }

    pub fn get(&self, key: &str) -> Option<Arc<dyn Kind>> {
        self.kinds.iter().find(|k| k.key() == key).cloned()
    }

    pub fn keys(&self) -> Vec<&'static str> {
        self.kinds.iter().map(|k| k.key()).collect()
    }

    /// The game a replay script is of.
    pub fn owner_of(&self, script: &str) -> Option<Arc<dyn Kind>> {
        self.kinds.iter().find(|k| k.owns(script)).cloned()
    }

    /// The same catalog with one more game (a test's), or with `kind` in place of its game's entry.
    pub fn with(mut self, kind: Arc<dyn Kind>) -> Catalog {
        self.kinds.retain(|k| k.key() != kind.key());
        self.kinds.push(kind);
        self
    }
}

impl Default for Catalog {
    fn default() -> Catalog {
        Catalog::embedded()
    }
}
