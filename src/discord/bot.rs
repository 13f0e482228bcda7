//! What the bot does for each command and click, independent of Discord's types: every handler takes
//! who asks and what they asked, calls the game service, and returns what to answer and what to post.
//! `discord::events` and `discord::commands` turn Discord interactions into these calls and the results
//! into Discord messages. The handlers live beside this file by what they serve: `click` (buttons and
//! menus), `lobby`, `player` (a player's commands), `admin`, and `posting` (public posts and reminders);
//! `refusal` turns every refusal into words.

use super::msg::Msg;
use crate::render::Painters;
use crate::service::GameId;
use crate::service::{Caller, ChannelId, Service, UserId};
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
    /// Open a form (only as the first answer to a click).
    Form(super::msg::Form),
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
    pub channel: ChannelId,
    pub msg: Msg,
    /// Edit this message of the channel instead of posting a new one (when that fails, it is posted).
    pub edit: Option<u64>,
    /// This post opens a round of this game: its id is kept, so the round's plan locks amend it.
    pub opens_round: Option<GameId>,
    /// Discord keeps one message per nonce (for a few minutes): a post that another process may make
    /// again (a reminder whose first sender died) carries one, so it appears once.
    pub nonce: Option<String>,
}

impl Post {
    pub fn new(channel: ChannelId, msg: Msg) -> Post {
        Post { channel, msg, edit: None, opens_round: None, nonce: None }
    }
}

/// Create a thread for a new game, post its lobby there, and remember the thread.
#[derive(Clone, Debug, PartialEq)]
pub struct NewThread {
    pub game: GameId,
    pub channel: ChannelId,
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
    /// The game and step whose news the posts tell: once they are sent, the step is told (`outbox`),
    /// and each new post carries a nonce made of them, so telling it again posts it once.
    pub told: Option<(GameId, u64)>,
}

impl Out {
    pub fn private(msg: Msg) -> Out {
        Out::reply(Reply::Private(msg))
    }

    pub fn say(text: impl Into<String>) -> Out {
        Out::private(Msg::text(text))
    }

    pub fn reply(reply: Reply) -> Out {
        Out { reply, posts: Vec::new(), thread: None, ended: None, told: None }
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
    pub channel: ChannelId,
    /// The bot's permissions in that channel (Discord sends them with every interaction).
    pub permissions: u64,
    /// Whether the clicked message is a private (ephemeral) one.
    pub from_private: bool,
    /// The message whose button or menu was used (public posts edited in place keep its words).
    pub message: Option<Clicked>,
}

impl Origin {
    pub fn user(&self) -> &UserId {
        self.caller.user()
    }
}

/// The longest a busy bot works on an interaction before it acknowledges it: well under the half second
/// in which a player starts to wonder.
pub const BUSY_DEFER: std::time::Duration = std::time::Duration::from_millis(100);

pub struct Bot {
    pub svc: Arc<Service>,
    /// What draws every game's pictures (each data set's layers laid out once).
    pub painters: Arc<Painters>,
    /// Answer at once when the work is done by then; otherwise acknowledge ("defer") first, well within
    /// Discord's 3 seconds, and answer when it is done.
    pub defer_after: std::time::Duration,
    /// A fixed seed for every new game (tests only; `None` in production: each game gets a secret one).
    pub seed: Option<u64>,
    /// Interactions in flight, and closed when the bot stops.
    pub gate: super::gate::Gate,
    /// What the health check reports.
    pub health: Arc<crate::ops::Health>,
    /// Pictures drawn at once: one per core. Under load, drawings wait their turn in order instead of all
    /// sharing the cores (each would then finish late, and hold its memory all the while).
    pub drawing: Arc<tokio::sync::Semaphore>,
    drawing_slots: usize,
    /// Per game, the post that opened its round (its message id and words), while this process runs.
    pub round_posts: std::sync::Mutex<std::collections::HashMap<GameId, (u64, String)>>,
    /// The driver of the computer's seats (`discord::computers`).
    pub computers: Computers,
    /// How links to the games' web pages begin, when the bot serves them.
    pub pages: std::sync::OnceLock<String>,
}

/// How the bot reaches its computer players' driver (`discord::computers` runs it).
#[derive(Default)]
pub struct Computers {
    pub(super) wake: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<GameId>>,
}

impl Bot {
    pub fn new(svc: Arc<Service>, painters: Painters, defer_after: std::time::Duration, seed: Option<u64>) -> Bot {
        let slots = std::thread::available_parallelism().map_or(1, |n| n.get());
        Bot {
            svc,
            painters: Arc::new(painters),
            defer_after,
            seed,
            gate: Default::default(),
            health: Default::default(),
            drawing: Arc::new(tokio::sync::Semaphore::new(slots)),
            drawing_slots: slots,
            round_posts: std::sync::Mutex::new(std::collections::HashMap::new()),
            computers: Default::default(),
            pages: std::sync::OnceLock::new(),
        }
    }

    /// How long an interaction's work may run before it is acknowledged: `defer_after`, or at most
    /// `BUSY_DEFER` when the bot is busy, every drawing slot taken or more interactions in flight than slots
    /// (the answer may wait behind others' pictures, so the player is soon told that the bot is on it). A
    /// quiet bot answers in one request; a busy one acknowledges first what it cannot answer at once.
    pub fn defer_delay(&self) -> std::time::Duration {
        let busy = self.drawing.available_permits() == 0 || self.gate.in_flight() > self.drawing_slots;
        if busy { self.defer_after.min(BUSY_DEFER) } else { self.defer_after }
    }

    /// Discord's three seconds, in one place for commands and clicks alike: the work's answer if it is done
    /// within `defer_delay`; otherwise `acknowledge` is sent first and the work then finishes. Returns the
    /// answer and whether it was acknowledged (so it must be sent as an edit of the acknowledgement).
    pub async fn in_time<E, A>(
        &self,
        work: impl std::future::Future<Output = Out>,
        acknowledge: impl FnOnce() -> A,
    ) -> Result<(Out, bool), E>
    where
        A: std::future::Future<Output = Result<(), E>>,
    {
        let delay = self.defer_delay();
        // No delay: acknowledged before any of the work runs (a first poll of the work could otherwise save
        // its action before the acknowledgement goes out).
        if delay.is_zero() {
            acknowledge().await?;
            return Ok((work.await, true));
        }
        tokio::pin!(work);
        tokio::select! {
            biased;
            out = &mut work => Ok((out, false)),
            _ = tokio::time::sleep(delay) => {
                acknowledge().await?;
                Ok((work.await, true))
            }
        }
    }

    /// Run drawing work off the async runtime, in its turn (see `drawing`).
    pub async fn draw<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
        let turn = self.drawing.clone().acquire_owned().await.map_err(|e| e.to_string())?;
        tokio::task::spawn_blocking(move || {
            let done = work();
            drop(turn);
            done
        })
        .await
        .map_err(|e| e.to_string())
    }
}

/// The public message a click was made on: its words, and whether it shows a picture already (a picture
/// is never taken off a post).
#[derive(Clone, Debug, Default)]
pub struct Clicked {
    pub content: String,
    pub pictures: usize,
}
