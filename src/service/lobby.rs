//! Creating a game, taking and leaving seats, starting it, and closing lobbies nobody started.

use super::{Caller, GameSettings, Person, Service, ServiceError};
use crate::store::{ChannelId, GameId, SeatRow, Status, UserId};
use std::hash::BuildHasher;

/// A seed nobody can guess (the standard library's per-process random keys, mixed with the time).
pub(crate) fn fresh_seed(now: i64) -> u64 {
    std::collections::hash_map::RandomState::new().hash_one((now, std::process::id()))
}

/// The longest title a game keeps.
const TITLE_MAX: usize = 60;

/// A title as kept: one line, no control characters, single spaces, at most `TITLE_MAX` characters.
/// (How it is shown safely is each front end's business: Discord escapes it.)
pub(crate) fn clean_title(title: &str) -> String {
    let line: String = title.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    line.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(TITLE_MAX).collect()
}

/// Seats change only in the lobby.
pub(super) fn in_lobby(status: Status, game: GameId) -> Result<(), ServiceError> {
    match status {
        Status::Lobby => Ok(()),
        s if s.is_over() => Err(ServiceError::Over { game }),
        _ => Err(ServiceError::AlreadyStarted { game }),
    }
}

/// Bots never sit at the table.
pub(super) fn person_may_sit(p: &Person) -> Result<(), ServiceError> {
    if p.bot { Err(ServiceError::BotSeat) } else { Ok(()) }
}

/// The seat `user` takes in a lobby (`seats`): `asked` if it is free and kept for nobody else; else the
/// seat kept for them (they were invited to it); else the first free seat kept for nobody. Every lobby's
/// rule, the first game's and a table's.
pub(super) fn seat_to_take(
    seats: &[SeatRow],
    user: &UserId,
    asked: Option<usize>,
    game: GameId,
) -> Result<usize, ServiceError> {
    let kept = |s: &SeatRow| s.invited.as_ref().is_some_and(|g| g != user);
    let theirs = seats.iter().find(|s| s.user_id.is_none() && s.invited.as_ref() == Some(user));
    let free: Vec<usize> = seats.iter().filter(|s| s.user_id.is_none() && !kept(s)).map(|s| s.seat).collect();
    match (asked, theirs) {
        // A guest takes the seat kept for them, or declines it first: never it and another.
        (Some(s), Some(mine)) if s != mine.seat => {
            Err(ServiceError::Refused("a seat is kept for you here: take that one, or decline it first".into()))
        }
        (Some(s), _) if free.contains(&s) => Ok(s),
        (Some(s), _) => match seats.iter().find(|x| x.seat == s) {
            Some(SeatRow { user_id: None, invited: Some(guest), .. }) => {
                Err(ServiceError::Reserved { game, guest: guest.clone() })
            }
            Some(_) => Err(ServiceError::SeatTaken),
            None => Err(ServiceError::NoSeat { game, seat: u8::try_from(s.saturating_add(1)).unwrap_or(u8::MAX) }),
        },
        (None, Some(mine)) => Ok(mine.seat),
        // No seat for them: say whom the last one is kept for, if it is.
        (None, None) => match (free.first(), seats.iter().find(|s| s.user_id.is_none())) {
            (Some(s), _) => Ok(*s),
            (None, Some(SeatRow { invited: Some(guest), .. })) => {
                Err(ServiceError::Reserved { game, guest: guest.clone() })
            }
            (None, _) => Err(ServiceError::Full { game }),
        },
    }
}

/// Whether `guest` may be invited by `caller`: a person, not the caller, not the computer (which never
/// answers an invitation: seat it instead).
pub(super) fn may_be_invited(caller: &Caller, guest: &Person) -> Result<(), ServiceError> {
    person_may_sit(guest)?;
    if &guest.id == caller.user() {
        return Err(ServiceError::SelfInvite);
    }
    if guest.id.is_computer() {
        return Err(ServiceError::ComputerSeat("the computer is seated, never invited".into()));
    }
    Ok(())
}

