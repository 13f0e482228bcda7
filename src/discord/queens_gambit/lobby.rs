//! *The Queen's Gambit*'s lobby on Discord: `/qg new` and its lobby post, with sides and the computer's
//! menu.

use crate::discord::bot::{Bot, NewThread, Origin, Out, Reply};
use crate::discord::msg::Msg;
use crate::discord::refusal::err;
use crate::games::queens_gambit::KEY;
use crate::games::queens_gambit::rules::{Mode, Role, Seat, Side};
use crate::service::GameId;
use crate::service::queens_gambit::Level;
use crate::service::{NewGameRequest, Person};

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
        let check = crate::discord::perms::Check::of(o.permissions);
        if !check.can_play() {
            return Out::say(check.advice().unwrap_or_default());
        }
        let mode = Mode::from_players(players);
        let req = NewGameRequest {
            title: title.to_string(),
            seat: mode.zip(side).map(|(m, s)| Seat::of(m, s, Role::Field).index()),
            guest,
            draw_sides: side.is_none(),
            computer: computer.map(|l| l.key().to_string()),
            stand_in: stand_in.map(|l| l.key().to_string()),
            seed: self.seed,
            ..NewGameRequest::of(KEY, &format!("players {players}"))
        };
        let game = match self.svc.create(&o.caller, req).await {
            Ok(g) => g,
            Err(e) => return err(e),
        };
        let summary = match self.svc.summary(&o.caller, game).await {
            Ok(s) => s,
            Err(e) => return err(e),
        };
        let lobby = self.with_page(o, game, super::views::lobby(&summary)).await;
        let mut note = format!("Game {game} created.");
        if let Some(advice) = check.advice() {
            note.push(' ');
            note.push_str(&advice);
        }
        if check.threads() {
            let title = crate::discord::msg::plain_name(title);
            let name = if title.is_empty() { format!("Queen's Gambit #{game}") } else { format!("#{game} {title}") };
            let mut msg = Msg::text(format!("{note} Join in the game's thread."));
            msg.silent = true;
            let thread =
                NewThread { game, channel: o.channel.clone(), name: crate::discord::msg::clip(&name, 90), lobby };
            Out { thread: Some(thread), ..Out::reply(Reply::Public(msg)) }
        } else {
            let mut msg = lobby;
            msg.content = format!("{note}\n{}", msg.content);
            Out::reply(Reply::Public(msg))
        }
    }

    /// The first game's lobby post, redrawn in place after a change.
    pub(in crate::discord) async fn lobby_update(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.summary(&o.caller, game).await {
            Ok(g) => Out::reply(Reply::Update(self.with_page(o, game, super::views::lobby(&g)).await)),
            Err(e) => err(e),
        }
    }
}
