//! Theed Palace: the approach and the three floors, with walls, the entrances, doors, stairs, windows,
//! pillars, the throne, the throne room's outline, the staging zone and the door down to the generator core.

use super::panel;
use super::scene::{PalaceGeom, Sizes};
use crate::games::queens_gambit::rules::Pos;
use crate::games::queens_gambit::rules::data::{Data, PalaceMap, Terrain};
use crate::render::canvas::{Canvas, Point};
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette;

/// The two corners of cell `a`'s edge that faces the neighbouring centre `towards`.
fn shared_edge(corners: &[Point; 6], towards: Point) -> (Point, Point) {
    let mut by: Vec<(f32, Point)> =
        corners.iter().map(|p| (((p.0 - towards.0).powi(2) + (p.1 - towards.1).powi(2)), *p)).collect();
    by.sort_by(|x, y| x.0.total_cmp(&y.0));
    (by[0].1, by[1].1)
}

/// `p` moved a fraction `t` of the way towards `to`.
fn towards(p: Point, to: Point, t: f32) -> Point {
    (p.0 + (to.0 - p.0) * t, p.1 + (to.1 - p.1) * t)
}

/// Neighbours of cell `i` on its own level (by index), and the directions with no cell (off the map).
fn neighbours(p: &PalaceMap, i: usize) -> (Vec<usize>, Vec<hexx::Hex>) {
    let c = &p.cells[i];
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for h in c.hex.all_neighbors() {
        let (x, y) = crate::games::queens_gambit::rules::offset_of(h);
        match p.index(c.floor, x, y) {
            Some(j) => found.push(j),
            None => missing.push(h),
        }
    }
    (found, missing)
}

fn is_approach(p: &PalaceMap, i: usize) -> bool {
    p.cells[i].y < 0
}

/// The map, drawn once: floors, terrain, walls and doors, the throne room, labels, the core's door.
pub fn draw_static(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &PalaceGeom, sizes: &Sizes) {
    panel::frame(c, fonts, g.panel, "Theed Palace", sizes);
    for l in &g.levels {
        let st = Style::bold(sizes.text);
        fonts.draw(c, &l.title, st, l.title_at.0, l.title_at.1, Align::Centre, palette::TEXT, None);
    }
    floors(c, d, g);
    terrain(c, d, g);
    let wall = (g.size * 0.16).max(4.0);
    walls(c, d, g, wall);
    throne_outline(c, d, g, wall);
    labels(c, fonts, d, g, sizes);
    core_door(c, fonts, d, g, sizes);
}

/// Each floor cell filled by its terrain.
fn floors(c: &mut Canvas, d: &Data, g: &PalaceGeom) {
    let p = &d.palace;
    for (i, cell) in p.cells.iter().enumerate() {
        let corners = &g.corners[i];
        let fill = match cell.terrain {
            Terrain::Pillar => palette::PILLAR,
            Terrain::Stair => palette::STAIR,
            Terrain::Staging => palette::STAGING,
            _ if p.throne_room[i] => palette::THRONE_FLOOR,
            _ if is_approach(p, i) => palette::APPROACH,
            _ => palette::FLOOR,
        };
        c.convex(corners, fill, 1.0);
        c.outline(corners, 1.2, palette::PALACE_EDGE);
    }
}

/// Pillars, stairs, the staging zone and the throne, drawn on their cells.
fn terrain(c: &mut Canvas, d: &Data, g: &PalaceGeom) {
    let (p, s) = (&d.palace, g.size);
    for (i, cell) in p.cells.iter().enumerate() {
        let ctr = g.centres[i];
        let corners = &g.corners[i];
        match cell.terrain {
            Terrain::Pillar => {
                c.circle(ctr, s * 0.42, palette::PILLAR_TOP);
                c.circle(ctr, s * 0.3, palette::shade(palette::PILLAR_TOP, -0.35));
            }
            Terrain::Stair => {
                // Treads across the hex, widening like a staircase seen from above.
                for k in 0..4 {
                    let y = ctr.1 - s * 0.05 + k as f32 * s * 0.17;
                    let half = s * (0.42 + 0.1 * k as f32);
                    c.rect(
                        crate::render::canvas::Area::new(ctr.0 - half, y - 1.0, 2.0 * half, 2.0),
                        palette::STAIR_STEP,
                    );
                }
            }
            Terrain::Staging => c.hatch(corners, 8.0, 2.0, palette::STAGING_HATCH, 1.0),
            Terrain::Throne => {
                let gold = palette::THRONE;
                c.convex(corners, palette::THRONE_FLOOR, 1.0);
                let back = crate::render::canvas::Area::new(ctr.0 - s * 0.3, ctr.1 - s * 0.15, s * 0.6, s * 0.35);
                c.round_rect(back, s * 0.08, gold, 1.0);
                let seat = crate::render::canvas::Area::new(ctr.0 - s * 0.42, ctr.1 + s * 0.15, s * 0.84, s * 0.3);
                c.round_rect(seat, s * 0.08, palette::shade(gold, -0.25), 1.0);
                c.outline(corners, 1.2, palette::PALACE_EDGE);
            }
            _ => {}
        }
    }
}

