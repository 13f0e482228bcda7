//! The first game's own reads for a player: the private hand menu, a board for one reader, the status.

use crate::discord::bot::{Bot, Origin, Out, Post, Reply};
use crate::discord::msg::Msg;
use crate::discord::refusal::err;
use crate::games::queens_gambit::rules::Seat;
use crate::render::queens_gambit::Picture;
use crate::service::{GameId, ServiceError};

impl Bot {
    /// Its typed choices' suggestions: the legal answers containing what was typed, with their labels.
    pub(super) async fn first_suggestions(&self, o: &Origin, game: GameId, typed: &str) -> Vec<(String, String)> {
        let t = typed.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let Ok(sv) = self.svc.view(&o.caller, game, None).await else { return Vec::new() };
        let Some(q) = sv.question else { return Vec::new() };
        q.answers
            .into_iter()
            .map(|a| (a.label, a.choice.text(&sv.data)))
            .filter(|(label, text)| text.to_lowercase().contains(&t) || label.to_lowercase().contains(&t))
            .take(25)
            .map(|(label, text)| (crate::discord::msg::clip(&format!("{text} · {label}"), 100), text))
            .collect()
    }

    /// The first game's hand buttons (and `Bot::menu` for it): the private hand menu.
    pub async fn hand(&self, o: &Origin, game: GameId, seat: Option<Seat>) -> Out {
        // A public "Your hand" button names one seat: anyone else pressing it gets their own hand.
        let view = match self.svc.view(&o.caller, game, seat).await {
            Err(ServiceError::NotSeated { .. }) if seat.is_some() => self.svc.view(&o.caller, game, None).await,
            other => other,
        };
        match view {
            Ok(sv) if sv.seat.is_none() => err(ServiceError::NotSeated { game }),
            Ok(sv) => Out::menu(super::views::hand_menu(&sv.data, game, &sv)),
            Err(e) => err(e),
        }
    }

    /// The first game's board (`Bot::board_for`): a picture for the user alone (their seat's secrets
    /// marked, like the real queen).
    pub async fn board(&self, o: &Origin, game: GameId, theatre: Option<&str>) -> Out {
        let picture = match theatre.map(|t| Picture::from_key(t).ok_or(t)) {
            None => Picture::Overview,
            Some(Ok(p)) => p,
            Some(Err(t)) => {
                return Out::say(format!("'{t}' is not a board: overview, palace, battlefield, core or space."));
            }
        };
        let sv = match self.svc.view(&o.caller, game, None).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        let last = self.svc.last_events(&o.caller, game, sv.pass.as_ref()).await;
        let mut msg = Msg::text(format!("Game {game} · {} · move {}", picture.key(), sv.moves));
        msg.file = self.picture(&sv.data, sv.view, last, picture).await;
        Out::private(msg)
    }

    /// The first game's status (`Bot::standing`).
    pub async fn status(&self, o: &Origin, game: GameId) -> Out {
        let sv = match self.svc.view(&o.caller, game, None).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        match self.svc.summary(&o.caller, game).await {
            Ok(s) => Out::private(super::views::status(&sv.data, &s, &sv.view)),
            Err(e) => err(e),
        }
    }

    /// The first game's typed decision (`Bot::typed_choice`).
    pub async fn typed(&self, o: &Origin, game: GameId, text: &str) -> Out {
        let sv = match self.svc.view(&o.caller, game, None).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        if sv.seat.is_none() {
            return err(ServiceError::NotSeated { game });
        }
        let Some(seat) = sv.seat.filter(|_| sv.question.is_some()) else {
            let waiting = match self.svc.summary(&o.caller, game).await {
                Ok(s) => s.waiting,
                Err(_) => "someone else".into(),
            };
            return err(ServiceError::NotYourTurn { game, waiting });
        };
        let mut out = self.choose(o, game, seat, None, text).await;
        match std::mem::replace(&mut out.reply, Reply::Private(Msg::text(format!("Done: {text}")))) {
            // The next question belongs in the game's channel, where everyone sees whose move it is.
            Reply::Update(next) if out.posts.is_empty() => {
                if let Some(channel) = self.home(o, game).await {
                    out.posts.push(Post::new(channel, next));
                }
            }
            Reply::Clear => {}
            other => out.reply = other,
        }
        out
    }
}
