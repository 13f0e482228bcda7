//! Stratego's board for one reader, drawn from that reader's `View` alone (so a rank the reader may not
//! know cannot be drawn): the 10 x 10 board with its asteroid fields, Evil's gray and Good's white pieces
//! (a rank where the reader knows it, a plain back where not, a gold dot on pieces both sides know), the
//! last move as an arrow and the last combat as a ring, whose move it is and the losses above, a legend
//! below. Each player sees their own army at the bottom (Good's board is turned); spectators see Evil's.
//! Every text is laid out in a box of its own (`Layout`), and no two boxes meet.

use super::canvas::{Area, Canvas, Point};
use super::font::{Align, Fonts, Style};
use super::palette::{self, Colour, hex};
use crate::games::stratego::{Side, Square, View, words};
use std::sync::OnceLock;

mod recap;
pub use recap::animation;

const CELL: f32 = 34.0;
const MARGIN: f32 = 20.0;
/// Two lines above the board: whose move it is, then the losses.
const STRIP: f32 = 50.0;
/// One line below the file letters: the legend.
const LEGEND: f32 = 26.0;
const SQUARE: Colour = hex(0x2f3b33);
const SQUARE_ALT: Colour = hex(0x34423a);
const FIELD: Colour = hex(0x1c2230);
const FIELD_LINES: Colour = hex(0x46506a);
const EVIL: Colour = hex(0x6b707c);
const GOOD: Colour = hex(0xe8e4d8);
const MOVE: Colour = hex(0xe9c46a);
const COMBAT: Colour = hex(0xe05a47);
/// How far a piece's tile sits inside its square.
const INSET: f32 = 4.0;
/// The last move's arrow head, from its base to its tip.
const HEAD: f32 = 8.0;

fn fonts() -> Result<&'static Fonts, String> {
    static FONTS: OnceLock<Result<Fonts, String>> = OnceLock::new();
    FONTS.get_or_init(Fonts::new).as_ref().map_err(Clone::clone)
}

/// What the picture of `view` shows, in words: whose board it is, whose move, the losses, and every
/// square as the text board has it.
pub fn words(view: &View) -> String {
    let reader = match view.reader {
        Some(side) => format!("{}'s player sees it", side.name()),
        None => "spectators see it".to_string(),
    };
    let lost = |side: Side| view.lost.iter().filter(|s| s.side == side).count();
    let board = words::board_text(view).lines().map(str::trim).collect::<Vec<_>>().join(" / ");
    format!(
        "The Stratego board as {reader}. {} Evil has lost {} pieces, Good {}. Rows from the top (E Evil, G Good, \
         ? unknown, * shown, ~~ asteroids): {board}",
        words::status_text(view),
        lost(Side::Evil),
        lost(Side::Good)
    )
}

/// The size of the picture in pixels.
pub fn size() -> (u32, u32) {
    let side = MARGIN * 2.0 + CELL * 10.0;
    (side as u32, (side + STRIP + LEGEND) as u32)
}

/// Where a square is drawn for a reader: row 10 at the top and file a on the left, as the text board,
/// or the other way round for Good's player (`turned`), who sits across the table.
fn centre(s: Square, turned: bool) -> Point {
    let (file, row) = if turned { (9 - s.file, 9 - s.row) } else { (s.file, s.row) };
    let x = MARGIN + (f32::from(file) + 0.5) * CELL;
    let y = STRIP + MARGIN + (9.5 - f32::from(row)) * CELL;
    (x, y)
}

/// The texts of a picture, each drawn in its box, and the marks that must leave them readable.
#[derive(Default)]
pub(crate) struct Layout {
    /// Each text and the box its letters take.
    pub texts: Vec<(String, Area)>,
    /// The marks drawn over pieces (the arrow's head, the dot of a revealed piece): none may cover a text.
    pub marks: Vec<Area>,
}

impl Layout {
    /// Draw `text` with its baseline at `y`, aligned on `x`, and keep its box.
    #[allow(clippy::too_many_arguments)]
    fn text(&mut self, c: &mut Canvas, f: &Fonts, text: &str, s: Style, x: f32, y: f32, align: Align, ink: Colour) {
        let w = f.draw(c, text, s, x, y, align, ink, None);
        let x0 = match align {
            Align::Left => x,
            Align::Centre => x - w / 2.0,
            Align::Right => x - w,
        };
        // Capitals above the baseline, descenders below it.
        self.texts.push((text.to_string(), Area::new(x0, y - s.cap * 1.1, w, s.cap * 1.45)));
    }

