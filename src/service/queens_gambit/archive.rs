//! The first game's records exported as replay scripts and checked: the log replays, under the record's
//! rules and data, to exactly its newest saved state.

use super::record::script_of;
use super::versions::same_state;
use crate::games::queens_gambit::rules::State;
use crate::service::{Service, ServiceError, Verdict};
use crate::store::{GameRow, Status};

impl Service {
    /// A record of the first game as its replay script (`Service::export`).
    pub(super) async fn export_first(&self, row: GameRow) -> Result<String, ServiceError> {
        let data = self.data_of(&row).await?;
        let rules = self.rules_of(&row, &data).await?;
        let actions = self.store.actions(row.id).await?;
        Ok(script_of(&row, rules, &actions))
    }

    /// Replay a record's log from its seed and compare with its newest state (`Service::verify`).
    pub(super) async fn verify_first(&self, row: GameRow) -> Verdict {
        let damaged = |e: String| Verdict::Damaged { detail: e };
        let game = row.id;
        let snapshot = self.store.latest_snapshot(game).await;
        // A lobby, or a lobby an admin ended before it started, has nothing to replay.
        let ended_unstarted = row.status == Status::Abandoned && row.version == 0 && matches!(snapshot, Ok(None));
        if row.status == Status::Lobby || ended_unstarted {
            return Verdict::NotStarted;
        }
        let actions = match self.store.actions(game).await {
            Ok(a) => a,
            Err(e) => return damaged(e.to_string()),
        };
        let data = match self.data_of(&row).await {
            Ok(d) => d,
            Err(e) => return damaged(e.detail()),
        };
        let rules = match self.rules_of(&row, &data).await {
            Ok(r) => r,
            Err(e) => return damaged(e.detail()),
        };
        let replayed = match self.replay(&row, rules, &data, &actions) {
            Ok(g) => g,
            Err(e) => return damaged(e.detail()),
        };
        let snapshot = match snapshot {
            Ok(Some((v, json))) if v == row.version => json,
            Ok(Some((v, _))) => return damaged(format!("newest snapshot is {v}, the game is at {}", row.version)),
            Ok(None) => return damaged("no snapshot".into()),
            Err(e) => return damaged(e.to_string()),
        };
        let saved: State = match serde_json::from_str(&snapshot) {
            Ok(s) => s,
            Err(e) => return damaged(format!("snapshot {}: {e}", row.version)),
        };
        if same_state(&saved, &replayed, row.version) {
            Verdict::Consistent { version: row.version, rules: rules.number() }
        } else {
            Verdict::Mismatch {
                detail: format!("the log replays to move {}, differing from the saved state", replayed.state().step),
            }
        }
    }
}
