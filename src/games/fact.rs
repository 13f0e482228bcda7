//! What a finished game tells a player's statistics, in the game's own words: each game names the
//! figures that matter in it (the first game's rounds and its real queen, Stratego's variant and how its
//! battles ended), and the shared statistics add them up over a player's games the same way for all.

/// One figure of one finished game.
#[derive(Clone, Debug, PartialEq)]
pub enum Fact {
    /// A number, told as its mean over the games: ("rounds a game", 7.0).
    Mean(&'static str, f64),
    /// Yes or no, told as how often: ("the real queen survived", true).
    Often(&'static str, bool),
    /// One of several, each counted: ("variant", "Special Powers"), ("ended by", "the Lightsaber taken").
    Count(&'static str, String),
}

impl Fact {
    /// Its label, which groups it with the same figure of other games.
    pub fn label(&self) -> &'static str {
        match self {
            Fact::Mean(l, _) | Fact::Often(l, _) | Fact::Count(l, _) => l,
        }
    }
}

/// A figure over many games, as a reader is told it.
#[derive(Clone, Debug, PartialEq)]
pub enum Summed {
    /// The mean of a number over `games`.
    Mean { label: &'static str, mean: f64, games: u32 },
    /// How many of `games` said yes.
    Often { label: &'static str, yes: u32, games: u32 },
    /// Each value with how many games gave it, the most first (then by name).
    Count { label: &'static str, counts: Vec<(String, u32)> },
}

/// The facts of many games summed up label by label, in the order the labels first appear.
pub fn sum(games: &[Vec<Fact>]) -> Vec<Summed> {
    let mut out: Vec<Summed> = Vec::new();
    for fact in games.iter().flatten() {
        let at = out.iter().position(|s| summed_label(s) == fact.label());
        let entry = match at {
            Some(i) => &mut out[i],
            None => {
                out.push(match fact {
                    Fact::Mean(label, _) => Summed::Mean { label, mean: 0.0, games: 0 },
                    Fact::Often(label, _) => Summed::Often { label, yes: 0, games: 0 },
                    Fact::Count(label, _) => Summed::Count { label, counts: Vec::new() },
                });
                let last = out.len() - 1;
                &mut out[last]
            }
        };
        match (entry, fact) {
            (Summed::Mean { mean, games, .. }, Fact::Mean(_, v)) => {
                *mean = (*mean * f64::from(*games) + v) / f64::from(*games + 1);
                *games += 1;
            }
            (Summed::Often { yes, games, .. }, Fact::Often(_, v)) => {
                *yes += u32::from(*v);
                *games += 1;
            }
            (Summed::Count { counts, .. }, Fact::Count(_, v)) => match counts.iter_mut().find(|(k, _)| k == v) {
                Some((_, n)) => *n += 1,
                None => counts.push((v.clone(), 1)),
            },
            // A label a game used for two kinds of figure: the first kind keeps it.
            _ => {}
        }
    }
    for s in &mut out {
        if let Summed::Count { counts, .. } = s {
            counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        }
    }
    out
}

impl Summed {
    /// In words, as every front end shows it: "Rounds a game: 7.4", "The real queen survived: 3 of 5
    /// games (60%)", "Ended by: the Lightsaber taken ×2, a concession ×1".
    pub fn describe(&self) -> String {
        let games = |n: u32| if n == 1 { "1 game".to_string() } else { format!("{n} games") };
        match self {
            Summed::Mean { label, mean, .. } if mean.fract().abs() < 0.05 => format!("{}: {mean:.0}", capital(label)),
            Summed::Mean { label, mean, .. } => format!("{}: {mean:.1}", capital(label)),
            Summed::Often { label, yes, games: n } => {
                let share = if *n == 0 { 0 } else { (f64::from(*yes) * 100.0 / f64::from(*n)).round() as u32 };
                format!("{}: {yes} of {} ({share}%)", capital(label), games(*n))
            }
            Summed::Count { label, counts } => {
                let each: Vec<String> = counts.iter().map(|(v, n)| format!("{v} ×{n}")).collect();
                format!("{}: {}", capital(label), each.join(", "))
            }
        }
    }
}

/// A label as the start of a line: its first letter capital.
fn capital(label: &str) -> String {
    let mut c = label.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

fn summed_label(s: &Summed) -> &'static str {
    match s {
        Summed::Mean { label, .. } | Summed::Often { label, .. } | Summed::Count { label, .. } => label,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_sum_to_means_shares_and_counts_label_by_label() {
        let games = vec![
            vec![Fact::Mean("rounds", 6.0), Fact::Often("queen", true), Fact::Count("end", "palace".into())],
            vec![Fact::Mean("rounds", 9.0), Fact::Often("queen", false), Fact::Count("end", "throne".into())],
            vec![Fact::Mean("rounds", 9.0), Fact::Often("queen", true), Fact::Count("end", "throne".into())],
        ];
        assert_eq!(
            sum(&games),
            vec![
                Summed::Mean { label: "rounds", mean: 8.0, games: 3 },
                Summed::Often { label: "queen", yes: 2, games: 3 },
                Summed::Count { label: "end", counts: vec![("throne".into(), 2), ("palace".into(), 1)] },
            ]
        );
        assert!(sum(&[]).is_empty());
    }
}
