//! Trio as the service hosts it (`gambit::games::Kind`): no options and no data, games opened from a seed
//! and rebuilt from their scripts.

use super::Trio;
use super::player::LEVEL;
use super::table::Table;
use gambit::games::{Engine, Kind, Words};

/// Trio's words in the shared messages.
static WORDS: Words = Words {
    command: "/trio",
    prepare_button: "Bid",
    play_button: "Your turn",
    prepare_ask: "place your secret bid",
    play_ask: "to take counters",
    lobby_note: "All three seats bid in secret once it starts.",
    locked: "Your bid is in. The turns start when all three have bid.",
    seeded: "the size of the pile and the computer's choices",
    replayed: "every bid and take",
    showed: "revealed the bids or ended the game",
    paste: None,
    confirm_concede: None,
};

impl Kind for Trio {
    fn key(&self) -> &'static str {
        super::KEY
    }

    fn name(&self) -> &'static str {
        "Trio"
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn data_id(&self) -> String {
        "trio-1".into()
    }

    /// Nothing to keep: the rules are all in the code.
    fn data_text(&self) -> String {
        String::new()
    }

    /// Trio has no options: only empty text passes.
    fn options(&self, text: &str) -> Result<String, String> {
        match text.lines().map(str::trim).find(|l| !l.is_empty()) {
            None => Ok(String::new()),
            Some(line) => Err(format!("'{line}' is not an option of Trio, which has none")),
        }
    }

    fn open(&self, _options: &str, seed: u64, _data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        Ok(Box::new(Table::new(seed)))
    }

    fn replay(&self, script: &str, _data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        Ok(Box::new(Table::replay(script)?))
    }

    fn pieces(&self, _options: &str) -> String {
        "A pile of 12 to 18 counters, its size drawn from the seed. Each seat bids 1 to 3 in secret; the \
         highest bid takes first, then each takes 1 to 3 counters in turn, and whoever takes the last one wins."
            .into()
    }

    fn describe(&self, _options: &str) -> String {
        "Trio".into()
    }

    fn levels(&self) -> Vec<&'static str> {
        vec![LEVEL]
    }
}
