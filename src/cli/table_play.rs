//! Terminal play of a game behind the seam (`games::Engine`): Stratego today. The seat that must act
//! sees its own view and a numbered menu (the first level: its pieces; then the chosen piece's moves),
//! or types the choice itself (`b4 b5`, `vision e5 f7`, `setup random`). The game is written as a replay
//! script to the save file after every accepted choice, so nothing is lost and `--save` continues it.

use crate::games::{Engine, MenuItem, Player};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{BufRead, Write};
use std::path::Path;

const HELP: &str = "Type the number of an option, or the choice itself: 'b4 b5' moves (or attacks), \
'vision e5 f7' (also charge, quick, leap, slash, blast) uses a power, 'setup random' or 'setup guarded' \
locks a setup (or paste its rows split by '/'). Other commands: board, back (to the first menu), help, quit \
(the game stays in its save file).";

/// Plays `engine` to its end (or until `quit` or the end of input). `computers`: the seats the computer
/// plays, each at its level. After every accepted choice the game is written to `save`.
pub fn play(
    engine: &mut dyn Engine,
    computers: &[(usize, String)],
    save: Option<&Path>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let names = engine.seat_names();
    let mut path: Vec<String> = Vec::new();
    let mut players: HashMap<usize, Box<dyn Player>> = HashMap::new();
    writeln!(out, "{HELP}").map_err(io)?;
    loop {
        if let Some(outcome) = engine.outcome() {
            writeln!(out, "{}\n{}", engine.view_text(None), outcome.summary).map_err(io)?;
            return Ok(());
        }
        let deciders = engine.deciders();
        let computer = |s: &usize| computers.iter().find(|(c, _)| c == s).map(|(_, level)| level);
        let Some(&seat) = deciders.iter().find(|s| computer(s).is_some()).or(deciders.first()) else {
            return Err("nobody can act and the game has not ended".into());
        };
        let name = names.get(seat).cloned().unwrap_or_default();
        if let Some(level) = computer(&seat) {
            let player = match players.entry(seat) {
                Entry::Occupied(kept) => kept.into_mut(),
                Entry::Vacant(new) => {
                    let effort = crate::games::effort::Settings::default();
                    // Seeded by its seat: the same game plays the same way again (`--seed`).
                    new.insert(engine.player(level, seat as u64 + 1, &effort)?)
                }
            };
            let choice =
                match crate::games::choice_of(engine, seat, player.as_mut()).ok_or("the computer has no choice")? {
                    Ok(choice) => choice,
                    Err(crate::games::NoAnswer::Forfeit(why) | crate::games::NoAnswer::Fault(why)) => return Err(why),
                };
            engine.apply(seat, &choice)?;
            saved(engine, save)?;
            let said = engine.event_text(None).unwrap_or_else(|| format!("{name} is ready."));
            writeln!(out, "{name} (computer): {said}").map_err(io)?;
            continue;
        }
        let steps: Vec<&str> = path.iter().map(String::as_str).collect();
        let menu = engine.menu(seat, &steps);
        if path.is_empty() {
            writeln!(out, "\n{}", engine.view_text(Some(seat))).map_err(io)?;
        }
        writeln!(out, "{name}, your choice:").map_err(io)?;
        for (i, item) in menu.iter().enumerate() {
            writeln!(out, "  {:>2}. {}", i + 1, item.label).map_err(io)?;
        }
        write!(out, "> ").map_err(io)?;
        out.flush().map_err(io)?;
        let mut line = String::new();
        if input.read_line(&mut line).map_err(io)? == 0 {
            return Ok(());
        }
        let line = line.trim();
        let picked: Option<&MenuItem> = line.parse::<usize>().ok().and_then(|n| menu.get(n.wrapping_sub(1)));
        let choice = match (line, picked) {
            ("quit", _) => return Ok(()),
            ("help", _) => {
                writeln!(out, "{HELP}").map_err(io)?;
                continue;
            }
            ("board", _) | ("back", _) | ("", _) => {
                path.clear();
                continue;
            }
            (_, Some(item)) if !item.leaf => {
                path.push(item.id.clone());
                continue;
            }
            (_, Some(item)) => item.id.clone(),
            (typed, None) => typed.to_string(),
        };
        path.clear();
        match engine.apply(seat, &choice) {
            Ok(()) => {
                saved(engine, save)?;
                if let Some(said) = engine.event_text(Some(seat)) {
                    writeln!(out, "{said}").map_err(io)?;
                }
            }
            Err(why) => writeln!(out, "Not done: {why}").map_err(io)?,
        }
    }
}

/// Writes the game's script beside the save file, then puts it in place (a crash never leaves half a file).
fn saved(engine: &dyn Engine, save: Option<&Path>) -> Result<(), String> {
    let Some(path) = save else { return Ok(()) };
    let tmp = path.with_extension("saving");
    std::fs::write(&tmp, engine.script()).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot save {}: {e}", path.display()))
}
