//! What the bot does for each command and click, independent of Discord's types: every handler takes
//! the user and what they asked, calls the game service, and returns what to answer and what to post.
//! `discord::events` and `discord::commands` turn Discord interactions into these calls and the results
//! into Discord messages.

use super::help;
use super::ids::Action;
use super::msg::{Msg, Picture};
use super::views;
use crate::render::{Renderer, Theatre as Board};
use crate::rules::{Choice, Event, Prompt, Seat, Theatre, Viewer};
use crate::service::{GameSettings, NewGameRequest, Service, ServiceError, Update};
use crate::store::{GameId, Status};
use std::sync::Arc;

/// The answer to the interaction itself.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A new message only the user sees.
    Private(Msg),
    /// Replace the message the clicked component is on.
    Update(Msg),
    /// A public answer in the channel.
    Public(Msg),
    /// Remove the buttons from the public message that was clicked (it becomes history).
    Clear,
}

/// A public message for a game's channel or thread.
#[derive(Clone, Debug, PartialEq)]
pub struct Post {
    pub channel: String,
    pub msg: Msg,
}

/// Create a thread for a new game, post its lobby there, and remember the thread.
#[derive(Clone, Debug, PartialEq)]
pub struct NewThread {
    pub game: GameId,
    pub channel: String,
    pub name: String,
    pub lobby: Msg,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Out {
    pub reply: Reply,
    pub posts: Vec<Post>,
    pub thread: Option<NewThread>,
}

impl Out {
    pub fn private(msg: Msg) -> Out {
        Out { reply: Reply::Private(msg), posts: Vec::new(), thread: None }
    }

    pub fn say(text: impl Into<String>) -> Out {
        Out::private(Msg::text(text))
    }
}

/// Where an interaction happens and who makes it.
#[derive(Clone, Debug, Default)]
pub struct Origin {
    pub user: String,
    pub guild: Option<String>,
    pub channel: String,
    /// The bot's permissions in that channel (Discord sends them with every interaction).
    pub permissions: u64,
    /// Whether the clicked message is a private (ephemeral) one.
    pub from_private: bool,
    /// Whether the user may manage the server (admin commands).
    pub admin: bool,
    /// The text of the message whose button or menu was used (public posts edited in place keep it).
    pub message: Option<String>,
}

pub struct Bot {
    pub svc: Arc<Service>,
    pub renderer: Arc<Renderer>,
    /// Settings for new games when the server has none of its own.
    pub defaults: GameSettings,
    /// Answer at once when the work is done by then; otherwise acknowledge ("defer") first, well within
    /// Discord's 3 seconds, and answer when it is done.
    pub defer_after: std::time::Duration,
    /// A fixed seed for every new game (tests only; `None` in production: each game gets a secret one).
    pub seed: Option<u64>,
}

fn err(e: ServiceError) -> Out {
    Out::say(e.to_string())
}

impl Bot {
    /// The picture for a view, drawn off the async runtime.
    async fn picture(&self, view: crate::rules::View, last: Vec<Event>, theatre: Board) -> Option<Picture> {
        let r = self.renderer.clone();
        let name = format!("{}.png", theatre.key());
        match tokio::task::spawn_blocking(move || r.png(&view, &last, theatre)).await {
            Ok(Ok(png)) => Some(Picture { name, png }),
            Ok(Err(e)) => {
                tracing::warn!(error = %e, "picture failed");
                None
            }
            Err(e) => {
                tracing::warn!(error = %e, "picture task failed");
                None
            }
        }
    }

    /// The channel a game is played in.
    async fn home(&self, game: GameId) -> Option<String> {
        let row = self.svc.game_row(game).await.ok()?;
        row.thread_id.or(row.channel_id)
    }

    /// The public post after an accepted change, when there is something to say.
    pub async fn post_for(&self, game: GameId, update: &Update, force: bool) -> Option<Post> {
        let d = self.svc.data().clone();
        let board_changed = !update.theatres.is_empty()
            || update.events.iter().any(|e| {
                matches!(
                    e.kind,
                    crate::rules::EventKind::RoundStarted { .. } | crate::rules::EventKind::GameOver { .. }
                )
            });
        if update.lines_for(&d, None).is_empty() && update.ping.is_empty() && !force {
            return None;
        }
        let (engine, mut post) = self.public_text(game, update).await?;
        if board_changed || force {
            let theatre = match update.theatres.as_slice() {
                [one] => Board::from(*one),
                _ => Board::Overview,
            };
            post.msg.picture = self.picture(engine.view(Viewer::Spectator), update.events.clone(), theatre).await;
        }
        Some(post)
    }

