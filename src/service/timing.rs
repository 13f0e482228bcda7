//! Per-game settings, every game's: its options, how long a seat has to decide and when it is reminded.

use crate::store::Time;
use serde::{Deserialize, Serialize};

/// A game's settings, every game's, as its record keeps them (JSON): its lobby's options, its clock, how
/// its seats are dealt, whether its seed was sealed, and its stand-in. Every saved form still reads: the
/// first game's own path writes as it always did (no options, no seal: it seals every game), a table's
/// gains the seat dealing it never uses.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSettings {
    /// The lobby's options, one `name value` a line, as its game checked them (none in the first game's
    /// records: its seat count says all).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub options: String,
    /// Minutes a seat has for its decision before the game reports it overdue (none: no deadline).
    pub deadline_minutes: Option<u32>,
    /// Minutes of waiting before the seat is reminded (none: no reminders).
    pub remind_minutes: Option<u32>,
    /// Deal the seats out at random when the game starts (players who did not pick a side).
    pub draw_sides: bool,
    /// Its seed is sealed in public as play begins (every table since the seal was shared; the first
    /// game seals every game and never kept this).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub sealed: bool,
    /// The stand-in the players chose, and who it plays for now.
    #[serde(flatten)]
    pub stand_ins: super::StandIns,
}

/// What the thread is told when neither side has come closer to winning for `rounds` rounds, with the
/// game's draw offered by its own `command` (`/qg`): both paths say it in these words.
pub fn stall_line(rounds: u32, command: &str) -> String {
    format!(
        "⏳ Neither side has come closer to winning in {rounds} rounds: either may offer a draw with {command} draw."
    )
}

/// The wait's clock after a step (since when, the next reminder, the deadline), for every game: stopped
/// when the game is `over`, started again when `someone_new` must decide (a move handed over, a new
/// round), else unchanged (a seat that still decides made one more step of its decision).
pub(super) fn wait_after(
    row: &crate::store::GameRow,
    settings: &GameSettings,
    over: bool,
    someone_new: bool,
    now: Time,
) -> (Option<Time>, Option<Time>, Option<Time>) {
    if over {
        (None, None, None)
    } else if someone_new {
        let (remind, deadline) = settings.timers(now);
        (Some(now), remind, deadline)
    } else {
        (row.waiting_since, row.remind_at, row.deadline_at)
    }
}

/// What became of a due timer (`Service::move_timer`).
pub(super) enum Timer {
    /// It was the game's: the next reminder is set, or both timers are cleared at the deadline.
    Moved,
    /// The game no longer has it (a move, a pause or the end came first).
    Gone,
    /// Another process changed the game meanwhile: its copy here is loaded afresh.
    Stale,
}

impl super::stand_in::WithStandIns for GameSettings {
    fn stand_ins(&mut self) -> &mut super::StandIns {
        &mut self.stand_ins
    }

    fn json(&self) -> String {
        GameSettings::json(self)
    }
}

impl GameSettings {
    /// Settings from their JSON; unreadable settings fall back to none (a game must stay playable).
    pub fn parse(json: &str) -> GameSettings {
        GameSettings::read(json).unwrap_or_default()
    }

    /// Settings from their JSON, or none when they cannot be read (a table's options are never guessed).
    pub fn read(json: &str) -> Option<GameSettings> {
        serde_json::from_str(json).ok()
    }

    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// The reminder and deadline times for a wait that begins at `since`.
    pub fn timers(&self, since: Time) -> (Option<Time>, Option<Time>) {
        let at = |m: Option<u32>| m.map(|m| since + Time::from(m) * 60);
        (at(self.remind_minutes), at(self.deadline_minutes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Saved settings keep their exact form across releases: the stand-in's two fields sit at the top
    /// level as they always did, and settings without them still read.
    #[test]
    fn saved_settings_read_and_write_as_before() {
        let saved =
            r#"{"deadline_minutes":60,"remind_minutes":null,"draw_sides":true,"stand_in":"easy","absent":[[1,"222"]]}"#;
        let settings = GameSettings::parse(saved);
        assert_eq!(settings.stand_ins.stand_in.as_deref(), Some("easy"));
        assert_eq!(settings.stand_ins.absent, vec![(1, crate::store::UserId::from("222"))]);
        assert_eq!(settings.json(), saved);
        let older = r#"{"deadline_minutes":null,"remind_minutes":null,"draw_sides":false}"#;
        assert_eq!(GameSettings::parse(older), GameSettings::default());
        assert_eq!(GameSettings::default().json(), older);
    }
}
