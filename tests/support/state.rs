//! Everything the fake remembers, behind one lock, with a change counter that waiters watch.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};

use super::clock;
use super::limits::Violation;
use super::payloads::{self, perms};
use super::recorded::RecordedRequest;

/// The lock plus a version counter bumped on every change, so waiting needs no polling or sleeps.
pub(crate) struct Shared {
    state: Mutex<State>,
    version: watch::Sender<u64>,
    pub base_url: String,
    pub shutdown: watch::Sender<bool>,
}

impl Shared {
    pub fn new(base_url: String) -> Self {
        Self {
            state: Mutex::new(State::new()),
            version: watch::Sender::new(0),
            base_url,
            shutdown: watch::Sender::new(false),
        }
    }

    pub fn gateway_url(&self) -> String {
        format!("{}/ws", self.base_url.replacen("http://", "ws://", 1))
    }

    /// Runs `f` on the state and wakes every waiter.
    pub fn with<R>(&self, f: impl FnOnce(&mut State) -> R) -> R {
        let result = f(&mut self.state.lock().unwrap_or_else(PoisonError::into_inner));
        self.version.send_modify(|v| *v += 1);
        result
    }

    pub fn read<R>(&self, f: impl FnOnce(&State) -> R) -> R {
        f(&self.state.lock().unwrap_or_else(PoisonError::into_inner))
    }

    /// Waits until `f` returns `Some`, re-checking after each change; `None` on timeout.
    pub async fn wait_until<R>(&self, timeout: Duration, mut f: impl FnMut(&State) -> Option<R>) -> Option<R> {
        // Subscribe before the first check: a change between check and wait still wakes us.
        let mut changes = self.version.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            if let Some(found) = self.read(&mut f) {
                return Some(found);
            }
            match tokio::time::timeout_at(deadline, changes.changed()).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) | Err(_) => return self.read(&mut f),
            }
        }
    }
}

/// Settings a test may change; they apply to interactions dispatched afterwards.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    pub app_permissions: u64,
    pub attachment_size_limit: u64,
    pub callback_deadline: Duration,
    pub locale: String,
    pub heartbeat_interval_ms: u64,
    /// When set, REST requests with another bot token get 401, as Discord answers a reset token.
    pub accepted_token: Option<String>,
    /// Uploaded files are checked, then their bytes dropped (sizes kept): a long load test's record of
    /// every picture would otherwise fill the memory.
    pub forget_uploads: bool,
    /// The shard count `GET /gateway/bot` recommends.
    pub recommended_shards: u32,
    /// REST requests are held unanswered and unapplied (as if Discord never got them), each noted in
    /// `State::stalled`: a test kills the bot while its request hangs.
    pub stall: bool,
}

#[derive(Clone, Debug)]
pub(crate) struct MemberInfo {
    pub name: String,
    pub roles: Vec<u64>,
    pub permissions: u64,
    /// A bot account (`user.bot`).
    pub bot: bool,
}

/// A guild the bot is in: its name and roles besides @everyone (JSON role objects).
#[derive(Clone, Debug)]
pub(crate) struct GuildInfo {
    pub name: String,
    pub roles: Vec<Value>,
}

/// An interaction the fake dispatched, tracked by its token.
#[derive(Clone, Debug)]
pub(crate) struct InteractionRecord {
    pub id: u64,
    pub kind: u64,
    pub channel_id: u64,
    pub dispatched_at: Instant,
    pub attachment_size_limit: u64,
    /// The callback type once answered.
    pub callback: Option<u64>,
    /// The message the token's `@original` designates: the reply for commands, the clicked message for
    /// components.
    pub original: Option<u64>,
    pub expired: bool,
}

