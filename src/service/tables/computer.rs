//! The computer, for every game. A player that answers at once (Stratego's) plays inside the call that
//! made it the computer's turn, each choice saved like a player's; a searching one, and every one of the
//! first game's (told one step at a time), plays in the background (`table_computer_step`, the driver's
//! `computer_move`), the game free while it thinks, and only if the game still waits for that very
//! decision when it is done. After an admin gives it a seat, it plays there at once
//! (`table_computer_turns`).

use super::Held;
use super::play::{Account, TableNews};
use crate::games::{NoAnswer, Player};
use crate::service::computer::{Make, Thought};
use crate::service::{Caller, Service, ServiceError};
use crate::store::{GameId, Status, UserId};
use std::any::Any;

/// The most choices the computer makes in a row before it gives the table back (a game's own rules end
/// long before; this only bounds a game that would ask the computer forever).
const COMPUTER_RUN: usize = 16;
/// How often the background computer thinks again when the table moved on while it thought.
const RETHINK: usize = 3;

/// A computer seat the table waits for: who holds it, what it may know, and its player taken out.
struct TableTurn {
    seat: usize,
    user: UserId,
    seen: Box<dyn Any + Send>,
    player: Box<dyn Player>,
}

impl Service {
    /// The first seat the computer holds that must decide now, with what it may know and its player
    /// (kept from its last decision, or made: seeded by the table and the seat, so Stratego's scripted
    /// player, which keeps nothing, plays on after a restart as it would have).
    fn table_turn(&self, held: &Held) -> Result<Option<TableTurn>, ServiceError> {
        let game = held.row.id;
        let Some(engine) = held.engine.as_deref().filter(|_| held.row.status == Status::Active) else {
            return Ok(None);
        };
        for seat in engine.deciders() {
            let Some(user) = held.user_of(seat).filter(|u| u.is_computer()) else { continue };
            let level = user.computer_level().unwrap_or_default().to_string();
            if !self.computers.allows(&level) {
                tracing::warn!(game, seat, "an outside program's seat: only the terminal plays it");
                continue;
            }
            let Some(seen) = engine.seen(seat) else {
                tracing::warn!(game, seat, "the computer has no choice to make at a table that waits for it");
                continue;
            };
            let seed = held.row.seed ^ (seat as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let make: Make = Box::new(move |effort| engine.player(&level, seed, effort));
            // A level this release does not know (a record from another one): that seat waits, the
            // others play on.
            let player = match self.summon(game, seat, &user, make) {
                Ok(player) => player,
                Err(e) => {
                    tracing::warn!(game, seat, error = %e.detail(), "a computer seat that cannot be played");
                    continue;
                }
            };
            return Ok(Some(TableTurn { seat, user, seen, player }));
        }
        Ok(None)
    }

    /// What a saved change told (`lines`), with the turns of the computers that answer at once after
    /// it, as news; `was_in_play`: whether play had begun before the change. A computer's failure never
    /// turns the saved change into a refusal: it is logged, and the table is loaded afresh when next used.
    /// `before`: who decided before the change (those it newly asks are named and pinged).
    pub(super) async fn news_after(
        &self,
        held: &mut Held,
        mut lines: Vec<String>,
        was_in_play: bool,
        before: &[usize],
    ) -> TableNews {
        let mut still = still_deciding(held, before);
        if let Err(e) = self.table_computers(held, &mut lines, &mut still).await {
            held.stale = true;
            tracing::error!(game = held.row.id, error = %e.detail(), "the computer could not play at a table");
        }
        let mut news = TableNews::of(held, lines);
        news.began = !was_in_play && news.in_play;
        self.settle_asked(&mut news, &still).await;
        news
    }

    /// Who `news` newly asks to decide (all who decide now but those who were deciding all along,
    /// `still`), and of their people those who want a ping now: settled here, after each one's
    /// preferences, for every game. Nobody is asked in a game that is not on.
    pub(in crate::service) async fn settle_asked(&self, news: &mut TableNews, still: &[usize]) {
        if news.status != Status::Active || news.outcome.is_some() {
            return;
        }
        news.asked = news.waiting.iter().filter(|(s, _, _)| !still.contains(s)).cloned().collect();
        let users = news.asked.iter().filter_map(|(_, _, u)| u.clone()).collect();
        news.pinged = self.wanting_pings(&users, news.game).await;
    }

    /// Every decision of a computer seat that answers at once, each saved, its public words added to
    /// `lines`; a searching one is left to the background (`table_computer_step`). A game told in its own
    /// account (the first game's `Update`) is told one step at a time: all its computers play from the
    /// background, each step its own news, as they always have.
    /// `still`: the seats deciding all along, kept to those still deciding after each step.
    pub(super) async fn table_computers(
        &self,
        held: &mut Held,
        lines: &mut Vec<String>,
        still: &mut Vec<usize>,
    ) -> Result<(), ServiceError> {
        let game = held.row.id;
        if held.own.is_some() {
            return Ok(());
        }
        for _ in 0..COMPUTER_RUN {
            let Some(turn) = self.table_turn(held)? else { break };
            let seat = turn.seat;
            if turn.player.searches() {
                // It thinks for seconds: not inside this call, which holds the table.
                self.keep_player(game, seat, &turn.user, turn.player);
                break;
            }
            let thought = self.ponder(game, seat, &turn.user, turn.player, turn.seen).await?;
            self.table_play(held, turn.seat, &turn.user, thought, lines).await?;
            *still = still_deciding(held, still);
        }
        Ok(())
    }

    /// The computer's choices at table `game` for every seat it holds that must decide now, each saved:
    /// after an admin gives it a seat. `None` when the computer has nothing to do there at once (the first
    /// game's computers play from the background, one step at a time).
    pub async fn table_computer_turns(&self, game: GameId) -> Result<Option<TableNews>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "table_computer_turns");
        let slot = self.table_slot(game);
        let mut guard = slot.lock().await;
        let host = Caller::host(&crate::service::host::terminal(), "computer");
        let held = self.reach_table(&mut guard, game, &host).await?;
        if held.row.status != Status::Active {
            return Ok(None);
        }
        let version = held.row.version;
        let mut still = held.engine()?.deciders();
        let mut lines = Vec::new();
        self.table_computers(held, &mut lines, &mut still).await?;
        if held.row.version == version {
            return Ok(None);
        }
        let mut news = TableNews::of(held, lines);
        self.settle_asked(&mut news, &still).await;
        Ok(Some(news))
    }

    /// Let the computer make the next decision a table waits for from one of its seats, thinking with
    /// the table free, and save it (then those that answer at once play on, where the game allows). None
    /// when no computer seat must decide (or the table moved on every time it thought).
    pub async fn table_computer_step(&self, game: GameId) -> Result<Option<TableNews>, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "computer_step", game);
        let host = Caller::host(&crate::service::host::terminal(), "computer");
        let slot = self.table_slot(game);
        for _ in 0..RETHINK {
            let (turn, shown) = {
                let mut guard = slot.lock().await;
                let held = self.reach_table(&mut guard, game, &host).await?;
                if held.row.status.is_over() {
                    self.computers.forget(game);
                }
                match self.table_turn(held)? {
                    Some(turn) => {
                        let shown = super::seen::side_token(held, turn.seat);
                        (turn, shown)
                    }
                    None => return Ok(None),
                }
            };
            let TableTurn { seat, user, seen, player } = turn;
            let thought = self.ponder(game, seat, &user, player, seen).await?;
            let mut guard = slot.lock().await;
            let held = self.reach_table(&mut guard, game, &host).await?;
            // A step anyone saw, one of its side's (its own, or a partner's it is shown), or the seat
            // changing hands meanwhile: it thinks again about what is asked now. The other side's secret
            // steps (its plan being made) are let pass: it never sees them.
            let same = held.row.status == Status::Active
                && super::seen::side_token(held, seat) == shown
                && held.user_of(seat).as_ref() == Some(&user);
            if !same {
                continue;
            }
            let was_in_play = held.in_play();
            let before = held.engine()?.deciders();
            let mut lines = Vec::new();
            let account = self.table_play(held, seat, &user, thought, &mut lines).await?;
            let mut news = self.news_after(held, lines, was_in_play, &before).await;
            news.account = account;
            return Ok(Some(news));
        }
        Ok(None)
    }

    /// Play and save a computer's answer at `seat`. A player that gives up (an outside program that
    /// failed) concedes for its seat; one that cannot answer is a fault, and nothing is played. Why it
    /// gave up, and a refused answer, may quote its hand: only at debug. What it expected of the game is
    /// kept where the game says (`Engine::reckons`: the first game's plan locks), shown after the end.
    async fn table_play(
        &self,
        held: &mut Held,
        seat: usize,
        user: &UserId,
        thought: Thought,
        lines: &mut Vec<String>,
    ) -> Result<Account, ServiceError> {
        let game = held.row.id;
        let choice = match thought.answer {
            Ok(choice) => choice,
            Err(NoAnswer::Forfeit(why)) => {
                tracing::warn!(game, seat, "a computer player gives up at a table");
                tracing::debug!(game, reason = %why, "why the computer player gives up");
                "concede".into()
            }
            Err(NoAnswer::Fault(detail)) => return Err(ServiceError::Computer { game, detail }),
        };
        let round = held.engine()?.reckons(seat, &choice);
        let refused = |why: String| {
            tracing::debug!(game, reason = %why, "the rules refused the computer's answer");
            ServiceError::Computer { game, detail: "the rules refused its answer".into() }
        };
        let account = self.take_step(held, seat, &choice, (user, None), lines, refused).await?;
        if let (Some(round), Some(value)) = (round, thought.expectation)
            && let Err(e) = self.store.record_expectation(game, seat, round, value).await
        {
            tracing::warn!(game, error = %e, "could not keep the computer's expectation");
        }
        Ok(account)
    }
}

/// Of `before`, the seats the game held still waits for.
fn still_deciding(held: &Held, before: &[usize]) -> Vec<usize> {
    let now = held.engine.as_deref().map(|e| e.deciders()).unwrap_or_default();
    before.iter().copied().filter(|s| now.contains(s)).collect()
}
