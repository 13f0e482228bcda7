//! Lobbies that close unstarted.

use super::bot::{Bot, Post};
use super::msg::Msg;
use crate::service::Expired;

impl Bot {
    /// The notice in a lobby's thread when it closes unstarted.
    pub fn expired(&self, e: &Expired) -> Option<Post> {
        let channel = e.home.clone()?;
        let mut msg = Msg::text(format!(
            "⌛ Game {} closed: nobody started it within {} hours. Open a new one with {} new.",
            e.game, e.hours, e.command
        ));
        msg.silent = true;
        Some(Post::new(channel, msg))
    }
}
