//! Configuration: config/default.toml (built in), an optional file, then environment variables. Every
//! value is checked when the program starts; a bad one stops it with a message naming the variable or
//! the file and key it came from.

use serde::Deserialize;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

const DEFAULTS: &str = include_str!("../config/default.toml");

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub database: Database,
    pub discord: Discord,
    pub games: Games,
    pub limits: crate::service::Limits,
    pub backup: Backup,
    pub ops: Ops,
    pub web: Web,
    pub log: Log,
    pub ai: Ai,
}

/// The computer players: how much each level searches, and how many search at once.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ai {
    /// Searches running at once, each on a thread of its own beside the bot's (0: one per core but one).
    pub threads: usize,
    pub normal_worlds: u32,
    pub normal_cap_ms: u64,
    pub normal_temperature: f64,
    pub hard_worlds: u32,
    pub hard_cap_ms: u64,
    pub hard_temperature: f64,
}

impl Ai {
    /// The levels' budgets.
    pub fn settings(&self) -> crate::games::effort::Settings {
        use crate::games::effort::LevelBudget;
        use std::time::Duration;
        let level =
            |worlds, cap, temperature| LevelBudget { iterations: worlds, cap: Duration::from_millis(cap), temperature };
        crate::games::effort::Settings {
            normal: level(self.normal_worlds, self.normal_cap_ms, self.normal_temperature),
            hard: level(self.hard_worlds, self.hard_cap_ms, self.hard_temperature),
            ..crate::games::effort::Settings::default()
        }
    }

    /// How many searches may run at once.
    pub fn pool_size(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1)),
            n => n,
        }
    }
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
    /// The shards this process runs, `FIRST-LAST` (empty: all those Discord recommends), of `shard_total`.
    pub shards: String,
    pub shard_total: u32,
    /// This process's cap on its own posts, edits and threads, per second (0: none).
    pub requests_per_second: u32,
    /// Only from the environment (DISCORD_TOKEN).
    #[serde(skip)]
    pub token: Option<String>,
}

impl Discord {
    /// The development server's id, when one is set.
    pub fn dev_guild_id(&self) -> Option<u64> {
        self.dev_guild.parse::<u64>().ok().filter(|g| *g != 0)
    }

    /// The shards this process runs (checked when the configuration is loaded).
    pub fn shards(&self) -> Shards {
        Shards::parse(&self.shards, self.shard_total).unwrap_or(Shards::Recommended)
    }
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
    /// How new games are numbered: at random (the default: a number tells a server nothing about the
    /// host's other servers) or 1, 2, 3, ...
    pub numbering: crate::store::Numbering,
    /// After this many rounds with no change in what either side needs to win, a new round's post says
    /// so and suggests a draw (0: never).
    pub stall_rounds: u32,
    /// The most days a player may mark themselves away (`/qg away`): their games' clocks stop for them
    /// that long at most.
    pub away_days_max: u32,
}

/// Copies of the database taken while the bot runs.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Backup {
    /// Hours between copies (0: none).
    pub every_hours: u32,
    /// How many copies to keep; older ones are deleted.
    pub keep: u32,
    /// Where the copies go; relative paths are beside the database.
    pub dir: PathBuf,
}

/// What a host sees from outside: health and metrics over HTTP, and stopping.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Ops {
    /// Address for `/healthz` and `/metrics` ("" : no listener).
    pub listen: String,
    /// On SIGTERM or SIGINT, how long interactions in flight may take to finish.
    pub shutdown_seconds: u64,
    /// How often the bot looks for reminders and deadlines due, lobbies to close and seats to play.
    pub tick_seconds: u64,
}

impl Ops {
    pub fn listen_addr(&self) -> Option<SocketAddr> {
        self.listen.parse().ok()
    }
}

/// The web pages of the games (`src/web`): where they listen and how links to them begin.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Web {
    /// Address the pages are served on ("": no pages).
    pub listen: String,
    /// How links to the pages begin, as players reach them ("": `http://` and the listen address).
    pub public_url: String,
    /// How long a player's own link (their seat's page) stays good, in hours.
    pub seat_link_hours: u32,
    /// The key that signs links, from the environment only (`GAMBIT_WEB_KEY`); none: one made once and
    /// kept in the database.
    #[serde(skip)]
    pub key: Option<String>,
}

