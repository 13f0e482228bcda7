//! New games: `/qg new`, the lobby's buttons (join, leave, start), and lobbies that close unstarted.

use super::bot::{Bot, NewThread, Origin, Out, Post, Reply};
use super::msg::Msg;
use super::refusal::err;
use super::views;
use crate::games::queens_gambit::rules::Side;
use crate::service::GameId;
use crate::service::{Expired, Level, NewGameRequest, Person};

impl Bot {
    /// `/qg new`: a lobby in its own thread (or in the channel without thread permissions). The creator
    /// sits on `side` (or the first seat), an invited `guest` on the other side.
    pub async fn new_game(
        &self,
        o: &Origin,
        players: u8,
        side: Option<Side>,
        title: &str,
        guest: Option<Person>,
        (computer, stand_in): (Option<Level>, Option<Level>),
    ) -> Out {
        let check = super::perms::Check::of(o.permissions);
        if !check.can_play() {
            return Out::say(check.advice().unwrap_or_default());
        }
        let req = NewGameRequest {
            title: title.to_string(),
            players,
            sit: true,
            side,
            guest,
            draw_sides: side.is_none(),
            computer,
            stand_in,
            settings: None,
            seed: self.seed,
        };
        let game = match self.svc.create(&o.caller, req).await {
            Ok(g) => g,
            Err(e) => return err(e),
        };
        let summary = match self.svc.summary(&o.caller, game).await {
            Ok(s) => s,
            Err(e) => return err(e),
        };
        let lobby = views::lobby(&summary);
        let mut note = format!("Game {game} created.");
        if let Some(advice) = check.advice() {
            note.push(' ');
            note.push_str(&advice);
        }
        if check.threads() {
            let title = super::msg::plain_name(title);
            let name = if title.is_empty() { format!("Queen's Gambit #{game}") } else { format!("#{game} {title}") };
            let mut msg = Msg::text(format!("{note} Join in the game's thread."));
            msg.silent = true;
            let thread = NewThread { game, channel: o.channel.clone(), name: super::msg::clip(&name, 90), lobby };
            Out { thread: Some(thread), ..Out::reply(Reply::Public(msg)) }
        } else {
            let mut msg = lobby;
            msg.content = format!("{note}\n{}", msg.content);
            Out::reply(Reply::Public(msg))
        }
    }

    /// The first game's lobby post, redrawn in place after a change.
    pub(super) async fn lobby_update(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.summary(&o.caller, game).await {
            Ok(g) => Out::reply(Reply::Update(views::lobby(&g))),
            Err(e) => err(e),
        }
    }

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
