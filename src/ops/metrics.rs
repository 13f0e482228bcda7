//! The metrics the bot keeps, by name, and the recorder that renders them for Prometheus. Without an
//! installed recorder (the listener is off) recording them costs next to nothing.

use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

/// Interactions handled, by `kind` (command, component) and `outcome` (ok, refused, failed).
pub const INTERACTIONS: &str = "gambit_interactions_total";
/// Seconds from an interaction's arrival to its answer and posts, by `kind`.
pub const INTERACTION_SECONDS: &str = "gambit_interaction_seconds";
/// Games in the database, by `status`.
pub const GAMES: &str = "gambit_games";
/// Seconds to draw and encode a board picture, by `picture`.
pub const RENDER_SECONDS: &str = "gambit_render_seconds";
/// Seconds to save an accepted action (the database's part of a move).
pub const SAVE_SECONDS: &str = "gambit_save_seconds";
/// Seconds a computer player thought about one decision (waiting for the pool included).
pub const COMPUTER_SECONDS: &str = "gambit_computer_seconds";
/// Reminders and deadline notices sent, by `kind`.
pub const REMINDERS: &str = "gambit_reminders_sent_total";
/// Lobbies closed because nobody started them.
pub const LOBBIES_EXPIRED: &str = "gambit_lobbies_expired_total";
/// Scheduled backups, by `outcome`.
pub const BACKUPS: &str = "gambit_backups_total";

/// Install the recorder once per process; the handle renders what was recorded since.
pub fn install() -> Option<PrometheusHandle> {
    static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let buckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];
            let built = PrometheusBuilder::new().set_buckets(&buckets).and_then(|b| b.install_recorder());
            match built {
                Ok(h) => Some(h),
                Err(e) => {
                    tracing::warn!(error = %e, "metrics are off: cannot install their recorder");
                    None
                }
            }
        })
        .clone()
}
