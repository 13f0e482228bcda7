//! Drawing primitives on an RGB image. Shapes are antialiased by coverage from a signed distance (negative
//! inside), which gives clean edges for circles, hexes and thick lines at any size with one small loop.
//! Opaque rectangles go through imageproc.

use super::palette::Colour;
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

pub type Point = (f32, f32);

/// A picture being drawn. It records which pixels of each row its methods may have changed, so that a
/// picture drawn over a static layer is compared with the layer only there (the image is private: every
/// change goes through a method that records it).
pub struct Canvas {
    img: RgbImage,
    touched: Touched,
}

/// Where a canvas was drawn on since it was made: per row, which strips of columns (64 strips across).
pub struct Touched {
    strip: usize,
    rows: Vec<u64>,
}

impl Touched {
    fn new(width: u32, height: u32) -> Touched {
        Touched { strip: (width as usize).div_ceil(64).max(1), rows: vec![0; height as usize] }
    }

    /// The touched columns of row `y`, as ranges `from..to` (every column if the row is unknown).
    pub fn columns(&self, y: usize, width: usize) -> Vec<(usize, usize)> {
        let Some(&bits) = self.rows.get(y) else { return vec![(0, width)] };
        let mut out: Vec<(usize, usize)> = Vec::new();
        let mut rest = bits;
        while rest != 0 {
            let from = rest.trailing_zeros() as usize;
            let run = (rest >> from).trailing_ones() as usize;
            let (a, b) = ((from * self.strip).min(width), ((from + run) * self.strip).min(width));
            if a < b {
                out.push((a, b));
            }
            rest &= if from + run >= 64 { 0 } else { !0u64 << (from + run) };
        }
        out
    }
}

/// An axis-aligned box in pixels.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Area {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Area {
    pub const fn new(x: f32, y: f32, w: f32, h: f32) -> Area {
        Area { x, y, w, h }
    }

    pub fn right(&self) -> f32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f32 {
        self.y + self.h
    }

    pub fn centre(&self) -> Point {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }

    pub fn contains(&self, p: Point) -> bool {
        p.0 >= self.x && p.0 < self.right() && p.1 >= self.y && p.1 < self.bottom()
    }

    pub fn inset(&self, d: f32) -> Area {
        Area::new(self.x + d, self.y + d, self.w - 2.0 * d, self.h - 2.0 * d)
    }
}

fn mix(a: u8, b: u8, t: f32) -> u8 {
    let v = f32::from(a) + (f32::from(b) - f32::from(a)) * t;
    // `v.round()` for v in 0..=255, without the call it compiles to: the fraction after truncation is exact.
    let whole = v as u8;
    whole + u8::from(v - f32::from(whole) >= 0.5)
}

/// Distance from `p` to the segment `a`-`b`.
pub fn segment_distance(p: Point, a: Point, b: Point) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let (qx, qy) = (a.0 + t * dx - p.0, a.1 + t * dy - p.1);
    (qx * qx + qy * qy).sqrt()
}

/// Signed distance to a convex polygon (either winding): the largest signed distance to an edge line.
/// Exact near the edges, which is all antialiasing needs.
pub fn convex_distance(p: Point, poly: &[Point]) -> f32 {
    let n = poly.len();
    // Orientation: the sign of the area, so "outside" is positive for both windings.
    let area: f32 = (0..n).map(|i| poly[i].0 * poly[(i + 1) % n].1 - poly[(i + 1) % n].0 * poly[i].1).sum();
    let s = if area >= 0.0 { 1.0 } else { -1.0 };
    let mut d = f32::MIN;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let len = (ex * ex + ey * ey).sqrt().max(1e-6);
        // Outward normal of a counter-clockwise (in y-down pixels: clockwise on screen) edge.
        let dist = s * (ex * (p.1 - a.1) - ey * (p.0 - a.0)) / len;
        d = d.max(-dist);
    }
    d
}

fn bounds(poly: &[Point]) -> (f32, f32, f32, f32) {
    poly.iter().fold((f32::MAX, f32::MAX, f32::MIN, f32::MIN), |(x0, y0, x1, y1), p| {
        (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1))
    })
}

impl Canvas {
    pub fn new(width: u32, height: u32, fill: Colour) -> Canvas {
        Canvas::over(RgbImage::from_pixel(width, height, fill))
    }