/// Whether a lobby may start: no invitation still open, no seat empty.
pub(super) fn ready_to_start(seats: &[SeatRow], game: GameId) -> Result<(), ServiceError> {
    if let Some(guest) = seats.iter().find_map(|s| s.invited.clone().filter(|_| s.user_id.is_none())) {
        return Err(ServiceError::AwaitingGuest { game, guest });
    }
    if seats.iter().any(|s| s.user_id.is_none()) {
        return Err(ServiceError::SeatsEmpty { game });
    }
    Ok(())
}

impl Service {
    /// `caller` takes `seat` of lobby `game` (`seats`, the copy in memory, follows the database). False
    /// when another process seated someone there first: the copy is then behind, for the caller to reload.
    pub(super) async fn claim_lobby_seat(
        &self,
        caller: &Caller,
        game: GameId,
        seats: &mut [SeatRow],
        seat: usize,
    ) -> Result<bool, ServiceError> {
        let user = caller.user();
        if !self.store.claim_seat(game, seat, user, self.now(), self.quotas(caller).as_ref()).await? {
            return Ok(false);
        }
        if let Some(s) = seats.iter_mut().find(|s| s.seat == seat) {
            (s.user_id, s.invited) = (Some(user.clone()), None);
        }
        Ok(true)
    }

    /// An invited member who starts a lobby accepts by doing so: the seat kept for them is theirs. False
    /// when the claim lost a race (the copy is behind).
    pub(super) async fn accept_by_starting(
        &self,
        caller: &Caller,
        game: GameId,
        seats: &mut [SeatRow],
    ) -> Result<bool, ServiceError> {
        let user = caller.user();
        let kept = seats.iter().find(|s| s.user_id.is_none() && s.invited.as_ref() == Some(user));
        // One seat a person: a guest seated already (by an admin) takes no second.
        let seated = seats.iter().any(|s| s.user_id.as_ref() == Some(user));
        match kept.map(|s| s.seat).filter(|_| !seated) {
            Some(seat) => self.claim_lobby_seat(caller, game, seats, seat).await,
            None => Ok(true),
        }
    }

    /// Someone seated by an admin keeps no invitation to another seat of the game (one seat a person):
    /// it ends, in the record and in `seats`.
    pub(super) async fn end_invitation_of(
        &self,
        game: GameId,
        seats: &mut [SeatRow],
        user: &UserId,
    ) -> Result<(), ServiceError> {
        if seats.iter().any(|s| s.user_id.is_none() && s.invited.as_ref() == Some(user)) {
            self.store.decline(game, user).await?;
            for s in seats.iter_mut().filter(|s| s.invited.as_ref() == Some(user)) {
                s.invited = None;
            }
        }
        Ok(())
    }

    /// An invited member who has not accepted declines: the seat kept for them opens. Refused for anyone
    /// else (they hold no seat there).
    pub(super) async fn decline_invitation(
        &self,
        caller: &Caller,
        game: GameId,
        seats: &mut [SeatRow],
    ) -> Result<(), ServiceError> {
        if !self.store.decline(game, caller.user()).await? {
            return Err(ServiceError::NotSeated { game });
        }
        for s in seats.iter_mut().filter(|s| s.invited.as_ref() == Some(caller.user())) {
            s.invited = None;
        }
        tracing::info!(game, user = %caller.user(), "invitation declined");
        Ok(())
    }

    /// The settings of a new game made by `caller`: their server's (refused outside the server's game
    /// channel, when it has one), or the host's defaults.
    pub(super) async fn settings_here(&self, caller: &Caller) -> Result<GameSettings, ServiceError> {
        let Some(guild) = caller.guild() else { return Ok(self.defaults.clone()) };
        let server = self.server_settings(guild).await?;
        if let Some(home) = server.game_channel.as_ref().filter(|c| Some(*c) != caller.channel()) {
            return Err(ServiceError::GameChannel { channel: home.clone() });
        }
        Ok(server.game())
    }

