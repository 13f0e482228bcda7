//! A page's live part as server-sent events: as it is at once, then again after every saved change to
//! its game, however the change was made.

use crate::service::{GameId, Service};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// Stream `first`, then what `next` makes after each change to `game`, until the reader leaves or `next`
/// makes nothing (the game or the link is gone).
pub(super) fn stream<F, Fut>(svc: &Arc<Service>, game: GameId, first: Event, next: F) -> Response
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = Option<Event>> + Send,
{
    let mut changes = svc.changes();
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Event, Infallible>>(4);
    tokio::spawn(async move {
        if tx.send(Ok(first)).await.is_err() {
            return;
        }
        loop {
            let changed = tokio::select! {
                _ = tx.closed() => return,
                changed = changes.recv() => changed,
            };
            match changed {
                Ok(changed) if changed == game => {}
                // Fell behind: whatever changed, this game may have.
                Err(RecvError::Lagged(_)) => {}
                Ok(_) => continue,
                Err(RecvError::Closed) => return,
            }
            let Some(event) = next().await else { return };
            if tx.send(Ok(event)).await.is_err() {
                return;
            }
        }
    });
    Sse::new(tokio_stream::wrappers::ReceiverStream::new(rx)).keep_alive(KeepAlive::default()).into_response()
}

/// A live part as an event, named by its fingerprint: the page skips an event that shows what it already
/// shows (the first one, sent as the stream opens, usually does), so nothing the reader is about to click
/// is replaced under their pointer.
pub(super) fn event(html: maud::Markup) -> Event {
    let html = html.into_string();
    Event::default().event("game").id(fingerprint(&html)).data(html)
}

/// A short name for a live part's content: two parts alike have the same one.
pub(super) fn fingerprint(html: &str) -> String {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    html.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}
