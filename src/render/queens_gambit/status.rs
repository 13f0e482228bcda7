//! The status strip: round, Go First, whose decision is pending, cards left to reveal, bonus cards waiting
//! (a count only), deck and discard sizes, the characters' damage tracks, the shield and Anakin, and a line
//! about the last action. Everything comes from the view, so nothing hidden can appear.

use super::piece::is_character;
use super::scene::Scene;
use crate::games::queens_gambit::rules::Prompt;
use crate::games::queens_gambit::rules::View;
use crate::games::queens_gambit::rules::data::{Data, DeckKind};
use crate::games::queens_gambit::rules::words::count;
use crate::games::queens_gambit::rules::{DeckId, PieceId, Seat, Side};
use crate::games::queens_gambit::rules::{Phase, WinReason};
use crate::render::canvas::{Area, Canvas};
use crate::render::font::{Align, Fonts, Style};
use crate::render::palette::{self, Colour};

/// A piece of a status line.
enum Span {
    Text(String, Colour, bool),
    /// A damage track: damage taken out of the track length; dead draws it crossed.
    Track {
        damage: u8,
        length: u8,
        dead: bool,
    },
    Gap(f32),
}

fn t(s: impl Into<String>, c: Colour) -> Span {
    Span::Text(s.into(), c, false)
}

fn b(s: impl Into<String>, c: Colour) -> Span {
    Span::Text(s.into(), c, true)
}

fn side_colour(s: Side) -> Colour {
    match s {
        Side::Naboo => palette::NABOO,
        Side::Tf => palette::TF,
    }
}

fn short_side(s: Side) -> &'static str {
    match s {
        Side::Naboo => "Naboo",
        Side::Tf => "TF",
    }
}

fn piece_label(d: &Data, v: &View, id: PieceId) -> String {
    match v.pieces.iter().find(|p| p.id == id) {
        Some(p) => format!("{} {}", d.unit(p.kind).short, p.pos),
        None => "a unit".into(),
    }
}

/// What a seat is deciding, in a few words.
pub fn prompt_text(d: &Data, v: &View, p: &Prompt) -> String {
    match p {
        Prompt::ChooseQueen => "choosing the real queen (secret)".into(),
        Prompt::Plan { size } => format!("planning {size} cards"),
        Prompt::ChooseAction { card } => format!("choosing an action of {}", d.card(*card).title),
        Prompt::ChooseUnit { .. } => "choosing a unit".into(),
        Prompt::Move { piece, movement } => format!("moving {} (up to {movement})", piece_label(d, v, *piece)),
        Prompt::Attack { piece } => format!("choosing a target for {}", piece_label(d, v, *piece)),
        Prompt::Duel { piece, .. } => format!("moving or attacking with {}", piece_label(d, v, *piece)),
        Prompt::DuelDice { piece, .. } => format!("choosing dice for {}", piece_label(d, v, *piece)),
        Prompt::Block { left, .. } => format!("blocking {left} of Anakin's slots"),
        Prompt::BonusDecks { count: n } => format!("choosing decks for {}", count(*n, "bonus card", "bonus cards")),
        Prompt::PlaceStarfighter { starfighter } => {
            let code = d.space.starfighters.get(usize::from(*starfighter)).map(|f| f.code.as_str()).unwrap_or("?");
            format!("placing Starfighter card {code}")
        }
        Prompt::ToPalaceGroup => "choosing droids to send to the palace".into(),
        Prompt::StagingHex { left } => format!("placing {}", count(*left, "arriving droid", "arriving droids")),
        Prompt::ActivateHex { left } => format!("placing new droid groups ({left} left)"),
        Prompt::ActivateKind { at } => format!("choosing which droids arrive at {at}"),
    }
}

