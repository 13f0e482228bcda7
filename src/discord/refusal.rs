//! The one place a refusal becomes words for the user who asked: every `ServiceError` is counted (refused
//! or failed) and said as a sentence, with Discord's means (mentions, channel links, command names) where
//! the refusal's data calls for them; the database's own words are kept for the logs.

use super::bot::Out;
use crate::service::ServiceError;

/// A refusal from the service, as a sentence for the user alone.
pub(super) fn err(e: ServiceError) -> Out {
    match &e {
        ServiceError::Store(_) => {
            super::journal::failed();
            tracing::warn!(error = %e.detail(), "the database failed");
            return Out::say(format!("Sorry, {e}. Try again later, or tell the server's admins."));
        }
        ServiceError::Corrupt { .. } => super::journal::failed(),
        other => super::journal::refused(other.code()),
    }
    Out::say(sentence(&words(&e)))
}

/// A refusal in words for Discord. The service's errors carry data; where Discord can say it better (a
/// mention, a channel link, a command), it is said here; otherwise in the service's own words.
pub(super) fn words(e: &ServiceError) -> String {
    match e {
        ServiceError::GameChannel { channel } => {
            format!("games on this server are started in <#{channel}>: start yours there")
        }
        ServiceError::NotAdmin { role: Some(r) } => {
            format!("only members who can manage this server, or have the <@&{r}> role, may do that")
        }
        ServiceError::UnknownGame { asked, known } => {
            format!("there is no game called '{}' on this bot: it hosts {known}", super::msg::plain(asked))
        }
        ServiceError::UnknownZone(name) => format!(
            "'{}' is not a time zone I know: pick one of the suggestions, or name it as Europe/Paris or \
             America/New_York are. Nothing was changed",
            super::msg::plain(name)
        ),
        ServiceError::NeverPlayed { member, game } => {
            format!("<@{member}> has played no game of {game} on this server")
        }
        ServiceError::Reserved { guest, .. } => format!("that seat is kept for <@{guest}>, who was invited to it"),
        ServiceError::AwaitingGuest { game, guest } => {
            format!("game {game} waits for <@{guest}> to accept the invitation")
        }
        ServiceError::Quota(crate::service::Quota::ComputerGamesPerUser(n, who)) => format!(
            "<@{who}> is in {n} {} against the computer already, the most one member may be: finish or concede one \
             first",
            if *n == 1 { "game" } else { "games" }
        ),
        other => other.to_string(),
    }
}

/// Text as a sentence: a capital first letter and a full stop.
pub(super) fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default();
    if !out.ends_with(['.', '!', '?']) {
        out.push('.');
    }
    out
}
