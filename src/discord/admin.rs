//! `/qg-admin`: a server's admins manage its games. The service checks the caller's powers (from the
//! interaction) and the game's server; this file says what happened, to the admin and, with the admin's
//! name, in the game's thread.

use super::bot::{Bot, Origin, Out, Post, Reply};
use super::ids::Action;
use super::msg::{Button, Msg, Row, Style};
use super::refusal::err;
use super::views::mention;
use crate::service::GameId;
use crate::service::{Person, Replaced, ServerChange, ServerSettings};

/// An admin command.
#[derive(Clone, Debug, PartialEq)]
pub enum Admin {
    End(GameId),
    Pause(GameId),
    Resume(GameId),
    /// Give `seat` to `person`; `confirmed` once the admin agreed to see the seat's hand (taking it).
    Replace {
        game: GameId,
        seat: usize,
        person: Person,
        confirmed: bool,
    },
    /// Change (or, when empty, show) the server's settings.
    Defaults(ServerChange),
}

/// A finished admin action: the game it touched and what to tell.
pub(super) struct Done {
    game: GameId,
    text: String,
    /// What followed in the game's thread (the computer's moves, once it holds a seat).
    then: Vec<Post>,
    /// Who the notice pings (the players whose seat changed hands).
    ping: std::collections::BTreeSet<crate::service::UserId>,
}

impl Bot {
    pub async fn admin(&self, o: &Origin, what: Admin) -> Out {
        match self.admin_action(o, what).await {
            Ok(done) => {
                super::journal::about(done.game);
                self.announce(o, done, false).await
            }
            Err(out) => *out,
        }
    }

    /// An admin's confirmation pressed on a private message: the result replaces it.
    pub(super) async fn admin_confirmed(&self, o: &Origin, what: Admin) -> Out {
        match self.admin_action(o, what).await {
            Ok(done) => self.announce(o, done, true).await,
            Err(out) => *out,
        }
    }

    /// Carry out an admin command, or say why not (as the whole answer).
    async fn admin_action(&self, o: &Origin, what: Admin) -> Result<Done, Box<Out>> {
        let c = &o.caller;
        let who = mention(o.user());
        let done = |game: GameId, text: String| Ok(Done { game, text, then: Vec::new(), ping: Default::default() });
        match what {
            Admin::End(g) => match self.svc.end(c, g).await {
                // A game that had begun gets its final board and its seed's check, told its game's way.
                Ok(news) => {
                    let then = match news {
                        Some(news) => super::registry::room(news.key).ended(self, news).await,
                        None => Vec::new(),
                    };
                    let text = format!("⏹ Game {g} is ended by {who}, without a winner.");
                    Ok(Done { game: g, text, then, ping: Default::default() })
                }
                Err(e) => Err(Box::new(err(e))),
            },
            Admin::Pause(g) => match self.svc.pause(c, g).await {
                Ok(()) => done(g, format!("⏸ Game {g} is paused by {who}: nobody can move until it resumes.")),
                Err(e) => Err(Box::new(err(e))),
            },
            Admin::Resume(g) => match self.svc.resume(c, g).await {
                Ok(()) => done(g, format!("▶ Game {g} goes on: {who} resumed it.")),
                Err(e) => Err(Box::new(err(e))),
            },
            Admin::Replace { game: g, seat, person, confirmed } => {
                match self.svc.replace_seat(c, g, seat, &person, confirmed).await {
                    Ok(Replaced::Confirm { seat: name }) => Err(Box::new(take_seat_confirmation(g, seat, &name))),
                    Ok(Replaced::Done { seat: name, previous }) => {
                        let instead =
                            previous.as_ref().map(|p| format!(" instead of {}", mention(p))).unwrap_or_default();
                        let new = mention(&person.id);
                        let text = format!("🔁 {new} now plays {name} in game {g}{instead}: {who} gave them the seat.");
                        // Both players are told: the one who now plays it, and the one who no longer does.
                        let ping = [Some(person.id.clone()), previous].into_iter().flatten();
                        let ping = ping.filter(|u| !u.is_computer()).collect();
                        // At a table the computer moves at once when its new seat must decide.
                        let then = match self.svc.table_computer_turns(g).await {
                            Ok(Some(news)) => self.table_posts(news).await,
                            Ok(None) => Vec::new(),
                            Err(e) => {
                                tracing::error!(game = g, error = %e.detail(), "the computer could not play at a table");
                                Vec::new()
                            }
                        };
                        Ok(Done { game: g, text, then, ping })
                    }
                    Err(e) => Err(Box::new(err(e))),
                }
            }
            Admin::Defaults(change) => Err(Box::new(match self.svc.change_server_settings(c, &change).await {
                Ok(s) => Out::say(describe_settings(&s, change.is_empty())),
                Err(e) => err(e),
            })),
        }
    }

    /// Tell the admin what was done and the players too, in their game's thread, with who did it; in that
    /// thread the answer itself is the notice. `in_place`: the answer replaces the private message the
    /// admin confirmed on.
    async fn announce(&self, o: &Origin, done: Done, in_place: bool) -> Out {
        let mut notice = Msg::text(done.text.clone());
        notice.silent = done.ping.is_empty();
        notice.ping = done.ping;
        let answer = if in_place { Reply::Menu(Msg::text(&done.text)) } else { Reply::Private(Msg::text(&done.text)) };
        match self.home(o, done.game).await {
            Some(home) if home == o.channel && !in_place => {
                Out { posts: done.then, ..Out::reply(Reply::Public(notice)) }
            }
            Some(home) => {
                let posts = std::iter::once(Post::new(home, notice)).chain(done.then).collect();
                Out { posts, ..Out::reply(answer) }
            }
            None => Out { posts: done.then, ..Out::reply(answer) },
        }
    }
}

/// Taking a seat shows what only it sees (a hand and plan, an army): ask first.
fn take_seat_confirmation(game: GameId, seat: usize, title: &str) -> Out {
    let mut msg = Msg::text(format!(
        "Taking {title} in game {game} yourself shows you what only that seat sees (its hand and plan, or its \
         army), which nobody on the other side may see. Take the seat?"
    ));
    if let Some(id) = (Action::TakeSeat { game, seat }).id() {
        msg.rows = vec![Row::Buttons(vec![Button::new(id, &format!("Take {title}"), Style::Danger)])];
    }
    Out::private(msg)
}

fn describe_settings(s: &ServerSettings, unchanged: bool) -> String {
    let m = |x: Option<u32>| x.map(|m| format!("{} h", f64::from(m) / 60.0)).unwrap_or_else(|| "none".into());
    let place = match &s.game_channel {
        Some(c) => format!("Games start in <#{c}>."),
        None => "Games start in any channel.".into(),
    };
    let role = match &s.game_master_role {
        Some(r) => format!("Members with <@&{r}> manage games too."),
        None => "No game master role.".into(),
    };
    let head = if unchanged { "This server's settings" } else { "Saved" };
    let pages = if s.web_pages_off { "The games have no web pages." } else { "The games have web pages." };
    format!(
        "{head}: new games get a deadline of {} and a reminder after {}. {place} {role} {pages} Players who named \
         no time zone are on {} time.",
        m(s.deadline_minutes),
        m(s.remind_minutes),
        s.zone()
    )
}
