//! A server's leaderboards and its players' statistics as its archive pages show them: the players called
//! by the names they go by on the server (kept as they take a seat), never by a Discord id; each player's
//! page is reached from the archive by a part of the link signed for them on that server.

use crate::games::Kind;
use crate::ratings::Ladder;
use crate::service::{Service, ServiceError, Standings};
use crate::store::{ServerId, UserId};
use std::collections::HashMap;

/// What the pages call a player whose name was never kept (rated before names were).
const UNNAMED: &str = "a player";

/// One ladder of a server as its archive page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedLadder {
    pub standings: Standings,
    /// Its players shown, in the order of `standings.top`.
    pub players: Vec<Ranked>,
}

/// A player on a ladder: their name there, and the link part of their statistics page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub name: String,
    pub page: String,
}

/// A player's statistics as their page shows them.
pub struct PlayerStats {
    pub name: String,
    /// The game's name.
    pub game: String,
    pub lines: Vec<String>,
}

/// What a player's page link signs.
fn message(guild: &ServerId, user: &str) -> String {
    format!("player {guild} {user}")
}

impl Service {
    /// The ladders of `kind` on `guild`, their players named.
    pub(in crate::service) async fn named_ladders(
        &self,
        guild: &ServerId,
        kind: &dyn Kind,
    ) -> Result<Vec<NamedLadder>, ServiceError> {
        let names = self.names_on(guild).await?;
        let mut out = Vec::new();
        for standings in self.standings_in(guild.as_str(), kind).await? {
            let players = standings
                .top
                .iter()
                .map(|(user, _)| Ranked {
                    name: name_of(&names, user),
                    page: self.signature(&message(guild, user.as_str())).unwrap_or_default(),
                })
                .collect();
            out.push(NamedLadder { standings, players });
        }
        Ok(out)
    }

    /// The statistics in game `key` of the player `page` names, on the server archive link `link` names:
    /// anyone rated there. A link part that names nobody rated there leads nowhere, as a forged link does.
    pub async fn archive_player(&self, link: &str, key: &str, page: &str) -> Result<PlayerStats, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "archive_player");
        let guild = self.archived_server(link).ok_or(ServiceError::NoGame(0))?;
        self.pages_open(Some(&guild)).await?;
        let kind = self.catalog.get(key).ok_or(ServiceError::NoGame(0))?;
        // Everyone rated on its ladders, not only those the archive shows: a link stays good as ranks move.
        let mut found = None;
        if let Ok(server) = guild.as_str().parse::<u64>() {
            for per_side in [1u8, 2] {
                let rows = self.store.ladder(&Ladder { server, game: kind.key().to_string(), per_side }).await?;
                found =
                    found.or_else(|| rows.into_iter().map(|(u, _)| u).find(|u| self.signed(&message(&guild, u), page)));
            }
        }
        let user = UserId::new(found.ok_or(ServiceError::NoGame(0))?);
        let stats = self.stats_in(guild.as_str(), &*kind, user.clone()).await?;
        let names = self.names_on(&guild).await?;
        Ok(PlayerStats {
            name: name_of(&names, &user),
            game: stats.game.clone(),
            lines: stats.lines(&|u| name_of(&names, u)),
        })
    }
}

fn name_of(names: &HashMap<String, String>, user: &UserId) -> String {
    names.get(user.as_str()).cloned().unwrap_or_else(|| UNNAMED.to_string())
}