/// Walls between rooms and around the palace, with doors and windows.
fn walls(c: &mut Canvas, d: &Data, g: &PalaceGeom, wall: f32) {
    let (p, s) = (&d.palace, g.size);
    for i in 0..p.cells.len() {
        let (found, missing) = neighbours(p, i);
        for j in found {
            if j < i || p.cells[i].room == p.cells[j].room {
                continue;
            }
            let (a, b) = shared_edge(&g.corners[i], g.centres[j]);
            if p.door[i] == Some(j as u16) {
                let (da, db) = (towards(a, b, 0.18), towards(b, a, 0.18));
                c.line(a, da, wall, palette::WALL);
                c.line(db, b, wall, palette::WALL);
                c.line(da, db, wall * 0.9, palette::HALO);
                c.line(da, db, wall * 0.55, palette::DOOR);
            } else if !p.steps[i].contains(&(j as u16)) {
                c.line(a, b, wall, palette::WALL);
            }
        }
        if is_approach(p, i) {
            continue;
        }
        for h in missing {
            let layout = hexx::HexLayout::flat().with_hex_size(1.0);
            // The edge towards a missing neighbour: aim at where its centre would be.
            let dir = layout.hex_to_world_pos(h) - layout.hex_to_world_pos(p.cells[i].hex);
            let target = (g.centres[i].0 + dir.x * s, g.centres[i].1 + dir.y * s);
            let (a, b) = shared_edge(&g.corners[i], target);
            c.line(a, b, wall, palette::WALL);
            if p.cells[i].terrain == Terrain::Window {
                let (wa, wb) = (towards(a, b, 0.15), towards(b, a, 0.15));
                c.line(wa, wb, wall * 0.75, palette::WINDOW);
                c.line(wa, wb, 1.2, palette::hex(0xe8f6ff));
            }
        }
    }
}

/// The throne room's outline, in gold just inside its walls.
fn throne_outline(c: &mut Canvas, d: &Data, g: &PalaceGeom, wall: f32) {
    let (p, s) = (&d.palace, g.size);
    for i in 0..p.cells.len() {
        if !p.throne_room[i] {
            continue;
        }
        let (found, _) = neighbours(p, i);
        for j in found {
            if p.throne_room[j] {
                continue;
            }
            let (a, b) = shared_edge(&g.corners[i], g.centres[j]);
            let inset = wall * 0.9 / s;
            let (a, b) = (towards(a, g.centres[i], inset), towards(b, g.centres[i], inset));
            c.line(a, b, 2.4, palette::GOLD);
        }
    }
}

/// Each cell's name, and where a staircase leads.
fn labels(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &PalaceGeom, sizes: &Sizes) {
    let (p, s) = (&d.palace, g.size);
    let label = Style::bold(sizes.label);
    let small = Style::bold(sizes.small);
    let h = s * 1.732_050_8;
    for (i, cell) in p.cells.iter().enumerate() {
        let (x, y) = g.centres[i];
        let text = p.pos(i).to_string();
        let colour = if cell.terrain.walkable() { palette::PALACE_LABEL } else { palette::MUTED };
        fonts.draw(c, &text, label, x, y - h / 2.0 + 3.5 + sizes.label, Align::Centre, colour, Some(palette::HALO));
        // Where a staircase leads, in the spot a piece would cover.
        if let Some(j) = p.stair[i] {
            let to = p.cells[usize::from(j)].floor;
            let arrow = if to > cell.floor { '\u{2191}' } else { '\u{2193}' };
            let t = format!("{arrow}{to}");
            fonts.centred(c, &t, small, x, y + s * 0.42, palette::hex(0xffffff), Some(palette::HALO));
        }
    }
}

/// The door down to the generator core, sized to its text and kept inside the panel.
fn core_door(c: &mut Canvas, fonts: &Fonts, d: &Data, g: &PalaceGeom, sizes: &Sizes) {
    let (s, small) = (g.size, Style::bold(sizes.small));
    let door = d.core.door_palace;
    if let Some(ctr) = g.centres.get(door) {
        let t = format!("\u{21c4}{}", Pos::Core(d.core.door_core));
        let w = fonts.width(small, &t) + 10.0;
        let h = sizes.small + 8.0;
        let x = (ctr.0 - w / 2.0).max(g.panel.x + 4.0);
        let at = crate::render::canvas::Area::new(x, ctr.1 + s * 0.42 - h / 2.0, w, h);
        c.round_rect(at, h / 2.0, palette::CORE_EDGE, 1.0);
        fonts.centred(c, &t, small, at.x + w / 2.0, at.y + h / 2.0, palette::hex(0x1a1010), None);
    }
}
