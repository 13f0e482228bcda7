//! `expect` lines: a check on anything the state holds. Each reads like the sentence it checks, and a
//! failed one says what was found instead.

use super::super::data::{CardId, Data, DeckId, KindId};
use super::super::decision::Choice;
use super::super::pos::Pos;
use super::super::side::{Mode, Seat, Side};
use super::super::state::WinReason;
use super::super::{Game, describe};

#[derive(Clone, Debug, PartialEq)]
pub enum Expect {
    /// A unit of this kind (or nothing) stands here, optionally with so many figures and so much damage.
    At {
        pos: Pos,
        kind: Option<KindId>,
        members: Option<u8>,
        damage: Option<u8>,
    },
    Anakin(u8),
    /// The winner (none: the game goes on), and why when given.
    Winner(Option<Side>, Option<WinReason>),
    Shield(bool),
    Round(u32),
    Waiting(Seat),
    /// Cards in a seat's hand.
    Hand(Seat, usize),
    /// Cards in a deck's draw pile, or in its discard pile.
    Deck(DeckId, usize),
    Discard(DeckId, usize),
    /// Bonus cards a side has earned this round.
    Bonus(Side, usize),
    /// A seat's plan as built (or locked), in order.
    Plan(Seat, Vec<CardId>),
    /// A seat's cards still to reveal this round, in order.
    Queue(Seat, Vec<CardId>),
    /// The revealed card being resolved.
    Revealed(Option<CardId>),
    /// The Starfighter cards on a grid (0-based), bottom first, by code.
    Grid(u8, Vec<String>),
    /// Whether the real queen is known to all, and optionally which queen is real.
    Queen {
        revealed: bool,
        kind: Option<KindId>,
    },
    /// The seat's pending decision has exactly these legal answers (in any order).
    Choices(Seat, Vec<Choice>),
    /// Whether a palace piece on the first hex would see the second, with the pieces as they stand.
    Sight(Pos, Pos, bool),
}

pub(super) fn side_of(word: &str) -> Result<Side, String> {
    match word.to_ascii_lowercase().as_str() {
        "naboo" => Ok(Side::Naboo),
        "tf" => Ok(Side::Tf),
        _ => Err(format!("'{word}' is not a side (naboo or tf)")),
    }
}

fn reason_of(word: &str) -> Result<WinReason, String> {
    serde_json::from_value(serde_json::Value::String(word.to_ascii_lowercase()))
        .map_err(|_| format!("'{word}' is not a way to win (palace_fallen, maul_slain, throne_room, concession)"))
}

fn deck_of(d: &Data, word: &str) -> Result<DeckId, String> {
    d.decks
        .iter()
        .find(|k| k.code.eq_ignore_ascii_case(word))
        .map(|k| k.id)
        .ok_or_else(|| format!("'{word}' is not a deck (NB, NP, TB, TP)"))
}

pub(super) fn pos_of(word: &str) -> Result<Pos, String> {
    word.parse().map_err(|e: super::super::pos::BadLabel| e.to_string())
}

pub(super) fn kind_of(d: &Data, word: &str) -> Result<KindId, String> {
    d.kind(&word.to_ascii_lowercase()).ok_or_else(|| format!("there is no unit called {word}"))
}

