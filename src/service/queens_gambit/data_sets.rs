//! Each game plays with the data set it was created with. The running program's data serves new games;
//! games created with other data (the host changed `assets/` since) load theirs from the database.

use crate::games::queens_gambit::rules::Data;
use crate::service::{Service, ServiceError};
use crate::store::GameRow;
use std::sync::Arc;

impl Service {
    /// Keep the running program's data set in the database (once per process), so new games can point at it.
    async fn keep_current_data(&self) -> Result<(), ServiceError> {
        let room = self.first_room();
        let data = room.data.clone();
        room.current_kept
            .get_or_try_init(|| async {
                self.store.keep_data_set(&data.id, || data.sources_json(), self.now()).await.map_err(ServiceError::from)
            })
            .await?;
        Ok(())
    }

    /// The data a game plays with. A game from before data sets were kept is given the running data
    /// (and keeps it from then on, unless the database was opened only to read).
    pub(super) async fn data_of(&self, row: &GameRow) -> Result<Arc<Data>, ServiceError> {
        let room = self.first_room();
        let Some(id) = row.data_set.as_deref() else {
            if !self.store.is_read_only() {
                self.keep_current_data().await?;
                self.store.assign_data_set(row.id, &room.data.id).await?;
            }
            return Ok(room.data.clone());
        };
        if id == room.data.id {
            return Ok(room.data.clone());
        }
        if let Some(d) = room.other_data.lock().ok().and_then(|m| m.get(id).cloned()) {
            return Ok(d);
        }
        let corrupt = |detail: String| ServiceError::Corrupt { game: row.id, detail };
        let json = self.store.data_set(id).await?.ok_or_else(|| corrupt(format!("its data set {id} is missing")))?;
        let data = Data::from_json(&json).map_err(|e| corrupt(format!("its data set {id} no longer loads: {e}")))?;
        let data = Arc::new(data);
        if let Ok(mut m) = room.other_data.lock() {
            m.insert(id.to_string(), data.clone());
        }
        tracing::info!(game = row.id, data_set = id, "a game plays with the data it was created with");
        Ok(data)
    }
}
