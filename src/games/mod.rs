//! The games, each as pure rules code with no Discord, store or pictures in it, and the seam the shared
//! layers reach them through. *The Queen's Gambit* (`queens_gambit`; its rules and computer players keep
//! their old names, `crate::games::queens_gambit::rules` and `crate::games::queens_gambit::ai`) stands behind it as `queens_gambit::Table`; Stratego
//! was written against it.
//!
//! The seam is an object-safe trait, [`Engine`], and everything that crosses it is seats (numbers), choice
//! ids (text) and words for a reader. Why this shape and not generics or an enum: the shared layers
//! (lobby, posting, menus and their paging, clocks, the store's log) only ever carry seats, ids and text,
//! so a `Box<dyn Engine>` per game keeps the game's types inside its folder, and nothing outside a game
//! names it; a choice's id is the very line the log keeps and a replay script reads, so a saved game is
//! readable and replays under later releases by re-applying its lines.

pub mod catalog;
pub mod effort;
pub mod fact;
mod kind;
mod player;
pub mod program;
pub mod queens_gambit;
pub mod rating;
pub mod sprt;
pub mod stratego;
mod words;

pub use catalog::Catalog;
pub use fact::Fact;
pub use kind::Kind;
pub use player::{NoAnswer, Player, choice_of};
pub use words::{Paste, Prompt, Words};

/// One entry of a seat's menu: choosing it either completes a choice (`leaf`) or opens the next level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuItem {
    /// Stable: the path step (a square, say) or, for a leaf, the whole choice as `Engine::apply` reads it.
    pub id: String,
    pub label: String,
    pub leaf: bool,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The seats that won (none: a draw).
    pub winners: Vec<usize>,
    /// One sentence: who won and how.
    pub summary: String,
    /// The winner's key and why, as a saved game's record keeps them (`naboo`, `throne_room`; a draw has
    /// no winner).
    pub winner_key: Option<String>,
    pub reason_key: String,
}

/// What a draw offered now stands on: it stands while the offering seat's `mark` stays what it is, and
/// `until` says in words when it lapses ("until round 3 ends", "until Good moves").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawTerms {
    pub mark: u32,
    pub until: String,
}

/// A finished game told for everyone (nothing in it is secret once the game is over), in the game's
/// words; the shared layers lay it out the same way for every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Recap {
    /// How long it ran ("7 rounds and 31 moves", "212 turns").
    pub length: String,
    /// What only the end may tell, a sentence each ("The real queen was the Padmé.").
    pub told: Vec<String>,
    /// What each side lost, by side: its name and the losses in words ("nothing" when none).
    pub losses: Vec<(String, String)>,
    /// The moments that turned it: when, and what happened ("round 3", "the Gungan shield fell").
    pub turning_points: Vec<(String, String)>,
}

/// Where a game played in rounds stands as a round begins, as its record keeps it: `kept` is the game's
/// own text (what each side needs to win, and since when that has not changed), `unchanged` how many
/// rounds it has stood so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub kept: String,
    pub unchanged: u32,
}

/// Each seat's side by number (0, 1, … in the order the sides first sit: partners share one), and the
/// seat that first sits for each: how the arena and the ratings tell a game's sides apart.
pub fn side_numbers(engine: &dyn Engine) -> (Vec<usize>, Vec<usize>) {
    let mut keys: Vec<String> = Vec::new();
    let (mut of_seat, mut first) = (Vec::new(), Vec::new());
    for seat in 0..engine.seat_names().len() {
        let key = engine.side(seat);
        let side = keys.iter().position(|k| *k == key).unwrap_or_else(|| {
            keys.push(key);
            first.push(seat);
            keys.len() - 1
        });
        of_seat.push(side);
    }
    (of_seat, first)
}

