//! A Stratego game behind the seam (`games::Engine`): both secret setups, locked at once, then the game;
//! seats 0 (Evil) and 1 (Good); choices as typed (`setup random`, `b4 b5`, `vision e5 f7`), which are
//! also the lines of its log and of its replay script.

use super::board::Square;
use super::computer;
use super::game::{Setup, Stratego};
use super::piece::Side;
use super::roster::Roster;
use super::rules::Rules;
use super::setup::{parse_setup, setup_codes};
use super::words;
use crate::games::{DrawTerms, Engine, Fact, MenuItem, Outcome, Prompt, Recap};
use std::sync::Arc;

/// The key lobbies, saved games and commands name Stratego with.
pub const KEY: &str = "stratego";
/// The version of these rules; a game keeps the version it was created under.
pub const RULES_VERSION: u32 = 1;

/// One game from its setups to its end.
#[derive(Clone, Debug)]
pub struct Table {
    pub(crate) rules: Rules,
    pub(crate) roster: Arc<Roster>,
    pub(crate) seed: u64,
    setups: [Option<Setup>; 2],
    /// Each side's setup being arranged, before it is locked (secret, like a locked one).
    drafts: [Option<Setup>; 2],
    pub(crate) game: Option<Stratego>,
    log: Vec<String>,
    /// What every player could note of the pieces' past (the computer's memory; public facts only).
    pub(crate) memory: computer::Memory,
}

pub fn side_of(seat: usize) -> Option<Side> {
    match seat {
        0 => Some(Side::Evil),
        1 => Some(Side::Good),
        _ => None,
    }
}

impl Table {
    pub fn new(rules: Rules, roster: Arc<Roster>, seed: u64) -> Table {
        Table {
            rules,
            roster,
            seed,
            setups: [None, None],
            drafts: [None, None],
            game: None,
            log: Vec::new(),
            memory: computer::Memory::default(),
        }
    }

