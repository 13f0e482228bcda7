//! A draw by agreement at a table: the shared rule (`service::draw`) on the game's own terms.

use super::play::TableNews;
use crate::games::Outcome;
use crate::service::draw::{DrawStep, Request};
use crate::service::ratings::End;
use crate::service::{Caller, Service, ServiceError};
use crate::store::GameId;

impl Service {
    /// The caller's side offers a draw, or accepts the other side's standing offer, in every game: once
    /// accepted, what the thread is shown of the end comes with it (the final board, the seed check).
    pub async fn draw(&self, caller: &Caller, game: GameId) -> Result<(DrawStep, Option<TableNews>), ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "draw");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let held = self.reach_table(&mut guard, game, caller).await?;
        held.playing()?;
        let seat = *held.seats_of(caller.user()).first().ok_or(ServiceError::NotSeated { game })?;
        let engine = held.engine.as_deref().ok_or(ServiceError::NotStarted { game })?;
        let terms = engine.draw_terms(seat).ok_or_else(|| {
            ServiceError::Refused("a draw may be offered once play has begun, until the game ends".into())
        })?;
        let names = engine.seat_names();
        let name = |s: usize| engine.side_name(s);
        // Offered by the caller's side to every seat of the others (a team's partner neither offers
        // nor accepts on its own side's behalf twice).
        let side = engine.side(seat);
        let opposite: Vec<usize> = (0..names.len()).filter(|s| engine.side(*s) != side).collect();
        let mut others: Vec<_> = opposite.iter().filter_map(|s| held.user_of(*s)).collect();
        // One person (or the computer) may hold two seats of the other side: asked once.
        others.sort();
        others.dedup();
        let mut to: Vec<String> = Vec::new();
        for s in &opposite {
            if !to.contains(&name(*s)) {
                to.push(name(*s));
            }
        }
        let people_opposite = others.iter().any(|u| !u.is_computer());
        let mark_of = |key: &str| {
            (0..names.len()).find(|s| engine.side(*s) == key).and_then(|s| engine.draw_terms(s)).map(|t| t.mark)
        };
        let rated = self.rated_now(held, engine, End::Agreed, caller.user()).await?;
        let request = Request { side, terms, people_opposite, rated };
        let offered = self.answer_draw(&mut held.row, request, mark_of).await;
        // A failed or refused write leaves this copy to be loaded afresh.
        held.stale |= matches!(offered, Err(ServiceError::Stale { .. } | ServiceError::Store(_)));
        let home = held.row.home();
        match offered? {
            None => {
                self.computers.forget(game);
                // Over: its final board shows every secret, as an end by the rules does (`Held::sight`).
                let mut news = TableNews::of(held, Vec::new());
                news.outcome = Some(Outcome {
                    winners: Vec::new(),
                    summary: "Drawn by agreement.".into(),
                    winner_key: None,
                    reason_key: "draw".into(),
                });
                Ok((DrawStep::Agreed { by: name(seat), home }, Some(news)))
            }
            Some(terms) => {
                let command = held.kind.words().command;
                let (by, to) = (name(seat), to.join(" and "));
                let step = DrawStep::Offered { by, to, until: terms.until, others, home, command };
                Ok((step, None))
            }
        }
    }
}
