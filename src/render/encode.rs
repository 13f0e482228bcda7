//! PNG encoding with a palette: a board is mostly flat colours, so 256 colours hold it with no visible
//! change, in a fraction of the bytes of full colour. Shades are grouped by their channels' five high
//! bits; a group stands for its most common shade. The palette takes the groups one by one, each time the
//! one that adds most (its pixels times how far it is from every colour taken so far, up to a limit): the
//! flat colours first, then the small but distinct ones (a piece, a die), then the soft edges. A group
//! left out takes the nearest palette colour.

use image::RgbImage;

/// Colours are grouped by their 5-bit channels: 32 x 32 x 32 groups.
const GROUPS: usize = 1 << 15;

/// One group's pixels: how many, the shade leading the vote, and its lead.
#[derive(Copy, Clone, Default)]
struct Group {
    count: u32,
    shade: [u8; 3],
    votes: u32,
}

fn group(p: &[u8; 3]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
}

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    let d = |k: usize| (i32::from(a[k]) - i32::from(b[k])).unsigned_abs().pow(2);
    d(0) + d(1) + d(2)
}

/// The pixels as runs of one colour: (colour, length).
fn runs(raw: &[u8]) -> Vec<([u8; 3], u32)> {
    // A board has a run every half dozen pixels or so.
    let mut out = Vec::with_capacity(raw.len() / 16);
    let mut pixels = raw.chunks_exact(3).map(|p| [p[0], p[1], p[2]]);
    let Some(mut colour) = pixels.next() else { return out };
    let mut length = 1u32;
    for p in pixels {
        if p == colour {
            length += 1;
        } else {
            out.push((colour, length));
            (colour, length) = (p, 1);
        }
    }
    out.push((colour, length));
    out
}

/// The picture as palette indices and a palette of at most 256 colours (RGB triplets).
pub fn quantize(img: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let raw = img.as_raw();
    // The picture as runs of one colour (most of a board is flat): each pass below works run by run.
    let runs = runs(raw);
    // Each group's pixel count and its most common shade (a weighted running majority vote: exact for a
    // flat area).
    let mut stats = vec![Group::default(); GROUPS];
    for &(c, n) in &runs {
        let s = &mut stats[group(&c)];
        s.count += n;
        if s.shade == c {
            s.votes += n;
        } else if s.votes <= n {
            s.votes = n - s.votes;
            s.shade = c;
        } else {
            s.votes -= n;
        }
    }
    let used: Vec<usize> = (0..GROUPS).filter(|g| stats[*g].count > 0).collect();
    let count: Vec<u64> = used.iter().map(|g| u64::from(stats[*g].count)).collect();
    let shade: Vec<[u8; 3]> = used.iter().map(|g| stats[*g].shade).collect();
    // Greedy choice; `gap[i]` is how far used group i is from the nearest colour chosen so far.
    const FAR: u32 = 48 * 48;
    let mut gap = vec![u32::MAX; used.len()];
    let mut slot = vec![0u8; used.len()];
    let mut palette: Vec<u8> = Vec::with_capacity(256 * 3);
    for n in 0..=255u8 {
        let mut best: Option<(u64, usize)> = None;
        for i in 0..used.len() {
            if gap[i] > 0 {
                let worth = count[i] * u64::from(gap[i].min(FAR));
                if best.is_none_or(|(w, _)| worth > w) {
                    best = Some((worth, i));
                }
            }
        }
        let Some((_, best)) = best else { break };
        let colour = shade[best];
        palette.extend(colour);
        for i in 0..used.len() {
            let d = distance(shade[i], colour);
            if d < gap[i] {
                gap[i] = d;
                slot[i] = n;
            }
        }
    }
    let mut index = vec![0u8; GROUPS];
    for (i, g) in used.iter().enumerate() {
        index[*g] = slot[i];
    }
    let mut pixels = vec![0u8; raw.len() / 3];
    let mut at = 0;
    for &(c, n) in &runs {
        let end = at + n as usize;
        pixels[at..end].fill(index[group(&c)]);
        at = end;
    }
    (pixels, palette)
}

/// An 8-bit palette PNG of the picture.
pub fn png(img: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
    let (pixels, palette) = quantize(img);
    let mut out = Vec::with_capacity(pixels.len() / 4);
    let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(palette);
    // Measured on these pictures (release, this machine): without row filters (flat colours need none),
    // deflate level 5 makes a third fewer bytes than level 1 for about 10 ms more on the whole board;
    // level 6 saves 1-2% more for 4 ms, level 9 nothing worth 70 ms. Fewer bytes is every reader's scroll.
    enc.set_deflate_compression(png::DeflateCompression::Level(5));
    enc.set_filter(png::Filter::NoFilter);
    let mut writer = enc.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgb;

    #[test]
    fn few_colours_are_kept_exactly_and_many_stay_close() {
        let mut img = RgbImage::from_pixel(40, 40, Rgb([30, 34, 44]));
        img.put_pixel(3, 3, Rgb([250, 10, 10]));
        let decoded = image::load_from_memory(&png(&img).unwrap()).unwrap().to_rgb8();
        assert_eq!(decoded, img, "two colours: exact");
        // Three flat colours and 400 rare shades close to them (the soft edges of a board): more shades than
        // a palette holds. The flat colours stay exact, each rare shade takes a colour close to it.
        let flat = [[30u8, 34, 44], [200, 180, 90], [60, 120, 200]];
        let many = RgbImage::from_fn(100, 100, |x, y| {
            let i = (y * 100 + x) as usize;
            let base = flat[i % 3];
            if i.is_multiple_of(25) { Rgb(base.map(|c| c.saturating_add(((i / 25) % 13) as u8))) } else { Rgb(base) }
        });
        let decoded = image::load_from_memory(&png(&many).unwrap()).unwrap().to_rgb8();
        for (a, b) in many.pixels().zip(decoded.pixels()) {
            if flat.contains(&a.0) {
                assert_eq!(a, b);
            }
            for k in 0..3 {
                assert!((i32::from(a.0[k]) - i32::from(b.0[k])).abs() <= 12, "{a:?} became {b:?}");
            }
        }
    }
}