    /// Draw `text` centred on (x, y), as `Fonts::centred` does, and keep its box.
    #[allow(clippy::too_many_arguments)]
    fn centred(&mut self, c: &mut Canvas, f: &Fonts, text: &str, s: Style, x: f32, y: f32, ink: Colour) {
        self.text(c, f, text, s, x, y + s.cap / 2.0, Align::Centre, ink);
    }
}

/// The board as `view`'s reader sees it, as a PNG.
pub fn board_png(view: &View) -> Result<Vec<u8>, String> {
    let (c, _) = drawn(view)?;
    let (img, _) = c.into_parts();
    // Posted on every move: the few colours of a board need no more than four bits a pixel.
    super::encode::png_16(&img).map_err(|e| e.to_string())
}

/// The board drawn, with where its texts and marks went.
pub(crate) fn drawn(view: &View) -> Result<(Canvas, Layout), String> {
    let (w, h) = size();
    let mut c = Canvas::new(w, h, palette::BACKGROUND);
    let layout = draw(view, &mut c)?;
    Ok((c, layout))
}

/// Draw the board on `c` (a canvas of `size()`; a smaller one clips it, which changes no box of the
/// layout), and say where its texts and marks went.
fn draw(view: &View, c: &mut Canvas) -> Result<Layout, String> {
    let fonts = fonts()?;
    let turned = view.reader == Some(Side::Good);
    let mut layout = Layout::default();
    let letters = board(c, fonts, &mut layout, turned);
    for (s, seen) in &view.squares {
        let (x, y) = centre(*s, turned);
        let fill = if seen.side == Side::Evil { EVIL } else { GOOD };
        let tile = Area::new(x - CELL / 2.0 + INSET, y - CELL / 2.0 + INSET, CELL - 2.0 * INSET, CELL - 2.0 * INSET);
        c.round_rect(tile, 6.0, fill, 1.0);
        if let Some(rank) = seen.rank() {
            layout.centred(c, fonts, &rank.code(), Style::bold(13.0), x, y, palette::ink_on(fill));
        }
        if seen.revealed {
            // On the tile's corner, clear of its rank.
            let (dx, dy, r) = (tile.right() - 1.0, tile.y + 1.0, 3.5);
            c.circle((dx, dy), r, MOVE);
            layout.marks.push(Area::new(dx - r, dy - r, 2.0 * r, 2.0 * r));
        }
    }
    if let Some(last) = view.last {
        if let (Some(from), Some(to)) = (last.from, last.to)
            && from != to
        {
            layout.marks.push(arrow(c, centre(from, turned), centre(to, turned)));
        }
        if let Some((at, ..)) = last.combat {
            c.ring(centre(at, turned), CELL * 0.55, 3.0, COMBAT);
        }
    }
    let status = words::status_text(view);
    let losses = format!("Evil lost {} · Good lost {}", view.lost_by(Side::Evil), view.lost_by(Side::Good));
    layout.text(c, fonts, &status, Style::bold(13.0), MARGIN, 22.0, Align::Left, palette::TITLE);
    layout.text(c, fonts, &losses, Style::regular(11.0), MARGIN, 40.0, Align::Left, palette::TEXT);
    legend(c, fonts, &mut layout, letters + LEGEND * 0.75);
    Ok(layout)
}

