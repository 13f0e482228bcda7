//! The computer's moves in Discord. When a game waits for a seat the computer holds, the service plays it
//! (`Service::computer_move`: a searching level thinks off the async runtime, at a table with the table
//! free) and the bot posts what it did, as for a player's move (a table's as a table's news); then it
//! looks again, as the computer may have the next decision too. A game is driven by one task at a time.
//! The bot wakes it after every interaction about a game, and looks at every game with a computer seat at
//! the start and every tick (after a restart, or if a wake was missed).

use super::bot::{Bot, Out, Reply};
use super::msg::Msg;
use super::send;
use crate::service::GameId;
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, watch};

impl Bot {
    /// The computer may have a move to make in `game`: look.
    pub fn wake_computers(&self, game: GameId) {
        if let Some(tx) = self.computers.wake.get() {
            let _ = tx.send(game);
        }
    }

    /// The notice that the computer now plays for a player who missed a deadline (it pings them);
    /// `command` is the game's (`/qg`, `/stratego`).
    pub fn stood_in(&self, s: &crate::service::StandIn, command: &str) -> Option<super::bot::Post> {
        let who = super::views::mention(&s.user);
        let mut msg = Msg::text(format!(
            "🤖 {who} missed the deadline: {} now plays {} in game {} until they are back. {command} back gives the \
             seat back.",
            super::views::mention(&s.computer),
            s.seat_name,
            s.game
        ));
        msg.ping = [s.user.clone()].into_iter().collect();
        Some(super::bot::Post::new(s.home.clone()?, msg))
    }

    /// `/qg back` (and `/stratego back`): a player the computer played for takes their seats back.
    pub async fn come_back(&self, o: &super::bot::Origin, game: GameId) -> Out {
        let seats = match self.svc.come_back(&o.caller, game).await {
            Ok(s) => s,
            Err(e) => return super::refusal::err(e),
        };
        if seats.is_empty() {
            return Out::say("Your seat was given to someone else meanwhile: ask an admin.");
        }
        let (names, home) = self.svc.seats_and_home(&o.caller, game, &seats).await;
        let mut notice = Msg::text(format!(
            "↩ {} is back and plays {} again: the computer stands aside.",
            super::views::mention(o.user()),
            names.join(" and ")
        ));
        notice.silent = true;
        let posts = home.map(|h| super::bot::Post::new(h, notice)).into_iter().collect();
        Out { posts, ..Out::say(format!("You play {} again in game {game}.", names.join(" and "))) }
    }

    /// What a move made away from the thread posts (the computer's, or a player's on a web page): the
    /// same thread posts as a player's move (the first game's own thread change, a table's news).
    pub async fn computer_out(&self, news: crate::service::TableNews) -> Out {
        let told = Some((news.game, news.step));
        let super::room::Shown { posts, ended } = super::registry::room(news.key).computer_news(self, news).await;
        Out { reply: Reply::Private(Msg::text("")), posts, thread: None, ended, told }
    }
}

/// Drive the computer's seats until `stop` turns true: wakes as they come, and every `tick` (and at once)
/// every game with a computer seat.
pub(super) fn spawn(
    bot: Arc<Bot>,
    http: Arc<serenity::Http>,
    tick: Duration,
    stop: watch::Receiver<bool>,
) -> tokio::task::JoinHandle<()> {
    // Moves made on the web are posted as the computer's are.
    super::relay::spawn(bot.clone(), http.clone(), stop.clone());
    let (tx, mut rx) = mpsc::unbounded_channel();
    if bot.computers.wake.set(tx).is_err() {
        tracing::warn!("the computer players' driver was started twice");
    }
    // Per game being driven: whether it was woken again meanwhile.
    let busy: Arc<Mutex<HashMap<GameId, bool>>> = Arc::default();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(tick);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let stopping = super::timers::stopped(stop);
        tokio::pin!(stopping);
        loop {
            tokio::select! {
                _ = &mut stopping => break,
                Some(game) = rx.recv() => drive(&bot, &http, &busy, game, Look::Woken),
                _ = tick.tick() => match bot.svc.games_with_computers().await {
                    Ok(games) => games.into_iter().for_each(|g| drive(&bot, &http, &busy, g, Look::Listed)),
                    Err(e) => tracing::warn!(error = %e.detail(), "cannot list the games with a computer seat"),
                },
            }
        }
    })
}

