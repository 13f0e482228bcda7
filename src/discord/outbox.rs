//! Saved steps the thread was never told (the process stopped between a step's save and its posts):
//! told from what was saved, at start and at every tick, by the process that saved them or, once their
//! lease runs out, by another (`service::outbox`). Each post carries the nonce the first telling would
//! have used (`send::nonce`), so a post that did reach Discord before the stop is kept once.

use super::bot::Bot;
use poise::serenity_prelude as serenity;

/// Tell every game this process owes its thread: the steps not told, with who is asked now.
pub(super) async fn tell_owed(bot: &Bot, http: &serenity::Http) {
    let games = match bot.svc.owed_games().await {
        Ok(g) => g,
        Err(e) => {
            tracing::warn!(error = %e.detail(), "cannot read which games are owed their posts");
            return;
        }
    };
    for game in games {
        let news = match bot.svc.untold(game).await {
            Ok(Some(news)) => news,
            Ok(None) => continue,
            Err(e) => {
                tracing::warn!(game, error = %e.detail(), "cannot tell a saved step in its thread");
                continue;
            }
        };
        let told = Some((game, news.step));
        let shown = super::registry::room(news.key).news(bot, news).await;
        let out = super::bot::Out { posts: shown.posts, ended: shown.ended, told, ..super::bot::Out::say("") };
        super::send::follow_up(http, bot, &out).await;
    }
}