    pub fn game(&self) -> Option<&Stratego> {
        self.game.as_ref()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn roster(&self) -> &Arc<Roster> {
        &self.roster
    }

    /// Whether `side` has locked its setup (public: only the fact, never the setup).
    pub fn locked(&self, side: Side) -> bool {
        self.setups[side.index()].is_some() || self.game.is_some()
    }

    /// What the computer at `seat` may know now: its setup to lock, or its side's view and the legal
    /// actions once it must move, with the public memory of the pieces and the fallen pieces it was shown.
    pub fn asked(&self, seat: usize) -> Option<computer::Asked> {
        let side = side_of(seat)?;
        match &self.game {
            None if !self.locked(side) => Some(computer::Asked::Setup {
                drafted: self.drafts[side.index()].is_some(),
                side,
                rules: self.rules,
                roster: self.roster.clone(),
            }),
            Some(g) if g.decider() == Some(side) => {
                let tracks = (0..100)
                    .filter_map(Square::from_index)
                    .filter_map(|s| g.at(s).map(|p| (s, self.memory.of(&p))))
                    .collect();
                // Both players were shown every piece that fell, as it fell (in every capture mode).
                let fallen = g.captured().iter().filter(|c| c.piece.side != side).map(|c| c.piece.kind).collect();
                Some(computer::Asked::Move(Box::new(computer::Position {
                    view: g.view(Some(side)),
                    actions: g.legal_actions(),
                    step: self.log.len() as u64,
                    rules: self.rules,
                    roster: self.roster.clone(),
                    tracks,
                    fallen,
                })))
            }
            _ => None,
        }
    }

    /// The scripted computer's choice for `seat`, seeded (the deadline's default, the arena, tests).
    pub fn computer_choice(&self, seat: usize, seed: u64) -> Option<String> {
        computer::answer(&self.asked(seat)?, seed)
    }

    /// The lines of the log so far.
    pub fn log(&self) -> &[String] {
        &self.log
    }

    /// A setup for `side` from `how`: `random`, `guarded` (the Lightsaber behind detonators), or the rows
    /// themselves split by `/`, top row first. Each new one is drawn from the game's seed and the step.
    fn resolve(&self, side: Side, how: &str, redraw: bool) -> Result<Setup, String> {
        let variant = self.rules.variant;
        // A setup locked at once is drawn as it always was (saved games and rule tests rely on it); a new
        // draft from the step too, so drawing again gives another.
        let step = if redraw { self.log.len() as u64 + 1 } else { 0 };
        let seed = self.seed.wrapping_add(side.index() as u64).wrapping_add(step.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let setup = match how.trim() {
            "random" => Stratego::random_setup(&self.roster, variant, side, seed),
            "guarded" => computer::setup(&self.roster, variant, side, seed),
            // The characters of a rank typed by rank are dealt from the game's secret seed.
            rows => parse_setup(&self.roster, variant, side, &rows.replace('/', "\n"), seed.rotate_left(17))
                .map_err(|e| e.to_string())?,
        };
        super::game::check_setup(&self.roster, variant, side, &setup).map_err(|e| e.to_string())?;
        Ok(setup)
    }

    fn rows(&self, side: Side, setup: &Setup) -> String {
        setup_codes(&self.roster, self.rules.variant, side, setup).replace('\n', " / ")
    }

    /// Locks `side`'s setup, from `how` (see `resolve`), or its draft (`draft`). The game starts when
    /// both are locked.
    fn set_up(&mut self, side: Side, how: &str) -> Result<(), String> {
        if self.locked(side) {
            return Err("your setup is already locked".into());
        }
        let setup = match how.trim() {
            "draft" => self.drafts[side.index()].clone().ok_or("arrange a setup first (a new one, then swaps)")?,
            how => self.resolve(side, how, false)?,
        };
        let rows = self.rows(side, &setup);
        // The game is built before anything changes, so a refusal leaves the table as it was.
        let other = &self.setups[side.other().index()];
        let game = match (side, other) {
            (Side::Evil, Some(good)) => Some(Stratego::start(self.rules, self.roster.clone(), &setup, good)),
            (Side::Good, Some(evil)) => Some(Stratego::start(self.rules, self.roster.clone(), evil, &setup)),
            _ => None,
        }
        .transpose()
        .map_err(|e| e.to_string())?;
        self.drafts[side.index()] = None;
        self.log.push(format!("{} setup {rows}", side.name().to_lowercase()));
        match game {
            Some(game) => {
                self.game = Some(game);
                self.setups = [None, None];
            }
            None => self.setups[side.index()] = Some(setup),
        }
        Ok(())
    }

    /// A new draft of `side`'s setup, kept secret until it is locked; its log line holds its rows.
    fn draft(&mut self, side: Side, how: &str) -> Result<(), String> {
        if self.locked(side) {
            return Err("your setup is already locked".into());
        }
        let setup = self.resolve(side, how, true)?;
        let rows = self.rows(side, &setup);
        self.drafts[side.index()] = Some(setup);
        self.log.push(format!("{} draft {rows}", side.name().to_lowercase()));
        Ok(())
    }

    /// Two squares of `side`'s draft change places.
    fn swap(&mut self, side: Side, squares: &str) -> Result<(), String> {
        if self.locked(side) {
            return Err("your setup is already locked".into());
        }
        let w: Vec<Square> = squares.split_whitespace().filter_map(Square::parse).collect();
        let [a, b] = w[..] else { return Err("swap takes two squares of your setup: swap a1 b2".into()) };
        let draft = self.drafts[side.index()].as_mut().ok_or("arrange a setup first (a new one, then swaps)")?;
        let (ia, ib) = (draft.iter().position(|(s, _)| *s == a), draft.iter().position(|(s, _)| *s == b));
        let (Some(ia), Some(ib)) = (ia, ib) else { return Err(format!("{a} and {b} must both hold your pieces")) };
        if ia == ib {
            return Err("pick two different squares".into());
        }
        (draft[ia].0, draft[ib].0) = (b, a);
        self.log.push(format!("{} swap {a} {b}", side.name().to_lowercase()));
        Ok(())
    }

    /// What `side` sees of its own draft: its pieces, ranks shown, on an otherwise empty board.
    fn draft_view(&self, side: Side) -> Option<super::view::View> {
        let draft = self.drafts[side.index()].as_ref()?;
        let squares = draft
            .iter()
            .map(|(s, kind)| {
                let known = super::view::Known { kind: *kind, rank: self.roster.kind(*kind).rank };
                (*s, super::view::Seen { side, known: Some(known), revealed: false })
            })
            .collect();
        Some(super::view::View::of_squares(Some(side), squares))
    }

    /// A position built by hand (tests and puzzles): play goes on from it.
    pub(crate) fn from_position(game: Stratego, seed: u64) -> Table {
        Table {
            rules: game.rules(),
            roster: game.roster().clone(),
            seed,
            setups: [None, None],
            drafts: [None, None],
            game: Some(game),
            log: Vec::new(),
            memory: computer::Memory::default(),
        }
    }

    /// The name of the piece `seat` must place now before anything else (game 3's Anakin or Vader).
    fn entering(&self, seat: usize) -> Option<String> {
        let game = self.game.as_ref()?;
        let side = side_of(seat)?;
        if game.decider() != Some(side) || !game.placement_due() {
            return None;
        }
        let piece = game.waiting()?;
        Some(words::piece_name(&self.roster, &super::view::Seen::of(&piece, true)))
    }

    /// Where a kept setup fits: the same game and side.
    fn shelf_of(&self, side: Side) -> String {
        format!("stratego game {} {}", self.rules.variant.number(), side.name().to_lowercase())
    }

    /// A side's menu before play: a new setup (guarded or random), then, once there is one, lock it or
    /// swap two of its squares (the first square, then the second).
    fn setup_menu(&self, side: Side, path: &[&str]) -> Vec<MenuItem> {
        let leaf = |id: String, label: String| MenuItem { id, label, leaf: true };
        let fresh = [
            leaf(
                "draft guarded".into(),
                "New: Lightsaber on the back row behind detonators, the rest at random".into(),
            ),
            leaf("draft random".into(), "New: all at random".into()),
        ];
        let Some(draft) = &self.drafts[side.index()] else { return fresh.to_vec() };
        let mut pieces: Vec<(Square, String)> = draft
            .iter()
            .map(|(s, k)| {
                let d = self.roster.kind(*k);
                (*s, format!("{} {}", d.rank.code(), d.label()))
            })
            .collect();
        pieces.sort();
        match path {
            ["swap"] => pieces
                .iter()
                .map(|(s, p)| MenuItem { id: s.to_string(), label: format!("{s} {p}"), leaf: false })
                .collect(),
            ["swap", first, ..] => pieces
                .iter()
                .filter(|(s, _)| s.to_string() != *first)
                .map(|(s, p)| leaf(format!("swap {first} {s}"), format!("with {s} {p}")))
                .collect(),
            _ => {
                let mut items = vec![
                    leaf("setup draft".into(), "Lock this setup (the game starts when both are locked)".into()),
                    MenuItem { id: "swap".into(), label: "Swap two squares…".into(), leaf: false },
                ];
                items.extend(fresh);
                items
            }
        }
    }

    fn describe(&self, action: &super::action::Action, game: &Stratego) -> String {
        use super::action::Action;
        let target =
            |s: super::board::Square| if game.at(s).is_some() { format!("attack {s}") } else { format!("to {s}") };
        match *action {
            Action::Move { to, .. } => target(to),
            Action::Vision { target, .. } => format!("Vision on {target}"),
            Action::Charge { to, .. } => format!("Charging, {}", target(to)),
            Action::Quick { to, .. } => format!("Quickness, {}", target(to)),
            Action::Leap { land, attack: None, .. } => format!("Leap to {land}"),
            Action::Leap { land, attack: Some(t), .. } => format!("Leap to {land}, attack {t}"),
            Action::Slash { to, .. } => format!("Slashing, {}", target(to)),
            Action::Blast { target, .. } => format!("Blaster at {target}"),
            Action::Place { at } => format!("place on {at}"),
        }
    }
}

impl Engine for Table {
    fn key(&self) -> &'static str {
        KEY
    }

    fn rules_version(&self) -> u32 {
        RULES_VERSION
    }

    fn seat_names(&self) -> Vec<String> {
        vec!["Evil".into(), "Good".into()]
    }

    fn deciders(&self) -> Vec<usize> {
        match &self.game {
            None => Side::BOTH.into_iter().filter(|s| !self.locked(*s)).map(Side::index).collect(),
            Some(g) => g.decider().map(Side::index).into_iter().collect(),
        }
    }

    /// A piece waiting to enter (game 3): Evil places it before anything else.
    fn ask(&self, seat: usize) -> Option<String> {
        let entering = self.entering(seat)?;
        Some(format!("place {entering} on an empty square of your home rows"))
    }

    /// Before play the army (typed whole with `/stratego setup`), then a piece and then what it does; a
    /// piece entering the board, where.
    fn prompt(&self, seat: usize, path: &[&str]) -> Prompt {
        let name = side_of(seat).map(|s| s.name()).unwrap_or_default();
        if let Some(entering) = self.entering(seat) {
            let text = format!("Place {entering} for {name}: pick an empty square of your home rows.");
            return Prompt { text, placeholder: "Where?".into() };
        }
        let (text, placeholder) = match (&self.game, path.last()) {
            (None, _) => (format!("Your army ({name}): choose a setup, or type one with /stratego setup."), "Choose…"),
            (Some(_), None) => (format!("Your move ({name}): pick a piece."), "Choose…"),
            (Some(_), Some(from)) => (format!("{from}: pick what it does."), "Where to?"),
        };
        Prompt { text, placeholder: placeholder.into() }
    }

    fn menu(&self, seat: usize, path: &[&str]) -> Vec<MenuItem> {
        let Some(side) = side_of(seat) else { return Vec::new() };
        let leaf = |id: String, label: String| MenuItem { id, label, leaf: true };
        let Some(game) = &self.game else {
            if self.locked(side) {
                return Vec::new();
            }
            return self.setup_menu(side, path);
        };
        if game.decider() != Some(side) {
            return Vec::new();
        }
        let actions = game.legal_actions();
        if actions.iter().all(|a| matches!(a, super::action::Action::Place { .. })) {
            return actions.iter().map(|a| leaf(a.to_string(), self.describe(a, game))).collect();
        }
        match path {
            [] => {
                let mut from: Vec<super::board::Square> = actions.iter().filter_map(|a| a.from()).collect();
                from.sort();
                from.dedup();
                from.into_iter()
                    .filter_map(|s| game.at(s).map(|p| (s, p)))
                    .map(|(s, p)| {
                        let seen = super::view::Seen {
                            side: p.side,
                            known: Some(super::view::Known { kind: p.kind, rank: p.rank }),
                            revealed: p.revealed || p.sighted,
                        };
                        let label = format!("{s} {}", words::piece_name(&self.roster, &seen));
                        MenuItem { id: s.to_string(), label, leaf: false }
                    })
                    .collect()
            }
            [square, ..] => {
                let Some(from) = super::board::Square::parse(square) else { return Vec::new() };
                game.actions_from(from).iter().map(|a| leaf(a.to_string(), self.describe(a, game))).collect()
            }
        }
    }

    fn apply(&mut self, seat: usize, choice: &str) -> Result<(), String> {
        let side = side_of(seat).ok_or("there are two seats: Evil and Good")?;
        let choice = choice.trim();
        for (word, step) in [
            ("setup", Table::set_up as fn(&mut Table, Side, &str) -> Result<(), String>),
            ("draft", Table::draft),
            ("swap", Table::swap),
        ] {
            if let Some(how) = choice.strip_prefix(word) {
                if self.game.is_some() {
                    return Err("the setups are locked and the game is under way".into());
                }
                return step(self, side, how);
            }
        }
        let Some(game) = self.game.as_mut() else {
            return Err("the game starts when both setups are locked".into());
        };
        // Either side may concede, on either side's turn.
        if choice == "concede" {
            if !game.concede(side) {
                return Err("the game is over".into());
            }
            self.log.push(format!("{} concede", side.name().to_lowercase()));
            return Ok(());
        }
        let action = super::action::Action::parse(choice).ok_or_else(|| {
            format!("'{choice}' is not a move: two squares (b4 b5), or a power and its squares (vision e5 f7)")
        })?;
        match game.decider() {
            None => return Err("the game is over".into()),
            Some(d) if d != side => return Err(format!("it is {}'s move", d.name())),
            Some(_) => {}
        }
        let played = game.play(action).map_err(|e| e.to_string())?;
        self.memory.record(game, &played);
        self.log.push(format!("{} {action}", side.name().to_lowercase()));
        Ok(())
    }

    fn view_text(&self, reader: Option<usize>) -> String {
        let reader = reader.and_then(side_of);
        let Some(game) = &self.game else {
            let state = |s: Side| if self.locked(s) { "locked" } else { "not locked yet" };
            return format!("Setups: Evil {}, Good {}.", state(Side::Evil), state(Side::Good));
        };
        let view = game.view(reader);
        let mut out = words::status_text(&view);
        out.push('\n');
        out.push_str(&words::board_text(&view));
        out.push_str(&words::lost_text(&self.roster, &view));
        out
    }

    fn event_text(&self, reader: Option<usize>) -> Option<String> {
        let game = self.game.as_ref()?;
        // A concession is told by the ending itself.
        if self.log.last().is_some_and(|l| l.ends_with(" concede")) {
            return None;
        }
        let reader = reader.and_then(side_of);
        words::last_text(&self.roster, &game.view(reader), &game.moment(reader)?)
    }

    fn outcome(&self) -> Option<Outcome> {
        let game = self.game.as_ref()?;
        let ending = game.ending()?;
        let winner = ending.winner();
        Some(Outcome {
            winners: winner.map(Side::index).into_iter().collect(),
            summary: words::status_text(&game.view(None)),
            // As its records have always kept them: the side's name, and won or drawn.
            winner_key: winner.map(|s| self.seat_names()[s.index()].to_lowercase()),
            reason_key: if winner.is_some() { "won" } else { "draw" }.into(),
        })
    }

    fn default_choice(&self, seat: usize) -> Option<String> {
        self.computer_choice(seat, self.seed ^ self.log.len() as u64)
    }

    fn seen(&self, seat: usize) -> Option<Box<dyn std::any::Any + Send>> {
        Some(Box::new(self.asked(seat)?))
    }

    /// The script (`easy`) or a searching level (`computer`).
    fn player(
        &self,
        level: &str,
        seed: u64,
        effort: &crate::games::effort::Settings,
    ) -> Result<Box<dyn crate::games::Player>, String> {
        computer::player(level, seed, effort)
    }

    fn script(&self) -> String {
        let r = self.rules;
        let mut text = format!(
            "gambit-script 1\ngame stratego\nrules {RULES_VERSION}\nvariant {}\nrepetition {}\nchasing {}\ncaptures {}\nmove-limit {}\nseed {}\n",
            r.variant.number(),
            r.repetition.word(),
            r.chasing.word(),
            r.captures.word(),
            r.move_limit,
            self.seed
        );
        for line in &self.log {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    fn keepsake(&self, seat: usize) -> Option<(String, String)> {
        let side = side_of(seat)?;
        let rows = match &self.drafts[side.index()] {
            Some(draft) => self.rows(side, draft),
            // The setup it locked, as the log keeps it.
            None => {
                let head = format!("{} setup ", side.name().to_lowercase());
                self.log.iter().find_map(|l| l.strip_prefix(&head))?.to_string()
            }
        };
        Some((self.shelf_of(side), format!("draft {rows}")))
    }

    fn shelf(&self, seat: usize) -> Option<String> {
        let side = side_of(seat)?;
        (!self.locked(side)).then(|| self.shelf_of(side))
    }

    fn steps(&self) -> usize {
        self.log.len()
    }

    fn seat_steps(&self, seat: usize) -> usize {
        let Some(side) = side_of(seat) else { return 0 };
        let prefix = format!("{} ", side.name().to_lowercase());
        self.log.iter().filter(|l| l.starts_with(&prefix)).count()
    }

    fn last_line(&self) -> Option<String> {
        self.log.last().cloned()
    }

    fn last_public(&self) -> bool {
        // A setup line is secret until the game starts, and the one that starts it shows only the start.
        // Setups, drafts and swaps are secret until the game starts.
        self.log
            .last()
            .is_some_and(|l| l.split_whitespace().nth(1).is_none_or(|w| !matches!(w, "setup" | "draft" | "swap")))
    }

    /// A setup step before play begins (nobody else saw it: the other side's lock would have begun play),
    /// or a one-square move that met nobody and showed nothing (a Trooper's longer move shows its rank).
    fn undoable(&self) -> bool {
        let Some(line) = self.log.last() else { return false };
        if line.ends_with(" concede") {
            return false;
        }
        let Some(game) = &self.game else { return true };
        // None: the last line was the lock that began play, and everyone has seen the board since.
        game.last().is_some_and(super::game::Played::showed_nothing)
    }

    fn recap(&self) -> Option<Recap> {
        super::recap::recap(self)
    }

    /// Which of the four games it was, its length in turns once play began, and how it ended: the
    /// Lightsaber taken, or a side left without a move.
    fn facts(&self) -> Vec<Fact> {
        use super::game::Ending;
        let mut out = vec![Fact::Count("game played", self.rules.variant.name().into())];
        let Some(game) = self.game.as_ref() else { return out };
        out.push(Fact::Mean("turns a game", f64::from(game.turns())));
        if let Some(ending) = game.ending() {
            let how = match ending {
                Ending::Lightsaber(_) => "the Lightsaber taken",
                Ending::Stuck(_) => "a side blocked in",
                Ending::Conceded(_) => "a concession",
                Ending::NeitherCanMove => "neither side able to move",
                Ending::MoveLimit => "the move limit",
            };
            out.push(Fact::Count("ended by", how.into()));
        }
        out
    }

    /// Once play has begun, an offer stands until the other side moves (it may accept instead); a move
    /// they take back is as if not made, so the offer stands again.
    fn draw_terms(&self, seat: usize) -> Option<DrawTerms> {
        let other = side_of(seat)?.other();
        self.game.as_ref().filter(|g| g.ending().is_none())?;
        let mark = u32::try_from(self.seat_steps(other.index())).unwrap_or(u32::MAX);
        Some(DrawTerms { mark, until: format!("until {} moves", other.name()) })
    }

    fn sight(&self, reader: Option<usize>) -> Option<Box<dyn std::any::Any + Send>> {
        let Some(game) = self.game.as_ref() else {
            // Before play, a player sees their own draft, and nobody anything else.
            return self.draft_view(side_of(reader?)?).map(|v| Box::new(v) as Box<dyn std::any::Any + Send>);
        };
        Some(Box::new(game.view(reader.and_then(side_of))))
    }

    /// The game replayed from its setups: every piece shown after every few turns (about fifty frames in
    /// all), from the first move to the end. A game built from a position (no setups in its log) shows
    /// its end alone.
    fn frames(&self) -> Vec<Box<dyn std::any::Any + Send>> {
        let Some(end) = &self.game else { return Vec::new() };
        let every = (end.turns() / 50).max(1);
        let mut again = Table::new(self.rules, self.roster.clone(), self.seed);
        let mut out: Vec<Box<dyn std::any::Any + Send>> = Vec::new();
        let mut shown: Option<u32> = None;
        for line in &self.log {
            let applied = match line.split_once(' ') {
                Some(("evil", choice)) => again.apply(0, choice),
                Some(("good", choice)) => again.apply(1, choice),
                _ => Err(String::new()),
            };
            if applied.is_err() {
                out.clear();
                break;
            }
            let due =
                |g: &&Stratego| g.turns().is_multiple_of(every) && g.turns() < end.turns() && shown != Some(g.turns());
            if let Some(g) = again.game.as_ref().filter(due) {
                shown = Some(g.turns());
                out.push(Box::new(g.shown()));
            }
        }
        out.push(Box::new(end.shown()));
        out
    }

    /// Every piece shown, as at an end by the rules.
    fn sight_unveiled(&self) -> Option<Box<dyn std::any::Any + Send>> {
        Some(Box::new(self.game.as_ref()?.unveiled()))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Game 3: the tenth Good piece falls while Anakin is a prisoner; he returns for Evil, placed at once.
    const RETURNS: &str = "gambit-script 1\ngame stratego\nvariant 3\nempty\nplace evil 7 a6\nplace evil F a1\n\
        place good 5 a7\nplace good 4 j7\nplace good F j10\ncaptured good ANA\ngood-lost 9\nevil a6 a7\n";

    #[test]
    fn a_returning_anakin_is_asked_of_evil_as_a_placement_and_the_menu_says_so() {
        let t = super::super::script::replay_with(RETURNS, Roster::embedded()).unwrap();
        assert_eq!(t.deciders(), vec![0]);
        let ask = t.ask(0).unwrap_or_default();
        assert!(ask.starts_with("place Anakin Skywalker"), "{ask}");
        assert_eq!(t.ask(1), None);
        let prompt = t.prompt(0, &[]);
        assert!(prompt.text.starts_with("Place Anakin Skywalker") && prompt.placeholder == "Where?", "{prompt:?}");
        let menu = t.menu(0, &[]);
        assert!(!menu.is_empty() && menu.iter().all(|m| m.leaf && m.label.starts_with("place on")), "{menu:?}");
        let told = t.event_text(None).unwrap_or_default();
        assert!(told.contains("tenth Good piece") && told.contains("returns for Evil"), "{told}");
    }

    #[test]
    fn a_finished_games_frames_run_from_its_first_moves_to_its_end_every_piece_shown() {
        let mut t = Table::new(Rules::default(), Roster::embedded(), 8);
        t.apply(0, "setup random").unwrap();
        t.apply(1, "setup random").unwrap();
        let mut i = 0u64;
        while let Some(g) = t.game().filter(|g| g.ending().is_none() && g.turns() < 400) {
            let actions = g.legal_actions();
            i += 1;
            let a = actions[(super::super::game::splitmix(i) % actions.len() as u64) as usize];
            let seat = t.deciders()[0];
            t.apply(seat, &a.to_string()).unwrap();
        }
        if t.outcome().is_none() {
            t.apply(0, "concede").unwrap();
        }
        let turns = t.game().map(|g| g.turns()).unwrap_or_default();
        let views: Vec<super::super::view::View> =
            t.frames().iter().map(|f| f.downcast_ref::<super::super::view::View>().unwrap().clone()).collect();
        assert!((turns.min(40) as usize..=52).contains(&views.len()), "{} frames of {turns} turns", views.len());
        assert!(views[0].turns <= turns / 50 + 1, "the first frame is the first moves");
        assert!(views.windows(2).all(|w| w[0].turns < w[1].turns || w[1].ending.is_some()), "in order");
        let last = views.last().unwrap();
        assert!(last.ending.is_some() && last.turns == turns, "the last frame is the end");
        assert!(views.iter().all(|v| v.squares.iter().all(|(_, p)| p.known.is_some())), "every piece shown");
    }
}
