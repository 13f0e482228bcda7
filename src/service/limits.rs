//! Limits on everyone: how many lobbies and games a member and a server may hold, how fast a member may
//! send commands and clicks, and when a lobby nobody starts closes. The host (terminal, tests) is exempt.

use super::{Caller, Service, ServiceError};
use crate::store::{Quota, UserId};
use governor::{DefaultKeyedRateLimiter, RateLimiter};
use std::num::NonZeroU32;

/// The quotas, from the configuration's `[limits]`. Zero means no limit.
#[derive(Clone, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Open lobbies (not started yet) one member may sit in.
    pub lobbies_per_user: u32,
    /// Open lobbies on one server.
    pub lobbies_per_server: u32,
    /// Games in play (started and not over; paused ones count) on one server.
    pub games_per_server: u32,
    /// Games against the computer (lobbies and games not over) one member may sit in: they need nobody
    /// else to agree, so without it one member could take a server's whole share of games in play.
    pub computer_games_per_user: u32,
    /// Commands and clicks one member may send per minute (a burst of this many, then one every
    /// 60/n seconds).
    pub commands_per_minute: u32,
    /// Hours after which a lobby that never started closes.
    pub lobby_expiry_hours: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            lobbies_per_user: 3,
            lobbies_per_server: 25,
            games_per_server: 200,
            computer_games_per_user: 5,
            commands_per_minute: 60,
            lobby_expiry_hours: 48,
        }
    }
}

impl std::fmt::Display for Quota {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Quota::LobbiesPerUser(n) => {
                write!(
                    f,
                    "you already sit in {n} open {}: start one, or leave one, first",
                    plural(*n, "lobby", "lobbies")
                )
            }
            Quota::LobbiesPerServer(n) => write!(
                f,
                "this server already has {n} open {}: start one, or ask an admin to end one, first",
                plural(*n, "lobby", "lobbies")
            ),
            Quota::GamesPerServer(n) => write!(
                f,
                "this server already has {n} {} in play: finish one, or ask an admin to end one, first",
                plural(*n, "game", "games")
            ),
            Quota::ComputerGamesPerUser(n, _) => write!(
                f,
                "a player here is in {n} {} against the computer already, the most one member may be: finish \
                 or concede one first",
                plural(*n, "game", "games")
            ),
        }
    }
}

fn plural<'a>(n: u32, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

/// A token bucket per member for commands and clicks (or per key of another kind: a web page's link).
pub(super) struct Throttle<K: std::hash::Hash + Eq + Clone = UserId> {
    buckets: Option<DefaultKeyedRateLimiter<K>>,
}

impl<K: std::hash::Hash + Eq + Clone> Throttle<K> {
    pub fn new(per_minute: u32) -> Throttle<K> {
        Throttle { buckets: NonZeroU32::new(per_minute).map(|n| RateLimiter::hashmap(governor::Quota::per_minute(n))) }
    }

    /// Take a token for `user`; how long to wait when there is none.
    pub(super) fn take(&self, user: &K) -> Result<(), std::time::Duration> {
        let Some(buckets) = &self.buckets else { return Ok(()) };
        // Forget members whose buckets are full again, so the table stays as small as the active crowd.
        if buckets.len() > 10_000 {
            buckets.retain_recent();
        }
        buckets.check_key(user).map_err(|not_until| {
            use governor::clock::Clock;
            not_until.wait_time_from(governor::clock::DefaultClock::default().now())
        })
    }
}

/// Suggestions come while a member types: their allowance is this many times that of commands.
pub(super) const SUGGESTIONS_PER_COMMAND: u32 = 3;

impl Service {
    /// Count one command, click or form of `caller` against their per-minute allowance. Every front end
    /// calls it once per interaction, before doing any of its work (even before checking the interaction).
    pub fn admit(&self, caller: &Caller) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "admit");
        self.allowance(caller)
    }

    /// `admit`, as part of a call that counts the interaction itself (`answer`).
    pub(super) fn allowance(&self, caller: &Caller) -> Result<(), ServiceError> {
        if caller.is_host() {
            return Ok(());
        }
        self.throttle.take(caller.user()).map_err(|wait| {
            tracing::info!(user = %caller.user(), wait_ms = wait.as_millis() as u64, "too many commands: refused");
            ServiceError::TooFast { seconds: wait.as_secs() + 1 }
        })
    }

    /// Count one request for suggestions (autocomplete) of `caller`, against an allowance of its own
    /// (`SUGGESTIONS_PER_COMMAND` times the commands'), so typing never uses up the commands' allowance.
    pub fn admit_suggestion(&self, caller: &Caller) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "admit_suggestion");
        if caller.is_host() {
            return Ok(());
        }
        self.suggest_throttle.take(caller.user()).map_err(|wait| ServiceError::TooFast { seconds: wait.as_secs() + 1 })
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_a_burst_then_refuses_and_zero_means_no_limit() {
        let t: Throttle = Throttle::new(3);
        assert!((0..3).all(|_| t.take(&"a".into()).is_ok()));
        let wait = t.take(&"a".into()).unwrap_err();
        assert!(wait.as_secs() <= 20, "one token comes back every 20 s: {wait:?}");
        assert!(t.take(&"b".into()).is_ok(), "another member has their own bucket");
        let open: Throttle = Throttle::new(0);
        assert!((0..1000).all(|_| open.take(&"a".into()).is_ok()));
    }
}
