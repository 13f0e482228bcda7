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
    /// The computer, at this level, plays the seat of a player who misses a deadline, until they come back
    /// (none: the deadline is only told).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stand_in: Option<String>,
    /// The players the computer plays for now, by seat number, and who they are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<(u8, crate::store::UserId)>,
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
