//! The door every interaction passes: counted while in flight, and closed when the bot is stopping, so
//! a stop lets the work already started finish (and be answered) before the process ends.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::Notify;

#[derive(Debug, Default)]
pub struct Gate {
    closed: AtomicBool,
    in_flight: AtomicUsize,
    idle: Notify,
}

/// One interaction in flight; it leaves when dropped.
pub struct Ticket<'a> {
    gate: &'a Gate,
}

impl Gate {
    /// Let an interaction in, unless the bot is stopping.
    pub fn enter(&self) -> Option<Ticket<'_>> {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        if self.closed.load(Ordering::SeqCst) {
            self.leave();
            return None;
        }
        Some(Ticket { gate: self })
    }

    fn leave(&self) {
        if self.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.idle.notify_waiters();
        }
    }

    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::SeqCst)
    }

    /// Let nothing new in, then wait (at most `bound`) for what is in flight; `false` if time ran out.
    pub async fn close(&self, bound: Duration) -> bool {
        self.closed.store(true, Ordering::SeqCst);
        let drained = async {
            loop {
                let notified = self.idle.notified();
                if self.in_flight() == 0 {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(bound, drained).await.is_ok()
    }
}

impl Drop for Ticket<'_> {
    fn drop(&mut self) {
        self.gate.leave();
    }
}

/// What a member is told when the bot is stopping.
pub const STOPPING: &str = "I am restarting: try again in a minute. Nothing you did before is lost.";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn closing_waits_for_what_is_in_flight_and_lets_nothing_new_in() {
        let gate = std::sync::Arc::new(Gate::default());
        let ticket_gate = gate.clone();
        let worker = tokio::spawn(async move {
            let _t = ticket_gate.enter().expect("open");
            tokio::time::sleep(Duration::from_millis(100)).await;
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(gate.in_flight(), 1);
        assert!(gate.close(Duration::from_secs(5)).await, "drained");
        assert!(worker.is_finished() || gate.in_flight() == 0);
        assert!(gate.enter().is_none(), "closed");
        let stuck = Gate::default();
        let _held = stuck.enter();
        assert!(!stuck.close(Duration::from_millis(50)).await, "time runs out");
    }
}
