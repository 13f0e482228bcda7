//! *The Queen's Gambit*'s board pictures, drawn from what one seat (or a spectator) may see: the overview with every theatre, or one
//! theatre at a time for a closer look. Built on image and imageproc, with hexx for the hex geometry.
//!
//! A `Renderer` is made once per set of game data: it lays out every picture and draws the maps, the
//! labels and the legend into a base layer per picture. Each render copies that layer and draws only what
//! changes: pieces, the shield, Anakin's track, the last action and the status strip.
//!
//! Only `View` and the viewer's own events are drawn, so a picture never shows what its viewer may not know.

mod animation;
mod core;
mod crop;
mod field;
mod highlight;
mod layout;
mod legend;
mod marks;
mod palace;
mod panel;
mod piece;
mod scene;
mod space;
mod status;

pub use animation::caption;
pub use crop::{LABEL_MIN, PHONE_SHOWN, PHONE_WIDTH, battle_of as crop_battle};
pub use marks::{Mark, MarkKind};
pub use piece::unit_fill;

use crate::games::queens_gambit::rules::Event;
use crate::games::queens_gambit::rules::Pos;
use crate::games::queens_gambit::rules::View;
use crate::games::queens_gambit::rules::data::{Data, KindId};
use crate::render::canvas::{self, Area, Canvas};
use crate::render::font::{Align, Fonts, Style};
use crate::render::layer::Layer;
use crate::render::palette;
use image::{Rgb, RgbImage};
use scene::Scene;
use std::sync::Arc;

/// Which picture.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Picture {
    /// Everything at once.
    Overview,
    Palace,
    Battlefield,
    Core,
    Space,
}

impl Picture {
    pub const ALL: [Picture; 5] =
        [Picture::Overview, Picture::Palace, Picture::Battlefield, Picture::Core, Picture::Space];

    /// The name used in file names and commands.
    pub fn key(self) -> &'static str {
        match self {
            Picture::Overview => "overview",
            Picture::Palace => "palace",
            Picture::Battlefield => "battlefield",
            Picture::Core => "core",
            Picture::Space => "space",
        }
    }

    pub fn from_key(key: &str) -> Option<Picture> {
        Picture::ALL.into_iter().find(|t| t.key().eq_ignore_ascii_case(key.trim()))
    }

    fn index(self) -> usize {
        match self {
            Picture::Overview => 0,
            Picture::Palace => 1,
            Picture::Battlefield => 2,
            Picture::Core => 3,
            Picture::Space => 4,
        }
    }
}

/// The picture for what the engine says to show (`rules::theatre::focus`).
impl From<crate::games::queens_gambit::rules::Focus> for Picture {
    fn from(f: crate::games::queens_gambit::rules::Focus) -> Picture {
        match f {
            crate::games::queens_gambit::rules::Focus::Whole => Picture::Overview,
            crate::games::queens_gambit::rules::Focus::One(t) => Picture::from(t),
        }
    }
}

/// The picture of one of the engine's battles (see `rules::theatre::touched` for those an action changed).
impl From<crate::games::queens_gambit::rules::Theatre> for Picture {
    fn from(t: crate::games::queens_gambit::rules::Theatre) -> Picture {
        match t {
            crate::games::queens_gambit::rules::Theatre::Palace => Picture::Palace,
            crate::games::queens_gambit::rules::Theatre::Battlefield => Picture::Battlefield,
            crate::games::queens_gambit::rules::Theatre::Core => Picture::Core,
            crate::games::queens_gambit::rules::Theatre::Space => Picture::Space,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("font: {0}")]
    Font(String),
    #[error("PNG encoding failed: {0}")]
    Encode(String),
    #[error("the {0:?} picture's static layer could not be drawn")]
    Layer(Picture),
}

/// A picture's layout and its static layers: with the shield up and, when the picture shows the
/// battlefield, with the shield down.
struct Prepared {
    scene: Scene,
    base: Layer,
    shield_down: Option<Layer>,
}

impl Prepared {
    /// The static layer a picture of `view` is drawn over.
    fn layer(&self, shield_up: bool) -> &Layer {
        match (&self.shield_down, shield_up) {
            (Some(down), false) => down,
            _ => &self.base,
        }
    }
}

pub struct Renderer {
    data: Arc<Data>,
    fonts: Fonts,
    prepared: Vec<Prepared>,
}

impl Renderer {
    /// Lay out every picture and draw its static layer.
    pub fn new(data: Arc<Data>) -> Result<Renderer, RenderError> {
        let fonts = Fonts::new().map_err(RenderError::Font)?;
        // Each picture's static layers are drawn on their own thread: they share only the data and fonts.
        let prepared = std::thread::scope(|threads| {
            let (fonts, data) = (&fonts, &data);
            let drawing: Vec<_> = Picture::ALL
                .iter()
                .map(|t| {
                    let job = threads.spawn(move || {
                        let scene = layout::scene(data, *t);
                        let (base, shield_down) = draw_static(fonts, data, &scene);
                        Prepared { scene, base: Layer::new(base), shield_down: shield_down.map(Layer::new) }
                    });
                    (*t, job)
                })
                .collect();
            drawing
                .into_iter()
                .map(|(t, job)| job.join().map_err(|_| RenderError::Layer(t)))
                .collect::<Result<Vec<_>, RenderError>>()
        })?;
        Ok(Renderer { data, fonts, prepared })
    }

