//! Stratego in words for one reader: the board as text (a code block in Discord, the terminal's board),
//! the captured pieces as the capture mode lets them be listed, and the last action. All of it is made
//! from the reader's `View`, so nothing hidden from that reader can be written.

use super::action::Action;
use super::board::Square;
use super::combat::Clash;
use super::game::{Ending, Turning};
use super::piece::Side;
use super::roster::Roster;
use super::view::{LastSeen, Seen, View};

/// A piece as a reader may name it: "Darth Maul (7)", or "a piece" when they do not know it.
pub fn piece_name(roster: &Roster, seen: &Seen) -> String {
    match seen.known {
        Some(k) => {
            let def = roster.kind(k.kind);
            if def.name.is_some() { format!("{} ({})", def.label(), k.rank.code()) } else { def.label() }
        }
        None => format!("{} piece", with_article(seen.side.name())),
    }
}

/// A name with its indefinite article: "an Evil", "a Good".
pub fn with_article(name: &str) -> String {
    let vowel = name.chars().next().is_some_and(|c| "AEIOUaeiou".contains(c));
    format!("{} {name}", if vowel { "an" } else { "a" })
}

/// `text` with a capital first letter.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The board as a grid, row 10 at the top and file a on the left (turned round for Good's player, whose
/// army is then at the bottom too): `E7` an Evil 7, `G?` a Good piece the reader does not know, `*` after
/// a revealed piece, `~~` the asteroid fields. A column is five wide, so that the widest cell (`G10*`)
/// keeps a space before the next.
pub fn board_text(view: &View) -> String {
    let turned = view.reader == Some(Side::Good);
    let files: Vec<u8> = if turned { (0..10).rev().collect() } else { (0..10).collect() };
    let rows: Vec<u8> = if turned { (0..10).collect() } else { (0..10).rev().collect() };
    let mut out = String::from("    ");
    for file in &files {
        out.push_str(&format!(" {:<4}", (b'a' + file) as char));
    }
    let mut out = out.trim_end().to_string();
    out.push('\n');
    for row in rows {
        out.push_str(&format!("{:>3} ", row + 1));
        for file in &files {
            let Some(square) = Square::new(*file, row) else { continue };
            let cell = match view.squares.iter().find(|(s, _)| *s == square) {
                Some((_, seen)) => {
                    let side = if seen.side == Side::Evil { 'E' } else { 'G' };
                    let rank = seen.rank().map_or("?".to_string(), |r| r.code());
                    let shown = if seen.revealed { "*" } else { "" };
                    format!("{side}{rank}{shown}")
                }
                None if square.is_field() => "~~".to_string(),
                None => ".".to_string(),
            };
            out.push_str(&format!(" {cell:<4}"));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

/// The captured pieces of each side as this reader may list them.
pub fn lost_text(roster: &Roster, view: &View) -> String {
    let mut lines = Vec::new();
    for side in Side::BOTH {
        let lost: Vec<&Seen> = view.lost.iter().filter(|s| s.side == side).collect();
        let named: Vec<String> = lost.iter().filter(|s| s.known.is_some()).map(|s| piece_name(roster, s)).collect();
        let hidden = lost.len() - named.len();
        let mut line = format!("{} has lost {}", side.name(), lost.len());
        if !named.is_empty() {
            line.push_str(&format!(": {}", named.join(", ")));
            if hidden > 0 {
                line.push_str(&format!(" and {hidden} not shown"));
            }
        }
        lines.push(line);
    }
    lines.join(". ") + "."
}

/// Whose move it is, or how the game ended.
pub fn status_text(view: &View) -> String {
    match (view.ending, view.decider) {
        (Some(Ending::Lightsaber(s)), _) => format!("{} took the Lightsaber and wins.", s.name()),
        (Some(Ending::Stuck(s)), _) => format!("{} cannot move: {} wins.", s.other().name(), s.name()),
        (Some(Ending::NeitherCanMove), _) => "Neither side can move: a draw.".into(),
        (Some(Ending::Conceded(s)), _) => format!("{} conceded: {} wins.", s.other().name(), s.name()),
        (Some(Ending::MoveLimit), _) => format!("The move limit ({} turns) is reached: a draw.", view.turns),
        (None, Some(side)) if view.waiting.is_some() && side == Side::Evil && side != view.to_move => {
            "Evil places the piece that enters the board.".into()
        }
        (None, Some(side)) => format!("{} to move (turn {}).", side.name(), view.turns + 1),
        (None, None) => String::new(),
    }
}

/// An action for this reader, in a sentence, and what it set off: Anakin's turn, Vader's coming (`last`:
/// the view's last action, or the game's `moment`).
pub fn last_text(roster: &Roster, view: &View, last: &LastSeen) -> Option<String> {
    let mut text = action_text(roster, view, last);
    match last.turning {
        Some(Turning::InPlace(at)) => text.push_str(&format!(
            " That is the tenth Good piece to fall: Anakin Skywalker on {at} turns to the dark side and fights \
             for Evil from now on."
        )),
        Some(Turning::Returns) => text.push_str(
            " That is the tenth Good piece to fall: the captured Anakin Skywalker turns to the dark side and \
             returns for Evil, who places him on an empty square of its home rows.",
        ),
        None => {}
    }
    if last.vader_due {
        text.push_str(" With Anakin gone, Darth Vader enters at the start of Evil's next turn.");
    }
    Some(text)
}

/// The action itself in one sentence.
fn action_text(roster: &Roster, view: &View, last: &LastSeen) -> String {
    let who = last.side.name();
    match (last.action, last.combat) {
        (Action::Vision { from, target }, _) => {
            // What it showed is told to the players alone (C7): spectators learn only that it was used.
            match view.squares.iter().find(|(s, _)| *s == target).map(|(_, p)| p) {
                Some(p) if p.known.is_some() => {
                    format!("{who} used Vision from {from}: {target} is {}.", piece_name(roster, p))
                }
                Some(_) => {
                    format!("{who} used Vision from {from} on {target}; what it showed is for the players alone.")
                }
                None => format!("{who} used Vision from {from}: {target} is empty now."),
            }
        }
        (Action::Blast { from, target }, Some((_, _, piece, result))) => {
            let end = if result == Clash::AttackerWins { "destroyed" } else { "shown, and stands" };
            format!("{who} fired the Advanced Blaster from {from} at {target}: {} {end}.", piece_name(roster, &piece))
        }
        (Action::Place { at }, _) => {
            let piece = view.squares.iter().find(|(s, _)| *s == at).map(|(_, p)| piece_name(roster, p));
            format!("{who} brought {} onto the board at {at}.", piece.unwrap_or_default())
        }
        (action, Some((at, attacker, defender, result))) => {
            let how = match action.power() {
                Some(p) => format!(" ({})", p.name()),
                None => String::new(),
            };
            let outcome = match result {
                Clash::AttackerWins => "the attacker won".to_string(),
                Clash::DefenderWins => "the defender held".to_string(),
                Clash::Both => "both fell".to_string(),
                Clash::Lightsaber => "the Lightsaber is taken".to_string(),
            };
            // The attacker's name says its side ("an Evil piece", "Darth Maul (7)", "Evil 5").
            let attacker = capitalised(&piece_name(roster, &attacker));
            format!("{attacker} attacked {} on {at}{how}: {outcome}.", piece_name(roster, &defender))
        }
        (action, None) => {
            let how = match action.power() {
                Some(p) => format!(" ({})", p.name()),
                None => String::new(),
            };
            let (from, to) = (last.from.map(|s| s.to_string()), last.to);
            // Named where this reader knows the piece (their own, or one the move showed).
            let known = to.and_then(|at| view.squares.iter().find(|(s, p)| *s == at && p.known.is_some()));
            let to = to.map(|s| s.to_string()).unwrap_or_default();
            match known {
                Some((_, piece)) => {
                    format!("{who} moved {} from {} to {to}{how}.", piece_name(roster, piece), from.unwrap_or_default())
                }
                None => format!("{who} moved {} to {to}{how}.", from.unwrap_or_default()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::{Known, Rank};

    #[test]
    fn the_text_board_keeps_a_space_after_a_revealed_ten() {
        let roster = Roster::embedded();
        let yoda = Known { kind: roster.find("YOD").unwrap(), rank: Rank::Number(10) };
        let at = |s: &str| Square::parse(s).unwrap();
        let view = View::of_squares(
            None,
            vec![
                (at("a1"), Seen { side: Side::Good, known: Some(yoda), revealed: true }),
                (at("b1"), Seen { side: Side::Evil, known: None, revealed: false }),
            ],
        );
        let text = board_text(&view);
        let lines: Vec<&str> = text.lines().collect();
        let row1 = lines.iter().find(|l| l.starts_with("  1 ")).unwrap();
        assert!(row1.contains("G10* E?"), "{text}");
        // Every column starts where its letter is.
        let head = lines[0];
        for (file, name) in ['a', 'b', 'c'].iter().enumerate() {
            let col = head.find(*name).unwrap();
            let cell = &row1[col..];
            let want = ["G10*", "E?", "."][file];
            assert!(cell.starts_with(want), "column {name}: {text}");
        }
    }

    /// Every kind of action, told to each reader: the rule scripts played up to the action named.
    #[test]
    fn every_kind_of_action_is_told_to_each_reader_in_its_own_words() {
        let cases = [
            ("attack-reveals-both", None),
            ("combat-tie-both-removed", None),
            ("detonator-kills-attacker", None),
            ("lightsaber-capture-wins", None),
            ("trooper-long-move-reveals", Some("evil a1 a5")),
            ("vision-reveals-target", Some("good vision e7 e5")),
            ("blaster-destroys-lower", None),
            ("charging-attack-at-end", None),
            ("leap-then-attack-orthogonal", None),
            ("slashing-diagonal-attack", None),
            ("g3-anakin-turns-at-tenth", None),
            ("g3-anakin-among-ten-returns", Some("evil a6 a7")),
            ("g3-anakin-among-ten-returns", Some("evil place c2")),
            ("g3-vader-enters-next-evil-turn", Some("good d8 e8")),
            ("g3-vader-enters-next-evil-turn", Some("evil place e3")),
        ];
        let mut out = String::new();
        for (name, upto) in cases {
            let path = format!("{}/tests/stratego/{name}.txt", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let end = upto.and_then(|u| lines.iter().position(|l| l.trim() == u)).map_or(lines.len(), |i| i + 1);
            let table = super::super::script::run_with(&lines[..end].join("\n"), Roster::embedded()).unwrap();
            let game = table.game().unwrap();
            out.push_str(&format!("## {name}{}\n", upto.map(|u| format!(" (to {u})")).unwrap_or_default()));
            for (who, reader) in [("evil", Some(Side::Evil)), ("good", Some(Side::Good)), ("spectator", None)] {
                let said = game.moment(reader).and_then(|m| last_text(&table.roster, &game.view(reader), &m));
                out.push_str(&format!("{who}: {}\n", said.unwrap_or_default()));
            }
        }
        insta::assert_snapshot!(out);
    }
}
