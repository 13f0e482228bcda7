//! Pictures for a phone. Discord shows a picture about 400 px wide on a phone, so a whole battle (1,300 to
//! 1,600 px) would shrink its hex labels to a third. A phone picture is instead a window of one battle,
//! cut around what just happened (and the units the question offers, when they fit), at the battle
//! picture's own scale, under a short status strip: 640 px wide, so a 17 px hex label shows 10.6 px high
//! at 400 px. A crop rather than a larger scale: the pixels a phone downloads all show the action.

use super::marks::Mark;
use super::scene::Scene;
use super::{Picture, RenderError, Renderer, status};
use crate::games::queens_gambit::rules::data::Data;
use crate::games::queens_gambit::rules::{Event, EventKind, Pos, Theatre, View};
use crate::render::canvas::{Area, Point};
use image::RgbImage;

/// A phone picture's width in pixels.
pub const PHONE_WIDTH: u32 = 640;
/// The tallest the window on the board may be: a phone's screen is taller than wide, and a thread shows a
/// picture up to about its width.
const WINDOW_HEIGHT: f32 = 560.0;
/// The width a picture is shown at on a phone, and the smallest a hex label may then be.
pub const PHONE_SHOWN: f32 = 400.0;
pub const LABEL_MIN: f32 = 10.0;

/// The positions an event happened at, in order (a move's path from start to end).
fn places(e: &Event) -> Vec<Pos> {
    match &e.kind {
        EventKind::Moved { path, .. } => path.clone(),
        EventKind::Attacked { from, at, .. } => vec![*from, *at],
        EventKind::Damaged { at, .. } | EventKind::Destroyed { at, .. } => vec![*at],
        EventKind::DroidsToPalace { from, placed, .. } => {
            let mut v = vec![*from];
            v.extend(placed.iter().copied());
            v
        }
        EventKind::DroidArrived { at, .. } | EventKind::DroidsActivated { at, .. } => vec![*at],
        _ => Vec::new(),
    }
}

/// The battle a phone picture shows for these events: `wanted` when it is one battle, else the battle of
/// the last thing that happened on a board (the palace when nothing did).
pub fn battle(wanted: Picture, events: &[&Event]) -> Picture {
    if wanted != Picture::Overview {
        return wanted;
    }
    let last = events.iter().rev().find_map(|e| places(e).last().copied());
    match last {
        Some(p) => Picture::from(Theatre::of(p)),
        None if events.iter().any(|e| space_event(e)) => Picture::Space,
        None => Picture::Palace,
    }
}

/// `battle`, for events not yet filtered for a viewer.
pub fn battle_of(wanted: Picture, events: &[Event]) -> Picture {
    battle(wanted, &events.iter().collect::<Vec<_>>())
}

fn space_event(e: &Event) -> bool {
    matches!(
        e.kind,
        EventKind::StarfighterPlaced { .. }
            | EventKind::SlotBlocked { .. }
            | EventKind::AnakinRolled { .. }
            | EventKind::AnakinAdvanced { .. }
            | EventKind::StarfighterPassed { .. }
    )
}

/// The points of the space track the events touched: the grid's block, Anakin's space.
fn space_points(scene: &Scene, events: &[&Event]) -> Vec<Point> {
    let Some(g) = &scene.space else { return Vec::new() };
    let mut out = Vec::new();
    for e in events {
        match &e.kind {
            EventKind::StarfighterPlaced { grid, .. }
            | EventKind::SlotBlocked { grid, .. }
            | EventKind::AnakinRolled { grid, .. } => {
                if let Some(b) = g.blocks.get(usize::from(*grid)) {
                    out.push((b.x, b.y));
                    out.push((b.right(), b.bottom()));
                }
            }
            EventKind::AnakinAdvanced { space } => out.extend(g.stops.get(usize::from(*space)).copied()),
            _ => {}
        }
    }
    out
}

/// Where the window goes: around `must` (the action), growing to take in as many of `may` (the units
/// offered) as fit, kept inside `bounds`. When the action alone is larger than the window, the window
/// follows its end.
pub fn window(must: &[Point], may: &[Point], bounds: Area, w: f32, h: f32, pad: f32) -> Area {
    let (w, h) = (w.min(bounds.w), h.min(bounds.h));
    let bbox = |pts: &[Point]| -> Option<(f32, f32, f32, f32)> {
        let first = pts.first()?;
        Some(pts.iter().fold((first.0, first.1, first.0, first.1), |(a, b, c, d), p| {
            (a.min(p.0 - pad), b.min(p.1 - pad), c.max(p.0 + pad), d.max(p.1 + pad))
        }))
    };
    let fits = |b: (f32, f32, f32, f32)| b.2 - b.0 <= w && b.3 - b.1 <= h;
    let mut keep: Vec<Point> = must.to_vec();
    if bbox(&keep).is_some_and(|b| !fits(b)) {
        // Follow the end of the action: drop its oldest points until the rest fits.
        while keep.len() > 1 && bbox(&keep).is_some_and(|b| !fits(b)) {
            keep.remove(0);
        }
    }
    // The offered units nearest the action first.
    let centre = bbox(&keep).map(|b| ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0)).unwrap_or(bounds.centre());
    let mut extra: Vec<Point> = may.to_vec();
    extra.sort_by(|a, b| {
        let da = (a.0 - centre.0).powi(2) + (a.1 - centre.1).powi(2);
        let db = (b.0 - centre.0).powi(2) + (b.1 - centre.1).powi(2);
        da.total_cmp(&db)
    });
    for p in extra {
        keep.push(p);
        if bbox(&keep).is_some_and(|b| !fits(b)) {
            keep.pop();
        }
    }
    let c = bbox(&keep).map(|b| ((b.0 + b.2) / 2.0, (b.1 + b.3) / 2.0)).unwrap_or(bounds.centre());
    let x = (c.0 - w / 2.0).clamp(bounds.x, bounds.right() - w);
    let y = (c.1 - h / 2.0).clamp(bounds.y, bounds.bottom() - h);
    Area::new(x.floor(), y.floor(), w.floor(), h.floor())
}

