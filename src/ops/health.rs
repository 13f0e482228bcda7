//! The bot's state as the health check reports it. The Discord layer writes it, the listener reads it.

use std::sync::atomic::{AtomicBool, Ordering};

#[derive(Debug, Default)]
pub struct Health {
    /// The gateway session is connected (Discord sends us interactions).
    gateway: AtomicBool,
    /// A stop was asked for: no new interactions are taken.
    stopping: AtomicBool,
}

impl Health {
    pub fn set_gateway(&self, up: bool) {
        self.gateway.store(up, Ordering::SeqCst);
    }

    pub fn gateway(&self) -> bool {
        self.gateway.load(Ordering::SeqCst)
    }

    pub fn set_stopping(&self) {
        self.stopping.store(true, Ordering::SeqCst);
    }

    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }
}
