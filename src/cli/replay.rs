//! `gambit replay FILE`: run a replay script and print what happened (every event, private ones marked
//! with the side that sees them), or the final state as JSON.

use crate::rules::describe::event_text;
use crate::rules::script::{self, Script};
use crate::rules::{Audience, Data};
use std::sync::Arc;

/// The printed log of a script, or its final state as pretty JSON.
pub fn run(data: Arc<Data>, text: &str, json: bool) -> Result<String, String> {
    let script = Script::parse(&data, text).map_err(|e| e.to_string())?;
    let run = script::run(data.clone(), &script).map_err(|e| e.to_string())?;
    if json {
        return serde_json::to_string_pretty(run.game.state()).map_err(|e| e.to_string());
    }
    let mut out = String::new();
    let state = run.game.state();
    for (line, events) in &run.log {
        for e in events {
            let Some(text) = event_text(&data, state.mode, e) else { continue };
            let tag = match e.to {
                Audience::All => String::new(),
                Audience::Side(s) => format!("[{} only] ", s.key()),
            };
            let at = if *line == 0 { "setup".to_string() } else { format!("line {line}") };
            out.push_str(&format!("{at:>9}: {tag}{text}\n"));
        }
    }
    match run.game.outcome() {
        Some(o) => out.push_str(&format!("Game over: {} wins ({:?}).\n", o.winner, o.reason)),
        None => out.push_str(&format!("Waiting for: {}\n", crate::rules::describe::waiting_for(&data, state))),
    }
    Ok(out)
}
