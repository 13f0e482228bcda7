//! A setup written as text, as a player pastes it: one line per home row, ten pieces each, the rows from
//! the top as the board is drawn (row 10 at the top): Evil writes rows 4, 3, 2, 1 (3, 2, 1 in games 3-4);
//! Good rows 10, 9, 8, 7 (10, 9, 8); each line from file a to j. A piece is its roster code (`YOD`), or
//! its rank (2-10, S, B, F) where the rank says which piece it is (pieces of one rank differ only by their powers); `.` leaves a square empty (game 3's Evil gap).

use super::board::Square;
use super::game::{Refusal, Setup};
use super::piece::{Kind, Side};
use super::roster::Roster;
use super::rules::Variant;

/// Reads `side`'s setup from text (the army itself is checked when the game starts). Pieces given by rank
/// get the characters of that rank in an order drawn from `seed` (secret): in roster order, a character
/// shown in combat would tell where that rank's other pieces stand.
pub fn parse_setup(roster: &Roster, variant: Variant, side: Side, text: &str, seed: u64) -> Result<Setup, Refusal> {
    let bad = |m: String| Refusal::Setup(m);
    let depth = variant.depth();
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    if lines.len() != usize::from(depth) {
        return Err(bad(format!(
            "a setup is {depth} lines of ten pieces, one for each home row; this one has {}",
            lines.len()
        )));
    }
    let top = *side.home_rows(depth).end();
    let mut coded = Vec::new();
    let mut ranked = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let row = top - i as u8;
        let pieces: Vec<&str> = line.split([' ', ',', '\t']).filter(|p| !p.is_empty()).collect();
        if pieces.len() != 10 {
            return Err(bad(format!("row {} has {} pieces, not 10", row + 1, pieces.len())));
        }
        for (file, code) in pieces.iter().enumerate() {
            let square = Square::new(file as u8, row).ok_or_else(|| bad(format!("no square {file},{row}")))?;
            if *code == "." {
                continue;
            }
            if let Some(rank) = super::piece::Rank::parse(code) {
                ranked.push((square, rank));
            } else {
                let kind = roster.find(code).ok_or_else(|| {
                    bad(format!("{square}: '{code}' is no piece's code or rank (see /stratego pieces)"))
                })?;
                if roster.kind(kind).side != side {
                    return Err(bad(format!("{square}: {} is not one of your pieces", roster.kind(kind).label())));
                }
                coded.push((square, kind));
            }
        }
    }
    // Ranks stand for the pieces of that rank the codes left over.
    let mut army = roster.army(side, variant);
    for (_, k) in &coded {
        if let Some(i) = army.iter().position(|a| a == k) {
            army.remove(i);
        }
    }
    let rest = super::game::deal(roster, variant, &ranked, army, seed)?;
    coded.extend(rest);
    Ok(coded)
}

/// What a player types for a piece of `kind`: its rank, unless it is a character with powers sharing its
/// rank with pieces that play otherwise; then its code. Typed so, every rank stands for pieces that play
/// alike (`deal`).
pub fn typed_as(roster: &Roster, variant: Variant, side: Side, kind: Kind) -> String {
    let def = roster.kind(kind);
    let plain = !variant.powers() || (def.powers.is_empty() && def.role.is_none());
    let army = roster.army(side, variant);
    let shared =
        army.iter().any(|k| roster.kind(*k).rank == def.rank && !super::game::alike(roster, variant, *k, kind));
    if plain || !shared { def.rank.code() } else { def.code.clone() }
}

/// `setup` as the text `parse_setup` reads: ranks in game 1, codes from game 2 on (pieces differ there).
pub fn setup_text(roster: &Roster, variant: Variant, side: Side, setup: &[(Square, Kind)]) -> String {
    let powers = variant.powers();
    grid(variant, side, setup, |k| if powers { roster.kind(k).code.clone() } else { roster.kind(k).rank.code() })
}

/// `setup` with every piece by its code, as the log keeps it (a replay then names the same characters).
pub fn setup_codes(roster: &Roster, variant: Variant, side: Side, setup: &[(Square, Kind)]) -> String {
    grid(variant, side, setup, |k| roster.kind(k).code.clone())
}

