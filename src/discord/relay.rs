//! Moves made away from Discord (a choice on a player's web page), told in their threads: the service
//! hands over their news (`Service::relayed`) and they are posted as the computer's moves are, then the
//! computer looks at its turn. A move the bot stops before telling is told by the outbox at the next
//! start.

use super::bot::Bot;
use super::send;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use tokio::sync::watch;

/// Post the news of moves made away from Discord as it comes, until `stop` turns true.
pub(super) fn spawn(bot: Arc<Bot>, http: Arc<serenity::Http>, stop: watch::Receiver<bool>) {
    let mut news = bot.svc.relayed();
    tokio::spawn(async move {
        let stopping = super::timers::stopped(stop);
        tokio::pin!(stopping);
        loop {
            let next = tokio::select! {
                _ = &mut stopping => return,
                next = news.recv() => next,
            };
            let Some(next) = next else { return };
            let game = next.game;
            let out = bot.computer_out(next).await;
            send::follow_up(&http, &bot, &out).await;
            bot.wake_computers(game);
        }
    });
}
