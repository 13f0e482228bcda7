//! Stand-ins, once for every game: when a game's players chose it, the computer takes the seat of a
//! player who misses a deadline and plays it until they come back. Who is away is kept in the game's
//! settings (the same two fields in every game's settings); the seat itself is handed to the computer's
//! user, so every path that plays computer seats plays it.

use super::{Service, ServiceError};
use crate::rules::Seat;
use crate::store::{ChannelId, GameId, GameRow, SeatRow, UserId};
use serde::{Deserialize, Serialize};

/// The players' choice of a stand-in and who it plays for now, kept in a game's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct StandIns {
    /// The computer, at this level, plays the seat of a player who misses a deadline, until they come back
    /// (none: the deadline is only told, or the game makes its own default choice).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stand_in: Option<String>,
    /// The players the computer plays for now, by seat number, and who they are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<(u8, UserId)>,
}

/// A game's settings that keep stand-ins.
pub(super) trait WithStandIns {
    fn stand_ins(&mut self) -> &mut StandIns;
    fn json(&self) -> String;
}

/// A player the computer now plays for, until they come back (`Service::come_back`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandIn {
    pub game: GameId,
    pub seat: Seat,
    /// The seat's name in the game's words ("the Trade Federation's first seat", "Evil").
    pub seat_name: String,
    /// The player who missed the deadline.
    pub user: UserId,
    /// The computer now at the seat.
    pub computer: UserId,
    /// Where the game is played.
    pub home: Option<ChannelId>,
}

/// A game's record and seats as held in memory, whichever game it is.
pub(super) struct Held<'a> {
    pub row: &'a mut GameRow,
    pub seats: &'a mut [SeatRow],
}

impl Held<'_> {
    fn user_of(&self, seat: Seat) -> Option<UserId> {
        self.seats.iter().find(|s| s.seat == seat).and_then(|s| s.user_id.clone())
    }

    fn give(&mut self, seat: Seat, user: &UserId) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
            s.user_id = Some(user.clone());
        }
    }
}

impl Service {
    /// A deadline passed: when the players chose a stand-in, the computer takes each of `waiting` a person
    /// holds (named by `name`), recorded as away, and saved with the seat in one transaction.
    pub(super) async fn stand_in_at<S: WithStandIns>(
        &self,
        mut held: Held<'_>,
        settings: &mut S,
        waiting: &[Seat],
        name: impl Fn(Seat) -> String,
    ) -> Result<Vec<StandIn>, ServiceError> {
        let game = held.row.id;
        let Some(level) = settings.stand_ins().stand_in.clone() else { return Ok(Vec::new()) };
        let computer = UserId::computer(&level);
        let mut taken = Vec::new();
        for seat in waiting.iter().copied() {
            let Some(user) = held.user_of(seat).filter(|u| !u.is_computer()) else { continue };
            let absent = &mut settings.stand_ins().absent;
            absent.retain(|(s, _)| *s != seat.0);
            absent.push((seat.0, user.clone()));
            let json = settings.json();
            self.store.set_settings_and_seat(game, &json, seat, &computer, self.now()).await?;
            held.row.settings = json;
            held.give(seat, &computer);
            tracing::info!(game, seat = seat.0 + 1, level = %level, "the computer stands in for a player past the deadline");
            let home = held.row.home();
            taken.push(StandIn { game, seat, seat_name: name(seat), user, computer: computer.clone(), home });
        }
        Ok(taken)
    }

    /// `user` takes back the seats the computer played for them and still holds, but one that would put
    /// them on two sides (`apart(a, b)`: seats `a` and `b` are on different sides). Returns those taken.
    pub(super) async fn back_at<S: WithStandIns>(
        &self,
        mut held: Held<'_>,
        settings: &mut S,
        user: &UserId,
        apart: impl Fn(Seat, Seat) -> bool,
    ) -> Result<Vec<Seat>, ServiceError> {
        let game = held.row.id;
        let absent = &mut settings.stand_ins().absent;
        let mine: Vec<Seat> = absent.iter().filter(|(_, u)| u == user).map(|(s, _)| Seat(*s)).collect();
        if mine.is_empty() {
            return Err(ServiceError::ComputerSeat("the computer is not playing for you in this game".into()));
        }
        absent.retain(|(_, u)| u != user);
        let json = settings.json();
        let now = self.now();
        let mut back = Vec::new();
        // A seat an admin has given to someone else since stays theirs; so does one on the other side of a
        // seat the player holds now (a person never holds both sides).
        let holds: Vec<Seat> = held.seats.iter().filter(|s| s.user_id.as_ref() == Some(user)).map(|s| s.seat).collect();
        for seat in mine {
            let computer = held.user_of(seat).is_some_and(|u| u.is_computer());
            if !computer || holds.iter().any(|h| apart(*h, seat)) {
                continue;
            }
            self.store.set_settings_and_seat(game, &json, seat, user, now).await?;
            held.give(seat, user);
            back.push(seat);
        }
        if back.is_empty() {
            self.store.set_settings(game, &json, now).await?;
        }
        held.row.settings = json;
        tracing::info!(game, user = %user, seats = back.len(), "a player is back from the computer");
        Ok(back)
    }
}