/// Parse the words after `expect`; `body` is the whole line after `expect`, for lists with spaces.
/// Long by design: one arm per expectation form, the whole language in one table.
pub fn parse(d: &Data, mode: Mode, w: &[&str], body: &str) -> Result<Expect, String> {
    let num = |s: &str| s.parse::<usize>().map_err(|_| format!("'{s}' is not a number"));
    let seat = |s: &str| Seat::from_key(mode, s).ok_or_else(|| format!("'{s}' is not a seat"));
    let cards = |ws: &[&str]| -> Result<Vec<CardId>, String> {
        if matches!(ws, ["none"]) {
            return Ok(Vec::new());
        }
        ws.iter().map(|c| d.card_by_code(c).ok_or_else(|| format!("there is no card {c}"))).collect()
    };
    Ok(match w {
        ["at", p, what, rest @ ..] => {
            let kind = if what.eq_ignore_ascii_case("empty") { None } else { Some(kind_of(d, what)?) };
            let (mut members, mut damage) = (None, None);
            let mut it = rest.iter();
            while let Some(k) = it.next() {
                let v = it.next().ok_or_else(|| format!("'{k}' needs a number"))?;
                let v = Some(num(v)? as u8);
                match *k {
                    "members" => members = v,
                    "damage" => damage = v,
                    _ => return Err(format!("'{k}' is not members or damage")),
                }
            }
            Expect::At { pos: pos_of(p)?, kind, members, damage }
        }
        ["anakin", n] => Expect::Anakin(num(n)? as u8),
        ["winner", "none"] => Expect::Winner(None, None),
        ["winner", s] => Expect::Winner(Some(side_of(s)?), None),
        ["winner", s, why] => Expect::Winner(Some(side_of(s)?), Some(reason_of(why)?)),
        ["shield", "up"] => Expect::Shield(true),
        ["shield", "down"] => Expect::Shield(false),
        ["round", n] => Expect::Round(num(n)? as u32),
        ["waiting", s] => Expect::Waiting(seat(s)?),
        ["hand", s, n] => Expect::Hand(seat(s)?, num(n)?),
        ["deck", k, n] => Expect::Deck(deck_of(d, k)?, num(n)?),
        ["discard", k, n] => Expect::Discard(deck_of(d, k)?, num(n)?),
        ["bonus", s, n] => Expect::Bonus(side_of(s)?, num(n)?),
        ["plan", s, cs @ ..] if !cs.is_empty() => Expect::Plan(seat(s)?, cards(cs)?),
        ["queue", s, cs @ ..] if !cs.is_empty() => Expect::Queue(seat(s)?, cards(cs)?),
        ["revealed", "none"] => Expect::Revealed(None),
        ["revealed", c] => Expect::Revealed(Some(cards(&[c])?[0])),
        ["grid", g, cs @ ..] if !cs.is_empty() => {
            let g = num(g)?;
            if g == 0 || g > d.space.grids.len() {
                return Err(format!("grids go from 1 to {}", d.space.grids.len()));
            }
            let cs = if matches!(cs, ["empty"]) { &[][..] } else { cs };
            for c in cs {
                if !d.space.starfighters.iter().any(|f| f.code.eq_ignore_ascii_case(c)) {
                    return Err(format!("there is no Starfighter card {c}"));
                }
            }
            Expect::Grid(g as u8 - 1, cs.iter().map(|c| c.to_ascii_uppercase()).collect())
        }
        ["queen", state, rest @ ..] if rest.len() <= 1 => {
            let revealed = match *state {
                "revealed" => true,
                "hidden" => false,
                _ => return Err(format!("'{state}': the queen is hidden or revealed")),
            };
            let kind = rest.first().map(|k| kind_of(d, k)).transpose()?;
            Expect::Queen { revealed, kind }
        }
        ["choices", s, ..] => {
            // `expect choices SEAT: move 1E4, move 1E5, done` (a comma between answers).
            let list = body.split_once(':').map(|(_, l)| l).ok_or("write the answers after a colon")?;
            let options = list
                .split(',')
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(|t| Choice::parse(d, t).map_err(|e| e.0))
                .collect::<Result<Vec<_>, _>>()?;
            Expect::Choices(seat(s.trim_end_matches(':'))?, options)
        }
        ["sight", a, b, answer] => {
            let sees = match *answer {
                "yes" => true,
                "no" => false,
                _ => return Err(format!("'{answer}': sight is yes or no")),
            };
            Expect::Sight(pos_of(a)?, pos_of(b)?, sees)
        }
        _ => {
            return Err("expect what? (at, anakin, winner, shield, round, waiting, hand, deck, discard, bonus, plan, \
                        queue, revealed, grid, queen, choices, sight)"
                .into());
        }
    })
}