    /// The limits a caller's new lobbies and games must keep (none for the host).
    pub(super) fn quotas(&self, caller: &Caller) -> Option<crate::store::Quotas> {
        (!caller.is_host()).then_some(crate::store::Quotas {
            lobbies_per_user: self.limits.lobbies_per_user,
            lobbies_per_server: self.limits.lobbies_per_server,
            games_per_server: self.limits.games_per_server,
            computer_games_per_user: self.limits.computer_games_per_user,
        })
    }

    /// Remember the thread a game is played in (the bot made it right after creating the game).
    pub async fn set_thread(&self, game: GameId, thread: &ChannelId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "set_thread");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        self.store.set_thread(game, thread).await?;
        if let Some(held) = guard.as_mut() {
            held.row.thread_id = Some(thread.clone());
        }
        Ok(())
    }
}

/// Dealt sides, as a game starts: a coin decides whether whole sides swap, so a team's players stay
/// together (`side_of`: each seat's side). Not from the game's seed: that one stays secret to the end.
pub(super) fn deal_sides(
    seating: &mut [(usize, Option<UserId>)],
    side_of: impl Fn(usize) -> String,
    now: crate::store::Time,
) {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand::rngs::ChaCha8Rng::seed_from_u64(fresh_seed(now));
    if rng.random::<bool>() {
        swap_sides(seating, side_of);
    }
}

/// Each side takes the other's seats, place for place: the holder of a side's n-th seat (by seat
/// number) moves to the other side's n-th seat. A game of other than two sides of one size keeps its
/// seating.
fn swap_sides(seating: &mut [(usize, Option<UserId>)], side_of: impl Fn(usize) -> String) {
    let mut order: Vec<usize> = (0..seating.len()).collect();
    order.sort_by_key(|i| seating[*i].0);
    let sides: Vec<String> = order.iter().map(|i| side_of(seating[*i].0)).collect();
    let mut names: Vec<&String> = Vec::new();
    for side in &sides {
        if !names.contains(&side) {
            names.push(side);
        }
    }
    let [a, b] = names.as_slice() else { return };
    let of = |name: &String| -> Vec<usize> {
        order.iter().zip(&sides).filter(|(_, s)| *s == name).map(|(i, _)| *i).collect()
    };
    let (a, b) = (of(a), of(b));
    if a.len() != b.len() {
        return;
    }
    for (x, y) in a.into_iter().zip(b) {
        let (ux, uy) = (seating[x].1.take(), seating[y].1.take());
        (seating[x].1, seating[y].1) = (uy, ux);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn users(seating: &[(usize, Option<UserId>)]) -> Vec<String> {
        seating.iter().map(|(_, u)| u.as_ref().map(|u| u.to_string()).unwrap_or_default()).collect()
    }

    /// Dealt sides swap whole sides, place for place: two seats trade; a four-player game's partners
    /// (the first game's seats 0 and 2 play one side) stay partners, each in the other side's same
    /// place, whatever order the seats come in; a game without two even sides keeps its seating.
    #[test]
    fn dealing_sides_swaps_whole_teams_place_for_place() {
        let seat = |n: usize, who: &str| (n, Some(UserId::from(who)));
        let mut two = vec![seat(0, "a"), seat(1, "b")];
        swap_sides(&mut two, |s| s.to_string());
        assert_eq!(users(&two), ["b", "a"]);
        let mut four = vec![seat(2, "c"), seat(0, "a"), seat(1, "b"), seat(3, "d")];
        swap_sides(&mut four, |s| (s % 2).to_string());
        assert_eq!(users(&four), ["d", "b", "a", "c"], "a and c were partners and still are");
        let mut three = vec![seat(0, "a"), seat(1, "b"), seat(2, "c")];
        swap_sides(&mut three, |s| s.to_string());
        assert_eq!(users(&three), ["a", "b", "c"], "not two even sides: kept");
    }

    #[test]
    fn a_title_is_kept_as_one_clean_line() {
        assert_eq!(clean_title("  Friday\n\tnight\u{0}  game "), "Friday night game");
        assert_eq!(clean_title(&"x".repeat(200)).chars().count(), TITLE_MAX);
        assert_eq!(clean_title(""), "");
    }
}
