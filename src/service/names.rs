//! The names members go by on their server, kept as they take a seat there: the web pages call the players
//! of a server's leaderboards by them (the pages never show a Discord id, and Discord shows its own
//! mentions). Only a seat taken writes one: a command that only reads never does. A player who keeps their
//! name off the pages (`/qg notify name_on_pages:False`) has none kept.

use super::{Caller, Service};
use crate::store::ServerId;
use std::collections::HashMap;

impl Service {
    /// Keep the name `caller` goes by on their server, if the front end gave one. A failure to keep it
    /// is told to the host and costs the seat nothing.
    pub(super) async fn keep_name(&self, caller: &Caller) {
        let (Some(guild), Some(name)) = (caller.guild(), caller.name()) else { return };
        if caller.user().is_computer() || self.prefs_of(caller.user()).await.map_or(true, |p| p.hide_name) {
            return;
        }
        if let Err(e) = self.store.keep_name(guild, caller.user(), name, self.now()).await {
            tracing::warn!(error = %e, "a member's name was not kept");
        }
    }

    /// Show the caller's name on the web pages from their next seat on (`shown`), or keep it off them:
    /// every name kept of theirs, on every server, is forgotten at once.
    pub async fn show_name(&self, caller: &Caller, shown: bool) -> Result<(), super::ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "show_name");
        self.change_preferences(caller.user(), |p| {
            p.hide_name = !shown;
            Ok(())
        })
        .await?;
        if !shown {
            self.store.forget_names(caller.user()).await?;
        }
        Ok(())
    }

    /// The names kept on `guild`, by user id.
    pub(super) async fn names_on(&self, guild: &ServerId) -> Result<HashMap<String, String>, super::ServiceError> {
        Ok(self.store.names_in(guild).await?.into_iter().collect())
    }
}
