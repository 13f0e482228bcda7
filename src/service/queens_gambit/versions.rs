//! Each game plays under the rules version it was created under. A game saved before versions were
//! recorded is given the version its action log replays under to exactly its saved state: the newest of
//! the versions those releases played, tried newest first (a log that replays alike under both never met
//! a case where they differ, so it goes on under the better rules).

use crate::games::queens_gambit::rules::{Data, Game, RulesVersion, State};
use crate::service::{Service, ServiceError};
use crate::store::{ActionRow, GameRow, Status};
use std::sync::Arc;

/// Whether a replayed game is exactly the saved one.
pub(super) fn same_state(saved: &State, replayed: &Game, version: u64) -> bool {
    let a = serde_json::to_string(saved).unwrap_or_default();
    let b = serde_json::to_string(replayed.state()).unwrap_or_default();
    !a.is_empty() && a == b && replayed.state().step == version
}

impl Service {
    /// The rules version a game plays under; a game from before versions were recorded is given one (and
    /// keeps it from then on, unless the database was opened only to read).
    pub(super) async fn rules_of(&self, row: &GameRow, data: &Arc<Data>) -> Result<RulesVersion, ServiceError> {
        if let Some(n) = row.rules {
            return RulesVersion::from_number(i64::from(n)).ok_or_else(|| ServiceError::Corrupt {
                game: row.id,
                detail: format!("it plays under rules version {n}, which only a newer release of the bot knows"),
            });
        }
        let settled = if row.status == Status::Lobby || row.version == 0 {
            Some(RulesVersion::NEWEST)
        } else {
            let actions = self.store.actions(row.id).await?;
            let saved = match self.store.latest_snapshot(row.id).await? {
                Some((v, json)) if v == row.version => serde_json::from_str::<State>(&json).ok(),
                _ => None,
            };
            self.replaying_version(row, data, &actions, saved.as_ref())
        };
        let Some(rules) = settled else {
            // No version rebuilds it: the game is damaged (`gambit verify` says how). It goes on from its
            // snapshot under the newest version those releases had; nothing is recorded.
            let fallback = RulesVersion::BEFORE_RECORDING[RulesVersion::BEFORE_RECORDING.len() - 1];
            tracing::warn!(game = row.id, rules = %fallback, "no rules version replays this game's log");
            return Ok(fallback);
        };
        if !self.store.is_read_only() {
            self.store.assign_rules(row.id, rules.number()).await?;
            tracing::info!(game = row.id, rules = %rules, "a game saved before rules versions plays under its own");
        }
        Ok(rules)
    }

    /// The newest version among those played before versions were recorded under which the log replays
    /// to `saved` (or, with no readable snapshot, to the game's move count).
    fn replaying_version(
        &self,
        row: &GameRow,
        data: &Arc<Data>,
        actions: &[ActionRow],
        saved: Option<&State>,
    ) -> Option<RulesVersion> {
        RulesVersion::BEFORE_RECORDING.into_iter().rev().find(|v| match self.replay(row, *v, data, actions) {
            Ok(game) => match saved {
                Some(s) => same_state(s, &game, row.version),
                None => game.state().step == row.version,
            },
            Err(_) => false,
        })
    }
}
