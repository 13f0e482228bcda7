//! The Plains of Naboo: hexes by zone, the half spaces out of play, the shield line and its state.

use super::panel;
use super::scene::{FieldGeom, Sizes};
use crate::games::queens_gambit::rules::data::{Data, Zone};
use crate::render::canvas::Canvas;
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette;

/// The map, drawn once.
pub fn draw_static(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &FieldGeom, sizes: &Sizes) {
    panel::frame(c, fonts, g.panel, "Plains of Naboo (Naboo edge at the top)", sizes);
    let label = Style::bold(sizes.label);
    let h = g.board.height();
    for (i, cell) in d.field.cells.iter().enumerate() {
        let corners = &g.corners[i];
        let fill = match cell.zone {
            Zone::Inside => palette::GRASS_INSIDE,
            Zone::Outside => palette::GRASS_OUTSIDE,
            Zone::Line => palette::SHIELD_LINE,
            Zone::OutOfPlay => palette::HALF_SPACE,
        };
        c.convex(corners, fill, 1.0);
        if cell.zone == Zone::OutOfPlay {
            c.hatch(corners, 9.0, 2.0, palette::hex(0x2c2f34), 1.0);
        }
        c.outline(corners, 1.3, palette::FIELD_EDGE);
    }
    // Labels last, so no neighbour's fill covers them. Half spaces are out of play but keep their names.
    for (i, cell) in d.field.cells.iter().enumerate() {
        let (x, y) = g.centres[i];
        let colour = if cell.zone == Zone::OutOfPlay { palette::MUTED } else { palette::FIELD_LABEL };
        let text = d.field.pos(i).to_string();
        fonts.draw(c, &text, label, x, y - h / 2.0 + 3.5 + sizes.label, Align::Centre, colour, Some(palette::HALO));
    }
}

/// The shield: bright along its line while it stands, gray and broken once it has fallen.
pub fn draw_shield(c: &mut Canvas, d: &Data, g: &FieldGeom, up: bool) {
    let line: Vec<usize> = (0..d.field.cells.len()).filter(|i| d.field.cells[*i].zone == Zone::Line).collect();
    for &i in &line {
        let corners = &g.corners[i];
        if up {
            c.convex(corners, palette::SHIELD_UP, 0.16);
            let inner: Vec<_> = corners
                .iter()
                .map(|p| (g.centres[i].0 + (p.0 - g.centres[i].0) * 0.9, g.centres[i].1 + (p.1 - g.centres[i].1) * 0.9))
                .collect();
            c.outline(&inner, 2.0, palette::SHIELD_UP);
        } else {
            for k in 0..6 {
                if k % 2 == 0 {
                    c.dashed(corners[k], corners[(k + 1) % 6], 1.6, 4.0, palette::SHIELD_DOWN);
                }
            }
        }
    }
}
