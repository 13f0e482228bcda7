//! *The Queen's Gambit* as a kind of game (`games::Kind`): new games from a lobby's options (`players 2`
//! or `players 4`), saved ones rebuilt from their logs, each with the component data it was created with.

use super::rules::{Data, Mode, RulesVersion};
use super::table::{KEY, Table};
use crate::games::Kind;
use crate::games::{Engine, Words};
use std::sync::Arc;

pub struct Hosted {
    data: Arc<Data>,
}

impl Hosted {
    pub fn new(data: Arc<Data>) -> Hosted {
        Hosted { data }
    }

    /// The data the first game runs with, when `kind` is the first game's (a catalog's entry for its key).
    pub fn data_of(kind: &dyn Kind) -> Option<Arc<Data>> {
        kind.as_any()?.downcast_ref::<Hosted>().map(|h| h.data.clone())
    }

    /// The running data, or the data a game was created with (its sources as the database keeps them).
    fn data(&self, kept: Option<&str>) -> Result<Arc<Data>, String> {
        match kept {
            None => Ok(self.data.clone()),
            Some(json) if json == self.data.sources_json() => Ok(self.data.clone()),
            Some(json) => {
                Data::from_json(json).map(Arc::new).map_err(|e| format!("its game data no longer loads: {e}"))
            }
        }
    }
}

/// The mode a lobby's checked options name (two players unless they say four).
fn mode_of(options: &str) -> Mode {
    if options.lines().any(|l| l.split_whitespace().eq(["players", "4"])) { Mode::FourPlayer } else { Mode::TwoPlayer }
}

/// The first game's words in the shared messages. Its plans are made in play, each round (its board is
/// shown from the start, so the words for before play are never used).
static WORDS: Words = Words {
    command: "/qg",
    prepare_button: "Plan",
    play_button: "Your turn",
    prepare_ask: "to plan",
    play_ask: "to plan or play",
    lobby_note: "Each side plans in secret every round.",
    locked: "Your plan is locked.",
    seeded: "every roll",
    replayed: "every card and die",
    showed: "revealed a card or rolled dice",
    paste: None,
    confirm_concede: Some("CONCEDE"),
};

impl Kind for Hosted {
    fn key(&self) -> &'static str {
        KEY
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn name(&self) -> &'static str {
        "The Queen's Gambit"
    }

    fn data_id(&self) -> String {
        self.data.id.clone()
    }

    fn data_text(&self) -> String {
        self.data.sources_json()
    }

    fn options(&self, text: &str) -> Result<String, String> {
        let mut kept = Vec::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match line.split_whitespace().collect::<Vec<_>>().as_slice() {
                ["players", n @ ("2" | "4")] => kept.push(format!("players {n}")),
                ["players", n] => return Err(format!("a game has 2 or 4 players, not {n}")),
                _ => return Err(format!("'{line}' is not an option of The Queen's Gambit")),
            }
        }
        Ok(kept.join("\n"))
    }

    fn open(&self, options: &str, seed: u64, data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        Ok(Box::new(Table::new(self.data(data)?, mode_of(options), seed)))
    }

    /// Every rules version it ever had still plays: a game keeps the one it was created under.
    fn open_under(&self, options: &str, seed: u64, rules: u32, data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        let version = RulesVersion::from_number(i64::from(rules))
            .ok_or_else(|| format!("it was created under rules {rules}, which this release does not know"))?;
        Ok(Box::new(Table::with_rules(self.data(data)?, version, mode_of(options), seed)))
    }

    fn replay(&self, script: &str, data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        Ok(Box::new(Table::replay(self.data(data)?, script)?))
    }

    fn pieces(&self, _options: &str) -> String {
        let mut out = String::from("Units of The Queen's Gambit");
        for unit in &self.data.units {
            out.push_str(&format!("\n- {}", unit.name));
        }
        out
    }

    fn describe(&self, options: &str) -> String {
        format!("{} players", mode_of(options).seats())
    }

    /// Its snapshot is its state without the lines of its log: a table rebuilds it from the log (a
    /// replay takes a millisecond or two).
    fn resume(&self, _snapshot: &str, _data: Option<&str>) -> Option<Result<Box<dyn Engine>, String>> {
        None
    }

    /// Its scripts are the first ever written: the format's header, and no line naming another game.
    fn owns(&self, script: &str) -> bool {
        let lines = || script.lines().map(|l| l.split('#').next().unwrap_or("").trim());
        lines().find(|l| !l.is_empty()).is_some_and(|l| l.starts_with("gambit-script"))
            && !lines().any(|l| l.starts_with("game "))
    }

    fn options_for_seats(&self, seats: u8) -> String {
        format!("players {seats}")
    }

    fn levels(&self) -> Vec<&'static str> {
        super::ai::Level::ALL.iter().map(|l| l.key()).collect()
    }

    /// From the arena (README): normal beat easy 59.0% of 200 games (+63 Elo); hard beat normal 61.3% of
    /// 400 at a tenth of both budgets (+80).
    fn rating_anchors(&self) -> Vec<(&'static str, f64)> {
        vec![("easy", 1437.0), ("normal", 1500.0), ("hard", 1580.0)]
    }

    /// A decision here is a whole plan or a card's step: the server's wait as it is.
    fn decision_wait(&self, minutes: u32) -> u32 {
        minutes
    }
}
