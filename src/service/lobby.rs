//! Creating a game, taking and leaving seats, starting it, and closing lobbies nobody started.

use super::{Caller, GameSettings, Person, Place, Service, ServiceError, Update};
use crate::games::queens_gambit::rules::{Mode, Role, RulesVersion, Seat, Side};
use crate::store::{ChannelId, GameId, NewGame, SeatRow, Status, UserId};
use std::hash::BuildHasher;

/// What a new game needs besides who asks for it (the caller creates it).
#[derive(Clone, Debug, Default)]
pub struct NewGameRequest {
    pub title: String,
    pub players: u8,
    /// Seat the creator at once: on this side's battlefield seat, or the first seat when `side` is none.
    pub sit: bool,
    pub side: Option<Side>,
    /// An opponent invited to the other side: the seat is kept for them until they accept.
    pub guest: Option<Person>,
    /// Deal the players to the seats at random when the game starts.
    pub draw_sides: bool,
    /// The computer, at this level, takes every seat of the other side (the creator must sit).
    pub computer: Option<crate::games::queens_gambit::ai::Level>,
    /// The computer, at this level, plays for a player who misses a deadline until they come back.
    pub stand_in: Option<crate::games::queens_gambit::ai::Level>,
    /// The game's deadlines and reminders; none: the server's settings, or the host's defaults.
    pub settings: Option<GameSettings>,
    /// The random seed; a fresh one when none is given.
    pub seed: Option<u64>,
}

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

    /// A new game in its lobby, created by `caller` on their server (with the creator and an invited
    /// opponent seated when asked), within the host's quotas.
    pub async fn create(&self, caller: &Caller, req: NewGameRequest) -> Result<GameId, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "create");
        let mode = Mode::from_players(req.players).ok_or(ServiceError::Players)?;
        person_may_sit(caller.person())?;
        // A game belongs to a server (the host's games to none): in a direct message nobody could join.
        if *caller.place() == Place::Direct {
            return Err(ServiceError::NeedsServer);
        }
        let mut settings = match req.settings {
            Some(s) => s,
            None => self.settings_here(caller).await?,
        };
        settings.draw_sides = req.draw_sides;
        settings.stand_ins.stand_in = req.stand_in.map(|l| l.key().to_string());
        // Its own lobby's record, as that path has always written it (`GameSettings::made_at_table`).
        (settings.options, settings.sealed) = (String::new(), false);
        let (mut seated, mut invited) = (Vec::new(), Vec::new());
        if req.sit {
            let mine = req.side.map(|s| Seat::of(mode, s, Role::Field)).unwrap_or(Seat(0));
            seated.push((mine.index(), caller.user().clone()));
            if let Some(guest) = &req.guest {
                may_be_invited(caller, guest)?;
                invited.push((Seat::of(mode, mine.side().other(), Role::Field).index(), guest.id.clone()));
            }
            if let Some(level) = req.computer {
                let theirs = Seat::all(mode)
                    .filter(|s| s.side() != mine.side() && !invited.iter().any(|(i, _)| *i == s.index()));
                seated.extend(theirs.map(|s| (s.index(), UserId::computer(level.key()))));
            }
        } else if req.computer.is_some() {
            return Err(ServiceError::ComputerSeat("sit at the table to play against the computer".into()));
        }
        self.keep_current_data().await?;
        let now = self.now();
        let new = NewGame {
            game: crate::games::queens_gambit::KEY.to_string(),
            guild_id: caller.guild().cloned(),
            channel_id: caller.channel().cloned(),
            title: clean_title(&req.title),
            players: req.players,
            seed: req.seed.unwrap_or_else(|| fresh_seed(now)),
            settings: settings.json(),
            created_by: caller.user().clone(),
            seated,
            invited,
            data_set: self.data.id.clone(),
            rules: RulesVersion::NEWEST.number(),
            numbering: self.numbering,
        };
        let quotas = self.quotas(caller);
        let id = self.store.create_game(&new, now, quotas.as_ref()).await?;
        tracing::info!(game = id, players = new.players, guild = ?new.guild_id, user = %caller.user(), "game created");
        Ok(id)
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

    /// Sit the caller down: on `seat`, or on the first free seat. Returns the seat taken.
    pub async fn join(&self, caller: &Caller, game: GameId, seat: Option<Seat>) -> Result<Seat, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "join");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        self.sit(caller, live, seat.map(Seat::index)).await.map(Seat::at)
    }

    /// Seat the computer at `level` on an empty seat of a lobby, or, with no level, open a seat the computer
    /// holds (the first game's typed form of `table_seat_computer`).
    pub async fn seat_computer(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Seat,
        level: Option<crate::games::queens_gambit::ai::Level>,
    ) -> Result<(), ServiceError> {
        self.table_seat_computer(caller, game, seat.index(), level.map(|l| l.key())).await
    }

    /// Leave a game that has not started; the last one out closes the lobby.
    pub async fn leave(&self, caller: &Caller, game: GameId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "leave");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        self.stand_up(caller, live).await
    }

    /// Start a full game: set up the boards and deal. Any seated player (or the creator) may start it,
    /// if the server stays within its number of games in play.
    pub async fn start(&self, caller: &Caller, game: GameId) -> Result<Update, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "start");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach_first(&mut guard, game, caller).await?;
        super::play::first_account(self.start_held(caller, live).await?, game)
    }

    /// Remember the thread a game is played in (the bot made it right after creating the game).
    pub async fn set_thread(&self, game: GameId, thread: &ChannelId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "set_thread");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = match self.hold_first(&mut guard, game).await {
            Ok(live) => live,
            Err(ServiceError::OtherGame { .. }) => {
                drop(guard);
                return self.set_table_thread(game, thread).await;
            }
            Err(e) => return Err(e),
        };
        self.store.set_thread(game, thread).await?;
        live.row.thread_id = Some(thread.clone());
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
    let mut rng = crate::games::queens_gambit::rules::GameRng::new(fresh_seed(now));
    let mut coin = [false, true];
    rng.shuffle(&mut coin);
    if coin[0] {
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
