//! The checks of a Stratego script (`expect ...`). Each compares what the game or a reader's view says
//! with what the script states, and says both when they differ.
//!
//! - `at e5 empty`, `at e5 good YOD`, `at e5 good YOD revealed` (or `sighted`: Vision showed it to the players, or `hidden`): the piece on a square
//! - `turn good` (who must act now), `turn none`
//! - `ending none`, `ending lightsaber evil`, `ending stuck good`, `ending draw`, `ending move-limit`
//! - `legal evil b4 b5`, `illegal evil b4 b6`: whether an action is among the legal ones now
//! - `refused evil b4 b6 blocked`: playing it is refused, the reason containing the last word
//! - `count e5 vision 8`: how many legal actions of that kind (move, vision, charge, quick, leap, slash,
//!   blast, place, all) the piece on e5 has (for `place`, the square is ignored)
//! - `lost good 3`, `good-lost 10`, `turns 12`, `waiting VAD` or `waiting none`
//! - `sees spectator e5 ?` (a back), `sees good e5 SID`, `sees evil e5 empty`: a reader's board
//! - `lost-seen good evil E6R ?`: the captured pieces of one side as a reader may list them (`none`)
//! - `last spectator ? E6R`: the last combat's attacker and defender as a reader knows them afterwards
//! - `told good Darth Maul (7) attacked`: the words a reader is given at the moment of the last action
//!   contain these words (a player is shown both pieces of a combat; a spectator what stays)

use super::action::Action;
use super::game::Stratego;
use super::script::{ending_word, reader_word, seen_word};

