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
fn runs_in(raw: &[u8]) -> Vec<([u8; 3], u32)> {
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

/// `runs_in`, a part of the picture per core; a run cut at a part's edge is joined again, so the list is
/// exactly the one a single pass makes.
fn runs(raw: &[u8]) -> Vec<([u8; 3], u32)> {
    let parts = cores();
    let per = (raw.len() / 3).div_ceil(parts).max(1) * 3;
    let found: Vec<Vec<([u8; 3], u32)>> = std::thread::scope(|threads| {
        let jobs: Vec<_> = raw.chunks(per).map(|part| threads.spawn(move || runs_in(part))).collect();
        jobs.into_iter().map(|j| j.join().unwrap_or_default()).collect()
    });
    let mut out: Vec<([u8; 3], u32)> = Vec::with_capacity(found.iter().map(Vec::len).sum());
    for part in found {
        let mut rest = part.into_iter().peekable();
        if let (Some(last), Some(first)) = (out.last_mut(), rest.peek())
            && last.0 == first.0
        {
            last.1 += first.1;
            rest.next();
        }
        out.extend(rest);
    }
    out
}

/// The cores a picture is worked on with (at most four: more would not pay for the threads).
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).clamp(1, 4)
}

/// A picture's runs of one colour, the palette chosen for it, and the palette slot of each colour group.
struct Paletted {
    runs: Vec<([u8; 3], u32)>,
    slot: Vec<u8>,
    colours: Vec<u8>,
}

impl Paletted {
    fn slot_of(&self, c: &[u8; 3]) -> u8 {
        self.slot[group(c)]
    }
}

/// The picture as palette indices and a palette of at most 256 colours (RGB triplets).
pub fn quantize(img: &RgbImage) -> (Vec<u8>, Vec<u8>) {
    let p = paletted(img);
    let mut pixels = vec![0u8; img.as_raw().len() / 3];
    let mut at = 0;
    for (c, n) in &p.runs {
        let end = at + *n as usize;
        pixels[at..end].fill(p.slot_of(c));
        at = end;
    }
    (pixels, p.colours)
}

/// The picture's runs, and its palette chosen from them.
fn paletted(img: &RgbImage) -> Paletted {
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
    Paletted { runs, slot: index, colours: palette }
}

/// Measured on these pictures (release, this machine): without row filters (flat colours need none),
/// deflate level 5 makes a third fewer bytes than level 1 for about 10 ms more on the whole board;
/// level 6 saves 1-2% more for 4 ms, level 9 nothing worth 70 ms. Fewer bytes is every reader's scroll.
const LEVEL: u32 = 5;

/// An 8-bit palette PNG of the picture.
pub fn png(img: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
    let p = paletted(img);
    let mut out = Vec::with_capacity(img.as_raw().len() / 12);
    let mut enc = png::Encoder::new(&mut out, img.width(), img.height());
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_palette(p.colours.clone());
    let mut writer = enc.write_header()?;
    writer.write_chunk(png::chunk::IDAT, &zlib(&p, img.width() as usize, img.height() as usize)?)?;
    writer.finish()?;
    Ok(out)
}

/// Where a band of rows starts in the runs: (run, pixels of it already used), for each band start.
fn band_starts(runs: &[([u8; 3], u32)], starts: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(starts.len());
    let (mut run, mut first) = (0usize, 0usize);
    for &pixel in starts {
        while run < runs.len() && first + runs[run].1 as usize <= pixel {
            first += runs[run].1 as usize;
            run += 1;
        }
        out.push((run, pixel - first));
    }
    out
}

/// Rows `rows` of the picture as PNG scanlines (filter type 0, then the palette slots), from `start`.
fn scanlines(p: &Paletted, width: usize, rows: usize, start: (usize, usize)) -> Vec<u8> {
    let mut out = Vec::with_capacity(rows * (width + 1));
    let (mut run, mut used) = start;
    for _ in 0..rows {
        // Filter type 0: none.
        out.extend([0]);
        let mut left = width;
        while left > 0 && run < p.runs.len() {
            let (c, n) = &p.runs[run];
            let take = left.min(*n as usize - used);
            out.resize(out.len() + take, p.slot_of(c));
            left -= take;
            used += take;
            if used == *n as usize {
                (run, used) = (run + 1, 0);
            }
        }
    }
    out
}

