//! A player's statistics on one server, for every game alike: their record overall and by side, their
//! rating with its uncertainty and its trend, how long they usually take to answer, their current streak,
//! whom they play most, and what the game itself tells of its finished games (`games::fact`). Only the
//! server's games that ended by their rules, a concession or an agreed draw count; nothing of a game still
//! being played is read but that it is under way, and nothing of another server's games at all.

use super::{Caller, Service, ServiceError};
use crate::games::fact::{self, Summed};
use crate::games::{Engine, Kind};
use crate::ratings::{Ladder, Rating};
use crate::store::{Ended, UserId};

/// How many opponents the statistics name, and how many rated games a trend looks back on.
const OPPONENTS: usize = 3;
const TREND: usize = 5;

/// Wins, losses and draws.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Record {
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    fn add(&mut self, result: Result3) {
        match result {
            Result3::Won => self.wins += 1,
            Result3::Lost => self.losses += 1,
            Result3::Drawn => self.draws += 1,
        }
    }
}

/// One game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result3 {
    Won,
    Lost,
    Drawn,
}

/// A rating on one of the player's ladders and how it moved lately.
#[derive(Clone, Debug, PartialEq)]
pub struct Trend {
    pub per_side: u8,
    pub rating: Rating,
    /// How much it moved over its last `over` rated games.
    pub change: f64,
    pub over: usize,
}

/// One player's statistics in one game on one server.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// The game's name.
    pub game: String,
    pub member: UserId,
    /// Over the games that ended.
    pub record: Record,
    /// By side, in the order the game seats them, sides played only.
    pub sides: Vec<(String, Record)>,
    /// Games of theirs under way.
    pub in_play: u32,
    pub ratings: Vec<Trend>,
    /// The median of their answers' times, in seconds.
    pub answer: Option<i64>,
    /// The current run of one result, at least two games long.
    pub streak: Option<(Result3, u32)>,
    /// The people they played most, with how many games.
    pub opponents: Vec<(UserId, u32)>,
    /// Games of theirs with the computer in a seat.
    pub with_computer: u32,
    /// What the game tells of their finished games.
    pub facts: Vec<Summed>,
    /// Every ended game of this game on the server, by the side that won (then draws).
    pub server: Vec<(String, u32)>,
    pub server_draws: u32,
}

/// How a server's games of one game went, as its archive page shows them, and its leaderboards.
#[derive(Clone, Debug, PartialEq)]
pub struct ServerFigures {
    /// The game's name.
    pub game: String,
    /// The games that ended and count (by their rules, a concession, an agreed draw).
    pub games: u32,
    /// By the side that won, then draws.
    pub sides: Vec<(String, u32)>,
    pub draws: u32,
    /// What the game tells of the latest `FIGURES_OF` of them.
    pub facts: Vec<Summed>,
    /// Its ladders here, their best players named as they go by on the server.
    pub ladders: Vec<super::NamedLadder>,
    /// The computer's levels on the rating scale.
    pub anchors: Vec<(&'static str, f64)>,
}

/// How many finished games' facts are kept in memory (past it, they are read again as asked).
const FACTS_KEPT: usize = 20_000;

/// At most this many of a server's latest games of one game are replayed for its page's figures.
const FIGURES_OF: usize = 50;

/// An ended game as the statistics read it: who sat on which side, and the winning side.
struct Reading {
    /// Each seat's side by number and the sides' names (`games::side_numbers`).
    of_seat: Vec<usize>,
    names: Vec<String>,
    /// None: drawn.
    winner: Option<usize>,
}

/// The reading of an ended game that counts: finished by its rules or a concession, or drawn by agreement.
fn reading(kind: &dyn Kind, options: &str, e: &Ended) -> Option<Reading> {
    let agreed = e.status == "abandoned" && e.reason.as_deref() == Some("draw");
    if e.status != "finished" && !agreed {
        return None;
    }
    let engine = kind.open(options, 0, None).ok()?;
    let (of_seat, first) = crate::games::side_numbers(&*engine);
    let names = first.iter().map(|s| engine.side_name(*s)).collect();
    let winner = match (&e.winner, agreed) {
        (Some(w), false) => {
            let seat = (0..of_seat.len()).find(|s| *w == engine.side(*s) || *w == engine.seat_key(*s))?;
            Some(of_seat[seat])
        }
        _ => None,
    };
    Some(Reading { of_seat, names, winner })
}

/// What the server's ended games tell of one member, gathered game by game.
#[derive(Default)]
struct Tally {
    record: Record,
    /// By side number: its name and the member's record on it.
    sides: Vec<(usize, String, Record)>,
    /// The member's results, in the order the games ended.
    results: Vec<Result3>,
    opponents: Vec<(String, u32)>,
    with_computer: u32,
    server: Vec<(String, u32)>,
    server_draws: u32,
}

impl Tally {
    /// One ended game that counts, read; whether `who` played in it.
    fn add(&mut self, e: &Ended, r: &Reading, who: &str) -> bool {
        match r.winner.and_then(|w| r.names.get(w)) {
            Some(name) => bump(&mut self.server, name),
            None => self.server_draws += 1,
        }
        let Some(seat) = e.seats.iter().position(|u| u == who) else { return false };
        let Some(&side) = r.of_seat.get(seat) else { return false };
        let result = match r.winner {
            None => Result3::Drawn,
            Some(w) if w == side => Result3::Won,
            Some(_) => Result3::Lost,
        };
        self.record.add(result);
        match self.sides.iter_mut().find(|(s, _, _)| *s == side) {
            Some((_, _, rec)) => rec.add(result),
            None => {
                let mut rec = Record::default();
                rec.add(result);
                self.sides.push((side, r.names.get(side).cloned().unwrap_or_default(), rec));
            }
        }
        self.results.push(result);
        for (s, u) in e.seats.iter().enumerate() {
            if r.of_seat.get(s) != Some(&side) && u.parse::<u64>().is_ok() {
                bump(&mut self.opponents, u);
            }
        }
        self.with_computer += u32::from(e.seats.iter().any(|u| u.starts_with("computer:")));
        true
    }
}

/// The median of sorted numbers.
fn median(sorted: &[i64]) -> Option<i64> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2),
    }
}

