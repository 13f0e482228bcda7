//! A player's ping preferences: pings on or off, quiet hours when reminders come silently, and the time
//! zone those hours are in (UTC unless they name one; daylight-saving changes follow the zone). Kept per
//! user across servers; the service decides with its own clock whether a ping is wanted now.

use super::{Service, ServiceError, UserId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Ping when it is this player's move and for reminders.
    pub pings: bool,
    /// Quiet hours, from and to, in hours (0-23) of the player's time zone: no pings in between.
    pub quiet: Option<(u8, u8)>,
    /// The player's time zone by its IANA name (`Europe/Paris`); none: UTC.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// Keep the player's name off the web pages (their leaderboards show "a player" instead).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub hide_name: bool,
    /// Arrangements the player kept to use again (a Stratego setup), by shelf (the game, its variant and
    /// side: where one fits), then by the name the player gave it: the choice that recreates it.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub keepsakes: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs { pings: true, quiet: None, timezone: None, hide_name: false, keepsakes: Default::default() }
    }
}

impl Prefs {
    fn parse(json: &str) -> Result<Prefs, serde_json::Error> {
        serde_json::from_str(json)
    }

    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// The player's zone (UTC when they named none, or one this build does not know).
    pub fn zone(&self) -> chrono_tz::Tz {
        self.zone_or(chrono_tz::Tz::UTC)
    }

    /// The player's zone, `default` (their server's) when they named none.
    pub fn zone_or(&self, default: chrono_tz::Tz) -> chrono_tz::Tz {
        self.timezone.as_deref().and_then(zone_named).unwrap_or(default)
    }

    /// The hour (0-23) it is at `now` (Unix seconds) in the player's zone.
    pub fn local_hour(&self, now: i64) -> u8 {
        self.hour_in(now, self.zone())
    }

    fn hour_in(&self, now: i64, zone: chrono_tz::Tz) -> u8 {
        use chrono::{TimeZone, Timelike};
        match zone.timestamp_opt(now, 0).single() {
            Some(t) => t.hour() as u8,
            None => ((now.rem_euclid(86_400)) / 3600) as u8,
        }
    }

    /// Whether to ping now (`now` in Unix seconds).
    pub fn wants_ping(&self, now: i64) -> bool {
        self.wants_ping_in(now, chrono_tz::Tz::UTC)
    }

    /// Whether to ping now, the quiet hours in `default`'s time (their server's) if they named no zone.
    pub fn wants_ping_in(&self, now: i64, default: chrono_tz::Tz) -> bool {
        if !self.pings {
            return false;
        }
        let hour = self.hour_in(now, self.zone_or(default));
        match self.quiet {
            Some((from, to)) if from < to => !(from..to).contains(&hour),
            Some((from, to)) if from > to => !(hour >= from || hour < to),
            _ => true,
        }
    }

    pub fn describe(&self) -> String {
        let pings = if self.pings { "on" } else { "off" };
        let zone = self.zone();
        match self.quiet {
            Some((a, b)) => format!("Pings are {pings}, except quiet hours {a:02}:00-{b:02}:00 ({zone} time)."),
            None => format!("Pings are {pings}; no quiet hours. Your time zone: {zone}."),
        }
    }
}

/// A time zone by its IANA name, whatever its case (`europe/paris` is Europe/Paris).
pub fn zone_named(name: &str) -> Option<chrono_tz::Tz> {
    let name = name.trim();
    name.parse::<chrono_tz::Tz>()
        .ok()
        .or_else(|| chrono_tz::TZ_VARIANTS.iter().find(|z| z.name().eq_ignore_ascii_case(name)).copied())
}

/// A Unix time as the pages state it to a reader in `zone`: `YYYY-MM-DD HH:MM Zone/Name` (daylight-saving
/// time as the zone keeps it; `... UTC` in UTC).
pub fn local_time(secs: i64, zone: chrono_tz::Tz) -> String {
    use chrono::TimeZone;
    match zone.timestamp_opt(secs, 0).single() {
        Some(t) => format!("{} {}", t.format("%Y-%m-%d %H:%M"), zone.name()),
        None => crate::store::utc(secs),
    }
}

