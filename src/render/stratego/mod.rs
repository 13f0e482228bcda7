//! Stratego's board for one reader, drawn from that reader's `View` alone (so a rank the reader may not
//! know cannot be drawn): the 10 x 10 board with its asteroid fields, Evil's gray and Good's white pieces
//! (a rank where the reader knows it, a plain back where not, a gold dot on pieces both sides know), the
//! last move as an arrow and the last combat as a ring, and a strip with whose move it is and the losses.

use super::canvas::{Area, Canvas};
use super::font::{Align, Fonts, Style};
use super::palette::{self, Colour, hex};
use crate::games::stratego::{Side, Square, View, words};
use std::sync::OnceLock;

const CELL: f32 = 44.0;
const MARGIN: f32 = 24.0;
const STRIP: f32 = 40.0;
const SQUARE: Colour = hex(0x2f3b33);
const SQUARE_ALT: Colour = hex(0x34423a);
const FIELD: Colour = hex(0x1c2230);
const FIELD_LINES: Colour = hex(0x46506a);
const EVIL: Colour = hex(0x6b707c);
const GOOD: Colour = hex(0xe8e4d8);
const MOVE: Colour = hex(0xe9c46a);
const COMBAT: Colour = hex(0xe05a47);

fn fonts() -> Result<&'static Fonts, String> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS.get_or_init(Fonts::new).as_ref().map_err(Clone::clone)
}

/// The size of the picture in pixels.
pub fn size() -> (u32, u32) {
    let side = (MARGIN * 2.0 + CELL * 10.0) as u32;
    (side, side + STRIP as u32)
}

/// The centre of a square (row 10 at the top, file a on the left, as the text board).
fn centre(s: Square) -> (f32, f32) {
    let x = MARGIN + (f32::from(s.file) + 0.5) * CELL;
    let y = STRIP + MARGIN + (9.5 - f32::from(s.row)) * CELL;
    (x, y)
}

/// The board as `view`'s reader sees it, as a PNG.
pub fn board_png(view: &View) -> Result<Vec<u8>, String> {
    let fonts = fonts()?;
    let (w, h) = size();
    let mut c = Canvas::new(w, h, palette::BACKGROUND);
    let small = Style::regular(10.0);
    for row in 0..10u8 {
        for file in 0..10u8 {
            let Some(s) = Square::new(file, row) else { continue };
            let (x, y) = centre(s);
            let area = Area::new(x - CELL / 2.0, y - CELL / 2.0, CELL, CELL);
            if s.is_field() {
                c.rect(area, FIELD);
                let poly =
                    [(area.x, area.y), (area.right(), area.y), (area.right(), area.bottom()), (area.x, area.bottom())];
                c.hatch(&poly, 7.0, 1.0, FIELD_LINES, 0.8);
            } else {
                c.rect(area, if (row + file) % 2 == 0 { SQUARE } else { SQUARE_ALT });
            }
        }
        let (_, y) = centre(Square { file: 0, row });
        fonts.centred(&mut c, &(row + 1).to_string(), small, MARGIN / 2.0, y, palette::MUTED, None);
    }
    for file in 0..10u8 {
        let (x, _) = centre(Square { file, row: 0 });
        let label = ((b'a' + file) as char).to_string();
        fonts.centred(&mut c, &label, small, x, STRIP + MARGIN * 1.5 + CELL * 10.0, palette::MUTED, None);
    }
    for (s, seen) in &view.squares {
        let (x, y) = centre(*s);
        let fill = if seen.side == Side::Evil { EVIL } else { GOOD };
        let inset = Area::new(x - CELL / 2.0 + 4.0, y - CELL / 2.0 + 4.0, CELL - 8.0, CELL - 8.0);
        c.round_rect(inset, 6.0, fill, 1.0);
        if let Some(rank) = seen.rank() {
            let ink = palette::ink_on(fill);
            fonts.centred(&mut c, &rank.code(), Style::bold(15.0), x, y, ink, None);
        }
        if seen.revealed {
            c.circle((inset.right() - 5.0, inset.y + 5.0), 3.5, MOVE);
        }
    }
    if let Some(last) = view.last {
        if let (Some(from), Some(to)) = (last.from, last.to)
            && from != to
        {
            c.arrow(centre(from), centre(to), 3.0, 10.0, MOVE);
        }
        if let Some((at, ..)) = last.combat {
            c.ring(centre(at), CELL * 0.55, 3.0, COMBAT);
        }
    }
    let status = words::status_text(view);
    let losses = format!("Evil lost {} · Good lost {}", view.lost_by(Side::Evil), view.lost_by(Side::Good));
    fonts.draw(&mut c, &status, Style::bold(13.0), MARGIN, 26.0, Align::Left, palette::TITLE, None);
    fonts.draw(&mut c, &losses, Style::regular(11.0), w as f32 - MARGIN, 26.0, Align::Right, palette::TEXT, None);
    let (img, _) = c.into_parts();
    super::encode::png(&img).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::{Roster, Rules, Stratego, Variant, playout::random_action};

    #[test]
    fn each_reader_gets_a_board_drawn_from_their_own_view() {
        let roster = Roster::embedded();
        let evil = Stratego::random_setup(&roster, Variant::Powers, Side::Evil, 3);
        let good = Stratego::random_setup(&roster, Variant::Powers, Side::Good, 4);
        let mut g = Stratego::start(Rules::of(Variant::Powers), roster, &evil, &good).unwrap();
        let mut buf = Vec::new();
        for i in 0..60u64 {
            let Some(a) = random_action(&g, i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &mut buf) else { break };
            g.play(a).unwrap();
        }
        let pictures: Vec<Vec<u8>> =
            [Some(Side::Evil), Some(Side::Good), None].iter().map(|r| board_png(&g.view(*r)).unwrap()).collect();
        for png in &pictures {
            let img = image::load_from_memory(png).unwrap();
            assert_eq!((img.width(), img.height()), size());
            assert!(png.len() < 60_000, "{} bytes", png.len());
        }
        // Each player's board shows their own ranks: the three pictures differ; one view, one picture.
        assert_ne!(pictures[0], pictures[2]);
        assert_ne!(pictures[1], pictures[2]);
        assert_eq!(board_png(&g.view(None)).unwrap(), pictures[2]);
    }
}