impl Service {
    /// `member`'s statistics in game `key` on the caller's server (the caller's own when none is named).
    /// A member with no game of it here is told so.
    pub async fn stats(&self, caller: &Caller, key: &str, member: Option<&UserId>) -> Result<Stats, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "stats");
        let guild = caller.guild().ok_or(ServiceError::NeedsServer)?.to_string();
        let kind = self.catalog.get(key).ok_or_else(|| self.unknown_game(key))?;
        self.stats_in(&guild, &*kind, member.unwrap_or(caller.user()).clone()).await
    }

    /// `stats` of `member` on server `guild`.
    pub(super) async fn stats_in(&self, guild: &str, kind: &dyn Kind, member: UserId) -> Result<Stats, ServiceError> {
        let guild = guild.to_string();
        let who = member.to_string();
        let in_play = self.store.games_in_play(&guild, kind.key(), &who).await?;
        let mut tally = Tally::default();
        let mut facts = Vec::new();
        for e in &self.store.ended_games_in(&guild, kind.key()).await? {
            let Some(r) = reading(kind, &self.options_of(kind, e), e) else { continue };
            if tally.add(e, &r, &who) {
                facts.push(self.facts_of(e).await);
            }
        }
        if tally.record.games() == 0 && in_play == 0 {
            return Err(ServiceError::NeverPlayed { member, game: kind.name().to_string() });
        }
        let Tally { record, mut sides, results, mut opponents, with_computer, server, server_draws } = tally;
        sides.sort_by_key(|(side, _, _)| *side);
        opponents.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        Ok(Stats {
            game: kind.name().to_string(),
            member,
            record,
            sides: sides.into_iter().map(|(_, name, rec)| (name, rec)).collect(),
            in_play,
            ratings: self.trends(&guild, kind.key(), &who).await?,
            answer: median(&self.store.answer_times(&guild, kind.key(), &who).await?),
            streak: streak(&results),
            opponents: opponents.into_iter().take(OPPONENTS).map(|(u, n)| (UserId::new(u), n)).collect(),
            with_computer,
            facts: fact::sum(&facts),
            server,
            server_draws,
        })
    }

    /// How the games of the server an archive link names went, game by game (those with a game that
    /// counts).
    pub async fn archive_figures(&self, link: &str) -> Result<Vec<ServerFigures>, ServiceError> {
        let guild = self.archived_server(link).ok_or(ServiceError::NoGame(0))?;
        self.pages_open(Some(&guild)).await?;
        let mut out = Vec::new();
        for kind in self.catalog.all() {
            let mut tally = Tally::default();
            let mut counted = Vec::new();
            for e in self.store.ended_games_in(guild.as_str(), kind.key()).await? {
                let Some(r) = reading(&**kind, &self.options_of(&**kind, &e), &e) else { continue };
                // Nobody sits as this: only the server's side of the tally.
                tally.add(&e, &r, "\u{0}");
                counted.push(e);
            }
            if counted.is_empty() {
                continue;
            }
            let mut facts = Vec::new();
            for e in counted.iter().rev().take(FIGURES_OF) {
                facts.push(self.facts_of(e).await);
            }
            let ladders = self.named_ladders(&guild, &**kind).await?;
            out.push(ServerFigures {
                game: kind.name().to_string(),
                games: counted.len() as u32,
                sides: tally.server,
                draws: tally.server_draws,
                facts: fact::sum(&facts),
                ladders,
                anchors: kind.rating_anchors(),
            });
        }
        Ok(out)
    }

    /// The refusal of a game this bot does not host, naming those it does.
    pub(super) fn unknown_game(&self, asked: &str) -> ServiceError {
        let known: Vec<String> = self.catalog.all().iter().map(|k| format!("{} ({})", k.key(), k.name())).collect();
        ServiceError::UnknownGame { asked: asked.to_string(), known: known.join(", ") }
    }

    /// The options a saved game was made with (a game from before options were kept: its seats'
    /// default).
    pub(super) fn options_of(&self, kind: &dyn Kind, e: &Ended) -> String {
        let kept = super::GameSettings::read(&e.settings).map(|s| s.options).unwrap_or_default();
        if kept.is_empty() { kind.options_for_seats(e.seats.len() as u8) } else { kept }
    }

    /// What an ended game tells the statistics (`Engine::facts`), replayed from its record once and kept
    /// (a finished game never changes); nothing when it cannot be loaded (`gambit verify` names such a game
    /// to its host).
    async fn facts_of(&self, e: &Ended) -> Vec<crate::games::Fact> {
        if let Some(known) = self.facts.lock().ok().and_then(|f| f.get(&e.id).cloned()) {
            return known;
        }
        let mut slot = None;
        let facts = match self.hold_of(&mut slot, e.id, None).await {
            Ok(held) => held.engine.as_deref().map(Engine::facts).unwrap_or_default(),
            Err(_) => return Vec::new(),
        };
        if let Ok(mut kept) = self.facts.lock() {
            if kept.len() >= FACTS_KEPT {
                kept.clear();
            }
            kept.insert(e.id, facts.clone());
        }
        facts
    }

    /// The member's ladders in this game on this server, with how each moved over its last games.
    async fn trends(&self, guild: &str, key: &str, who: &str) -> Result<Vec<Trend>, ServiceError> {
        let mut out = Vec::new();
        let Ok(server) = guild.parse::<u64>() else { return Ok(out) };
        for per_side in [1u8, 2] {
            let ladder = Ladder { server, game: key.to_string(), per_side };
            let Some(rating) = self.store.rating_of(&ladder, who).await? else { continue };
            let trail = self.store.rating_trail(&ladder, who).await?;
            let recent = &trail[trail.len().saturating_sub(TREND)..];
            let change = match (recent.first(), recent.last()) {
                (Some(first), Some(last)) => last.1 - first.0,
                _ => 0.0,
            };
            out.push(Trend { per_side, rating, change, over: recent.len() });
        }
        Ok(out)
    }
}

/// One more for `key` in a tally.
fn bump(tally: &mut Vec<(String, u32)>, key: &str) {
    match tally.iter_mut().find(|(k, _)| k == key) {
        Some((_, n)) => *n += 1,
        None => tally.push((key.to_string(), 1)),
    }
}

/// The latest results' run of one result, when it is two games or more.
fn streak(results: &[Result3]) -> Option<(Result3, u32)> {
    let last = *results.last()?;
    let n = results.iter().rev().take_while(|r| **r == last).count() as u32;
    (n >= 2).then_some((last, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_is_the_latest_run_of_two_or_more() {
        use Result3::*;
        assert_eq!(streak(&[Lost, Won, Won, Won]), Some((Won, 3)));
        assert_eq!(streak(&[Won, Won, Lost]), None);
        assert_eq!(streak(&[Drawn, Drawn]), Some((Drawn, 2)));
        assert_eq!(streak(&[]), None);
    }

    #[test]
    fn the_usual_time_is_the_median() {
        assert_eq!(median(&[]), None);
        assert_eq!(median(&[5, 60, 3600]), Some(60));
        assert_eq!(median(&[10, 20, 30, 40]), Some(25));
    }
}
