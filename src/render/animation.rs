//! The animated recap of a finished game: the whole board at the start of every round and at the end, at
//! half size, as a looping GIF small enough for Discord (frames are thinned out until it fits).

use super::{Picture, RenderError, Renderer, encode};
use crate::rules::View;

/// Hundredths of a second each frame shows; the last one lingers.
const FRAME: u16 = 120;
const LAST: u16 = 500;

impl Renderer {
    /// The frames as a GIF of at most `limit` bytes: every other round is left out (never the first nor
    /// the last frame) until it fits.
    pub fn animation(&self, frames: &[View], limit: usize) -> Result<Vec<u8>, RenderError> {
        let mut kept: Vec<&View> = frames.iter().collect();
        loop {
            let gif = self.gif(&kept)?;
            if gif.len() <= limit || kept.len() <= 2 {
                return Ok(gif);
            }
            let last = kept.len() - 1;
            kept = kept.into_iter().enumerate().filter(|(i, _)| i % 2 == 0 || *i == last).map(|(_, v)| v).collect();
        }
    }

    fn gif(&self, frames: &[&View]) -> Result<Vec<u8>, RenderError> {
        let bad = |e: gif::EncodingError| RenderError::Encode(e.to_string());
        let (w, h) = self.size(Picture::Overview);
        let (w, h) = (w / 2, h / 2);
        let (gw, gh) = (u16::try_from(w).unwrap_or(u16::MAX), u16::try_from(h).unwrap_or(u16::MAX));
        let mut out = Vec::new();
        {
            let mut enc = gif::Encoder::new(&mut out, gw, gh, &[]).map_err(bad)?;
            enc.set_repeat(gif::Repeat::Infinite).map_err(bad)?;
            for (i, v) in frames.iter().enumerate() {
                let full = self.render(v, &[], Picture::Overview);
                let small = image::imageops::resize(&full, w, h, image::imageops::FilterType::Triangle);
                let (pixels, palette) = encode::quantize(&small);
                let mut frame = gif::Frame::from_palette_pixels(gw, gh, pixels, palette, None);
                frame.delay = if i + 1 == frames.len() { LAST } else { FRAME };
                enc.write_frame(&frame).map_err(bad)?;
            }
        }
        Ok(out)
    }
}
