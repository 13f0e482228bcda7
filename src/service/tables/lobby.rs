//! A table's lobby: creating it with its game's options, taking and leaving seats, starting it.

use super::Held;
use super::play::TableNews;
use crate::service::{Caller, GameSettings, Place, Service, ServiceError};
use crate::store::{GameId, NewGame, Opening, Status, UserId};

/// What a new game needs besides who asks for it (the caller creates it), for every game.
#[derive(Clone, Debug, Default)]
pub struct NewGameRequest {
    /// The game's key (`stratego`).
    pub game: String,
    pub title: String,
    /// The lobby's options, one `name value` a line (the game checks them).
    pub options: String,
    /// The creator's seat (the first when none is asked for).
    pub seat: Option<usize>,
    /// The creator takes no seat: a host sets a game up for others (the terminal, self-play).
    pub sit_out: bool,
    /// The computer, at this level (one of its game's), takes every seat of the other sides, but one
    /// kept for a guest.
    pub computer: Option<String>,
    /// A member invited to the other side: its first seat is kept for them until they accept (by
    /// joining or starting) or decline (by leaving).
    pub guest: Option<crate::service::Person>,
    /// The computer, at this level, plays for a player who misses a deadline until they are back
    /// (otherwise it makes the one choice the deadline was for).
    pub stand_in: Option<String>,
    /// Deal the sides at random as the game starts (a team's players stay together).
    pub draw_sides: bool,
    /// The game's deadlines and reminders as given; none: the server's settings, or the host's defaults,
    /// as its game waits for one decision (`Kind::decision_wait`).
    pub settings: Option<GameSettings>,
    pub seed: Option<u64>,
}

impl NewGameRequest {
    /// A request for a game of `game` with these options, the rest as by default.
    pub fn of(game: &str, options: &str) -> NewGameRequest {
        NewGameRequest { game: game.into(), options: options.into(), ..NewGameRequest::default() }
    }
}

/// The name of the level that makes a deadline's one default choice at a table (`Engine::default_choice`,
/// the game's scripted player); a table's computer otherwise plays at a level of its game's.
const TABLE_LEVEL: &str = "easy";

/// The user id of the computer that makes a deadline's default choice at a table.
pub fn table_computer() -> UserId {
    UserId::computer(TABLE_LEVEL)
}

/// The level of `kind`'s computer called `asked` (in any case), or why there is none.
fn level_named(kind: &dyn crate::games::Kind, asked: &str) -> Result<&'static str, ServiceError> {
    let (asked, levels) = (asked.trim(), kind.levels());
    levels.iter().copied().find(|l| l.eq_ignore_ascii_case(asked)).ok_or_else(|| {
        ServiceError::Options(format!("the computer plays {} at {}, not '{asked}'", kind.name(), levels.join(", ")))
    })
}

