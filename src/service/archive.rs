//! Exporting a game as a replay script, and checking that the log rebuilds the saved state.

use super::{Service, ServiceError};
use crate::store::{GameId, Status};
use std::collections::BTreeMap;

/// What a check of a saved game found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The log replays to exactly the saved state at this version (move count), under these rules.
    Consistent { version: u64, rules: u32 },
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
    pub async fn export(&self, host: &super::HostPass, game: GameId) -> Result<String, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "export");
        let row = self.store.game(game).await?;
        match self.room(&row.game) {
            Some(room) => room.export(self, row).await,
            None => self.table_script(host, game).await,
        }
    }

    /// Replay a game's log from its seed and compare with its newest snapshot.
    pub async fn verify(&self, game: GameId) -> Verdict {
        tracing::trace!(target: "gambit::service::call", call = "verify");
        let row = match self.store.game(game).await {
            Ok(r) => r,
            Err(e) => return Verdict::Damaged { detail: e.to_string() },
        };
        if let Some(room) = self.room(&row.game) {
            return room.verify(self, row).await;
        }
        if self.catalog.get(&row.game).is_none() {
            return Verdict::OtherGame { key: row.game };
        }
        if row.status == Status::Lobby || (row.status == Status::Abandoned && row.version == 0) {
            return Verdict::NotStarted;
        }
        let (key, version) = (row.game.clone(), row.version);
        match self.verify_table(row).await {
            Ok(()) => Verdict::Replays { key, version },
            Err(detail) => Verdict::Damaged { detail },
        }
    }

    /// `gambit migrate`'s last step: give every game saved before rules versions were recorded its version
    /// now, rather than when it is first loaded. Returns how many started games got each version (lobbies
    /// simply take the newest).
    pub async fn settle_rules_versions(&self) -> Result<Vec<(u32, usize)>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "settle_rules_versions");
        let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
        for row in self.store.games().await?.into_iter().flatten().filter(|r| r.rules.is_none()) {
            let Some(room) = self.room(&row.game) else { continue };
            let started = row.version > 0;
            let rules = room.settle_rules(self, row).await?;
            if started {
                *counts.entry(rules).or_default() += 1;
            }
        }
        Ok(counts.into_iter().collect())
    }
}
