//! Marks on the units the game waits for: the unit acting now, and every unit or target a question
//! offers. A mark is a ring around the piece's symbol, kept clear of every hex label (`label_box`).

use super::scene::Scene;
use crate::games::queens_gambit::rules::Pos;
use crate::games::queens_gambit::rules::data::Data;
use crate::render::canvas::{Area, Canvas, Point};
use crate::render::font::{Fonts, Style};
use crate::render::palette::{self, Colour};

/// Where a position's label is written, or none when the picture does not show it.
pub fn label_box(scene: &Scene, fonts: &Fonts, d: &Data, pos: Pos) -> Option<Area> {
    let (at, _) = scene.centre(d, pos)?;
    let cap = scene.sizes.label;
    let w = fonts.width(Style::bold(cap), &pos.to_string());
    match pos {
        Pos::Core(n) => {
            let g = scene.core.as_ref()?;
            let l = g.label_at.get(usize::from(n))?;
            Some(Area::new(l.0, l.1 - cap, w, cap))
        }
        Pos::Field { .. } | Pos::Palace { .. } => {
            let size = match pos {
                Pos::Field { .. } => scene.field.as_ref()?.board.size,
                _ => scene.palace.as_ref()?.size,
            };
            let base = at.1 - size * 1.732_050_8 / 2.0 + 3.5 + cap;
            Some(Area::new(at.0 - w / 2.0, base - cap, w, cap))
        }
    }
}

/// How far a point is from a box (0 inside it).
fn distance(p: Point, a: Area) -> f32 {
    let dx = (a.x - p.0).max(p.0 - a.right()).max(0.0);
    let dy = (a.y - p.1).max(p.1 - a.bottom()).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

/// A ring around the symbol on `pos`: its centre, radius and width, at most `extra` pixels outside the
/// symbol and never over the position's own label.
pub fn ring(scene: &Scene, fonts: &Fonts, d: &Data, pos: Pos, extra: f32, width: f32) -> Option<(Point, f32, f32)> {
    let (at, r) = scene.centre(d, pos)?;
    let b = super::piece::body_centre(at, r);
    let mut radius = r + extra;
    if let Some(label) = label_box(scene, fonts, d, pos) {
        // Clear of the label with the ring's dark halo, and two pixels to spare for antialiasing.
        radius = radius.min(distance(b, label) - (width + 2.0) / 2.0 - 2.0);
    }
    Some((b, radius, width))
}

fn draw_ring(c: &mut Canvas, (b, radius, width): (Point, f32, f32), colour: Colour) {
    c.ring(b, radius, width + 2.0, palette::HALO);
    c.ring(b, radius, width, colour);
}

/// The unit the game waits on, ringed in white.
pub fn acting(c: &mut Canvas, fonts: &Fonts, d: &Data, scene: &Scene, pos: Pos) {
    if let Some(r) = ring(scene, fonts, d, pos, 6.0, 2.5) {
        draw_ring(c, r, palette::ACTIVE);
    }
}

/// The units a question offers (units that may act in white, targets in the attack colour), each with a
/// dashed look: a ring with gaps, so it reads apart from the unit acting now.
pub fn offered(c: &mut Canvas, fonts: &Fonts, d: &Data, scene: &Scene, marks: &[Mark]) {
    for m in marks {
        let colour = match m.kind {
            MarkKind::Unit => palette::ACTIVE,
            MarkKind::Target => palette::ATTACK,
        };
        let Some((b, radius, width)) = ring(scene, fonts, d, m.pos, 5.0, 2.5) else { continue };
        // Eight arcs of a ring, drawn as short strokes around the circle.
        let steps = 24;
        for k in 0..steps {
            if k % 3 == 2 {
                continue;
            }
            let a0 = k as f32 / steps as f32 * std::f32::consts::TAU;
            let a1 = (k + 1) as f32 / steps as f32 * std::f32::consts::TAU;
            let p0 = (b.0 + radius * a0.cos(), b.1 + radius * a0.sin());
            let p1 = (b.0 + radius * a1.cos(), b.1 + radius * a1.sin());
            c.line(p0, p1, width + 2.0, palette::HALO);
            c.line(p0, p1, width, colour);
        }
    }
}

/// A position a question offers, and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    pub pos: Pos,
    pub kind: MarkKind,
}

impl Mark {
    /// The mark an answer to a question puts on the board: a unit to activate, an enemy to attack.
    pub fn of(choice: &crate::games::queens_gambit::rules::Choice) -> Option<Mark> {
        match choice {
            crate::games::queens_gambit::rules::Choice::Unit(pos) => Some(Mark { pos: *pos, kind: MarkKind::Unit }),
            crate::games::queens_gambit::rules::Choice::Target(pos) => Some(Mark { pos: *pos, kind: MarkKind::Target }),
            _ => None,
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MarkKind {
    /// A unit that may act.
    Unit,
    /// An enemy that may be attacked.
    Target,
}