impl Service {
    /// A new game in its lobby on the caller's server, its creator seated (unless a host sits out), an
    /// invited member's seat kept and the computer on the other sides when asked, within the host's
    /// quotas. Every game's.
    pub async fn create(&self, caller: &Caller, req: NewGameRequest) -> Result<GameId, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "create");
        let kind = self.kind(&req.game).ok_or_else(|| self.unknown_game(&req.game))?;
        crate::service::lobby::person_may_sit(caller.person())?;
        // A game belongs to a server (the host's games to none): in a direct message nobody could join.
        if *caller.place() == Place::Direct {
            return Err(ServiceError::NeedsServer);
        }
        let mut settings = match req.settings.clone() {
            Some(given) => given,
            None => {
                let here = self.settings_here(caller).await?;
                GameSettings {
                    remind_minutes: here.remind_minutes.map(|m| kind.decision_wait(m)),
                    deadline_minutes: here.deadline_minutes.map(|m| kind.decision_wait(m)),
                    ..here
                }
            }
        };
        let options = kind.options(&req.options).map_err(ServiceError::Options)?;
        let now = self.now();
        let seed = req.seed.unwrap_or_else(|| crate::service::lobby::fresh_seed(now));
        // Opened once here so its seats and rules version are the game's own.
        let probe = kind.open(&options, seed, None).map_err(ServiceError::Options)?;
        let seats = probe.seat_names().len();
        let level = |asked: &Option<String>| asked.as_deref().map(|a| level_named(&*kind, a)).transpose();
        let (computer, stand_in) = (level(&req.computer)?, level(&req.stand_in)?);
        let (seated, invited) = self.first_seats(caller, &req, &*probe, computer)?;
        // Options always kept (a game with none of its own keeps its seat count's), so a record is never
        // taken for one a game's older lobby made (the first game's kept none, and its room reads such a
        // record as sealed).
        settings.options = if options.is_empty() { kind.options_for_seats(seats as u8) } else { options };
        (settings.sealed, settings.draw_sides) = (true, req.draw_sides);
        settings.stand_ins.stand_in = stand_in.map(str::to_string);
        self.store.keep_data_set(&kind.data_id(), || kind.data_text(), now).await?;
        let new = NewGame {
            game: kind.key().to_string(),
            guild_id: caller.guild().cloned(),
            channel_id: caller.channel().cloned(),
            title: crate::service::lobby::clean_title(&req.title),
            players: seats as u8,
            seed,
            settings: settings.json(),
            created_by: caller.user().clone(),
            seated,
            invited,
            data_set: kind.data_id(),
            rules: probe.rules_version(),
            numbering: self.numbering,
        };
        let id = self.store.create_game(&new, now, self.quotas(caller).as_ref()).await?;
        if !req.sit_out {
            self.keep_name(caller).await;
        }
        tracing::info!(game = id, key = kind.key(), players = seats, guild = ?new.guild_id, user = %caller.user(), "game created");
        Ok(id)
    }

    /// Who sits where as a lobby opens: the creator at their seat (none for a host sitting out), an
    /// invited member at the first seat of another side, the computer at every other side's seat but
    /// that one.
    #[allow(clippy::type_complexity)]
    fn first_seats(
        &self,
        caller: &Caller,
        req: &NewGameRequest,
        probe: &dyn crate::games::Engine,
        computer: Option<&str>,
    ) -> Result<(Vec<(usize, UserId)>, Vec<(usize, UserId)>), ServiceError> {
        let seats = probe.seat_names().len();
        if req.sit_out {
            if computer.is_some() || req.guest.is_some() {
                return Err(ServiceError::ComputerSeat("sit at the table to play against the computer".into()));
            }
            return Ok((Vec::new(), Vec::new()));
        }
        let mine = req.seat.unwrap_or(0);
        if mine >= seats {
            return Err(ServiceError::NoSeat {
                game: 0,
                seat: u8::try_from(mine.saturating_add(1)).unwrap_or(u8::MAX),
            });
        }
        let (mut seated, mut invited) = (vec![(mine, caller.user().clone())], Vec::new());
        let other_side = |s: &usize| probe.side(*s) != probe.side(mine);
        if let Some(guest) = &req.guest {
            crate::service::lobby::may_be_invited(caller, guest)?;
            let theirs = (0..seats).find(other_side).ok_or_else(|| {
                ServiceError::Options("this game has no other side to invite a member to".to_string())
            })?;
            invited.push((theirs, guest.id.clone()));
        }
        if let Some(level) = computer {
            let free: Vec<usize> =
                (0..seats).filter(|s| other_side(s) && !invited.iter().any(|(i, _)| i == s)).collect();
            if free.is_empty() {
                return Err(ServiceError::ComputerSeat(
                    "the invited member takes the only other seat: the computer would have none".into(),
                ));
            }
            seated.extend(free.into_iter().map(|s| (s, UserId::computer(level))));
        }
        Ok((seated, invited))
    }

    /// Sit the caller at `seat` of a lobby (a side, a team's place), or at the first free one. Returns
    /// the seat taken.
    pub async fn join(&self, caller: &Caller, game: GameId, seat: Option<usize>) -> Result<usize, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "join");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        self.sit(caller, held, seat).await
    }

    /// Sit the caller at `asked` of the lobby held, or at its first free seat, for every game: a person
    /// at one seat (the computer may hold several: the terminal seats it so), an invited member at the
    /// seat kept for them and nobody else there. Returns the seat taken.
    pub(in crate::service) async fn sit(
        &self,
        caller: &Caller,
        held: &mut Held,
        asked: Option<usize>,
    ) -> Result<usize, ServiceError> {
        let (game, user) = (held.row.id, caller.user());
        crate::service::lobby::person_may_sit(caller.person())?;
        in_lobby(held)?;
        if !held.seats_of(user).is_empty() && !user.is_computer() {
            return Err(ServiceError::AlreadySeated { game });
        }
        let free = crate::service::lobby::seat_to_take(&held.seats, user, asked, game)?;
        if !self.claim_lobby_seat(caller, game, &mut held.seats, free).await? {
            // Another process seated someone there first.
            held.stale = true;
            return Err(ServiceError::SeatTaken);
        }
        self.keep_name(caller).await;
        Ok(free)
    }

    /// Seat the computer at `level` (one of its game's) on `seat` of a lobby, free and kept for nobody, or
    /// in place of the computer at another level; with no level, open a seat the computer holds. Anyone
    /// seated in the lobby may, and its creator. Every game's.
    pub async fn seat_computer(
        &self,
        caller: &Caller,
        game: GameId,
        seat: usize,
        level: Option<&str>,
    ) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "seat_computer");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        in_lobby(held)?;
        if held.seats_of(caller.user()).is_empty() && &held.row.created_by != caller.user() && !caller.is_host() {
            return Err(ServiceError::NotSeated { game });
        }
        let no_seat = || ServiceError::NoSeat { game, seat: u8::try_from(seat.saturating_add(1)).unwrap_or(u8::MAX) };
        let row = held.seats.iter().find(|s| s.seat == seat).ok_or_else(no_seat)?;
        let (at, holder) = (row.seat, row.user_id.clone());
        match level {
            Some(asked) => {
                let level = level_named(&*held.kind, asked)?;
                if let Some(guest) = row.invited.clone().filter(|_| holder.is_none()) {
                    return Err(ServiceError::Reserved { game, guest });
                }
                let computer = UserId::computer(level);
                match holder {
                    None => {
                        if !self.store.claim_seat(game, at, &computer, self.now(), self.quotas(caller).as_ref()).await?
                        {
                            // Another process seated someone there first.
                            held.stale = true;
                            return Err(ServiceError::SeatTaken);
                        }
                    }
                    // A computer of another level gives way.
                    Some(u) if u.is_computer() => self.store.set_seat(game, at, Some(&computer), self.now()).await?,
                    Some(_) => return Err(ServiceError::SeatTaken),
                }
                if let Some(s) = held.seats.iter_mut().find(|s| s.seat == at) {
                    (s.user_id, s.invited) = (Some(computer), None);
                }
                tracing::info!(game, seat = seat + 1, level, user = %caller.user(), "computer seated");
            }
            None => {
                if !holder.as_ref().is_some_and(UserId::is_computer) {
                    return Err(ServiceError::ComputerSeat("the computer does not hold that seat".into()));
                }
                self.store.set_seat(game, at, None, self.now()).await?;
                if let Some(s) = held.seats.iter_mut().find(|s| s.seat == at) {
                    s.user_id = None;
                }
            }
        }
        Ok(())
    }

    /// Leave a lobby, or decline the seat kept for you; the last person out closes it.
    pub async fn leave(&self, caller: &Caller, game: GameId) -> Result<(), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "leave");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        self.stand_up(caller, held).await
    }

    /// The caller leaves the lobby held, for every game, or declines the seat kept for them; the last
    /// person out closes it.
    pub(in crate::service) async fn stand_up(&self, caller: &Caller, held: &mut Held) -> Result<(), ServiceError> {
        let game = held.row.id;
        in_lobby(held)?;
        let mine = held.seats_of(caller.user());
        if mine.is_empty() {
            // An invited member who has not accepted declines: their seat opens.
            return self.decline_invitation(caller, game, &mut held.seats).await;
        }
        for seat in mine {
            // Only while the lobby is still a lobby in the database: another process may have started it.
            if !self.store.leave_lobby_seat(game, seat, caller.user()).await? {
                held.stale = true;
                return Err(ServiceError::AlreadyStarted { game });
            }
            if let Some(s) = held.seats.iter_mut().find(|s| s.seat == seat) {
                s.user_id = None;
            }
        }
        let nobody = held.seats.iter().all(|s| s.user_id.as_ref().is_none_or(UserId::is_computer));
        if nobody && self.store.close_lobby(game, "empty", self.now()).await? {
            held.row.status = Status::Abandoned;
            held.row.reason = Some("empty".into());
            tracing::info!(game, "lobby closed: everyone left");
        }
        Ok(())
    }

    /// Start a full lobby: its game opens, told with the seal of its seed and the game's own account of
    /// its deal (the computer's first choices follow, as after any change).
    pub async fn start(&self, caller: &Caller, game: GameId) -> Result<TableNews, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "start");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        self.start_held(caller, held).await
    }

    /// Start the game held (`open_held`), for every game, and tell it: the seal of its seed, and the
    /// game's own account of its deal.
    pub(in crate::service) async fn start_held(
        &self,
        caller: &Caller,
        held: &mut Held,
    ) -> Result<TableNews, ServiceError> {
        self.open_held(caller, held).await?;
        let account = self.start_account(held).await;
        // Nothing was shown before: a start is never told as play beginning anew.
        let mut news = self.news_after(held, Vec::new(), true, &[]).await;
        news.seal = held.sealed().then(|| crate::service::seal(held.row.id, held.row.seed));
        news.account = account;
        Ok(news)
    }

    /// Start the game `held` in its lobby, for every game: any seated player (or its creator) may, once
    /// its seats are filled, if the server stays within its number of games in play. Sides are dealt
    /// when asked; a person never sits on both sides (the computer may). Saved before it returns.
    pub(in crate::service) async fn open_held(&self, caller: &Caller, held: &mut Held) -> Result<(), ServiceError> {
        let game = held.row.id;
        let quotas = self.quotas(caller);
        in_lobby(held)?;
        // An invited member who starts the table accepts the invitation by doing so.
        if !self.accept_by_starting(caller, game, &mut held.seats).await? {
            held.stale = true;
            return Err(ServiceError::SeatTaken);
        }
        if held.seats_of(caller.user()).is_empty() && &held.row.created_by != caller.user() {
            return Err(ServiceError::NotSeated { game });
        }
        crate::service::lobby::ready_to_start(&held.seats, game)?;
        let engine = held.opening().map_err(|detail| ServiceError::Corrupt { game, detail })?;
        let mut seating: Vec<(usize, Option<UserId>)> =
            held.seats.iter().map(|s| (s.seat, s.user_id.clone())).collect();
        if held.settings.draw_sides {
            crate::service::lobby::deal_sides(&mut seating, |s| engine.side(s), self.now());
        }
        let person = |u: &Option<UserId>| u.as_ref().is_some_and(|u| !u.is_computer());
        let side = |s: &usize| engine.side(*s);
        if seating.iter().any(|(s, u)| seating.iter().any(|(t, v)| person(u) && u == v && side(s) != side(t))) {
            return Err(ServiceError::BothSides { game });
        }
        let now = self.now();
        let snapshot = engine.snapshot();
        let (remind_at, deadline_at) = held.settings.timers(now);
        let opening = Opening {
            game,
            state: &snapshot,
            seating: &seating,
            waiting_since: now,
            remind_at,
            deadline_at,
            within: quotas.as_ref().zip(held.row.guild_id.as_ref()),
            owes: self.owing(&held.row, now),
        };
        if let Err(e) = self.store.start(&opening).await {
            held.stale = true;
            return Err(e.into());
        }
        for (s, (_, user)) in held.seats.iter_mut().zip(seating) {
            s.user_id = user;
        }
        held.row.status = Status::Active;
        held.row.waiting_since = Some(now);
        (held.row.remind_at, held.row.deadline_at) = (remind_at, deadline_at);
        held.engine = Some(engine);
        tracing::info!(game, user = %caller.user(), "game started");
        Ok(())
    }
}

/// Seats change only in the lobby.
fn in_lobby(held: &Held) -> Result<(), ServiceError> {
    crate::service::lobby::in_lobby(held.row.status, held.row.id)
}
