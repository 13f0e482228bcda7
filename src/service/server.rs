//! A server's own settings (deadlines and reminders for its new games, its game channel, its game
//! master role) and who holds admin powers over its games.

use super::{Caller, ChannelId, GameSettings, Place, RoleId, ServerId, Service, ServiceError};
use serde::{Deserialize, Serialize};

/// What a server's admins chose with `/qg-admin defaults`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ServerSettings {
    /// Minutes a seat has for its decision in new games (none: no deadline).
    pub deadline_minutes: Option<u32>,
    /// Minutes of waiting before a reminder in new games (none: no reminders).
    pub remind_minutes: Option<u32>,
    /// The one channel where games are started (none: any channel).
    pub game_channel: Option<ChannelId>,
    /// Members with this role hold admin powers over the server's games, like those who may manage it.
    pub game_master_role: Option<RoleId>,
    /// The server's games have no web pages (their links show nothing, and the bot gives none).
    pub web_pages_off: bool,
    /// The time zone of its players who named none (an IANA name; none: UTC).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
}

/// A change to a server's settings: each `Some` replaces that setting (`Some(None)` clears it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerChange {
    pub deadline_minutes: Option<Option<u32>>,
    pub remind_minutes: Option<Option<u32>>,
    pub game_channel: Option<Option<ChannelId>>,
    pub game_master_role: Option<Option<RoleId>>,
    /// Whether the server's games have web pages.
    pub web_pages: Option<bool>,
    /// The players' default time zone, by name (any case; checked before anything is saved).
    pub timezone: Option<Option<String>>,
}

impl ServerChange {
    pub fn is_empty(&self) -> bool {
        *self == ServerChange::default()
    }
}

impl ServerSettings {
    /// A server that never chose: the host's defaults.
    fn from_defaults(d: &GameSettings) -> ServerSettings {
        ServerSettings { deadline_minutes: d.deadline_minutes, remind_minutes: d.remind_minutes, ..Default::default() }
    }

    /// The settings of a new game on this server.
    pub fn game(&self) -> GameSettings {
        GameSettings {
            deadline_minutes: self.deadline_minutes,
            remind_minutes: self.remind_minutes,
            ..GameSettings::default()
        }
    }

    fn apply(&mut self, c: &ServerChange) {
        if let Some(v) = c.deadline_minutes {
            self.deadline_minutes = v;
        }
        if let Some(v) = c.remind_minutes {
            self.remind_minutes = v;
        }
        if let Some(v) = &c.game_channel {
            self.game_channel = v.clone();
        }
        if let Some(v) = &c.game_master_role {
            self.game_master_role = v.clone();
        }
        if let Some(on) = c.web_pages {
            self.web_pages_off = !on;
        }
        if let Some(z) = &c.timezone {
            self.timezone = z.as_deref().and_then(super::zone_named).map(|z| z.name().to_string());
        }
    }

    /// The time zone of its players who named none.
    pub fn zone(&self) -> chrono_tz::Tz {
        self.timezone.as_deref().and_then(super::zone_named).unwrap_or(chrono_tz::Tz::UTC)
    }
}

impl Service {
    /// A server's settings: its own, or the host's defaults when it has none. A damaged record is logged
    /// and read as the defaults, so the server's games stay playable.
    pub async fn server_settings(&self, guild: &ServerId) -> Result<ServerSettings, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "server_settings");
        match self.store.guild_settings(guild).await? {
            None => Ok(ServerSettings::from_defaults(&self.defaults)),
            Some(json) => Ok(serde_json::from_str(&json).unwrap_or_else(|e| {
                tracing::warn!(guild = %guild, error = %e, "a server's settings cannot be read: the defaults apply");
                ServerSettings::from_defaults(&self.defaults)
            })),
        }
    }

    /// Change the caller's server's settings. Admin powers are needed; choosing the game master role
    /// needs Manage Server itself, so a game master cannot hand the role on. An empty change only reads.
    pub async fn change_server_settings(
        &self,
        caller: &Caller,
        change: &ServerChange,
    ) -> Result<ServerSettings, ServiceError> {
        tracing::trace!(target: "gambit::service::call", call = "change_server_settings");
        let Some(guild) = caller.guild() else { return Err(ServiceError::NeedsServer) };
        let mut settings = self.admin(caller).await?;
        if change.game_master_role.is_some() && !caller.power().manage_server {
            return Err(ServiceError::NotManager);
        }
        if let Some(Some(name)) = &change.timezone
            && super::zone_named(name).is_none()
        {
            return Err(ServiceError::UnknownZone(name.clone()));
        }
        if change.is_empty() {
            return Ok(settings);
        }
        settings.apply(change);
        let json = serde_json::to_string(&settings)
            .map_err(|e| ServiceError::Store(crate::store::StoreError::Db(sqlx::Error::Encode(Box::new(e)))))?;
        self.store.set_guild_settings(guild, &json, self.now()).await?;
        tracing::info!(guild = %guild, admin = %caller.user(), action = "defaults", "admin action");
        Ok(settings)
    }

    /// Check that the caller holds admin powers where they ask: the host always; on a server, members
    /// who may manage it (Manage Server or Administrator, as the interaction reports) and members with the
    /// server's game master role. Returns the server's settings.
    pub(super) async fn admin(&self, caller: &Caller) -> Result<ServerSettings, ServiceError> {
        let guild = match caller.place() {
            Place::Host => return Ok(ServerSettings::default()),
            Place::Direct => return Err(ServiceError::NeedsServer),
            Place::Server { guild, .. } => guild,
        };
        let settings = self.server_settings(guild).await?;
        let power = caller.power();
        let master = settings.game_master_role.as_ref().is_some_and(|r| power.roles.contains(r));
        if power.manage_server || master {
            Ok(settings)
        } else {
            tracing::info!(guild = %guild, user = %caller.user(), "admin command refused: no Manage Server, no game master role");
            Err(ServiceError::NotAdmin { role: settings.game_master_role })
        }
    }
}