impl Web {
    /// The environment's settings of the pages over the files'.
    fn apply_env(&mut self, set: &dyn Fn(&str) -> Option<String>, checks: &Checks<'_>) -> Result<(), ConfigError> {
        if let Some(l) = set("GAMBIT_WEB_LISTEN") {
            self.listen = l.trim().to_string();
        }
        if let Some(u) = set("GAMBIT_WEB_PUBLIC_URL") {
            self.public_url = u.trim().to_string();
        }
        if let Some(h) = set("GAMBIT_WEB_SEAT_LINK_HOURS") {
            self.seat_link_hours = h.trim().parse().map_err(|_| {
                checks.fail("GAMBIT_WEB_SEAT_LINK_HOURS", "", format!("'{h}' is not a whole number of hours"))
            })?;
        }
        Ok(())
    }

    pub fn listen_addr(&self) -> Option<SocketAddr> {
        self.listen.parse().ok()
    }

    /// How links begin once the pages listen on `bound` (the address actually bound: port 0 picks one).
    pub fn base_url(&self, bound: SocketAddr) -> String {
        if self.public_url.is_empty() {
            format!("http://{bound}")
        } else {
            self.public_url.trim_end_matches('/').to_string()
        }
    }
}

#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Log {
    pub level: String,
    /// "text" (plain, coloured only on a terminal) or "json" (one object a line, for log collectors).
    pub format: String,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read the config file {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("the config file {path} is not valid: {message}")]
    Invalid { path: PathBuf, message: String },
    /// A value that does not make sense: `source` names the environment variable, or the key and file.
    #[error("{origin}: {message}")]
    Value { origin: String, message: String },
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

/// Settings given on the command line: over the environment's and the file's, checked with them.
#[derive(Clone, Debug, Default)]
pub struct Flags {
    /// `--db`
    pub db: Option<PathBuf>,
    /// `serve --shards`
    pub shards: Option<String>,
    /// `serve --shard-total`
    pub shard_total: Option<u32>,
}

impl Flags {
    /// The flag that set what the environment variable `var` sets, if it was given.
    fn over(&self, var: &str) -> Option<&'static str> {
        match var {
            "GAMBIT_DB" if self.db.is_some() => Some("--db"),
            "GAMBIT_SHARDS" if self.shards.is_some() => Some("--shards"),
            "GAMBIT_SHARD_TOTAL" if self.shard_total.is_some() => Some("--shard-total"),
            _ => None,
        }
    }
}

/// Each checked value with the flag and the environment variable that can set it and its key in the file.
struct Checks<'a> {
    file: String,
    set: &'a dyn Fn(&str) -> bool,
    flags: &'a Flags,
}

impl Checks<'_> {
    /// Where a value came from: its flag when it was given, else the variable when it was set, else the
    /// key in the file.
    fn source(&self, var: &str, key: &str) -> String {
        match self.flags.over(var) {
            Some(flag) => flag.to_string(),
            None if !var.is_empty() && (self.set)(var) => var.to_string(),
            None => format!("{key} in {}", self.file),
        }
    }

    fn fail(&self, var: &str, key: &str, message: impl Into<String>) -> ConfigError {
        ConfigError::Value { origin: self.source(var, key), message: message.into() }
    }
}

impl Config {
    /// Load the defaults, the optional file, and the environment (through `env`, so tests can fake it).
    pub fn load(file: Option<&Path>, env: &dyn Fn(&str) -> Option<String>) -> Result<Config, ConfigError> {
        Config::load_with(file, env, &Flags::default())
    }

    /// Load the defaults, the optional file, the environment and the command line's `flags`, each over
    /// the one before, and check them together.
    pub fn load_with(
        file: Option<&Path>,
        env: &dyn Fn(&str) -> Option<String>,
        flags: &Flags,
    ) -> Result<Config, ConfigError> {
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
        let checks = Checks { file: source.display().to_string(), set: &|name| set(name).is_some(), flags };
        config.apply_env(&set, &checks)?;
        config.apply_flags(flags);
        config.discord.token = set("DISCORD_TOKEN").map(|t| t.trim().to_string());
        config.web.key = set("GAMBIT_WEB_KEY").map(|k| k.trim().to_string());
        config.check(&checks)?;
        Ok(config)
    }

    /// The command line's settings over the environment's.
    fn apply_flags(&mut self, flags: &Flags) {
        if let Some(db) = &flags.db {
            self.database.path = db.clone();
        }
        if let Some(shards) = &flags.shards {
            self.discord.shards = shards.trim().to_string();
        }
        if let Some(total) = flags.shard_total {
            self.discord.shard_total = total;
        }
    }

