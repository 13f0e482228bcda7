//! The Droid Control Ship battle: Anakin's six spaces, the five printed grids (slots 2 to 12, printed
//! Starfighters blocking some), the Starfighter cards stacked on each grid, and the gray dice placed in the
//! last attempt.

use super::panel;
use super::scene::{Sizes, SpaceGeom};
use crate::games::queens_gambit::rules::SpaceView;
use crate::games::queens_gambit::rules::data::Data;
use crate::render::canvas::{Area, Canvas, Point};
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette::{self, Colour};

/// A slot cell: its number, shaded dark with a small fighter when blocked.
fn slot(c: &mut Canvas, fonts: &Fonts, a: Area, n: u8, blocked: bool, sizes: &Sizes, bright: bool) {
    let fill = if blocked { palette::SLOT_BLOCKED } else { palette::SLOT };
    c.round_rect(a, 4.0, fill, 1.0);
    let st = Style::bold(sizes.small.min(a.h * 0.5));
    let colour = if blocked {
        palette::hex(0xe0a0a0)
    } else if bright {
        palette::TITLE
    } else {
        palette::MUTED
    };
    if blocked {
        // A printed Starfighter: a small dart shape behind the number.
        let cy = a.y + a.h / 2.0;
        let k = a.h * 0.32;
        let x = a.right() - k * 1.6;
        c.convex(
            &[(x + k, cy), (x - k * 0.6, cy - k), (x - k * 0.2, cy), (x - k * 0.6, cy + k)],
            palette::hex(0x9a4a4a),
            1.0,
        );
    }
    let tx = if blocked { a.x + a.w * 0.36 } else { a.x + a.w / 2.0 };
    fonts.centred(c, &n.to_string(), st, tx, a.y + a.h / 2.0, colour, None);
}

fn slot_area(g: &SpaceGeom, col: Area, n: u8) -> Area {
    Area::new(col.x, g.slot_y(n) + 1.5, col.w, g.slot_h - 3.0)
}

pub fn draw_static(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &SpaceGeom, sizes: &Sizes) {
    panel::frame(c, fonts, g.panel, "Droid Control Ship: Anakin's track", sizes);
    // The track line and its stops.
    if let (Some(first), Some(last)) = (g.stops.first(), g.stops.last()) {
        c.rect(Area::new(first.0, first.1 - 2.0, last.0 - first.0, 4.0), palette::hex(0x3c4250));
    }
    let st = Style::bold(sizes.text);
    let last = g.stops.len().saturating_sub(1);
    for (i, p) in g.stops.iter().enumerate() {
        if i == last {
            // The Control Ship: a gray sphere with an equatorial ring.
            let r = g.stop_radius + 4.0;
            c.circle(*p, r + 2.0, palette::HALO);
            c.circle(*p, r, palette::CONTROL_SHIP);
            c.line((p.0 - r * 1.25, p.1), (p.0 + r * 1.25, p.1), 4.0, palette::shade(palette::CONTROL_SHIP, -0.4));
            c.circle(*p, r * 0.35, palette::shade(palette::CONTROL_SHIP, -0.5));
        } else {
            c.circle(*p, g.stop_radius, palette::hex(0x2a2f3a));
            c.ring(*p, g.stop_radius, 2.0, palette::hex(0x56607a));
            fonts.centred(c, &i.to_string(), st, p.0, p.1, palette::MUTED, None);
        }
    }
    if let Some(p) = g.stops.last() {
        let small = Style::bold(sizes.small);
        let x = g.panel.right() - 16.0;
        fonts.draw(
            c,
            "Control Ship",
            small,
            x,
            p.1 + g.stop_radius + 8.0 + sizes.small,
            Align::Right,
            palette::TEXT,
            None,
        );
    }
    for (gi, grid) in d.space.grids.iter().enumerate() {
        let b = g.blocks[gi];
        let head = format!("Grid {}", gi + 1);
        let hs = Style::bold(sizes.text);
        fonts.draw(c, &head, hs, b.x, b.y + sizes.text + 2.0, Align::Left, palette::TITLE, None);
        let dice = format!("{} dice", grid.dice);
        let w = fonts.width(hs, &head);
        let small = Style::regular(sizes.small);
        fonts.draw(c, &dice, small, b.x + w + 8.0, b.y + sizes.text + 2.0, Align::Left, palette::MUTED, None);
        let col = g.column(gi, 0, 0);
        for n in 2..=12u8 {
            slot(c, fonts, slot_area(g, col, n), n, grid.blocked.contains(&n), sizes, true);
        }
    }
}

/// Where the gray die blocking a slot sits: just right of the slot, so its number stays readable.
pub fn die_area(slot: Area) -> Area {
    Area::new(slot.right() + 3.0, slot.y, slot.h, slot.h)
}

/// A gray die put on a slot to block it.
fn die(c: &mut Canvas, a: Area) {
    let k = a.h.min(a.w) * 0.8;
    let (cx, cy) = a.centre();
    let sq = Area::new(cx - k / 2.0, cy - k / 2.0, k, k);
    c.round_rect(Area::new(sq.x - 1.5, sq.y - 1.5, sq.w + 3.0, sq.h + 3.0), k * 0.22, palette::HALO, 1.0);
    c.round_rect(sq, k * 0.2, palette::DIE, 1.0);
    c.circle((cx, cy), k * 0.12, palette::DIE_PIP);
}

