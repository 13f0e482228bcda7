//! A player's ping preferences: pings on or off, and quiet hours (UTC) when reminders come silently.
//! Kept per user across servers; the service decides with its own clock whether a ping is wanted now.

use super::{Service, ServiceError, UserId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Prefs {
    /// Ping when it is this player's move and for reminders.
    pub pings: bool,
    /// Quiet hours, from and to, in UTC hours (0-23): no pings in between.
    pub quiet: Option<(u8, u8)>,
    /// Arrangements the player kept to use again (a Stratego setup), by shelf (the game, its variant and
    /// side: where one fits), then by the name the player gave it: the choice that recreates it.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub keepsakes: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs { pings: true, quiet: None, keepsakes: Default::default() }
    }
}

impl Prefs {
    fn parse(json: &str) -> Result<Prefs, serde_json::Error> {
        serde_json::from_str(json)
    }

    pub fn json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// Whether to ping now (`now` in Unix seconds).
    pub fn wants_ping(&self, now: i64) -> bool {
        if !self.pings {
            return false;
        }
        let hour = ((now.rem_euclid(86_400)) / 3600) as u8;
        match self.quiet {
            Some((from, to)) if from < to => !(from..to).contains(&hour),
            Some((from, to)) if from > to => !(hour >= from || hour < to),
            _ => true,
        }
    }

    pub fn describe(&self) -> String {
        let pings = if self.pings { "on" } else { "off" };
        match self.quiet {
            Some((a, b)) => format!("Pings are {pings}, except quiet hours {a:02}:00-{b:02}:00 UTC."),
            None => format!("Pings are {pings}; no quiet hours."),
        }
    }
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

    /// The users of `users` who want a ping now.
    pub(super) async fn wanting_pings(
        &self,
        users: &std::collections::BTreeSet<UserId>,
    ) -> std::collections::BTreeSet<UserId> {
        let mut out = std::collections::BTreeSet::new();
        for user in users {
            if self.ping_wanted(user).await {
                out.insert(user.clone());
            }
        }
        out
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
}