impl Renderer {
    /// The hex label size of a picture, in pixels.
    pub fn label_size(&self, t: Picture) -> f32 {
        self.prepared(t).scene.sizes.label
    }

    /// The phone picture of the last action (`crop`): the battle `wanted` shows (for the whole board, the
    /// battle of the last thing that happened), cut around the action and the units `marks` offers.
    pub fn phone(&self, view: &View, last: &[Event], wanted: Picture, marks: &[Mark]) -> RgbImage {
        let d: &Data = &self.data;
        let seen: Vec<&Event> = last.iter().filter(|e| e.visible_to(view.viewer.side())).collect();
        let theatre = battle(wanted, &seen);
        let full = self.draw_marked(view, last, theatre, marks).img;
        let scene = &self.prepared(theatre).scene;
        // Everything under the status strip (the palace's legend sits beside its upper floors, not under).
        let board =
            Area::new(0.0, scene.status.bottom(), scene.width as f32, scene.height as f32 - scene.status.bottom());
        let on_board = |p: &Pos| scene.centre(d, *p).map(|(c, _)| c);
        let mut must: Vec<Point> = seen.iter().flat_map(|e| places(e)).filter_map(|p| on_board(&p)).collect();
        must.extend(space_points(scene, &seen));
        // The unit the game waits on belongs with the action.
        for p in &view.pending {
            if let Some(piece) = p.prompt.piece()
                && let Some(pv) = view.pieces.iter().find(|x| x.id == piece)
            {
                must.extend(on_board(&pv.pos));
            }
        }
        let may: Vec<Point> = marks.iter().filter_map(|m| on_board(&m.pos)).collect();
        let pad = scene.palace.as_ref().map(|g| g.size).or(scene.field.as_ref().map(|g| g.board.size)).unwrap_or(40.0);
        let win = window(&must, &may, board, PHONE_WIDTH as f32, WINDOW_HEIGHT, pad * 1.2);
        let strip_h = status::phone_height(scene.sizes);
        let width = PHONE_WIDTH.max(win.w as u32);
        let height = strip_h as u32 + 8 + win.h as u32;
        let mut c = crate::render::canvas::Canvas::new(width, height, crate::render::palette::BACKGROUND);
        let caption = super::highlight::caption(d, &seen);
        status::phone(
            &mut c,
            &self.fonts,
            d,
            view,
            Area::new(4.0, 4.0, width as f32 - 8.0, strip_h - 4.0),
            scene.sizes,
            &caption,
        );
        let (mut img, _) = c.into_parts();
        let part = image::imageops::crop_imm(&full, win.x as u32, win.y as u32, win.w as u32, win.h as u32).to_image();
        let left = i64::from((width - win.w as u32) / 2);
        image::imageops::replace(&mut img, &part, left, i64::from(strip_h as u32 + 8));
        img
    }

    /// The phone picture as PNG bytes.
    pub fn phone_png(
        &self,
        view: &View,
        last: &[Event],
        wanted: Picture,
        marks: &[Mark],
    ) -> Result<Vec<u8>, RenderError> {
        super::encode(&self.phone(view, last, wanted, marks))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_holds_the_action_and_stays_inside_the_board() {
        let bounds = Area::new(0.0, 100.0, 1400.0, 1000.0);
        let w = window(&[(1300.0, 1050.0), (1350.0, 1080.0)], &[], bounds, 640.0, 560.0, 50.0);
        assert!(w.right() <= bounds.right() && w.bottom() <= bounds.bottom());
        assert!(w.contains((1350.0, 1080.0)) && w.contains((1300.0, 1050.0)));
        assert_eq!((w.w, w.h), (640.0, 560.0));
    }

    #[test]
    fn a_long_action_keeps_its_end_and_offered_units_join_when_they_fit() {
        let bounds = Area::new(0.0, 0.0, 2000.0, 2000.0);
        let w = window(&[(100.0, 100.0), (1500.0, 100.0)], &[], bounds, 640.0, 560.0, 50.0);
        assert!(w.contains((1500.0, 100.0)) && !w.contains((100.0, 100.0)));
        let w = window(&[(500.0, 500.0)], &[(700.0, 500.0), (1900.0, 1900.0)], bounds, 640.0, 560.0, 50.0);
        assert!(w.contains((700.0, 500.0)) && !w.contains((1900.0, 1900.0)));
    }
}
