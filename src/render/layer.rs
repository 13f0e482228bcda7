//! A picture's static layer and its PNG coding, made once. A picture drawn over the layer is coded by
//! reusing the layer's palette, and its compressed bands of rows wherever the picture's rows are the layer's
//! own: only what the pieces, the highlights and the status strip changed is quantized and compressed again.
//!
//! The layer keeps `BASE` palette colours; the colours of what changed take the other slots, chosen as
//! `encode` chooses them. Each band of rows is deflated on its own (no match reaches back into the band
//! before), so the layer's bands and bands coded anew follow each other in one zlib stream.

use super::canvas::Touched;
use super::encode::{self, Stats, cores, deflate_into, group, indexed_png};
use image::RgbImage;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Rows per band: a band is the unit of reuse (smaller bands reuse more, but each starts a new window).
const ROWS: usize = 32;
/// The layer's share of the palette; the rest is for what a picture adds (pieces, highlights, text).
const BASE: usize = 192;
/// Deflate levels: the layer's bands are compressed once, so harder; changed bands on every picture, where
/// level 2 halves level 5's time for about 15% more bytes (an overview: 6 ms and 299 KB against 12 ms).
const LAYER_LEVEL: u32 = 6;
const CHANGED_LEVEL: u32 = 2;

pub struct Layer {
    img: RgbImage,
    code: OnceLock<Result<Code, String>>,
}

/// The layer as a palette image: its colours, its scanlines and each band of them deflated.
struct Code {
    palette: Vec<u8>,
    lines: Vec<u8>,
    bands: Vec<Band>,
}

struct Band {
    deflated: Vec<u8>,
    adler: u32,
}

impl Layer {
    pub fn new(img: RgbImage) -> Layer {
        Layer { img, code: OnceLock::new() }
    }

    pub fn img(&self) -> &RgbImage {
        &self.img
    }

    /// Code the layer now rather than on its first picture (a failure is met again there).
    pub fn prepare(&self) {
        let _ = self.code();
    }

    fn code(&self) -> Result<&Code, png::EncodingError> {
        let made = self.code.get_or_init(|| Code::new(&self.img).map_err(|e| e.to_string()));
        made.as_ref().map_err(|e| png::EncodingError::from(std::io::Error::other(e.clone())))
    }

    /// An 8-bit palette PNG of `img`, a picture drawn over this layer; `touched`, when known, holds per row
    /// the columns where it may differ from the layer (elsewhere it is the layer's own).
    pub fn png(&self, img: &RgbImage, touched: Option<&Touched>) -> Result<Vec<u8>, png::EncodingError> {
        if img.dimensions() != self.img.dimensions() {
            return encode::png(img);
        }
        let code = self.code()?;
        let (width, height) = (img.width() as usize, img.height() as usize);
        let bands = height.div_ceil(ROWS);
        let (now, was) = (img.as_raw().as_slice(), self.img.as_raw().as_slice());
        let changed = each_band(bands, || (), |_, b| Changes::find(now, was, width, rows(b, height), touched))
            .ok_or_else(|| std::io::Error::other("comparing with the layer failed"))?;
        // The changed pixels' colours, counted in band order so that the palette is the same on any machine.
        let mut stats = Stats::new();
        for &(colour, n) in changed.iter().flat_map(|c| &c.runs) {
            stats.add(colour, n);
        }
        let mut palette = code.palette.clone();
        let slot = stats.choose(&mut palette, 256);
        let fresh = compressor(CHANGED_LEVEL);
        let coded = each_band(bands, fresh, |c, b| {
            if changed[b].spans.is_empty() {
                return Ok(None);
            }
            let (first, rows) = (b * ROWS, rows(b, height));
            let mut lines = code.lines[first * (width + 1)..rows.end * (width + 1)].to_vec();
            for &(at, n) in &changed[b].spans {
                let (y, x) = (at / width, at % width);
                let line = (y - first) * (width + 1) + 1 + x;
                for (i, p) in now[at * 3..(at + n) * 3].chunks_exact(3).enumerate() {
                    lines[line + i] = slot[group(&[p[0], p[1], p[2]])];
                }
            }
            band(c, &lines).map(Some)
        })
        .ok_or_else(|| std::io::Error::other("coding a band failed"))?;
        let mut idat = Vec::with_capacity(code.bands.iter().map(|b| b.deflated.len()).sum::<usize>() + 16);
        idat.extend([0x78, 0x9c]);
        let mut adler = 1;
        for (b, new) in coded.into_iter().enumerate() {
            let new = new?;
            let Band { deflated, adler: a } = new.as_ref().unwrap_or(&code.bands[b]);
            idat.extend_from_slice(deflated);
            adler = adler_combine(adler, *a, rows(b, height).len() * (width + 1));
        }
        idat.extend(END);
        idat.extend(adler.to_be_bytes());
        indexed_png(img.width(), img.height(), palette, &idat)
    }
}

