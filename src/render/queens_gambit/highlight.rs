//! The last action, drawn over the board: the path a unit moved (yellow arrows), the attack line with its
//! hits, blocks and riposte (magenta), an X on what died, rings where droids arrived, and on the space
//! track the card placed and Anakin's roll. Also a one-line caption of the same events for the status
//! strip.

use super::scene::{Scene, SpaceGeom};
use super::space;
use crate::games::queens_gambit::rules::Pos;
use crate::games::queens_gambit::rules::View;
use crate::games::queens_gambit::rules::data::Data;
use crate::games::queens_gambit::rules::words::count;
use crate::games::queens_gambit::rules::{Event, EventKind};
use crate::render::canvas::{Area, Canvas, Point};
use crate::render::font::{Fonts, Style};
use crate::render::palette::{self, Colour};

/// The centre of a position: paths, attack lines and crosses run through it.
fn spot(scene: &Scene, d: &Data, pos: Pos) -> Option<(Point, f32)> {
    scene.centre(d, pos)
}

/// The centre of a piece's symbol there: rings go around it.
fn body(scene: &Scene, d: &Data, pos: Pos) -> Option<(Point, f32)> {
    let (at, r) = scene.centre(d, pos)?;
    Some((super::piece::body_centre(at, r), r))
}

/// Move `b` back towards `a` by `by` pixels (so an arrow stops at a symbol's edge, not its centre).
fn short_of(a: Point, b: Point, by: f32) -> Point {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
    if len <= by {
        return b;
    }
    (b.0 - (b.0 - a.0) / len * by, b.1 - (b.1 - a.1) / len * by)
}

fn tag(c: &mut Canvas, fonts: &Fonts, at: Point, text: &str, cap: f32, bg: Colour) {
    let st = Style::bold(cap);
    let w = fonts.width(st, text) + 12.0;
    let h = cap + 10.0;
    let a = Area::new(at.0, at.1 - h / 2.0, w, h);
    // Keep the tag inside the picture.
    let a = Area::new(a.x.min(c.width() as f32 - w - 2.0).max(2.0), a.y.max(2.0), w, h);
    c.round_rect(Area::new(a.x - 1.5, a.y - 1.5, a.w + 3.0, a.h + 3.0), h / 2.0 + 1.5, palette::HALO, 1.0);
    c.round_rect(a, h / 2.0, bg, 1.0);
    fonts.centred(c, text, st, a.x + w / 2.0, a.y + h / 2.0, palette::ink_on(bg), None);
}

fn path(c: &mut Canvas, scene: &Scene, d: &Data, steps: &[Pos]) {
    let pts: Vec<Option<(Point, f32, Option<u8>)>> =
        steps.iter().map(|p| spot(scene, d, *p).map(|(q, r)| (q, r, scene.board_of(*p)))).collect();
    let w = 5.0;
    if let Some(Some((p, r, _))) = pts.first() {
        c.circle(*p, r * 0.3 + 1.5, palette::HALO);
        c.circle(*p, r * 0.3, palette::MOVE);
    }
    let n = pts.len();
    for i in 1..n {
        let (Some((a, _, ba)), Some((b, rb, bb))) = (pts[i - 1], pts[i]) else { continue };
        if ba != bb {
            // A staircase, window or door to another board: ring both ends instead of a line across.
            c.ring(a, rb * 1.2, 3.0, palette::MOVE);
            c.ring(b, rb * 1.2, 3.0, palette::MOVE);
            continue;
        }
        if i + 1 == n {
            let end = short_of(a, b, rb + 3.0);
            c.line(a, end, w + 3.0, palette::HALO);
            c.arrow(a, end, w, rb * 0.9, palette::MOVE);
        } else {
            c.line(a, b, w + 3.0, palette::HALO);
            c.line(a, b, w, palette::MOVE);
            c.circle(b, w * 0.9, palette::MOVE);
        }
    }
}

/// Which layer of a grid Anakin's roll was against: 0 the printed grid, k the k-th card from the bottom.
fn roll_layer(v: &View, grid: u8, card: Option<u8>) -> Option<usize> {
    match card {
        None => Some(0),
        Some(c) => v.space.grids.get(usize::from(grid))?.iter().position(|x| *x == c).map(|k| k + 1),
    }
}

/// Draw the last action's marks, in layers: the unit waited on, moves, attacks, losses, space.
pub fn draw(c: &mut Canvas, fonts: &Fonts, d: &Data, v: &View, scene: &Scene, events: &[&Event]) {
    waited_on(c, fonts, d, v, scene);
    moves(c, d, scene, events);
    attacks(c, fonts, d, scene, events);
    destroyed(c, d, scene, events);
    if let Some(g) = &scene.space {
        space_marks(c, fonts, v, g, scene.sizes.small, events);
    }
}

