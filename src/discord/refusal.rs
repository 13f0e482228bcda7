//! The one place a refusal becomes words for the user who asked: every `ServiceError` is counted (refused
//! or failed) and said as a sentence, the database's own words kept for the logs.

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
    Out::say(sentence(&e.to_string()))
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