fn reason(r: WinReason) -> &'static str {
    match r {
        WinReason::PalaceFallen => "the palace has fallen",
        WinReason::MaulSlain => "the Control Ship is destroyed and Darth Maul is dead",
        WinReason::ThroneRoom => "the Control Ship is destroyed and Naboo holds the throne room",
        WinReason::Concession => "the other side conceded",
    }
}

fn deck_code(d: &Data, side: Side, kind: DeckKind) -> (usize, String) {
    let id = DeckId::of(side, kind);
    (id.index(), d.deck(id).code.clone())
}

fn round_line(v: &View, mode_title: &dyn Fn(Seat) -> String) -> Vec<Span> {
    let mut out = vec![b(format!("Round {}", v.round), palette::TITLE), Span::Gap(14.0)];
    let phase = match v.phase {
        Phase::Planning => "planning",
        Phase::Resolving => "cards being played",
        Phase::Over => "game over",
    };
    out.push(t(phase, palette::MUTED));
    out.push(Span::Gap(22.0));
    out.push(t("Go First: ", palette::MUTED));
    out.push(b(mode_title(v.go_first), side_colour(v.go_first.side())));
    out
}

fn waiting_line(d: &Data, v: &View, mode_title: &dyn Fn(Seat) -> String) -> Vec<Span> {
    if let Some(o) = v.outcome {
        return vec![
            b(format!("{} wins", o.winner.name()), side_colour(o.winner)),
            t(format!(": {}.", reason(o.reason)), palette::TEXT),
        ];
    }
    let mut out = vec![t("Waiting for: ", palette::MUTED)];
    if v.pending.is_empty() {
        out.push(t("nobody", palette::TEXT));
    }
    for (i, p) in v.pending.iter().enumerate() {
        if i > 0 {
            out.push(t(", ", palette::MUTED));
        }
        out.push(b(mode_title(p.seat), side_colour(p.seat.side())));
        out.push(t(format!(" ({})", prompt_text(d, v, &p.prompt)), palette::TEXT));
    }
    out
}

fn counts_line(d: &Data, v: &View, with_decks: bool) -> Vec<Span> {
    let mut out = vec![t("To reveal ", palette::MUTED)];
    for side in Side::BOTH {
        let n: usize = v.seats.iter().filter(|s| s.seat.side() == side).map(|s| s.to_reveal).sum();
        out.push(b(format!("{} {n}", short_side(side)), side_colour(side)));
        out.push(Span::Gap(8.0));
    }
    out.push(Span::Gap(12.0));
    out.push(t("Bonus waiting ", palette::MUTED));
    for side in Side::BOTH {
        let n = v.bonus_waiting[side];
        out.push(b(format!("{} {n}", short_side(side)), side_colour(side)));
        out.push(Span::Gap(8.0));
    }
    if with_decks {
        out.push(Span::Gap(12.0));
        out.push(t("Decks draw/discard ", palette::MUTED));
        for side in Side::BOTH {
            for kind in [DeckKind::Battlefield, DeckKind::Palace] {
                let (i, code) = deck_code(d, side, kind);
                if let Some(dv) = v.decks.get(i) {
                    out.push(b(code, side_colour(side)));
                    out.push(t(format!(" {}/{}", dv.draw, dv.discard.len()), palette::TEXT));
                    out.push(Span::Gap(10.0));
                }
            }
        }
    }
    out
}

fn shield_spans(v: &View) -> Vec<Span> {
    if v.shield_up {
        vec![t("Shield ", palette::MUTED), b("UP", palette::SHIELD_UP)]
    } else {
        vec![t("Shield ", palette::MUTED), b("DOWN", palette::SHIELD_DOWN)]
    }
}

fn anakin_spans(d: &Data, v: &View) -> Vec<Span> {
    vec![
        t("Anakin ", palette::MUTED),
        b(format!("{}/{}", v.space.anakin, d.space.control_ship()), palette::ANAKIN),
        t(format!("  pile {}", v.space.starfighters_left), palette::MUTED),
    ]
}

