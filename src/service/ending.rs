//! The end of a game: a recap worth sharing (who won and why, what each side lost, the turning points,
//! the board at the start of every round), and the dice anyone can check: the seed sealed when the game
//! started is revealed with the whole replay script.

use super::live::script_of;
use super::{Service, ServiceError};
use crate::rules::script::{self, Script};
use crate::rules::{BySide, Data, Event, EventKind, Game, KindId, Outcome, Side, View, Viewer};
use crate::store::{ChannelId, GameId, Status};

/// The seal of a game's seed, posted when it starts: SHA-256 of "gambit game ID seed SEED", in hex. The
/// seed stays secret until the end, when anyone can check it against the seal and replay every roll.
pub fn seal(game: GameId, seed: u64) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(format!("gambit game {game} seed {seed}").as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A moment that changed the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurningPoint {
    /// A Fambaa fell: the Gungan shield is down for good.
    ShieldDown,
    /// A queen died, and so which one was real became known.
    QueenRevealed { kind: KindId },
    /// Anakin destroyed the Droid Control Ship.
    ControlShipDestroyed,
}

/// What a finished game looks like from the end.
#[derive(Clone, Debug)]
pub struct Ending {
    pub game: GameId,
    pub title: String,
    /// Where it was played: its thread, or the channel it was started in.
    pub home: Option<ChannelId>,
    /// The game data it played with.
    pub data: std::sync::Arc<crate::rules::Data>,
    pub outcome: Outcome,
    pub rounds: u32,
    pub moves: u64,
    /// What each side lost (by side index): each kind of unit destroyed, and how many.
    pub losses: BySide<Vec<(KindId, u32)>>,
    /// Each turning point with the round it happened in.
    pub turning_points: Vec<(u32, TurningPoint)>,
    /// The board as anyone saw it at the start of each round, and at the end.
    pub frames: Vec<View>,
    pub seed: u64,
    pub seal: String,
    /// The whole game as a replay script: `gambit replay` re-rolls every die.
    pub script: String,
}

impl Service {
    /// The recap of a finished game (everything in it is public once the game is over).
    pub async fn ending(&self, game: GameId) -> Result<Ending, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "ending");
        let (row, data, rules) = {
            let slot = self.slot(game);
            let mut guard = slot.lock().await;
            let live = self.ensure(&mut guard, game).await?;
            if live.row.status != Status::Finished {
                return Err(ServiceError::NotOver { game });
            }
            (live.row.clone(), live.data.clone(), live.rules)
        };
        let actions = self.store.actions(game).await?;
        let corrupt = |detail: String| ServiceError::Corrupt { game, detail };
        let text = format!("# gambit game {game}\n{}", script_of(&row, rules, &actions));
        let parsed = Script::parse(&data, &text).map_err(|e| corrupt(format!("action log {e}")))?;
        let mut story = Story::default();
        let run = script::run_observed(data.clone(), &parsed, &mut |g, events| story.watch(&data, g, events))
            .map_err(|e| corrupt(format!("action log {e}")))?;
        let outcome = run.game.outcome().ok_or_else(|| corrupt("the log does not end the game".into()))?;
        Ok(Ending {
            game,
            title: row.title.clone(),
            home: row.home(),
            data: data.clone(),
            outcome,
            rounds: run.game.state().round,
            moves: row.moves,
            losses: story.losses,
            turning_points: story.turning_points,
            frames: story.frames,
            seed: row.seed,
            seal: seal(game, row.seed),
            script: text,
        })
    }
}

/// What a finished game's replay shows, gathered step by step.
#[derive(Default)]
struct Story {
    losses: BySide<Vec<(KindId, u32)>>,
    turning_points: Vec<(u32, TurningPoint)>,
    frames: Vec<View>,
}

impl Story {
    /// One step of the replay: count the losses, note the turning points, keep a frame at each new round
    /// and at the end.
    fn watch(&mut self, data: &Data, g: &Game, events: &[Event]) {
        let round = g.state().round;
        for e in events {
            match &e.kind {
                EventKind::Destroyed { kind, .. } => {
                    let lost = &mut self.losses[data.unit(*kind).side];
                    match lost.iter_mut().find(|(k, _)| k == kind) {
                        Some((_, n)) => *n += 1,
                        None => lost.push((*kind, 1)),
                    }
                }
                EventKind::ShieldDown => self.turning_points.push((round, TurningPoint::ShieldDown)),
                EventKind::QueenRevealed { kind, .. } => {
                    self.turning_points.push((round, TurningPoint::QueenRevealed { kind: *kind }))
                }
                EventKind::ControlShipDestroyed { .. } => {
                    self.turning_points.push((round, TurningPoint::ControlShipDestroyed))
                }
                _ => {}
            }
        }
        let new_round = events.iter().any(|e| matches!(e.kind, EventKind::RoundStarted { .. }));
        if new_round || g.outcome().is_some() {
            self.frames.push(g.view(Viewer::Spectator));
        }
    }
}

impl Ending {
    /// What a side lost.
    pub fn lost_by(&self, side: Side) -> &[(KindId, u32)] {
        &self.losses[side]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seal_is_sha256_of_the_game_and_its_seed() {
        // printf 'gambit game 7 seed 42' | sha256sum
        assert_eq!(seal(7, 42), "1ccfb1ddacebdaa1249dff063ab621baff5e1b0fcd3a584469aa5a630ee1922d");
        assert_ne!(seal(7, 42), seal(8, 42));
        assert_ne!(seal(7, 42), seal(7, 43));
    }
}