/// Check one expectation against the game; `Err` says what was found.
/// Long by design: one arm per expectation form, in the same order as `parse`.
pub fn check(game: &Game, e: &Expect) -> Result<(), String> {
    let (d, s) = (game.data(), game.state());
    let codes = |cs: &mut dyn Iterator<Item = &CardId>| {
        let v: Vec<&str> = cs.map(|c| d.card(*c).code.as_str()).collect();
        if v.is_empty() { "none".to_string() } else { v.join(" ") }
    };
    let differ = |what: String, found: String, wanted: String| -> Result<(), String> {
        if found == wanted { Ok(()) } else { Err(format!("{what} is {found}, expected {wanted}")) }
    };
    match e {
        Expect::At { pos, kind, members, damage } => check_at(game, *pos, *kind, *members, *damage),
        Expect::Anakin(n) => differ("Anakin's space".into(), s.space.anakin.to_string(), n.to_string()),
        Expect::Winner(w, why) => {
            let found = s.outcome.map(|o| (o.winner, o.reason));
            let ok = found.map(|(w, _)| w) == *w && why.is_none_or(|r| found.is_some_and(|(_, f)| f == r));
            let found = match found {
                Some((w, r)) => format!("{} ({})", w.key(), describe::why_won(r)),
                None => "nobody yet".into(),
            };
            let wanted = match (w, why) {
                (None, _) => "nobody yet".into(),
                (Some(w), None) => w.key().to_string(),
                (Some(w), Some(r)) => format!("{} ({})", w.key(), describe::why_won(*r)),
            };
            if ok { Ok(()) } else { Err(format!("the winner is {found}, expected {wanted}")) }
        }
        Expect::Shield(up) => differ("the shield".into(), up_down(s.shield_up), up_down(*up)),
        Expect::Round(r) => differ("the round".into(), s.round.to_string(), r.to_string()),
        Expect::Waiting(seat) if game.decision_for(*seat).is_none() => {
            Err(format!("{} has nothing to decide: {}", seat.key(s.mode), describe::waiting_for(d, s)))
        }
        Expect::Waiting(_) => Ok(()),
        Expect::Hand(seat, n) => {
            differ(format!("{}'s hand", seat.key(s.mode)), s.seat(*seat).hand.len().to_string(), n.to_string())
        }
        Expect::Deck(k, n) => {
            differ(format!("the {} draw pile", d.deck(*k).code), s.deck(*k).draw.len().to_string(), n.to_string())
        }
        Expect::Discard(k, n) => {
            differ(format!("the {} discard pile", d.deck(*k).code), s.deck(*k).discard.len().to_string(), n.to_string())
        }
        Expect::Bonus(side, n) => {
            differ(format!("{}'s bonus cards", side.key()), s.bonus[*side].len().to_string(), n.to_string())
        }
        Expect::Plan(seat, cs) => {
            differ(format!("{}'s plan", seat.key(s.mode)), codes(&mut s.seat(*seat).plan.iter()), codes(&mut cs.iter()))
        }
        Expect::Queue(seat, cs) => differ(
            format!("{}'s cards to reveal", seat.key(s.mode)),
            codes(&mut s.seat(*seat).queue.iter().map(|q| &q.card)),
            codes(&mut cs.iter()),
        ),
        Expect::Revealed(c) => differ("the revealed card".into(), codes(&mut s.playing.iter()), codes(&mut c.iter())),
        Expect::Grid(g, cs) => {
            let found: Vec<&str> = s.space.grids[usize::from(*g)]
                .iter()
                .map(|f| d.space.starfighters[usize::from(*f)].code.as_str())
                .collect();
            let show = |v: Vec<&str>| if v.is_empty() { "empty".to_string() } else { v.join(" ") };
            differ(format!("grid {}", g + 1), show(found), show(cs.iter().map(String::as_str).collect()))
        }
        Expect::Queen { revealed, kind } => {
            let real = s.real_queen.map(|q| s.piece(q).kind);
            if s.queen_revealed != *revealed {
                return Err(format!("the queen is {}", if s.queen_revealed { "revealed" } else { "hidden" }));
            }
            match kind {
                Some(k) if real != Some(*k) => Err(format!(
                    "the real queen is {}, expected {}",
                    real.map_or("not chosen yet", |r| d.unit(r).key.as_str()),
                    d.unit(*k).key
                )),
                _ => Ok(()),
            }
        }
        Expect::Choices(seat, want) => check_choices(game, *seat, want),
        Expect::Sight(a, b, sees) => {
            let (Some(i), Some(j)) = (d.palace.index_of(*a), d.palace.index_of(*b)) else {
                return Err(format!("sight is checked between two palace hexes, not {a} and {b}"));
            };
            let occupied = |k: usize| s.occupant(d.palace.pos(k)).is_some();
            let found = d.palace.sees(s.rules.sight(), i, j, occupied);
            let say = |x: bool| if x { "clear" } else { "blocked" }.to_string();
            differ(format!("the line from {a} to {b}"), say(found), say(*sees))
        }
    }
}

fn up_down(up: bool) -> String {
    if up { "up" } else { "down" }.into()
}

fn check_at(
    game: &Game,
    pos: Pos,
    kind: Option<KindId>,
    members: Option<u8>,
    damage: Option<u8>,
) -> Result<(), String> {
    let (d, s) = (game.data(), game.state());
    let found = s.occupant(pos).map(|id| s.piece(id));
    match (kind, found) {
        (None, None) => Ok(()),
        (None, Some(p)) => Err(format!("{pos} holds a {}, expected nothing", d.unit(p.kind).key)),
        (Some(k), None) => Err(format!("{pos} is empty, expected a {}", d.unit(k).key)),
        (Some(k), Some(p)) if p.kind != k => {
            Err(format!("{pos} holds a {}, expected a {}", d.unit(p.kind).key, d.unit(k).key))
        }
        (Some(_), Some(p)) => {
            if let Some(m) = members.filter(|m| *m != p.members) {
                return Err(format!("{pos} has {} figures, expected {m}", p.members));
            }
            if let Some(dm) = damage.filter(|dm| *dm != p.damage) {
                return Err(format!("{pos} has {} damage, expected {dm}", p.damage));
            }
            Ok(())
        }
    }
}

fn check_choices(game: &Game, seat: Seat, want: &[Choice]) -> Result<(), String> {
    let d = game.data();
    let Some(dec) = game.decision_for(seat) else {
        return Err(format!("{} has nothing to decide", seat.key(game.mode())));
    };
    let text = |cs: &mut dyn Iterator<Item = &Choice>| {
        let mut v: Vec<String> = cs.map(|c| c.text(d)).collect();
        v.sort();
        v
    };
    let (found, wanted) = (text(&mut dec.options.iter()), text(&mut want.iter()));
    if found == wanted {
        return Ok(());
    }
    let missing: Vec<&String> = wanted.iter().filter(|w| !found.contains(w)).collect();
    let extra: Vec<&String> = found.iter().filter(|f| !wanted.contains(f)).collect();
    Err(format!(
        "{} may answer: {}. Not allowed of those expected: {}. Allowed but not expected: {}",
        seat.key(game.mode()),
        found.join(", "),
        if missing.is_empty() {
            "none".to_string()
        } else {
            missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
        },
        if extra.is_empty() {
            "none".to_string()
        } else {
            extra.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
        },
    ))
}