/// Damage tracks of the characters that `keep` selects; those no longer on a board are crossed out.
fn tracks_line(
    d: &Data,
    v: &View,
    keep: &dyn Fn(&crate::games::queens_gambit::rules::data::UnitDef) -> bool,
) -> Vec<Span> {
    let mut out = Vec::new();
    for (k, u) in d.units.iter().enumerate() {
        if !is_character(u) || !keep(u) || !u.has_track() {
            continue;
        }
        let piece = v.pieces.iter().find(|p| p.kind.index() == k);
        out.push(b(u.short.clone(), if piece.is_some() { super::piece::unit_fill(u) } else { palette::MUTED }));
        out.push(Span::Gap(6.0));
        out.push(Span::Track {
            damage: piece.map(|p| p.damage).unwrap_or(0),
            length: u.dies_at.saturating_sub(1),
            dead: piece.is_none(),
        });
        out.push(Span::Gap(20.0));
    }
    out
}

/// Draw a line of spans from `x` on baseline `y`, cut short with an ellipsis at `right`.
fn line(c: &mut Canvas, fonts: &Fonts, spans: &[Span], x: f32, y: f32, right: f32, cap: f32) {
    let mut pen = x;
    for s in spans {
        match s {
            Span::Gap(g) => pen += g,
            Span::Text(text, colour, bold) => {
                let st = if *bold { Style::bold(cap) } else { Style::regular(cap) };
                let w = fonts.width(st, text);
                if pen + w > right {
                    let mut cut = text.clone();
                    while !cut.is_empty() && pen + fonts.width(st, &format!("{cut}\u{2026}")) > right {
                        cut.pop();
                    }
                    fonts.draw(c, &format!("{cut}\u{2026}"), st, pen, y, Align::Left, *colour, None);
                    return;
                }
                pen += fonts.draw(c, text, st, pen, y, Align::Left, *colour, None);
            }
            Span::Track { damage, length, dead } => {
                let r = (cap * 0.3).max(3.0);
                let step = 2.0 * r + 3.0;
                let cy = y - cap / 2.0;
                for i in 0..*length {
                    let p = (pen + r + f32::from(i) * step, cy);
                    if *dead {
                        c.circle(p, r, palette::shade(palette::DAMAGE, -0.6));
                    } else if i < *damage {
                        c.circle(p, r, palette::DAMAGE);
                    } else {
                        c.circle(p, r, palette::PIP_EMPTY);
                        c.ring(p, r - 0.5, 1.0, palette::MUTED);
                    }
                }
                let w = f32::from(*length) * step;
                if *dead {
                    c.rect(Area::new(pen - 2.0, cy - 1.0, w + 2.0, 2.0), palette::MUTED);
                }
                pen += w;
            }
        }
    }
}

/// The strip's background, drawn once with the map.
pub fn frame(c: &mut Canvas, scene: &Scene) {
    c.round_rect(scene.status, 12.0, palette::PANEL, 1.0);
    c.round_rect_stroke(scene.status, 12.0, 1.2, palette::PANEL_EDGE);
}

