//! Configuration: config/default.toml (built in), an optional file, then environment variables.

use serde::Deserialize;
use std::path::{Path, PathBuf};

const DEFAULTS: &str = include_str!("../config/default.toml");

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub database: Database,
    pub discord: Discord,
    pub games: Games,
    pub limits: crate::service::Limits,
    pub log: Log,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Database {
    pub path: PathBuf,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Discord {
    pub dev_guild: String,
    pub proxy_url: String,
    /// Answer at once within this time, else acknowledge first (Discord's limit is 3 s).
    pub defer_after_ms: u64,
    /// Only from the environment (DISCORD_TOKEN).
    #[serde(skip)]
    pub token: Option<String>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Games {
    pub deadline_minutes: u32,
    pub remind_minutes: u32,
    /// Every new game gets this seed instead of a fresh secret one: for tests and demonstrations only,
    /// since anyone who knows it can foresee every shuffle and die.
    #[serde(default)]
    pub seed: Option<u64>,
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Log {
    pub level: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("the config file {path} is not valid: {message}")]
    Invalid { path: PathBuf, message: String },
}

/// Lay `over` onto `base`, table by table.
fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

impl Config {
    /// Load the defaults, the optional file, and the environment (through `env`, so tests can fake it).
    pub fn load(file: Option<&Path>, env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        let invalid = |path: &Path, message: String| ConfigError::Invalid { path: path.to_path_buf(), message };
        let builtin = Path::new("config/default.toml");
        let mut table: toml::Table = toml::from_str(DEFAULTS).map_err(|e| invalid(builtin, e.to_string()))?;
        let file = file.map(Path::to_path_buf).or_else(|| env("GAMBIT_CONFIG").map(PathBuf::from));
        if let Some(path) = &file {
            let text =
                std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.clone(), source })?;
            let over: toml::Table = toml::from_str(&text).map_err(|e| invalid(path, e.to_string()))?;
            merge(&mut table, over);
        }
        let source = file.as_deref().unwrap_or(builtin);
        let mut config: Config =
            toml::Value::Table(table).try_into().map_err(|e: toml::de::Error| invalid(source, e.to_string()))?;
        let set = |name: &str| env(name).filter(|v| !v.trim().is_empty());
        if let Some(p) = set("GAMBIT_DB") {
            config.database.path = PathBuf::from(p);
        }
        if let Some(g) = set("GAMBIT_DEV_GUILD") {
            config.discord.dev_guild = g;
        }
        if let Some(u) = set("DISCORD_PROXY_URL") {
            config.discord.proxy_url = u;
        }
        if let Some(seed) = set("GAMBIT_SEED") {
            let seed = seed.trim().parse().map_err(|_| ConfigError::Invalid {
                path: PathBuf::from("GAMBIT_SEED"),
                message: format!("'{seed}' is not a whole number"),
            })?;
            config.games.seed = Some(seed);
        }
        if let Some(l) = set("RUST_LOG") {
            config.log.level = l;
        }
        config.discord.token = set("DISCORD_TOKEN");
        Ok(config)
    }

    /// Load with the real environment.
    pub fn from_env(file: Option<&Path>) -> Result<Config, ConfigError> {
        Config::load(file, &|k| std::env::var(k).ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn defaults_then_file_then_environment() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("my.toml");
        std::fs::write(&file, "[database]\npath = \"/srv/games.db\"\n[games]\nremind_minutes = 60\n").unwrap();
        let env: HashMap<&str, &str> = HashMap::from([("DISCORD_TOKEN", "secret"), ("GAMBIT_DEV_GUILD", "123")]);
        let c = Config::load(Some(&file), &|k| env.get(k).map(|v| v.to_string())).unwrap();
        assert_eq!(c.database.path, PathBuf::from("/srv/games.db"));
        assert_eq!(c.games.remind_minutes, 60);
        assert_eq!(c.games.deadline_minutes, 2880, "untouched defaults stay");
        assert_eq!(c.discord.dev_guild, "123");
        assert_eq!(c.discord.token.as_deref(), Some("secret"));
        let c = Config::load(None, &|k| (k == "GAMBIT_DB").then(|| "x.db".to_string())).unwrap();
        assert_eq!(c.database.path, PathBuf::from("x.db"));
        assert_eq!(c.discord.token, None);
    }

    #[test]
    fn a_bad_file_says_which_file_and_what() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("bad.toml");
        std::fs::write(&file, "[database]\npaht = 3\n").unwrap();
        let e = Config::load(Some(&file), &|_| None).unwrap_err().to_string();
        assert!(e.contains("bad.toml is not valid") && e.contains("paht"), "{e}");
        let e = Config::load(Some(&dir.path().join("missing.toml")), &|_| None).unwrap_err().to_string();
        assert!(e.contains("cannot read the config file"), "{e}");
    }
}
