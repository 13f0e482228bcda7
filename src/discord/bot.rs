//! What the bot does for each command and click, independent of Discord's types: every handler takes
//! who asks and what they asked, calls the game service, and returns what to answer and what to post.
//! `discord::events` and `discord::commands` turn Discord interactions into these calls and the results
//! into Discord messages. The handlers live beside this file by what they serve: `click` (buttons and
//! menus), `lobby`, `player` (a player's commands) and `admin`.

use super::msg::{Attachment, Msg};
use super::views;
use crate::render::{Renderer, Theatre as Board};
use crate::rules::{Data, Event};
use crate::service::GameId;
use crate::service::{Caller, Service, Update};
use std::sync::Arc;

/// The answer to the interaction itself.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// A new message only the user sees.
    Private(Msg),
    /// Private content (a hand menu, a confirmation): it replaces the private message it was asked from,
    /// and on a public message it comes as a new private message instead, never into the public post.
    Menu(Msg),
    /// Replace the public message the clicked component is on (public content only: a lobby, the next
    /// question).
    Update(Msg),
    /// A public answer in the channel.
    Public(Msg),
    /// Remove the buttons from the public message that was clicked (it becomes history).
    Clear,
}

impl Reply {
    /// What to send for this reply to a click on a private (`true`) or a public message: private content
    /// never replaces a public message.
    pub fn on(self, private_message: bool) -> Reply {
        match self {
            Reply::Menu(m) if !private_message => Reply::Private(m),
            other => other,
        }
    }
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
    /// A game this ended: its recap is made and posted after the answer (it takes a while to draw).
    pub ended: Option<GameId>,
}

impl Out {
    pub fn private(msg: Msg) -> Out {
        Out::reply(Reply::Private(msg))
    }

    pub fn say(text: impl Into<String>) -> Out {
        Out::private(Msg::text(text))
    }

    pub fn reply(reply: Reply) -> Out {
        Out { reply, posts: Vec::new(), thread: None, ended: None }
    }

    /// Private content: the private menu it came from, or a new private message.
    pub fn menu(msg: Msg) -> Out {
        Out::reply(Reply::Menu(msg))
    }
}

/// Where an interaction happens and who makes it.
#[derive(Clone, Debug)]
pub struct Origin {
    /// Who asks, from where, with which powers (from the interaction): what the service authorizes.
    pub caller: Caller,
    /// The channel (or thread, or direct message) it happens in.
    pub channel: String,
    /// The bot's permissions in that channel (Discord sends them with every interaction).
    pub permissions: u64,
    /// Whether the clicked message is a private (ephemeral) one.
    pub from_private: bool,
    /// The text of the message whose button or menu was used (public posts edited in place keep it).
    pub message: Option<String>,
}

impl Origin {
    pub fn user(&self) -> &str {
        self.caller.user()
    }
}

pub struct Bot {
    pub svc: Arc<Service>,
    /// Draws the running program's data; games created with other data get their own (`renderer_for`).
    pub renderer: Arc<Renderer>,
    pub other_renderers: std::sync::Mutex<std::collections::HashMap<String, Arc<Renderer>>>,
    /// Answer at once when the work is done by then; otherwise acknowledge ("defer") first, well within
    /// Discord's 3 seconds, and answer when it is done.
    pub defer_after: std::time::Duration,
    /// A fixed seed for every new game (tests only; `None` in production: each game gets a secret one).
    pub seed: Option<u64>,
    /// Interactions in flight, and closed when the bot stops.
    pub gate: super::gate::Gate,
    /// What the health check reports.
    pub health: Arc<crate::ops::Health>,
}

impl Bot {
    pub fn new(svc: Arc<Service>, renderer: Arc<Renderer>, defer_after: std::time::Duration, seed: Option<u64>) -> Bot {
        Bot {
            svc,
            renderer,
            other_renderers: Default::default(),
            defer_after,
            seed,
            gate: Default::default(),
            health: Default::default(),
        }
    }

