//! What a host sees from outside the bot: its health (is the database writable, is the gateway up), its
//! metrics in Prometheus' format, and the optional HTTP listener serving both (`[ops] listen`).

mod health;
mod listener;
pub mod metrics;
mod probe;

pub use health::Health;
pub use listener::{Ask, Probe, listen};
pub use probe::probe;
