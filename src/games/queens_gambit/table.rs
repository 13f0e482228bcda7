//! *The Queen's Gambit* as the seam sees it: the engine's `Game`, its log in the replay format the service
//! has always saved (`naboo plan add NB07`, `concede tf`), and each reader's share of it. A choice's id is
//! its canonical text (`Choice::text`), so a menu item, a typed choice and a log line are one string.

use super::ai::{Agent, Scripted, Seen, Spec};
use super::rules::{
    Choice, Data, Event, Game, Maps, Mode, Phase, RulesVersion, Seat, Side, Stall, View, Viewer, WinReason, words,
};
use crate::games::{DrawTerms, Engine, Fact, MenuItem, Outcome, Recap};
use std::sync::{Arc, OnceLock};

/// The key its records keep (`store::QUEENS_GAMBIT`: every game from before there were others).
pub const KEY: &str = "queens-gambit";

/// A draw offered in `round` stands until the round ends (a house rule: the rulebook has no draws).
pub fn draw_terms(round: u32) -> DrawTerms {
    DrawTerms { mark: round, until: format!("until round {round} ends") }
}

/// When `events` (a step's) began a round: what each side needs to win now and since when it has not
/// changed (`rules::Stall`, kept as JSON in the record; `previous`: the record's, from the last round's
/// start). One rule for the game's own path and its table.
pub fn standing(game: &Game, events: &[Event], previous: Option<&str>) -> Option<crate::games::Standing> {
    if !Event::round_began(events) {
        return None;
    }
    let previous: Option<Stall> = previous.and_then(|p| serde_json::from_str(p).ok());
    let round = game.state().round;
    let stall = Stall::at_round(previous.as_ref(), game.needs(), round);
    let kept = serde_json::to_string(&stall).ok()?;
    Some(crate::games::Standing { kept, unchanged: stall.rounds(round) })
}

/// What `seat` may know as it answers its question: its own view, the question, and the worlds its
/// knowledge allows (for a search). None while it has no question.
pub fn seen_of(game: &Game, seat: Seat) -> Option<Seen> {
    let question = game.question_for(seat)?;
    Some(Seen::new(seat, game.view(Viewer::Seat(seat)), &question).with_worlds(game.worlds(seat)))
}

/// One game of *The Queen's Gambit* behind the seam.
#[derive(Clone)]
pub struct Table {
    game: Game,
    seed: u64,
    /// Every applied choice as its log line, in order.
    lines: Vec<String>,
    /// The events of the last applied choice (every audience's: each reader is given only their own).
    last: Vec<Event>,
    /// The computer's distance maps, worked out the first time a computer chooses.
    maps: Arc<OnceLock<Arc<Maps>>>,
}

/// What one reader sees, for the game's pictures (`render::sight_png`): that reader's view and the last
/// action's events that reader may see. Made only here, from the reader's own share.
pub struct Sight {
    pub data: Arc<Data>,
    pub view: View,
    pub last: Vec<Event>,
}

impl Table {
    /// A new game under the newest rules.
    pub fn new(data: Arc<Data>, mode: Mode, seed: u64) -> Table {
        Table::with_rules(data, RulesVersion::NEWEST, mode, seed)
    }

    pub fn with_rules(data: Arc<Data>, rules: RulesVersion, mode: Mode, seed: u64) -> Table {
        let (game, last) = Game::with_rules(data, rules, mode, seed);
        Table { game, seed, lines: Vec::new(), last, maps: Arc::default() }
    }

    /// A saved game: its start and the lines it logged, replayed exactly as the service replays them.
    pub fn replay(data: Arc<Data>, script: &str) -> Result<Table, String> {
        use super::rules::script::{self, Script, Step};
        let parsed = Script::parse(&data, script).map_err(|e| e.to_string())?;
        let mut table = Table::with_rules(data.clone(), parsed.rules, parsed.mode, parsed.seed);
        for (line, step) in &parsed.steps {
            let text = match step {
                Step::Act { seat, choice } => format!("{} {}", seat.key(parsed.mode), choice.text(&data)),
                Step::Concede(side) => format!("concede {}", side.key()),
                // Rigged hands, forced dice, positions and checks are for rule tests, not saved games.
                _ => return Err(format!("line {line}: a saved game holds only its players' choices")),
            };
            table.lines.push(text);
        }
        let run = script::run(data, &parsed).map_err(|e| e.to_string())?;
        table.last = run.log.last().map(|(_, events)| events.clone()).unwrap_or_default();
        table.game = run.game;
        Ok(table)
    }

