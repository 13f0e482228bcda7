//! Stratego played by an outside program over the agent protocol (docs/agent-protocol.md): each question
//! is one line of JSON built from what the seat may know (`Asked`) and nothing else — its view of the
//! board, the public memory of each piece, the fallen pieces it was shown, and its options — and the
//! program answers with one of the options' `choice` texts.

use super::{Asked, Position};
use crate::games::NoAnswer;
use crate::games::program::{Program, choice_text};
use crate::games::stratego::piece::Side;
use crate::games::stratego::roster::Roster;
use crate::games::stratego::view::Seen;
use serde_json::{Value, json};
use std::time::Duration;

pub struct External {
    program: Program,
    limit: Duration,
}

impl External {
    pub fn new(command: &str, limit: Duration) -> External {
        External { program: Program::new(command), limit }
    }
}

impl crate::games::Player for External {
    fn choose(&mut self, seen: &(dyn std::any::Any + Send)) -> Result<String, NoAnswer> {
        let asked = super::asked(seen)?;
        let (question, options) = message(asked, self.limit);
        self.program
            .ask(&question, self.limit, |line| {
                let text = choice_text(line)?;
                let shown: String = text.chars().take(80).collect();
                options
                    .iter()
                    .find(|o| o.eq_ignore_ascii_case(text.trim()))
                    .cloned()
                    .ok_or_else(|| format!("answered '{shown}', which is not one of the {} options", options.len()))
            })
            .map_err(NoAnswer::Forfeit)
    }
}

/// A piece as the question shows it: its rank only when the seat knows it.
fn piece(roster: &Roster, seen: &Seen) -> Value {
    json!({
        "side": seen.side.name().to_lowercase(),
        "rank": seen.rank().map(|r| r.code()),
        "code": seen.known.map(|k| roster.kind(k.kind).code.clone()),
        "revealed": seen.revealed,
    })
}

/// The question and its options' choice texts.
pub fn message(asked: &Asked, limit: Duration) -> (Value, Vec<String>) {
    let side_key = |s: Side| s.name().to_lowercase();
    match asked {
        Asked::Setup { side, rules, .. } => {
            let options = vec!["setup guarded".to_string(), "setup random".to_string()];
            let question = json!({
                "game": "stratego",
                "variant": rules.variant.number(),
                "side": side_key(*side),
                "question": "setup",
                "options": options.iter().map(|o| json!({"choice": o})).collect::<Vec<_>>(),
                "ms_left": limit.as_millis() as u64,
            });
            (question, options)
        }
        Asked::Move(p) => {
            let options: Vec<String> = p.actions.iter().map(|a| a.to_string()).collect();
            (position(p, &options, limit), options)
        }
    }
}

fn position(p: &Position, options: &[String], limit: Duration) -> Value {
    let v = &p.view;
    let roster = &p.roster;
    let board: Vec<Value> = v
        .squares
        .iter()
        .map(|(s, seen)| {
            let mut entry = piece(roster, seen);
            let moved = p.tracks.iter().find(|(q, _)| q == s).is_some_and(|(_, t)| t.moved);
            entry["square"] = json!(s.to_string());
            entry["moved"] = json!(moved);
            entry
        })
        .collect();
    json!({
        "game": "stratego",
        "variant": p.rules.variant.number(),
        "side": v.reader.map(|s| s.name().to_lowercase()),
        "question": "move",
        "turn": v.turns,
        "board": board,
        "lost": v.lost.iter().map(|l| piece(roster, l)).collect::<Vec<_>>(),
        "fallen": p.fallen.iter().map(|k| roster.kind(*k).rank.code()).collect::<Vec<_>>(),
        "waiting": v.waiting.map(|w| piece(roster, &w)),
        "options": options.iter().map(|o| json!({"choice": o})).collect::<Vec<_>>(),
        "ms_left": limit.as_millis() as u64,
    })
}
