//! Reading what the bot did: the request log, violations, and Discord's side (messages, channels, commands).

use std::time::Duration;

use serde_json::{Value, json};

use super::fake_discord::{FakeDiscord, InteractionHandle, WAIT};
use super::limits::Violation;
use super::payloads;
use super::recorded::RecordedRequest;

impl FakeDiscord {
    // ----- what the bot sent -----

    /// Every REST request so far, in arrival order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.read(|s| s.requests.clone())
    }

    /// A position in the request log, for [`Self::requests_since`] and [`Self::wait_for_since`].
    pub fn mark(&self) -> usize {
        self.shared.read(|s| s.requests.len())
    }

    pub fn requests_since(&self, mark: usize) -> Vec<RecordedRequest> {
        self.shared.read(|s| s.requests.get(mark..).unwrap_or_default().to_vec())
    }

    /// The callback and every follow-up, edit or fetch made with this interaction's token, in order.
    pub fn responses_to(&self, interaction: &InteractionHandle) -> Vec<RecordedRequest> {
        self.shared.read(|s| {
            s.requests.iter().filter(|r| r.token.as_deref() == Some(interaction.token.as_str())).cloned().collect()
        })
    }

    /// Waits for the first request (from the start of the log) that `matches`; panics with the log on timeout.
    pub async fn wait_for(&self, matches: impl Fn(&RecordedRequest) -> bool, timeout: Duration) -> RecordedRequest {
        self.wait_for_since(0, matches, timeout).await
    }

    /// Waits for the first request at or after `mark` that `matches`.
    pub async fn wait_for_since(
        &self,
        mark: usize,
        matches: impl Fn(&RecordedRequest) -> bool,
        timeout: Duration,
    ) -> RecordedRequest {
        // Each wake looks only at requests not seen yet: with hundreds of waiters (the load test) a scan
        // from the mark on every change would hold the fake's lock most of the time.
        let mut from = mark;
        let found = self
            .shared
            .wait_until(timeout, |s| {
                let found = s.requests.get(from..).unwrap_or_default().iter().find(|r| matches(r)).cloned();
                from = from.max(s.requests.len());
                found
            })
            .await;
        found.unwrap_or_else(|| panic!("no matching request within {timeout:?}; log:\n{}", self.describe_requests()))
    }

    /// Waits for the interaction's callback.
    pub async fn wait_for_callback(&self, interaction: &InteractionHandle) -> RecordedRequest {
        let token = interaction.token.clone();
        self.wait_for(move |r| r.is_callback() && r.token.as_deref() == Some(token.as_str()), WAIT).await
    }

    /// Waits until `count` requests used the interaction's token (callback included); returns them all.
    pub async fn wait_for_responses(&self, interaction: &InteractionHandle, count: usize) -> Vec<RecordedRequest> {
        let token = interaction.token.as_str();
        let found = self
            .shared
            .wait_until(WAIT, |s| {
                let list: Vec<_> = s.requests.iter().filter(|r| r.token.as_deref() == Some(token)).cloned().collect();
                (list.len() >= count).then_some(list)
            })
            .await;
        found.unwrap_or_else(|| {
            panic!("fewer than {count} responses within {WAIT:?}; log:\n{}", self.describe_requests())
        })
    }

    /// Every broken limit or protocol rule so far (each was refused as Discord would).
    pub fn violations(&self) -> Vec<Violation> {
        self.shared.read(|s| s.violations.clone())
    }

    /// Edits that took a file off a message, as (request number, message id): a board picture lost from the
    /// thread's history.
    pub fn dropped_attachments(&self) -> Vec<(usize, u64)> {
        self.shared.read(|s| s.dropped_attachments.clone())
    }

    /// Requests to routes the fake does not know (answered 404 with code 0).
    pub fn unknown_routes(&self) -> Vec<RecordedRequest> {
        self.requests().into_iter().filter(|r| r.status == 404 && r.response["code"] == json!(0)).collect()
    }

    /// Panics, listing them, if anything the bot sent broke a limit or hit an unknown route, or if the fake
    /// sent a gateway frame serenity could not parse.
    pub fn assert_clean(&self) {
        let violations: Vec<String> = self.violations().iter().map(ToString::to_string).collect();
        let unknown: Vec<String> = self.unknown_routes().iter().map(RecordedRequest::line).collect();
        let bad_frames: Vec<String> = self.sessions().into_iter().flat_map(|s| s.bad_frames).collect();
        if !violations.is_empty() || !unknown.is_empty() || !bad_frames.is_empty() {
            panic!(
                "the bot broke Discord's rules:\n  {}\nunknown routes: {unknown:?}\nframes serenity cannot parse: {bad_frames:#?}",
                violations.join("\n  ")
            );
        }
    }

    /// One line per request, for failure messages.
    pub fn describe_requests(&self) -> String {
        self.shared.read(|s| {
            let lines: Vec<String> =
                s.requests.iter().map(|r| format!("  #{} {} -> {} {}", r.seq, r.line(), r.status, r.body)).collect();
            lines.join("\n")
        })
    }

    // ----- Discord's side of things -----

    /// A stored message (as Discord would return it), by id.
    pub fn message(&self, id: u64) -> Option<Value> {
        self.shared.read(|s| s.messages.get(&id).cloned())
    }

    /// Messages in a channel or thread, oldest first, ephemeral ones included.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let channel = json!(channel.to_string());
        self.shared.read(|s| s.messages.values().filter(|m| m["channel_id"] == channel).cloned().collect())
    }

    /// Messages in a channel or thread that requests from `mark` on created or changed, oldest first.
    pub fn messages_changed_since(&self, channel: u64, mark: usize) -> Vec<Value> {
        let channel = json!(channel.to_string());
        self.shared.read(|s| {
            s.messages
                .iter()
                .filter(|(id, m)| s.touched.get(id).is_some_and(|t| *t >= mark) && m["channel_id"] == channel)
                .map(|(_, m)| m.clone())
                .collect()
        })
    }

    /// The newest message in a channel or thread that `matches`, without copying the others.
    pub fn newest_in(&self, channel: u64, matches: impl Fn(&Value) -> bool) -> Option<Value> {
        let channel = json!(channel.to_string());
        self.shared.read(|s| s.messages.values().rev().find(|m| m["channel_id"] == channel && matches(m)).cloned())
    }

    /// The message `@original` designates for this interaction (its reply, or the clicked message).
    pub fn original_message(&self, interaction: &InteractionHandle) -> Option<Value> {
        self.shared.read(|s| {
            let original = s.interactions.get(&interaction.token)?.original?;
            s.messages.get(&original).cloned()
        })
    }

    /// The id of a message object (`"id"` is a string in Discord's JSON).
    pub fn id_of(message: &Value) -> u64 {
        message["id"].as_str().and_then(|s| s.parse().ok()).unwrap_or_else(|| panic!("no id in {message}"))
    }

    /// A channel, thread or DM channel the fake knows.
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.shared.read(|s| s.channels.get(&id).cloned())
    }

    /// Threads whose parent is `channel`, oldest first.
    pub fn threads_of(&self, channel: u64) -> Vec<Value> {
        let parent = json!(channel.to_string());
        self.shared.read(|s| s.channels.values().filter(|c| c["parent_id"] == parent).cloned().collect())
    }

    /// Users who joined a thread (the bot, and whoever the bot added).
    pub fn thread_members(&self, thread: u64) -> Vec<u64> {
        self.shared.read(|s| {
            let mut members: Vec<u64> = s.thread_members.get(&thread).into_iter().flatten().copied().collect();
            members.sort_unstable();
            members
        })
    }

    /// Commands registered in the test guild.
    pub fn guild_commands(&self) -> Vec<Value> {
        self.shared.read(|s| s.guild_commands.get(&payloads::GUILD_ID).cloned().unwrap_or_default())
    }

    pub fn global_commands(&self) -> Vec<Value> {
        self.shared.read(|s| s.global_commands.clone())
    }
}
