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
            computer_move(engine, seat, player.as_mut(), &name, save, out)?;
            continue;
        }
        let choice = match ask(engine, seat, &name, &mut path, input, out)? {
            Typed::Quit => return Ok(()),
            Typed::Again => continue,
            Typed::Choice(choice) => choice,
        };
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

fn io(e: std::io::Error) -> String {
    e.to_string()
}

/// The computer's choice for `seat`, played, saved and told.
fn computer_move(
    engine: &mut dyn Engine,
    seat: usize,
    player: &mut dyn Player,
    name: &str,
    save: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), String> {
    let choice = match crate::games::choice_of(engine, seat, player).ok_or("the computer has no choice")? {
        Ok(choice) => choice,
        Err(crate::games::NoAnswer::Forfeit(why) | crate::games::NoAnswer::Fault(why)) => return Err(why),
    };
    engine.apply(seat, &choice)?;
    saved(engine, save)?;
    let said = engine.event_text(None).unwrap_or_else(|| format!("{name} is ready."));
    writeln!(out, "{name} (computer): {said}").map_err(io)
}

/// What a player typed, read against the menu shown.
enum Typed {
    Quit,
    /// Nothing to play yet: the menu again (help, back, a step into the menu).
    Again,
    Choice(String),
}

/// Show `seat` its menu at `path` and read its answer (a step into the menu extends `path`).
fn ask(
    engine: &dyn Engine,
    seat: usize,
    name: &str,
    path: &mut Vec<String>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Typed, String> {
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
        return Ok(Typed::Quit);
    }
    let line = line.trim();
    let picked: Option<&MenuItem> = line.parse::<usize>().ok().and_then(|n| menu.get(n.wrapping_sub(1)));
    let typed = match (line, picked) {
        ("quit", _) => return Ok(Typed::Quit),
        ("help", _) => {
            writeln!(out, "{HELP}").map_err(io)?;
            return Ok(Typed::Again);
        }
        ("board", _) | ("back", _) | ("", _) => Typed::Again,
        (_, Some(item)) if !item.leaf => {
            path.push(item.id.clone());
            return Ok(Typed::Again);
        }
        (_, Some(item)) => Typed::Choice(item.id.clone()),
        (typed, None) => Typed::Choice(typed.to_string()),
    };
    path.clear();
    Ok(typed)
}

/// Writes the game's script beside the save file, then puts it in place (a crash never leaves half a file).
fn saved(engine: &dyn Engine, save: Option<&Path>) -> Result<(), String> {
    let Some(path) = save else { return Ok(()) };
    let tmp = path.with_extension("saving");
    std::fs::write(&tmp, engine.script()).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("cannot save {}: {e}", path.display()))
}
