//! A panel: a rounded dark card with a title, the frame of every board.

use super::scene::{PAD, Sizes};
use crate::render::canvas::{Area, Canvas};
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette::{self, Colour};

pub fn frame(c: &mut Canvas, fonts: &Fonts, a: Area, title: &str, sizes: &Sizes) {
    c.round_rect(a, 12.0, palette::PANEL, 1.0);
    c.round_rect_stroke(a, 12.0, 1.2, palette::PANEL_EDGE);
    fonts.draw(
        c,
        title,
        Style::bold(sizes.title),
        a.x + PAD,
        a.y + 14.0 + sizes.title,
        Align::Left,
        palette::TITLE,
        None,
    );
}

/// A small rounded tag with text, right-aligned at `right` on the title line of a panel (dynamic state such
/// as "Shield up"). Returns the tag's left edge.
#[allow(clippy::too_many_arguments)]
pub fn tag(
    c: &mut Canvas,
    fonts: &Fonts,
    right: f32,
    top: f32,
    text: &str,
    sizes: &Sizes,
    bg: Colour,
    fg: Colour,
) -> f32 {
    let s = Style::bold(sizes.text);
    let w = fonts.width(s, text) + 18.0;
    let h = sizes.text + 14.0;
    let a = Area::new(right - w, top, w, h);
    c.round_rect(a, h / 2.0, bg, 1.0);
    fonts.draw(c, text, s, a.x + 9.0, top + 7.0 + sizes.text, Align::Left, fg, None);
    a.x
}