/// A game in play, as the shared layers see it.
pub trait Engine: Send + Sync {
    /// The game's key, as lobbies, saved games and commands name it.
    fn key(&self) -> &'static str;
    /// The version of its rules this game plays under.
    fn rules_version(&self) -> u32;
    /// The seats' names, by seat number.
    fn seat_names(&self) -> Vec<String>;
    /// A seat's key, as a command line names it (`evil`, `naboo-field`): its name in lower case, words
    /// joined by `-`, unless the game keys them otherwise.
    fn seat_key(&self, seat: usize) -> String {
        let name = self.seat_names().get(seat).cloned().unwrap_or_else(|| seat.to_string());
        name.to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
    }
    /// The side `seat` plays for, as the key a record keeps (a draw's offer): the seats of one team share
    /// it. Every seat is a side of its own unless the game has teams.
    fn side(&self, seat: usize) -> String {
        seat.to_string()
    }
    /// The side `seat` plays for, in words a sentence can hold ("the Trade Federation", "Evil"): its
    /// seat's name unless the game has teams.
    fn side_name(&self, seat: usize) -> String {
        self.seat_names().get(seat).cloned().unwrap_or_default()
    }
    /// Who must decide now: one seat, several at once (secret setups), or none once it is over.
    fn deciders(&self) -> Vec<usize>;
    /// The next level of `seat`'s menu after the steps in `path` (empty: the first level).
    fn menu(&self, seat: usize, path: &[&str]) -> Vec<MenuItem>;
    /// The heading of that level for the seat's player, and what its list asks for.
    fn prompt(&self, seat: usize, path: &[&str]) -> Prompt {
        let name = self.seat_names().get(seat).cloned().unwrap_or_default();
        let text =
            if path.is_empty() { format!("Your choice ({name}).") } else { format!("{}: what next?", path.join(" ")) };
        Prompt { text, placeholder: "Choose…".into() }
    }
    /// Applies `choice` (a leaf's id, or the same typed) for `seat`. A refusal says why and changes nothing.
    fn apply(&mut self, seat: usize, choice: &str) -> Result<(), String>;
    /// What `reader` (a seat, or `None` for a spectator) sees of the game, as text.
    fn view_text(&self, reader: Option<usize>) -> String;
    /// The last action in words for `reader`, if there was one.
    fn event_text(&self, reader: Option<usize>) -> Option<String>;
    fn outcome(&self) -> Option<Outcome>;
    /// What `seat` does when its clock runs out. None: the game waits for its player
    /// (the first game's rule: only the stand-in its players chose takes over at a deadline).
    fn default_choice(&self, seat: usize) -> Option<String>;
    /// What `seat` is asked to do now, after its name in the post that pings it, when that is not its
    /// game's usual ask (`Words::play_ask`): "place Anakin Skywalker on Evil's home rows". None: the usual.
    fn ask(&self, _seat: usize) -> Option<String> {
        None
    }
    /// Who the game waits for now, in words (a reminder names them so).
    fn waiting(&self) -> String {
        let names = self.seat_names();
        self.deciders().iter().filter_map(|s| names.get(*s).cloned()).collect::<Vec<_>>().join(" and ")
    }
    /// What the computer at `seat` may know now, for its player (`player`): built from that seat's view
    /// alone, so a player cannot peek. None while the seat has nothing to decide.
    fn seen(&self, seat: usize) -> Option<Box<dyn std::any::Any + Send>>;
    /// A computer player of this game at `level` (one of its kind's `levels`, or the terminal's outside
    /// program), seeded, spending what the host's `effort` allows. Refused for a level the game lacks.
    fn player(&self, level: &str, seed: u64, effort: &effort::Settings) -> Result<Box<dyn Player>, String>;
    /// When the last applied choice began a round: where the game stands now, given what its record
    /// kept at the last round's start (`previous`), so that a game nobody comes closer to winning can be
    /// offered a draw; none otherwise, and in a game without rounds.
    fn standing(&self, _previous: Option<&str>) -> Option<Standing> {
        None
    }
    /// The round a computer's expectation of the game is kept for when it makes `choice` at `seat` now
    /// (the first game: as it locks its plan, one figure a round, shown after the end); none for every
    /// other choice, and in a game that keeps none.
    fn reckons(&self, _seat: usize, _choice: &str) -> Option<u32> {
        None
    }
    /// The whole game as a replay script (every secret in it: for the end, and for admins): its options
    /// and seed, then its steps, one a line, and nothing after them (an undo drops the last line; a log
    /// replays the lines up to each step).
    fn script(&self) -> String;
    /// The game's own snapshot of itself, which the store keeps beside its log and its kind reads back
    /// (`Kind::resume`): its script unless the game keeps another form.
    fn snapshot(&self) -> String {
        self.script()
    }
    /// The last applied choice's events in the game's own form, which the store keeps with its line (the
    /// first game's pictures read them back); `[]` for a game that keeps none.
    fn last_events(&self) -> String {
        "[]".into()
    }
    /// What `seat` has arranged so far that a player may keep and use again (a setup): the shelf it fits
    /// (the game, variant and side) and the choice that recreates it. None when there is nothing to keep.
    fn keepsake(&self, seat: usize) -> Option<(String, String)>;
    /// The shelf of keepsakes that fit `seat`'s choice now (none when nothing kept would fit).
    fn shelf(&self, seat: usize) -> Option<String>;
    /// How many choices have been applied (the length of its log).
    fn steps(&self) -> usize;
    /// How many of them `seat` made (a private menu made before the seat's own last step is out of date,
    /// even when that step showed nobody anything).
    fn seat_steps(&self, seat: usize) -> usize;
    /// Whether `seat`'s question now is a secret one, its answer told to nobody else: by default while
    /// play has not begun (a secret setup).
    fn asks_in_secret(&self, seat: usize) -> bool {
        !self.in_play() && self.deciders().contains(&seat)
    }
    /// What a menu made now for `seat` carries, `revision` being the game's public revision: a choice
    /// from it is taken only while this is unchanged (every game's one staleness rule). By default the
    /// public revision and the seat's own steps: any public change or any step of its own outdates it.
    fn stamp(&self, seat: usize, revision: u64) -> u64 {
        (revision << 24) | (self.seat_steps(seat) as u64 & 0xFF_FFFF)
    }
    /// The log line of the last applied choice, as the store keeps it and a replay reads it (a secret
    /// setup in full: the store is not a reader).
    fn last_line(&self) -> Option<String>;
    /// Whether the last applied choice showed anyone anything (a locked setup shows nothing).
    fn last_public(&self) -> bool;
    /// Whether its maker may take the last applied choice back: it showed nobody anything they cannot
    /// unsee (no combat, no rank, card or die revealed) and decided nothing for good (a concession).
    fn undoable(&self) -> bool;
    /// A draw offered by `seat` now, and what it stands on; none while no draw may be offered (secret
    /// setups, a game over).
    fn draw_terms(&self, seat: usize) -> Option<DrawTerms>;
    /// The game told from its end, every secret in it: asked only once it is over (by its rules or by
    /// agreement); none while there is nothing to tell (play has not begun).
    fn recap(&self) -> Option<Recap>;
    /// What this game tells a player's statistics (`fact`), asked once it is over (by its rules or by
    /// agreement): none by default.
    fn facts(&self) -> Vec<Fact> {
        Vec::new()
    }
    /// The round it is in, for a game played in rounds (the arena's limit and game length); none otherwise.
    fn round(&self) -> Option<u32> {
        None
    }
    /// Whether play has begun, past the game's secret preparations if it has them (a setup, a bid): by
    /// default, once there is a board for everyone.
    fn in_play(&self) -> bool {
        self.sight(None).is_some()
    }
    /// What `reader` sees, for the game's own pictures (`render::sight_png`): built from that reader's
    /// view, so it holds nothing hidden from them. None while there is no board to show (secret setups).
    fn sight(&self, reader: Option<usize>) -> Option<Box<dyn std::any::Any + Send>>;
    /// The board with nothing hidden, for a game that is over however it ended (a draw agreed, too):
    /// asked only then. The spectators' sight unless the game shows more at its end (the first game's
    /// keeps its default: its end's own words tell what its board does not).
    fn sight_unveiled(&self) -> Option<Box<dyn std::any::Any + Send>> {
        self.sight(None)
    }
    /// A finished game's recap for its animation (`render::animation_gif`): what a spectator would have
    /// seen every few moves, every piece shown (nothing is secret once it is over). Asked only then; none
    /// for a game that animates none.
    fn frames(&self) -> Vec<Box<dyn std::any::Any + Send>> {
        Vec::new()
    }
    /// The game itself, for the game's own pictures (`render` knows each game's types).
    fn as_any(&self) -> &dyn std::any::Any;
    /// The same, to change: the game's own path in the service plays its typed moves on it.
    fn as_any_mut(&mut self) -> &mut dyn std::any::Any;
}