/// `setup` as rows of text, top row first, each piece as `word` names it (`.` an empty square).
fn grid(variant: Variant, side: Side, setup: &[(Square, Kind)], word: impl Fn(Kind) -> String) -> String {
    let mut lines = Vec::new();
    for row in side.home_rows(variant.depth()).rev() {
        let line: Vec<String> = (0..10)
            .map(|file| {
                let at = setup.iter().find(|(s, _)| s.file == file && s.row == row);
                at.map_or(".".to_string(), |(_, k)| word(*k))
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
        let roster = Roster::embedded();
        for variant in Variant::ALL {
            for side in [Side::Evil, Side::Good] {
                let setup = Stratego::random_setup(&roster, variant, side, 9);
                let text = setup_text(&roster, variant, side, &setup);
                let mut read = parse_setup(&roster, variant, side, &text, 1).expect("its own text");
                let mut want = setup.clone();
                read.sort();
                want.sort();
                if variant.powers() {
                    assert_eq!(read, want, "game {}", variant.number());
                } else {
                    let ranks = |s: &Setup| s.iter().map(|(q, k)| (*q, roster.kind(*k).rank)).collect::<Vec<_>>();
                    assert_eq!(ranks(&read), ranks(&want));
                }
            }
        }
        let evil = Stratego::random_setup(&roster, Variant::Classic, Side::Evil, 1);
        let evil = parse_setup(
            &roster,
            Variant::Classic,
            Side::Evil,
            &setup_text(&roster, Variant::Classic, Side::Evil, &evil),
            1,
        )
        .unwrap();
        assert!(evil.iter().all(|(s, _)| s.row <= 3), "Evil's lines are its rows 4 to 1");
    }

    #[test]
    fn a_pasted_setup_with_a_mistake_says_where() {
        let roster = Roster::embedded();
        let v = Variant::Classic;
        let good = setup_text(&roster, v, Side::Good, &Stratego::random_setup(&roster, v, Side::Good, 2));
        let lines: Vec<&str> = good.lines().collect();
        let read = |t: &str| parse_setup(&roster, v, Side::Good, t, 1);
        assert!(matches!(read(&lines[..3].join("\n")), Err(Refusal::Setup(m)) if m.contains("this one has 3")));
        let short = good.replacen(' ', "", 1);
        assert!(matches!(read(&short), Err(Refusal::Setup(m)) if m.contains("row 10 has 9")));
        let wrong = format!("X{}", &good[good.find(' ').unwrap()..]);
        assert!(matches!(read(&wrong), Err(Refusal::Setup(m)) if m.contains("a10: 'X'")));
        let theirs = good.replacen(&good[..good.find(' ').unwrap()], "SID", 1);
        assert!(matches!(read(&theirs), Err(Refusal::Setup(m)) if m.contains("not one of your pieces")), "{theirs}");
    }

    #[test]
    fn characters_typed_by_rank_are_dealt_in_a_secret_order_not_the_reading_order() {
        // Were they dealt in roster order, a Stormtrooper shown in combat would tell that the four 2s before
        // it in reading order are Battle Droids, hence 2s.
        let roster = Roster::embedded();
        let v = Variant::Classic;
        let text = setup_text(&roster, v, Side::Evil, &Stratego::random_setup(&roster, v, Side::Evil, 4));
        let bat = roster.find("BAT").unwrap();
        let first_four = |seed: u64| {
            let mut setup = parse_setup(&roster, v, Side::Evil, &text, seed).unwrap();
            setup.sort_by_key(|(s, _)| (std::cmp::Reverse(s.row), s.file));
            let twos: Vec<Kind> = setup
                .iter()
                .map(|(_, k)| *k)
                .filter(|k| roster.kind(*k).rank == crate::games::stratego::Rank::Number(2))
                .collect();
            twos[..4].iter().all(|k| *k == bat)
        };
        assert!((0..8).any(|seed| !first_four(seed)), "the Battle Droids always came first");
        // The same seed deals the same way (a replay), and the log keeps the codes anyway.
        assert_eq!(parse_setup(&roster, v, Side::Evil, &text, 3), parse_setup(&roster, v, Side::Evil, &text, 3));
    }

    #[test]
    fn from_game_two_a_rank_names_a_piece_wherever_the_pieces_of_that_rank_left_are_alike() {
        let roster = Roster::embedded();
        let v = Variant::Powers;
        let setup = Stratego::random_setup(&roster, v, Side::Good, 3);
        let text = setup_text(&roster, v, Side::Good, &setup);
        let read = |t: &str| parse_setup(&roster, v, Side::Good, t, 1);
        let at = |t: &str, code: &str| {
            let s = read(t).unwrap();
            let kind = roster.find(code).unwrap();
            s.iter().filter(|(_, k)| *k == kind).map(|(q, _)| *q).collect::<Vec<_>>()
        };
        let square_of = |code: &str| setup.iter().find(|(_, k)| roster.kind(*k).code == code).unwrap().0;
        // Yoda is the only 10: "10" means him, on his square.
        assert_eq!(at(&text.replace("YOD", "10"), "YOD"), [square_of("YOD")]);
        // Detonators are all alike: "B" will do.
        assert!(read(&text.replace("TDG", "B")).is_ok());
        // Two 8s with different powers: "8" alone could be either, and the answer names both codes.
        let both = text.replace("MAC", "8").replace("ANA", "8");
        let e = read(&both).unwrap_err().to_string();
        assert!(e.contains("could be") && e.contains("(MAC)") && e.contains("(ANA)"), "{e}");
        // One of them named: the other 8 is the one left.
        assert_eq!(at(&text.replace("ANA", "8"), "ANA"), [square_of("ANA")]);
        // Obi-Wan and a plain 7 differ too.
        let e = read(&text.replace("OBI", "7").replace("G7R", "7")).unwrap_err().to_string();
        assert!(e.contains("(OBI)") && e.contains("(G7R)"), "{e}");
    }

    #[test]
    fn a_setup_typed_as_the_pieces_list_says_reads_back_in_every_game() {
        let roster = Roster::embedded();
        for variant in Variant::ALL {
            for side in [Side::Evil, Side::Good] {
                let setup = Stratego::random_setup(&roster, variant, side, 5);
                let text = grid(variant, side, &setup, |k| typed_as(&roster, variant, side, k));
                let read = parse_setup(&roster, variant, side, &text, 3)
                    .unwrap_or_else(|e| panic!("game {} {side:?}: {e}\n{text}", variant.number()));
                for (square, kind) in &setup {
                    let got = read.iter().find(|(s, _)| s == square).map(|(_, k)| *k).unwrap();
                    assert!(
                        super::super::game::alike(&roster, variant, got, *kind),
                        "{square} in game {}",
                        variant.number()
                    );
                }
            }
        }
    }
}
