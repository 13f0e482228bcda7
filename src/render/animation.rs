//! A finished game's recap as a looping GIF, for every game: frames drawn one at a time, the first whole
//! and each later one only the box of pixels that changed, the unchanged pixels within it transparent
//! (runs LZW packs to almost nothing), so a long game stays small enough to open on mobile data.

use super::encode;
use image::RgbImage;

/// A GIF of `count` frames of `w` x `h` pixels, frame `i` drawn by `frame(i)`, each shown `delay`
/// hundredths of a second and the last `last`; it loops.
pub fn gif(
    (w, h): (u32, u32),
    count: usize,
    mut frame: impl FnMut(usize) -> RgbImage,
    delay: u16,
    last: u16,
) -> Result<Vec<u8>, String> {
    let bad = |e: gif::EncodingError| e.to_string();
    let (gw, gh) = (u16::try_from(w).unwrap_or(u16::MAX), u16::try_from(h).unwrap_or(u16::MAX));
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, gw, gh, &[]).map_err(bad)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(bad)?;
        let mut shown: Option<RgbImage> = None;
        for i in 0..count {
            let img = frame(i);
            let mut f = match &shown {
                None => {
                    let (pixels, palette) = encode::quantize(&img);
                    gif::Frame::from_palette_pixels(gw, gh, pixels, palette, None)
                }
                Some(prev) => changed_part(prev, &img),
            };
            f.delay = if i + 1 == count { last } else { delay };
            f.dispose = gif::DisposalMethod::Keep;
            enc.write_frame(&f).map_err(bad)?;
            shown = Some(img);
        }
    }
    Ok(out)
}

/// The GIF `make` draws of the frames kept, at most `limit` bytes: all `count` frames unless that is too
/// big, then every other one left out (never the first nor the last) until it fits.
pub fn within<E>(count: usize, limit: usize, make: impl Fn(&[usize]) -> Result<Vec<u8>, E>) -> Result<Vec<u8>, E> {
    let mut kept: Vec<usize> = (0..count).collect();
    loop {
        let gif = make(&kept)?;
        if gif.len() <= limit || kept.len() <= 2 {
            return Ok(gif);
        }
        let last = kept.len() - 1;
        kept = kept.into_iter().enumerate().filter(|(i, _)| i % 2 == 0 || *i == last).map(|(_, f)| f).collect();
    }
}

/// The frame that turns `prev` into `next`: the box of pixels that changed, the unchanged ones within it
/// transparent (one palette slot kept for that).
fn changed_part(prev: &RgbImage, next: &RgbImage) -> gif::Frame<'static> {
    let (w, h) = next.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for (x, y, p) in next.enumerate_pixels() {
        if prev.get_pixel(x, y) != p {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
        }
    }
    if x1 <= x0 || y1 <= y0 {
        // Nothing changed: one transparent pixel keeps the frame's time.
        let mut f = gif::Frame::from_palette_pixels(1, 1, vec![0], vec![0, 0, 0], Some(0));
        f.dispose = gif::DisposalMethod::Keep;
        return f;
    }
    let part = image::imageops::crop_imm(next, x0, y0, x1 - x0, y1 - y0).to_image();
    let (mut pixels, mut palette) = encode::quantize_to(&part, 255);
    let clear = (palette.len() / 3) as u8;
    palette.extend([0, 0, 0]);
    for (i, (x, y, p)) in part.enumerate_pixels().enumerate() {
        if prev.get_pixel(x0 + x, y0 + y) == p {
            pixels[i] = clear;
        }
    }
    let mut f = gif::Frame::from_palette_pixels((x1 - x0) as u16, (y1 - y0) as u16, pixels, palette, Some(clear));
    (f.left, f.top) = (x0 as u16, y0 as u16);
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_holds_only_what_changed_and_a_long_recap_drops_middle_frames_to_fit() {
        let blank = RgbImage::from_pixel(40, 30, image::Rgb([10, 20, 30]));
        let mut dot = blank.clone();
        dot.put_pixel(5, 7, image::Rgb([200, 0, 0]));
        let f = changed_part(&blank, &dot);
        assert_eq!((f.left, f.top, f.width, f.height), (5, 7, 1, 1));
        let frames = [blank.clone(), dot.clone(), blank.clone()];
        let whole = gif((40, 30), 3, |i| frames[i].clone(), 100, 300).unwrap();
        assert_eq!(&whole[..6], b"GIF89a");
        let asked = std::cell::RefCell::new(Vec::new());
        let made = within(9, 1, |kept| {
            asked.borrow_mut().push(kept.to_vec());
            gif((40, 30), kept.len(), |i| frames[kept[i] % 3].clone(), 100, 300)
        })
        .unwrap();
        assert!(!made.is_empty());
        let asked = asked.into_inner();
        assert_eq!(asked[0], (0..9).collect::<Vec<_>>());
        assert_eq!(asked[1], [0, 2, 4, 6, 8]);
        assert!(asked.iter().all(|k| k.first() == Some(&0) && k.last() == Some(&8)), "{asked:?}");
        assert_eq!(asked.last().map(Vec::len), Some(2));
    }
}