/// The unit the game waits on, ringed in white (every viewer sees the same question).
fn waited_on(c: &mut Canvas, fonts: &Fonts, d: &Data, v: &View, scene: &Scene) {
    for p in &v.pending {
        let Some(piece) = p.prompt.piece() else { continue };
        if let Some(pv) = v.pieces.iter().find(|x| x.id == piece) {
            super::marks::acting(c, fonts, d, scene, pv.pos);
        }
    }
}

/// Paths moved, droids sent to the palace or arriving.
fn moves(c: &mut Canvas, d: &Data, scene: &Scene, events: &[&Event]) {
    for e in events {
        match &e.kind {
            EventKind::Moved { path: steps, .. } => path(c, scene, d, steps),
            EventKind::DroidsToPalace { from, placed, .. } => {
                if let Some((b, r)) = body(scene, d, *from) {
                    c.ring(b, r * 1.2, 3.0, palette::MOVE);
                }
                for p in placed {
                    if let Some((b, r)) = body(scene, d, *p) {
                        c.ring(b, r + 5.0, 3.0, palette::MOVE);
                    }
                }
            }
            EventKind::DroidArrived { at, .. } | EventKind::DroidsActivated { at, .. } => {
                if let Some((b, r)) = body(scene, d, *at) {
                    c.ring(b, r + 5.0, 3.0, palette::MOVE);
                }
            }
            _ => {}
        }
    }
}

/// Attack arrows with their hits, blocks and ripostes.
fn attacks(c: &mut Canvas, fonts: &Fonts, d: &Data, scene: &Scene, events: &[&Event]) {
    let cap = scene.sizes.small;
    for e in events {
        if let EventKind::Attacked { from, at, hits, blocks, riposte, .. } = &e.kind {
            let (Some((a, ra)), Some((b, rb))) = (body(scene, d, *from), body(scene, d, *at)) else {
                // One end is in another picture: mark the end that is here.
                if let Some((b, rb)) = body(scene, d, *at) {
                    c.ring(b, rb + 5.0, 3.0, palette::ATTACK);
                }
                continue;
            };
            let start = short_of(b, a, ra * 0.6);
            let end = short_of(a, b, rb + 4.0);
            if scene.board_of(*from) == scene.board_of(*at) {
                c.line(start, end, 7.0, palette::HALO);
                c.arrow(start, end, 4.0, rb * 0.9, palette::ATTACK);
            } else {
                c.ring(a, ra + 5.0, 3.0, palette::ATTACK);
            }
            c.ring(b, rb + 5.0, 3.0, palette::ATTACK);
            let mut text = format!("{hits} hit{}", if *hits == 1 { "" } else { "s" });
            if *blocks > 0 {
                text.push_str(&format!(" \u{b7} {blocks} blocked"));
            }
            if *riposte > 0 {
                text.push_str(&format!(" \u{b7} riposte {riposte}"));
            }
            tag(c, fonts, (b.0 + rb + 8.0, b.1 - rb - 4.0), &text, cap, palette::ATTACK);
        }
    }
}

/// A cross where a unit was destroyed.
fn destroyed(c: &mut Canvas, d: &Data, scene: &Scene, events: &[&Event]) {
    for e in events {
        if let EventKind::Destroyed { at, .. } = &e.kind
            && let Some((b, r)) = spot(scene, d, *at)
        {
            c.cross(b, r * 0.95, 9.0, palette::HALO);
            c.cross(b, r * 0.95, 5.5, palette::KILLED);
        }
    }
}

/// Space: the Starfighter card placed, Anakin's roll against its slot, blocked slots, his advance.
fn space_marks(c: &mut Canvas, fonts: &Fonts, v: &View, g: &SpaceGeom, cap: f32, events: &[&Event]) {
    for e in events {
        match &e.kind {
            EventKind::StarfighterPlaced { grid, .. } => {
                let cards = v.space.grids.get(usize::from(*grid)).map(Vec::len).unwrap_or(0);
                if cards > 0 && usize::from(*grid) < g.blocks.len() {
                    let col = g.column(usize::from(*grid), cards, cards);
                    let a = Area::new(
                        col.x - 6.0,
                        g.slots_top - 30.0,
                        col.w + 12.0,
                        g.slot_y(12) + g.slot_h * 2.0 - g.slots_top + 34.0,
                    );
                    c.round_rect_stroke(a, 8.0, 3.0, palette::MOVE);
                }
            }
            EventKind::AnakinRolled { grid, starfighter, roll, passed } => {
                let Some(layer) = roll_layer(v, *grid, *starfighter) else { continue };
                let Some(a) = space::slot_box(g, &v.space, usize::from(*grid), layer, roll.sum) else { continue };
                let colour = if *passed { palette::MOVE } else { palette::KILLED };
                c.round_rect_stroke(Area::new(a.x - 3.0, a.y - 3.0, a.w + 6.0, a.h + 6.0), 5.0, 3.0, colour);
                let verdict = if *passed { "through" } else { "blocked" };
                let text = format!("{}+{}={} {verdict}", roll.dice[0], roll.dice[1], roll.sum);
                tag(c, fonts, (a.right() + a.h + 10.0, a.y + a.h / 2.0), &text, cap, colour);
            }
            EventKind::SlotBlocked { grid, slot } => {
                let cards = v.space.grids.get(usize::from(*grid)).map(Vec::len).unwrap_or(0);
                if let Some(a) = space::slot_box(g, &v.space, usize::from(*grid), cards, *slot) {
                    let d = space::die_area(a);
                    c.round_rect_stroke(Area::new(d.x - 3.0, d.y - 3.0, d.w + 6.0, d.h + 6.0), 5.0, 2.5, palette::MOVE);
                }
            }
            EventKind::AnakinAdvanced { space } => {
                if let Some(p) = g.stops.get(usize::from(*space)) {
                    c.ring(*p, g.stop_radius + 5.0, 3.0, palette::MOVE);
                }
            }
            _ => {}
        }
    }
}

