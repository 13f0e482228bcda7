//! How hard the computer tries, for every game: its levels by name, and what a searching level may
//! spend on one decision (the host's `[computer]` settings). A level is its search budget in worlds
//! played (reproducible in tests and the arena, which lift the time caps), capped by time in live play,
//! and a temperature: with one, a level that found a choice proven better than its script's sometimes
//! keeps the script's, the likelier the smaller the gain (a softmax of the two). Nothing is ever played at
//! random on purpose. Each game's computer reads these its own way (`Engine::player`).

use std::time::Duration;

/// The computer's levels.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// The scripted player: no search.
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn from_key(key: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.key().eq_ignore_ascii_case(key.trim()))
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

/// What one searching level may spend on a decision.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct LevelBudget {
    /// Worlds played for one decision, in all.
    pub iterations: u32,
    /// The most time one decision may take (live play; the search stops with the best found so far).
    pub cap: Duration,
    /// Softmax temperature over option values (0: always the best).
    pub temperature: f64,
}

/// Budgets of the levels, and the time an outside program has to answer.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub normal: LevelBudget,
    pub hard: LevelBudget,
    /// How long an outside program (`cmd:`) may take for one answer.
    pub command_limit: Duration,
    /// Live play: a level that answers after a steady delay (its cap) does so, so its thinking time tells
    /// nothing hidden. Off when the caps are lifted (the arena, tests).
    pub steady: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            normal: LevelBudget { iterations: 1_000, cap: Duration::from_secs(1), temperature: 0.01 },
            hard: LevelBudget { iterations: 10_000, cap: Duration::from_secs(5), temperature: 0.0 },
            command_limit: Duration::from_secs(10),
            steady: true,
        }
    }
}

impl Settings {
    /// The budget of a searching level (easy searches nothing).
    pub fn budget(&self, level: Level) -> LevelBudget {
        match level {
            Level::Easy => LevelBudget { iterations: 0, cap: Duration::ZERO, temperature: 0.0 },
            Level::Normal => self.normal,
            Level::Hard => self.hard,
        }
    }

    /// The same budgets with no time caps: a decision depends on its worlds alone (the arena, tests).
    pub fn uncapped(mut self) -> Settings {
        for b in [&mut self.normal, &mut self.hard] {
            b.cap = Duration::from_secs(3600);
        }
        self.steady = false;
        self
    }

    /// Every search budget times `scale` (at least one world), to measure levels in less time.
    pub fn scaled(mut self, scale: f64) -> Settings {
        for b in [&mut self.normal, &mut self.hard] {
            b.iterations = ((f64::from(b.iterations) * scale).round() as u32).max(1);
        }
        self
    }
}

/// Whether a level names an outside program (`cmd:PROGRAM`), which only the terminal's host may run.
pub fn is_program(level: &str) -> bool {
    level.trim_start().starts_with("cmd:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_scale_multiplies_every_search_and_keeps_one_world() {
        let s = Settings::default().scaled(0.5);
        assert_eq!((s.normal.iterations, s.hard.iterations), (500, 5_000));
        assert_eq!(Settings::default().scaled(0.0).normal.iterations, 1);
        assert_eq!(s.budget(Level::Easy).iterations, 0);
    }
}
