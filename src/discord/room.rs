//! A game's room on Discord: how its lobby, menus, boards, typed choices and news are drawn. The flows
//! every game shares (`discord::flows`: join, leave, start, concede, undo, the menu and board commands)
//! call the service once, the same call for every game, then hand what it returned to the game's room.
//! A game with a room of its own registers it (`discord::registry`); every other game is drawn by the
//! tables' room (`discord::tables`: a line a move, one live board, menus a level at a time).

use super::bot::{Bot, Origin, Out, Post};
use super::ids::Action;
use crate::service::{GameId, TableNews};
use std::future::Future;
use std::pin::Pin;

/// A room's work, to await.
pub type Work<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// A change as the thread is shown it: its posts, and the game whose end is told after them by its own
/// recap (`Bot::ending_posts`).
pub struct Shown {
    pub posts: Vec<Post>,
    pub ended: Option<GameId>,
}

/// Where a private menu is: the stamp it was made with (`None`: a new menu), its page and the path of
/// steps into it (a table's menu a level at a time).
#[derive(Clone, Copy, Debug)]
pub struct MenuAt<'a> {
    pub version: Option<u64>,
    pub page: u8,
    pub path: &'a str,
}

/// How one game is drawn on Discord.
pub trait Room: Send + Sync {
    /// The lobby post of `game`, redrawn in place after a change.
    fn lobby<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId) -> Work<'a, Out>;

    /// The thread's posts after a start (the lobby post says so, and the game's first news follows).
    fn started<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, news: TableNews) -> Work<'a, Out>;

    /// The thread's posts for news of a change a player made (a concession, an admin's end).
    fn news<'a>(&'a self, bot: &'a Bot, news: TableNews) -> Work<'a, Shown>;

    /// The thread's posts for the computer's move.
    fn computer_news<'a>(&'a self, bot: &'a Bot, news: TableNews) -> Work<'a, Shown>;

    /// The answer to a step taken back: a secret one is its player's alone.
    fn undone<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, news: TableNews) -> Work<'a, Out>;

    /// The reader's private menu.
    fn menu<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, at: MenuAt<'a>) -> Work<'a, Out>;

    /// The board as the reader alone may see it (`part`: one of the parts the game's slot names).
    fn board<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, part: Option<&'a str>) -> Work<'a, Out>;

    /// Where the game stands.
    fn standing<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId) -> Work<'a, Out>;

    /// A choice typed as text.
    fn typed<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, text: &'a str) -> Work<'a, Out>;

    /// Suggestions while a choice is typed: (what the list shows, what is typed), at most 25; every
    /// game's are the leaves of its menu.
    fn suggest<'a>(
        &'a self,
        bot: &'a Bot,
        o: &'a Origin,
        game: GameId,
        typed: &'a str,
    ) -> Work<'a, Vec<(String, String)>> {
        Box::pin(bot.table_suggestions(o, game, typed))
    }

    /// The thread's posts when an admin ends the game (its final board, its seed's check).
    fn ended<'a>(&'a self, bot: &'a Bot, news: TableNews) -> Work<'a, Vec<Post>> {
        Box::pin(async move { self.news(bot, news).await.posts })
    }

    /// A click on one of the game's own buttons or menus (none: not one of its own).
    fn click<'a>(
        &'a self,
        bot: &'a Bot,
        o: &'a Origin,
        action: &'a Action,
        values: &'a [String],
    ) -> Option<Work<'a, Out>> {
        let _ = (bot, o, action, values);
        None
    }
}
