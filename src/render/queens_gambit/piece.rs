//! Piece symbols, our own: Naboo pieces are discs, Trade Federation pieces rounded squares, both filled in
//! the unit's colour with its letter; characters wear a gold rim. Groups carry their size in a badge, units
//! with a damage track show it as pips (or a number when the track is long).

use crate::games::queens_gambit::rules::Side;
use crate::games::queens_gambit::rules::data::UnitDef;
use crate::render::canvas::{Area, Canvas, Point};
use crate::render::font::{Fonts, Style};
use crate::render::palette::{self, Colour};

/// Longest track drawn as pips; longer ones show a number.
const MAX_PIPS: u8 = 6;

/// What to draw for one piece.
pub struct Symbol<'a> {
    pub unit: &'a UnitDef,
    pub members: u8,
    pub damage: u8,
    /// Naboo's own view of the real queen.
    pub real_queen: bool,
}

/// A character: a single figure with a name (not a group, not a vehicle or droid).
pub fn is_character(u: &UnitDef) -> bool {
    !u.battlefield && (u.has_track() || u.traits.queen || u.traits.duelist)
}

/// Where the symbol's body sits relative to the point given for the position: a little lower, so the
/// position's centre shows the piece's fill and the label above stays clear.
pub fn body_centre(at: Point, r: f32) -> Point {
    (at.0, at.1 + r * 0.5)
}

/// The box around the real-queen star, for tests: the only mark that differs between Naboo's view and
/// everyone else's.
pub fn real_queen_star(at: Point, r: f32) -> (Point, f32) {
    let b = body_centre(at, r);
    ((b.0 + r * 0.78, b.1 - r * 0.78), r * 0.62)
}

fn body(c: &mut Canvas, side: Side, b: Point, r: f32, fill: Colour, rim: Option<Colour>) {
    let edge = palette::shade(fill, -0.55);
    match side {
        Side::Naboo => {
            c.circle(b, r + 1.5, edge);
            c.circle(b, r, fill);
            c.ring(b, r - 2.0, 1.2, palette::shade(fill, 0.35));
            if let Some(rim) = rim {
                c.ring(b, r - 0.5, 2.6, rim);
            }
        }
        Side::Tf => {
            let k = r * 0.9;
            let outer = Area::new(b.0 - k - 1.5, b.1 - k - 1.5, 2.0 * k + 3.0, 2.0 * k + 3.0);
            c.round_rect(outer, r * 0.32 + 1.5, edge, 1.0);
            let a = Area::new(b.0 - k, b.1 - k, 2.0 * k, 2.0 * k);
            c.round_rect(a, r * 0.32, fill, 1.0);
            c.round_rect_stroke(a.inset(2.0), r * 0.25, 1.2, palette::shade(fill, 0.35));
            if let Some(rim) = rim {
                c.round_rect_stroke(a.inset(0.5), r * 0.3, 2.6, rim);
            }
        }
    }
}

/// Draw a piece around the point `at` (see `body_centre`), `r` its radius.
pub fn draw(c: &mut Canvas, fonts: &Fonts, s: &Symbol, at: Point, r: f32) {
    let u = s.unit;
    let b = body_centre(at, r);
    let fill = unit_fill(u);
    let rim = if u.key == "darth_maul" {
        Some(palette::hex(0x111111))
    } else if is_character(u) {
        Some(palette::GOLD)
    } else {
        None
    };
    body(c, u.side, b, r, fill, rim);
    let letter = u.letter.to_ascii_uppercase().to_string();
    let ink = palette::ink_on(fill);
    fonts.centred(c, &letter, Style::bold((r * 0.78).round()), b.0, b.1 + r * 0.08, ink, None);
    if u.is_group() {
        let p = (b.0 + r * 0.78, b.1 + r * 0.62);
        let br = (r * 0.5).max(7.5);
        c.circle(p, br + 1.2, palette::HALO);
        c.circle(p, br, palette::hex(0xf4f4f4));
        fonts.centred(
            c,
            &s.members.to_string(),
            Style::bold((br * 1.15).round()),
            p.0,
            p.1,
            palette::hex(0x111111),
            None,
        );
    }
    if u.has_track() {
        damage_marks(c, fonts, s, b, r);
    }
    if s.real_queen {
        let (p, sr) = real_queen_star(at, r);
        c.star(p, sr, palette::HALO);
        c.star(p, sr * 0.78, palette::REAL_QUEEN);
    }
}

/// A character's damage: pips around the left of its body (red for damage taken), or a red count when its
/// track is too long for pips.
fn damage_marks(c: &mut Canvas, fonts: &Fonts, s: &Symbol, b: Point, r: f32) {
    let u = s.unit;
    let track = u.dies_at - 1;
    if track <= MAX_PIPS {
        // Pips on the left side of the body, from top to bottom: filled red for damage taken.
        let pr = (r * 0.19).max(2.8);
        let dist = r + pr + 1.0;
        let span = std::f32::consts::PI * 0.8;
        let start = std::f32::consts::PI * 0.6;
        for i in 0..track {
            let t = if track == 1 { 0.5 } else { f32::from(i) / f32::from(track - 1) };
            let a = start + span * t;
            let p = (b.0 + dist * a.cos(), b.1 - dist * a.sin());
            // Light pips for the track left, red for damage taken: both stand out on dark hexes.
            let col = if i < s.damage { palette::DAMAGE } else { palette::PIP_LEFT };
            c.circle(p, pr + 1.2, palette::HALO);
            c.circle(p, pr, col);
        }
    } else if s.damage > 0 {
        let p = (b.0 - r * 0.8, b.1 - r * 0.75);
        let br = (r * 0.5).max(7.5);
        c.circle(p, br + 1.2, palette::HALO);
        c.circle(p, br, palette::DAMAGE);
        let t = s.damage.to_string();
        fonts.centred(c, &t, Style::bold((br * 1.1).round()), p.0, p.1, palette::hex(0xffffff), None);
    }
}

/// The fill of a unit's symbol, by its key in units.toml (so reordering the data file changes nothing).
pub fn unit_fill(u: &UnitDef) -> Colour {
    match u.key.as_str() {
        "gungan" => palette::hex(0x3fae6a),
        "kaadu" => palette::hex(0x9cc24a),
        "catapult" => palette::hex(0x1aa39a),
        "fambaa" => palette::hex(0x3f8fd2),
        "palace_guard" => palette::hex(0x4a82e0),
        "panaka" => palette::hex(0x2a4f9e),
        "red_queen" => palette::hex(0xc8343f),
        "purple_queen" => palette::hex(0x8e4bb8),
        "qui_gon" => palette::hex(0x6fcf73),
        "obi_wan" => palette::hex(0x5fb0f0),
        "battle_droid_group" | "battle_droid" => palette::hex(0xcdb48a),
        "destroyer_droid_group" | "destroyer_droid" => palette::hex(0x9a7650),
        "aat" => palette::hex(0xa4473a),
        "mtt" => palette::hex(0x7d5a44),
        "darth_maul" => palette::hex(0xb3121d),
        "viceroy" => palette::hex(0x8a8d96),
        _ => match u.side {
            Side::Naboo => palette::NABOO,
            Side::Tf => palette::TF,
        },
    }
}
