//! A player in another program, over the agent protocol (docs/agent-protocol.md): whenever its seat must
//! decide, it is sent one line of JSON — its seat, what the seat may see, the question and its options
//! with their exact choice texts, the time left — and answers one line, `{"choice": "<one of them>"}`.
//! A program that answers late, answers something that is not an option, or dies, forfeits the game.
//!
//! The program is started by the shell on the first question, and stopped when the agent is dropped.

use super::{Agent, Forfeit, Seen};
use crate::games::program::Program;
use crate::games::queens_gambit::rules::words::card_name;
use crate::games::queens_gambit::rules::{CardId, Choice, Data};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

pub struct External {
    data: Arc<Data>,
    program: Program,
    limit: Duration,
}

impl External {
    pub fn new(data: &Arc<Data>, program: &str) -> External {
        External { data: data.clone(), program: Program::new(program), limit: super::Settings::default().command_limit }
    }

    /// At most this long for one answer.
    pub fn with_limit(mut self, limit: Duration) -> External {
        self.limit = limit;
        self
    }
}

impl Agent for External {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        let limit = seen.ms_left.map_or(self.limit, |ms| self.limit.min(Duration::from_millis(ms)));
        let question = message(&self.data, seen, limit);
        let data = self.data.clone();
        self.program.ask(&question, limit, |line| answer(&data, seen, line)).map_err(Forfeit)
    }
}

/// The question as the protocol sends it: one JSON object.
pub fn message(d: &Data, seen: &Seen, limit: Duration) -> Value {
    let v = &seen.view;
    // The names of the cards the seat can see, so a program need not know the decks' numbering.
    let mut cards: BTreeMap<u16, Value> = BTreeMap::new();
    let mut name = |c: CardId| {
        cards.entry(c.0).or_insert_with(|| json!({"code": d.card(c).code, "title": card_name(d, c)}));
    };
    for s in v.seats.iter() {
        s.hand.iter().flatten().chain(s.plan.iter().flatten()).for_each(|c| name(*c));
        s.queue.iter().flatten().flatten().for_each(|c| name(*c));
    }
    v.decks.iter().flat_map(|k| k.discard.iter()).for_each(|c| name(*c));
    v.playing.iter().for_each(|c| name(*c));
    let units: BTreeMap<u8, &str> = v.pieces.iter().map(|p| (p.kind.0, d.unit(p.kind).key.as_str())).collect();
    let options: Vec<Value> =
        seen.options.iter().map(|(c, label)| json!({"choice": c.text(d), "label": label})).collect();
    json!({
        "seat": seen.seat.key(v.mode),
        "side": seen.seat.side().key(),
        "round": v.round,
        "question": seen.question,
        "prompt": seen.prompt,
        "options": options,
        "ms_left": limit.as_millis() as u64,
        "view": v,
        "cards": cards,
        "units": units,
    })
}

/// The choice a program's line names, if it is one of the options.
pub fn answer(d: &Data, seen: &Seen, line: &str) -> Result<Choice, String> {
    let full = crate::games::program::choice_text(line)?;
    let text: String = full.chars().take(80).collect();
    let choice = Choice::parse(d, &full).map_err(|_| format!("answered '{text}', which is not a choice"))?;
    if seen.choices().any(|c| *c == choice) {
        Ok(choice)
    } else {
        Err(format!("answered '{text}', which is not one of the {} options", seen.options.len()))
    }
}