impl Code {
    fn new(img: &RgbImage) -> std::io::Result<Code> {
        let (width, height) = (img.width() as usize, img.height() as usize);
        let (lines, palette) = encode::scanlines_of(img, BASE);
        let line = |b: usize| &lines[b * ROWS * (width + 1)..rows(b, height).end * (width + 1)];
        let bands = each_band(height.div_ceil(ROWS), compressor(LAYER_LEVEL), |c, b| band(c, line(b)))
            .ok_or_else(|| std::io::Error::other("coding the layer failed"))?;
        Ok(Code { palette, lines, bands: bands.into_iter().collect::<std::io::Result<_>>()? })
    }
}

/// The rows of band `b`.
fn rows(b: usize, height: usize) -> std::ops::Range<usize> {
    b * ROWS..((b + 1) * ROWS).min(height)
}

fn compressor(level: u32) -> impl Fn() -> flate2::Compress + Sync {
    move || flate2::Compress::new(flate2::Compression::new(level), false)
}

/// One band's scanlines deflated on their own, ending at a byte boundary.
fn band(c: &mut flate2::Compress, lines: &[u8]) -> std::io::Result<Band> {
    c.reset();
    let mut deflated = Vec::new();
    deflate_into(c, lines, false, &mut deflated)?;
    Ok(Band { deflated, adler: simd_adler32::adler32(&lines) })
}

/// The deflate stream's end: an empty final block (fixed codes, then the end-of-block code).
const END: [u8; 2] = [0x03, 0x00];

/// Where a band of a picture differs from its layer.
struct Changes {
    /// The pixels that differ: (index of the first, how many), within one row.
    spans: Vec<(usize, usize)>,
    /// Their colours as runs of one colour: (colour, length).
    runs: Vec<([u8; 3], u32)>,
}

impl Changes {
    /// Where `now` differs from `was` in `rows` of a picture `width` pixels wide, looking only at the
    /// `touched` columns of each row if given.
    fn find(now: &[u8], was: &[u8], width: usize, rows: std::ops::Range<usize>, touched: Option<&Touched>) -> Changes {
        // Whole rows first, then blocks of 16 pixels: most of a row is the layer's.
        const BLOCK: usize = 16;
        let mut spans: Vec<(usize, usize)> = Vec::new();
        let mut runs: Vec<([u8; 3], u32)> = Vec::new();
        for y in rows {
            let row = y * width * 3..(y + 1) * width * 3;
            let (a, b) = (&now[row.clone()], &was[row]);
            let columns = touched.map_or_else(|| vec![(0, width)], |t| t.columns(y, width));
            for (from, to) in columns {
                if a[from * 3..to * 3] == b[from * 3..to * 3] {
                    continue;
                }
                for x0 in (from..to).step_by(BLOCK) {
                    let x1 = (x0 + BLOCK).min(to);
                    if a[x0 * 3..x1 * 3] == b[x0 * 3..x1 * 3] {
                        continue;
                    }
                    for x in x0..x1 {
                        let p = [a[x * 3], a[x * 3 + 1], a[x * 3 + 2]];
                        if p == [b[x * 3], b[x * 3 + 1], b[x * 3 + 2]] {
                            continue;
                        }
                        let at = y * width + x;
                        match spans.last_mut() {
                            Some((first, n)) if *first + *n == at && x > 0 => *n += 1,
                            _ => spans.push((at, 1)),
                        }
                        match runs.last_mut() {
                            Some((colour, n)) if *colour == p => *n += 1,
                            _ => runs.push((p, 1)),
                        }
                    }
                }
            }
        }
        Changes { spans, runs }
    }
}

