//! `gambit replay` of any game's script, through the game seam: every step told as the reader saw it,
//! then where the game stands for them (or all of it as JSON). A reader is a seat, by its key, or a
//! spectator.

use crate::games::{Engine, Kind};

/// Who reads: a seat by its key (`evil`, `naboo`), or `spectator`; none: a spectator.
pub fn reader_of(engine: &dyn Engine, asked: Option<&str>) -> Result<Option<usize>, String> {
    let Some(asked) = asked.map(str::trim) else { return Ok(None) };
    if asked.eq_ignore_ascii_case("spectator") {
        return Ok(None);
    }
    let seats = engine.seat_names().len();
    (0..seats).find(|s| engine.seat_key(*s).eq_ignore_ascii_case(asked)).map(Some).ok_or_else(|| {
        let keys: Vec<String> = (0..seats).map(|s| engine.seat_key(s)).chain(["spectator".to_string()]).collect();
        format!("'{asked}' is not a reader of this game (readers: {})", keys.join(", "))
    })
}

/// The script replayed: each step's words for the reader, then the end or who decides, and what the
/// reader sees; with `json`, all of it as one JSON object.
pub fn replay(kind: &dyn Kind, text: &str, json: bool, asked: Option<&str>) -> Result<String, String> {
    let whole = kind.replay(text, None)?;
    let reader = reader_of(&*whole, asked)?;
    let script = whole.script();
    let lines: Vec<&str> = script.lines().collect();
    let head = lines.len().saturating_sub(whole.steps());
    let mut told = Vec::new();
    for k in 1..=whole.steps() {
        let upto = format!("{}\n", lines[..head + k].join("\n"));
        let step = kind.replay(&upto, None)?;
        told.push((k, step.event_text(reader)));
    }
    let keys: Vec<String> = (0..whole.seat_names().len()).map(|s| whole.seat_key(s)).collect();
    let key_of = |s: &usize| keys.get(*s).cloned().unwrap_or_default();
    if json {
        let body = serde_json::json!({
            "game": kind.key(),
            "rules": whole.rules_version(),
            "steps": whole.steps(),
            "seats": keys,
            "reader": reader.map(|r| key_of(&r)),
            "deciding": whole.deciders().iter().map(key_of).collect::<Vec<_>>(),
            "outcome": whole.outcome().map(|o| serde_json::json!({
                "winners": o.winners.iter().map(key_of).collect::<Vec<_>>(),
                "summary": o.summary,
            })),
            "view": whole.view_text(reader),
            "events": told.iter().map(|(k, t)| serde_json::json!({"step": k, "text": t})).collect::<Vec<_>>(),
        });
        return serde_json::to_string_pretty(&body).map_err(|e| e.to_string());
    }
    let mut out = String::new();
    for (k, text) in told {
        if let Some(text) = text {
            out.push_str(&format!("{:>9}: {text}\n", format!("step {k}")));
        }
    }
    match whole.outcome() {
        Some(o) => out.push_str(&format!("Game over: {}\n", o.summary)),
        None => out.push_str(&format!("Waiting for: {}\n", whole.waiting())),
    }
    let who = reader.map_or("a spectator".to_string(), |r| whole.seat_names().get(r).cloned().unwrap_or_default());
    out.push_str(&format!("\nAs {who} sees it:\n{}\n", whole.view_text(reader)));
    Ok(out)
}
