//! Who plays a seat of the first game, by name ("normal", "cmd:python3 bot.py"); the levels and their
//! budgets are every game's (`games::effort`).

pub use crate::games::effort::{Level, LevelBudget, Settings};
use std::str::FromStr;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// Any legal answer, each as likely.
    Random,
    /// The self-play player's taste: the yardstick.
    Greedy,
    Level(Level),
    /// An outside program speaking the agent protocol (docs/agent-protocol.md).
    Command(String),
}

impl Spec {
    /// The computer's level, for a built-in searching or scripted player.
    pub fn level(&self) -> Option<Level> {
        match self {
            Spec::Level(l) => Some(*l),
            _ => None,
        }
    }
}

impl std::fmt::Display for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Spec::Random => f.write_str("random"),
            Spec::Greedy => f.write_str("greedy"),
            Spec::Level(l) => f.write_str(l.key()),
            Spec::Command(p) => write!(f, "cmd:{p}"),
        }
    }
}

impl FromStr for Spec {
    type Err = String;

    fn from_str(s: &str) -> Result<Spec, String> {
        let t = s.trim();
        if let Some(program) = t.strip_prefix("cmd:") {
            return match program.trim() {
                "" => Err("'cmd:' needs a program to run, e.g. 'cmd:python3 my_bot.py'".into()),
                p => Ok(Spec::Command(p.to_string())),
            };
        }
        match t.to_ascii_lowercase().as_str() {
            "random" => Ok(Spec::Random),
            "greedy" => Ok(Spec::Greedy),
            other => Level::from_key(other)
                .map(Spec::Level)
                .ok_or_else(|| format!("'{t}' is not an agent: random, greedy, easy, normal, hard or cmd:PROGRAM")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_are_named_as_the_arena_spells_them() {
        assert_eq!("normal".parse::<Spec>(), Ok(Spec::Level(Level::Normal)));
        assert_eq!(" Hard ".parse::<Spec>(), Ok(Spec::Level(Level::Hard)));
        assert_eq!("greedy".parse::<Spec>(), Ok(Spec::Greedy));
        assert_eq!("cmd:python3 bot.py".parse::<Spec>(), Ok(Spec::Command("python3 bot.py".into())));
        assert!("cmd:".parse::<Spec>().unwrap_err().contains("needs a program"));
        assert!("grandmaster".parse::<Spec>().unwrap_err().contains("not an agent"));
        for s in ["random", "greedy", "easy", "normal", "hard", "cmd:./bot --fast"] {
            assert_eq!(s.parse::<Spec>().map(|x| x.to_string()), Ok(s.to_string()));
        }
    }
}