    /// A saved game as its record holds it: the game after its last step (its snapshot, or its log
    /// replayed), every line its log holds, and the last step's events.
    pub fn resumed(game: Game, seed: u64, lines: Vec<String>, last: Vec<Event>) -> Table {
        Table { game, seed, lines, last, maps: Arc::default() }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The last step's events, every audience's (for the service, which hands each reader their own).
    pub fn last_events_all(&self) -> &[Event] {
        &self.last
    }

    /// `seat` makes `choice`: its events, and its line in the log; a refusal changes nothing.
    pub fn act(&mut self, seat: Seat, choice: &Choice) -> Result<Vec<Event>, super::rules::RuleError> {
        self.last = self.game.act(seat, choice)?;
        self.lines.push(format!("{} {}", seat.key(self.mode()), choice.text(self.game.data())));
        Ok(self.last.clone())
    }

    /// `side` gives up: the other side wins.
    pub fn concede(&mut self, side: super::rules::Side) -> Result<Vec<Event>, super::rules::RuleError> {
        self.last = self.game.concede(side)?;
        self.lines.push(format!("concede {}", side.key()));
        Ok(self.last.clone())
    }

    fn mode(&self) -> Mode {
        self.game.mode()
    }

    fn seat(&self, seat: usize) -> Option<Seat> {
        u8::try_from(seat).ok().map(Seat).filter(|s| usize::from(s.0) < usize::from(self.mode().seats()))
    }

    fn viewer(&self, reader: Option<usize>) -> Viewer {
        reader.and_then(|r| self.seat(r)).map_or(Viewer::Spectator, Viewer::Seat)
    }

    /// The last action's events `reader` may see.
    fn seen_events(&self, reader: Option<usize>) -> Vec<Event> {
        let side = self.viewer(reader).side();
        self.last.iter().filter(|e| e.visible_to(side)).cloned().collect()
    }

    /// The scripted computer's answer for `seat` (the deadline's default), from that seat's view and
    /// question only.
    pub fn computer_choice(&self, seat: usize, seed: u64) -> Option<String> {
        let seat = self.seat(seat)?;
        let question = self.game.question_for(seat)?;
        let data = self.game.data_arc();
        let maps = self.maps.get_or_init(|| Arc::new(Maps::of(&data))).clone();
        let seen = Seen::new(seat, self.game.view(Viewer::Seat(seat)), &question);
        let choice = Scripted::with_maps(&data, maps, seed).choose(&seen).ok()?;
        Some(choice.text(&data))
    }
}

impl Engine for Table {
    fn key(&self) -> &'static str {
        KEY
    }

    fn rules_version(&self) -> u32 {
        self.game.rules().number()
    }

    fn seat_names(&self) -> Vec<String> {
        Seat::all(self.mode()).map(|s| s.title(self.mode())).collect()
    }

    fn seat_key(&self, seat: usize) -> String {
        self.seat(seat).map_or_else(|| seat.to_string(), |s| s.key(self.mode()).to_string())
    }

    /// The two sides, as its records have always kept them (`tf`, `naboo`): a four-player game's
    /// partners share theirs.
    fn side(&self, seat: usize) -> String {
        self.seat(seat).map_or_else(|| seat.to_string(), |s| s.side().key().to_string())
    }

    fn side_name(&self, seat: usize) -> String {
        self.seat(seat).map_or_else(String::new, |s| s.side().in_sentence().to_string())
    }

    fn deciders(&self) -> Vec<usize> {
        self.game.pending().iter().map(|d| usize::from(d.seat.0)).collect()
    }

    /// One level: every answer to the seat's question, worded for that seat (a plan is built a card at
    /// a time, then locked).
    fn menu(&self, seat: usize, path: &[&str]) -> Vec<MenuItem> {
        let (Some(seat), []) = (self.seat(seat), path) else { return Vec::new() };
        let Some(question) = self.game.question_for(seat) else { return Vec::new() };
        let d = self.game.data();
        question.answers.iter().map(|a| MenuItem { id: a.choice.text(d), label: a.label.clone(), leaf: true }).collect()
    }