    /// The environment's settings over the files'.
    fn apply_env(&mut self, set: &dyn Fn(&str) -> Option<String>, checks: &Checks<'_>) -> Result<(), ConfigError> {
        let config = self;
        if let Some(p) = set("GAMBIT_DB") {
            config.database.path = PathBuf::from(p);
        }
        if let Some(g) = set("GAMBIT_DEV_GUILD") {
            config.discord.dev_guild = g.trim().to_string();
        }
        if let Some(r) = set("GAMBIT_SHARDS") {
            config.discord.shards = r.trim().to_string();
        }
        if let Some(t) = set("GAMBIT_SHARD_TOTAL") {
            config.discord.shard_total = t
                .trim()
                .parse()
                .map_err(|_| checks.fail("GAMBIT_SHARD_TOTAL", "", format!("'{t}' is not a whole number")))?;
        }
        if let Some(u) = set("DISCORD_PROXY_URL") {
            config.discord.proxy_url = u.trim().to_string();
        }
        if let Some(seed) = set("GAMBIT_SEED") {
            let seed = seed
                .trim()
                .parse()
                .map_err(|_| checks.fail("GAMBIT_SEED", "", format!("'{seed}' is not a whole number")))?;
            config.games.seed = Some(seed);
        }
        if let Some(n) = set("GAMBIT_NUMBERING") {
            config.games.numbering = match n.trim() {
                "random" => crate::store::Numbering::Random,
                "sequential" => crate::store::Numbering::Sequential,
                other => {
                    return Err(checks.fail(
                        "GAMBIT_NUMBERING",
                        "",
                        format!("'{other}' is neither random nor sequential"),
                    ));
                }
            };
        }
        if let Some(l) = set("RUST_LOG") {
            config.log.level = l;
        }
        if let Some(f) = set("GAMBIT_LOG_FORMAT") {
            config.log.format = f.trim().to_string();
        }
        if let Some(l) = set("GAMBIT_OPS_LISTEN") {
            config.ops.listen = l.trim().to_string();
        }
        config.web.apply_env(set, checks)
    }

    /// Every value must make sense before anything starts.
    fn check(&self, c: &Checks<'_>) -> Result<(), ConfigError> {
        self.check_discord(c)?;
        if let Err(e) = tracing_subscriber::EnvFilter::try_new(&self.log.level) {
            return Err(c.fail("RUST_LOG", "[log] level", format!("'{}' is not a log filter: {e}", self.log.level)));
        }
        if !matches!(self.log.format.as_str(), "text" | "json") {
            return Err(c.fail(
                "GAMBIT_LOG_FORMAT",
                "[log] format",
                format!("'{}' is neither text nor json", self.log.format),
            ));
        }
        if !self.ops.listen.is_empty() && self.ops.listen_addr().is_none() {
            return Err(c.fail(
                "GAMBIT_OPS_LISTEN",
                "[ops] listen",
                format!("'{}' is not an address and port like 127.0.0.1:9100", self.ops.listen),
            ));
        }
        if !self.web.listen.is_empty() && self.web.listen_addr().is_none() {
            return Err(c.fail(
                "GAMBIT_WEB_LISTEN",
                "[web] listen",
                format!("'{}' is not an address and port like 127.0.0.1:8080", self.web.listen),
            ));
        }
        if !self.web.public_url.is_empty() && !is_http_url(&self.web.public_url) {
            return Err(c.fail(
                "GAMBIT_WEB_PUBLIC_URL",
                "[web] public_url",
                format!("'{}' is not an http:// or https:// address", self.web.public_url),
            ));
        }
        if self.web.seat_link_hours == 0 {
            return Err(c.fail("GAMBIT_WEB_SEAT_LINK_HOURS", "[web] seat_link_hours", "must be at least 1"));
        }
        if self.web.key.as_ref().is_some_and(|k| k.len() < 32) {
            return Err(c.fail("GAMBIT_WEB_KEY", "", "must be at least 32 characters (a long random string)"));
        }
        if !(1..=3600).contains(&self.ops.tick_seconds) {
            return Err(c.fail("", "[ops] tick_seconds", "must be between 1 and 3600"));
        }
        if !(1..=300).contains(&self.ops.shutdown_seconds) {
            return Err(c.fail("", "[ops] shutdown_seconds", "must be between 1 and 300"));
        }
        if self.backup.every_hours > 0 && self.backup.keep == 0 {
            return Err(c.fail("", "[backup] keep", "must be at least 1 when backups are on"));
        }
        self.check_ai(c)?;
        if self.database.path.as_os_str().is_empty() {
            return Err(c.fail("GAMBIT_DB", "[database] path", "is empty"));
        }
        Ok(())
    }

