//! The flows every game shares on Discord around its room (`discord::room`): a lobby's join, leave,
//! computer menu and start, a concession, an undo, and the menu, board, status and typed-choice commands.
//! Each calls the service once, the same call for every game, then hands what came back to the game's
//! room to draw.

use super::bot::{Bot, Origin, Out, Reply};
use super::msg::Msg;
use super::refusal::err;
use super::room::{MenuAt, Room, Shown};
use crate::service::GameId;

impl Bot {
    /// What only the tables' room draws (a menu's pick, a pasted or kept setup) is for its games: one
    /// naming a game with a room of its own (`registry::own_room`) is turned away in its game's words, a
    /// forged one included.
    pub(super) async fn at_table(&self, o: &Origin, game: GameId) -> Result<(), Out> {
        match self.svc.game_key(&o.caller, game).await {
            Ok(key) if super::registry::own_room(&key) => {
                let kind = self.svc.catalog().get(&key);
                let (name, command) = kind.map_or(("another game", ""), |k| (k.name(), k.words().command));
                Err(Out::say(format!("Game {game} is a game of {name}: play it with {command}.")))
            }
            Ok(_) => Ok(()),
            Err(e) => Err(err(e)),
        }
    }

    /// The room of game `game` (refused as the service refuses the caller reaching it).
    pub(super) async fn room_of(&self, o: &Origin, game: GameId) -> Result<&'static dyn Room, Out> {
        match self.svc.game_key(&o.caller, game).await {
            Ok(key) => Ok(super::registry::room(&key)),
            Err(e) => Err(err(e)),
        }
    }

    /// A lobby's Join: the clicker sits on `seat` (a side, a team's place), or the first free one.
    pub(super) async fn join(&self, o: &Origin, game: GameId, seat: Option<usize>) -> Out {
        let room = match self.room_of(o, game).await {
            Ok(room) => room,
            Err(out) => return out,
        };
        match self.svc.join(&o.caller, game, seat).await {
            Ok(_) => room.lobby(self, o, game).await,
            Err(e) => err(e),
        }
    }

    /// A lobby's Leave: the clicker leaves, or declines the seat kept for them; the post shows who is left.
    pub(super) async fn leave(&self, o: &Origin, game: GameId) -> Out {
        let room = match self.room_of(o, game).await {
            Ok(room) => room,
            Err(out) => return out,
        };
        match self.svc.leave(&o.caller, game).await {
            Ok(()) => room.lobby(self, o, game).await,
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
        let room = match self.room_of(o, game).await {
            Ok(room) => room,
            Err(out) => return out,
        };
        match self.svc.seat_computer(&o.caller, game, seat, level).await {
            Ok(()) => room.lobby(self, o, game).await,
            Err(e) => err(e),
        }
    }

    /// A lobby's Start: the lobby post says so, and the thread gets the game's first news (with the seal
    /// of its seed).
    pub(super) async fn start(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.start(&o.caller, game).await {
            Ok(news) => {
                let told = Some((game, news.step));
                Out { told, ..super::registry::room(news.key).started(self, o, game, news).await }
            }
            Err(e) => err(e),
        }
    }

    /// `/qg concede`, `/stratego concede`: the caller's side gives up, the other side wins, and the thread
    /// is told (every piece shown at a table; the first game's recap after).
    pub async fn concede(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.concede(&o.caller, game).await {
            Ok(news) => {
                let told = Some((game, news.step));
                let Shown { posts, ended } = super::registry::room(news.key).news(self, news).await;
                Out { reply: Reply::Private(Msg::text("You conceded.")), posts, thread: None, ended, told }
            }
            Err(e) => err(e),
        }
    }

    /// `/qg undo`, `/stratego undo`: the caller's last step taken back, when it showed nothing. The
    /// thread is told only of what it had seen; a secret step taken back is the player's alone.
    pub async fn undo(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.undo(&o.caller, game).await {
            Ok(news) => super::registry::room(news.key).undone(self, o, game, news).await,
            Err(e) => err(e),
        }
    }

    /// `/qg hand`, `/stratego`'s menu button: the reader's private menu, drawn its game's way (at `page`
    /// after `path`, for a menu a level at a time).
    pub async fn menu(&self, o: &Origin, game: GameId, version: Option<u64>, page: u8, path: &str) -> Out {
        match self.room_of(o, game).await {
            Ok(room) => room.menu(self, o, game, MenuAt { version, page, path }).await,
            Err(out) => out,
        }
    }

    /// `/qg board`, `/stratego board`, a table's board button: the board as the reader alone may see it
    /// (`part`: one of the parts its game names; all of it else).
    pub async fn board_for(&self, o: &Origin, game: GameId, part: Option<&str>) -> Out {
        match self.room_of(o, game).await {
            Ok(room) => room.board(self, o, game, part).await,
            Err(out) => out,
        }
    }

    /// The line a lobby post gives its game's web page with (none when the bot serves no pages).
    pub(super) async fn page_line(&self, o: &Origin, game: GameId) -> Option<String> {
        let base = self.pages.get()?;
        let link = self.svc.game_link(&o.caller, game).await.ok()?;
        Some(format!("🌐 Watch it on the web: <{base}/g/{link}>"))
    }

    /// A lobby post with its game's web page at its foot, when the bot serves pages.
    pub(super) async fn with_page(&self, o: &Origin, game: GameId, mut lobby: Msg) -> Msg {
        if let Some(line) = self.page_line(o, game).await {
            lobby.content.push_str(&format!("\n{line}"));
        }
        lobby
    }

    /// `/qg web`, `/stratego web`: the link to the game's web page (anyone with it can watch), for a
    /// member who reaches the game; to a player who sits in it, also the link to their own page (their
    /// seat's secrets, and their choices), which runs out.
    pub async fn web_link(&self, o: &Origin, game: GameId) -> Out {
        let Some(base) = self.pages.get() else { return err(crate::service::ServiceError::NoPages) };
        let link = match self.svc.game_link(&o.caller, game).await {
            Ok(link) => link,
            Err(e) => return err(e),
        };
        let mut text = format!(
            "🌐 Game {game}'s page, with its live board (anyone with the link can watch; nothing secret is on it): \
             {base}/g/{link}"
        );
        if let Ok(own) = self.svc.seat_link(&o.caller, game).await {
            text.push_str(&format!(
                "\n🔑 Your own page as {}, where you can also make your choices (keep it to yourself: it shows your \
                 side's secrets; good until <t:{}:f>): {base}/p/{}",
                own.seat, own.until, own.link
            ));
        }
        Out::private(Msg::text(text))
    }

    /// `/qg status`: where the game stands.
    pub async fn standing(&self, o: &Origin, game: GameId) -> Out {
        let mut out = match self.room_of(o, game).await {
            Ok(room) => room.standing(self, o, game).await,
            Err(out) => return out,
        };
        // Every game's status says who is away, and till when.
        let away = self.svc.away_in(&o.caller, game).await.unwrap_or_default();
        if let (false, Reply::Private(msg) | Reply::Public(msg)) = (away.is_empty(), &mut out.reply) {
            for (user, until) in away {
                msg.content.push_str(&format!("\n🏖️ <@{user}> is away until <t:{until}:f>: the game waits for them."));
            }
        }
        out
    }

    /// `/qg choose`, `/stratego move`: a choice typed as text, answered its game's way.
    pub async fn typed_choice(&self, o: &Origin, game: GameId, text: &str) -> Out {
        match self.room_of(o, game).await {
            Ok(room) => room.typed(self, o, game, text).await,
            Err(out) => out,
        }
    }
}
