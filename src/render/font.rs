//! Text: DejaVu Sans compiled into the binary, sized by the height of its capitals (what a reader sees),
//! with each glyph rasterised once and kept, and an optional dark halo that keeps labels readable on any
//! fill.

use super::canvas::Canvas;
use super::palette::Colour;
use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

const REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// How far the halo reaches beyond the glyph, in pixels.
const HALO: i32 = 2;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Weight {
    Regular,
    Bold,
}

/// A weight and a size given as the height of capital letters and digits in pixels.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Style {
    pub weight: Weight,
    pub cap: f32,
}

impl Style {
    pub const fn bold(cap: f32) -> Style {
        Style { weight: Weight::Bold, cap }
    }

    pub const fn regular(cap: f32) -> Style {
        Style { weight: Weight::Regular, cap }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// One rasterised glyph: coverage (0..255) and its halo, placed relative to the pen on the baseline.
struct Glyph {
    left: i32,
    top: i32,
    w: i32,
    h: i32,
    cov: Vec<u8>,
    halo: Vec<u8>,
}

type Key = (Weight, u32, char);

pub struct Fonts {
    faces: [FontRef<'static>; 2],
    /// Capital height per unit of `PxScale`, per face.
    cap_ratio: [f32; 2],
    cache: Mutex<HashMap<Key, Arc<Glyph>>>,
}

fn idx(w: Weight) -> usize {
    match w {
        Weight::Regular => 0,
        Weight::Bold => 1,
    }
}

fn cap_ratio(face: &FontRef<'static>) -> f32 {
    let g = face.glyph_id('H').with_scale_and_position(PxScale::from(100.0), point(0.0, 0.0));
    match face.outline_glyph(g) {
        Some(o) => {
            let b = o.px_bounds();
            (b.max.y - b.min.y) / 100.0
        }
        None => 0.63,
    }
}

impl Fonts {
    pub fn new() -> Result<Fonts, String> {
        let regular = FontRef::try_from_slice(REGULAR).map_err(|e| format!("DejaVuSans.ttf: {e}"))?;
        let bold = FontRef::try_from_slice(BOLD).map_err(|e| format!("DejaVuSans-Bold.ttf: {e}"))?;
        let cap_ratio = [cap_ratio(&regular), cap_ratio(&bold)];
        Ok(Fonts { faces: [regular, bold], cap_ratio, cache: Mutex::new(HashMap::new()) })
    }

    fn scale(&self, s: Style) -> PxScale {
        PxScale::from(s.cap / self.cap_ratio[idx(s.weight)])
    }

    /// The scale rounded to quarter pixels, so the cache stays small.
    fn scale_key(&self, s: Style) -> u32 {
        (self.scale(s).y * 4.0).round() as u32
    }

    /// The advance width of a text in pixels.
    pub fn width(&self, s: Style, text: &str) -> f32 {
        let face = &self.faces[idx(s.weight)];
        let sf = face.as_scaled(PxScale::from(self.scale_key(s) as f32 / 4.0));
        let mut w = 0.0;
        let mut prev: Option<GlyphId> = None;
        for ch in text.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                w += sf.kern(p, id);
            }
            w += sf.h_advance(id);
            prev = Some(id);
        }
        w
    }

    fn raster(&self, s: Style, ch: char) -> Glyph {
        let face = &self.faces[idx(s.weight)];
        let scale = PxScale::from(self.scale_key(s) as f32 / 4.0);
        let g = face.glyph_id(ch).with_scale_and_position(scale, point(0.0, 0.0));
        let Some(o) = face.outline_glyph(g) else {
            return Glyph { left: 0, top: 0, w: 0, h: 0, cov: Vec::new(), halo: Vec::new() };
        };
        let b = o.px_bounds();
        let (w, h) = ((b.max.x - b.min.x).ceil() as i32, (b.max.y - b.min.y).ceil() as i32);
        let mut cov = vec![0u8; (w * h).max(0) as usize];
        o.draw(|x, y, v| {
            let (x, y) = (x as i32, y as i32);
            if x < w && y < h {
                cov[(y * w + x) as usize] = (v.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        });
        // The halo: the glyph grown by HALO pixels (a maximum over a small disc).
        let (hw, hh) = (w + 2 * HALO, h + 2 * HALO);
        let mut halo = vec![0u8; (hw * hh).max(0) as usize];
        for y in 0..h {
            for x in 0..w {
                let v = cov[(y * w + x) as usize];
                if v == 0 {
                    continue;
                }
                for dy in -HALO..=HALO {
                    for dx in -HALO..=HALO {
                        if dx * dx + dy * dy <= HALO * HALO + 1 {
                            let i = ((y + HALO + dy) * hw + (x + HALO + dx)) as usize;
                            halo[i] = halo[i].max(v);
                        }
                    }
                }
            }
        }
        Glyph { left: b.min.x.floor() as i32, top: b.min.y.floor() as i32, w, h, cov, halo }
    }

    fn glyph(&self, s: Style, ch: char) -> Arc<Glyph> {
        let key = (s.weight, self.scale_key(s), ch);
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        cache.entry(key).or_insert_with(|| Arc::new(self.raster(s, ch))).clone()
    }

    /// Draw `text` with its baseline at `y`, aligned on `x`. Returns the drawn width.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        c: &mut Canvas,
        text: &str,
        s: Style,
        x: f32,
        y: f32,
        align: Align,
        colour: Colour,
        halo: Option<Colour>,
    ) -> f32 {
        let width = self.width(s, text);
        let x0 = match align {
            Align::Left => x,
            Align::Centre => x - width / 2.0,
            Align::Right => x - width,
        };
        let face = &self.faces[idx(s.weight)];
        let sf = face.as_scaled(PxScale::from(self.scale_key(s) as f32 / 4.0));
        let base = y.round() as i32;
        let mut pens = Vec::with_capacity(text.len());
        let mut pen = x0;
        let mut prev: Option<GlyphId> = None;
        for ch in text.chars() {
            let id = sf.glyph_id(ch);
            if let Some(p) = prev {
                pen += sf.kern(p, id);
            }
            pens.push((pen.round() as i32, ch));
            pen += sf.h_advance(id);
            prev = Some(id);
        }
        let glyphs: Vec<(i32, Arc<Glyph>)> = pens.iter().map(|(px, ch)| (*px, self.glyph(s, *ch))).collect();
        if let Some(hc) = halo {
            for (px, g) in &glyphs {
                let (hw, hh) = (g.w + 2 * HALO, g.h + 2 * HALO);
                for yy in 0..hh {
                    for xx in 0..hw {
                        let v = g.halo[(yy * hw + xx) as usize];
                        if v > 0 {
                            let a = (f32::from(v) / 255.0 * 1.6).min(1.0);
                            c.blend(px + g.left + xx - HALO, base + g.top + yy - HALO, hc, a * 0.85);
                        }
                    }
                }
            }
        }
        for (px, g) in &glyphs {
            for yy in 0..g.h {
                for xx in 0..g.w {
                    let v = g.cov[(yy * g.w + xx) as usize];
                    if v > 0 {
                        c.blend(px + g.left + xx, base + g.top + yy, colour, f32::from(v) / 255.0);
                    }
                }
            }
        }
        width
    }

    /// Draw `text` centred on the point (x, y): the middle of its capitals sits on y.
    #[allow(clippy::too_many_arguments)]
    pub fn centred(
        &self,
        c: &mut Canvas,
        text: &str,
        s: Style,
        x: f32,
        y: f32,
        colour: Colour,
        halo: Option<Colour>,
    ) -> f32 {
        self.draw(c, text, s, x, y + s.cap / 2.0, Align::Centre, colour, halo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette::hex;

    #[test]
    fn capitals_are_as_tall_as_asked() {
        let f = Fonts::new().unwrap();
        for cap in [11.0, 14.0, 20.0] {
            let mut c = Canvas::new(200, 60, hex(0x000000));
            f.draw(&mut c, "E4H", Style::bold(cap), 10.0, 45.0, Align::Left, hex(0xffffff), None);
            let rows: Vec<u32> = (0..60).filter(|y| (0..200).any(|x| c.img().get_pixel(x, *y).0[0] > 100)).collect();
            let ink = rows.last().unwrap() - rows.first().unwrap() + 1;
            assert!((ink as f32 - cap).abs() <= 1.0, "cap {cap}: ink {ink}");
        }
    }
}