    fn round(&self) -> Option<u32> {
        Some(self.game.state().round)
    }

    fn standing(&self, previous: Option<&str>) -> Option<crate::games::Standing> {
        standing(&self.game, &self.last, previous)
    }

    /// As its plan is locked: the round it plays in.
    fn reckons(&self, _seat: usize, choice: &str) -> Option<u32> {
        let locks = Choice::parse(self.game.data(), choice).is_ok_and(|c| c == Choice::PlanLock);
        locks.then(|| self.game.state().round)
    }

    /// The seat's question in a line.
    fn prompt(&self, seat: usize, _path: &[&str]) -> crate::games::Prompt {
        let name = self.seat(seat).map(|s| s.title(self.mode())).unwrap_or_default();
        let asked = self.seat(seat).and_then(|s| self.game.question_for(s)).map(|q| q.text);
        crate::games::Prompt { text: format!("{name}: {}", asked.unwrap_or_default()), placeholder: "Choose…".into() }
    }

    fn apply(&mut self, seat: usize, choice: &str) -> Result<(), String> {
        let mode = self.mode();
        let seat = self.seat(seat).ok_or_else(|| format!("there are {} seats", mode.seats()))?;
        if choice.trim().eq_ignore_ascii_case("concede") {
            return self.concede(seat.side()).map(drop).map_err(|e| e.to_string());
        }
        let parsed = Choice::parse(self.game.data(), choice).map_err(|e| e.to_string())?;
        self.act(seat, &parsed).map(drop).map_err(|e| e.to_string())
    }

    fn view_text(&self, reader: Option<usize>) -> String {
        let view = self.game.view(self.viewer(reader));
        let d = self.game.data();
        let phase = match view.phase {
            Phase::Planning => "planning",
            Phase::Resolving => "playing the plans",
            Phase::Over => "over",
        };
        let mut out = format!("Round {}, {phase}. {}", view.round, self.game.waiting_for());
        // What each side still needs, read off the boards (public).
        if view.phase != Phase::Over {
            let needs = view.needs.lines();
            out.push_str(&format!("\n{}\n{}", needs[Side::Naboo], needs[Side::Tf]));
        }
        if let Viewer::Seat(seat) = view.viewer {
            let names = |cards: &[super::rules::CardId]| {
                let names: Vec<String> = cards.iter().map(|c| words::card_name(d, *c)).collect();
                if names.is_empty() { "none".to_string() } else { names.join("; ") }
            };
            let mine = &view.seats[seat];
            if let Some(hand) = &mine.hand {
                out.push_str(&format!("\nYour hand: {}.", names(hand)));
            }
            if let Some(plan) = &mine.plan {
                out.push_str(&format!("\nYour plan: {}.", names(plan)));
            }
        }
        out
    }

    fn event_text(&self, reader: Option<usize>) -> Option<String> {
        let events = self.seen_events(reader);
        let lines = words::event_lines(self.game.data(), self.mode(), &events);
        (!lines.is_empty()).then(|| lines.join("\n"))
    }

    fn outcome(&self) -> Option<Outcome> {
        let o = self.game.outcome()?;
        let winners = Seat::all(self.mode()).filter(|s| s.side() == o.winner).map(|s| usize::from(s.0)).collect();
        Some(Outcome {
            winners,
            summary: format!("{} wins: {}.", o.winner.name(), words::why_won(o.reason)),
            winner_key: Some(o.winner.key().to_string()),
            reason_key: o.reason.key().to_string(),
        })
    }

    /// None: at a deadline the first game waits for its player, and only the stand-in they chose plays
    /// for them (a choice made for a player who was only slow would be theirs to regret).
    fn default_choice(&self, _seat: usize) -> Option<String> {
        None
    }

    fn waiting(&self) -> String {
        self.game.waiting_for()
    }

    fn seen(&self, seat: usize) -> Option<Box<dyn std::any::Any + Send>> {
        Some(Box::new(seen_of(&self.game, self.seat(seat)?)?))
    }

    /// Every agent the arena names: easy, normal, hard (and random, greedy, an outside program).
    fn player(
        &self,
        level: &str,
        seed: u64,
        effort: &crate::games::effort::Settings,
    ) -> Result<Box<dyn crate::games::Player>, String> {
        let spec: Spec = level.parse()?;
        Ok(super::ai::player(&spec, &self.game.data_arc(), seed, effort))
    }