/// Anakin's fighter: a gold dart.
fn anakin(c: &mut Canvas, at: Point, r: f32) {
    let pts = [
        (at.0 + r, at.1),
        (at.0 - r * 0.8, at.1 - r * 0.75),
        (at.0 - r * 0.4, at.1),
        (at.0 - r * 0.8, at.1 + r * 0.75),
    ];
    let halo: Vec<Point> = pts.iter().map(|p| (at.0 + (p.0 - at.0) * 1.25, at.1 + (p.1 - at.1) * 1.25)).collect();
    c.convex(&halo[..3], palette::HALO, 1.0);
    c.convex(&[halo[0], halo[2], halo[3]], palette::HALO, 1.0);
    c.convex(&pts[..3], palette::ANAKIN, 1.0);
    c.convex(&[pts[0], pts[2], pts[3]], palette::shade(palette::ANAKIN, -0.2), 1.0);
}

/// Everything that changes: Anakin, the cards on the grids, the dice of the last attempt, the piles.
pub fn draw_dynamic(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &SpaceGeom, v: &SpaceView, sizes: &Sizes) {
    let at = usize::from(v.anakin).min(g.stops.len().saturating_sub(1));
    let home = at + 1 == g.stops.len();
    let p = g.stops[at];
    if home {
        c.ring(p, g.stop_radius + 9.0, 3.0, palette::ANAKIN);
    } else {
        c.circle(p, g.stop_radius - 1.0, palette::hex(0x3a3420));
    }
    anakin(c, (p.0 + 2.0, p.1), g.stop_radius * 0.8);
    // The grid Anakin tries next.
    if let Some(b) = g.blocks.get(at) {
        c.round_rect_stroke(Area::new(b.x - 5.0, b.y - 5.0, b.w + 10.0, b.h + 8.0), 8.0, 1.5, palette::ANAKIN);
    }
    for (gi, cards) in v.grids.iter().enumerate() {
        if gi >= g.blocks.len() {
            break;
        }
        for (k, card) in cards.iter().enumerate() {
            let Some(def) = d.space.starfighters.get(usize::from(*card)) else { continue };
            let col = g.column(gi, k + 1, cards.len());
            let top = k + 1 == cards.len();
            let card_top = g.slots_top - 26.0;
            let card_area = Area::new(col.x - 2.0, card_top, col.w + 4.0, g.slot_y(12) + g.slot_h * 1.9 - card_top);
            c.round_rect(card_area, 6.0, palette::CARD, 1.0);
            let edge: Colour = if top { palette::CARD_EDGE } else { palette::shade(palette::CARD_EDGE, -0.45) };
            c.round_rect_stroke(card_area, 6.0, if top { 2.0 } else { 1.0 }, edge);
            let st = Style::bold(sizes.small.min(col.w * 0.32));
            fonts.centred(c, &def.code, st, col.x + col.w / 2.0, g.slots_top - 16.0, palette::TITLE, None);
            for n in 2..=12u8 {
                slot(c, fonts, slot_area(g, col, n), n, def.blocked.contains(&n), sizes, top);
            }
            let dice = format!("{}d", def.dice);
            let ds = Style::regular(sizes.small.min(col.w * 0.3));
            fonts.centred(c, &dice, ds, col.x + col.w / 2.0, g.slot_y(12) + g.slot_h * 1.45, palette::MUTED, None);
        }
    }
    // Gray dice of the last attempt: on the layer Anakin faces on his grid (the top card, or the grid).
    if let Some(cards) = v.grids.get(at).filter(|_| !v.blocked.is_empty()) {
        let col = g.column(at, cards.len(), cards.len());
        for n in &v.blocked {
            let a = slot_area(g, col, *n);
            die(c, die_area(a));
        }
    }
    let small = Style::regular(sizes.text);
    let gone: Vec<&str> =
        v.gone.iter().filter_map(|i| d.space.starfighters.get(usize::from(*i))).map(|f| f.code.as_str()).collect();
    let passed = if gone.is_empty() { "none".to_string() } else { gone.join(", ") };
    let line = format!(
        "Anakin at {} of {}   \u{b7}   Starfighter pile: {} left   \u{b7}   Passed: {passed}",
        v.anakin,
        d.space.control_ship(),
        v.starfighters_left
    );
    fonts.draw(c, &line, small, g.footer.0, g.footer.1, Align::Left, palette::TEXT, None);
}

/// The area of a slot on the layer `layer` (0 the printed grid, k the k-th card from the bottom) of grid
/// `grid`, for highlights.
pub fn slot_box(g: &SpaceGeom, v: &SpaceView, grid: usize, layer: usize, n: u8) -> Option<Area> {
    let cards = v.grids.get(grid)?.len();
    g.blocks.get(grid)?;
    Some(slot_area(g, g.column(grid, layer.min(cards), cards), n))
}
