//! What the shared layers know of a kind of game: its key, names and words, how a new one opens from its
//! lobby's options and a saved one is rebuilt, and what its players are told of it.

use super::Engine;

/// One kind of game, as the service creates and reloads it.
pub trait Kind: Send + Sync {
    /// The key a record keeps and commands name (`stratego`).
    fn key(&self) -> &'static str;
    /// Its name for players.
    fn name(&self) -> &'static str;
    /// Its words for the shared layers' messages (its command, its buttons, what its players do).
    fn words(&self) -> &'static super::Words;
    /// The id of the game data this process runs with (named by its content), kept with every new game.
    fn data_id(&self) -> String;
    /// That data's text, to keep in the database beside the games that play with it.
    fn data_text(&self) -> String;
    /// Checks a lobby's options (one `name value` a line) and returns them as kept.
    fn options(&self, text: &str) -> Result<String, String>;
    /// A new game from its options as `options` kept them and its seed, with the running data (`data`
    /// none) or a kept one. The options are not checked again: a saved game whose options a later
    /// release would refuse in a new lobby still opens as it was created.
    fn open(&self, options: &str, seed: u64, data: Option<&str>) -> Result<Box<dyn Engine>, String>;
    /// A game as `open` makes it, under the rules version its record was created under: refused when
    /// this release does not play that version.
    fn open_under(&self, options: &str, seed: u64, rules: u32, data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        let engine = self.open(options, seed, data)?;
        match engine.rules_version() {
            r if r == rules => Ok(engine),
            r => Err(format!("it was created under rules {rules}, and this release plays rules {r}")),
        }
    }
    /// A saved game rebuilt from its script (`Engine::script`).
    fn replay(&self, script: &str, data: Option<&str>) -> Result<Box<dyn Engine>, String>;
    /// Whether `script` is a replay script of this game: by default one naming it on a line of its own
    /// (`game stratego`).
    fn owns(&self, script: &str) -> bool {
        let named = format!("game {}", self.key());
        script.lines().any(|l| l.split('#').next().unwrap_or("").trim() == named)
    }
    /// A saved game from its newest snapshot (`Engine::snapshot`) alone, when that holds all of it (a
    /// script does); none when the game is rebuilt from its log instead.
    fn resume(&self, snapshot: &str, data: Option<&str>) -> Option<Result<Box<dyn Engine>, String>> {
        Some(self.replay(snapshot, data))
    }
    /// The options of a record that kept none (the first game's, from before there were other games):
    /// what its seat count says.
    fn options_for_seats(&self, _seats: u8) -> String {
        String::new()
    }
    /// Its pieces (or components) for players, under these options: what each is and does.
    fn pieces(&self, options: &str) -> String;
    /// The options in a few words, for a lobby (`Game 2 · captures: secret`).
    fn describe(&self, options: &str) -> String;
    /// The kind itself, for its own game's code to find it in a catalog (the first game's data in a catalog).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }
    /// The computer's levels in this game, by name, the first the one a table gets unless it asks.
    fn levels(&self) -> Vec<&'static str>;
    /// Where its computer's levels stand on a server's ladder of two players (Glicko's scale), placed from
    /// the arena's results: `normal` at a newcomer's 1500, the others by the Elo difference their matches
    /// measured. Fixed: no game moves them. None where nothing was measured.
    fn rating_anchors(&self) -> Vec<(&'static str, f64)> {
        Vec::new()
    }
    /// A player's wait for one decision, in minutes, from a server's wait (its deadline or reminder): a
    /// game of many quick moves waits a quarter of it, at least half an hour.
    fn decision_wait(&self, minutes: u32) -> u32 {
        (minutes / 4).max(30)
    }
}
