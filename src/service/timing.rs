//! Per-game settings: how long a seat has to decide and when it is reminded.

use crate::store::Time;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct GameSettings {
    /// Minutes a seat has for its decision before the game reports it overdue (none: no deadline).
    pub deadline_minutes: Option<u32>,
    /// Minutes of waiting before the seat is reminded (none: no reminders).
    pub remind_minutes: Option<u32>,
    /// Deal the seats out at random when the game starts (players who did not pick a side).
    pub draw_sides: bool,
    /// The stand-in the players chose, and who it plays for now.
    #[serde(flatten)]
    pub stand_ins: super::StandIns,
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
        serde_json::from_str(json).unwrap_or_default()
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
