//! A finished Stratego game told for everyone: how many turns, what each side lost, and the moments that
//! turned it (the fall of a high rank, Anakin turning, Darth Vader's entry, the Lightsaber taken), found
//! by playing its log again.

use super::combat::Clash;
use super::game::Played;
use super::piece::{Piece, Side};
use super::roster::{Role, Roster};
use super::table::Table;
use super::view::Seen;
use super::words::piece_name;
use crate::games::{Engine, Recap};

/// A piece this strong or stronger falling is a turning point.
const HIGH_RANK: u8 = 8;
/// The most turning points told (the earliest).
const MOST_POINTS: usize = 10;

/// The recap of `table` (asked once it is over; a draw by agreement ends it without the rules' ending).
pub(super) fn recap(table: &Table) -> Option<Recap> {
    let game = table.game()?;
    let roster = table.roster();
    let name = |p: &Piece| piece_name(roster, &Seen::of(p, true));
    let losses = Side::BOTH
        .into_iter()
        .map(|side| {
            // Counted by what a reader sees: pieces that differ only in colour are one line.
            let mut lost: Vec<(Piece, String, usize)> = Vec::new();
            for c in game.captured().iter().filter(|c| c.piece.side == side) {
                let named = name(&c.piece);
                match lost.iter_mut().find(|(_, n, _)| *n == named) {
                    Some((_, _, count)) => *count += 1,
                    None => lost.push((c.piece, named, 1)),
                }
            }
            lost.sort_by_key(|(p, _, _)| std::cmp::Reverse(p.rank.strength()));
            let words: Vec<String> = lost
                .iter()
                .map(|(_, named, n)| if *n == 1 { named.clone() } else { format!("{n} × {named}") })
                .collect();
            (side.name().to_string(), if words.is_empty() { "nothing".into() } else { words.join(", ") })
        })
        .collect();
    Some(Recap {
        length: format!("{} turns", game.turns()),
        told: Vec::new(),
        losses,
        turning_points: turning_points(table, roster),
    })
}

/// The moments that turned the game, replayed from its log.
fn turning_points(table: &Table, roster: &Roster) -> Vec<(String, String)> {
    let mut again = Table::new(table.rules(), table.roster().clone(), table.seed);
    let mut points = Vec::new();
    let mut previous: Option<Played> = None;
    for line in table.log() {
        let Some((side, choice)) = line.split_once(' ') else { continue };
        let Some(seat) = Side::parse(side).map(Side::index) else { continue };
        if again.apply(seat, choice).is_err() {
            break;
        }
        let Some(game) = again.game() else { continue };
        let Some(played) = game.last().copied().filter(|p| Some(*p) != previous) else { continue };
        previous = Some(played);
        let when = format!("turn {}", game.turns());
        points.extend(moments(roster, &played).into_iter().map(|what| (when.clone(), what)));
    }
    points.truncate(MOST_POINTS);
    points
}

/// What in one action turned the game, in words.
fn moments(roster: &Roster, p: &Played) -> Vec<String> {
    let name = |piece: &Piece| format!("{}'s {}", piece.side.name(), piece_name(roster, &Seen::of(piece, true)));
    let high = |piece: &Piece| piece.rank.strength() >= HIGH_RANK;
    let mut out = Vec::new();
    if let Some(c) = p.combat {
        let fell: Vec<&Piece> = match c.result {
            Clash::Lightsaber => {
                out.push(format!("{} took the Lightsaber", name(&c.attacker)));
                Vec::new()
            }
            Clash::AttackerWins => vec![&c.defender],
            Clash::DefenderWins => vec![&c.attacker],
            Clash::Both => vec![&c.attacker, &c.defender],
        };
        out.extend(fell.into_iter().filter(|f| high(f)).map(|f| format!("{} fell", name(f))));
    }
    if let Some(s) = p.shot.filter(|s| s.destroyed && high(&s.piece)) {
        out.push(format!("{} fell to the Advanced Blaster", name(&s.piece)));
    }
    if p.turning.is_some() {
        out.push("Anakin turned to the dark side".into());
    }
    if let Some((at, piece)) = p.placed.filter(|(_, piece)| roster.kind(piece.kind).role == Some(Role::Vader)) {
        out.push(format!("{} entered the board at {at}", name(&piece)));
    }
    out
}