    /// The picture for a view of a game playing with `data`, drawn off the async runtime.
    pub(super) async fn picture(
        &self,
        data: &Arc<Data>,
        view: crate::rules::View,
        last: Vec<Event>,
        theatre: Board,
    ) -> Option<Attachment> {
        let r = self.renderer_for(data).await?;
        let name = format!("{}.png", theatre.key());
        let drawn = tokio::task::spawn_blocking(move || {
            let started = std::time::Instant::now();
            let png = r.png(&view, &last, theatre);
            let seconds = started.elapsed().as_secs_f64();
            ::metrics::histogram!(crate::ops::metrics::RENDER_SECONDS, "picture" => theatre.key()).record(seconds);
            png
        });
        match drawn.await {
            Ok(Ok(png)) => Some(Attachment { name, bytes: png }),
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

    /// The renderer for a game's data: the running one, or one made (once) for a game created with other
    /// data, whose maps may differ.
    pub(super) async fn renderer_for(&self, data: &Arc<Data>) -> Option<Arc<Renderer>> {
        if data.id == self.renderer.data().id {
            return Some(self.renderer.clone());
        }
        if let Some(r) = self.other_renderers.lock().ok().and_then(|m| m.get(&data.id).cloned()) {
            return Some(r);
        }
        let d = data.clone();
        let made = match tokio::task::spawn_blocking(move || Renderer::new(d)).await {
            Ok(Ok(r)) => Arc::new(r),
            Ok(Err(e)) => {
                tracing::warn!(data_set = %data.id, error = %e, "cannot draw this game's data");
                return None;
            }
            Err(e) => {
                tracing::warn!(error = %e, "renderer task failed");
                return None;
            }
        };
        if let Ok(mut m) = self.other_renderers.lock() {
            m.insert(data.id.clone(), made.clone());
        }
        Some(made)
    }

    /// The channel a game is played in, as the caller may know it.
    pub(super) async fn home(&self, o: &Origin, game: GameId) -> Option<String> {
        self.svc.summary(&o.caller, game).await.ok()?.home()
    }

    /// The public post after an accepted change, when there is something to say.
    pub async fn post_for(&self, update: &Update, force: bool) -> Option<Post> {
        if update.lines().is_empty() && update.ping.is_empty() && !force {
            return None;
        }
        let mut post = self.public_text(update).await?;
        if let Some(theatre) = views::picture_for(update) {
            let view = update.view.view().clone();
            post.msg.file = self.picture(&update.data, view, update.events.clone(), theatre).await;
        }
        Some(post)
    }

    /// The public post's words and buttons after a change, without a picture.
    pub(super) async fn public_text(&self, update: &Update) -> Option<Post> {
        let mut msg = views::public_post(update);
        self.respect_quiet(&mut msg).await;
        Some(Post { channel: update.table.home.clone()?, msg })
    }

    /// Keep only the pings their users want now (`/qg notify`): the others are still named, silently.
    async fn respect_quiet(&self, msg: &mut Msg) {
        let mut wanted = Vec::new();
        for user in std::mem::take(&mut msg.ping) {
            if self.svc.wants_ping(&user).await {
                wanted.push(user);
            }
        }
        msg.silent = wanted.is_empty();
        msg.ping = wanted;
    }

    /// A reminder or a passed deadline: a ping in the game's channel.
    pub async fn due(&self, due: &crate::service::Due) -> Option<Post> {
        let r = self.svc.reminder(due).await?;
        let names: Vec<String> = r.users.iter().map(|u| views::mention(u)).collect();
        let what = match due.kind {
            crate::service::DueKind::Reminder => "⏰ Reminder",
            crate::service::DueKind::Deadline => "⌛ The deadline has passed",
        };
        let content = format!("{what}: game {} is waiting for {} ({}).", due.game, names.join(", "), r.waiting);
        let mut msg = Msg { content, ping: r.users, ..Msg::default() };
        self.respect_quiet(&mut msg).await;
        Some(Post { channel: r.home, msg })
    }
}