pub(crate) fn check(g: &Stratego, w: &[&str]) -> Result<(), String> {
    if w.len() < 2 {
        return Err(format!("'expect {}' needs what to check", w.join(" ")));
    }
    let roster = g.roster();
    let sq = |i: usize| {
        w.get(i)
            .and_then(|s| super::board::Square::parse(s))
            .ok_or_else(|| format!("'{}' is not a square", w.get(i).unwrap_or(&"")))
    };
    let num = |i: usize| w.get(i).and_then(|n| n.parse::<usize>().ok()).ok_or("a number is missing".to_string());
    let differ = |what: String, want: String, got: String| {
        if want == got { Ok(()) } else { Err(format!("expected {what} {want}, got {got}")) }
    };
    match w.first().copied() {
        Some("at") => {
            let at = sq(1)?;
            let got = match g.at(at) {
                None => "empty".to_string(),
                Some(p) => {
                    let shown = if p.revealed {
                        "revealed"
                    } else if p.sighted {
                        "sighted"
                    } else {
                        "hidden"
                    };
                    format!("{} {} {shown}", p.side.name().to_lowercase(), roster.kind(p.kind).code)
                }
            };
            let want = w.get(2..).unwrap_or_default().join(" ");
            let got = if w.len() == 4 { got.rsplit_once(' ').map_or(got.clone(), |(a, _)| a.to_string()) } else { got };
            differ(format!("at {at}"), want.to_uppercase(), got.to_uppercase())
        }
        Some("turn") => differ(
            "turn".into(),
            w.get(1..).unwrap_or_default().join(" "),
            g.decider().map_or("none".into(), |s| s.name().to_lowercase()),
        ),
        Some("ending") => differ("ending".into(), w.get(1..).unwrap_or_default().join(" "), ending_word(g.ending())),
        Some(word @ ("legal" | "illegal")) => {
            let action = Action::parse(&w.get(2..).unwrap_or_default().join(" ")).ok_or("not an action")?;
            let is = g.legal_actions().contains(&action)
                && g.decider().map(|s| s.name().to_lowercase()).as_deref() == w.get(1).copied();
            differ(format!("{action}"), word.into(), if is { "legal" } else { "illegal" }.into())
        }
        Some("refused") => {
            let (because, action) =
                w.get(2..).unwrap_or_default().split_last().ok_or("refused needs an action and a word")?;
            let action = Action::parse(&action.join(" ")).ok_or("not an action")?;
            let mut copy = g.clone();
            match copy.play(action) {
                Ok(_) => Err(format!("{action} was accepted")),
                Err(e) if e.to_string().to_lowercase().contains(&because.to_lowercase()) => Ok(()),
                Err(e) => Err(format!("{action} was refused, but: {e}")),
            }
        }
        Some("count") => {
            let at = sq(1)?;
            let kind = w.get(2).copied().unwrap_or("all");
            let actions = if kind == "place" { g.legal_actions() } else { g.actions_from(at) };
            let n = actions
                .iter()
                .filter(|a| match (kind, a.power()) {
                    ("all", _) => true,
                    ("move", None) => matches!(a, Action::Move { .. }),
                    ("place", None) => matches!(a, Action::Place { .. }),
                    (k, Some(p)) => p.word() == k,
                    _ => false,
                })
                .count();
            differ(format!("{kind} actions from {at}"), num(3)?.to_string(), n.to_string())
        }
        Some("lost") => {
            let side = reader_word(w.get(1))?.ok_or("lost names a side")?;
            differ(format!("{} lost", side.name()), num(2)?.to_string(), g.view(None).lost_by(side).to_string())
        }
        Some("good-lost") => differ("good-lost".into(), num(1)?.to_string(), g.good_lost().to_string()),
        Some("turns") => differ("turns".into(), num(1)?.to_string(), g.turns().to_string()),
        Some("waiting") => {
            let got = g.waiting().map_or("none".to_string(), |p| roster.kind(p.kind).code.clone());
            differ("waiting".into(), w.get(1..).unwrap_or_default().join(" ").to_uppercase(), got.to_uppercase())
        }
        Some("sees") => {
            let reader = reader_word(w.get(1))?;
            let at = sq(2)?;
            let view = g.view(reader);
            let got =
                view.squares.iter().find(|(s, _)| *s == at).map_or("empty".to_string(), |(_, s)| seen_word(roster, s));
            differ(
                format!("{:?} sees at {at}", reader),
                w.get(3..).unwrap_or_default().join(" ").to_uppercase(),
                got.to_uppercase(),
            )
        }
        Some("lost-seen") => {
            let reader = reader_word(w.get(1))?;
            let side = reader_word(w.get(2))?.ok_or("lost-seen names a side")?;
            let list: Vec<String> =
                g.view(reader).lost.iter().filter(|s| s.side == side).map(|s| seen_word(roster, s)).collect();
            let got = if list.is_empty() { "none".to_string() } else { list.join(" ") };
            differ(
                format!("{reader:?} sees {} lost", side.name()),
                w.get(3..).unwrap_or_default().join(" ").to_uppercase(),
                got.to_uppercase(),
            )
        }
        Some("last") => {
            let reader = reader_word(w.get(1))?;
            let last = g.view(reader).last.and_then(|l| l.combat).ok_or("there was no combat in the last action")?;
            let got = format!("{} {}", seen_word(roster, &last.1), seen_word(roster, &last.2));
            differ(
                format!("{reader:?} sees the last combat as"),
                w.get(2..).unwrap_or_default().join(" ").to_uppercase(),
                got.to_uppercase(),
            )
        }
        Some("told") => {
            let reader = reader_word(w.get(1))?;
            let moment = g.moment(reader).ok_or("nothing has happened yet")?;
            let said = super::words::last_text(roster, &g.view(reader), &moment).unwrap_or_default();
            let want = w.get(2..).unwrap_or_default().join(" ");
            if said.contains(&want) { Ok(()) } else { Err(format!("{reader:?} was told \"{said}\", not \"{want}\"")) }
        }
        Some("not-told") => {
            let reader = reader_word(w.get(1))?;
            let moment = g.moment(reader).ok_or("nothing has happened yet")?;
            let said = super::words::last_text(roster, &g.view(reader), &moment).unwrap_or_default();
            let not = w.get(2..).unwrap_or_default().join(" ");
            if said.contains(&not) { Err(format!("{reader:?} was told \"{said}\", naming \"{not}\"")) } else { Ok(()) }
        }
        other => Err(format!("unknown check '{}'", other.unwrap_or(""))),
    }
}
