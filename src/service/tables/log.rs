//! A game's log for a reader when the game keeps no words of its own (every game but the first): its
//! script replayed up to each step, that step told from the reader's own view.

use super::Held;
use crate::service::{Caller, Service, ServiceError};
use crate::store::{ActionRow, GameId};

/// One move of a game's log (`/qg log`, `/stratego log`), as its reader may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoggedMove {
    /// Its step in the game's log.
    pub seq: u64,
    /// Its number among the public moves; none for a secret step of the reader's own side.
    pub number: Option<u64>,
    pub lines: Vec<String>,
}

/// What telling a game's log by replaying it needs, taken from the game held so its lock is let go.
pub(in crate::service) struct Replay {
    script: String,
    steps: usize,
    kind: std::sync::Arc<dyn crate::games::Kind>,
    data: Option<String>,
    /// The reader's seat (none: a spectator).
    reader: Option<usize>,
}

impl Replay {
    /// How many of the newest steps a log of `n` moves looks at, at most (most steps say something).
    pub(in crate::service) fn looked(n: u32) -> u32 {
        n.saturating_mul(4).saturating_add(20)
    }

    /// None before the game has begun.
    pub(in crate::service) fn of(held: &Held, caller: &Caller) -> Option<Replay> {
        let engine = held.engine.as_deref()?;
        Some(Replay {
            script: engine.script(),
            steps: engine.steps(),
            kind: held.kind.clone(),
            data: held.data.clone(),
            reader: held.seats_of(caller.user()).first().copied(),
        })
    }
}

impl Service {
    /// The last `n` moves of a game that tell the reader something, in their words, oldest first: its
    /// script replayed up to each step, and that step told from the reader's view (`Engine::event_text`),
    /// so nothing hidden from them can reach them. For a game that keeps no words of its own and is rebuilt
    /// quickly: at most `4n + 20` steps are looked at, off the async runtime.
    pub(in crate::service) async fn table_log(
        &self,
        game: GameId,
        replay: Replay,
        actions: &[ActionRow],
        n: u32,
    ) -> Result<Vec<LoggedMove>, ServiceError> {
        let looked = Replay::looked(n);
        let numbers: std::collections::HashMap<u64, Option<u64>> =
            actions.iter().map(|a| (a.seq, a.public_move)).collect();
        let Replay { script, steps, kind, data, reader } = replay;
        let told = tokio::task::spawn_blocking(move || -> Result<Vec<(usize, String)>, String> {
            // The script's last `steps` lines are its steps (as an undo reads it); the lines before, its
            // options and seed.
            let lines: Vec<&str> = script.lines().filter(|l| !l.trim().is_empty()).collect();
            let head = lines.len().checked_sub(steps).ok_or("its script holds fewer lines than steps")?;
            let mut told = Vec::new();
            for k in (1..=steps).rev().take(looked as usize) {
                if told.len() == n as usize {
                    break;
                }
                let prefix: String = lines[..head + k].iter().map(|l| format!("{l}\n")).collect();
                if let Some(text) = kind.replay(&prefix, data.as_deref())?.event_text(reader) {
                    told.push((k, text));
                }
            }
            told.reverse();
            Ok(told)
        })
        .await
        .map_err(|e| ServiceError::Corrupt { game, detail: format!("its log could not be told: {e}") })?
        .map_err(|detail| ServiceError::Corrupt { game, detail })?;
        let number = |k: usize| numbers.get(&(k as u64)).copied().flatten();
        Ok(told
            .into_iter()
            .map(|(k, text)| LoggedMove { seq: k as u64, number: number(k), lines: vec![text] })
            .collect())
    }
}
