//! Where everything goes in each picture: panels, hex centres and corners, core spaces and the space track,
//! all computed once from the map data into a `Scene`.

use super::Picture;
use super::scene::*;
use crate::games::queens_gambit::rules::data::Data;
use crate::render::canvas::Area;

fn field_geom(d: &Data, panel: Area, size: f32) -> FieldGeom {
    let f = &d.field;
    let (w, _) = HexBoard::extent(size, usize::from(f.columns), usize::from(f.rows));
    let origin = (panel.x + (panel.w - w) / 2.0, panel.y + TITLE);
    let board = HexBoard::new(size, origin, 0);
    let centres = f.cells.iter().map(|c| board.centre(i32::from(c.x), i32::from(c.y))).collect();
    let corners = f.cells.iter().map(|c| board.corners(i32::from(c.x), i32::from(c.y))).collect();
    FieldGeom { panel, board, centres, corners }
}

fn field_panel_size(d: &Data, size: f32) -> (f32, f32) {
    let (w, h) = HexBoard::extent(size, usize::from(d.field.columns), usize::from(d.field.rows));
    (w + 2.0 * PAD, h + TITLE + PAD)
}

/// How the palace levels are arranged.
enum PalaceArrangement {
    /// All levels in one row (the overview).
    Row,
    /// The first level on the left, the others stacked on the right (the palace picture, for phones).
    Columns,
}

fn level_extent(d: &Data, size: f32, level: usize) -> (f32, f32) {
    let l = &d.palace.levels[level];
    HexBoard::extent(size, usize::from(d.palace.columns), usize::from(l.rows))
}

const LEVEL_GAP: f32 = 24.0;
const LEVEL_TITLE: f32 = 30.0;

fn palace_panel_size(d: &Data, size: f32, arr: &PalaceArrangement) -> (f32, f32) {
    let n = d.palace.levels.len();
    let ext: Vec<(f32, f32)> = (0..n).map(|i| level_extent(d, size, i)).collect();
    match arr {
        PalaceArrangement::Row => {
            let w: f32 = ext.iter().map(|e| e.0).sum::<f32>() + LEVEL_GAP * (n.saturating_sub(1)) as f32;
            let h = ext.iter().map(|e| e.1).fold(0.0, f32::max);
            (w + 2.0 * PAD, h + TITLE + LEVEL_TITLE + PAD)
        }
        PalaceArrangement::Columns => {
            let left = ext.first().copied().unwrap_or((0.0, 0.0));
            let right_w = ext.iter().skip(1).map(|e| e.0).fold(0.0, f32::max);
            let right_h: f32 =
                ext.iter().skip(1).map(|e| e.1 + LEVEL_TITLE).sum::<f32>() + LEVEL_GAP * (n.saturating_sub(2)) as f32;
            let w = left.0 + LEVEL_GAP + right_w;
            let h = (left.1 + LEVEL_TITLE).max(right_h);
            (w + 2.0 * PAD, h + TITLE + PAD)
        }
    }
}

fn palace_geom(d: &Data, panel: Area, size: f32, arr: &PalaceArrangement) -> PalaceGeom {
    let p = &d.palace;
    let mut levels = Vec::new();
    let (x0, y0) = (panel.x + PAD, panel.y + TITLE);
    for (i, l) in p.levels.iter().enumerate() {
        let (w, _) = level_extent(d, size, i);
        let at = match arr {
            PalaceArrangement::Row => {
                let x: f32 = (0..i).map(|j| level_extent(d, size, j).0 + LEVEL_GAP).sum();
                (x0 + x, y0)
            }
            PalaceArrangement::Columns if i == 0 => (x0, y0),
            PalaceArrangement::Columns => {
                let x = x0 + level_extent(d, size, 0).0 + LEVEL_GAP;
                let y: f32 = (1..i).map(|j| level_extent(d, size, j).1 + LEVEL_TITLE + LEVEL_GAP).sum();
                (x, y0 + y)
            }
        };
        let title = if l.first_row < 0 { "Approach (0) and floor 1".to_string() } else { format!("Floor {}", l.floor) };
        let board = HexBoard::new(size, (at.0, at.1 + LEVEL_TITLE), i32::from(l.first_row));
        levels.push(LevelGeom { floor: l.floor, title, title_at: (at.0 + w / 2.0, at.1 + 20.0), board });
    }
    let board_of = |floor: u8| levels.iter().find(|l| l.floor == floor).map(|l| &l.board);
    let mut centres = Vec::with_capacity(p.cells.len());
    let mut corners = Vec::with_capacity(p.cells.len());
    for c in &p.cells {
        match board_of(c.floor) {
            Some(b) => {
                centres.push(b.centre(i32::from(c.x), i32::from(c.y)));
                corners.push(b.corners(i32::from(c.x), i32::from(c.y)));
            }
            None => {
                centres.push((0.0, 0.0));
                corners.push([(0.0, 0.0); 6]);
            }
        }
    }
    PalaceGeom { panel, levels, centres, corners, size }
}

