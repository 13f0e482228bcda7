//! The first game's room on Discord (`discord::room`): its lobby with sides and the computer's menu, a
//! post per card drawn from its `Update`, its hand menu, its boards by theatre and its own buttons. News
//! that came without its account (a step saved but not told) is told as every game's is, by its lines.

use crate::discord::bot::{Bot, Origin, Out, Post, Reply};
use crate::discord::ids::Action;
use crate::discord::msg::{Msg, clip, limits};
use crate::discord::room::{MenuAt, Room, Shown, Work};
use crate::discord::tables::TABLES;
use crate::service::queens_gambit::Update;
use crate::service::{GameId, TableNews};

/// The first game's room.
pub struct FirstRoom;

pub static ROOM: FirstRoom = FirstRoom;

impl Room for FirstRoom {
    fn lobby<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId) -> Work<'a, Out> {
        Box::pin(bot.lobby_update(o, game))
    }

    fn started<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, mut news: TableNews) -> Work<'a, Out> {
        Box::pin(async move {
            let Some(update) = news.take_account::<Update>() else { return TABLES.started(bot, o, game, news).await };
            let mut out = bot.lobby_update(o, game).await;
            let mut first = bot.post_for(&update, true).await;
            if let (Some(post), Some(seal)) = (first.as_mut(), &update.public().seal()) {
                post.msg.content = clip(
                    &format!(
                        "{}\n🔒 Dice seal: `{seal}` (the seed behind every roll, revealed at the end: /qg rules dice)",
                        post.msg.content
                    ),
                    limits::CONTENT,
                );
            }
            if let Some(post) = first.as_mut() {
                post.opens_round = Some(game);
            }
            out.posts.extend(first);
            out
        })
    }

    fn news<'a>(&'a self, bot: &'a Bot, mut news: TableNews) -> Work<'a, Shown> {
        Box::pin(async move {
            let Some(update) = news.take_account::<Update>() else { return TABLES.news(bot, news).await };
            let ended = update.public().outcome().is_some().then(|| update.public().game());
            Shown { posts: bot.post_for(&update, true).await.into_iter().collect(), ended }
        })
    }

    fn computer_news<'a>(&'a self, bot: &'a Bot, mut news: TableNews) -> Work<'a, Shown> {
        Box::pin(async move {
            let Some(update) = news.take_account::<Update>() else { return TABLES.news(bot, news).await };
            let change = bot.thread_change(&update, None).await;
            Shown { posts: change.posts, ended: update.public().outcome().is_some().then(|| update.public().game()) }
        })
    }

    fn undone<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, mut news: TableNews) -> Work<'a, Out> {
        Box::pin(async move {
            let Some(update) = news.take_account::<Update>() else { return TABLES.undone(bot, o, game, news).await };
            if update.is_secret() {
                let menu = match bot.svc.view(&o.caller, game, None).await {
                    Ok(sv) => {
                        let mut m = Bot::seat_menu(game, &sv);
                        m.content = clip(&format!("Your last move is taken back.\n{}", m.content), limits::CONTENT);
                        m
                    }
                    Err(_) => Msg::text("Your last move is taken back."),
                };
                return Out::private(menu);
            }
            let mut posts: Vec<Post> = bot.post_for(&update, true).await.into_iter().collect();
            if let Some(p) = posts.first_mut() {
                p.msg.content = clip(
                    &format!(
                        "↩ {} took back their last move.\n{}",
                        crate::discord::views::mention(o.user()),
                        p.msg.content
                    ),
                    limits::CONTENT,
                );
            }
            let reply = Reply::Private(Msg::text("Your last move is taken back."));
            Out { reply, posts, thread: None, ended: None, told: None }
        })
    }

    fn menu<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, _at: MenuAt<'a>) -> Work<'a, Out> {
        Box::pin(bot.hand(o, game, None))
    }

    fn board<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, part: Option<&'a str>) -> Work<'a, Out> {
        Box::pin(bot.board(o, game, part))
    }

    fn standing<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId) -> Work<'a, Out> {
        Box::pin(bot.status(o, game))
    }

    fn typed<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, text: &'a str) -> Work<'a, Out> {
        Box::pin(bot.typed(o, game, text))
    }

    fn suggest<'a>(
        &'a self,
        bot: &'a Bot,
        o: &'a Origin,
        game: GameId,
        typed: &'a str,
    ) -> Work<'a, Vec<(String, String)>> {
        Box::pin(bot.first_suggestions(o, game, typed))
    }

    /// Its end is told by its recap, posted after the answer (`Bot::ending_posts`).
    fn ended<'a>(&'a self, _bot: &'a Bot, _news: TableNews) -> Work<'a, Vec<Post>> {
        Box::pin(async { Vec::new() })
    }

    fn click<'a>(
        &'a self,
        bot: &'a Bot,
        o: &'a Origin,
        action: &'a Action,
        values: &'a [String],
    ) -> Option<Work<'a, Out>> {
        action.own_menu().then(|| -> Work<'a, Out> {
            Box::pin(async move { bot.first_click(o, action, values).await.unwrap_or_else(|| Out::say("Done.")) })
        })
    }
}
