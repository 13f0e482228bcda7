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

pub(super) fn group(p: &[u8; 3]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
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
pub(super) fn cores() -> usize {
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
    quantize_to(img, 256)
}

/// `quantize` with at most `size` colours (a GIF frame keeps one slot for "unchanged").
pub fn quantize_to(img: &RgbImage, size: usize) -> (Vec<u8>, Vec<u8>) {
    let p = paletted(img, size);
    let mut pixels = vec![0u8; img.as_raw().len() / 3];
    let mut at = 0;
    for (c, n) in &p.runs {
        let end = at + *n as usize;
        pixels[at..end].fill(p.slot_of(c));
        at = end;
    }
    (pixels, p.colours)
}

/// The picture's scanlines (filter type 0, then the palette slots), with a palette of at most `size`
/// colours chosen for it, which is returned.
pub(super) fn scanlines_of(img: &RgbImage, size: usize) -> (Vec<u8>, Vec<u8>) {
    let p = paletted(img, size);
    (scanlines(&p, img.width() as usize, img.height() as usize, (0, 0)), p.colours)
}

/// The picture's runs, and its palette of at most `size` colours chosen from them.
fn paletted(img: &RgbImage, size: usize) -> Paletted {
    // The picture as runs of one colour (most of a board is flat): each pass below works run by run.
    let runs = runs(img.as_raw());
    let mut stats = Stats::new();
    for &(c, n) in &runs {
        stats.add(c, n);
    }
    let mut colours = Vec::with_capacity(256 * 3);
    let slot = stats.choose(&mut colours, size);
    Paletted { runs, slot, colours }
}

/// Each colour group's pixel count and its most common shade.
pub(super) struct Stats {
    groups: Vec<Group>,
}

impl Stats {
    pub(super) fn new() -> Stats {
        Stats { groups: vec![Group::default(); GROUPS] }
    }

    /// Count `n` pixels of colour `c`: a weighted running majority vote per group (exact for a flat area).
    pub(super) fn add(&mut self, c: [u8; 3], n: u32) {
        let s = &mut self.groups[group(&c)];
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

    /// Fill `palette` (RGB triplets, perhaps holding colours already) up to `size` colours, greedily: each
    /// time the group that adds most, its pixels times how far it is from every colour taken so far (up to
    /// a limit). Gives each group's palette slot: the nearest colour.
    pub(super) fn choose(&self, palette: &mut Vec<u8>, size: usize) -> Vec<u8> {
        const FAR: u32 = 48 * 48;
        let used: Vec<usize> = (0..GROUPS).filter(|g| self.groups[*g].count > 0).collect();
        let count: Vec<u64> = used.iter().map(|g| u64::from(self.groups[*g].count)).collect();
        let shade: Vec<[u8; 3]> = used.iter().map(|g| self.groups[*g].shade).collect();
        // `gap[i]` is how far used group i is from the nearest colour chosen so far, `slot[i]` that colour.
        let mut gap = vec![u32::MAX; used.len()];
        let mut slot = vec![0u32; used.len()];
        // The shades a channel at a time, and the loop without branches: it runs 256 times over every
        // group, so it is written for the compiler to vectorize.
        let channel = |k: usize| shade.iter().map(|s| i32::from(s[k])).collect::<Vec<i32>>();
        let (red, green, blue) = (channel(0), channel(1), channel(2));
        let near = |gap: &mut [u32], slot: &mut [u32], colour: [u8; 3], n: u32| {
            let [cr, cg, cb] = colour.map(i32::from);
            let groups = gap.iter_mut().zip(slot.iter_mut()).zip(red.iter().zip(&green).zip(&blue));
            for ((gap, slot), ((r, g), b)) in groups {
                let d = ((r - cr) * (r - cr) + (g - cg) * (g - cg) + (b - cb) * (b - cb)) as u32;
                let closer = d < *gap;
                *gap = if closer { d } else { *gap };
                *slot = if closer { n } else { *slot };
            }
        };
        let taken = palette.len() / 3;
        for (n, c) in palette.chunks_exact(3).enumerate() {
            near(&mut gap, &mut slot, [c[0], c[1], c[2]], n as u32);
        }
        for n in taken..size.min(256) {
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
            near(&mut gap, &mut slot, colour, n as u32);
        }
        let mut index = vec![0u8; GROUPS];
        for (i, g) in used.iter().enumerate() {
            index[*g] = slot[i] as u8;
        }
        index
    }
}

/// Measured on these pictures (release, this machine): without row filters (flat colours need none),
/// deflate level 5 makes a third fewer bytes than level 1 for about 10 ms more on the whole board;
/// level 6 saves 1-2% more for 4 ms, level 9 nothing worth 70 ms. Fewer bytes is every reader's scroll.
const LEVEL: u32 = 5;

/// An 8-bit palette PNG of the picture.
pub fn png(img: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
    let p = paletted(img, 256);
    let idat = zlib(&p, img.width() as usize, img.height() as usize)?;
    indexed_png(img.width(), img.height(), p.colours, &idat)
}

/// A 4-bit palette PNG of at most 16 colours, deflated at the highest level: for a picture posted on
/// every move, whose flat colours and text need no more, at about half the bytes of `png` (measured on
/// Stratego's board: 5.7 KB against 13 KB).
pub fn png_16(img: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
    let p = paletted(img, 16);
    let (w, h) = (img.width() as usize, img.height() as usize);
    let lines = pack4(&scanlines(&p, w, h, (0, 0)), w);
    // The zlib header for the highest level (0x78DA % 31 == 0), the deflated lines, their Adler-32.
    let mut idat = vec![0x78, 0xda];
    let mut c = flate2::Compress::new(flate2::Compression::best(), false);
    deflate_into(&mut c, &lines, true, &mut idat)?;
    idat.extend_from_slice(&simd_adler32::adler32(&lines.as_slice()).to_be_bytes());
    indexed_png_depth(img.width(), img.height(), p.colours, &idat, png::BitDepth::Four)
}

/// 8-bit scanlines (a filter byte, then a slot a pixel) packed to four bits a pixel.
fn pack4(lines: &[u8], width: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(lines.len() / 2 + 16);
    for row in lines.chunks(width + 1) {
        out.push(row[0]);
        for pair in row[1..].chunks(2) {
            out.push((pair[0] << 4) | pair.get(1).copied().unwrap_or(0));
        }
    }
    out
}

/// A PNG file of one 8-bit palette image: its palette (RGB triplets) and its zlib-compressed scanlines.
pub(super) fn indexed_png(
    width: u32,
    height: u32,
    palette: Vec<u8>,
    idat: &[u8],
) -> Result<Vec<u8>, png::EncodingError> {
    indexed_png_depth(width, height, palette, idat, png::BitDepth::Eight)
}

fn indexed_png_depth(
    width: u32,
    height: u32,
    palette: Vec<u8>,
    idat: &[u8],
    depth: png::BitDepth,
) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::with_capacity(idat.len() + palette.len() + 128);
    let mut enc = png::Encoder::new(&mut out, width, height);
    enc.set_color(png::ColorType::Indexed);
    enc.set_depth(depth);
    enc.set_palette(palette);
    let mut writer = enc.write_header()?;
    writer.write_chunk(png::chunk::IDAT, idat)?;
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
    let mut c = flate2::Compress::new(flate2::Compression::new(LEVEL), false);
    let mut out = Vec::with_capacity(data.len() / 8 + 64);
    deflate_into(&mut c, data, last, &mut out)?;
    Ok(out)
}

/// Raw deflate of `data` with `c`, appended to `out`: when `last` the stream ends, otherwise it stops at a
/// byte boundary (a sync flush), where another band's blocks may follow.
pub(super) fn deflate_into(
    c: &mut flate2::Compress,
    data: &[u8],
    last: bool,
    out: &mut Vec<u8>,
) -> std::io::Result<()> {
    use flate2::{FlushCompress, Status};
    let flush = if last { FlushCompress::Finish } else { FlushCompress::Sync };
    let start = c.total_in();
    out.reserve(data.len() / 8 + 64);
    loop {
        let read = (c.total_in() - start) as usize;
        let status = c.compress_vec(&data[read..], out, flush).map_err(std::io::Error::other)?;
        let done = match status {
            Status::StreamEnd => true,
            // A sync flush is complete once all input is read and the output had room to spare.
            Status::Ok | Status::BufError => {
                !last && (c.total_in() - start) as usize == data.len() && out.len() < out.capacity()
            }
        };
        if done {
            return Ok(());
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
            let p = paletted(picture, 256);
            let starts = band_starts(&p.runs, &[0, 30 * 16]);
            let lines = [scanlines(&p, 30, 16, starts[0]), scanlines(&p, 30, 15, starts[1])].concat();
            let rows: Vec<u8> = plain.chunks(30).flat_map(|r| std::iter::once(0).chain(r.iter().copied())).collect();
            assert_eq!(lines, rows);
            let decoded = image::load_from_memory(&png(picture).unwrap()).unwrap().to_rgb8();
            assert_eq!(&decoded, picture, "two colours come back exactly");
        }
    }
}
