//! Stratego as the service hosts it (`games::Kind`): new games from a lobby's options, saved ones rebuilt
//! from their scripts, each with the roster it was created with.

use super::roster::Roster;
use super::rules::{Captures, Chasing, Repetition, Rules, Variant};
use super::script::replay_with;
use super::table::{KEY, Table};
use crate::games::Kind;
use crate::games::{Engine, Paste, Words};
use std::sync::Arc;

/// The names a lobby's options may set (the script's own header lines).
const OPTIONS: [&str; 5] = ["variant", "repetition", "chasing", "captures", "move-limit"];
/// The shortest move limit a lobby may set (a quick game still reaches its middle).
pub const MOVE_LIMIT_MIN: u32 = 20;

pub struct Hosted {
    roster: Arc<Roster>,
}

impl Hosted {
    pub fn new(roster: Arc<Roster>) -> Hosted {
        Hosted { roster }
    }

    /// The running roster, or the one a game was created with.
    fn roster(&self, data: Option<&str>) -> Result<Arc<Roster>, String> {
        match data {
            None => Ok(self.roster.clone()),
            Some(text) if text == self.roster.source => Ok(self.roster.clone()),
            Some(text) => Roster::parse(text).map(Arc::new).map_err(|e| format!("its roster no longer loads: {e}")),
        }
    }
}

/// The rules a lobby's checked options set (the rest as the booklet has them).
fn rules_of(options: &str) -> Rules {
    let mut rules = Rules::default();
    for line in options.lines() {
        let mut w = line.split_whitespace();
        let value = |v: Option<&str>| v.unwrap_or("").to_string();
        match (w.next(), value(w.next())) {
            (Some("variant"), v) => {
                rules.variant = v.parse().ok().and_then(Variant::from_number).unwrap_or(rules.variant)
            }
            (Some("repetition"), v) => rules.repetition = Repetition::parse(&v).unwrap_or(rules.repetition),
            (Some("chasing"), v) => rules.chasing = Chasing::parse(&v).unwrap_or(rules.chasing),
            (Some("captures"), v) => rules.captures = Captures::parse(&v).unwrap_or(rules.captures),
            (Some("move-limit"), v) => rules.move_limit = v.parse().unwrap_or(rules.move_limit),
            _ => {}
        }
    }
    rules
}

