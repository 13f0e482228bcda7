//! A finished Stratego game as a looping GIF: the board with every piece shown, every few turns from the
//! first move to the end (`games::stratego::Table::frames` picks them), each frame under the board's own
//! strip saying the turn.

use crate::games::stratego::View;

/// Hundredths of a second each frame shows; the last one lingers.
const FRAME: u16 = 70;
const LAST: u16 = 500;

/// The frames as a GIF of at most `limit` bytes (frames are left out, never the first nor the last,
/// until it fits).
pub fn animation(frames: &[View], limit: usize) -> Result<Vec<u8>, String> {
    super::fonts()?;
    crate::render::animation::within(frames.len(), limit, |kept| {
        let frame = |i: usize| match super::drawn(&frames[kept[i]]) {
            Ok((c, _)) => c.into_parts().0,
            // Only the fonts can fail, and they loaded above.
            Err(_) => image::RgbImage::new(super::size().0, super::size().1),
        };
        crate::render::animation::gif(super::size(), kept.len(), frame, FRAME, LAST)
    })
}