/// A stored upload, served back at its attachment url.
#[derive(Clone, Debug)]
pub(crate) struct StoredFile {
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A failure the test asked for: the next request matching method and path prefix gets this answer.
#[derive(Clone, Debug)]
pub(crate) struct Failure {
    pub method: String,
    pub path_prefix: String,
    pub status: u16,
    pub body: Value,
}

/// A frame to send on the live gateway session; `sent` gets the sequence number once written.
pub(crate) struct Outgoing {
    pub event: String,
    pub data: Value,
    pub sent: oneshot::Sender<u64>,
}

/// One gateway connection, from Hello to close.
#[derive(Clone, Debug)]
pub struct Session {
    /// 1 for the first connection, 2 for the next...
    pub number: u64,
    /// The token from Identify (None until identified).
    pub token: Option<String>,
    pub intents: Option<u64>,
    /// `[shard id, shard total]` from Identify (`[0, 1]` when the bot sent none).
    pub shard: Option<[u32; 2]>,
    /// READY and GUILD_CREATE were sent.
    pub ready: bool,
    pub closed: bool,
    pub heartbeats: u64,
    /// Frames the bot sent, as JSON (Identify, heartbeats, presence updates...).
    pub received: Vec<Value>,
    /// Connection problems (send or receive failures, unparsable frames from the bot).
    pub errors: Vec<String>,
    /// Frames the fake sent that serenity cannot parse (serenity drops those with only a log line).
    pub bad_frames: Vec<String>,
}

#[derive(Clone)]
pub(crate) struct LiveSession {
    pub number: u64,
    /// Of how many shards this session is one (its shard id is its key in `State::live`).
    pub total: u32,
    pub tx: mpsc::UnboundedSender<Outgoing>,
}

pub(crate) struct State {
    pub requests: Vec<RecordedRequest>,
    pub violations: Vec<Violation>,
    pub messages: BTreeMap<u64, Value>,
    /// For each message, the number of the request that last created or changed it.
    pub touched: HashMap<u64, usize>,
    pub channels: BTreeMap<u64, Value>,
    pub thread_members: BTreeMap<u64, HashSet<u64>>,
    pub global_commands: Vec<Value>,
    pub guild_commands: BTreeMap<u64, Vec<Value>>,
    pub interactions: HashMap<String, InteractionRecord>,
    pub files: HashMap<u64, StoredFile>,
    pub members: HashMap<u64, MemberInfo>,
    pub guilds: BTreeMap<u64, GuildInfo>,
    /// (command name, user or role id) allowed to use a command its default member permissions hide,
    /// as a server's Integrations settings do.
    pub command_overrides: HashSet<(String, u64)>,
    /// Edits that removed a file a message had: (request number, message id).
    pub dropped_attachments: Vec<(usize, u64)>,
    pub closed_dms: HashSet<u64>,
    /// Requests held while `Settings::stall` was on: "METHOD /path".
    pub stalled: Vec<String>,
    pub failures: Vec<Failure>,
    pub settings: Settings,
    pub sessions: Vec<Session>,
    /// The ready session of each shard (the newest, when a shard connected twice).
    pub live: BTreeMap<u32, LiveSession>,
    /// Messages posted with a nonce and `enforce_nonce`: (channel, nonce) -> message id.
    pub nonces: HashMap<(u64, String), u64>,
    pub started_ms: u64,
    last_id: u64,
    next_interaction: u64,
}

impl State {
    fn new() -> Self {
        let started_ms = clock::now_ms();
        let mut channels = BTreeMap::new();
        channels.insert(payloads::CHANNEL_ID, payloads::text_channel(payloads::CHANNEL_ID, payloads::CHANNEL_NAME, 0));
        Self {
            requests: Vec::new(),
            violations: Vec::new(),
            messages: BTreeMap::new(),
            touched: HashMap::new(),
            channels,
            thread_members: BTreeMap::new(),
            global_commands: Vec::new(),
            guild_commands: BTreeMap::new(),
            interactions: HashMap::new(),
            files: HashMap::new(),
            members: HashMap::new(),
            guilds: BTreeMap::from([(
                payloads::GUILD_ID,
                GuildInfo { name: payloads::GUILD_NAME.to_string(), roles: Vec::new() },
            )]),
            command_overrides: HashSet::new(),
            dropped_attachments: Vec::new(),
            closed_dms: HashSet::new(),
            stalled: Vec::new(),
            failures: Vec::new(),
            settings: Settings {
                app_permissions: perms::GAME_CHANNEL,
                attachment_size_limit: payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT,
                callback_deadline: Duration::from_secs(3),
                locale: "en-US".into(),
                heartbeat_interval_ms: 41_250,
                accepted_token: None,
                forget_uploads: false,
                recommended_shards: 1,
                stall: false,
            },
            sessions: Vec::new(),
            live: BTreeMap::new(),
            nonces: HashMap::new(),
            started_ms,
            last_id: 0,
            next_interaction: 0,
        }
    }

