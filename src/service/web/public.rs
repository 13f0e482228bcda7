//! A game's public page: its link (`{game}-{signature}`, for anyone who reaches the game) and the game as
//! anyone may see it.

use crate::service::query::{PUBLIC, Reader};
use crate::service::tables::seen::seen;
use crate::service::{Caller, GameId, LoggedMove, Service, ServiceError, TableSeen, UserId};

/// A game as its public page shows it: what a spectator sees, and the last moves in their words.
pub struct PublicGame {
    pub seen: TableSeen,
    pub moves: Vec<LoggedMove>,
    /// The zone its times are stated in: its server's.
    pub zone: crate::service::Zone,
}

/// What a public link signs.
fn message(game: GameId) -> String {
    format!("public game {game}")
}

impl Service {
    /// The link part that names `game` to the web pages; none before `prepare_links`.
    pub(super) fn public_link(&self, game: GameId) -> Option<String> {
        Some(format!("{game}-{}", self.signature(&message(game))?))
    }

    /// The game a public link names, if its signature is this host's.
    fn linked_game(&self, link: &str) -> Option<GameId> {
        let (game, signature) = link.split_once('-')?;
        let game: GameId = game.parse().ok()?;
        self.signed(&message(game), signature).then_some(game)
    }

    /// The link part of `game`'s public page, for a caller who reaches the game (`/qg web`).
    pub async fn game_link(&self, caller: &Caller, game: GameId) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "game_link");
        self.table_seen(caller, game).await?;
        let link = self.public_link(game).ok_or(ServiceError::NoPages)?;
        self.pages_open(self.game_row(game).await?.guild_id.as_ref()).await?;
        Ok(link)
    }

    /// The game a public page's link names, as anyone may see it, with its last `moves`. A link that is
    /// not this host's, or names no game, is `NoGame` alike: nothing tells them apart.
    pub async fn public_game(&self, link: &str, moves: u32) -> Result<PublicGame, ServiceError> {
        let game = self.linked_game(link).ok_or(ServiceError::NoGame(0))?;
        let (seen, guild) = {
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            let held = self.hold_of(&mut guard, game, None).await?;
            (seen(held, &UserId::new(PUBLIC)), held.row.guild_id.clone())
        };
        self.pages_open(guild.as_ref()).await?;
        let moves = self.log_of(game, Reader::Public, moves).await?;
        Ok(PublicGame { seen, moves, zone: self.zone_of_server(guild.as_ref()).await })
    }
}