    /// The `[discord]` table's values.
    fn check_discord(&self, c: &Checks<'_>) -> Result<(), ConfigError> {
        let d = &self.discord;
        if !d.dev_guild.is_empty() && d.dev_guild_id().is_none() {
            return Err(c.fail(
                "GAMBIT_DEV_GUILD",
                "[discord] dev_guild",
                format!("'{}' is not a server id (a number)", d.dev_guild),
            ));
        }
        if !d.proxy_url.is_empty() && !is_http_url(&d.proxy_url) {
            return Err(c.fail(
                "DISCORD_PROXY_URL",
                "[discord] proxy_url",
                format!("'{}' is not an http:// or https:// address", d.proxy_url),
            ));
        }
        if let Err(e) = Shards::parse(&d.shards, d.shard_total) {
            // Named by what set the range, else by what set the total.
            let ranged = c.flags.shards.is_some() || (c.set)("GAMBIT_SHARDS");
            let (var, key) = match ranged {
                false if c.flags.shard_total.is_some() || (c.set)("GAMBIT_SHARD_TOTAL") => {
                    ("GAMBIT_SHARD_TOTAL", "[discord] shard_total")
                }
                _ => ("GAMBIT_SHARDS", "[discord] shards"),
            };
            return Err(c.fail(var, key, e));
        }
        if d.defer_after_ms > 2500 {
            return Err(c.fail(
                "",
                "[discord] defer_after_ms",
                "must be at most 2500: Discord drops answers after 3 s",
            ));
        }
        Ok(())
    }

    /// The computer players' budgets.
    fn check_ai(&self, c: &Checks<'_>) -> Result<(), ConfigError> {
        let ai = &self.ai;
        for (key, worlds, cap, temperature) in [
            ("normal", ai.normal_worlds, ai.normal_cap_ms, ai.normal_temperature),
            ("hard", ai.hard_worlds, ai.hard_cap_ms, ai.hard_temperature),
        ] {
            if worlds == 0 || cap == 0 {
                return Err(c.fail("", &format!("[ai] {key}_worlds"), "a level needs worlds and time to search"));
            }
            if !(0.0..=1.0).contains(&temperature) {
                return Err(c.fail("", &format!("[ai] {key}_temperature"), "must be between 0 and 1"));
            }
        }
        Ok(())
    }

    /// Load with the real environment.
    pub fn from_env(file: Option<&Path>, flags: &Flags) -> Result<Config, ConfigError> {
        Config::load_with(file, &|k| std::env::var(k).ok(), flags)
    }

    /// Where scheduled backups go: `[backup] dir`, beside the database when relative.
    pub fn backup_dir(&self) -> PathBuf {
        if self.backup.dir.is_absolute() {
            return self.backup.dir.clone();
        }
        let beside = self.database.path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        beside.join(&self.backup.dir)
    }
}

/// The Discord shards a process connects (`discord::shards` starts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends (`GET /gateway/bot`), all in this process.
    Recommended,
    /// Shards `first` to `last` (both included) of `total`.
    Range { first: u32, last: u32, total: u32 },
}

impl Shards {
    /// Reads `FIRST-LAST` (or one shard, `N`) of `total`; empty: every shard of the total, or with no
    /// total the recommended ones.
    pub fn parse(range: &str, total: u32) -> Result<Shards, String> {
        let range = range.trim();
        if range.is_empty() {
            return Ok(match total {
                0 => Shards::Recommended,
                _ => Shards::Range { first: 0, last: total - 1, total },
            });
        }
        let number = |s: &str| s.trim().parse::<u32>().map_err(|_| format!("'{range}' is not a shard range like 0-3"));
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => (number(range)?, number(range)?),
        };
        if total == 0 {
            return Err(format!("shards {range} of how many? Set the shard total too"));
        }
        if first > last || last >= total {
            return Err(format!("shards {range} are not within 0-{} (the total is {total})", total - 1));
        }
        Ok(Shards::Range { first, last, total })
    }

    /// How many shards this process runs, when it is known before asking Discord.
    pub fn count(&self) -> Option<u32> {
        match self {
            Shards::Recommended => None,
            Shards::Range { first, last, .. } => Some(last - first + 1),
        }
    }
}

impl std::fmt::Display for Shards {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Shards::Recommended => write!(f, "as many as Discord recommends"),
            Shards::Range { first, last, total } if first == last => write!(f, "{first} of {total}"),
            Shards::Range { first, last, total } => write!(f, "{first}-{last} of {total}"),
        }
    }
}

