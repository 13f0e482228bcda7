//! `gambit replay FILE`: run a replay script and print what happened (every event, private ones marked
//! with the side that sees them), or the final state as JSON. With `--as SEAT` only what that seat sees:
//! the events for its side and, at the end, its view as the bot would show it.

use crate::games::queens_gambit::rules::script::{self, Run, Script};
use crate::games::queens_gambit::rules::words::{card_name, event_text, option_label, prompt_text, why_won};
use crate::games::queens_gambit::rules::{Audience, Data, EventKind, Seat, Viewer};
use std::fmt::Write as _;
use std::sync::Arc;

/// The printed log of a script (or its final state as pretty JSON). A refused step is an `Err` holding
/// the log up to it, the line and the reason.
pub fn run(data: Arc<Data>, text: &str, json: bool, seat: Option<&str>) -> Result<String, String> {
    let script = Script::parse(&data, text).map_err(|e| e.to_string())?;
    // A spectator sees only what everyone sees: no side's events, and the public board.
    let spectator = seat.is_some_and(|w| w.trim().eq_ignore_ascii_case("spectator"));
    let seat = match seat.filter(|_| !spectator) {
        None => None,
        Some(w) => Some(Seat::from_key(script.mode, w).ok_or_else(|| {
            let names: Vec<&str> = Seat::all(script.mode).map(|s| s.key(script.mode)).collect();
            format!("'{w}' is not a seat of this game (readers: {}, spectator)", names.join(", "))
        })?),
    };
    let (run, refused) = script::run_until(data.clone(), &script, &mut |_, _| {});
    if json {
        if let Some(e) = refused {
            return Err(e.to_string());
        }
        return match seat {
            None if spectator => {
                serde_json::to_string_pretty(&run.game.view(Viewer::Spectator)).map_err(|e| e.to_string())
            }
            None => serde_json::to_string_pretty(run.game.state()).map_err(|e| e.to_string()),
            Some(seat) => seat_json(&data, &run, seat),
        };
    }
    let mut out = story(&data, &run, seat, spectator);
    for (line, warning) in &run.warnings {
        let _ = writeln!(out, "warning, line {line}: {warning}");
    }
    if let Some(e) = refused {
        let _ = writeln!(out, "Refused at {e}");
        return Err(out);
    }
    match run.game.outcome() {
        Some(o) => {
            let _ = writeln!(out, "Game over: {} wins: {}.", o.winner, why_won(o.reason));
        }
        None => {
            let _ = writeln!(out, "Waiting for: {}", run.game.waiting_for());
        }
    }
    if let Some(seat) = seat {
        out.push_str(&seat_text(&data, &run, seat));
    } else if spectator {
        let view = run.game.view(Viewer::Spectator);
        out.push_str(&format!(
            "\nAs a spectator sees it:\n{}",
            crate::text::queens_gambit::board::status(&data, &view)
        ));
    }
    Ok(out)
}

/// Every event with its line; for a seat, only those its side may see; for a spectator, only those
/// everyone sees.
fn story(d: &Data, run: &Run, seat: Option<Seat>, spectator: bool) -> String {
    let mode = run.game.mode();
    let mut out = String::new();
    for (line, events) in &run.log {
        let at = if *line == 0 { "setup".to_string() } else { format!("line {line}") };
        for e in events {
            let tag = match (e.to, seat) {
                (Audience::All, _) => String::new(),
                (Audience::Side(_), None) if spectator => continue,
                (Audience::Side(s), None) => format!("[{} only] ", s.key()),
                (Audience::Side(s), Some(me)) if s == me.side() => "[your side only] ".to_string(),
                (Audience::Side(_), Some(_)) => continue,
            };
            let text = match &e.kind {
                // In script form, so a reader can write the same line.
                EventKind::OnlyChoice { seat, answer, .. } => format!("only one choice: {} {answer}", seat.key(mode)),
                _ => match event_text(d, mode, e) {
                    Some(t) => t,
                    None => continue,
                },
            };
            let _ = writeln!(out, "{at:>9}: {tag}{text}");
        }
    }
    out
}

/// What the seat sees at the end: the public status, its hand and plan, and its question.
fn seat_text(d: &Data, run: &Run, seat: Seat) -> String {
    let (game, state) = (&run.game, run.game.state());
    let view = game.view(Viewer::Seat(seat));
    let mut out = format!("\nAs {} sees it:\n", seat.title(state.mode));
    out.push_str(&crate::text::queens_gambit::board::status(d, &view));
    let mine = &view.seats[seat];
    let names = |cs: &Option<Vec<crate::games::queens_gambit::rules::CardId>>| {
        let v: Vec<String> = cs.iter().flatten().map(|c| card_name(d, *c)).collect();
        if v.is_empty() { "none".to_string() } else { v.join("; ") }
    };
    let _ = writeln!(out, "Hand: {}", names(&mine.hand));
    let _ = writeln!(out, "Plan: {}", names(&mine.plan));
    match game.decision_for(seat) {
        Some(dec) => {
            let _ = writeln!(out, "Your move: {}", prompt_text(d, state, dec));
            for o in &dec.options {
                let _ = writeln!(out, "  {}  ({})", option_label(d, state, dec, o), o.text(d));
            }
        }
        None => {
            let _ = writeln!(out, "Nothing for you to decide: {}", game.waiting_for());
        }
    }
    out
}

fn seat_json(d: &Data, run: &Run, seat: Seat) -> Result<String, String> {
    let (game, state) = (&run.game, run.game.state());
    let decision = game.decision_for(seat).map(|dec| {
        serde_json::json!({
            "prompt": prompt_text(d, state, dec),
            "answers": dec.options.iter().map(|o| o.text(d)).collect::<Vec<_>>(),
        })
    });
    let body = serde_json::json!({
        "seat": seat.key(state.mode),
        "view": game.view(Viewer::Seat(seat)),
        "decision": decision,
    });
    serde_json::to_string_pretty(&body).map_err(|e| e.to_string())
}
