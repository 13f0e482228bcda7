//! The standings in words, every front end's alike: a server's leaderboards, a player's statistics, a
//! rating and how sure it is. Who is named is the front end's to say (`who`): Discord mentions them, a web
//! page calls them by the name they go by on the server.

use super::{Record, Result3, Standings, Stats, Summed};
use crate::store::UserId;

/// The rating as a player reads it: "1,662 ± 581" (the ± is two deviations: about 95% sure).
pub fn rating_text(rating: f64, deviation: f64) -> String {
    format!("{} ± {:.0}", thousands(rating.round() as i64), 2.0 * deviation)
}

/// "1,662".
pub fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// "1 game", "3 games".
pub fn games_text(n: u32) -> String {
    if n == 1 { "1 game".into() } else { format!("{n} games") }
}

/// "The computer on the same scale: easy 1,437, normal 1,500, hard 1,580." (nothing without levels).
pub fn anchors_text(anchors: &[(&'static str, f64)]) -> Option<String> {
    let levels: Vec<String> =
        anchors.iter().map(|(level, r)| format!("{level} {}", thousands(r.round() as i64))).collect();
    (!levels.is_empty()).then(|| format!("The computer on the same scale: {}.", levels.join(", ")))
}

/// "3 won, 1 lost, 1 drawn" (the draws only when there are some).
fn record_text(r: &Record) -> String {
    let mut out = format!("{} won, {} lost", r.wins, r.losses);
    if r.draws > 0 {
        out.push_str(&format!(", {} drawn", r.draws));
    }
    out
}

/// A span of time as a player says it: "under a minute", "12 min", "4 h 12 min", "2 days 3 h".
pub fn span(seconds: i64) -> String {
    let minutes = seconds / 60;
    let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    match (days, hours, mins) {
        (0, 0, 0) => "under a minute".into(),
        (0, 0, m) => format!("{m} min"),
        (0, h, 0) => format!("{h} h"),
        (0, h, m) => format!("{h} h {m} min"),
        (1, 0, _) => "1 day".into(),
        (1, h, _) => format!("1 day {h} h"),
        (d, 0, _) => format!("{d} days"),
        (d, h, _) => format!("{d} days {h} h"),
    }
}

impl Standings {
    /// "one against one", "teams of 2".
    pub fn format(&self) -> String {
        if self.per_side == 1 { "one against one".to_string() } else { format!("teams of {}", self.per_side) }
    }

    /// The ladder in lines: its players best first ("1. <who> 1,662 ± 581 · 3 games · provisional"), how
    /// many more, where the computer stands.
    pub fn lines(&self, who: &dyn Fn(&UserId) -> String) -> Vec<String> {
        let mut out = Vec::new();
        if self.top.is_empty() {
            out.push(
                "No rated games yet: a game between two members of this server, played to its end, counts.".into(),
            );
        }
        for (i, (user, r)) in self.top.iter().enumerate() {
            let provisional = if r.provisional() { " · provisional" } else { "" };
            let rating = rating_text(r.rating, r.deviation);
            out.push(format!("{}. {} {rating} · {}{provisional}", i + 1, who(user), games_text(r.games)));
        }
        if self.players > self.top.len() {
            out.push(format!("…and {} more.", self.players - self.top.len()));
        }
        out.extend(anchors_text(&self.anchors));
        out
    }
}

impl Stats {
    /// The statistics in lines, after their heading: games, by side, ratings and their trends, the usual
    /// time to answer, the streak, whom they play most, the game's own figures, the server's sides.
    pub fn lines(&self, who: &dyn Fn(&UserId) -> String) -> Vec<String> {
        let mut out = Vec::new();
        let mut played = format!("Games: {} finished", self.record.games());
        if self.record.games() > 0 {
            played.push_str(&format!(" ({})", record_text(&self.record)));
        }
        if self.in_play > 0 {
            played.push_str(&format!(" · {} in play", self.in_play));
        }
        out.push(played);
        if !self.sides.is_empty() {
            let sides: Vec<String> =
                self.sides.iter().map(|(name, r)| format!("as {name} {}", record_text(r))).collect();
            out.push(format!("By side: {}", sides.join(" · ")));
        }
        for t in &self.ratings {
            let ladder =
                if t.per_side == 1 { "Rating".to_string() } else { format!("Rating in teams of {}", t.per_side) };
            let mut line = format!("{ladder}: {}", rating_text(t.rating.rating, t.rating.deviation));
            if t.rating.provisional() {
                line.push_str(" (provisional)");
            }
            if t.over >= 2 {
                line.push_str(&format!(" · {:+.0} over the last {} rated games", t.change, t.over));
            }
            out.push(line);
        }
        if let Some(a) = self.answer {
            out.push(format!("Usual time to answer: {}", span(a)));
        }
        if let Some((result, n)) = self.streak {
            let what = match result {
                Result3::Won => "wins",
                Result3::Lost => "losses",
                Result3::Drawn => "draws",
            };
            out.push(format!("Streak: {n} {what} in a row"));
        }
        let mut most: Vec<String> =
            self.opponents.iter().map(|(u, n)| format!("{} ({})", who(u), games_text(*n))).collect();
        if self.with_computer > 0 {
            most.push(format!("the computer ({})", games_text(self.with_computer)));
        }
        if !most.is_empty() {
            out.push(format!("Played most: {}", most.join(", ")));
        }
        out.extend(self.facts.iter().map(Summed::describe));
        let total: u32 = self.server.iter().map(|(_, n)| n).sum::<u32>() + self.server_draws;
        if total > 0 {
            let mut sides: Vec<String> = self.server.iter().map(|(name, n)| format!("{name} won {n}")).collect();
            if self.server_draws > 0 {
                sides.push(format!("{} drawn", self.server_draws));
            }
            out.push(format!("On this server, of {}: {}", games_text(total), sides.join(", ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_as_a_player_says_them() {
        assert_eq!(span(30), "under a minute");
        assert_eq!(span(12 * 60 + 5), "12 min");
        assert_eq!(span(4 * 3600), "4 h");
        assert_eq!(span(4 * 3600 + 12 * 60), "4 h 12 min");
        assert_eq!(span(86_400 + 3 * 3600), "1 day 3 h");
        assert_eq!(span(2 * 86_400), "2 days");
    }

    #[test]
    fn ratings_read_with_thousands_and_two_deviations() {
        assert_eq!(rating_text(1661.6, 290.4), "1,662 ± 581");
        assert_eq!(thousands(-1234567), "-1,234,567");
        assert_eq!(
            anchors_text(&[("easy", 1437.2), ("normal", 1500.0)]).as_deref(),
            Some("The computer on the same scale: easy 1,437, normal 1,500.")
        );
        assert_eq!(anchors_text(&[]), None);
    }
}