    /// The public post's words and buttons after a change, without a picture (and the game it shows).
    async fn public_text(&self, game: GameId, update: &Update) -> Option<(crate::rules::Game, Post)> {
        let engine = self.svc.engine(game).await.ok()?;
        let row = self.svc.game_row(game).await.ok()?;
        let seats = self.svc.store().seats(game).await.ok()?;
        let user_of = |s: Seat| seats.iter().find(|x| x.seat == s).and_then(|x| x.user_id.clone());
        let mut msg = views::public_post(&engine, game, update, &row.title, &user_of);
        self.respect_quiet(&mut msg).await;
        let channel = row.thread_id.or(row.channel_id)?;
        Some((engine, Post { channel, msg }))
    }

    /// Keep only the pings their users want now (`/qg notify`): the others are still named, silently.
    async fn respect_quiet(&self, msg: &mut Msg) {
        let now = crate::store::now();
        let mut wanted = Vec::new();
        for user in std::mem::take(&mut msg.ping) {
            let prefs = match self.svc.store().user_settings(&user).await {
                Ok(Some(json)) => super::notify::Prefs::parse(&json),
                _ => super::notify::Prefs::default(),
            };
            if prefs.wants_ping(now) {
                wanted.push(user);
            }
        }
        msg.silent = wanted.is_empty();
        msg.ping = wanted;
    }

    // ----- components -------------------------------------------------------------------------------

    /// A click on one of our buttons or menus. `values` are the picked menu values.
    pub async fn component(&self, o: &Origin, custom_id: &str, values: &[String]) -> Out {
        let Some(action) = Action::parse(custom_id) else {
            return Out::say(
                "This button is from an older version of the bot and no longer works. Use /qg hand or /qg status.",
            );
        };
        match action {
            Action::Choose { game, seat, version, choice } => self.choose(o, game, seat, Some(version), &choice).await,
            Action::Pick { game, seat, version } => match values.first() {
                Some(v) => self.choose(o, game, seat, Some(version), v).await,
                None => Out::say("Nothing was picked."),
            },
            Action::Page { game, seat, version, page } => self.page(o, game, seat, version, page).await,
            Action::Hand { game, seat } => self.hand(o, game, Some(seat)).await,
            Action::ConfirmLock { game, seat, version } => match self.svc.view(game, &o.user, Some(seat)).await {
                Ok(sv) if views::menu_token(&sv) != version => self.outdated_menu(o, game, &sv),
                Ok(sv) => {
                    let msg = views::confirm_lock(self.svc.data(), game, &sv);
                    Out { reply: Reply::Update(msg), posts: Vec::new(), thread: None }
                }
                Err(ServiceError::NotSeated { .. }) => self.foreign(o, game, seat).await,
                Err(e) => err(e),
            },
            Action::Join { game, seat } => self.join(o, game, seat).await,
            Action::Leave { game } => match self.svc.leave(game, &o.user).await {
                Ok(()) => self.lobby_update(game).await,
                Err(e) => err(e),
            },
            Action::Start { game } => self.start(o, game).await,
            Action::Board { game, theatre } => self.board(o, game, Some(&theatre)).await,
        }
    }

