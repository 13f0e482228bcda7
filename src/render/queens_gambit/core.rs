//! The generator core: its spaces joined by corridors, and the door up to the palace approach.

use super::panel;
use super::scene::{CoreGeom, Sizes};
use crate::games::queens_gambit::rules::Pos;
use crate::games::queens_gambit::rules::data::Data;
use crate::render::canvas::{Area, Canvas};
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette;

/// The core, drawn once: its frame, corridors, spaces and the door up to the palace.
pub fn draw_static(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &CoreGeom, sizes: &Sizes) {
    frame(c, fonts, g, sizes);
    let corridor = (g.piece * 0.7).max(8.0);
    for (a, list) in d.core.adjacent.iter().enumerate() {
        for &b in list {
            if usize::from(b) > a {
                let (pa, pb) = (g.spaces[a].centre(), g.spaces[usize::from(b)].centre());
                c.line(pa, pb, corridor + 4.0, palette::hex(0x141214));
                c.line(pa, pb, corridor, palette::CORE_CORRIDOR);
            }
        }
    }
    let label = Style::bold(sizes.label);
    for (i, a) in g.spaces.iter().enumerate() {
        let r = (a.h * 0.3).min(18.0);
        c.round_rect(Area::new(a.x - 2.0, a.y - 2.0, a.w + 4.0, a.h + 4.0), r + 2.0, palette::hex(0x141214), 1.0);
        c.round_rect(*a, r, palette::CORE_SPACE, 1.0);
        c.round_rect_stroke(a.inset(1.0), r, 2.0, palette::CORE_EDGE);
        let at = g.label_at[i];
        let text = Pos::Core(i as u8).to_string();
        fonts.draw(c, &text, label, at.0, at.1, Align::Left, palette::TITLE, Some(palette::HALO));
        if i == usize::from(d.core.door_core) {
            door_tag(c, fonts, d, g, *a, sizes);
        }
    }
}

/// The panel's frame: its own, or (nested under the palace) a darker box with a one-line title.
fn frame(c: &mut Canvas, fonts: &Fonts, g: &CoreGeom, sizes: &Sizes) {
    let title = "Generator Core";
    if !g.nested {
        panel::frame(c, fonts, g.panel, "Generator Core (Jedi and Sith only)", sizes);
        return;
    }
    let a = g.panel;
    c.round_rect(a, 10.0, palette::hex(0x1c1a1c), 1.0);
    c.round_rect_stroke(a, 10.0, 1.2, palette::shade(palette::CORE_EDGE, -0.45));
    let st = Style::bold(sizes.text);
    fonts.draw(c, title, st, a.x + 12.0, a.y + 10.0 + sizes.text, Align::Left, palette::TITLE, None);
    let note = "beneath the palace: Jedi and Sith only";
    let small = Style::regular(sizes.small);
    let x = a.x + 24.0 + fonts.width(st, title);
    fonts.draw(c, note, small, x, a.y + 10.0 + sizes.text, Align::Left, palette::MUTED, None);
}

/// The tag naming the palace hex the core's door leads to: inside its space, or under it when the space
/// is short (nested).
fn door_tag(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &CoreGeom, a: Area, sizes: &Sizes) {
    let t = format!("\u{21c4} {}", d.palace.pos(d.core.door_palace));
    let small = Style::bold(sizes.small);
    let w = fonts.width(small, &t) + 12.0;
    let tag = if g.nested {
        Area::new(a.x, a.bottom() + 4.0, w, sizes.small + 10.0)
    } else {
        Area::new(a.x + 8.0, a.bottom() - sizes.small - 14.0, w, sizes.small + 10.0)
    };
    c.round_rect(tag, 5.0, palette::CORE_EDGE, 1.0);
    let dark = palette::hex(0x1a1010);
    fonts.draw(c, &t, small, tag.x + 6.0, tag.y + 5.0 + sizes.small, Align::Left, dark, None);
}