    /// Code every static layer for the PNG encoder (`layer`), which is otherwise done on each one's first
    /// picture: a server does it in the background as it starts.
    pub fn prepare(&self) {
        std::thread::scope(|threads| {
            for p in &self.prepared {
                threads.spawn(|| {
                    p.base.prepare();
                    if let Some(down) = &p.shield_down {
                        down.prepare();
                    }
                });
            }
        });
    }

    pub fn data(&self) -> &Data {
        &self.data
    }

    fn prepared(&self, t: Picture) -> &Prepared {
        &self.prepared[t.index()]
    }

    /// Width and height of a picture in pixels.
    pub fn size(&self, t: Picture) -> (u32, u32) {
        let s = &self.prepared(t).scene;
        (s.width, s.height)
    }

    /// The pixel a piece on `pos` is drawn over (a hex's centre), if the picture shows that position.
    pub fn centre(&self, t: Picture, pos: Pos) -> Option<(f32, f32)> {
        self.prepared(t).scene.centre(&self.data, pos).map(|(p, _)| p)
    }

    /// Where the position's label is written.
    pub fn label_area(&self, t: Picture, pos: Pos) -> Option<Area> {
        marks::label_box(&self.prepared(t).scene, &self.fonts, &self.data, pos)
    }

    /// The ring marking a unit on `pos` as one a question offers: its box (for tests: marks never cover a
    /// label).
    pub fn offer_mark(&self, t: Picture, pos: Pos) -> Option<Area> {
        let (b, radius, width) = marks::ring(&self.prepared(t).scene, &self.fonts, &self.data, pos, 5.0, 2.5)?;
        let out = radius + (width + 2.0) / 2.0;
        Some(Area::new(b.0 - out, b.1 - out, 2.0 * out, 2.0 * out))
    }

