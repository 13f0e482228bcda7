//! The legend under each picture: every piece symbol with its name, the map's terrain and the marks of
//! the last action. Drawn once with the map.

use super::Picture;
use super::piece::{self, Symbol};
use super::scene::{PAD, Sizes};
use crate::games::queens_gambit::rules::data::{Data, KindId, UnitDef};
use crate::render::canvas::{Area, Canvas, Point};
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette;

#[derive(Copy, Clone, Debug, PartialEq)]
enum Entry {
    Unit(KindId),
    Damage,
    RealQueen,
    Pillar,
    Stair,
    Window,
    Door,
    Staging,
    Throne,
    HalfSpace,
    Shield,
    CoreDoor,
    Printed,
    Card,
    Die,
    Anakin,
    Moved,
    Attack,
    Destroyed,
    Active,
}

/// Units whose symbol looks like an earlier one (a droid group and the droids it becomes) are listed once.
fn same_symbol(a: &UnitDef, b: &UnitDef) -> bool {
    a.side == b.side
        && a.letter.eq_ignore_ascii_case(&b.letter)
        && super::piece::unit_fill(a) == super::piece::unit_fill(b)
}

fn entries(d: &Data, theatre: Picture) -> Vec<Entry> {
    let wants = |u: &UnitDef| match theatre {
        Picture::Overview => true,
        Picture::Battlefield => u.battlefield,
        Picture::Palace => !u.battlefield,
        Picture::Core => u.traits.duelist,
        Picture::Space => false,
    };
    let mut out: Vec<Entry> = Vec::new();
    let mut shown: Vec<&UnitDef> = Vec::new();
    for (i, u) in d.units.iter().enumerate() {
        if wants(u) && !shown.iter().any(|s| same_symbol(s, u)) {
            shown.push(u);
            out.push(Entry::Unit(KindId(i as u8)));
        }
    }
    use Entry::*;
    let marks: &[Entry] = match theatre {
        Picture::Overview => &[
            Damage, RealQueen, Shield, HalfSpace, Pillar, Stair, Window, Door, Staging, Throne, CoreDoor, Printed,
            Card, Die, Anakin, Moved, Attack, Destroyed, Active,
        ],
        Picture::Battlefield => &[Damage, Shield, HalfSpace, Moved, Attack, Destroyed, Active],
        Picture::Palace => &[
            Damage, RealQueen, Pillar, Stair, Window, Door, Staging, Throne, CoreDoor, Moved, Attack, Destroyed, Active,
        ],
        Picture::Core => &[Damage, CoreDoor, Moved, Attack, Destroyed, Active],
        Picture::Space => &[Printed, Card, Die, Anakin, Moved, Destroyed],
    };
    out.extend_from_slice(marks);
    out
}

fn text(d: &Data, e: Entry) -> String {
    match e {
        Entry::Unit(k) => {
            let u = d.unit(k);
            if u.is_group() { format!("{} group", u.short) } else { u.short.clone() }
        }
        Entry::Damage => "damage taken / track".into(),
        Entry::RealQueen => "real queen (Naboo only)".into(),
        Entry::Pillar => "pillar / wall".into(),
        Entry::Stair => "stairs (to floor)".into(),
        Entry::Window => "window".into(),
        Entry::Door => "door".into(),
        Entry::Staging => "staging zone".into(),
        Entry::Throne => "throne room".into(),
        Entry::HalfSpace => "half space (out of play)".into(),
        Entry::Shield => "shield line (up)".into(),
        Entry::CoreDoor => "door palace / core".into(),
        Entry::Printed => "printed Starfighter".into(),
        Entry::Card => "Starfighter card".into(),
        Entry::Die => "gray die (blocks)".into(),
        Entry::Anakin => "Anakin".into(),
        Entry::Moved => "moved".into(),
        Entry::Attack => "attack (hits, blocks)".into(),
        Entry::Destroyed => "destroyed".into(),
        Entry::Active => "acting (dashed: may act)".into(),
    }
}

const ROW: f32 = 30.0;
const CELL: f32 = 232.0;
const HEAD: f32 = 34.0;

fn columns(width: f32) -> usize {
    (((width - 2.0 * PAD) / CELL).floor() as usize).max(1)
}

/// The legend's height for a picture `width` wide.
pub fn height(d: &Data, theatre: Picture, width: f32) -> f32 {
    let n = entries(d, theatre).len();
    let rows = n.div_ceil(columns(width));
    HEAD + rows as f32 * ROW + 10.0
}