/// The zlib stream of the picture's scanlines, a band of rows per core: each band is filled and deflated
/// on its own and the bands' blocks are joined into one stream (every band but the last ends on a byte
/// boundary without the final bit, as pigz does), under one Adler-32 of the whole.
fn zlib(p: &Paletted, width: usize, height: usize) -> std::io::Result<Vec<u8>> {
    let per = height.div_ceil(cores()).max(1);
    let bands: Vec<(usize, usize)> = (0..height).step_by(per).map(|y| (y, per.min(height - y))).collect();
    let starts = band_starts(&p.runs, &bands.iter().map(|(y, _)| y * width).collect::<Vec<_>>());
    let last = bands.len().saturating_sub(1);
    let done: Vec<std::io::Result<(Vec<u8>, Vec<u8>)>> = std::thread::scope(|threads| {
        let jobs: Vec<_> = bands
            .iter()
            .zip(starts)
            .enumerate()
            .map(|(i, ((_, rows), start))| {
                threads.spawn(move || {
                    let lines = scanlines(p, width, *rows, start);
                    let deflated = deflate(&lines, i == last)?;
                    Ok((lines, deflated))
                })
            })
            .collect();
        jobs.into_iter().map(|j| j.join().unwrap_or_else(|_| Err(std::io::Error::other("deflate failed")))).collect()
    });
    // The zlib header: deflate with a 32 KB window, default level, no dictionary (0x789C % 31 == 0).
    let mut out = vec![0x78, 0x9c];
    let mut adler = simd_adler32::Adler32::new();
    for band in done {
        let (lines, deflated) = band?;
        adler.write(&lines);
        out.extend_from_slice(&deflated);
    }
    if bands.is_empty() {
        out.extend_from_slice(&deflate(&[], true)?);
    }
    out.extend_from_slice(&adler.finish().to_be_bytes());
    Ok(out)
}

/// Raw deflate of one band: the last ends the stream, the others stop at a byte boundary.
fn deflate(data: &[u8], last: bool) -> std::io::Result<Vec<u8>> {
    use flate2::{Compress, Compression, FlushCompress, Status};
    let mut c = Compress::new(Compression::new(LEVEL), false);
    let mut out = Vec::with_capacity(data.len() / 8 + 64);
    let flush = if last { FlushCompress::Finish } else { FlushCompress::Sync };
    loop {
        let read = c.total_in() as usize;
        let status = c.compress_vec(&data[read..], &mut out, flush).map_err(std::io::Error::other)?;
        let done = match status {
            Status::StreamEnd => true,
            // A sync flush is complete once all input is read and the output had room to spare.
            Status::Ok | Status::BufError => !last && c.total_in() as usize == data.len() && out.len() < out.capacity(),
        };
        if done {
            return Ok(out);
        }
        out.reserve(out.capacity().max(4096));
    }
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

    #[test]
    fn work_split_across_cores_gives_what_one_pass_gives() {
        // One colour across the middle of the picture, where the run scan splits it.
        let img = RgbImage::from_fn(
            30,
            31,
            |x, y| if y < 10 || (x + y) % 7 == 0 { Rgb([9, 9, 9]) } else { Rgb([200, 0, 0]) },
        );
        let flat = RgbImage::from_pixel(30, 31, Rgb([5, 6, 7]));
        for picture in [&img, &flat] {
            assert_eq!(runs(picture.as_raw()), runs_in(picture.as_raw()));
            let (plain, _) = quantize(picture);
            let p = paletted(picture);
            let starts = band_starts(&p.runs, &[0, 30 * 16]);
            let lines = [scanlines(&p, 30, 16, starts[0]), scanlines(&p, 30, 15, starts[1])].concat();
            let rows: Vec<u8> = plain.chunks(30).flat_map(|r| std::iter::once(0).chain(r.iter().copied())).collect();
            assert_eq!(lines, rows);
            let decoded = image::load_from_memory(&png(picture).unwrap()).unwrap().to_rgb8();
            assert_eq!(&decoded, picture, "two colours come back exactly");
        }
    }
}