    /// A canvas drawing over a copy of a picture; nothing touched yet.
    pub fn over(img: RgbImage) -> Canvas {
        let touched = Touched::new(img.width(), img.height());
        Canvas { img, touched }
    }

    pub fn width(&self) -> u32 {
        self.img.width()
    }

    pub fn img(&self) -> &RgbImage {
        &self.img
    }

    /// The picture, and where it was drawn on.
    pub fn into_parts(self) -> (RgbImage, Touched) {
        (self.img, self.touched)
    }

    /// Record that columns `x0..=x1` of rows `y0..=y1` (already inside the image) may change.
    fn touch(&mut self, (x0, x1): (i32, i32), (y0, y1): (i32, i32)) {
        if x0 > x1 || x0 < 0 {
            return;
        }
        let strip = self.touched.strip;
        let (lo, hi) = ((x0 as usize / strip).min(63), (x1 as usize / strip).min(63));
        let mask = (!0u64 >> (63 - hi)) & (!0u64 << lo);
        for t in self.touched.rows.iter_mut().take((y1 + 1).max(0) as usize).skip(y0.max(0) as usize) {
            *t |= mask;
        }
    }

    /// Mix `c` into the pixel at (x, y) with weight `a` (0..1); outside the image nothing happens.
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, c: Colour, a: f32) {
        if x < 0 || y < 0 || x >= self.img.width() as i32 || y >= self.img.height() as i32 || a <= 0.0 {
            return;
        }
        self.touch((x, x), (y, y));
        self.paint(x, y, c, a);
    }

    /// `blend` for a pixel inside the image, its row already recorded.
    #[inline]
    fn paint(&mut self, x: i32, y: i32, c: Colour, a: f32) {
        if a <= 0.0 {
            return;
        }
        let p = self.img.get_pixel_mut(x as u32, y as u32);
        if a >= 1.0 {
            *p = c;
        } else {
            *p = Rgb([mix(p.0[0], c.0[0], a), mix(p.0[1], c.0[1], a), mix(p.0[2], c.0[2], a)]);
        }
    }

    /// Paint every pixel of a box by the coverage a signed-distance function gives its centre.
    ///
    /// Every distance here changes by at most the distance moved (a true distance, or a max or min of
    /// them), so one measure at a tile's centre settles a whole tile that lies far enough inside or outside
    /// the shape; only tiles on an edge are measured pixel by pixel.
    pub fn shade(&mut self, bbox: (f32, f32, f32, f32), c: Colour, alpha: f32, sdf: impl Fn(Point) -> f32) {
        const TILE: i32 = 4;
        // Half a tile's diagonal between pixel centres, and a margin for rounding.
        const REACH: f32 = (TILE - 1) as f32 * std::f32::consts::FRAC_1_SQRT_2 + 0.01;
        let (x0, y0, x1, y1) = bbox;
        let (w, h) = (self.img.width() as i32, self.img.height() as i32);
        let xa = (x0.floor() as i32 - 1).max(0);
        let ya = (y0.floor() as i32 - 1).max(0);
        let xb = (x1.ceil() as i32 + 1).min(w - 1);
        let yb = (y1.ceil() as i32 + 1).min(h - 1);
        self.touch((xa, xb), (ya, yb));
        for ty in (ya..=yb).step_by(TILE as usize) {
            let ys = ty..=(ty + TILE - 1).min(yb);
            for tx in (xa..=xb).step_by(TILE as usize) {
                let xs = tx..=(tx + TILE - 1).min(xb);
                let centre = ((tx + xs.end()) as f32 / 2.0 + 0.5, (ty + ys.end()) as f32 / 2.0 + 0.5);
                let d = sdf(centre);
                if d >= 0.5 + REACH {
                    continue;
                }
                let inside = d <= -0.5 - REACH;
                for y in ys.clone() {
                    for x in xs.clone() {
                        let cover =
                            if inside { 1.0 } else { (0.5 - sdf((x as f32 + 0.5, y as f32 + 0.5))).clamp(0.0, 1.0) };
                        if cover > 0.0 {
                            self.paint(x, y, c, cover * alpha);
                        }
                    }
                }
            }
        }
    }

    /// An opaque rectangle with square corners, on whole pixels.
    pub fn rect(&mut self, a: Area, c: Colour) {
        let (x, y) = (a.x.round() as i32, a.y.round() as i32);
        let (w, h) = ((a.right().round() as i32 - x).max(0) as u32, (a.bottom().round() as i32 - y).max(0) as u32);
        if w > 0 && h > 0 {
            let (iw, ih) = (self.img.width() as i32, self.img.height() as i32);
            self.touch((x.max(0), (x + w as i32 - 1).min(iw - 1)), (y.max(0), (y + h as i32 - 1).min(ih - 1)));
            draw_filled_rect_mut(&mut self.img, Rect::at(x, y).of_size(w, h), c);
        }
    }

    pub fn round_rect(&mut self, a: Area, r: f32, c: Colour, alpha: f32) {
        let (cx, cy) = a.centre();
        let (hx, hy) = (a.w / 2.0 - r, a.h / 2.0 - r);
        self.shade((a.x, a.y, a.right(), a.bottom()), c, alpha, |p| {
            let qx = ((p.0 - cx).abs() - hx).max(0.0);
            let qy = ((p.1 - cy).abs() - hy).max(0.0);
            let inside = ((p.0 - cx).abs() - hx).max((p.1 - cy).abs() - hy).min(0.0);
            (qx * qx + qy * qy).sqrt() + inside - r
        });
    }

    pub fn round_rect_stroke(&mut self, a: Area, r: f32, width: f32, c: Colour) {
        let (cx, cy) = a.centre();
        let (hx, hy) = (a.w / 2.0 - r, a.h / 2.0 - r);
        let half = width / 2.0;
        self.shade((a.x - half, a.y - half, a.right() + half, a.bottom() + half), c, 1.0, |p| {
            let qx = ((p.0 - cx).abs() - hx).max(0.0);
            let qy = ((p.1 - cy).abs() - hy).max(0.0);
            let inside = ((p.0 - cx).abs() - hx).max((p.1 - cy).abs() - hy).min(0.0);
            ((qx * qx + qy * qy).sqrt() + inside - r).abs() - half
        });
    }

    pub fn circle(&mut self, c0: Point, r: f32, c: Colour) {
        self.circle_alpha(c0, r, c, 1.0);
    }

    pub fn circle_alpha(&mut self, c0: Point, r: f32, c: Colour, alpha: f32) {
        self.shade((c0.0 - r, c0.1 - r, c0.0 + r, c0.1 + r), c, alpha, |p| {
            ((p.0 - c0.0).powi(2) + (p.1 - c0.1).powi(2)).sqrt() - r
        });
    }

    pub fn ring(&mut self, c0: Point, r: f32, width: f32, c: Colour) {
        let out = r + width / 2.0;
        self.shade((c0.0 - out, c0.1 - out, c0.0 + out, c0.1 + out), c, 1.0, |p| {
            (((p.0 - c0.0).powi(2) + (p.1 - c0.1).powi(2)).sqrt() - r).abs() - width / 2.0
        });
    }

    pub fn convex(&mut self, poly: &[Point], c: Colour, alpha: f32) {
        if poly.len() < 3 {
            return;
        }
        let (x0, y0, x1, y1) = bounds(poly);
        self.shade((x0, y0, x1, y1), c, alpha, |p| convex_distance(p, poly));
    }

    /// The outline of a closed polygon, `width` wide, centred on its edges (one round-capped line per edge,
    /// so each pixel measures one distance, not one per edge).
    pub fn outline(&mut self, poly: &[Point], width: f32, c: Colour) {
        let n = poly.len();
        if n < 2 {
            return;
        }
        for i in 0..n {
            self.line(poly[i], poly[(i + 1) % n], width, c);
        }
    }

    /// A straight line with round ends.
    pub fn line(&mut self, a: Point, b: Point, width: f32, c: Colour) {
        self.line_alpha(a, b, width, c, 1.0);
    }

    pub fn line_alpha(&mut self, a: Point, b: Point, width: f32, c: Colour, alpha: f32) {
        let h = width / 2.0;
        self.shade((a.0.min(b.0) - h, a.1.min(b.1) - h, a.0.max(b.0) + h, a.1.max(b.1) + h), c, alpha, |p| {
            segment_distance(p, a, b) - h
        });
    }

    /// A line made of dashes `dash` long with gaps as long.
    pub fn dashed(&mut self, a: Point, b: Point, width: f32, dash: f32, c: Colour) {
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len < 1.0 {
            return;
        }
        let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        let mut t = 0.0;
        while t < len {
            let e = (t + dash).min(len);
            self.line((a.0 + ux * t, a.1 + uy * t), (a.0 + ux * e, a.1 + uy * e), width, c);
            t += 2.0 * dash;
        }
    }

    /// A line from `a` to `b` ending in an arrow head whose tip is at `b`.
    pub fn arrow(&mut self, a: Point, b: Point, width: f32, head: f32, c: Colour) {
        let len = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
        if len < 1.0 {
            return;
        }
        let (ux, uy) = ((b.0 - a.0) / len, (b.1 - a.1) / len);
        let base = (b.0 - ux * head, b.1 - uy * head);
        self.line(a, base, width, c);
        let (nx, ny) = (-uy * head * 0.6, ux * head * 0.6);
        self.convex(&[b, (base.0 + nx, base.1 + ny), (base.0 - nx, base.1 - ny)], c, 1.0);
    }

    /// An X centred on `c0`, `r` from the centre to each tip.
    pub fn cross(&mut self, c0: Point, r: f32, width: f32, c: Colour) {
        self.line((c0.0 - r, c0.1 - r), (c0.0 + r, c0.1 + r), width, c);
        self.line((c0.0 - r, c0.1 + r), (c0.0 + r, c0.1 - r), width, c);
    }

    /// A five-pointed star of outer radius `r`.
    pub fn star(&mut self, c0: Point, r: f32, c: Colour) {
        let inner = r * 0.42;
        let pt = |i: usize, rad: f32| {
            let a = -std::f32::consts::FRAC_PI_2 + i as f32 * std::f32::consts::PI / 5.0;
            (c0.0 + rad * a.cos(), c0.1 + rad * a.sin())
        };
        let centre: Vec<Point> = (0..5).map(|i| pt(2 * i + 1, inner)).collect();
        let tips: Vec<[Point; 3]> =
            (0..5).map(|i| [pt(2 * i, r), pt(2 * i + 1, inner), pt((2 * i + 9) % 10, inner)]).collect();
        self.shade((c0.0 - r, c0.1 - r, c0.0 + r, c0.1 + r), c, 1.0, |p| {
            tips.iter().map(|t| convex_distance(p, t)).fold(convex_distance(p, &centre), f32::min)
        });
    }

    /// Parallel diagonal stripes inside a convex polygon.
    pub fn hatch(&mut self, poly: &[Point], spacing: f32, width: f32, c: Colour, alpha: f32) {
        if poly.len() < 3 {
            return;
        }
        let (x0, y0, x1, y1) = bounds(poly);
        self.shade((x0, y0, x1, y1), c, alpha, |p| {
            let u = (p.0 + p.1) / std::f32::consts::SQRT_2;
            let stripe = (u.rem_euclid(spacing) - spacing / 2.0).abs() - width / 2.0;
            stripe.max(convex_distance(p, poly))
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::palette::hex;

    /// `shade` as it would be measuring every pixel.
    fn shade_every_pixel(c: &mut Canvas, bbox: (f32, f32, f32, f32), colour: Colour, sdf: impl Fn(Point) -> f32) {
        let (w, h) = (c.img.width() as i32, c.img.height() as i32);
        for y in (bbox.1.floor() as i32 - 1).max(0)..=(bbox.3.ceil() as i32 + 1).min(h - 1) {
            for x in (bbox.0.floor() as i32 - 1).max(0)..=(bbox.2.ceil() as i32 + 1).min(w - 1) {
                let cover = (0.5 - sdf((x as f32 + 0.5, y as f32 + 0.5))).clamp(0.0, 1.0);
                if cover > 0.0 {
                    c.blend(x, y, colour, cover * 0.8);
                }
            }
        }
    }

    #[test]
    fn shading_by_tiles_paints_what_measuring_every_pixel_paints() {
        let poly = [(13.3, 7.1), (88.0, 21.5), (71.2, 90.4), (9.9, 60.0)];
        type Shape = Box<dyn Fn(Point) -> f32>;
        let shapes: Vec<(&str, Shape)> = vec![
            ("circle", Box::new(|p: Point| ((p.0 - 50.3).powi(2) + (p.1 - 47.8).powi(2)).sqrt() - 31.7)),
            ("ring", Box::new(|p: Point| (((p.0 - 50.0).powi(2) + (p.1 - 50.0).powi(2)).sqrt() - 30.0).abs() - 2.5)),
            ("convex", Box::new(move |p| convex_distance(p, &poly))),
            ("line", Box::new(|p| segment_distance(p, (3.2, 90.1), (96.4, 12.7)) - 1.6)),
            (
                "hatch",
                Box::new(move |p: Point| {
                    let u = (p.0 + p.1) / std::f32::consts::SQRT_2;
                    ((u.rem_euclid(9.0) - 4.5).abs() - 1.5).max(convex_distance(p, &poly))
                }),
            ),
        ];
        for (name, sdf) in shapes {
            let (mut tiled, mut every) = (Canvas::new(100, 100, hex(0x203040)), Canvas::new(100, 100, hex(0x203040)));
            tiled.shade((2.5, 3.5, 97.0, 95.5), hex(0xe0c070), 0.8, &sdf);
            shade_every_pixel(&mut every, (2.5, 3.5, 97.0, 95.5), hex(0xe0c070), &sdf);
            assert!(tiled.img == every.img, "{name}: the tiles painted something else");
            assert!(tiled.img != Canvas::new(100, 100, hex(0x203040)).img, "{name}: something was painted");
        }
    }

    #[test]
    fn drawing_records_the_strips_of_columns_it_touched() {
        // 640 pixels wide: strips of 10 columns.
        let mut c = Canvas::new(640, 30, hex(0x000000));
        c.circle((25.0, 10.0), 4.0, hex(0xffffff));
        c.rect(Area::new(600.0, 20.0, 40.0, 5.0), hex(0xffffff));
        c.blend(333, 29, hex(0xffffff), 0.5);
        let t = &c.touched;
        // The circle's box with its pixel of margin: columns 20..=30 (strips 2 and 3), rows 5..=15.
        assert_eq!(t.columns(10, 640), vec![(20, 40)]);
        assert_eq!(t.columns(4, 640), vec![]);
        assert_eq!(t.columns(22, 640), vec![(600, 640)]);
        assert_eq!(t.columns(29, 640), vec![(330, 340)]);
        // Rows it does not know are wholly touched.
        assert_eq!(t.columns(30, 640), vec![(0, 640)]);
        // Every changed pixel lies in a touched strip.
        let blank = Canvas::new(640, 30, hex(0x000000));
        for (x, y, p) in c.img.enumerate_pixels() {
            if *p != *blank.img.get_pixel(x, y) {
                let inside = t.columns(y as usize, 640).iter().any(|&(a, b)| (a..b).contains(&(x as usize)));
                assert!(inside, "({x}, {y}) changed outside the touched strips");
            }
        }
    }

    #[test]
    fn mixing_rounds_to_the_nearest_level() {
        for (a, b) in [(0u8, 255u8), (255, 0), (17, 200), (200, 17), (90, 91)] {
            for i in 0..=1000 {
                let t = i as f32 / 1000.0;
                let exact = (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
                assert_eq!(mix(a, b, t), exact, "{a} to {b} at {t}");
            }
        }
    }

    #[test]
    fn a_circle_covers_its_centre_and_not_its_corner_box() {
        let mut c = Canvas::new(40, 40, hex(0x000000));
        c.circle((20.0, 20.0), 10.0, hex(0xff0000));
        assert_eq!(c.img.get_pixel(20, 20).0, [255, 0, 0]);
        assert_eq!(c.img.get_pixel(12, 12).0, [0, 0, 0]);
        // The edge is blended, not stepped.
        let edge = c.img.get_pixel(27, 26).0[0];
        assert!(edge > 0 && edge < 255, "edge pixel {edge}");
    }

    #[test]
    fn convex_fill_works_for_both_windings() {
        for poly in
            [[(5.0, 5.0), (35.0, 5.0), (35.0, 35.0), (5.0, 35.0)], [(5.0, 5.0), (5.0, 35.0), (35.0, 35.0), (35.0, 5.0)]]
        {
            let mut c = Canvas::new(40, 40, hex(0x000000));
            c.convex(&poly, hex(0x00ff00), 1.0);
            assert_eq!(c.img.get_pixel(20, 20).0, [0, 255, 0]);
            assert_eq!(c.img.get_pixel(2, 20).0, [0, 0, 0]);
        }
    }
}