    /// Answer a decision. `version` is what the button was made for: the game's revision for a public
    /// question, the menu's fingerprint (`views::menu_token`) for a private one; `None` for a typed choice.
    pub async fn choose(&self, o: &Origin, game: GameId, seat: Seat, version: Option<u64>, text: &str) -> Out {
        let d = self.svc.data().clone();
        let choice = match Choice::parse(&d, text) {
            Ok(c) => c,
            Err(e) => return Out::say(e.0),
        };
        let current = match self.svc.view(game, &o.user, Some(seat)).await {
            Ok(v) => v,
            Err(ServiceError::NotSeated { .. }) => return self.foreign(o, game, seat).await,
            Err(e) => return err(e),
        };
        let private_decision = current.decision.as_ref().is_some_and(views::is_private);
        if private_decision && version.is_some_and(|v| v != views::menu_token(&current)) {
            return self.outdated_menu(o, game, &current);
        }
        let version = if private_decision { current.version } else { version.unwrap_or(current.version) };
        match self.svc.act(game, &o.user, Some(seat), version, &choice).await {
            Err(e @ ServiceError::Stale { .. }) => {
                let mut msg = Msg::text(format!("{e}. Here is the current move:"));
                if let Some(dec) = current.decision.as_ref()
                    && let Ok(engine) = self.svc.engine(game).await
                {
                    msg.rows = views::decision_rows(&engine, game, current.version, dec, 0, Vec::new());
                }
                Out::private(msg)
            }
            Err(e) => err(e),
            Ok(update) => {
                let news = self.post_for(game, &update, false).await;
                let engine = self.svc.engine(game).await.ok();
                let next_public = engine.as_ref().is_some_and(|g| g.pending().iter().any(|d| !views::is_private(d)));
                let reply = if o.from_private {
                    match self.svc.view(game, &o.user, Some(seat)).await {
                        Ok(sv) if sv.decision.as_ref().is_some_and(views::is_private) || private_decision => {
                            Reply::Update(views::hand_menu(&d, game, &sv))
                        }
                        _ => Reply::Update(Msg::text("Done.")),
                    }
                } else if news.is_none() && next_public {
                    // Nothing new to see (a unit was picked, dice declared): the clicked message asks the
                    // next question in place, keeping what it announced.
                    match self.public_text(game, &update).await {
                        Some((_, post)) => match &o.message {
                            Some(old) => Reply::Update(views::carry_over(old, post.msg)),
                            None => Reply::Update(post.msg),
                        },
                        None => Reply::Clear,
                    }
                } else {
                    Reply::Clear
                };
                // A choice made in a private menu still needs the next public question posted.
                let posts = match news {
                    Some(p) => vec![p],
                    None if o.from_private && next_public && !private_decision => {
                        self.post_for(game, &update, true).await.into_iter().collect()
                    }
                    None => Vec::new(),
                };
                Out { reply, posts, thread: None }
            }
        }
    }

    /// A private menu that no longer shows the seat's plan (an older menu, or an earlier round): the
    /// current menu instead.
    fn outdated_menu(&self, o: &Origin, game: GameId, sv: &crate::service::SeatedView) -> Out {
        let mut msg = views::hand_menu(self.svc.data(), game, sv);
        msg.content = super::msg::clip(
            &format!("This menu was out of date; here is your hand as it is now.\n{}", msg.content),
            super::msg::limits::CONTENT,
        );
        let reply = if o.from_private { Reply::Update(msg) } else { Reply::Private(msg) };
        Out { reply, posts: Vec::new(), thread: None }
    }

    /// A button of someone else's seat: say whose it is.
    async fn foreign(&self, o: &Origin, game: GameId, seat: Seat) -> Out {
        let Ok(row) = self.svc.game_row(game).await else {
            return Out::say(ServiceError::NoGame(game).to_string());
        };
        let seats = self.svc.store().seats(game).await.unwrap_or_default();
        let holder = seats.iter().find(|s| s.seat == seat).and_then(|s| s.user_id.clone());
        let owner = holder.map(|u| format!(" ({})", views::mention(&u))).unwrap_or_default();
        let mine: Vec<String> = seats
            .iter()
            .filter(|s| s.user_id.as_deref() == Some(o.user.as_str()))
            .map(|s| s.seat.title(row.mode).to_string())
            .collect();
        let you = if mine.is_empty() {
            format!("you are not playing in game {game} (watching is welcome)")
        } else {
            format!("you play {}", mine.join(" and "))
        };
        Out::say(format!("That button is for {}{owner}; {you}.", seat.title(row.mode)))
    }

    async fn page(&self, o: &Origin, game: GameId, seat: Seat, version: u64, page: u8) -> Out {
        let sv = match self.svc.view(game, &o.user, Some(seat)).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        if sv.version != version {
            return Out::say(ServiceError::Stale { game, expected: version, current: sv.version }.to_string());
        }
        let (Some(dec), Ok(engine)) = (sv.decision.as_ref(), self.svc.engine(game).await) else {
            return Out::say("You have nothing to decide now.");
        };
        let mut msg = Msg::text(crate::rules::describe::prompt_text(engine.data(), engine.state(), dec));
        msg.rows = views::decision_rows(&engine, game, sv.version, dec, usize::from(page), Vec::new());
        if o.from_private {
            Out { reply: Reply::Update(msg), posts: Vec::new(), thread: None }
        } else {
            Out::private(msg)
        }
    }