/// `work` for every band, spread over the cores (each worker with its own `state`); the results in band
/// order, or None if a worker failed.
fn each_band<S, T: Send>(
    bands: usize,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> T + Sync,
) -> Option<Vec<T>> {
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut s = state();
        let mut done = Vec::new();
        loop {
            let b = next.fetch_add(1, Ordering::Relaxed);
            if b >= bands {
                return done;
            }
            done.push((b, work(&mut s, b)));
        }
    };
    let parts: Vec<Option<Vec<(usize, T)>>> = std::thread::scope(|threads| {
        let helpers: Vec<_> = (1..cores().min(bands.max(1))).map(|_| threads.spawn(worker)).collect();
        let mine = worker();
        std::iter::once(Some(mine)).chain(helpers.into_iter().map(|h| h.join().ok())).collect()
    });
    let mut out: Vec<Option<T>> = (0..bands).map(|_| None).collect();
    for (b, t) in parts.into_iter().collect::<Option<Vec<_>>>()?.into_iter().flatten() {
        out[b] = Some(t);
    }
    out.into_iter().collect()
}

/// The Adler-32 of two pieces of data joined, from each one's and the second's length (as zlib's
/// `adler32_combine`).
fn adler_combine(first: u32, second: u32, second_len: usize) -> u32 {
    const MOD: u64 = 65521;
    let rem = second_len as u64 % MOD;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let a = (a1 + a2 + MOD - 1) % MOD;
    let b = (rem * a1 % MOD + b1 + b2 + MOD - rem) % MOD;
    ((b << 16) | a) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn checksums_of_pieces_combine_into_the_whole_ones() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i * 7 + i / 13) as u8).collect();
        for cut in [0, 1, 5552, 65521, 100_000, 200_000] {
            let (a, b) = data.split_at(cut);
            assert_eq!(
                adler_combine(simd_adler32::adler32(&a), simd_adler32::adler32(&b), b.len()),
                simd_adler32::adler32(&data.as_slice()),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn a_picture_over_the_layer_decodes_to_itself() {
        // A layer of two flat colours, and a picture that changes a few spans of it (one at a row's end,
        // one at the next row's start, one in a band of its own) in colours the layer lacks.
        let layer =
            RgbImage::from_fn(
                70,
                50,
                |x, y| if (x / 10 + y / 10) % 2 == 0 { Rgb([20, 30, 40]) } else { Rgb([200, 190, 90]) },
            );
        let mut pic = layer.clone();
        for (x, y) in [(68, 3), (69, 3), (0, 4), (1, 4), (30, 40), (31, 40), (32, 40)] {
            pic.put_pixel(x, y, Rgb([250, 10, 10]));
        }
        pic.put_pixel(5, 20, Rgb([10, 250, 10]));
        let l = Layer::new(layer.clone());
        for img in [&layer, &pic] {
            let decoded = image::load_from_memory(&l.png(img, None).unwrap()).unwrap().to_rgb8();
            assert_eq!(&decoded, img);
        }
        // A picture of another size is coded on its own.
        let other = RgbImage::from_pixel(3, 3, Rgb([1, 2, 3]));
        assert_eq!(image::load_from_memory(&l.png(&other, None).unwrap()).unwrap().to_rgb8(), other);
    }

    #[test]
    fn only_changed_pixels_are_found_and_spans_stay_in_their_row() {
        let was = vec![0u8; 4 * 3 * 3];
        let mut now = was.clone();
        for px in [3, 4, 9] {
            now[px * 3] = 1;
        }
        assert_eq!(Changes::find(&now, &was, 4, 0..3, None).spans, vec![(3, 1), (4, 1), (9, 1)]);
        assert_eq!(Changes::find(&now, &was, 4, 2..3, None).spans, vec![(9, 1)]);
    }
}
