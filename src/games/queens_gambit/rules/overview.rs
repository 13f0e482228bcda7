//! A reader's boards in a few sentences, for a picture's description (its text alternative): the round,
//! Anakin's place in space and the shield, each palace floor's pieces and the characters on them, the
//! Plains of Naboo, and what each side still needs. Made from the reader's `View`, as the picture is, so
//! it says nothing the picture could not show them.

use super::data::Data;
use super::pos::Pos;
use super::side::Side;
use super::view::View;
use super::{Phase, per::BySide};

impl View {
    /// How many figures of each side stand on each palace floor and on the Plains of Naboo.
    fn figures(&self) -> String {
        let count = |side: Side, on: &dyn Fn(&Pos) -> bool| -> usize {
            self.pieces.iter().filter(|p| p.side == side && on(&p.pos)).map(|p| usize::from(p.members.max(1))).sum()
        };
        let both = |on: &dyn Fn(&Pos) -> bool| BySide::new(count(Side::Tf, on), count(Side::Naboo, on));
        let mut floors: Vec<u8> = self
            .pieces
            .iter()
            .filter_map(|p| match p.pos {
                Pos::Palace { floor, .. } => Some(floor),
                _ => None,
            })
            .collect();
        floors.sort_unstable();
        floors.dedup();
        let mut out = String::new();
        for floor in floors {
            let here = both(&|p: &Pos| matches!(p, Pos::Palace { floor: f, .. } if *f == floor));
            out.push_str(&format!(
                " Palace floor {floor}: {} Naboo and {} Trade Federation figures.",
                here[Side::Naboo],
                here[Side::Tf]
            ));
        }
        let field = both(&|p: &Pos| matches!(p, Pos::Field { .. }));
        out.push_str(&format!(
            " Plains of Naboo: {} Naboo and {} Trade Federation figures.",
            field[Side::Naboo],
            field[Side::Tf]
        ));
        out
    }

    /// What a picture of this view shows, in words.
    pub fn overview(&self, d: &Data) -> String {
        let phase = match self.phase {
            Phase::Planning => "plans being made",
            Phase::Resolving => "cards in play",
            Phase::Over => "over",
        };
        let mut out = format!(
            "Round {}, {phase}. Anakin is on space {} of {} in space; the shield is {}.",
            self.round,
            self.space.anakin,
            d.space.control_ship(),
            if self.shield_up { "up" } else { "down" }
        );
        out.push_str(&self.figures());
        let characters: Vec<String> = self
            .pieces
            .iter()
            .filter(|p| d.unit(p.kind).has_track() && !d.unit(p.kind).battlefield)
            .map(|p| {
                let real = match p.real {
                    Some(true) => ", the real queen",
                    Some(false) => ", a decoy",
                    None => "",
                };
                let unit = d.unit(p.kind);
                format!("{} at {} ({} of {} damage{real})", unit.name, p.pos, p.damage, unit.dies_at)
            })
            .collect();
        if !characters.is_empty() {
            out.push_str(&format!(" Characters: {}.", characters.join("; ")));
        }
        let needs = self.needs.brief();
        out.push_str(&format!(
            " To win, Naboo needs {}; the Trade Federation needs {}.",
            needs[Side::Naboo],
            needs[Side::Tf]
        ));
        if let Some(o) = self.outcome {
            out.push_str(&format!(" The game is over: {} won.", o.winner));
        }
        out
    }
}
