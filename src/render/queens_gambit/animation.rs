//! The animated recap of a finished game: the whole board at the start of every round and at the end,
//! at half size, each frame under a caption of what changed that round. A looping GIF small enough to
//! open on mobile data: after the first frame, each frame holds only the box of pixels that changed, and
//! within it the unchanged pixels are transparent (runs LZW packs to almost nothing). Every round is kept;
//! only a game too long for Discord's upload limit drops every other round.

use super::{Picture, RenderError, Renderer, palette};
use crate::games::queens_gambit::rules::{Side, View};
use crate::render::canvas::Canvas;
use crate::render::font::{Align, Style};
use image::RgbImage;

/// Hundredths of a second each frame shows; the last one lingers.
const FRAME: u16 = 150;
const LAST: u16 = 600;
/// The caption band over each frame, and its text: 26 px at 1,000 px wide shows about 10 px on a phone.
const BAND: u32 = 48;
const CAPTION: f32 = 26.0;

/// What changed from one frame to the next, in a line: the round, Naboo's palace pieces, Anakin, the
/// shield, Maul, the figures each side lost, and at the end who won.
pub fn caption(before: Option<&View>, now: &View) -> String {
    let Some(b) = before else { return format!("Round {}: the game begins", now.round) };
    let mut parts: Vec<String> = Vec::new();
    let (n0, n1) = (&b.needs, &now.needs);
    if n0.naboo_palace_pieces != n1.naboo_palace_pieces {
        parts.push(format!("Naboo palace pieces {} \u{2192} {}", n0.naboo_palace_pieces, n1.naboo_palace_pieces));
    }
    if n0.anakin != n1.anakin {
        parts.push(format!("Anakin {} \u{2192} {}", n0.anakin, n1.anakin));
    }
    if b.shield_up && !now.shield_up {
        parts.push("the shield fell".into());
    }
    if n0.maul_stands && !n1.maul_stands {
        parts.push("Maul fell".into());
    }
    let figures =
        |v: &View, s: Side| v.pieces.iter().filter(|p| p.side == s).map(|p| u32::from(p.members)).sum::<u32>();
    let lost: Vec<String> = [Side::Naboo, Side::Tf]
        .into_iter()
        .filter_map(|s| {
            let gone = figures(b, s).saturating_sub(figures(now, s));
            (gone > 0).then(|| format!("{} lost {gone}", if s == Side::Naboo { "Naboo" } else { "TF" }))
        })
        .collect();
    if !lost.is_empty() {
        parts.push(lost.join(", "));
    }
    let head = match now.outcome {
        Some(o) => format!("End: {} wins", o.winner.name()),
        None => format!("Round {}", now.round),
    };
    if parts.is_empty() { format!("{head}: no change") } else { format!("{head}: {}", parts.join(" \u{b7} ")) }
}

impl Renderer {
    /// The frames as a GIF of at most `limit` bytes: every round, unless that is too big (then every other
    /// round is left out, never the first nor the last frame, until it fits).
    pub fn animation(&self, frames: &[View], limit: usize) -> Result<Vec<u8>, RenderError> {
        crate::render::animation::within(frames.len(), limit, |kept| {
            let (w, h) = self.size(Picture::Overview);
            let (w, h) = (w / 2, h / 2);
            let frame = |i: usize| {
                let before = i.checked_sub(1).map(|j| &frames[kept[j]]);
                self.frame(before, &frames[kept[i]], w, h)
            };
            crate::render::animation::gif((w, h + BAND), kept.len(), frame, FRAME, LAST).map_err(RenderError::Encode)
        })
    }

    /// One frame: the caption band over the half-size board.
    fn frame(&self, before: Option<&View>, v: &View, w: u32, h: u32) -> RgbImage {
        let full = self.render(v, &[], Picture::Overview);
        let small = image::imageops::resize(&full, w, h, image::imageops::FilterType::Triangle);
        let mut c = Canvas::new(w, h + BAND, palette::BACKGROUND);
        let text = caption(before, v);
        self.fonts.draw(
            &mut c,
            &text,
            Style::bold(CAPTION),
            14.0,
            (BAND as f32 + CAPTION) / 2.0 - 2.0,
            Align::Left,
            palette::TITLE,
            None,
        );
        let (mut img, _) = c.into_parts();
        image::imageops::replace(&mut img, &small, 0, i64::from(BAND));
        img
    }
}
