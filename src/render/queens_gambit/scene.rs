//! What a picture is made of once laid out: its size, text sizes, and the geometry of each panel
//! (hex boards, palace levels, core spaces, the space track). `layout` computes a `Scene`; the drawing
//! code, the legend and the status strip read it.

use super::Picture;
use crate::games::queens_gambit::rules::Pos;
use crate::games::queens_gambit::rules::data::Data;
use crate::games::queens_gambit::rules::hex_of;
use crate::render::canvas::{Area, Point};
use hexx::{HexLayout, Vec2};

const SQRT3: f32 = 1.732_050_8;
/// Space around and between panels.
pub const MARGIN: f32 = 16.0;
/// Padding inside a panel.
pub const PAD: f32 = 16.0;
/// Height of a panel's title band.
pub const TITLE: f32 = 44.0;

/// Text sizes of one picture (capital height in pixels).
#[derive(Copy, Clone, Debug)]
pub struct Sizes {
    /// Hex and space labels: at least 14 px everywhere, so a phone can read them.
    pub label: f32,
    pub title: f32,
    pub text: f32,
    pub small: f32,
}

/// A hex board drawn with flat-topped hexes of one size.
#[derive(Clone, Debug)]
pub struct HexBoard {
    pub size: f32,
    layout: HexLayout,
}

impl HexBoard {
    /// A board whose hex (0, `first_row`) has its bounding box's top-left corner at `origin`.
    pub(super) fn new(size: f32, origin: Point, first_row: i32) -> HexBoard {
        let layout = HexLayout::flat().with_hex_size(size);
        let c = layout.hex_to_world_pos(hex_of(0, first_row));
        let shift = Vec2::new(origin.0 + size - c.x, origin.1 + SQRT3 * size / 2.0 - c.y);
        HexBoard { size, layout: layout.with_origin(shift) }
    }

    pub fn height(&self) -> f32 {
        SQRT3 * self.size
    }

    pub fn centre(&self, x: i32, y: i32) -> Point {
        let v = self.layout.hex_to_world_pos(hex_of(x, y));
        (v.x, v.y)
    }

    pub fn corners(&self, x: i32, y: i32) -> [Point; 6] {
        self.layout.hex_corners(hex_of(x, y)).map(|v| (v.x, v.y))
    }

    /// Width and height of a block of `cols` x `rows` hexes.
    pub fn extent(size: f32, cols: usize, rows: usize) -> (f32, f32) {
        let w = size * (1.5 * (cols.max(1) - 1) as f32 + 2.0);
        let h = SQRT3 * size * (rows as f32 + if cols > 1 { 0.5 } else { 0.0 });
        (w, h)
    }
}

#[derive(Clone, Debug)]
pub struct FieldGeom {
    pub panel: Area,
    pub board: HexBoard,
    /// Centre of each cell, by `FieldMap` index.
    pub centres: Vec<Point>,
    pub corners: Vec<[Point; 6]>,
}

#[derive(Clone, Debug)]
pub struct LevelGeom {
    pub floor: u8,
    pub title: String,
    /// The title's baseline position (centre x, baseline y).
    pub title_at: Point,
    pub board: HexBoard,
}

#[derive(Clone, Debug)]
pub struct PalaceGeom {
    pub panel: Area,
    pub levels: Vec<LevelGeom>,
    /// Centre and corners of each cell, by `PalaceMap` index.
    pub centres: Vec<Point>,
    pub corners: Vec<[Point; 6]>,
    pub size: f32,
}

#[derive(Clone, Debug)]
pub struct CoreGeom {
    pub panel: Area,
    /// Each space's box.
    pub spaces: Vec<Area>,
    /// Each space's label position (left-aligned baseline start) and piece centre.
    pub label_at: Vec<Point>,
    pub centres: Vec<Point>,
    pub piece: f32,
    /// Whether the panel is drawn inside the palace panel.
    pub nested: bool,
}

#[derive(Clone, Debug)]
pub struct SpaceGeom {
    pub panel: Area,
    /// Centre of each Anakin space, 0 (start) to the Control Ship.
    pub stops: Vec<Point>,
    pub stop_radius: f32,
    /// Each grid's block: the printed grid column and room for Starfighter cards to its right.
    pub blocks: Vec<Area>,
    /// Top of the slot rows and the height of one slot row.
    pub slots_top: f32,
    pub slot_h: f32,
    pub grid_w: f32,
    pub card_w: f32,
    pub footer: Point,
}

impl SpaceGeom {
    /// Top-left y of the row for `slot` (2..=12).
    pub fn slot_y(&self, slot: u8) -> f32 {
        self.slots_top + f32::from(slot.saturating_sub(2)) * self.slot_h
    }

    /// The column area of layer `k` on grid `g`: 0 the printed grid, 1.. the Starfighter cards from the
    /// bottom of the stack, given how many cards lie there.
    pub fn column(&self, g: usize, k: usize, cards: usize) -> Area {
        let b = self.blocks[g];
        if k == 0 {
            return Area::new(b.x, b.y, self.grid_w, b.h);
        }
        let room = b.w - self.grid_w - 6.0;
        let w = self.card_w.min(room / cards.max(1) as f32);
        Area::new(b.x + self.grid_w + 6.0 + (k - 1) as f32 * w, b.y, w - 3.0, b.h)
    }
}

/// Everything placed in one picture.
#[derive(Clone, Debug)]
pub struct Scene {
    pub theatre: Picture,
    pub width: u32,
    pub height: u32,
    pub sizes: Sizes,
    pub status: Area,
    /// The overview's status strip says everything; a theatre's header only what concerns it.
    pub full_status: bool,
    pub field: Option<FieldGeom>,
    pub palace: Option<PalaceGeom>,
    pub core: Option<CoreGeom>,
    pub space: Option<SpaceGeom>,
    pub legend: Area,
}

impl Scene {
    /// The point a piece on `pos` is drawn around (a hex's centre; a core space's piece spot), and the
    /// radius of its symbol.
    pub fn centre(&self, d: &Data, pos: Pos) -> Option<(Point, f32)> {
        match pos {
            Pos::Field { .. } => {
                let g = self.field.as_ref()?;
                let i = d.field.index_of(pos)?;
                Some((g.centres[i], g.board.size * 0.44))
            }
            Pos::Palace { .. } => {
                let g = self.palace.as_ref()?;
                let i = d.palace.index_of(pos)?;
                Some((g.centres[i], g.size * 0.44))
            }
            Pos::Core(n) => {
                let g = self.core.as_ref()?;
                g.centres.get(usize::from(n)).map(|c| (*c, g.piece))
            }
        }
    }

    /// Which board a position belongs to in this picture, so paths are only drawn within one board.
    pub fn board_of(&self, pos: Pos) -> Option<u8> {
        match pos {
            Pos::Field { .. } if self.field.is_some() => Some(0),
            Pos::Palace { floor, .. } if self.palace.is_some() => Some(floor),
            Pos::Core(_) if self.core.is_some() => Some(100),
            _ => None,
        }
    }
}
