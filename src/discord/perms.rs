//! The bot's permissions in a game channel (every interaction carries them): what is missing, in words
//! a server admin can act on.

pub const VIEW_CHANNEL: u64 = 1 << 10;
pub const SEND_MESSAGES: u64 = 1 << 11;
pub const EMBED_LINKS: u64 = 1 << 14;
pub const ATTACH_FILES: u64 = 1 << 15;
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// Needed to play in a channel at all.
const ESSENTIAL: [(u64, &str); 5] = [
    (VIEW_CHANNEL, "View Channel"),
    (SEND_MESSAGES, "Send Messages"),
    (ATTACH_FILES, "Attach Files"),
    (EMBED_LINKS, "Embed Links"),
    (READ_MESSAGE_HISTORY, "Read Message History"),
];

/// Needed to give each game its own thread.
const THREADS: [(u64, &str); 2] =
    [(CREATE_PUBLIC_THREADS, "Create Public Threads"), (SEND_MESSAGES_IN_THREADS, "Send Messages in Threads")];

/// Every permission the bot asks for in its invite link.
pub const INVITE: u64 = VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | CREATE_PUBLIC_THREADS
    | SEND_MESSAGES_IN_THREADS;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// Without these the game cannot be played here.
    pub missing: Vec<&'static str>,
    /// Without these the game is played in the channel itself instead of a thread.
    pub no_threads: Vec<&'static str>,
}

impl Check {
    pub fn of(perms: u64) -> Check {
        let lacking =
            |list: &[(u64, &'static str)]| list.iter().filter(|(b, _)| perms & b == 0).map(|(_, n)| *n).collect();
        Check { missing: lacking(&ESSENTIAL), no_threads: lacking(&THREADS) }
    }

    pub fn can_play(&self) -> bool {
        self.missing.is_empty()
    }

    pub fn threads(&self) -> bool {
        self.no_threads.is_empty()
    }

    /// What to tell the host when something is missing.
    pub fn advice(&self) -> Option<String> {
        if !self.missing.is_empty() {
            return Some(format!(
                "I cannot run a game in this channel: I am missing {}. A server admin can grant them in the \
                 channel's settings (Permissions) for my role.",
                self.missing.join(", ")
            ));
        }
        if !self.no_threads.is_empty() {
            return Some(format!(
                "Without {} I play in this channel instead of giving the game its own thread.",
                self.no_threads.join(" and ")
            ));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_granted_means_nothing_to_say() {
        let c = Check::of(INVITE);
        assert!(c.can_play() && c.threads());
        assert_eq!(c.advice(), None);
    }

    #[test]
    fn each_missing_permission_is_named() {
        let c = Check::of(INVITE & !ATTACH_FILES & !EMBED_LINKS);
        assert!(!c.can_play());
        let advice = c.advice().unwrap();
        assert!(advice.contains("Attach Files, Embed Links"), "{advice}");
        let c = Check::of(INVITE & !CREATE_PUBLIC_THREADS);
        assert!(c.can_play() && !c.threads());
        assert!(c.advice().unwrap().contains("Create Public Threads"));
        assert_eq!(Check::of(0).missing.len(), 5);
    }
}