    /// A fresh snowflake (time-based and strictly increasing, like Discord's).
    /// The live session that receives events of `guild` (Discord's rule: shard (guild >> 22) % total);
    /// events from no guild (direct messages) go to shard 0.
    pub fn live_for(&self, guild: Option<u64>) -> Option<LiveSession> {
        let total = self.live.values().next()?.total.max(1);
        let shard = guild.map_or(0, |g| ((g >> 22) % u64::from(total)) as u32);
        self.live.get(&shard).cloned()
    }

    /// The newest ready session, whatever its shard.
    pub fn newest_live(&self) -> Option<u64> {
        self.live.values().map(|l| l.number).max()
    }

    /// Forget a closed session as the receiver of its shard's events.
    pub fn drop_live(&mut self, number: u64) {
        self.live.retain(|_, l| l.number != number);
    }

    /// The direct-message channel between the bot and `user` (one per user, made on first use): its id.
    pub fn dm_with(&mut self, user: u64) -> u64 {
        let key = serde_json::json!(user.to_string());
        let found = self.channels.iter().find(|(_, c)| c["type"] == 1 && c["recipients"][0]["id"] == key);
        if let Some((id, _)) = found {
            return *id;
        }
        let id = self.next_id();
        let channel = payloads::dm_channel(id, self.user_json(user));
        self.channels.insert(id, channel);
        id
    }

    /// Ids made from now on come after `id`.
    pub fn set_last_id(&mut self, id: u64) {
        self.last_id = self.last_id.max(id);
    }

    pub fn next_id(&mut self) -> u64 {
        self.last_id = clock::next_snowflake(self.last_id);
        self.last_id
    }

    /// A fresh, unique interaction token.
    pub fn next_token(&mut self) -> String {
        self.next_interaction += 1;
        format!("fake-interaction-token-{}-{}", self.next_interaction, self.last_id)
    }

    pub fn member(&self, user_id: u64) -> MemberInfo {
        self.members.get(&user_id).cloned().unwrap_or_else(|| MemberInfo {
            name: default_name(user_id),
            roles: Vec::new(),
            permissions: perms::PLAYER,
            bot: false,
        })
    }

    pub fn user_json(&self, user_id: u64) -> Value {
        if user_id == payloads::BOT_USER_ID {
            return payloads::bot_user();
        }
        let member = self.member(user_id);
        payloads::user(user_id, &member.name, member.bot)
    }

    pub fn member_json(&self, user_id: u64) -> Value {
        let info = self.member(user_id);
        payloads::member(self.user_json(user_id), &info.roles, info.permissions, self.started_ms)
    }

    /// Guild channel or thread, or DM channel; `None` if the fake never heard of it.
    pub fn channel(&self, id: u64) -> Option<&Value> {
        self.channels.get(&id)
    }

    pub fn is_guild_channel(&self, id: u64) -> bool {
        self.channel(id).is_some_and(|c| c["type"].as_u64() != Some(1))
    }

    /// The guild a channel or thread belongs to (`None` for a DM or an unknown channel).
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        self.channel(channel)
            .filter(|_| self.is_guild_channel(channel))
            .and_then(|c| c["guild_id"].as_str()?.parse().ok())
    }

    /// Takes the first injected failure matching this request, if any.
    pub fn take_failure(&mut self, method: &str, path: &str) -> Option<Failure> {
        let index = self.failures.iter().position(|f| f.method == method && path.starts_with(&f.path_prefix))?;
        Some(self.failures.remove(index))
    }
}

/// `player{n}` for ids made by [`payloads::user_id`], else `user{id}`.
pub(crate) fn default_name(user_id: u64) -> String {
    match user_id.checked_sub(payloads::user_id(0)) {
        Some(n) if n < 1_000_000 => format!("player{n}"),
        _ => format!("user{user_id}"),
    }
}
