//! The ids of Discord users, servers, channels and roles, each its own type, so a channel can never be
//! passed where a user is meant. Kept as text, as they are stored: Discord's snowflakes, or any name the
//! host gives itself at a terminal.

use serde::{Deserialize, Serialize};
use std::fmt;

macro_rules! text_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, sqlx::Type)]
        #[serde(transparent)]
        #[sqlx(transparent)]
        pub struct $name(String);

        impl $name {
            pub fn new(id: impl Into<String>) -> $name {
                $name(id.into())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl From<&str> for $name {
            fn from(id: &str) -> $name {
                $name(id.to_string())
            }
        }

        impl From<&$name> for $name {
            fn from(id: &$name) -> $name {
                id.clone()
            }
        }

        impl From<String> for $name {
            fn from(id: String) -> $name {
                $name(id)
            }
        }

        /// A snowflake, as Discord's libraries hold it.
        impl From<u64> for $name {
            fn from(id: u64) -> $name {
                $name(id.to_string())
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }
    };
}

text_id!(
    /// A Discord user (or the host's name at a terminal).
    UserId
);
/// The user ids under which the computer holds a seat begin so ("computer:normal"); Discord's ids are
/// numbers, so no member can ever be taken for the computer.
pub const COMPUTER: &str = "computer:";

impl UserId {
    /// The computer, playing at `level` (or any agent spec the service understands).
    pub fn computer(level: &str) -> UserId {
        UserId(format!("{COMPUTER}{level}"))
    }

    /// Whether the computer holds the seat.
    pub fn is_computer(&self) -> bool {
        self.0.starts_with(COMPUTER)
    }

    /// What the computer plays as: "normal" for "computer:normal".
    pub fn computer_level(&self) -> Option<&str> {
        self.0.strip_prefix(COMPUTER)
    }
}

text_id!(
    /// A Discord server (a guild, in Discord's API).
    ServerId
);
text_id!(
    /// A Discord channel, thread or direct message channel.
    ChannelId
);
text_id!(
    /// A role on a Discord server.
    RoleId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_stored_and_shown_as_its_text() {
        let user = UserId::from(80_351_110_224_678_912_u64);
        assert_eq!(user.to_string(), "80351110224678912");
        assert_eq!(serde_json::to_string(&user).ok().as_deref(), Some("\"80351110224678912\""));
        assert_eq!(serde_json::from_str::<ChannelId>("\"7\"").ok(), Some(ChannelId::new("7")));
        assert!(ServerId::new("A") == "A");
    }
}
