//! The end of a game: a recap worth sharing (who won and why, what each side lost, the turning points,
//! the board at the start of every round), and the dice anyone can check: the seed sealed when the game
//! started is revealed with the whole replay script.

use super::record::script_of;
use crate::games::queens_gambit::rules::{BySide, CardId, Data, KindId, Outcome, Seat, View, WinReason};
pub use crate::games::queens_gambit::story::TurningPoint;
use crate::games::queens_gambit::story::{self, unplayed_bonus};
use crate::service::seal;
use crate::service::{Service, ServiceError};
use crate::store::{ChannelId, GameId, Status, UserId};

/// What a finished game looks like from the end.
#[derive(Clone, Debug)]
pub struct Ending {
    pub game: GameId,
    pub title: String,
    /// Where it was played: its thread, or the channel it was started in.
    pub home: Option<ChannelId>,
    /// The game data it played with.
    pub data: std::sync::Arc<Data>,
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
            let slot = self.table_slot(game);
            let mut guard = slot.lock().await;
            let live = self.hold_of(&mut guard, game, Some(crate::games::queens_gambit::KEY)).await?;
            if live.row.status != Status::Finished {
                return Err(ServiceError::NotOver { game });
            }
            (live.row.clone(), live.first()?.data.clone(), live.first()?.rules)
        };
        let actions = self.store.actions(game).await?;
        let corrupt = |detail: String| ServiceError::Corrupt { game, detail };
        let text = format!("# gambit game {game}\n{}", script_of(&row, rules, &actions));
        let (story, last) = story::tell(&data, &text).map_err(|e| corrupt(format!("action log {e}")))?;
        let outcome = last.outcome().ok_or_else(|| corrupt("the log does not end the game".into()))?;
        let end = last.state();
        let real_queen = end.real_queen.map(|id| end.piece(id).kind);
        let unplayed_bonus = unplayed_bonus(end);
        let computers: Vec<(Seat, UserId)> = self
            .store
            .seats(game)
            .await?
            .into_iter()
            .filter_map(|s| s.user_id.filter(UserId::is_computer).map(|u| (Seat::at(s.seat), u)))
            .collect();
        let expected = self.store.expectations(game).await?.into_iter().map(|(s, r, v)| (Seat::at(s), r, v)).collect();
        let conceded_by = (outcome.reason == WinReason::Concession)
            .then(|| actions.iter().rev().find(|a| a.line.starts_with("concede")).map(|a| a.user_id.clone()))
            .flatten();
        Ok(Ending {
            game,
            title: row.title.clone(),
            home: row.home(),
            data: data.clone(),
            outcome,
            rounds: end.round,
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

impl Ending {
    /// The end in words, laid out as every game's is.
    pub fn recap(&self) -> crate::games::Recap {
        let (d, losses, points) = (&self.data, &self.losses, &self.turning_points);
        story::recap(d, self.rounds, self.moves, self.real_queen, &self.unplayed_bonus, losses, points)
    }
}
