//! Which games move ratings, and how, for every game alike: a game of a server between people that ended
//! by its rules (a concession is a loss) or in a draw both sides agreed to. A game an admin ended, a
//! lobby that never began, and a game in which the computer made any move (a computer's seat, a stand-in
//! for someone away, a move made for a late player at a deadline) move nothing: their results are not
//! the people's alone. The same reading serves the game that ends now and `gambit ratings --rebuild`.

use super::tables::Held;
use super::{Caller, Service, ServiceError};
use crate::games::{Engine, Kind};
use crate::ratings::{Ladder, Ladders, Rated};
use crate::store::{Ended, GameId, UserId};

/// How many players a leaderboard shows.
pub const TOP: usize = 10;

/// One ladder of a server, as its leaderboard shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// The game's name and key, and players a side on this ladder.
    pub game: String,
    pub key: String,
    pub per_side: u8,
    /// The best first, at most `TOP`.
    pub top: Vec<(UserId, crate::ratings::Rating)>,
    /// Everyone rated on it.
    pub players: usize,
    /// The computer's levels on the same scale (a ladder of two players), for "rated about like normal".
    pub anchors: Vec<(&'static str, f64)>,
}

/// How a game ended, as far as ratings care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End<'a> {
    /// Over by the rules or a concession: the winner's key (none: a draw by the rules).
    Over(Option<&'a str>),
    /// Drawn by agreement.
    Agreed,
}

/// The rated game `seats` (each seat's player) of `guild` played, if it counts.
pub(super) fn rated_of(
    engine: &dyn Engine,
    guild: Option<&str>,
    seats: &[String],
    end: End<'_>,
    computer_moved: bool,
) -> Option<Rated> {
    let server = guild?.parse::<u64>().ok()?;
    let players: Vec<u64> = seats.iter().map(|u| u.parse::<u64>().ok()).collect::<Option<_>>()?;
    if computer_moved || players.len() != engine.seat_names().len() {
        return None;
    }
    // The sides in the order they first sit; a winner named by its side's key or its seat's.
    let (of_seat, first) = crate::games::side_numbers(engine);
    let mut sides: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let mut winner = None;
    for ((seat, player), side) in players.iter().enumerate().zip(&of_seat) {
        sides.get_mut(*side)?.push(*player);
        if let End::Over(Some(w)) = end
            && (w == engine.side(seat) || w == engine.seat_key(seat))
        {
            winner = Some(*side);
        }
    }
    if first.len() != 2 || sides[0].len() != sides[1].len() {
        return None;
    }
    if matches!(end, End::Over(Some(_))) && winner.is_none() {
        return None;
    }
    let per_side = u8::try_from(sides[0].len()).ok()?;
    Some(Rated { ladder: Ladder { server, game: engine.key().to_string(), per_side }, sides, winner })
}

/// The rated game a saved game is, if it counts (a rebuild's reading of the record).
pub(super) fn rated_of_record(kind: &dyn Kind, options: &str, e: &Ended) -> Option<Rated> {
    let end = match (e.status.as_str(), e.reason.as_deref()) {
        ("finished", _) => End::Over(e.winner.as_deref()),
        ("abandoned", Some("draw")) => End::Agreed,
        _ => return None,
    };
    let engine = kind.open(options, 0, None).ok()?;
    rated_of(&*engine, e.guild_id.as_deref(), &e.seats, end, e.computer_moved)
}

impl Service {
    /// The rated game `held` is as it ends now (`end`), by a step of `by`, if it counts.
    pub(super) async fn rated_now(
        &self,
        held: &Held,
        engine: &dyn Engine,
        end: End<'_>,
        by: &UserId,
    ) -> Result<Option<Rated>, ServiceError> {
        let seats: Vec<String> =
            held.seats.iter().map(|s| s.user_id.as_ref().map(|u| u.to_string()).unwrap_or_default()).collect();
        let guild = held.row.guild_id.as_ref().map(|g| g.as_str());
        // Only a server's game between people asks the store whether the computer ever moved in it.
        if guild.is_none() || seats.iter().any(|u| u.parse::<u64>().is_err()) {
            return Ok(None);
        }
        let moved = by.is_computer() || self.store.computer_moved(held.row.id).await?;
        Ok(rated_of(engine, guild, &seats, end, moved))
    }

    /// The saved games that count, rated, in the order they ended.
    async fn rated_games(&self) -> Result<Vec<(GameId, Rated)>, ServiceError> {
        let mut rated = Vec::new();
        for e in self.store.ended_games().await? {
            let Some(kind) = self.catalog.get(&e.game) else { continue };
            let options = self.options_of(&*kind, &e);
            if let Some(r) = rated_of_record(&*kind, &options, &e) {
                rated.push((e.id, r));
            }
        }
        Ok(rated)
    }

    /// Rebuild every rating from the saved games, in the order they ended: what the games ending one by
    /// one gave. Returns how many games were rated.
    pub async fn rebuild_ratings(&self) -> Result<usize, ServiceError> {
        let rated = self.rated_games().await?;
        Ok(self.store.replace_ratings(&rated, self.now()).await?)
    }

    /// Every rating as the saved games give them, computed without writing anything.
    pub async fn ratings_from_games(&self) -> Result<Ladders, ServiceError> {
        Ok(Ladders::of(self.rated_games().await?.iter().map(|(_, r)| r)))
    }

    /// Every rating kept, ladder by ladder.
    pub async fn kept_ratings(&self) -> Result<Vec<(Ladder, String, crate::ratings::Rating)>, ServiceError> {
        Ok(self.store.all_ratings().await?)
    }

    /// The server's ladders of game `key`, as a leaderboard shows them: the two-player one always, the
    /// teams' when it has players. Nothing of another server's games.
    pub async fn leaderboard(&self, caller: &Caller, key: &str) -> Result<Vec<Standings>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "leaderboard");
        let guild = caller.guild().ok_or(ServiceError::NeedsServer)?;
        let kind = self.catalog.get(key).ok_or_else(|| self.unknown_game(key))?;
        self.standings_in(guild.as_str(), &*kind).await
    }

    /// `leaderboard`, of server `guild`.
    pub(super) async fn standings_in(&self, guild: &str, kind: &dyn Kind) -> Result<Vec<Standings>, ServiceError> {
        let mut out = Vec::new();
        for per_side in [1u8, 2] {
            // A server Discord names is a number; any other (a test's) has no games between people.
            let rows = match guild.parse::<u64>() {
                Ok(server) => self.store.ladder(&Ladder { server, game: kind.key().to_string(), per_side }).await?,
                Err(_) => Vec::new(),
            };
            if per_side == 2 && rows.is_empty() {
                continue;
            }
            let anchors = if per_side == 1 { kind.rating_anchors() } else { Vec::new() };
            let players = rows.len();
            let top = rows.into_iter().take(TOP).map(|(u, r)| (UserId::new(u), r)).collect();
            out.push(Standings {
                game: kind.name().to_string(),
                key: kind.key().to_string(),
                per_side,
                top,
                players,
                anchors,
            });
        }
        Ok(out)
    }
}
