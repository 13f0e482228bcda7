//! A player's statistics as a message: its heading, then the service's words, people mentioned
//! (mentions show names and ping nobody).

use crate::service::Stats;

/// The statistics as one message.
pub fn stats(s: &Stats) -> String {
    let mut out = vec![format!("**{} statistics** · <@{}> · this server", s.game, s.member)];
    out.extend(s.lines(&|user| format!("<@{user}>")));
    out.join("\n")
}
