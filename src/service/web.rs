//! The web pages' door: a link that names a game without being its number (signed with a key of the
//! host's, or one the database keeps), the game as its public page shows it, and the news that a game
//! changed, for pages that update themselves.

use super::query::{PUBLIC, Reader};
use super::tables::seen::seen;
use super::{Caller, GameId, LoggedMove, Service, ServiceError, TableSeen};
use hmac::{Hmac, Mac};

/// The name the database keeps the link key under.
const KEY_NAME: &str = "web-link-key";

/// How many hex digits of a link's signature it carries (96 bits: not to be guessed).
const SIGNATURE_DIGITS: usize = 24;

/// A game as its public page shows it: what a spectator sees, and the last moves in their words.
pub struct PublicGame {
    pub seen: TableSeen,
    pub moves: Vec<LoggedMove>,
}

impl Service {
    /// Sign links with `key` (the host's, from the environment), else with the key this database keeps
    /// (made now if it has none: every process on the database signs alike).
    pub async fn prepare_links(&self, key: Option<String>) -> Result<(), ServiceError> {
        let key = match key {
            Some(k) => k,
            None => {
                let made: String = (0..32).map(|_| format!("{:02x}", rand::random::<u8>())).collect();
                self.store.secret_or(KEY_NAME, &made).await?
            }
        };
        let _ = self.link_key.set(key.into_bytes());
        Ok(())
    }

    /// The link part that names `game` to the web pages (`{game}-{signature}`); none before
    /// `prepare_links`.
    fn public_link(&self, game: GameId) -> Option<String> {
        Some(format!("{game}-{}", self.signature(game)?))
    }

    fn signature(&self, game: GameId) -> Option<String> {
        let key = self.link_key.get()?;
        let mut mac = Hmac::<sha2::Sha256>::new_from_slice(key).ok()?;
        mac.update(format!("public game {game}").as_bytes());
        let digest = mac.finalize().into_bytes();
        Some(digest.iter().map(|b| format!("{b:02x}")).collect::<String>()[..SIGNATURE_DIGITS].to_string())
    }

    /// The game a link names, if its signature is this host's (compared in constant time).
    fn linked_game(&self, link: &str) -> Option<GameId> {
        let (game, signature) = link.split_once('-')?;
        let game: GameId = game.parse().ok()?;
        let expected = self.signature(game)?;
        let same = expected.len() == signature.len()
            && expected.bytes().zip(signature.bytes()).fold(0u8, |d, (a, b)| d | (a ^ b)) == 0;
        same.then_some(game)
    }

    /// The link part of `game`'s public page, for a caller who reaches the game (`/qg web`).
    pub async fn game_link(&self, caller: &Caller, game: GameId) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_link");
        self.table_seen(caller, game).await?;
        self.public_link(game).ok_or(ServiceError::NoPages)
    }

    /// The game a public page's link names, as anyone may see it. A link that is not this host's, or names
    /// no game, is `NoGame` alike: nothing tells them apart.
    pub async fn public_game(&self, link: &str, moves: u32) -> Result<PublicGame, ServiceError> {
        let game = self.linked_game(link).ok_or(ServiceError::NoGame(0))?;
        let seen = {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            let held = self.hold_of(&mut guard, game, None).await?;
            seen(held, &super::UserId::new(PUBLIC))
        };
        let moves = self.log_of(game, Reader::Public, moves).await?;
        Ok(PublicGame { seen, moves })
    }

    /// News of every saved change to a game (a move, an undo, a game begun or ended), for pages that
    /// update themselves. A receiver that falls behind is told so and reads on.
    pub fn changes(&self) -> tokio::sync::broadcast::Receiver<GameId> {
        self.changed.subscribe()
    }

    /// Tell whoever listens that `game` changed.
    pub(super) fn tell_changed(&self, game: GameId) {
        let _ = self.changed.send(game);
    }
}
