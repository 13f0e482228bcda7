//! A draw by agreement: a house rule (the rulebook has no draws), for a game that goes nowhere. One side
//! offers it; the offer stands until the other side accepts it or the round ends. Nothing is played: the
//! game's log is untouched, and it ends over with no winner.

use super::play::check_active;
use super::{Caller, Service, ServiceError};
use crate::rules::Side;
use crate::store::{ChannelId, GameId, Status, UserId};

/// What `/qg draw` did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawStep {
    /// The caller's side offers a draw, standing until `round` ends; `others` may accept it.
    Offered { side: Side, round: u32, others: Vec<UserId>, home: Option<ChannelId> },
    /// The other side's offer stood: the game is over, drawn by agreement.
    Agreed { side: Side, home: Option<ChannelId> },
}

impl Service {
    /// The caller's side offers a draw, or accepts the other side's standing offer.
    pub async fn draw(&self, caller: &Caller, game: GameId) -> Result<DrawStep, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "draw");
        let slot = self.slot(game);
        let mut guard = slot.lock().await;
        let live = self.reach(&mut guard, game, caller).await?;
        let round = check_active(live, game)?.state().round;
        let Some(seat) = live.seats_of(caller.user()).first().copied() else {
            return Err(ServiceError::NotSeated { game });
        };
        let side = seat.side();
        let home = live.row.home();
        let now = self.now();
        match live.row.draw_offer {
            Some((by, r)) if r == round && by == side.other() => {
                self.store.end_in_draw(game, now).await?;
                live.row.status = Status::Abandoned;
                live.row.reason = Some("draw".into());
                live.row.draw_offer = None;
                live.row.remind_at = None;
                live.row.deadline_at = None;
                tracing::info!(game, user = %caller.user(), "drawn by agreement");
                Ok(DrawStep::Agreed { side, home })
            }
            Some((by, r)) if r == round && by == side => Err(ServiceError::DrawOffered { game, round }),
            _ => {
                self.store.offer_draw(game, side, round, now).await?;
                live.row.draw_offer = Some((side, round));
                let others = live
                    .seats
                    .iter()
                    .filter(|s| s.seat.side() != side)
                    .filter_map(|s| s.user_id.clone())
                    .collect::<std::collections::BTreeSet<_>>()
                    .into_iter()
                    .collect();
                Ok(DrawStep::Offered { side, round, others, home })
            }
        }
    }
}
