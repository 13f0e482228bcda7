//! The computer's turn at a table once an admin gives it a seat (`Service::replace_seat`, every game's).

use super::play::TableNews;
use crate::service::{Caller, Service, ServiceError};
use crate::store::{GameId, Status};

impl Service {
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
