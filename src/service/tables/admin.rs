//! A server's admins at a table: giving a seat to someone else (the admin's powers are checked by the
//! shared `replace_seat` before it comes here), and the computer's turn once it holds a seat.

use super::play::TableNews;
use crate::rules::Seat;
use crate::service::{Caller, Person, Replaced, Service, ServiceError};
use crate::store::{GameId, Status};

impl Service {
    /// Give `seat` of table `game` to `person`: never to someone who holds or played a seat of another
    /// side (`Engine::side`: each seat is one unless the game has teams), and to the admin themselves in
    /// a started game only once they confirm (they would see what only that seat sees).
    pub(in crate::service) async fn table_replace(
        &self,
        caller: &Caller,
        game: GameId,
        seat: Seat,
        person: &Person,
        confirmed: bool,
    ) -> Result<Replaced, ServiceError> {
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        if held.row.status.is_over() {
            return Err(ServiceError::Over { game });
        }
        let at = seat.index();
        let name = held.seat_names().get(at).cloned().ok_or(ServiceError::NoSeat { game, seat: seat.0 + 1 })?;
        if !held.seats.iter().any(|s| s.seat == seat) {
            return Err(ServiceError::NoSeat { game, seat: seat.0 + 1 });
        }
        // The computer may hold several seats; a person never sits on two sides, nor takes a side after
        // playing the other (they have seen its secrets).
        if !person.id.is_computer() {
            // A player the computer stands in for still counts as holding their seat.
            let away =
                held.settings.stand_ins.absent.iter().filter(|(_, u)| *u == person.id).map(|(s, _)| usize::from(*s));
            // Sides as the game counts them (a team's partners share one); in a lobby, every seat.
            let sides = held.sides();
            let other_side = |s: usize| sides.get(s) != sides.get(at);
            let elsewhere = held.seats_of(&person.id).into_iter().chain(away).any(other_side);
            let played_elsewhere = self
                .store
                .actions(game)
                .await?
                .iter()
                .any(|a| a.user_id == person.id && a.seat.is_some_and(|s| other_side(s.index())));
            if elsewhere || played_elsewhere {
                return Err(ServiceError::BothSides { game });
            }
        }
        let started = held.row.status != Status::Lobby;
        let sits_there = held.seats_of(caller.user()).contains(&at);
        if crate::service::admin::must_confirm(caller, person, started && !sits_there, confirmed) {
            return Ok(Replaced::Confirm { seat: name });
        }
        let previous = held.user_of(at);
        self.store.set_seat(game, seat, Some(&person.id), self.now()).await?;
        // The record's seat is kept for nobody now (`set_seat`): so is this copy's.
        if let Some(s) = held.seats.iter_mut().find(|s| s.seat == seat) {
            (s.user_id, s.invited) = (Some(person.id.clone()), None);
        }
        self.end_invitation_of(game, &mut held.seats, &person.id).await?;
        tracing::info!(game, admin = %caller.user(), action = "replace", seat = seat.0 + 1, "admin action");
        Ok(Replaced::Done { seat: name, previous })
    }

    /// The computer's choices at table `game` for every seat it holds that must decide now, each saved:
    /// after an admin gives it a seat. `None` when the computer has nothing to do there at once (the first
    /// game's computers play from the background, one step at a time).
    pub async fn table_computer_turns(&self, game: GameId) -> Result<Option<TableNews>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "table_computer_turns");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let host = Caller::host(&crate::service::host::terminal(), "computer");
        let held = self.reach_table(&mut guard, game, &host).await?;
        if held.row.status != Status::Active {
            return Ok(None);
        }
        let version = held.row.version;
        let mut lines = Vec::new();
        self.table_computers(held, &mut lines).await?;
        Ok((held.row.version != version).then(|| TableNews::of(held, lines)))
    }
}
