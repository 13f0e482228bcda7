//! Posting for every game: the channel a game is played in, and reminders and deadlines with whom they
//! ping (only those who want pings now). Each game's own posts are drawn in its room.

use super::bot::{Bot, Origin, Post};
use super::msg::Msg;
use super::views;
use crate::service::{ChannelId, GameId};

impl Bot {
    /// The channel a game is played in, as the caller may know it.
    pub(super) async fn home(&self, o: &Origin, game: GameId) -> Option<ChannelId> {
        self.svc.seats_and_home(&o.caller, game, &[]).await.1
    }

    /// A reminder or a passed deadline: a ping in the game's channel.
    pub async fn due(&self, due: &crate::service::Due) -> Option<Post> {
        let r = self.svc.reminder(due).await?;
        let names: Vec<String> = r.users.iter().map(views::mention).collect();
        let what = match due.kind {
            crate::service::DueKind::Reminder => "⏰ Reminder",
            crate::service::DueKind::Deadline => "⌛ The deadline has passed",
        };
        let content = format!("{what}: game {} is waiting for {} ({}).", due.game, names.join(", "), r.waiting);
        // Every user waited for is named; only those who want it now are pinged.
        let msg = Msg { content, silent: r.pinged.is_empty(), ping: r.pinged, ..Msg::default() };
        Some(Post::new(r.home, msg))
    }
}
