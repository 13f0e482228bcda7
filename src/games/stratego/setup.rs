//! A setup written as text, as a player pastes it: four lines of ten pieces, the board's rows from the top
//! as it is drawn (row 10 at the top): Evil writes rows 4, 3, 2, 1; Good rows 10, 9, 8, 7; each line from
//! file a to j. A piece is 2-10, S (spy), B (detonator) or F (Lightsaber).

use super::board::Square;
use super::game::Refusal;
use super::piece::{Rank, Side};

/// Reads `side`'s setup from text (the army itself is checked when the game starts).
pub fn parse_setup(side: Side, text: &str) -> Result<Vec<(Square, Rank)>, Refusal> {
    let bad = |m: String| Refusal::Setup(m);
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines.len() != 4 {
        return Err(bad(format!("{} lines: a setup is four lines of ten pieces", lines.len())));
    }
    let top = *side.home_rows().end();
    let mut out = Vec::with_capacity(40);
    for (i, line) in lines.iter().enumerate() {
        let row = top - i as u8;
        let pieces: Vec<&str> = line.split([' ', ',', '\t']).filter(|p| !p.is_empty()).collect();
        if pieces.len() != 10 {
            return Err(bad(format!("row {} has {} pieces, not 10", row + 1, pieces.len())));
        }
        for (file, code) in pieces.iter().enumerate() {
            let square = Square::new(file as u8, row).ok_or_else(|| bad(format!("no square {file},{row}")))?;
            let rank = Rank::parse(code).ok_or_else(|| bad(format!("{square}: '{code}' is not a piece")))?;
            out.push((square, rank));
        }
    }
    Ok(out)
}

/// `setup` as the text `parse_setup` reads.
pub fn setup_text(side: Side, setup: &[(Square, Rank)]) -> String {
    let rows = side.home_rows();
    let mut lines = Vec::new();
    for row in rows.rev() {
        let line: Vec<String> = (0..10)
            .map(|file| {
                let at = setup.iter().find(|(s, _)| s.file == file && s.row == row);
                at.map_or(".".to_string(), |(_, r)| r.code())
            })
            .collect();
        lines.push(line.join(" "));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::stratego::Stratego;

    #[test]
    fn a_pasted_setup_reads_back_what_was_written() {
        for side in [Side::Evil, Side::Good] {
            let setup = Stratego::random_setup(side, 9);
            let mut read = parse_setup(side, &setup_text(side, &setup)).expect("its own text");
            let mut want = setup.clone();
            read.sort();
            want.sort();
            assert_eq!(read, want);
        }
        let evil = parse_setup(Side::Evil, &setup_text(Side::Evil, &Stratego::random_setup(Side::Evil, 1))).unwrap();
        assert!(evil.iter().all(|(s, _)| s.row <= 3), "Evil's lines are its rows 4 to 1");
    }

    #[test]
    fn a_pasted_setup_with_a_mistake_says_where() {
        let good = setup_text(Side::Good, &Stratego::random_setup(Side::Good, 2));
        let lines: Vec<&str> = good.lines().collect();
        assert!(
            matches!(parse_setup(Side::Good, &lines[..3].join("\n")), Err(Refusal::Setup(m)) if m.contains("3 lines"))
        );
        let short = good.replacen(' ', "", 1);
        assert!(matches!(parse_setup(Side::Good, &short), Err(Refusal::Setup(m)) if m.contains("row 10 has 9")));
        let wrong = format!("X{}", &good[1..]);
        assert!(matches!(parse_setup(Side::Good, &wrong), Err(Refusal::Setup(m)) if m.contains("a10: 'X'")));
    }
}
