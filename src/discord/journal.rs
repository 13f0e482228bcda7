//! One log line and one count per interaction: what it was (command or click, which one), where, who,
//! the game, how it ended (ok, or the refusal's name, or failed) and how long it took. Never the custom
//! id or the options themselves: they can carry a plan's cards.

use super::bot::Origin;
use crate::ops::metrics;
use std::cell::Cell;
use std::future::Future;
use std::time::Instant;
use tracing::Instrument;

tokio::task_local! {
    static OUTCOME: Cell<&'static str>;
    static GAME: Cell<Option<i64>>;
}

/// Run an interaction's work inside its record, and write the record when it is done.
pub async fn record<T>(kind: &'static str, name: &str, o: &Origin, work: impl Future<Output = T>) -> T {
    let span = tracing::info_span!(
        "interaction",
        kind,
        name,
        guild = o.caller.guild().map_or("-", |g| g.as_str()),
        user = %o.user(),
        // Discord's id of the interaction: the same as kept with the action it caused.
        interaction = o.caller.request().unwrap_or("-"),
        game = tracing::field::Empty,
        outcome = tracing::field::Empty,
    );
    let started = Instant::now();
    let (out, outcome) = GAME
        .scope(
            Cell::new(None),
            OUTCOME.scope(Cell::new("ok"), async {
                let out = work.await;
                (out, OUTCOME.with(Cell::get))
            }),
        )
        .instrument(span.clone())
        .await;
    let seconds = started.elapsed().as_secs_f64();
    span.record("outcome", outcome);
    let ms = (seconds * 1000.0).round() as u64;
    // Input that names nothing real (a made-up game, a forged control) is anyone's to send: it is
    // counted, and told only at debug, so nobody can fill a host's log with it.
    if NAMES_NOTHING.contains(&outcome) {
        span.in_scope(|| tracing::debug!(ms, "handled"));
    } else {
        span.in_scope(|| tracing::info!(ms, "handled"));
    }
    ::metrics::counter!(metrics::INTERACTIONS, "kind" => kind, "outcome" => outcome).increment(1);
    ::metrics::histogram!(metrics::INTERACTION_SECONDS, "kind" => kind).record(seconds);
    out
}

/// The refusals of input that names nothing real.
const NAMES_NOTHING: [&str; 3] = ["no_game", "forged", "unknown_control"];

/// The interaction was refused (`code` names why).
pub fn refused(code: &'static str) {
    let _ = OUTCOME.try_with(|c| c.set(code));
}

/// The interaction failed on our side.
pub fn failed() {
    let _ = OUTCOME.try_with(|c| c.set("failed"));
}

/// The game the interaction is about.
pub fn about(game: i64) {
    tracing::Span::current().record("game", game);
    let _ = GAME.try_with(|g| g.set(Some(game)));
}

/// The game the interaction in progress reached and was not refused at: what may have moved on there
/// (the computer looks then). None for input refused, a made-up game's among it.
pub fn reached() -> Option<i64> {
    let ok = OUTCOME.try_with(|c| c.get() == "ok").unwrap_or(false);
    game().filter(|_| ok)
}

/// The game the interaction in progress is about, once it is known.
pub fn game() -> Option<i64> {
    GAME.try_with(Cell::get).ok().flatten()
}