    // ----- commands ---------------------------------------------------------------------------------

    /// Which game a command is about: the one named, else the user's game in this channel, else their
    /// only unfinished game.
    pub async fn which_game(&self, o: &Origin, named: Option<i64>) -> Result<GameId, String> {
        if let Some(g) = named {
            return Ok(g);
        }
        let mine = self.svc.games_of(&o.user).await.map_err(|e| e.to_string())?;
        let open: Vec<_> = mine.into_iter().flatten().filter(|g| !g.status.is_over()).collect();
        let here: Vec<_> = open
            .iter()
            .filter(|g| g.thread_id.as_deref() == Some(&o.channel) || g.channel_id.as_deref() == Some(&o.channel))
            .collect();
        match (here.as_slice(), open.as_slice()) {
            ([g], _) => Ok(g.id),
            (_, [g]) => Ok(g.id),
            (_, []) => Err("You are not in a game. Start one with /qg new, or name a game.".into()),
            _ => Err("You are in several games: say which one (the `game` option suggests them).".into()),
        }
    }

    /// `/qg new`: a lobby in its own thread (or in the channel without thread permissions).
    pub async fn new_game(
        &self,
        o: &Origin,
        players: u8,
        side: Option<&str>,
        title: &str,
        invite: Option<&str>,
    ) -> Out {
        let check = super::perms::Check::of(o.permissions);
        if !check.can_play() {
            return Out::say(check.advice().unwrap_or_default());
        }
        let mut settings = match &o.guild {
            Some(g) => match self.svc.store().guild_settings(g).await {
                Ok(Some(json)) => GameSettings::parse(&json),
                _ => self.defaults.clone(),
            },
            None => self.defaults.clone(),
        };
        if let Some(home) = settings.game_channel.take().filter(|c| *c != o.channel) {
            return Out::say(format!("Games on this server are started in <#{home}>: use /qg new there."));
        }
        if invite == Some(o.user.as_str()) {
            return Out::say("Invite someone else: you already sit in the game you create.");
        }
        settings.draw_sides = side.is_none();
        let req = NewGameRequest {
            guild_id: o.guild.clone(),
            channel_id: Some(o.channel.clone()),
            title: title.to_string(),
            players,
            created_by: o.user.clone(),
            settings,
            seed: self.seed,
        };
        let game = match self.svc.create(req).await {
            Ok(g) => g,
            Err(e) => return err(e),
        };
        let mode = if players == 4 { crate::rules::Mode::FourPlayer } else { crate::rules::Mode::TwoPlayer };
        let seat = side.and_then(|s| match s {
            "tf" => Some(Seat::of(mode, crate::rules::Side::Tf, crate::rules::Role::Field)),
            "naboo" => Some(Seat::of(mode, crate::rules::Side::Naboo, crate::rules::Role::Field)),
            _ => None,
        });
        if let Err(e) = self.svc.join(game, &o.user, seat).await {
            return err(e);
        }
        if let Some(guest) = invite {
            // The guest takes the other side's seat (or the next free one).
            let other = seat.map(|s| Seat::of(mode, s.side().other(), crate::rules::Role::Field));
            if let Err(e) = self.svc.join(game, guest, other).await {
                // No half-made lobby is left behind.
                if let Err(e) = self.svc.abandon(game).await {
                    tracing::warn!(game, error = %e, "could not end a lobby that failed to seat its guest");
                }
                return err(e);
            }
        }
        let summary = match self.svc.summary(game, Some(&o.user)).await {
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
            let name = if title.is_empty() { format!("Queen's Gambit #{game}") } else { format!("#{game} {title}") };
            let mut msg = Msg::text(format!("{note} Join in the game's thread."));
            msg.silent = true;
            Out {
                reply: Reply::Public(msg),
                posts: Vec::new(),
                thread: Some(NewThread { game, channel: o.channel.clone(), name: super::msg::clip(&name, 90), lobby }),
            }
        } else {
            let mut msg = lobby;
            msg.content = format!("{note}\n{}", msg.content);
            Out { reply: Reply::Public(msg), posts: Vec::new(), thread: None }
        }
    }