/// One legend entry's symbol, centred on `at`. Long by design: one arm per entry (a table of symbols).
fn icon(c: &mut Canvas, fonts: &Fonts, d: &Data, e: Entry, at: Point) {
    match e {
        Entry::Unit(k) => {
            let u = d.unit(k);
            let sym = Symbol { unit: u, members: u.members, damage: 0, real_queen: false };
            piece::draw(c, fonts, &sym, (at.0, at.1 - 6.0), 12.0);
        }
        Entry::Damage => {
            for i in 0..3 {
                let col = if i < 2 { palette::DAMAGE } else { palette::PIP_LEFT };
                c.circle((at.0 - 10.0 + i as f32 * 10.0, at.1), 4.0, col);
            }
        }
        Entry::RealQueen => {
            c.star(at, 12.0, palette::HALO);
            c.star(at, 9.5, palette::REAL_QUEEN);
        }
        Entry::Pillar
        | Entry::Stair
        | Entry::Window
        | Entry::Door
        | Entry::Staging
        | Entry::Throne
        | Entry::HalfSpace
        | Entry::Shield => hex_icon(c, e, at),
        Entry::CoreDoor => {
            c.round_rect(Area::new(at.0 - 14.0, at.1 - 8.0, 28.0, 16.0), 5.0, palette::CORE_EDGE, 1.0);
            fonts.centred(c, "\u{21c4}", Style::bold(10.0), at.0, at.1, palette::hex(0x1a1010), None);
        }
        Entry::Printed => printed_icon(c, at),
        Entry::Card => {
            let a = Area::new(at.0 - 10.0, at.1 - 13.0, 20.0, 26.0);
            c.round_rect(a, 4.0, palette::CARD, 1.0);
            c.round_rect_stroke(a, 4.0, 2.0, palette::CARD_EDGE);
        }
        Entry::Die => {
            c.round_rect(Area::new(at.0 - 9.0, at.1 - 9.0, 18.0, 18.0), 4.0, palette::DIE, 1.0);
            c.circle(at, 2.2, palette::DIE_PIP);
        }
        Entry::Anakin => anakin_icon(c, at),
        Entry::Moved => {
            c.circle((at.0 - 14.0, at.1), 3.5, palette::MOVE);
            c.arrow((at.0 - 14.0, at.1), (at.0 + 15.0, at.1), 3.5, 10.0, palette::MOVE);
        }
        Entry::Attack => c.arrow((at.0 - 15.0, at.1), (at.0 + 15.0, at.1), 3.5, 10.0, palette::ATTACK),
        Entry::Destroyed => {
            c.cross(at, 9.0, 6.5, palette::HALO);
            c.cross(at, 9.0, 4.0, palette::KILLED);
        }
        Entry::Active => c.ring(at, 12.0, 2.5, palette::ACTIVE),
    }
}

/// A slot printed blocked on the track: a dark slot with a pointer.
fn printed_icon(c: &mut Canvas, at: Point) {
    c.round_rect(Area::new(at.0 - 14.0, at.1 - 9.0, 28.0, 18.0), 4.0, palette::SLOT_BLOCKED, 1.0);
    let k = 6.0;
    let x = at.0 + 4.0;
    c.convex(
        &[(x + k, at.1), (x - k * 0.6, at.1 - k), (x - k * 0.2, at.1), (x - k * 0.6, at.1 + k)],
        palette::hex(0x9a4a4a),
        1.0,
    );
}

/// Anakin's starfighter: an arrowhead in two shades.
fn anakin_icon(c: &mut Canvas, at: Point) {
    let r = 12.0;
    c.convex(&[(at.0 + r, at.1), (at.0 - r * 0.8, at.1 - r * 0.75), (at.0 - r * 0.4, at.1)], palette::ANAKIN, 1.0);
    c.convex(
        &[(at.0 + r, at.1), (at.0 - r * 0.4, at.1), (at.0 - r * 0.8, at.1 + r * 0.75)],
        palette::shade(palette::ANAKIN, -0.2),
        1.0,
    );
}

/// A hexagon `r` across from its centre to a corner.
fn hexagon(centre: Point, r: f32) -> Vec<Point> {
    (0..6)
        .map(|i| {
            let a = std::f32::consts::PI / 3.0 * i as f32;
            (centre.0 + r * a.cos(), centre.1 + r * a.sin())
        })
        .collect()
}

