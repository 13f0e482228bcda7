//! The end of a game: a recap worth sharing (who won and why, what each side lost, the turning points,
//! the board at the start of every round), and the dice anyone can check: the seed sealed when the game
//! started is revealed with the whole replay script.

use super::live::script_of;
use super::{Service, ServiceError};
use crate::rules::script::{self, Script};
use crate::rules::{
    BySide, CardId, Data, Event, EventKind, Game, KindId, Outcome, Seat, Side, State, View, Viewer, WinReason,
};
use crate::store::{ChannelId, GameId, Status, UserId};

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
    /// Which queen was real (none if Naboo never chose): no longer a secret once the game is over.
    pub real_queen: Option<KindId>,
    /// Bonus cards each side earned and never played.
    pub unplayed_bonus: BySide<Vec<CardId>>,
    /// For a concession: who gave up (the member who conceded).
    pub conceded_by: Option<UserId>,
    /// Each turning point with the round it happened in.
    pub turning_points: Vec<(u32, TurningPoint)>,
    /// The board as anyone saw it at the start of each round, and at the end.
    pub frames: Vec<View>,
    pub seed: u64,
    pub seal: String,
    /// The whole game as a replay script: `gambit replay` re-rolls every die.
    pub script: String,
    /// The seats the computer held at the end, with its level.
    pub computers: Vec<(Seat, UserId)>,
    /// What each computer seat expected of the game as it locked each round's plan: (seat, round, chance
    /// of winning from 0 to 1). Told only now the game is over.
    pub expected: Vec<(Seat, u32, f64)>,
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
        let end = run.game.state();
        let real_queen = end.real_queen.map(|id| end.piece(id).kind);
        let unplayed_bonus = unplayed_bonus(end);
        let computers: Vec<(Seat, UserId)> = self
            .store
            .seats(game)
            .await?
            .into_iter()
            .filter_map(|s| s.user_id.filter(UserId::is_computer).map(|u| (s.seat, u)))
            .collect();
        let expected = self.store.expectations(game).await?;
        let conceded_by = (outcome.reason == WinReason::Concession)
            .then(|| actions.iter().rev().find(|a| a.line.starts_with("concede")).map(|a| a.user_id.clone()))
            .flatten();
        Ok(Ending {
            game,
            title: row.title.clone(),
            home: row.home(),
            data: data.clone(),
            outcome,
            rounds: run.game.state().round,
            moves: row.moves,
            real_queen,
            unplayed_bonus,
            conceded_by,
            losses: story.losses,
            turning_points: story.turning_points,
            frames: story.frames,
            seed: row.seed,
            seal: seal(game, row.seed),
            script: text,
            computers,
            expected,
        })
    }
}

/// Bonus cards each side earned and never played: queued under a plan not yet revealed, or waiting for
/// the next round.
fn unplayed_bonus(end: &State) -> BySide<Vec<CardId>> {
    BySide::from_fn(|side| {
        let queued = end.seats.pairs().filter(|(seat, _)| seat.side() == side);
        let mut cards: Vec<CardId> =
            queued.flat_map(|(_, ss)| ss.queue.iter().filter(|q| q.bonus).map(|q| q.card)).collect();
        cards.extend(end.bonus[side].iter().copied());
        cards
    })
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
        let new_round = Event::round_began(events);
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

    #[test]
    fn the_end_counts_as_unplayed_every_bonus_card_queued_or_waiting() {
        use crate::rules::{Mode, Queued, Seat};
        let (game, _) = Game::new(Data::embedded(), Mode::TwoPlayer, 7);
        let mut end = game.state().clone();
        let (a, b, c) = (end.seats[Seat(0)].hand[0], end.seats[Seat(1)].hand[0], end.seats[Seat(1)].hand[1]);
        end.seats[Seat(0)].queue.push_back(Queued { card: a, bonus: true });
        end.seats[Seat(0)].queue.push_back(Queued { card: b, bonus: false });
        end.bonus[Side::Naboo].push(c);
        let unplayed = unplayed_bonus(&end);
        assert_eq!(unplayed[Side::Tf], vec![a], "a planned card is not a bonus card");
        assert_eq!(unplayed[Side::Naboo], vec![c]);
    }
}