    fn script(&self) -> String {
        let mut text = format!(
            "gambit-script 1\nplayers {}\nrules {}\nseed {}\n",
            self.mode().seats(),
            self.game.rules(),
            self.seed
        );
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    /// Its state, as the first game's records have always kept it.
    fn snapshot(&self) -> String {
        serde_json::to_string(self.game.state()).unwrap_or_default()
    }

    /// Every audience's events: the store keeps them all, and each reader is given only their own.
    fn last_events(&self) -> String {
        serde_json::to_string(&self.last).unwrap_or_else(|_| "[]".into())
    }

    fn keepsake(&self, _seat: usize) -> Option<(String, String)> {
        None
    }

    fn shelf(&self, _seat: usize) -> Option<String> {
        None
    }

    fn steps(&self) -> usize {
        self.lines.len()
    }

    fn asks_in_secret(&self, seat: usize) -> bool {
        self.seat(seat).is_some_and(|s| self.game.asks_in_secret(s))
    }

    /// A public question's buttons carry the public revision; a secret one's (a plan, the queen) a
    /// fingerprint of what its menu shows, which other players' moves leave alone.
    fn stamp(&self, seat: usize, revision: u64) -> u64 {
        match self.seat(seat) {
            Some(s) if self.game.asks_in_secret(s) => {
                let question = self.game.question_for(s);
                super::rules::menu_fingerprint(&self.game.view(Viewer::Seat(s)), s, question.as_ref())
            }
            _ => revision,
        }
    }

    fn seat_steps(&self, seat: usize) -> usize {
        let Some(seat) = self.seat(seat) else { return 0 };
        let prefix = format!("{} ", seat.key(self.mode()));
        self.lines.iter().filter(|l| l.starts_with(&prefix)).count()
    }

    fn last_line(&self) -> Option<String> {
        self.lines.last().cloned()
    }

    /// Whether anyone but the deciding side saw something: a plan's edits and the queen's choice show
    /// nothing, a lock and every card played do.
    fn last_public(&self) -> bool {
        self.last.iter().any(|e| e.visible_to(None))
    }

    /// As the service has always decided it: no card revealed and no die rolled (`is_irreversible`).
    fn undoable(&self) -> bool {
        let conceded = self.lines.last().is_some_and(|l| l.starts_with("concede"));
        !self.lines.is_empty() && !conceded && !self.last.iter().any(|e| e.kind.is_irreversible())
    }

    /// Its log played again, as the bot's thread tells the end (`story`).
    fn recap(&self) -> Option<Recap> {
        let data = self.game.data_arc();
        let (story, last) = super::story::tell(&data, &self.script()).ok()?;
        let end = last.state();
        let real_queen = end.real_queen.map(|id| end.piece(id).kind);
        let unplayed = super::story::unplayed_bonus(end);
        let (losses, points) = (&story.losses, &story.turning_points);
        Some(super::story::recap(&data, end.round, story.moves, real_queen, &unplayed, losses, points))
    }

    /// Its length in rounds, whether the real queen lived to the end (once she was chosen), and how it
    /// was won.
    fn facts(&self) -> Vec<Fact> {
        let end = self.game.state();
        let mut out = vec![Fact::Mean("rounds a game", f64::from(end.round))];
        if let Some(q) = end.real_queen {
            out.push(Fact::Often("the real queen survived", end.piece(q).gone.is_none()));
        }
        if let Some(o) = self.game.outcome() {
            let how = match o.reason {
                WinReason::PalaceFallen => "the palace taken",
                WinReason::MaulSlain => "Maul slain",
                WinReason::ThroneRoom => "the throne room held",
                WinReason::Concession => "a concession",
            };
            out.push(Fact::Count("won by", how.into()));
        }
        out
    }

    fn draw_terms(&self, seat: usize) -> Option<DrawTerms> {
        self.seat(seat).filter(|_| self.game.outcome().is_none())?;
        Some(draw_terms(self.game.state().round))
    }

    fn sight(&self, reader: Option<usize>) -> Option<Box<dyn std::any::Any + Send>> {
        let view = self.game.view(self.viewer(reader));
        Some(Box::new(Sight { data: self.game.data_arc(), view, last: self.seen_events(reader) }))
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn std::any::Any {
        self
    }
}
