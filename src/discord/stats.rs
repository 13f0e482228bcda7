//! A player's statistics in words: their record, by side, their rating and where it is heading, how long
//! they usually take, their streak, whom they play most, the game's own figures, and how the sides fare on
//! this server. Mentions show names and ping nobody.

use super::standings::rating_text;
use crate::service::{Record, Result3, Stats, Summed};

/// "3 won, 1 lost, 1 drawn" (the draws only when there are some).
fn record_text(r: &Record) -> String {
    let mut out = format!("{} won, {} lost", r.wins, r.losses);
    if r.draws > 0 {
        out.push_str(&format!(", {} drawn", r.draws));
    }
    out
}

fn games(n: u32) -> String {
    if n == 1 { "1 game".into() } else { format!("{n} games") }
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

/// The statistics as one message.
pub fn stats(s: &Stats) -> String {
    let mut out = vec![format!("**{} statistics** · <@{}> · this server", s.game, s.member)];
    let mut played = format!("Games: {} finished", s.record.games());
    if s.record.games() > 0 {
        played.push_str(&format!(" ({})", record_text(&s.record)));
    }
    if s.in_play > 0 {
        played.push_str(&format!(" · {} in play", s.in_play));
    }
    out.push(played);
    if !s.sides.is_empty() {
        let sides: Vec<String> = s.sides.iter().map(|(name, r)| format!("as {name} {}", record_text(r))).collect();
        out.push(format!("By side: {}", sides.join(" · ")));
    }
    for t in &s.ratings {
        let ladder = if t.per_side == 1 { "Rating".to_string() } else { format!("Rating in teams of {}", t.per_side) };
        let mut line = format!("{ladder}: {}", rating_text(t.rating.rating, t.rating.deviation));
        if t.rating.provisional() {
            line.push_str(" (provisional)");
        }
        if t.over >= 2 {
            line.push_str(&format!(" · {:+.0} over the last {} rated games", t.change, t.over));
        }
        out.push(line);
    }
    if let Some(a) = s.answer {
        out.push(format!("Usual time to answer: {}", span(a)));
    }
    if let Some((result, n)) = s.streak {
        let what = match result {
            Result3::Won => "wins",
            Result3::Lost => "losses",
            Result3::Drawn => "draws",
        };
        out.push(format!("Streak: {n} {what} in a row"));
    }
    let mut most: Vec<String> = s.opponents.iter().map(|(u, n)| format!("<@{u}> ({})", games(*n))).collect();
    if s.with_computer > 0 {
        most.push(format!("the computer ({})", games(s.with_computer)));
    }
    if !most.is_empty() {
        out.push(format!("Played most: {}", most.join(", ")));
    }
    out.extend(s.facts.iter().map(Summed::describe));
    let total: u32 = s.server.iter().map(|(_, n)| n).sum::<u32>() + s.server_draws;
    if total > 0 {
        let mut sides: Vec<String> = s.server.iter().map(|(name, n)| format!("{name} won {n}")).collect();
        if s.server_draws > 0 {
            sides.push(format!("{} drawn", s.server_draws));
        }
        out.push(format!("On this server, of {}: {}", games(total), sides.join(", ")));
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::span;

    #[test]
    fn spans_read_as_a_player_says_them() {
        assert_eq!(span(30), "under a minute");
        assert_eq!(span(12 * 60 + 5), "12 min");
        assert_eq!(span(4 * 3600), "4 h");
        assert_eq!(span(4 * 3600 + 12 * 60), "4 h 12 min");
        assert_eq!(span(86_400 + 3 * 3600), "1 day 3 h");
        assert_eq!(span(2 * 86_400), "2 days");
    }
}
