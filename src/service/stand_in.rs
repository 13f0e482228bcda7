//! Stand-ins, once for every game: when a game's players chose it, the computer takes the seat of a
//! player who misses a deadline and plays it until they come back. Who is away is kept in the game's
//! settings (the same two fields in every game's settings); the seat itself is handed to the computer's
//! user, so every path that plays computer seats plays it.

use super::{Service, ServiceError};
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
pub(super) trait WithStandIns: Clone {
    fn stand_ins(&mut self) -> &mut StandIns;
    fn json(&self) -> String;
}

impl StandIns {
    /// The seats `user` is away from (the computer plays them): still theirs, against an admin's replace.
    pub fn seats_of<'a>(&'a self, user: &'a UserId) -> impl Iterator<Item = usize> + 'a {
        self.absent.iter().filter(move |(_, u)| u == user).map(|(s, _)| usize::from(*s))
    }
}

/// A player the computer now plays for, until they come back (`Service::come_back`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandIn {
    pub game: GameId,
    pub seat: usize,
    /// The seat's name in the game's words ("the Trade Federation's first seat", "Evil").
    pub seat_name: String,
    /// The player who missed the deadline.
    pub user: UserId,
    /// The computer now at the seat.
    pub computer: UserId,
    /// Where the game is played.
    pub home: Option<ChannelId>,
}

/// A game's record, seats and settings as held in memory, whichever game it is. Changed only once the
/// store has the change (a failed write leaves them as they were; the caller loads the game afresh).
pub(super) struct Seating<'a, S> {
    pub row: &'a mut GameRow,
    pub seats: &'a mut [SeatRow],
    pub settings: &'a mut S,
}

impl<S: WithStandIns> Seating<'_, S> {
    fn user_of(&self, seat: usize) -> Option<UserId> {
        self.seats.iter().find(|s| s.seat == seat).and_then(|s| s.user_id.clone())
    }

    /// The new settings and seat holders, saved in one transaction, then kept here.
    async fn save(&mut self, svc: &Service, mut settings: S, given: Vec<(usize, UserId)>) -> Result<(), ServiceError> {
        let json = settings.json();
        svc.store.set_settings_and_seats(self.row.id, &json, &given, svc.now()).await?;
        for (seat, user) in given {
            if let Some(s) = self.seats.iter_mut().find(|s| s.seat == seat) {
                s.user_id = Some(user);
            }
        }
        self.row.settings = json;
        std::mem::swap(self.settings, &mut settings);
        Ok(())
    }
}

impl Service {
    /// A deadline passed: when the players chose a stand-in, the computer takes each of `waiting` a person
    /// holds (named by `name`), recorded as away; all saved in one transaction.
    pub(super) async fn stand_in_at<S: WithStandIns>(
        &self,
        mut held: Seating<'_, S>,
        waiting: &[usize],
        name: impl Fn(usize) -> String,
    ) -> Result<Vec<StandIn>, ServiceError> {
        let game = held.row.id;
        let mut settings = held.settings.clone();
        let Some(level) = settings.stand_ins().stand_in.clone() else { return Ok(Vec::new()) };
        let computer = UserId::computer(&level);
        let home = held.row.home();
        let mut taken = Vec::new();
        for seat in waiting.iter().copied() {
            let Some(user) = held.user_of(seat).filter(|u| !u.is_computer()) else { continue };
            let absent = &mut settings.stand_ins().absent;
            let number = u8::try_from(seat).unwrap_or(u8::MAX);
            absent.retain(|(s, _)| *s != number);
            absent.push((number, user.clone()));
            let seat_name = name(seat);
            taken.push(StandIn { game, seat, seat_name, user, computer: computer.clone(), home: home.clone() });
        }
        if taken.is_empty() {
            return Ok(taken);
        }
        let given = taken.iter().map(|t| (t.seat, computer.clone())).collect();
        held.save(self, settings, given).await?;
        for t in &taken {
            tracing::info!(game, seat = t.seat + 1, level = %level, "the computer stands in for a player past the deadline");
        }
        Ok(taken)
    }

    /// `user` takes back the seats the computer played for them and still holds, but one that would put
    /// them on two sides (`apart(a, b)`: seats `a` and `b` are on different sides). Returns those taken.
    pub(super) async fn back_at<S: WithStandIns>(
        &self,
        mut held: Seating<'_, S>,
        user: &UserId,
        apart: impl Fn(usize, usize) -> bool,
    ) -> Result<Vec<usize>, ServiceError> {
        let game = held.row.id;
        let mut settings = held.settings.clone();
        let mine: Vec<usize> = settings.stand_ins().seats_of(user).collect();
        if mine.is_empty() {
            return Err(ServiceError::ComputerSeat("the computer is not playing for you in this game".into()));
        }
        settings.stand_ins().absent.retain(|(_, u)| u != user);
        // A seat an admin has given to someone else since stays theirs; so does one on the other side of a
        // seat the player holds now (a person never holds both sides).
        let holds: Vec<usize> =
            held.seats.iter().filter(|s| s.user_id.as_ref() == Some(user)).map(|s| s.seat).collect();
        let back: Vec<usize> = mine
            .into_iter()
            .filter(|seat| held.user_of(*seat).is_some_and(|u| u.is_computer()))
            .filter(|seat| !holds.iter().any(|h| apart(*h, *seat)))
            .collect();
        let given = back.iter().map(|s| (*s, user.clone())).collect();
        held.save(self, settings, given).await?;
        tracing::info!(game, user = %user, seats = back.len(), "a player is back from the computer");
        Ok(back)
    }
}