/// A roster named by its content, so a changed file is a new data set and old games keep theirs.
fn content_id(text: &str) -> String {
    // FNV-1a: stable across releases and platforms (the standard hasher is not promised to be).
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.as_bytes() {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("stratego-{h:016x}")
}

/// Stratego's words in the shared messages.
static WORDS: Words = Words {
    command: "/stratego",
    prepare_button: "Set up my army",
    play_button: "Your move",
    prepare_ask: "set up your army",
    play_ask: "to move",
    lobby_note: "Both sides set up in secret once it starts.",
    locked: "Your army is set up and locked. The game starts when both sides are ready.",
    seeded: "every random setup and the computer's choices",
    replayed: "every setup and move",
    showed: "showed something (a combat or a rank)",
    paste: Some(Paste {
        button: "Paste a setup",
        title: "Paste your setup",
        label: "Rows, top first: see /stratego pieces",
        placeholder: "B F B 4 MAC 5 . 2 3 S\n(ranks, or codes where a rank is shared)\n...",
        choice: "draft",
    }),
    confirm_concede: None,
};

impl Kind for Hosted {
    fn key(&self) -> &'static str {
        KEY
    }

    fn words(&self) -> &'static Words {
        &WORDS
    }

    fn name(&self) -> &'static str {
        "Stratego"
    }

    fn data_id(&self) -> String {
        content_id(&self.roster.source)
    }

    fn data_text(&self) -> String {
        self.roster.source.clone()
    }

    fn options(&self, text: &str) -> Result<String, String> {
        let mut kept = Vec::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let mut w = line.split_whitespace();
            let (name, value) = (w.next().unwrap_or(""), w.next().unwrap_or(""));
            if !OPTIONS.contains(&name) || w.next().is_some() {
                return Err(format!("'{line}' is not an option of Stratego"));
            }
            let fine = match name {
                "variant" => value.parse().ok().and_then(Variant::from_number).is_some(),
                "repetition" => Repetition::parse(value).is_some(),
                "chasing" => Chasing::parse(value).is_some(),
                "captures" => Captures::parse(value).is_some(),
                _ => value.parse::<u32>().is_ok_and(|n| (MOVE_LIMIT_MIN..=super::rules::MOVE_LIMIT).contains(&n)),
            };
            if !fine {
                return Err(format!("'{value}' is not a value of {name}"));
            }
            kept.push(format!("{name} {value}"));
        }
        Ok(kept.join("\n"))
    }

    fn open(&self, options: &str, seed: u64, data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        Ok(Box::new(Table::new(rules_of(options), self.roster(data)?, seed)))
    }

    fn replay(&self, script: &str, data: Option<&str>) -> Result<Box<dyn Engine>, String> {
        let roster = self.roster(data)?;
        let table = replay_with(script, roster).map_err(|e| e.to_string())?;
        Ok(Box::new(table))
    }

    /// Each side's pieces with what a typed setup calls them (`typed_as`): pieces that play alike and
    /// share a name on one line.
    fn pieces(&self, options: &str) -> String {
        let rules = rules_of(options);
        let variant = rules.variant;
        let mut out = format!(
            "Pieces of game {} ({}). In a typed setup, write the first word of a line for each of its pieces: \
             a rank, or the code of a character with powers who shares a rank.",
            variant.number(),
            variant.name()
        );
        if self.roster.reconstructed {
            out.push_str(" (Our reconstruction: the printed labels are not known.)");
        }
        for side in super::piece::Side::BOTH {
            out.push_str(&format!("\n**{}**", side.name()));
            let mut lines: Vec<(String, usize)> = Vec::new();
            for k in self.roster.army(side, variant) {
                let d = self.roster.kind(k);
                let typed = super::setup::typed_as(&self.roster, variant, side, k);
                let rank = if typed == d.rank.code() { String::new() } else { format!("{} ", d.rank.code()) };
                let mut line = format!("`{typed}` {rank}{}", d.label());
                let powers: Vec<&str> =
                    if variant.powers() { d.powers.iter().map(|p| p.name()).collect() } else { Vec::new() };
                if !powers.is_empty() {
                    line.push_str(&format!(" ({})", powers.join(", ")));
                }
                match lines.iter_mut().find(|(l, _)| *l == line) {
                    Some((_, n)) => *n += 1,
                    None => lines.push((line, 1)),
                }
            }
            for (line, n) in lines {
                out.push_str(&format!("\n{line}"));
                if n > 1 {
                    out.push_str(&format!(" ×{n}"));
                }
            }
        }
        out
    }

    fn describe(&self, options: &str) -> String {
        let mut variant = Variant::Classic;
        let mut extra = Vec::new();
        for line in options.lines() {
            let mut w = line.split_whitespace();
            match (w.next(), w.next()) {
                (Some("variant"), Some(v)) => {
                    variant = v.parse().ok().and_then(Variant::from_number).unwrap_or(variant)
                }
                (Some("captures"), Some(v)) if v != "open" => extra.push(format!("captures: {v}")),
                (Some("repetition"), Some("isf")) => extra.push("two-squares rule (ISF)".into()),
                (Some("chasing"), Some("more-squares")) => extra.push("no chasing".into()),
                (Some("move-limit"), Some(n)) => extra.push(format!("draw after {n} moves")),
                _ => {}
            }
        }
        // The variant by its name: "game" and a number name the game itself wherever this is shown.
        let mut out = variant.name().to_string();
        for e in extra {
            out.push_str(" · ");
            out.push_str(&e);
        }
        out
    }

    fn levels(&self) -> Vec<&'static str> {
        super::computer::LEVELS.to_vec()
    }

    /// From the classic game's arena (README): normal beat easy 87.5% (+338 Elo); hard beat normal 58.8%
    /// at a tenth of both budgets (+62).
    fn rating_anchors(&self) -> Vec<(&'static str, f64)> {
        vec![("easy", 1162.0), ("normal", 1500.0), ("hard", 1562.0)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lobby_keeps_only_stratego_options_with_good_values() {
        let h = Hosted::new(Roster::embedded());
        assert_eq!(h.options(" variant 2\ncaptures secret \n").unwrap(), "variant 2\ncaptures secret");
        for bad in ["variant 5", "captures hidden", "evil setup random", "seed 4", "move-limit 3", "variant 2 3"] {
            assert!(h.options(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_new_game_waits_for_both_setups_and_replays_from_its_script() {
        let h = Hosted::new(Roster::embedded());
        let mut g = h.open("variant 3\ncaptures stealth", 9, None).unwrap();
        assert_eq!(g.deciders(), vec![0, 1]);
        g.apply(0, "setup random").unwrap();
        g.apply(1, "setup guarded").unwrap();
        let again = h.replay(&g.script(), Some(&h.data_text())).unwrap();
        assert_eq!(again.script(), g.script());
        assert!(g.script().contains("variant 3\n") && g.script().contains("captures stealth\n"));
    }

    #[test]
    fn a_game_saved_while_one_side_arranges_its_setup_replays_as_it_was() {
        let h = Hosted::new(Roster::embedded());
        let mut g = h.open("variant 1", 4, None).unwrap();
        g.apply(0, "setup random").unwrap();
        g.apply(1, "draft guarded").unwrap();
        g.apply(1, "swap a7 b7").unwrap();
        let again = h.replay(&g.script(), None).unwrap();
        assert_eq!(again.steps(), 3, "nothing is locked on replay that was not locked");
        assert_eq!(again.deciders(), vec![1]);
        assert_eq!(again.script(), g.script());
        assert!(!g.last_public(), "a swap is secret");
        assert!(g.sight(Some(1)).is_some() && g.sight(Some(0)).is_none() && g.sight(None).is_none());
        g.apply(1, "setup draft").unwrap();
        assert!(g.sight(None).is_some(), "both locked: the game is on");
    }

    #[test]
    fn a_saved_game_opens_with_its_own_options_even_where_a_new_lobby_would_refuse_them() {
        let h = Hosted::new(Roster::embedded());
        assert!(h.options("move-limit 5").is_err(), "too short for a new lobby");
        let g = h.open("move-limit 5", 1, None).unwrap();
        assert!(g.script().contains("\nmove-limit 5\n"), "{}", g.script());
    }

    #[test]
    fn a_script_names_its_rules_version_and_one_from_before_versions_replays_as_version_one() {
        let h = Hosted::new(Roster::embedded());
        let mut g = h.open("variant 1", 2, None).unwrap();
        g.apply(0, "setup guarded").unwrap();
        let script = g.script();
        assert!(script.starts_with("gambit-script 1\ngame stratego\nrules 1\n"), "{script}");
        let older = script.replace("rules 1\n", "");
        assert_eq!(h.replay(&older, None).unwrap().script(), script);
        let later = h.replay(&script.replace("rules 1\n", "rules 2\n"), None).err().expect("refused");
        assert!(later.contains("Stratego rules 2"), "{later}");
    }

    #[test]
    fn a_roster_is_named_by_its_content() {
        let h = Hosted::new(Roster::embedded());
        assert_eq!(h.data_id(), content_id(&Roster::embedded().source));
        assert_ne!(content_id("a"), content_id("b"));
    }
}
