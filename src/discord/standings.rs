//! A server's leaderboards in words: each ladder's best players with their rating and how sure it is,
//! provisional ones marked, and where the computer's levels stand on the same scale. Mentions show names
//! and ping nobody.

use crate::service::Standings;

/// The rating as a player reads it: "1,662 ± 581" (the ± is two deviations: about 95% sure).
pub fn rating_text(rating: f64, deviation: f64) -> String {
    format!("{} ± {:.0}", thousands(rating.round() as i64), 2.0 * deviation)
}

fn thousands(n: i64) -> String {
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

/// The leaderboards of one game on this server.
pub fn leaderboard(boards: &[Standings]) -> String {
    let mut out = Vec::new();
    for b in boards {
        let format = if b.per_side == 1 { "one against one".to_string() } else { format!("teams of {}", b.per_side) };
        out.push(format!("**{} leaderboard** · {format} · this server", b.game));
        if b.top.is_empty() {
            out.push(
                "No rated games yet: a game between two members of this server, played to its end, counts.".into(),
            );
        }
        for (i, (user, r)) in b.top.iter().enumerate() {
            let games = if r.games == 1 { "1 game".to_string() } else { format!("{} games", r.games) };
            let provisional = if r.provisional() { " · provisional" } else { "" };
            out.push(format!("{}. <@{user}> {} · {games}{provisional}", i + 1, rating_text(r.rating, r.deviation)));
        }
        if b.players > b.top.len() {
            out.push(format!("…and {} more.", b.players - b.top.len()));
        }
        if !b.anchors.is_empty() {
            let levels: Vec<String> =
                b.anchors.iter().map(|(level, r)| format!("{level} {}", thousands(r.round() as i64))).collect();
            out.push(format!("The computer on the same scale: {}.", levels.join(", ")));
        }
        out.push(String::new());
    }
    out.join("\n").trim_end().to_string()
}
