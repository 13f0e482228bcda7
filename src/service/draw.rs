//! A draw by agreement, for both games and every game after them: one side offers it; the offer stands
//! while what the game says it stands on holds (`Engine::draw_terms`: the first game's round, Stratego's
//! other side not yet moved) and the other side may accept it then. Nothing is played: the game's log is
//! untouched, and it ends over with no winner.

use super::play::check_active;
use super::{Caller, Service, ServiceError, TableNews};
use crate::games::DrawTerms;
use crate::store::{ChannelId, GameId, GameRow, Status, UserId};

/// What `/qg draw` (or a table's own draw command) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawStep {
    /// The caller's side (`by`, in words) offers a draw; `others` (the other side, `to`) may accept it
    /// `until` it lapses ("until round 3 ends").
    Offered { by: String, to: String, until: String, others: Vec<UserId>, home: Option<ChannelId> },
    /// The other side's offer stood: the game is over, drawn by agreement; the caller played `by`.
    Agreed { by: String, home: Option<ChannelId> },
}

/// What a request to draw meets.
enum Meets {
    /// The other side's offer, still standing.
    Offer,
    /// The caller's own, still standing.
    Own,
    /// None standing: the caller's request is a new offer.
    Nothing,
}

/// The rule, once for every game: an offer stands while the mark it was made on is the offering side's
/// mark now (`mark_of`).
fn meets(standing: Option<&(String, u32)>, side: &str, mark_of: impl Fn(&str) -> Option<u32>) -> Meets {
    match standing.filter(|(by, mark)| mark_of(by) == Some(*mark)) {
        Some((by, _)) if by == side => Meets::Own,
        Some(_) => Meets::Offer,
        None => Meets::Nothing,
    }
}

/// A draw request at one game: the caller's side (its key, as the store keeps it) and the terms an offer
/// by it stands on now.
pub(super) struct Request {
    pub side: String,
    pub terms: DrawTerms,
    /// Whether a person holds a seat of the other side (the computer never accepts a draw).
    pub people_opposite: bool,
}

impl Service {
    /// The caller's side offers a draw, or accepts the other side's standing offer. At a table, an
    /// accepted draw comes with what the thread is shown of the end (the final board, the seed check).
    pub async fn draw(&self, caller: &Caller, game: GameId) -> Result<(DrawStep, Option<TableNews>), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "draw");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let live = match self.reach_first(&mut guard, game, caller).await {
            Err(ServiceError::OtherGame { .. }) => {
                // A table: its own lock, this one let go first (as every path to a table does).
                drop(guard);
                return self.table_draw(caller, game).await;
            }
            other => other?,
        };
        let round = check_active(live, game)?.state().round;
        let Some(seat) = live.seats_held(caller.user()).first().copied() else {
            return Err(ServiceError::NotSeated { game });
        };
        let side = seat.side();
        let terms = crate::games::queens_gambit::draw_terms(round);
        let people_opposite = live.seats.iter().any(|s| {
            crate::rules::Seat::at(s.seat).side() != side && s.user_id.as_ref().is_some_and(|u| !u.is_computer())
        });
        let request = Request { side: side.key().into(), terms, people_opposite };
        let offered = self.answer_draw(&mut live.row, request, |_| Some(round)).await;
        // A failed or refused write leaves this copy to be loaded afresh.
        live.stale |= matches!(offered, Err(ServiceError::Stale { .. } | ServiceError::Store(_)));
        let home = live.row.home();
        let step = match offered? {
            None => DrawStep::Agreed { by: side.in_sentence().into(), home },
            Some(terms) => {
                let others = live
                    .seats
                    .iter()
                    .filter(|s| crate::rules::Seat::at(s.seat).side() != side)
                    .filter_map(|s| s.user_id.clone());
                DrawStep::Offered {
                    by: side.in_sentence().into(),
                    to: side.other().in_sentence().into(),
                    until: terms.until,
                    others: others.collect::<std::collections::BTreeSet<_>>().into_iter().collect(),
                    home,
                }
            }
        };
        Ok((step, None))
    }

    /// The shared half of a draw request on a game's record `row`: accept the other side's standing
    /// offer (the game ends, `None`), refuse a second offer, or record a new one (its terms).
    pub(super) async fn answer_draw(
        &self,
        row: &mut GameRow,
        request: Request,
        mark_of: impl Fn(&str) -> Option<u32>,
    ) -> Result<Option<DrawTerms>, ServiceError> {
        let Request { side, terms, people_opposite } = request;
        let (game, now) = (row.id, self.now());
        match meets(row.draw_offer.as_ref(), &side, mark_of) {
            Meets::Nothing if !people_opposite => {
                Err(ServiceError::Refused("the computer plays every game to its end: it never accepts a draw".into()))
            }
            Meets::Offer => {
                let offer = row.draw_offer.as_ref().map(|(by, mark)| format!("{by}:{mark}")).unwrap_or_default();
                if !self.store.end_in_draw(game, &offer, now).await? {
                    // Another process changed the game first (a pause, a move): nothing was written.
                    return Err(ServiceError::Stale { game, expected: row.revision, current: row.revision + 1 });
                }
                tracing::info!(game, "drawn by agreement");
                (row.status, row.reason) = (Status::Abandoned, Some("draw".into()));
                (row.draw_offer, row.remind_at, row.deadline_at) = (None, None, None);
                Ok(None)
            }
            Meets::Own => Err(ServiceError::DrawOffered { game, until: terms.until }),
            Meets::Nothing => {
                self.store.offer_draw(game, &side, terms.mark, now).await?;
                row.draw_offer = Some((side, terms.mark));
                Ok(Some(terms))
            }
        }
    }
}
