//! Colours. A dark theme that sits well on Discord; Naboo in greens, blues and gold, the Trade Federation in
//! reds, browns and grays; one bright colour per kind of highlight, used for nothing else.

use image::Rgb;

pub type Colour = Rgb<u8>;

pub const fn hex(v: u32) -> Colour {
    Rgb([(v >> 16) as u8, (v >> 8) as u8, v as u8])
}

/// The picture behind every panel.
pub const BACKGROUND: Colour = hex(0x16171b);
pub const PANEL: Colour = hex(0x202228);
pub const PANEL_EDGE: Colour = hex(0x3a3d46);
pub const TITLE: Colour = hex(0xeceef2);
pub const TEXT: Colour = hex(0xd4d7de);
pub const MUTED: Colour = hex(0x9aa0ab);
/// The dark outline behind labels, so they read over any fill.
pub const HALO: Colour = hex(0x101114);

pub const NABOO: Colour = hex(0x52b788);
pub const TF: Colour = hex(0xd1684a);
pub const GOLD: Colour = hex(0xe9c46a);

// The Plains of Naboo.
pub const GRASS_INSIDE: Colour = hex(0x2b4034);
pub const GRASS_OUTSIDE: Colour = hex(0x33402a);
pub const SHIELD_LINE: Colour = hex(0x2c4450);
pub const SHIELD_UP: Colour = hex(0x5fd3f3);
pub const SHIELD_DOWN: Colour = hex(0x5b6470);
pub const HALF_SPACE: Colour = hex(0x1b1d20);
pub const FIELD_EDGE: Colour = hex(0x55664f);
pub const FIELD_LABEL: Colour = hex(0xc3cfbf);

// Theed Palace.
pub const APPROACH: Colour = hex(0x2e3833);
pub const FLOOR: Colour = hex(0x403a33);
pub const THRONE_FLOOR: Colour = hex(0x4a3f2a);
pub const PALACE_EDGE: Colour = hex(0x6a6054);
pub const PALACE_LABEL: Colour = hex(0xd8cfc2);
pub const PILLAR: Colour = hex(0x121215);
pub const PILLAR_TOP: Colour = hex(0x5a5650);
pub const WALL: Colour = hex(0x0b0b0d);
pub const STAIR: Colour = hex(0x6b5f4f);
pub const STAIR_STEP: Colour = hex(0xb9a88e);
pub const WINDOW: Colour = hex(0x7cc6ef);
pub const STAGING: Colour = hex(0x4a2f2c);
pub const STAGING_HATCH: Colour = hex(0x7a4a40);
pub const DOOR: Colour = hex(0xc08a4a);
pub const THRONE: Colour = hex(0xe9c46a);

// The generator core.
pub const CORE_SPACE: Colour = hex(0x3a2826);
pub const CORE_EDGE: Colour = hex(0xe07a3f);
pub const CORE_CORRIDOR: Colour = hex(0x5a3b30);

// Anakin's track.
pub const SLOT: Colour = hex(0x2c3340);
pub const SLOT_BLOCKED: Colour = hex(0x5a2a2a);
pub const CARD: Colour = hex(0x39324a);
pub const CARD_EDGE: Colour = hex(0x9d8fd6);
pub const DIE: Colour = hex(0xb8bcc4);
pub const DIE_PIP: Colour = hex(0x1a1b1f);
pub const ANAKIN: Colour = hex(0xf2d45c);
pub const CONTROL_SHIP: Colour = hex(0x8b8f99);

// The last action.
pub const MOVE: Colour = hex(0xffd60a);
pub const ATTACK: Colour = hex(0xff4fd8);
pub const KILLED: Colour = hex(0xff3b5c);
pub const ACTIVE: Colour = hex(0xffffff);
pub const REAL_QUEEN: Colour = hex(0xffd166);

pub const DAMAGE: Colour = hex(0xff5a4f);
pub const PIP_EMPTY: Colour = hex(0x2a2c31);
pub const PIP_LEFT: Colour = hex(0xd5dae2);

/// Black or white, whichever reads better on `c`.
pub fn ink_on(c: Colour) -> Colour {
    let [r, g, b] = c.0;
    let lum = 0.299 * f32::from(r) + 0.587 * f32::from(g) + 0.114 * f32::from(b);
    if lum > 140.0 { hex(0x111111) } else { hex(0xffffff) }
}

/// `c` made lighter (positive) or darker (negative) by `t` in 0..1.
pub fn shade(c: Colour, t: f32) -> Colour {
    let f = |v: u8| -> u8 {
        let v = f32::from(v);
        let out = if t >= 0.0 { v + (255.0 - v) * t } else { v * (1.0 + t) };
        out.round().clamp(0.0, 255.0) as u8
    };
    Rgb([f(c.0[0]), f(c.0[1]), f(c.0[2])])
}
