//! A cap on this process's own requests to Discord's API (posts, edits, new threads), for hosts that run
//! several processes under Discord's one limit per bot (50 requests a second). Answers to interactions are
//! not paced: Discord does not count them against that limit, and they must come within 3 seconds.

use governor::clock::DefaultClock;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::OnceLock;

type Limiter = RateLimiter<NotKeyed, InMemoryState, DefaultClock>;

/// This process's pace, set once when it starts (none: no cap).
static PACE: OnceLock<Limiter> = OnceLock::new();

/// The limiter for `per_second` requests a second, in bursts of at most that many (none for 0).
fn limiter(per_second: u32) -> Option<Limiter> {
    NonZeroU32::new(per_second).map(|n| RateLimiter::direct(Quota::per_second(n)))
}

/// Cap this process at `per_second` requests a second (0: no cap). The first setting holds.
pub fn set(per_second: u32) {
    if let Some(l) = limiter(per_second) {
        let _ = PACE.set(l);
        tracing::info!(per_second, "requests to Discord capped");
    }
}

/// Wait for this process's turn to send a request (at once without a cap).
pub async fn turn() {
    if let Some(p) = PACE.get() {
        p.until_ready().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cap_lets_a_second_of_requests_through_then_holds_the_next() {
        assert!(limiter(0).is_none(), "0 is no cap");
        let pace = limiter(3).expect("a cap");
        for _ in 0..3 {
            assert!(pace.check().is_ok());
        }
        assert!(pace.check().is_err(), "the fourth waits for its turn");
    }
}
