//! Each game's presentation on Discord, and the flows every game shares around it. A command or a button
//! calls the service once, the same call for every game; only the drawing differs: the first game's own
//! views (its lobby with sides and the computer's menu, a post per card drawn from its `Update`, its
//! recap with an animation after the end), and the tables' for every game behind the seam
//! (`tables.rs`: a line per move, one live board, menus a level at a time). News is drawn by the type of
//! the account it carries, as a sight is; a lobby, which has no news, by the record's kind.

use super::bot::{Bot, Origin, Out, Post, Reply};
use super::msg::{Msg, clip, limits};
use super::refusal::err;
use super::views;
use crate::service::{GameId, TableNews, Update};

/// How a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Presentation {
    /// The first game's own views.
    First,
    /// The tables' views, from what the seam gives (every other game).
    Table,
}

/// A change as the thread is shown it: its posts, and the game whose end is told after them by its own
/// recap (the first game's, with its animation: `Bot::ending_posts`).
pub(super) struct Shown {
    pub posts: Vec<Post>,
    pub ended: Option<GameId>,
}

impl Bot {
    /// How game `game` is drawn (refused as the service refuses the caller reaching it).
    pub(super) async fn presentation(&self, o: &Origin, game: GameId) -> Result<Presentation, Out> {
        match self.svc.game_key(&o.caller, game).await {
            Ok(key) if super::registry::own_views(&key) => Ok(Presentation::First),
            Ok(_) => Ok(Presentation::Table),
            Err(e) => Err(err(e)),
        }
    }

    /// The thread's posts for news of any game.
    pub(super) async fn shown(&self, mut news: TableNews) -> Shown {
        match news.take_account::<Update>() {
            Some(update) => {
                let ended = update.public().outcome().is_some().then(|| update.public().game());
                Shown { posts: self.post_for(&update, true).await.into_iter().collect(), ended }
            }
            None => Shown { posts: self.table_posts(news).await, ended: None },
        }
    }

    /// The lobby post of game `game`, redrawn in place after a change.
    async fn lobby_redrawn(&self, o: &Origin, game: GameId, how: Presentation) -> Out {
        match how {
            Presentation::First => self.lobby_update(o, game).await,
            Presentation::Table => self.table_lobby(o, game).await,
        }
    }

    /// A lobby's Join: the clicker sits on `seat` (a side, a team's place), or the first free one.
    pub(super) async fn join(&self, o: &Origin, game: GameId, seat: Option<usize>) -> Out {
        let how = match self.presentation(o, game).await {
            Ok(how) => how,
            Err(out) => return out,
        };
        match self.svc.join(&o.caller, game, seat).await {
            Ok(_) => self.lobby_redrawn(o, game, how).await,
            Err(e) => err(e),
        }
    }

    /// A lobby's Leave: the clicker leaves, or declines the seat kept for them; the post shows who is left.
    pub(super) async fn leave(&self, o: &Origin, game: GameId) -> Out {
        let how = match self.presentation(o, game).await {
            Ok(how) => how,
            Err(out) => return out,
        };
        match self.svc.leave(&o.caller, game).await {
            Ok(()) => self.lobby_redrawn(o, game, how).await,
            Err(e) => err(e),
        }
    }

    /// A lobby's computer menu, every game's: "SEAT:LEVEL" seats the computer at one of its game's levels,
    /// "SEAT:open" takes it off; the post shows the seats as they are now.
    pub(super) async fn seat_computer(&self, o: &Origin, game: GameId, value: &str) -> Out {
        // Read before the game is looked up: a forged value says nothing of whether the game exists.
        let parsed = value.split_once(':').and_then(|(seat, what)| {
            let seat = seat.parse::<usize>().ok().filter(|n| *n >= 1)?;
            Some((seat - 1, (what != "open").then_some(what)))
        });
        let Some((seat, level)) = parsed else { return Out::say("That is not a seat and a level.") };
        let how = match self.presentation(o, game).await {
            Ok(how) => how,
            Err(out) => return out,
        };
        match self.svc.seat_computer(&o.caller, game, seat, level).await {
            Ok(()) => self.lobby_redrawn(o, game, how).await,
            Err(e) => err(e),
        }
    }

