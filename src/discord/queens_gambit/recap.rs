//! The end of a game in its thread: the recap with the game replayed round by round as a picture, and
//! the dice check (the seed revealed against its seal, with the whole game as a replay script).

use super::views;
use crate::discord::bot::{Bot, Post};
use crate::discord::msg::Attachment;
use crate::service::GameId;

/// Discord's upload limit is 10 MiB: the animation stays well under it.
const ANIMATION_LIMIT: usize = 9 * 1024 * 1024;

impl Bot {
    /// The posts that close a finished game (nothing if it is not finished).
    pub async fn ending_posts(&self, game: GameId) -> Vec<Post> {
        let ending = match self.svc.ending(game).await {
            Ok(e) => e,
            Err(e) => {
                tracing::warn!(game, error = %e.detail(), "no recap for a finished game");
                return Vec::new();
            }
        };
        let Some(channel) = ending.home.clone() else { return Vec::new() };
        let data = ending.data.clone();
        let mut recap = views::recap(&ending, &ending.title);
        if let Some(r) = self.renderer_for(&data).await {
            let frames = ending.frames.clone();
            match self.draw(move || r.animation(&frames, ANIMATION_LIMIT)).await {
                Ok(Ok(gif)) => {
                    recap.file = Some(Attachment {
                        name: format!("game-{game}.gif"),
                        bytes: gif,
                        description: format!("An animation of game {game} from its first round to its end."),
                    })
                }
                Ok(Err(e)) => tracing::warn!(game, error = %e, "no animation for the recap"),
                Err(e) => tracing::warn!(game, error = %e, "animation task failed"),
            }
        }
        let mut check = views::dice_check(&ending);
        check.file = Some(Attachment {
            name: format!("game-{game}.txt"),
            bytes: ending.script.into_bytes(),
            description: format!("Game {game}'s replay script, with its seed: every move, to replay or check."),
        });
        recap.silent = true;
        check.silent = true;
        vec![Post::new(channel.clone(), recap), Post::new(channel, check)]
    }
}