    async fn lobby_update(&self, game: GameId) -> Out {
        match self.svc.summary(game, None).await {
            Ok(g) => Out { reply: Reply::Update(views::lobby(&g)), posts: Vec::new(), thread: None },
            Err(e) => err(e),
        }
    }

    async fn join(&self, o: &Origin, game: GameId, seat: Option<Seat>) -> Out {
        match self.svc.join(game, &o.user, seat).await {
            Ok(_) => self.lobby_update(game).await,
            Err(e) => err(e),
        }
    }

    async fn start(&self, o: &Origin, game: GameId) -> Out {
        let update = match self.svc.start(game, &o.user).await {
            Ok(u) => u,
            Err(e) => return err(e),
        };
        let mut out = self.lobby_update(game).await;
        out.posts.extend(self.post_for(game, &update, true).await);
        out
    }

    /// `/qg hand` and the hand buttons: the private hand menu.
    pub async fn hand(&self, o: &Origin, game: GameId, seat: Option<Seat>) -> Out {
        // A public "Your hand" button names one seat: anyone else pressing it gets their own hand.
        let view = match self.svc.view(game, &o.user, seat).await {
            Err(ServiceError::NotSeated { .. }) if seat.is_some() => self.svc.view(game, &o.user, None).await,
            other => other,
        };
        match view {
            Ok(sv) if sv.seat.is_none() => Out::say(ServiceError::NotSeated { game }.to_string()),
            Ok(sv) => {
                let msg = views::hand_menu(self.svc.data(), game, &sv);
                let reply = if o.from_private { Reply::Update(msg) } else { Reply::Private(msg) };
                Out { reply, posts: Vec::new(), thread: None }
            }
            Err(e) => err(e),
        }
    }

    /// `/qg board`: a picture for the user alone (their seat's secrets marked, like the real queen).
    pub async fn board(&self, o: &Origin, game: GameId, theatre: Option<&str>) -> Out {
        let picture = match theatre.map(|t| Board::from_key(t).ok_or(t)) {
            None => Board::Overview,
            Some(Ok(p)) => p,
            Some(Err(t)) => {
                return Out::say(format!("'{t}' is not a board: overview, palace, battlefield, core or space."));
            }
        };
        let sv = match self.svc.view(game, &o.user, None).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        let last = self.last_events(game, sv.seat).await;
        let mut msg = Msg::text(format!("Game {game} · {} · move {}", picture.key(), sv.version));
        msg.picture = self.picture(sv.view, last, picture).await;
        Out::private(msg)
    }