    /// A lobby's Start: the lobby post says so, and the thread gets the game's first news (with the seal
    /// of its seed).
    pub(super) async fn start(&self, o: &Origin, game: GameId) -> Out {
        let mut news = match self.svc.start(&o.caller, game).await {
            Ok(n) => n,
            Err(e) => return err(e),
        };
        match news.take_account::<Update>() {
            Some(update) => {
                let mut out = self.lobby_redrawn(o, game, Presentation::First).await;
                let mut first = self.post_for(&update, true).await;
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
            }
            None => {
                let mut out = self.lobby_redrawn(o, game, Presentation::Table).await;
                out.posts = self.table_posts(news).await;
                out
            }
        }
    }

    /// `/qg concede`, `/stratego concede`: the caller's side gives up, the other side wins, and the thread
    /// is told (every piece shown at a table; the first game's recap after).
    pub async fn concede(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.concede(&o.caller, game).await {
            Ok(news) => {
                let Shown { posts, ended } = self.shown(news).await;
                Out { reply: Reply::Private(Msg::text("You conceded.")), posts, thread: None, ended }
            }
            Err(e) => err(e),
        }
    }

    /// `/qg undo`, `/stratego undo`: the caller's last step taken back, when it showed nothing. The
    /// thread is told only of what it had seen; a secret step taken back is the player's alone.
    pub async fn undo(&self, o: &Origin, game: GameId) -> Out {
        let mut news = match self.svc.undo(&o.caller, game).await {
            Ok(n) => n,
            Err(e) => return err(e),
        };
        let update = match news.take_account::<Update>() {
            Some(update) => update,
            None => {
                // The one who took it back knows it is their choice again.
                news.waiting.retain(|(_, _, user)| user.as_ref() != Some(o.user()));
                let posts = if news.lines.is_empty() { Vec::new() } else { self.table_posts(news).await };
                let reply = Reply::Private(Msg::text("Taken back: it is your choice again."));
                return Out { reply, posts, thread: None, ended: None };
            }
        };
        if update.is_secret() {
            let menu = match self.svc.view(&o.caller, game, None).await {
                Ok(sv) => {
                    let mut m = Bot::seat_menu(game, &sv);
                    m.content = clip(&format!("Your last move is taken back.\n{}", m.content), limits::CONTENT);
                    m
                }
                Err(_) => Msg::text("Your last move is taken back."),
            };
            return Out::private(menu);
        }
        let mut posts: Vec<Post> = self.post_for(&update, true).await.into_iter().collect();
        if let Some(p) = posts.first_mut() {
            p.msg.content = clip(
                &format!("↩ {} took back their last move.\n{}", views::mention(o.user()), p.msg.content),
                limits::CONTENT,
            );
        }
        Out { reply: Reply::Private(Msg::text("Your last move is taken back.")), posts, thread: None, ended: None }
    }

    /// `/qg hand`, `/stratego`'s menu button: the reader's private menu, drawn its game's way (the first
    /// game's hand with its plan; a table's menu one level at a time, at `page` after `path`).
    pub async fn menu(&self, o: &Origin, game: GameId, version: Option<u64>, page: u8, path: &str) -> Out {
        match self.presentation(o, game).await {
            Ok(Presentation::First) => self.hand(o, game, None).await,
            Ok(Presentation::Table) => self.table_menu(o, game, version, page, path).await,
            Err(out) => out,
        }
    }

    /// `/qg board`, `/stratego board`, a table's board button: the board as the reader alone may see it
    /// (the first game's at the theatre asked for, the overview else).
    pub async fn board_for(&self, o: &Origin, game: GameId, theatre: Option<&str>) -> Out {
        match self.presentation(o, game).await {
            Ok(Presentation::First) => self.board(o, game, theatre).await,
            Ok(Presentation::Table) => self.table_board(o, game).await,
            Err(out) => out,
        }
    }

    /// `/qg status`: where the game stands (a table's board says it, in words and picture).
    pub async fn standing(&self, o: &Origin, game: GameId) -> Out {
        match self.presentation(o, game).await {
            Ok(Presentation::First) => self.status(o, game).await,
            Ok(Presentation::Table) => self.table_board(o, game).await,
            Err(out) => out,
        }
    }

    /// `/qg choose`, `/stratego move`: a choice typed as text, answered its game's way.
    pub async fn typed_choice(&self, o: &Origin, game: GameId, text: &str) -> Out {
        match self.presentation(o, game).await {
            Ok(Presentation::First) => self.typed(o, game, text).await,
            Ok(Presentation::Table) => self.table_choose(o, game, crate::service::Chosen::Typed, text).await,
            Err(out) => out,
        }
    }
}
