//! Exporting a game as a replay script, and checking that the log rebuilds the saved state.

use super::first_game::script_of;
use super::versions::same_state;
use super::{Service, ServiceError};
use crate::games::queens_gambit::rules::{RulesVersion, State};
use crate::store::{GameId, Status};

/// What a check of a saved game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log replays to exactly the saved state at this version (move count), under these rules.
    Consistent { version: u64, rules: RulesVersion },
    /// The game has not started: nothing to check.
    NotStarted,
    /// The log and the snapshot disagree.
    Mismatch { detail: String },
    /// A record cannot be read.
    Damaged { detail: String },
    /// A game behind the seam (`key`): its log replays to its snapshot at this version.
    Replays { key: String, version: u64 },
    /// A game of a kind this build does not host, which this check does not read.
    OtherGame { key: String },
}

impl Service {
    /// The whole game as a replay script: `gambit replay` reproduces it exactly. It contains the seed and
    /// every private choice, so it is for finished games and administrators.
    pub async fn export(&self, _host: &super::HostPass, game: GameId) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "export");
        let row = self.store.game(game).await?;
        if row.game != crate::games::queens_gambit::KEY {
            return self.table_script(_host, game).await;
        }
        let data = self.data_of(&row).await?;
        let rules = self.rules_of(&row, &data).await?;
        let actions = self.store.actions(game).await?;
        Ok(script_of(&row, rules, &actions))
    }

    /// Replay a game's log from its seed and compare with its newest snapshot.
    pub async fn verify(&self, game: GameId) -> Verdict {
        tracing::trace!(target: "gambit::service::call", call = "verify");
        let damaged = |e: String| Verdict::Damaged { detail: e };
        let row = match self.store.game(game).await {
            Ok(r) => r,
            Err(e) => return damaged(e.to_string()),
        };
        if row.game != crate::games::queens_gambit::KEY {
            if self.catalog.get(&row.game).is_none() {
                return Verdict::OtherGame { key: row.game };
            }
            if row.status == Status::Lobby || (row.status == Status::Abandoned && row.version == 0) {
                return Verdict::NotStarted;
            }
            let (key, version) = (row.game.clone(), row.version);
            return match self.verify_table(row).await {
                Ok(()) => Verdict::Replays { key, version },
                Err(detail) => Verdict::Damaged { detail },
            };
        }
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
            Verdict::Consistent { version: row.version, rules }
        } else {
            Verdict::Mismatch {
                detail: format!("the log replays to move {}, differing from the saved state", replayed.state().step),
            }
        }
    }
}