/// Time zones whose name holds `partial` (any case), for suggestions as a player types: at most `limit`.
pub fn zones_like(partial: &str, limit: usize) -> Vec<&'static str> {
    let partial = partial.trim().to_lowercase().replace(' ', "_");
    chrono_tz::TZ_VARIANTS
        .iter()
        .map(|z| z.name())
        .filter(|n| n.to_lowercase().contains(&partial))
        .take(limit)
        .collect()
}

impl Service {
    /// A user's ping preferences (the defaults when they chose none). A record that cannot be read is
    /// logged and read as the defaults: pings are a convenience, never a reason to refuse a move.
    pub async fn preferences(&self, user: &UserId) -> Result<Prefs, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "preferences");
        self.prefs_of(user).await
    }

    pub(super) async fn prefs_of(&self, user: &UserId) -> Result<Prefs, ServiceError> {
        let Some(json) = self.store.user_settings(user).await? else { return Ok(Prefs::default()) };
        Ok(Prefs::parse(&json).unwrap_or_else(|e| {
            tracing::warn!(user = %user, error = %e, "a user's ping preferences cannot be read: using the defaults");
            Prefs::default()
        }))
    }

    pub async fn set_preferences(&self, user: &UserId, prefs: &Prefs) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "set_preferences");
        Ok(self.store.set_user_settings(user, &prefs.json(), self.now()).await?)
    }

    /// Change a user's preferences by `change`, read and written as one: what another command or process
    /// changed meanwhile is read again and kept, never overwritten (`change` runs again on it). Returns
    /// the preferences as saved and what `change` returned.
    pub async fn change_preferences<T>(
        &self,
        user: &UserId,
        mut change: impl FnMut(&mut Prefs) -> Result<T, ServiceError>,
    ) -> Result<(Prefs, T), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "change_preferences");
        for _ in 0..8 {
            let old = self.store.user_settings(user).await?;
            let mut prefs = match old.as_deref().map(Prefs::parse) {
                Some(Ok(p)) => p,
                Some(Err(e)) => {
                    tracing::warn!(user = %user, error = %e, "a user's preferences cannot be read: starting afresh");
                    Prefs::default()
                }
                None => Prefs::default(),
            };
            let out = change(&mut prefs)?;
            if self.store.swap_user_settings(user, old.as_deref(), &prefs.json(), self.now()).await? {
                return Ok((prefs, out));
            }
        }
        Err(ServiceError::TooFast { seconds: 1 })
    }

    /// The users of `users` who want a ping now about `game` (whose server's time zone is theirs if they
    /// named none: read only when someone's quiet hours need it).
    pub(super) async fn wanting_pings(
        &self,
        users: &std::collections::BTreeSet<UserId>,
        game: crate::store::GameId,
    ) -> std::collections::BTreeSet<UserId> {
        let mut out = std::collections::BTreeSet::new();
        let mut server_zone = None;
        // A player away is not pinged: their games wait for them.
        let away = self.away_among(&users.iter().cloned().collect::<Vec<_>>()).await;
        for user in users {
            if user.is_computer() || away.contains_key(user) {
                continue;
            }
            let prefs = match self.prefs_of(user).await {
                Ok(p) => p,
                // Cannot tell: a ping too many beats a missed turn.
                Err(_) => {
                    out.insert(user.clone());
                    continue;
                }
            };
            let zone = match (&prefs.quiet, &prefs.timezone, server_zone) {
                (Some(_), None, None) => {
                    let zone = self.zone_of_game(game).await;
                    server_zone = Some(zone);
                    zone
                }
                (_, _, Some(zone)) => zone,
                _ => chrono_tz::Tz::UTC,
            };
            if prefs.wants_ping_in(self.now(), zone) {
                out.insert(user.clone());
            }
        }
        out
    }

    /// The default time zone of `game`'s server (UTC outside a server, or when it cannot be read).
    async fn zone_of_game(&self, game: crate::store::GameId) -> chrono_tz::Tz {
        let Ok(row) = self.store.game(game).await else { return chrono_tz::Tz::UTC };
        self.zone_of_server(row.guild_id.as_ref()).await
    }

    /// The time zone of server `guild` (UTC for none, or when its settings cannot be read).
    pub(super) async fn zone_of_server(&self, guild: Option<&crate::store::ServerId>) -> chrono_tz::Tz {
        match guild {
            Some(guild) => self.server_settings(guild).await.map(|s| s.zone()).unwrap_or(chrono_tz::Tz::UTC),
            None => chrono_tz::Tz::UTC,
        }
    }

    /// The time zone `user` reads times in on server `guild`'s pages: their own, else their server's.
    pub(super) async fn zone_of_reader(&self, user: &UserId, guild: Option<&crate::store::ServerId>) -> chrono_tz::Tz {
        let own = self.prefs_of(user).await.ok().and_then(|p| p.timezone.as_deref().and_then(zone_named));
        match own {
            Some(zone) => zone,
            None => self.zone_of_server(guild).await,
        }
    }

    /// Whether `user` wants a ping now.
    pub async fn wants_ping(&self, user: &UserId) -> bool {
        tracing::trace!(target: "gambit::service::call", call = "wants_ping");
        self.ping_wanted(user).await
    }

    async fn ping_wanted(&self, user: &UserId) -> bool {
        // The computer is never pinged: it is already on it.
        if user.is_computer() {
            return false;
        }
        match self.prefs_of(user).await {
            Ok(p) => p.wants_ping(self.now()),
            // Cannot tell: a ping too many beats a missed turn.
            Err(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_wrap_around_midnight() {
        let night = Prefs { pings: true, quiet: Some((22, 7)), ..Prefs::default() };
        let at = |h: i64| h * 3600;
        assert!(!night.wants_ping(at(23)) && !night.wants_ping(at(3)) && night.wants_ping(at(12)));
        let lunch = Prefs { pings: true, quiet: Some((12, 13)), ..Prefs::default() };
        assert!(!lunch.wants_ping(at(12)) && lunch.wants_ping(at(13)));
        assert!(!Prefs { pings: false, ..Prefs::default() }.wants_ping(at(12)));
        assert!(Prefs::default().wants_ping(at(3)));
    }

    fn at(utc: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(utc).unwrap().timestamp()
    }

    /// Quiet hours 22:00-07:00 in New York hold across the change to daylight-saving time (8 March 2026):
    /// 02:30 UTC is 21:30 in New York the day before (pinged), 22:30 the day after (quiet).
    #[test]
    fn quiet_hours_follow_the_players_zone_across_a_daylight_saving_change() {
        let p = Prefs { quiet: Some((22, 7)), timezone: Some("America/New_York".into()), ..Prefs::default() };
        assert_eq!(p.local_hour(at("2026-03-07T02:30:00Z")), 21);
        assert!(p.wants_ping(at("2026-03-07T02:30:00Z")), "21:30 EST: not quiet yet");
        assert_eq!(p.local_hour(at("2026-03-10T02:30:00Z")), 22);
        assert!(!p.wants_ping(at("2026-03-10T02:30:00Z")), "22:30 EDT: quiet");
        assert!(p.wants_ping(at("2026-03-10T11:30:00Z")), "07:30 EDT: awake");
        // The same hours without a zone are UTC's.
        let utc = Prefs { timezone: None, ..p.clone() };
        assert!(!utc.wants_ping(at("2026-03-07T02:30:00Z")));
        assert_eq!(p.describe(), "Pings are on, except quiet hours 22:00-07:00 (America/New_York time).");
    }

    #[test]
    fn a_zone_is_found_by_its_name_in_any_case_and_suggested_by_part_of_it() {
        assert_eq!(zone_named("europe/paris"), Some(chrono_tz::Tz::Europe__Paris));
        assert_eq!(zone_named(" America/New_York "), Some(chrono_tz::Tz::America__New_York));
        assert_eq!(zone_named("Mars/Olympus_Mons"), None);
        assert!(zones_like("new york", 25).contains(&"America/New_York"));
        assert!(zones_like("e", 25).len() <= 25);
    }
}