    /// The events of the last action, as the seat may see them.
    async fn last_events(&self, game: GameId, seat: Option<Seat>) -> Vec<Event> {
        let side = seat.map(Seat::side);
        match self.svc.store().recent_actions(game, 1).await {
            Ok(a) => a
                .first()
                .and_then(|a| serde_json::from_str::<Vec<Event>>(&a.events).ok())
                .unwrap_or_default()
                .into_iter()
                .filter(|e| e.visible_to(side))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// `/qg status`.
    pub async fn status(&self, o: &Origin, game: GameId) -> Out {
        let sv = match self.svc.view(game, &o.user, None).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        match self.svc.summary(game, Some(&o.user)).await {
            Ok(s) => Out::private(views::status(self.svc.data(), &s, &sv.view)),
            Err(e) => err(e),
        }
    }

    /// `/qg games`.
    pub async fn games(&self, o: &Origin) -> Out {
        match self.svc.games_of(&o.user).await {
            Ok(list) => {
                let games: Vec<_> = list.into_iter().flatten().collect();
                Out::private(views::games_list(&games))
            }
            Err(e) => err(e),
        }
    }

    /// `/qg log`: the last moves, with the user's own side's private lines.
    pub async fn log(&self, o: &Origin, game: GameId, count: u32) -> Out {
        let seat = self.svc.view(game, &o.user, None).await.ok().and_then(|v| v.seat);
        match self.svc.log(game, seat, count.clamp(1, 50)).await {
            Ok(lines) if lines.is_empty() => Out::say("Nothing has happened yet."),
            Ok(lines) => {
                let mut text = format!("**Game {game}: the last moves**");
                for l in lines.iter().rev() {
                    if text.len() + l.len() + 2 > 1900 {
                        break;
                    }
                    text.insert_str(text.find('\n').unwrap_or(text.len()), &format!("\n{l}"));
                }
                Out::say(text)
            }
            Err(e) => err(e),
        }
    }

    /// `/qg choose`: a decision typed as text.
    pub async fn typed(&self, o: &Origin, game: GameId, text: &str) -> Out {
        let sv = match self.svc.view(game, &o.user, None).await {
            Ok(v) => v,
            Err(e) => return err(e),
        };
        let Some(seat) = sv.seat.filter(|_| sv.decision.is_some()) else {
            let waiting = match self.svc.engine(game).await {
                Ok(g) => views::waiting_line(&g),
                Err(_) => "someone else".into(),
            };
            return Out::say(ServiceError::NotYourTurn { game, waiting }.to_string());
        };
        let mut out = self.choose(o, game, seat, None, text).await;
        match std::mem::replace(&mut out.reply, Reply::Private(Msg::text(format!("Done: {text}")))) {
            // The next question belongs in the game's channel, where everyone sees whose move it is.
            Reply::Update(next) if out.posts.is_empty() => {
                if let Some(channel) = self.home(game).await {
                    out.posts.push(Post { channel, msg: next });
                }
            }
            Reply::Clear => {}
            other => out.reply = other,
        }
        out
    }

    /// Autocomplete for `/qg choose`: the legal answers starting with what was typed.
    pub async fn suggestions(&self, o: &Origin, game: Option<GameId>, typed: &str) -> Vec<(String, String)> {
        let Ok(game) = self.which_game(o, game).await else { return Vec::new() };
        let Ok(sv) = self.svc.view(game, &o.user, None).await else { return Vec::new() };
        let (Some(dec), Ok(engine)) = (sv.decision, self.svc.engine(game).await) else { return Vec::new() };
        let t = typed.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        dec.options
            .iter()
            .map(|c| (crate::rules::describe::choice_label(engine.data(), engine.state(), c), c.text(engine.data())))
            .filter(|(label, text)| text.to_lowercase().contains(&t) || label.to_lowercase().contains(&t))
            .take(25)
            .map(|(label, text)| (super::msg::clip(&format!("{text} · {label}"), 100), text))
            .collect()
    }

    /// `/qg undo`.
    pub async fn undo(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.undo(game, &o.user).await {
            Ok(update) => {
                let mut posts: Vec<Post> = self.post_for(game, &update, true).await.into_iter().collect();
                if let Some(p) = posts.first_mut() {
                    p.msg.content = super::msg::clip(
                        &format!("↩ {} took back their last move.\n{}", views::mention(&o.user), p.msg.content),
                        super::msg::limits::CONTENT,
                    );
                }
                Out { reply: Reply::Private(Msg::text("Your last move is taken back.")), posts, thread: None }
            }
            Err(e) => err(e),
        }
    }

    /// `/qg concede`.
    pub async fn concede(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.concede(game, &o.user).await {
            Ok(update) => Out {
                reply: Reply::Private(Msg::text("You conceded.")),
                posts: self.post_for(game, &update, true).await.into_iter().collect(),
                thread: None,
            },
            Err(e) => err(e),
        }
    }

    /// `/qg rules`.
    pub fn rules(&self, topic: Option<&str>) -> Out {
        Out::say(help::topic(topic))
    }

    /// `/qg card`.
    pub fn card(&self, name: &str) -> Out {
        let d = self.svc.data();
        match help::find_card(d, name) {
            Some(c) => Out::say(help::card(d, c)),
            None => Out::say(format!("There is no card called '{name}'. Start typing and pick a suggestion.")),
        }
    }

    /// `/qg notify`: the user's ping settings.
    pub async fn notify(&self, o: &Origin, pings: Option<bool>, quiet: Option<(u8, u8)>) -> Out {
        let now = crate::store::now();
        let mut s = match self.svc.store().user_settings(&o.user).await {
            Ok(Some(json)) => super::notify::Prefs::parse(&json),
            _ => super::notify::Prefs::default(),
        };
        if let Some(p) = pings {
            s.pings = p;
        }
        if let Some(q) = quiet {
            s.quiet = if q.0 == q.1 { None } else { Some(q) };
        }
        if let Err(e) = self.svc.store().set_user_settings(&o.user, &s.json(), now).await {
            return err(e.into());
        }
        Out::say(s.describe())
    }

    // ----- admin ------------------------------------------------------------------------------------

    pub async fn admin(&self, o: &Origin, what: Admin) -> Out {
        if !o.admin {
            return Out::say("Only members who can manage this server may do that.");
        }
        // An admin manages the games of their own server, and no other.
        let game = match &what {
            Admin::End(g) | Admin::Pause(g) | Admin::Resume(g) | Admin::Replace(g, ..) => Some(*g),
            Admin::Defaults(_) => None,
        };
        if let Some(g) = game {
            match self.svc.game_row(g).await {
                Ok(row) if row.guild_id.is_some() && row.guild_id == o.guild => {}
                Ok(_) | Err(ServiceError::NoGame(_)) => {
                    return Out::say(format!("There is no game {g} on this server."));
                }
                Err(e) => return err(e),
            }
        }
        let result = match what {
            Admin::End(g) => self.svc.abandon(g).await.map(|_| format!("Game {g} is ended by an admin.")),
            Admin::Pause(g) => self
                .svc
                .pause(g)
                .await
                .map(|_| format!("⏸ Game {g} is paused by an admin: nobody can move until it resumes.")),
            Admin::Resume(g) => self.svc.resume(g).await.map(|_| format!("▶ Game {g} goes on.")),
            Admin::Replace(g, seat, user) => self
                .svc
                .replace_seat(g, seat, &user)
                .await
                .map(|mode| format!("{} now plays {} in game {g}.", views::mention(&user), seat.title(mode))),
            Admin::Defaults(settings) => match &o.guild {
                Some(guild) => self
                    .svc
                    .store()
                    .set_guild_settings(guild, &settings.json(), crate::store::now())
                    .await
                    .map(|_| describe_settings(&settings))
                    .map_err(ServiceError::from),
                None => Ok("Server defaults need a server.".into()),
            },
        };
        let text = match result {
            Ok(text) => text,
            Err(e) => return err(e),
        };
        // The players hear it in their game's channel too.
        let mut posts = Vec::new();
        if let Some(g) = game
            && let Some(channel) = self.home(g).await
            && channel != o.channel
        {
            let mut msg = Msg::text(text.clone());
            msg.silent = true;
            posts.push(Post { channel, msg });
        }
        Out { reply: Reply::Private(Msg::text(text)), posts, thread: None }
    }

    /// A reminder or a passed deadline: a ping in the game's channel.
    pub async fn due(&self, due: &crate::store::Due) -> Option<Post> {
        let game = due.game;
        let engine = self.svc.engine(game).await.ok()?;
        let row = self.svc.game_row(game).await.ok()?;
        if row.status != Status::Active {
            return None;
        }
        let seats = self.svc.store().seats(game).await.ok()?;
        let users: Vec<String> = engine
            .pending()
            .iter()
            .filter_map(|dec| seats.iter().find(|s| s.seat == dec.seat).and_then(|s| s.user_id.clone()))
            .collect();
        let names: Vec<String> = users.iter().map(|u| views::mention(u)).collect();
        let what = match due.kind {
            crate::store::DueKind::Reminder => "⏰ Reminder",
            crate::store::DueKind::Deadline => "⌛ The deadline has passed",
        };
        let content =
            format!("{what}: game {game} is waiting for {} ({}).", names.join(", "), views::waiting_line(&engine));
        let mut msg = Msg { content, ping: users, ..Msg::default() };
        self.respect_quiet(&mut msg).await;
        let channel = self.home(game).await?;
        Some(Post { channel, msg })
    }
}

/// An admin command.
#[derive(Clone, Debug, PartialEq)]
pub enum Admin {
    End(GameId),
    Pause(GameId),
    Resume(GameId),
    Replace(GameId, Seat, String),
    Defaults(GameSettings),
}

fn describe_settings(s: &GameSettings) -> String {
    let m = |x: Option<u32>| x.map(|m| format!("{} h", f64::from(m) / 60.0)).unwrap_or_else(|| "none".into());
    let place = s.game_channel.as_ref().map(|c| format!(" Games start in <#{c}>.")).unwrap_or_default();
    format!("New games here: deadline {}, reminder after {}.{place}", m(s.deadline_minutes), m(s.remind_minutes))
}

/// Which board a prompt concerns (to choose the closer picture for a private board).
pub fn prompt_theatre(p: &Prompt) -> Option<Theatre> {
    match p {
        Prompt::Block { .. } | Prompt::PlaceStarfighter { .. } => Some(Theatre::Space),
        _ => None,
    }
}
