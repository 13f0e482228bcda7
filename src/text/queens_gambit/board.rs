//! Text pictures of a game for the terminal: a status summary and letter maps of each board.
//! Built from a `View`, so a seat's screen never shows what that seat may not see.

use crate::games::queens_gambit::rules::data::{Data, Terrain, Zone};
use crate::games::queens_gambit::rules::words::card_name;
use crate::games::queens_gambit::rules::{Phase, Pos, Side};
use crate::games::queens_gambit::rules::{PieceView, View};
use std::fmt::Write as _;

/// The letter a piece is drawn with: Naboo in lower case, the Trade Federation in upper case.
fn glyph(d: &Data, p: &PieceView) -> char {
    let c = d.unit(p.kind).letter;
    if p.side == Side::Naboo { c.to_ascii_lowercase() } else { c }
}

fn header(out: &mut String, columns: u8) {
    out.push_str("    ");
    for x in 0..columns {
        out.push(char::from(b'A' + x));
        out.push(' ');
    }
    out.push('\n');
}

/// The Plains of Naboo as letters; groups show their size instead of a letter when it is above 1.
pub fn field_map(d: &Data, v: &View) -> String {
    let mut out = String::from("Plains of Naboo (lower case Naboo, upper case Trade Federation)\n");
    header(&mut out, d.field.columns);
    for y in 0..d.field.rows {
        let _ = write!(out, "{:>3} ", y + 1);
        for x in 0..d.field.columns {
            let pos = Pos::Field { x, y };
            let cell = d.field.index_of(pos).map(|i| &d.field.cells[i]);
            let ch = match v.pieces.iter().find(|p| p.pos == pos) {
                Some(p) => glyph(d, p),
                None => match cell.map(|c| c.zone) {
                    Some(Zone::OutOfPlay) => ' ',
                    Some(Zone::Line) if v.shield_up => '~',
                    _ => '.',
                },
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

/// One palace floor (floor 1 includes the approach, rows 0A..).
pub fn palace_map(d: &Data, v: &View, floor: u8) -> String {
    let mut out = String::new();
    let Some(level) = d.palace.levels.iter().find(|l| l.floor == floor) else { return out };
    let _ = writeln!(out, "{}", level.name);
    header(&mut out, d.palace.columns);
    for r in 0..level.rows {
        let y = level.first_row + r as i8;
        let pos0 = Pos::Palace { floor, x: 0, y };
        let label = pos0.to_string();
        let _ = write!(out, "{:>3} ", format!("{}{}", &label[..1], &label[2..]));
        for x in 0..d.palace.columns {
            let pos = Pos::Palace { floor, x, y };
            let Some(i) = d.palace.index_of(pos) else { continue };
            let c = &d.palace.cells[i];
            let ch = match v.pieces.iter().find(|p| p.pos == pos) {
                Some(p) => glyph(d, p),
                None => match c.terrain {
                    Terrain::Pillar => '#',
                    Terrain::Throne => 'T',
                    Terrain::Stair => 'S',
                    Terrain::Window => 'W',
                    Terrain::Staging => 'z',
                    Terrain::Floor if d.palace.throne_room[i] => ':',
                    Terrain::Floor => '.',
                },
            };
            out.push(ch);
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

/// What the letters of the maps mean: every unit's letter, then the palace's terrain.
pub fn legend(d: &Data) -> String {
    let mut units: Vec<String> = Vec::new();
    for u in &d.units {
        let entry = format!("{} {}", u.letter, u.short);
        if !units.contains(&entry) {
            units.push(entry);
        }
    }
    format!(
        "Legend: {} (lower case: Naboo, upper case: Trade Federation).\n\
         Palace: # pillar, S stairs, W window, T throne, : throne room, z staging zone, . floor; ~ the shield line.\n",
        units.join(", ")
    )
}

/// The generator core spaces and who stands on them.
pub fn core_map(d: &Data, v: &View) -> String {
    let mut out = String::from("Generator core: ");
    let cells: Vec<String> = (0..d.core.spaces)
        .map(|c| {
            let pos = Pos::Core(c);
            match v.pieces.iter().find(|p| p.pos == pos) {
                Some(p) => format!("{pos}={}", d.unit(p.kind).short),
                None => pos.to_string(),
            }
        })
        .collect();
    out.push_str(&cells.join(" "));
    out.push('\n');
    out
}

/// A few lines: round, whose move, space, shield, duel, throne room, cards.
pub fn status(d: &Data, v: &View) -> String {
    let mut out = String::new();
    let phase = match v.phase {
        Phase::Planning => "plans being made",
        Phase::Resolving => "cards in play",
        Phase::Over => "over",
    };
    let _ = writeln!(out, "Round {}, {phase}. Go First: {}.", v.round, v.go_first.title(v.mode));
    let needs = v.needs.lines();
    let [tf, naboo] = [&needs[Side::Tf], &needs[Side::Naboo]];
    for line in [space_line(d, v), characters_line(d, v), tf.clone(), naboo.clone(), decks_line(d, v)] {
        let _ = writeln!(out, "{line}");
    }
    for sv in &v.seats {
        let _ = writeln!(out, "{}", seat_line(d, v, sv));
    }
    if let Some(o) = v.outcome {
        let _ = writeln!(
            out,
            "Game over: {} wins: {}.",
            o.winner,
            crate::games::queens_gambit::rules::words::why_won(o.reason)
        );
    }
    out
}

/// Anakin's place and the Starfighter cards on each grid.
fn space_line(d: &Data, v: &View) -> String {
    let fighters: Vec<String> = v
        .space
        .grids
        .iter()
        .enumerate()
        .filter(|(_, g)| !g.is_empty())
        .map(|(i, g)| {
            let codes: Vec<&str> = g.iter().map(|c| d.space.starfighters[usize::from(*c)].code.as_str()).collect();
            format!("grid {}: {}", i + 1, codes.join("+"))
        })
        .collect();
    format!(
        "Space: Anakin on space {} of {}; Starfighter cards {} ({} left in the pile).",
        v.space.anakin,
        d.space.control_ship(),
        if fighters.is_empty() { "none".to_string() } else { fighters.join(", ") },
        v.space.starfighters_left
    )
}

/// The shield, and each palace or core character with its damage (and, when the reader knows, which
/// queen is real).
fn characters_line(d: &Data, v: &View) -> String {
    let tracks: Vec<String> = v
        .pieces
        .iter()
        .filter(|p| d.unit(p.kind).has_track() && !d.unit(p.kind).battlefield)
        .map(|p| {
            let real = match p.real {
                Some(true) => " (real)",
                Some(false) => " (decoy)",
                None => "",
            };
            format!("{}{real} {} {}/{}", d.unit(p.kind).short, p.pos, p.damage, d.unit(p.kind).dies_at)
        })
        .collect();
    format!("Shield {}. Characters: {}.", if v.shield_up { "up" } else { "down" }, tracks.join(", "))
}

/// The decks and the bonus cards waiting for next round.
fn decks_line(d: &Data, v: &View) -> String {
    let decks: Vec<String> = d
        .decks
        .iter()
        .zip(&v.decks)
        .map(|(def, dv)| format!("{} {} (+{} discarded)", def.code, dv.draw, dv.discard.len()))
        .collect();
    format!(
        "Decks: {}. Bonus cards for next round: Naboo {}, Trade Federation {}.",
        decks.join(", "),
        v.bonus_waiting[Side::Naboo],
        v.bonus_waiting[Side::Tf]
    )
}

/// A seat's cards: in hand, to reveal, locked in, and the queue when the reader may see it.
fn seat_line(d: &Data, v: &View, sv: &crate::games::queens_gambit::rules::SeatView) -> String {
    let mut line = format!(
        "{}: {} cards in hand, {} to reveal{}",
        sv.seat.title(v.mode),
        sv.hand_size,
        sv.to_reveal,
        if sv.locked { ", locked in" } else { "" }
    );
    if let Some(q) = &sv.queue {
        let names: Vec<String> =
            q.iter().map(|c| c.map(|c| card_name(d, c)).unwrap_or_else(|| "bonus card (hidden)".into())).collect();
        if !names.is_empty() {
            let _ = write!(line, " [{}]", names.join("; "));
        }
    }
    line
}