/// The squares, the asteroid fields, and the rows' and files' names; returns the files' baseline.
fn board(c: &mut Canvas, fonts: &Fonts, layout: &mut Layout, turned: bool) -> f32 {
    let small = Style::regular(10.0);
    for row in 0..10u8 {
        for file in 0..10u8 {
            let Some(s) = Square::new(file, row) else { continue };
            let (x, y) = centre(s, turned);
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
        let (_, y) = centre(Square { file: 0, row }, turned);
        layout.centred(c, fonts, &(row + 1).to_string(), small, MARGIN / 2.0, y, palette::MUTED);
    }
    let letters = STRIP + MARGIN * 1.5 + CELL * 10.0;
    for file in 0..10u8 {
        let (x, _) = centre(Square { file, row: 0 }, turned);
        let label = ((b'a' + file) as char).to_string();
        layout.centred(c, fonts, &label, small, x, letters, palette::MUTED);
    }
    letters
}

/// The last move's arrow from the centre of `a` to the edge of the tile on `b`, so that the rank there
/// stays readable; returns the box of its head (as `Canvas::arrow` draws it: its base `HEAD` behind the
/// tip, 0.6 of that to each side).
fn arrow(c: &mut Canvas, a: Point, b: Point) -> Area {
    let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
    let back = CELL / 2.0 - INSET;
    let tip = (b.0 - ux * back, b.1 - uy * back);
    c.arrow(a, tip, 3.0, HEAD, MOVE);
    let base = (tip.0 - ux * HEAD, tip.1 - uy * HEAD);
    let (nx, ny) = (-uy * HEAD * 0.6, ux * HEAD * 0.6);
    let xs = [tip.0, base.0 + nx, base.0 - nx];
    let ys = [tip.1, base.1 + ny, base.1 - ny];
    let (x0, x1) = (xs.iter().copied().fold(f32::MAX, f32::min), xs.iter().copied().fold(f32::MIN, f32::max));
    let (y0, y1) = (ys.iter().copied().fold(f32::MAX, f32::min), ys.iter().copied().fold(f32::MIN, f32::max));
    Area::new(x0, y0, x1 - x0, y1 - y0)
}

/// One line under the board saying what its colours and marks mean.
fn legend(c: &mut Canvas, fonts: &Fonts, layout: &mut Layout, y: f32) {
    let s = Style::regular(10.0);
    let mut x = MARGIN;
    let mut item = |c: &mut Canvas, layout: &mut Layout, swatch: &dyn Fn(&mut Canvas, Point), text: &str| {
        swatch(c, (x + 6.0, y - s.cap / 2.0));
        layout.text(c, fonts, text, s, x + 15.0, y, Align::Left, palette::TEXT);
        x += 15.0 + fonts.width(s, text) + 10.0;
    };
    let tile = |fill: Colour| {
        move |c: &mut Canvas, (x, y): Point| c.round_rect(Area::new(x - 6.0, y - 6.0, 12.0, 12.0), 3.0, fill, 1.0)
    };
    item(c, layout, &tile(EVIL), "Evil");
    item(c, layout, &tile(GOOD), "Good");
    item(c, layout, &|c: &mut Canvas, p: Point| c.circle(p, 3.5, MOVE), "revealed");
    item(c, layout, &|c: &mut Canvas, (x, y): Point| c.arrow((x - 7.0, y), (x + 7.0, y), 2.0, 6.0, MOVE), "last move");
    item(c, layout, &|c: &mut Canvas, p: Point| c.ring(p, 6.0, 2.0, COMBAT), "combat");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::{Roster, Rules, Stratego, Variant, playout::random_action};

    /// A seeded game of `variant` played at random for up to `turns` turns, and every reader's view after
    /// each action (the unveiled board at the end).
    fn views_of(variant: Variant, seed: u64, turns: u32) -> Vec<View> {
        let roster = Roster::embedded();
        let evil = Stratego::random_setup(&roster, variant, Side::Evil, seed);
        let good = Stratego::random_setup(&roster, variant, Side::Good, seed + 1);
        let mut g = Stratego::start(Rules::of(variant), roster, &evil, &good).unwrap();
        let mut buf = Vec::new();
        let mut out = Vec::new();
        for i in 0..u64::from(turns) * 2 {
            if g.turns() >= turns {
                break;
            }
            let Some(a) = random_action(&g, seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15), &mut buf) else { break };
            g.play(a).unwrap();
            out.extend([Some(Side::Evil), Some(Side::Good), None].map(|r| g.view(r)));
        }
        out.push(g.unveiled());
        out
    }

    #[test]
    fn no_text_of_any_picture_of_three_long_games_meets_another_or_leaves_the_picture() {
        let (w, h) = size();
        let mut pictures = 0;
        let mut longest = 0;
        for (variant, seed) in [(Variant::Classic, 11), (Variant::Powers, 12), (Variant::Rise, 13)] {
            let views = views_of(variant, seed, 400);
            longest = longest.max(views.iter().map(|v| v.turns).max().unwrap_or(0));
            for view in &views {
                // Laid out in full, painted on one pixel: the boxes are the same, and far quicker.
                let layout = draw(view, &mut Canvas::new(1, 1, palette::BACKGROUND)).unwrap();
                pictures += 1;
                for (i, (text, a)) in layout.texts.iter().enumerate() {
                    assert!(
                        a.x >= 0.0 && a.y >= 0.0 && a.right() <= w as f32 && a.bottom() <= h as f32,
                        "{text:?} leaves the picture: {a:?}"
                    );
                    for (other, b) in &layout.texts[i + 1..] {
                        let meet = a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
                        assert!(!meet, "{text:?} {a:?} meets {other:?} {b:?} (turn {})", view.turns);
                    }
                    for m in &layout.marks {
                        let meet = a.x < m.right() && m.x < a.right() && a.y < m.bottom() && m.y < a.bottom();
                        assert!(
                            !meet,
                            "a mark {m:?} covers {text:?} {a:?} (turn {}, last {:?})",
                            view.turns, view.last
                        );
                    }
                }
            }
        }
        assert!(longest >= 300, "the games were long ({longest} turns)");
        eprintln!("{pictures} pictures laid out");
    }

    #[test]
    fn each_player_sees_their_own_army_at_the_bottom() {
        let roster = Roster::embedded();
        let evil = Stratego::random_setup(&roster, Variant::Classic, Side::Evil, 5);
        let good = Stratego::random_setup(&roster, Variant::Classic, Side::Good, 6);
        let g = Stratego::start(Rules::default(), roster, &evil, &good).unwrap();
        for reader in [Side::Evil, Side::Good] {
            let (_, layout) = drawn(&g.view(Some(reader))).unwrap();
            // The row label nearest the board's foot names the reader's back row.
            let labels: Vec<&(String, Area)> = layout.texts.iter().filter(|(_, a)| a.x < MARGIN).collect();
            let foot = labels.iter().max_by(|a, b| a.1.y.total_cmp(&b.1.y)).unwrap();
            let want = if reader == Side::Evil { "1" } else { "10" };
            assert_eq!(foot.0, want, "{reader:?}'s back row is at the foot");
            // Before anything is revealed the reader knows only their own ranks: all in the lower half.
            let middle = STRIP + MARGIN + CELL * 5.0;
            let on_board = |a: &Area| a.x > MARGIN && a.y > STRIP + MARGIN && a.bottom() < STRIP + MARGIN + CELL * 10.0;
            let ranks: Vec<&Area> = layout.texts.iter().map(|(_, a)| a).filter(|a| on_board(a)).collect();
            assert_eq!(ranks.len(), 40);
            assert!(ranks.iter().all(|a| a.y > middle), "{reader:?}'s ranks are all at the bottom");
        }
    }

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

    #[test]
    fn the_recap_of_a_400_turn_game_shows_it_all_in_under_3_mb() {
        let views: Vec<View> = views_of(Variant::Powers, 21, 400).into_iter().filter(|v| v.reader.is_none()).collect();
        let turns = views.last().map(|v| v.turns).unwrap_or(0);
        assert!(turns >= 300, "a long game ({turns} turns)");
        // About fifty frames, as `Table::frames` picks them.
        let every = (turns / 50).max(1);
        let mut frames: Vec<View> = views.iter().filter(|v| v.turns % every == 0).cloned().collect();
        frames.dedup_by_key(|v| v.turns);
        frames.extend(views.last().cloned());
        let gif = animation(&frames, 3_000_000).unwrap();
        let mut decoder = gif::DecodeOptions::new().read_info(std::io::Cursor::new(&gif)).unwrap();
        let mut shown = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            shown += 1;
        }
        eprintln!("recap: {} frames, {} bytes", shown, gif.len());
        assert_eq!(shown, frames.len(), "every frame kept");
        assert!(gif.len() < 3_000_000, "{} bytes", gif.len());
    }

    #[test]
    fn a_400_turn_game_posts_at_most_2_5_mb_of_board_pictures() {
        // One live board a turn (each move redraws it) and the final one.
        let views: Vec<View> = views_of(Variant::Classic, 31, 400).into_iter().filter(|v| v.reader.is_none()).collect();
        let bytes: usize = views.iter().map(|v| board_png(v).unwrap().len()).sum();
        eprintln!("{} board pictures: {bytes} bytes", views.len());
        assert!(views.len() > 300, "{} pictures", views.len());
        assert!(bytes <= 2_500_000, "{bytes} bytes");
    }
}