/// A short line about the last action, from the events the viewer may see. Long by design: one arm per
/// kind of event drawn (a table of short words, shorter than the post's lines for the picture's strip).
pub fn caption(d: &Data, events: &[&Event]) -> String {
    let parts: Vec<String> = events.iter().filter_map(|e| event_caption(d, e)).collect();
    if parts.is_empty() { "\u{2014}".into() } else { parts.join(" \u{b7} ") }
}

/// One event's part of the caption; none for an event the picture does not tell.
fn event_caption(d: &Data, e: &Event) -> Option<String> {
    let name = |k: &crate::games::queens_gambit::rules::KindId| d.unit(*k).short.clone();
    match &e.kind {
        EventKind::CardRevealed { card, bonus, .. } => {
            let b = if *bonus { " (bonus)" } else { "" };
            Some(format!("{} [{}]{b}", d.card(*card).title, d.card(*card).code))
        }
        EventKind::Moved { kind, path, .. } => match (path.first(), path.last()) {
            (Some(a), Some(b)) if a != b => Some(format!("{} {a}\u{2192}{b}", name(kind))),
            _ => None,
        },
        EventKind::Attacked { attacker_kind, from, target_kind, at, hits, blocks, riposte, .. } => {
            let mut t = format!(
                "{} {from} attacks {} {at}: {}",
                name(attacker_kind),
                name(target_kind),
                count(*hits, "hit", "hits")
            );
            if *blocks > 0 {
                t.push_str(&format!(", {blocks} blocked"));
            }
            if *riposte > 0 {
                t.push_str(&format!(", riposte {riposte}"));
            }
            Some(t)
        }
        EventKind::Destroyed { kind, at, .. } => Some(format!("{} {at} destroyed", name(kind))),
        EventKind::ShieldDown => Some("the shield is down".into()),
        EventKind::QueenRevealed { kind, .. } => Some(format!("the {} was the real queen", name(kind))),
        EventKind::StarfighterPlaced { starfighter, grid } => {
            let code = d.space.starfighters.get(usize::from(*starfighter)).map(|f| f.code.clone());
            Some(format!("{} on grid {}", code.unwrap_or_default(), grid + 1))
        }
        EventKind::AnakinRolled { roll, passed, .. } => Some(format!(
            "Anakin rolls {}+{}={}: {}",
            roll.dice[0],
            roll.dice[1],
            roll.sum,
            if *passed { "through" } else { "blocked" }
        )),
        EventKind::AnakinAdvanced { space } => Some(format!("Anakin reaches space {space}")),
        EventKind::SlotBlocked { grid, slot } => Some(format!("slot {slot} of grid {} blocked", grid + 1)),
        EventKind::SpaceDefence { hits, .. } => {
            Some(format!("the Federation rolls {} against Anakin", count(*hits, "hit", "hits")))
        }
        EventKind::ControlShipDestroyed { .. } => Some("the Control Ship is destroyed".into()),
        EventKind::DroidsToPalace { kind, from, placed, .. } => {
            Some(format!("{} group {from} to the palace ({} arrive)", name(kind), placed.len()))
        }
        EventKind::DroidsActivated { kind, at, .. } => Some(format!("new {} group at {at}", name(kind))),
        EventKind::Recovered { kind, amount, .. } => Some(format!("{} recovers {amount}", name(kind))),
        EventKind::NoEffect { why } => Some(format!("no effect: {why}")),
        EventKind::GameOver { winner, .. } => Some(format!("{} wins", winner.name())),
        _ => None,
    }
}