    /// The box the real-queen mark of a queen on `pos` can paint (the only difference between Naboo's
    /// picture and a spectator's).
    pub fn real_queen_mark(&self, t: Picture, pos: Pos) -> Option<Area> {
        let (at, r) = self.prepared(t).scene.centre(&self.data, pos)?;
        let (c, sr) = piece::real_queen_star(at, r);
        // Whole pixels, with one to spare for antialiasing.
        let (x0, y0) = ((c.0 - sr).floor() - 1.0, (c.1 - sr).floor() - 1.0);
        let (x1, y1) = ((c.0 + sr).ceil() + 1.0, (c.1 + sr).ceil() + 1.0);
        Some(Area::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// The fill colour of a unit's symbol.
    pub fn unit_colour(&self, kind: KindId) -> Rgb<u8> {
        piece::unit_fill(self.data.unit(kind))
    }

    /// Draw a picture of `view`. `last` holds the events of the last action; events the viewer may not
    /// see are ignored.
    pub fn render(&self, view: &View, last: &[Event], theatre: Picture) -> RgbImage {
        self.draw(view, last, theatre).img
    }

    /// `render`, with where the picture was drawn over its static layer (for `encode_drawing`).
    pub fn draw(&self, view: &View, last: &[Event], theatre: Picture) -> Drawing {
        self.draw_marked(view, last, theatre, &[])
    }

    /// `draw`, with the units a question offers marked.
    pub fn draw_marked(&self, view: &View, last: &[Event], theatre: Picture, offered: &[Mark]) -> Drawing {
        let d = &*self.data;
        let p = self.prepared(theatre);
        let scene = &p.scene;
        let mut c = Canvas::over(p.layer(view.shield_up).img().clone());
        let events: Vec<&Event> = last.iter().filter(|e| e.visible_to(view.viewer.side())).collect();
        if let Some(g) = &scene.space {
            space::draw_dynamic(&mut c, &self.fonts, d, g, &view.space, &scene.sizes);
        }
        for pv in &view.pieces {
            let Some((at, r)) = scene.centre(d, pv.pos) else { continue };
            let sym = piece::Symbol {
                unit: d.unit(pv.kind),
                members: pv.members,
                damage: pv.damage,
                real_queen: pv.real == Some(true),
            };
            piece::draw(&mut c, &self.fonts, &sym, at, r);
        }
        highlight::draw(&mut c, &self.fonts, d, view, scene, &events);
        marks::offered(&mut c, &self.fonts, d, scene, offered);
        let caption = highlight::caption(d, &events);
        status::draw(&mut c, &self.fonts, d, view, scene, &caption);
        let (img, touched) = c.into_parts();
        Drawing { img, touched, theatre, shield_up: view.shield_up }
    }

    /// The picture as PNG bytes.
    pub fn png(&self, view: &View, last: &[Event], theatre: Picture) -> Result<Vec<u8>, RenderError> {
        self.encode_drawing(&self.draw(view, last, theatre))
    }

    /// PNG bytes of a drawing: like `encode`, comparing with the layer only where the drawing touched it.
    pub fn encode_drawing(&self, d: &Drawing) -> Result<Vec<u8>, RenderError> {
        let layer = self.prepared(d.theatre).layer(d.shield_up);
        layer.png(&d.img, Some(&d.touched)).map_err(|e| RenderError::Encode(e.to_string()))
    }

    /// PNG bytes of a picture `render` drew for `theatre`: what it shares with its static layer is not coded
    /// again (see `layer`). Any other picture is coded whole.
    pub fn encode(&self, img: &RgbImage, theatre: Picture, shield_up: bool) -> Result<Vec<u8>, RenderError> {
        self.prepared(theatre).layer(shield_up).png(img, None).map_err(|e| RenderError::Encode(e.to_string()))
    }
}

/// A picture drawn over its static layer, and per row the columns drawing touched.
pub struct Drawing {
    pub img: RgbImage,
    touched: canvas::Touched,
    theatre: Picture,
    shield_up: bool,
}

/// PNG-encode a picture, with a palette (see `encode`): a third of full colour's bytes, no visible change.
pub fn encode(img: &RgbImage) -> Result<Vec<u8>, RenderError> {
    crate::render::encode::png(img).map_err(|e| RenderError::Encode(e.to_string()))
}

/// The static layers of a picture: the one with the shield up, and (when it shows the battlefield) the
/// one with the shield down. Everything but the shield is drawn once; the shield and its tag go last, over
/// the field's own panel, which nothing else touches.
fn draw_static(fonts: &Fonts, d: &Data, scene: &Scene) -> (RgbImage, Option<RgbImage>) {
    let mut c = Canvas::new(scene.width, scene.height, palette::BACKGROUND);
    status::frame(&mut c, scene);
    if let Some(g) = &scene.field {
        field::draw_static(&mut c, fonts, d, g, &scene.sizes);
    }
    if let Some(g) = &scene.palace {
        palace::draw_static(&mut c, fonts, d, g, &scene.sizes);
    }
    if let Some(g) = &scene.core {
        core::draw_static(&mut c, fonts, d, g, &scene.sizes);
    }
    if let Some(g) = &scene.space {
        space::draw_static(&mut c, fonts, d, g, &scene.sizes);
    }
    legend::draw(&mut c, fonts, d, scene.theatre, scene.legend, &scene.sizes);
    // A quiet signature in the corner: the pictures are a fan work.
    let note = "Unofficial fan implementation \u{b7} not affiliated with Lucasfilm, Disney or Hasbro";
    let st = Style::regular(10.0);
    fonts.draw(
        &mut c,
        note,
        st,
        scene.width as f32 - 18.0,
        scene.height as f32 - 5.0,
        Align::Right,
        palette::hex(0x5c606a),
        None,
    );
    let Some(g) = &scene.field else { return (c.into_parts().0, None) };
    let mut down = Canvas::over(c.img().clone());
    for (canvas, shield_up) in [(&mut c, true), (&mut down, false)] {
        field::draw_shield(canvas, d, g, shield_up);
        let (text, bg) =
            if shield_up { ("Shield up", palette::SHIELD_UP) } else { ("Shield down", palette::SHIELD_DOWN) };
        panel::tag(canvas, fonts, g.panel.right() - 12.0, g.panel.y + 8.0, text, &scene.sizes, bg, palette::HALO);
    }
    (c.into_parts().0, Some(down.into_parts().0))
}
