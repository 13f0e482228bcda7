//! The web pages' door: links that name a game without being its number, signed with a key of the host's
//! (or one the database keeps): a game's public link, and a player's own link to their seat, which runs
//! out. Behind them, the game as its public page shows it (`public`), a seat's page and the choices made
//! there (`seat`), and the news that a game changed, for pages that update themselves.

mod archive;
mod ladder;
mod public;
mod seat;

pub use archive::{ArchivedGame, ReplayEnd, ReplayStep};
pub use ladder::{NamedLadder, PlayerStats, Ranked};
pub use public::PublicGame;
pub use seat::{SeatLink, SeatPage};

use super::{GameId, Service, ServiceError, TableNews};
use crate::store::Time;
use hmac::{Hmac, Mac};

/// The name the database keeps the link key under.
const KEY_NAME: &str = "web-link-key";

/// How many bytes of a link's signature it carries (96 bits: not to be guessed), as hex.
const SIGNATURE_BYTES: usize = 12;

/// How many requests one link's pages may make a minute (a page, its picture, its live part, a choice;
/// a live part open counts once): a person reading far more is a program walking the pages.
pub(super) const PAGES_PER_MINUTE: u32 = 120;

/// How links are signed, once prepared: the key, and how long a player's own link stays good.
pub(super) struct Links {
    key: Vec<u8>,
    seat_life: Time,
}

impl Service {
    /// Sign links with `key` (the host's, from the environment), else with the key this database keeps
    /// (made now if it has none: every process on the database signs alike); a player's own link stays
    /// good `seat_hours`.
    pub async fn prepare_links(&self, key: Option<String>, seat_hours: u32) -> Result<(), ServiceError> {
        let key = match key {
            Some(k) => k,
            None => {
                let made: String = (0..32).map(|_| format!("{:02x}", rand::random::<u8>())).collect();
                self.store.secret_or(KEY_NAME, &made).await?
            }
        };
        let _ = self.links.set(Links { key: key.into_bytes(), seat_life: Time::from(seat_hours.max(1)) * 3600 });
        Ok(())
    }

    /// Whether the games of `guild` have web pages (its admins may turn them off).
    pub(super) async fn pages_open(&self, guild: Option<&crate::store::ServerId>) -> Result<(), ServiceError> {
        match guild {
            Some(g) if self.server_settings(g).await?.web_pages_off => Err(ServiceError::PagesOff),
            _ => Ok(()),
        }
    }

    /// `message`'s signature as a link carries it; none before `prepare_links`.
    fn signature(&self, message: &str) -> Option<String> {
        let mac = self.mac(message)?;
        Some(mac.finalize().into_bytes()[..SIGNATURE_BYTES].iter().map(|b| format!("{b:02x}")).collect())
    }

    /// Whether `signature` (hex, as a link carries it) is `message`'s, compared in constant time.
    fn signed(&self, message: &str, signature: &str) -> bool {
        let Some(bytes) = unhex(signature).filter(|b| b.len() == SIGNATURE_BYTES) else { return false };
        self.mac(message).is_some_and(|mac| mac.verify_truncated_left(&bytes).is_ok())
    }

    fn mac(&self, message: &str) -> Option<Hmac<sha2::Sha256>> {
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&self.links.get()?.key).ok()?;
        mac.update(message.as_bytes());
        Some(mac)
    }

    /// Count one request of a page reached by `link` against the pages' allowance (per link): refused
    /// as `TooFast` when it is used up.
    pub fn admit_page(&self, link: &str) -> Result<(), ServiceError> {
        let key: String = link.chars().take(160).collect();
        self.page_throttle.take(&key).map_err(|wait| ServiceError::TooFast { seconds: wait.as_secs() + 1 })
    }

    /// News of every saved change to a game (a move, an undo, a game begun or ended), for pages that
    /// update themselves. A receiver that falls behind is told so and reads on.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<GameId> {
        self.changed.subscribe()
    }

    /// Tell whoever listens that `game` changed: this process's pages at once, and the other processes on
    /// a shared database off the step's path (its answer never waits for it). The step is saved already:
    /// news that cannot be sent is only logged.
    pub(in crate::service) fn tell_changed(&self, game: GameId) {
        let _ = self.changed.send(game);
        if !self.store.is_shared() {
            return;
        }
        let (store, teller) = (self.store.clone(), self.teller.clone());
        tokio::spawn(async move {
            if let Err(e) = store.announce(game, &teller).await {
                tracing::warn!(game, error = %e, "the other processes could not be told of a change");
            }
        });
    }

    /// Hear the games the other processes on this database change (PostgreSQL) and tell this process's
    /// pages of them as of its own; nothing on SQLite. Listens while the service lives.
    pub async fn hear_other_processes(self: &std::sync::Arc<Self>) -> Result<(), ServiceError> {
        let Some(mut changes) = self.store.changes().await? else { return Ok(()) };
        let svc = std::sync::Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let heard = changes.next().await;
                let Some(svc) = svc.upgrade() else { return };
                match heard {
                    Ok(Some((game, from))) if from != svc.teller => {
                        let _ = svc.changed.send(game);
                    }
                    Ok(_) => {}
                    Err(e) => {
                        tracing::warn!(error = %e, "lost the news of other processes' moves; listening again");
                        drop(svc);
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
        });
        Ok(())
    }

    /// The news of steps made away from the thread that should tell them (a choice on a player's page),
    /// for the front end that posts in threads: it takes them from here and posts them as it posts its
    /// own. Taken once; a second call takes over from the first.
    pub fn relayed(&self) -> tokio::sync::mpsc::UnboundedReceiver<TableNews> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        if let Ok(mut relay) = self.relay.lock() {
            *relay = Some(tx);
        }
        rx
    }

    /// Hand `news` to the front end that posts in threads. With none listening it stays owed, and the
    /// outbox tells it at the next start (`untold`).
    fn relay(&self, news: TableNews) {
        let sent = self.relay.lock().ok().and_then(|r| r.as_ref().map(|tx| tx.send(news).is_ok()));
        if sent != Some(true) {
            tracing::debug!("a step made on a web page waits for the thread's front end");
        }
    }
}

/// Hex digits as bytes; none if any is not one.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_goes_there_and_back_and_refuses_what_is_not_hex() {
        assert_eq!(unhex(&hex(b"\x00\x7f\xff")), Some(b"\x00\x7f\xff".to_vec()));
        assert_eq!(unhex("abc"), None);
        assert_eq!(unhex("zz"), None);
        assert_eq!(unhex("éé"), None);
    }
}