/// `http://host[:port][/path]` or `https://...`, with a host.
fn is_http_url(s: &str) -> bool {
    let rest = s.strip_prefix("http://").or_else(|| s.strip_prefix("https://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !host.starts_with(':') && !s.contains(char::is_whitespace)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn with(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let env: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::load(None, &|k| env.get(k).cloned())
    }

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
        assert_eq!(c.discord.dev_guild_id(), Some(123));
        assert_eq!(c.discord.token.as_deref(), Some("secret"));
        assert_eq!(c.backup_dir(), PathBuf::from("/srv/backups"));
        let c = with(&[("GAMBIT_DB", "x.db")]).unwrap();
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
        std::fs::write(&file, "[ops]\nlisten = \"somewhere\"\n").unwrap();
        let e = Config::load(Some(&file), &|_| None).unwrap_err().to_string();
        assert!(e.starts_with("[ops] listen in ") && e.contains("bad.toml: 'somewhere' is not an address"), "{e}");
    }

    #[test]
    fn each_bad_environment_value_is_named() {
        for (var, value, says) in [
            ("GAMBIT_DEV_GUILD", "my-server", "is not a server id"),
            ("DISCORD_PROXY_URL", "proxy:8080", "is not an http:// or https:// address"),
            ("GAMBIT_SEED", "lucky", "is not a whole number"),
            ("GAMBIT_NUMBERING", "odd", "is neither random nor sequential"),
            ("RUST_LOG", "gambit=loud", "is not a log filter"),
            ("GAMBIT_LOG_FORMAT", "xml", "is neither text nor json"),
            ("GAMBIT_OPS_LISTEN", "9100", "is not an address and port"),
        ] {
            let e = with(&[(var, value)]).unwrap_err().to_string();
            assert!(e.starts_with(&format!("{var}: '{value}' {says}")), "{e}");
        }
        assert!(with(&[("DISCORD_PROXY_URL", "http://proxy:8080/api"), ("RUST_LOG", "gambit=debug,info")]).is_ok());
        let e = with(&[("GAMBIT_SHARDS", "0-9")]).unwrap_err().to_string();
        assert!(e.starts_with("GAMBIT_SHARDS: ") && e.contains("shard total"), "{e}");
        let c = with(&[("GAMBIT_SHARDS", "2-3"), ("GAMBIT_SHARD_TOTAL", "4")]).unwrap();
        assert_eq!(c.discord.shards(), Shards::Range { first: 2, last: 3, total: 4 });
    }

    /// The command line's flags lie over the environment, which lies over the file, and are checked with
    /// them: compose's shard total in the environment with each process's range as a flag starts.
    #[test]
    fn flags_lie_over_the_environment_and_are_checked_together_naming_their_origin() {
        let env = |k: &str| (k == "GAMBIT_SHARD_TOTAL").then(|| "2".to_string());
        let flags = Flags { shards: Some("1-1".into()), ..Flags::default() };
        let c = Config::load_with(None, &env, &flags).unwrap();
        assert_eq!(c.discord.shards(), Shards::Range { first: 1, last: 1, total: 2 });
        let flags = Flags { shards: Some("0-5".into()), ..Flags::default() };
        let e = Config::load_with(None, &env, &flags).unwrap_err().to_string();
        assert!(e.starts_with("--shards: ") && e.contains("not within 0-1"), "{e}");
        let flags = Flags { shard_total: Some(4), shards: Some("3".into()), db: Some("x.db".into()) };
        let c = Config::load_with(None, &env, &flags).unwrap();
        assert_eq!(
            (c.discord.shards(), c.database.path.as_path()),
            (Shards::Range { first: 3, last: 3, total: 4 }, Path::new("x.db"))
        );
        let e = Config::load_with(None, &|_| None, &Flags { shards: Some("0-1".into()), ..Flags::default() });
        assert!(e.unwrap_err().to_string().starts_with("--shards: "), "a range with no total is named by its flag");
    }

    #[test]
    fn a_range_is_first_to_last_inclusive_within_the_total() {
        assert_eq!(Shards::parse("", 0), Ok(Shards::Recommended));
        assert_eq!(Shards::parse("0-1", 4), Ok(Shards::Range { first: 0, last: 1, total: 4 }));
        assert_eq!(Shards::parse("3", 4), Ok(Shards::Range { first: 3, last: 3, total: 4 }));
        assert_eq!(Shards::parse(" 2 - 3 ", 4).map(|s| s.count()), Ok(Some(2)));
        assert_eq!(Shards::parse("", 2), Ok(Shards::Range { first: 0, last: 1, total: 2 }), "a total alone: all");
        for (range, total, says) in [
            ("0-4", 4, "not within 0-3"),
            ("2-1", 4, "not within"),
            ("0-1", 0, "Set the shard total"),
            ("a-b", 4, "not a shard range"),
        ] {
            let e = Shards::parse(range, total).unwrap_err();
            assert!(e.contains(says), "{range} of {total}: {e}");
        }
    }
}