/// A map cell's entry: a small hex filled like the map's.
fn hex_icon(c: &mut Canvas, e: Entry, at: Point) {
    let s = 15.0;
    match e {
        Entry::Pillar => {
            let h = hexagon(at, s);
            c.convex(&h, palette::PILLAR, 1.0);
            c.circle(at, s * 0.42, palette::PILLAR_TOP);
        }
        Entry::Stair => {
            let h = hexagon(at, s);
            c.convex(&h, palette::STAIR, 1.0);
            for k in 0..3 {
                let y = at.1 - 5.0 + k as f32 * 5.0;
                c.line((at.0 - 7.0 - k as f32 * 1.5, y), (at.0 + 7.0 + k as f32 * 1.5, y), 2.0, palette::STAIR_STEP);
            }
        }
        Entry::Window => {
            let h = hexagon(at, s);
            c.convex(&h, palette::FLOOR, 1.0);
            c.line((at.0 - 8.0, at.1 - 12.0), (at.0 + 8.0, at.1 - 12.0), 5.0, palette::WINDOW);
        }
        Entry::Door => {
            let h = hexagon(at, s);
            c.convex(&h, palette::FLOOR, 1.0);
            c.line((at.0 - 9.0, at.1), (at.0 + 9.0, at.1), 5.0, palette::DOOR);
        }
        Entry::Staging => {
            let h = hexagon(at, s);
            c.convex(&h, palette::STAGING, 1.0);
            c.hatch(&h, 7.0, 2.0, palette::STAGING_HATCH, 1.0);
        }
        Entry::Throne => {
            let h = hexagon(at, s);
            c.convex(&h, palette::THRONE_FLOOR, 1.0);
            c.outline(&h, 2.2, palette::GOLD);
            c.round_rect(Area::new(at.0 - 4.0, at.1 - 6.0, 8.0, 7.0), 2.0, palette::THRONE, 1.0);
            c.round_rect(Area::new(at.0 - 6.0, at.1 + 1.0, 12.0, 5.0), 2.0, palette::THRONE, 1.0);
        }
        Entry::HalfSpace => {
            let h = hexagon(at, s);
            c.convex(&h, palette::HALF_SPACE, 1.0);
            c.hatch(&h, 7.0, 2.0, palette::hex(0x2c2f34), 1.0);
            c.outline(&h, 1.0, palette::FIELD_EDGE);
        }
        Entry::Shield => {
            let h = hexagon(at, s);
            c.convex(&h, palette::SHIELD_LINE, 1.0);
            let inner = hexagon(at, s * 0.85);
            c.outline(&inner, 2.0, palette::SHIELD_UP);
        }
        _ => {}
    }
}

/// The legend, drawn once into the picture's static layer.
pub fn draw(c: &mut Canvas, fonts: &Fonts, d: &Data, theatre: Picture, a: Area, sizes: &Sizes) {
    c.round_rect(a, 12.0, palette::PANEL, 1.0);
    c.round_rect_stroke(a, 12.0, 1.2, palette::PANEL_EDGE);
    let st = Style::bold(sizes.text);
    fonts.draw(c, "Legend", st, a.x + PAD, a.y + 10.0 + sizes.text, Align::Left, palette::TITLE, None);
    // The key to the symbols, shortened to what fits.
    let small = Style::regular(sizes.small);
    let x = a.x + PAD + fonts.width(st, "Legend") + 16.0;
    let notes = [
        "Naboo: discs \u{b7} Trade Federation: squares \u{b7} characters: gold rim \u{b7} badge: figures in a group \u{b7} labels are the names to type",
        "Naboo: discs \u{b7} TF: squares \u{b7} gold rim: character",
    ];
    if let Some(note) = notes.iter().find(|n| x + fonts.width(small, n) <= a.right() - PAD) {
        fonts.draw(c, note, small, x, a.y + 10.0 + sizes.text, Align::Left, palette::MUTED, None);
    }
    let cols = columns(a.w);
    let cell = (a.w - 2.0 * PAD) / cols as f32;
    let ts = Style::regular(sizes.small);
    for (i, e) in entries(d, theatre).into_iter().enumerate() {
        let (row, col) = (i / cols, i % cols);
        let x = a.x + PAD + col as f32 * cell;
        let y = a.y + HEAD + row as f32 * ROW + ROW / 2.0;
        icon(c, fonts, d, e, (x + 18.0, y));
        fonts.draw(c, &text(d, e), ts, x + 42.0, y + sizes.small / 2.0, Align::Left, palette::TEXT, None);
    }
}