/// The core laid out in `panel`, spaces scaled from the map's drawing positions.
fn core_geom(d: &Data, panel: Area, nested: bool, sizes: &Sizes) -> CoreGeom {
    let lay = &d.core.layout;
    let (minx, maxx) = lay.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (miny, maxy) = lay.iter().fold((f32::MAX, f32::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let title = if nested { 34.0 } else { TITLE };
    let inner = Area::new(panel.x + PAD, panel.y + title, panel.w - 2.0 * PAD, panel.h - title - PAD * 0.75);
    // A space is 0.8 of the column step wide and 0.75 of the row step tall, so neighbours never touch.
    let (spanx, spany) = ((maxx - minx).max(1e-3), (maxy - miny).max(1e-3));
    let ux = inner.w / (spanx + 0.8);
    let uy = inner.h / (spany + 0.75);
    let (w, h) = (ux * 0.8, uy * 0.75);
    let spaces: Vec<Area> =
        lay.iter().map(|(x, y)| Area::new(inner.x + (x - minx) * ux, inner.y + (y - miny) * uy, w, h)).collect();
    // Short spaces put the label on the left and the piece on the right; tall ones the label on top.
    let wide = h < sizes.label * 4.5;
    let piece = if wide { (h * 0.30).min(w * 0.16) } else { (h * 0.24).min(w * 0.2) };
    let label_at = spaces
        .iter()
        .map(|a| {
            if wide { (a.x + 10.0, a.y + a.h / 2.0 + sizes.label / 2.0) } else { (a.x + 10.0, a.y + 8.0 + sizes.label) }
        })
        .collect();
    let centres = spaces
        .iter()
        .map(|a| {
            if wide {
                (a.right() - piece * 1.6, a.y + a.h / 2.0 - piece * 0.5)
            } else {
                (a.x + a.w / 2.0, a.y + a.h * 0.58 - piece * 0.5)
            }
        })
        .collect();
    CoreGeom { panel, spaces, label_at, centres, piece, nested }
}

fn space_geom(d: &Data, panel: Area, slot_h: f32) -> SpaceGeom {
    let grids = d.space.grids.len().max(1);
    let inner = Area::new(panel.x + PAD, panel.y + TITLE, panel.w - 2.0 * PAD, panel.h - TITLE - PAD);
    let gap = 18.0;
    let block_w = (inner.w - gap * (grids - 1) as f32) / grids as f32;
    let stop_radius = 20.0_f32.max(slot_h * 0.7);
    let track_y = inner.y + stop_radius + 6.0;
    let header = 52.0;
    let blocks_top = track_y + stop_radius + 34.0;
    let block_h = header + 12.0 * slot_h;
    let blocks: Vec<Area> =
        (0..grids).map(|g| Area::new(inner.x + g as f32 * (block_w + gap), blocks_top, block_w, block_h)).collect();
    let mut stops = vec![(inner.x + stop_radius, track_y)];
    for (g, b) in blocks.iter().enumerate() {
        let x = if g + 1 == grids { inner.right() - stop_radius - 16.0 } else { b.right() + gap / 2.0 };
        stops.push((x, track_y));
    }
    let grid_w = (block_w * 0.3).clamp(40.0, 64.0);
    let card_w = ((block_w - grid_w - 6.0) / 3.0).min(56.0);
    SpaceGeom {
        panel,
        stops,
        stop_radius,
        slots_top: blocks_top + header,
        slot_h,
        grid_w,
        card_w,
        footer: (inner.x, blocks_top + block_h + 26.0),
        blocks,
    }
}

fn space_panel_height(slot_h: f32) -> f32 {
    let stop = 20.0_f32.max(slot_h * 0.7);
    TITLE + 2.0 * stop + 40.0 + 52.0 + 12.0 * slot_h + 40.0 + PAD
}

/// The status strip's height for its number of lines.
fn status_height(sizes: &Sizes, theatre: Picture) -> f32 {
    let lines = super::status::lines(theatre) as f32;
    (14.0 + sizes.title * 1.5 + (sizes.text + 12.0) * (lines - 1.0) + 16.0).ceil()
}

/// The scene of one picture.
pub fn scene(d: &Data, theatre: Picture) -> Scene {
    match theatre {
        Picture::Overview => overview(d),
        Picture::Palace => palace_only(d),
        Picture::Battlefield => field_only(d),
        Picture::Core => core_only(d),
        Picture::Space => space_only(d),
    }
}

fn overview(d: &Data) -> Scene {
    let sizes = Sizes { label: 14.5, title: 17.0, text: 14.0, small: 12.0 };
    let hex = 34.0;
    let (pw, ph) = palace_panel_size(d, hex, &PalaceArrangement::Row);
    let (fw, fh) = field_panel_size(d, hex);
    let width = (pw + 2.0 * MARGIN).ceil();
    let status = Area::new(MARGIN, MARGIN, width - 2.0 * MARGIN, status_height(&sizes, Picture::Overview));
    let row_y = status.bottom() + MARGIN;
    let space_h = space_panel_height(26.0);
    let row_h = fh.max(space_h);
    let field_panel = Area::new(MARGIN, row_y, fw, row_h);
    let space_panel = Area::new(field_panel.right() + MARGIN, row_y, width - 3.0 * MARGIN - fw, row_h);
    let palace_panel = Area::new(MARGIN, field_panel.bottom() + MARGIN, pw, ph);
    let palace = palace_geom(d, palace_panel, hex, &PalaceArrangement::Row);
    // The generator core lies under the palace: draw it in the room below the shorter upper floors, or
    // in a band of its own when the maps leave no such room.
    let room = palace.levels.get(1).map(|l2| {
        let (w2, h2) = level_extent(d, hex, 1);
        let top = palace_panel.y + TITLE + LEVEL_TITLE + h2 + 20.0;
        let left = l2.title_at.0 - w2 / 2.0;
        Area::new(left, top, palace_panel.right() - PAD - left, palace_panel.bottom() - PAD - top)
    });
    let (core_panel, nested) = match room {
        Some(r) if r.h >= 150.0 && r.w >= 600.0 => (r, true),
        _ => (Area::new(MARGIN, palace_panel.bottom() + MARGIN, palace_panel.w, 260.0), false),
    };
    let below = if nested { palace_panel.bottom() } else { core_panel.bottom() };
    let core = core_geom(d, core_panel, nested, &sizes);
    let lw = width - 2.0 * MARGIN;
    let legend = Area::new(MARGIN, below + MARGIN, lw, super::legend::height(d, Picture::Overview, lw));
    let height = (legend.bottom() + MARGIN).ceil();
    Scene {
        theatre: Picture::Overview,
        width: width as u32,
        height: height as u32,
        sizes,
        status,
        full_status: true,
        field: Some(field_geom(d, field_panel, hex)),
        palace: Some(palace),
        core: Some(core),
        space: Some(space_geom(d, space_panel, 26.0)),
        legend,
    }
}

fn theatre_sizes() -> Sizes {
    Sizes { label: 17.0, title: 19.0, text: 15.0, small: 13.0 }
}

/// A theatre picture: header, one panel, legend, all `w` wide (the panel's own width).
fn frame(d: &Data, theatre: Picture, panel_w: f32, panel_h: f32) -> (u32, Area, Area, Area) {
    let width = (panel_w + 2.0 * MARGIN).ceil();
    let status = Area::new(MARGIN, MARGIN, width - 2.0 * MARGIN, status_height(&theatre_sizes(), theatre));
    let panel = Area::new(MARGIN, status.bottom() + MARGIN, panel_w, panel_h);
    let lw = width - 2.0 * MARGIN;
    let legend = Area::new(MARGIN, panel.bottom() + MARGIN, lw, super::legend::height(d, theatre, lw));
    (width as u32, status, panel, legend)
}

fn finish(theatre: Picture, width: u32, status: Area, legend: Area) -> Scene {
    Scene {
        theatre,
        width,
        height: (legend.bottom() + MARGIN).ceil() as u32,
        sizes: theatre_sizes(),
        status,
        full_status: false,
        field: None,
        palace: None,
        core: None,
        space: None,
        legend,
    }
}

fn palace_only(d: &Data) -> Scene {
    let hex = 41.0;
    let (pw, ph) = palace_panel_size(d, hex, &PalaceArrangement::Columns);
    let (w, status, panel, legend) = frame(d, Picture::Palace, pw, ph);
    let mut s = finish(Picture::Palace, w, status, legend);
    s.palace = Some(palace_geom(d, panel, hex, &PalaceArrangement::Columns));
    // The ground level is shorter than the two floors beside it: the legend fits under it, which keeps the
    // picture nearly square for phones.
    if d.palace.levels.len() > 1 {
        let (lw, lh) = level_extent(d, hex, 0);
        let top = panel.y + TITLE + LEVEL_TITLE + lh + 16.0;
        let room = Area::new(panel.x + PAD, top, lw, panel.bottom() - PAD - top);
        let need = super::legend::height(d, Picture::Palace, room.w);
        if need <= room.h {
            s.legend = Area::new(room.x, room.bottom() - need, room.w, need);
            s.height = (panel.bottom() + MARGIN).ceil() as u32;
        }
    }
    s
}

fn field_only(d: &Data) -> Scene {
    let hex = 52.0;
    let (fw, fh) = field_panel_size(d, hex);
    let (w, status, panel, legend) = frame(d, Picture::Battlefield, fw, fh);
    let mut s = finish(Picture::Battlefield, w, status, legend);
    s.field = Some(field_geom(d, panel, hex));
    s
}

fn core_only(d: &Data) -> Scene {
    let (w, status, panel, legend) = frame(d, Picture::Core, 1300.0, 520.0);
    let mut s = finish(Picture::Core, w, status, legend);
    s.core = Some(core_geom(d, panel, false, &theatre_sizes()));
    s
}

fn space_only(d: &Data) -> Scene {
    let slot = 34.0;
    let (w, status, panel, legend) = frame(d, Picture::Space, 1300.0, space_panel_height(slot));
    let mut s = finish(Picture::Space, w, status, legend);
    s.space = Some(space_geom(d, panel, slot));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_go_down_and_odd_columns_sit_lower() {
        let b = HexBoard::new(30.0, (0.0, 0.0), 0);
        let (a, below, odd) = (b.centre(0, 0), b.centre(0, 1), b.centre(1, 0));
        assert!(below.1 > a.1 + 50.0);
        assert!((odd.1 - a.1 - b.height() / 2.0).abs() < 0.01);
        assert!((a.0 - 30.0).abs() < 0.01 && (a.1 - b.height() / 2.0).abs() < 0.01);
    }

    #[test]
    fn every_position_has_a_centre_inside_its_panel() {
        let d = Data::embedded();
        for t in Picture::ALL {
            let s = scene(&d, t);
            let area = Area::new(0.0, 0.0, s.width as f32, s.height as f32);
            if let Some(f) = &s.field {
                for c in &f.centres {
                    assert!(f.panel.contains(*c), "{t:?} field {c:?}");
                }
            }
            if let Some(p) = &s.palace {
                for c in &p.centres {
                    assert!(p.panel.contains(*c) && area.contains(*c), "{t:?} palace {c:?}");
                }
            }
            if let Some(c) = &s.core {
                for a in &c.spaces {
                    assert!(c.panel.contains((a.x, a.y)) && c.panel.contains((a.right() - 1.0, a.bottom() - 1.0)));
                }
            }
        }
    }
}
