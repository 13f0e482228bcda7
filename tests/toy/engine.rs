//! Trio behind the seam (`gambit::games::Engine`): its seats, menus and words for each reader, with every
//! bid kept from everyone but its bidder until the third one reveals them all.

use super::player::{LEVEL, Random};
use super::table::{Ending, RULES_VERSION, SEATS, Step, Table, counters, key, pile};
use gambit::games::{DrawTerms, Engine, MenuItem, Outcome, Player, Recap, effort};
use std::any::Any;

impl Engine for Table {
    fn key(&self) -> &'static str {
        super::KEY
    }

    fn rules_version(&self) -> u32 {
        RULES_VERSION
    }

    fn seat_names(&self) -> Vec<String> {
        SEATS.iter().map(|s| s.to_string()).collect()
    }

    /// Every seat that has not bid yet, all at once; then the seat whose turn it is.
    fn deciders(&self) -> Vec<usize> {
        if self.ending().is_some() {
            return Vec::new();
        }
        if !self.bids_out() {
            return (0..SEATS.len()).filter(|s| self.bid(*s).is_none()).collect();
        }
        self.turn().into_iter().collect()
    }

    /// One level of leaves: a bid, or a take the pile allows.
    fn menu(&self, seat: usize, path: &[&str]) -> Vec<MenuItem> {
        if !path.is_empty() || !self.deciders().contains(&seat) {
            return Vec::new();
        }
        let leaf = |step: Step, label: String| MenuItem { id: step.to_string(), label, leaf: true };
        if !self.bids_out() {
            return (1..=3).map(|n| leaf(Step::Bid(n), format!("Bid {n}"))).collect();
        }
        (1..=self.left().min(3)).map(|n| leaf(Step::Take(n), format!("Take {n}"))).collect()
    }

    /// Play begins once the bids are out (the toy has no pictures to tell it by).
    fn in_play(&self) -> bool {
        self.bids_out()
    }

    fn apply(&mut self, seat: usize, choice: &str) -> Result<(), String> {
        self.play(seat, choice)
    }

    /// The pile, who has bid (only "ready" until all have), the reader's own bid, and whose turn.
    fn view_text(&self, reader: Option<usize>) -> String {
        let mut lines = vec![format!("Pile: {} left of {}.", counters(self.left()), pile(self.seed()))];
        if self.bids_out() {
            lines.push(format!("Bids: {}.", self.bids_text()));
        } else {
            let state = |s: usize| if self.bid(s).is_some() { "ready" } else { "bidding" };
            let ready: Vec<String> = SEATS.iter().enumerate().map(|(s, name)| format!("{name} {}", state(s))).collect();
            lines.push(format!("Bids: {}.", ready.join(", ")));
            if let Some(me) = reader.filter(|s| *s < SEATS.len()) {
                lines.push(match self.bid(me) {
                    Some(n) => format!("Your bid: {n}."),
                    None => "You have not bid yet.".into(),
                });
            }
        }
        match (self.outcome(), self.turn()) {
            (Some(outcome), _) => lines.push(outcome.summary),
            (None, Some(turn)) => lines.push(format!("{} to take.", SEATS[turn])),
            (None, None) => {}
        }
        lines.join("\n")
    }

    /// A bid only to its bidder, until the third reveals all of them to everyone; a take to everyone. A
    /// concession is told by the ending itself (as Stratego's is).
    fn event_text(&self, reader: Option<usize>) -> Option<String> {
        let &(seat, step) = self.played().last()?;
        let name = SEATS.get(seat)?;
        match step {
            Step::Bid(n) if !self.bids_out() => (reader == Some(seat)).then(|| format!("You bid {n}.")),
            Step::Bid(_) => {
                let opener = SEATS.get(self.opener()?)?;
                Some(format!("The bids are out: {}. {opener} begins.", self.bids_text()))
            }
            Step::Take(n) => Some(format!("{name} takes {n} ({} left).", self.left())),
            Step::Concede => None,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let outcome = match self.ending()? {
            Ending::LastCounter(seat) => Outcome {
                winners: vec![seat],
                summary: format!("{} took the last counter and wins.", SEATS.get(seat)?),
                winner_key: Some(key(seat)),
                reason_key: "last_counter".into(),
            },
            Ending::Conceded(seat) => {
                let winners: Vec<usize> = (0..SEATS.len()).filter(|s| *s != seat).collect();
                let names: Vec<&str> = winners.iter().filter_map(|s| SEATS.get(*s).copied()).collect();
                Outcome {
                    summary: format!("{} conceded: {} win.", SEATS.get(seat)?, names.join(" and ")),
                    winners,
                    winner_key: None,
                    reason_key: "concession".into(),
                }
            }
        };
        Some(outcome)
    }

    fn default_choice(&self, seat: usize) -> Option<String> {
        if !self.deciders().contains(&seat) {
            return None;
        }
        Some(if self.bids_out() { "take 1" } else { "bid 1" }.into())
    }

    /// The legal leaf ids of the seat's own menu, and nothing else.
    fn seen(&self, seat: usize) -> Option<Box<dyn Any + Send>> {
        let ids: Vec<String> = self.menu(seat, &[]).into_iter().map(|item| item.id).collect();
        if ids.is_empty() {
            return None;
        }
        Some(Box::new(ids))
    }

    fn player(&self, level: &str, seed: u64, _effort: &effort::Settings) -> Result<Box<dyn Player>, String> {
        match level {
            LEVEL => Ok(Box::new(Random::new(seed))),
            _ => Err("Trio's computer plays only at random".into()),
        }
    }

    fn script(&self) -> String {
        Table::script(self)
    }

    fn keepsake(&self, _seat: usize) -> Option<(String, String)> {
        None
    }

    fn shelf(&self, _seat: usize) -> Option<String> {
        None
    }

    fn steps(&self) -> usize {
        self.played().len()
    }

    fn seat_steps(&self, seat: usize) -> usize {
        self.played().iter().filter(|(s, _)| *s == seat).count()
    }

    fn last_line(&self) -> Option<String> {
        self.played().last().map(|(seat, step)| Table::line(*seat, *step))
    }

    /// Every step but a bid that was not the third (a bid can only be the last one while bids are out).
    fn last_public(&self) -> bool {
        match self.played().last() {
            None => false,
            Some((_, Step::Bid(_))) => self.bids_out(),
            Some(_) => true,
        }
    }

    /// A bid that showed nothing, or a take that did not end the game; never the third bid (it revealed
    /// them all) nor a concession.
    fn undoable(&self) -> bool {
        match self.played().last() {
            None | Some((_, Step::Concede)) => false,
            Some((_, Step::Bid(_))) => !self.bids_out(),
            Some((_, Step::Take(_))) => self.ending().is_none(),
        }
    }

    /// While turns are taken; an offer lapses once anyone makes a step.
    fn draw_terms(&self, seat: usize) -> Option<DrawTerms> {
        if seat >= SEATS.len() || !self.bids_out() || self.ending().is_some() {
            return None;
        }
        let mark = u32::try_from(self.played().len()).unwrap_or(u32::MAX);
        Some(DrawTerms { mark, until: "until anyone takes again".into() })
    }

    /// Once the bids are out (a game agreed drawn is over without an ending of its own): the bids, and
    /// nothing lost, since Trio has no pieces.
    fn recap(&self) -> Option<Recap> {
        if !self.bids_out() {
            return None;
        }
        let turns = self.played().iter().filter(|(_, s)| matches!(s, Step::Take(_))).count();
        Some(Recap {
            length: format!("{turns} turn{}", if turns == 1 { "" } else { "s" }),
            told: vec![format!("The bids were {}.", self.bids_text())],
            losses: SEATS.iter().map(|s| (s.to_string(), "nothing".to_string())).collect(),
            turning_points: Vec::new(),
        })
    }

    /// No pictures: the shared layers post the text alone.
    fn sight(&self, _reader: Option<usize>) -> Option<Box<dyn Any + Send>> {
        None
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}