/// Why a game is looked at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// An interaction reached it: it may have no computer seat at all.
    Woken,
    /// It has a computer seat (the tick's list).
    Listed,
}

/// Play the computer's moves in `game` until it waits for nobody the computer plays (one task a game).
fn drive(
    bot: &Arc<Bot>,
    http: &Arc<serenity::Http>,
    busy: &Arc<Mutex<HashMap<GameId, bool>>>,
    game: GameId,
    look: Look,
) {
    {
        let Ok(mut b) = busy.lock() else { return };
        if let Some(again) = b.get_mut(&game) {
            *again = true;
            return;
        }
        b.insert(game, false);
    }
    let (bot, http, busy) = (bot.clone(), http.clone(), busy.clone());
    tokio::spawn(async move {
        // However the task ends, the game may be driven again.
        let mut driving = Driving { busy: busy.clone(), game, released: false };
        let mut failures = 0u32;
        loop {
            let step = computer_step(&bot, &http, game).await;
            match step {
                Ok(Some(_)) => {
                    failures = 0;
                    continue;
                }
                Ok(None) => {}
                // A look after an interaction that fails (the database away) says nothing of a computer,
                // which the game may not have: the tick's list looks again at the games that have one.
                Err(e) if look == Look::Woken && failures == 0 => {
                    tracing::debug!(game, error = %e.detail(), "no look at the computer's turn after an interaction");
                    return;
                }
                // A passing failure (a busy database) is tried again at once, a few times; then at the next
                // tick, with the whole story in the log.
                Err(e) if failures < 3 => {
                    failures += 1;
                    tracing::warn!(game, error = %e.detail(), failures, "the computer could not move; trying again");
                    tokio::time::sleep(Duration::from_millis(200 * u64::from(failures))).await;
                    continue;
                }
                Err(e) => {
                    tracing::error!(game, error = %e.detail(), "the computer cannot move: its game waits");
                    return;
                }
            }
            // Done, unless woken again meanwhile (decided under the lock, so no wake is lost).
            let Ok(mut b) = busy.lock() else { return };
            if b.get(&game) == Some(&true) {
                b.insert(game, false);
                continue;
            }
            b.remove(&game);
            driving.released = true;
            return;
        }
    });
}

/// One move of the computer's in `game`, posted: `Some` when it moved, `None` when it has nothing to move
/// (or the bot is stopping: nothing new starts, and the game goes on at the next start).
async fn computer_step(
    bot: &Bot,
    http: &serenity::Http,
    game: GameId,
) -> Result<Option<()>, crate::service::ServiceError> {
    let Some(_ticket) = bot.gate.enter() else { return Ok(None) };
    match bot.svc.computer_move(game).await {
        Ok(Some(news)) => {
            let out = bot.computer_out(news).await;
            send::follow_up(http, bot, &out).await;
            Ok(Some(()))
        }
        Ok(None) => Ok(None),
        // Nothing to move in a game that is not there.
        Err(crate::service::ServiceError::NoGame(_)) => {
            tracing::debug!(game, "woken for a game that does not exist");
            Ok(None)
        }
        Err(e) => Err(e),
    }
}

/// A game being driven: it leaves the busy list when its task ends, however it ends (a panic too).
struct Driving {
    busy: Arc<Mutex<HashMap<GameId, bool>>>,
    game: GameId,
    /// Already taken off the list by the task itself.
    released: bool,
}

impl Drop for Driving {
    fn drop(&mut self) {
        if !self.released
            && let Ok(mut b) = self.busy.lock()
        {
            b.remove(&self.game);
        }
    }
}
