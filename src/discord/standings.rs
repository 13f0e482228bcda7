//! A server's leaderboards as a message: each ladder under its heading, in the service's words, its
//! players mentioned (mentions show names and ping nobody).

use crate::service::Standings;

/// The leaderboards of one game on this server.
pub fn leaderboard(boards: &[Standings]) -> String {
    let mut out = Vec::new();
    for b in boards {
        out.push(format!("**{} leaderboard** · {} · this server", b.game, b.format()));
        out.extend(b.lines(&|user| format!("<@{user}>")));
        out.push(String::new());
    }
    out.join("\n").trim_end().to_string()
}