/// The strip at the top of every picture. `caption` describes the last action.
pub fn draw(c: &mut Canvas, fonts: &Fonts, d: &Data, v: &View, scene: &Scene, caption: &str) {
    let a: Area = scene.status;
    let title = |s: Seat| s.title(v.mode);
    let sz = scene.sizes;
    let (x, right) = (a.x + 16.0, a.right() - 16.0);
    let step = sz.text + 12.0;
    let mut y = a.y + 14.0 + sz.title;
    let mut first = round_line(v, &title);
    first.push(Span::Gap(26.0));
    first.extend(shield_spans(v));
    first.push(Span::Gap(22.0));
    first.extend(anakin_spans(d, v));
    line(c, fonts, &first, x, y, right, sz.title);
    y += sz.title * 0.5 + step;
    line(c, fonts, &waiting_line(d, v, &title), x, y, right, sz.text);
    y += step;
    line(c, fonts, &counts_line(d, v, scene.full_status), x, y, right, sz.text);
    y += step;
    let keep: &dyn Fn(&crate::games::queens_gambit::rules::data::UnitDef) -> bool = match scene.theatre {
        super::Picture::Core => &|u| u.traits.duelist,
        super::Picture::Battlefield | super::Picture::Space => &|_| false,
        _ => &|_| true,
    };
    let tracks = tracks_line(d, v, keep);
    if !tracks.is_empty() {
        let mut spans = vec![t("Damage ", palette::MUTED)];
        spans.extend(tracks);
        line(c, fonts, &spans, x, y, right, sz.text);
        y += step;
    }
    line(c, fonts, &needs_line(v), x, y, right, sz.text);
    y += step;
    let last = [t("Last: ", palette::MUTED), t(caption, palette::MOVE)];
    line(c, fonts, &last, x, y, right, sz.text);
}

/// What each side still needs to win, with the figures now: both sides in one line.
fn needs_line(v: &View) -> Vec<Span> {
    let brief = v.needs.brief();
    let mut out = Vec::new();
    for (i, side) in [Side::Tf, Side::Naboo].into_iter().enumerate() {
        if i > 0 {
            out.push(Span::Gap(18.0));
        }
        out.push(b(short_side(side), side_colour(side)));
        out.push(t(" needs ", palette::MUTED));
        out.push(t(brief[side].clone(), palette::TEXT));
    }
    out
}

/// Lines the strip needs for `theatre`, for the layout.
pub fn lines(theatre: super::Picture) -> usize {
    match theatre {
        super::Picture::Battlefield | super::Picture::Space => 5,
        _ => 6,
    }
}

/// Lines of the short strip over a phone picture.
pub const PHONE_LINES: usize = 5;

/// The short strip over a phone picture (`crop`), in `a`: the round, who must act, what each side needs
/// (a line each, as the picture is narrow) and the last action.
pub fn phone(c: &mut Canvas, fonts: &Fonts, d: &Data, v: &View, a: Area, sz: super::scene::Sizes, caption: &str) {
    c.round_rect(a, 10.0, palette::PANEL, 1.0);
    c.round_rect_stroke(a, 10.0, 1.2, palette::PANEL_EDGE);
    let title = |s: Seat| s.title(v.mode);
    let (x, right) = (a.x + 12.0, a.right() - 12.0);
    let step = sz.text + 10.0;
    let mut y = a.y + 10.0 + sz.title;
    let mut first = round_line(v, &title);
    first.truncate(1);
    first.push(Span::Gap(18.0));
    first.extend(shield_spans(v));
    first.push(Span::Gap(14.0));
    first.push(t("Anakin ", palette::MUTED));
    first.push(b(format!("{}/{}", v.space.anakin, d.space.control_ship()), palette::ANAKIN));
    line(c, fonts, &first, x, y, right, sz.title);
    y += sz.title * 0.4 + step;
    line(c, fonts, &waiting_line(d, v, &title), x, y, right, sz.text);
    let brief = v.needs.brief();
    for side in [Side::Tf, Side::Naboo] {
        y += step;
        let spans = [
            b(short_side(side), side_colour(side)),
            t(" needs ", palette::MUTED),
            t(brief[side].clone(), palette::TEXT),
        ];
        line(c, fonts, &spans, x, y, right, sz.text);
    }
    y += step;
    let last = [t("Last: ", palette::MUTED), t(caption, palette::MOVE)];
    line(c, fonts, &last, x, y, right, sz.text);
}

/// The height of the phone strip.
pub fn phone_height(sz: super::scene::Sizes) -> f32 {
    (10.0 + sz.title * 1.4 + (sz.text + 10.0) * (PHONE_LINES as f32 - 1.0) + 14.0).ceil()
}
