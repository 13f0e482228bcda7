//! `FakeDiscord`: the test-facing handle. Start it, point the bot at `base_url()`, drive it with
//! interactions, read what the bot sent.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::oneshot;

use super::interactions::{self, AUTOCOMPLETE, COMMAND, COMPONENT, MODAL_SUBMIT};
use super::payloads;
use super::state::{Failure, GuildInfo, InteractionRecord, MemberInfo, Outgoing, Session, Shared};
use super::{gateway, rest};

/// The token the test bot uses; the fake accepts any token and records it.
pub const TOKEN: &str = "fake-bot-token";

/// How long helpers wait before failing a test (generous: debug builds on a shared 2-core machine).
pub const WAIT: Duration = Duration::from_secs(20);

/// An interaction the fake dispatched; pass it to [`FakeDiscord::responses_to`] and friends.
#[derive(Clone, Debug)]
pub struct InteractionHandle {
    pub id: u64,
    pub token: String,
    /// 2 command, 3 component, 4 autocomplete, 5 modal submit.
    pub kind: u64,
    pub user_id: u64,
    pub channel_id: u64,
    /// The message a component was used on.
    pub message_id: Option<u64>,
    /// The gateway sequence number it was sent with.
    pub seq: u64,
}

/// A fake Discord (REST under `/api/v10`, gateway at `/ws`) on 127.0.0.1; stops when dropped.
pub struct FakeDiscord {
    pub(super) shared: Arc<Shared>,
    addr: SocketAddr,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.shared.shutdown.send_replace(true);
        self.server.abort();
    }
}

impl FakeDiscord {
    /// Binds 127.0.0.1 on a free port and serves until dropped.
    pub async fn start() -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .await
            .unwrap_or_else(|e| panic!("fake Discord: cannot bind 127.0.0.1:0: {e}"));
        let addr = listener.local_addr().unwrap_or_else(|e| panic!("fake Discord: no local address: {e}"));
        let shared = Arc::new(Shared::new(format!("http://{addr}")));
        let app = Router::new()
            .route("/ws", get(gateway::upgrade))
            .fallback(rest::handle)
            .layer(DefaultBodyLimit::max(rest::BODY_LIMIT))
            .with_state(Arc::clone(&shared));
        let mut stop = shared.shutdown.subscribe();
        let server = tokio::spawn(async move {
            let stopped = async move {
                let _ = stop.wait_for(|stop| *stop).await;
            };
            if let Err(error) = axum::serve(listener, app).with_graceful_shutdown(stopped).await {
                eprintln!("fake Discord: server stopped: {error}");
            }
        });
        FakeDiscord { shared, addr, server }
    }

    /// `http://127.0.0.1:PORT`: give it to serenity as the HTTP proxy.
    pub fn base_url(&self) -> String {
        self.shared.base_url.clone()
    }

    /// `ws://127.0.0.1:PORT/ws`: what `GET /gateway` answers.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url()
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// serenity's REST client aimed at this fake. `ratelimiter_disabled(true)` is required: with the
    /// ratelimiter on, serenity ignores the proxy and calls discord.com.
    pub fn http(&self) -> serenity::all::Http {
        serenity::all::HttpBuilder::new(TOKEN).proxy(self.base_url()).ratelimiter_disabled(true).build()
    }

    /// Panics unless this client can only reach the fake: REST through the proxy with no ratelimiter (the
    /// ratelimiter path ignores the proxy), gateway URL from the fake's `GET /gateway` (serenity falls back
    /// to wss://gateway.discord.gg when that request fails).
    pub async fn assert_local(&self, client: &serenity::Client) {
        assert_eq!(client.http.proxy.as_deref(), Some(self.base_url().as_str()), "REST must go through the fake");
        assert!(client.http.ratelimiter.is_none(), "with the ratelimiter on, serenity ignores the proxy");
        let ws_url = client.ws_url.lock().await.clone();
        assert_eq!(ws_url, self.gateway_url(), "the gateway URL must come from the fake");
        let asked = self.requests().iter().any(|r| r.is("GET", "/gateway") || r.is("GET", "/gateway/bot"));
        assert!(asked, "serenity should have asked the fake for the gateway URL");
    }

    // ----- settings -----

    /// `app_permissions` of interactions dispatched from now on (default [`payloads::perms::GAME_CHANNEL`]).
    pub fn set_app_permissions(&self, permissions: u64) {
        self.shared.with(|s| s.settings.app_permissions = permissions);
    }

    /// The upload limit: `attachment_size_limit` of interactions dispatched from now on, and the limit for
    /// channel posts (default 10 MiB).
    pub fn set_attachment_size_limit(&self, bytes: u64) {
        self.shared.with(|s| s.settings.attachment_size_limit = bytes);
    }

    /// How late a callback may come (default 3 s, as on Discord); later ones get 404 Unknown interaction.
    pub fn set_callback_deadline(&self, deadline: Duration) {
        self.shared.with(|s| s.settings.callback_deadline = deadline);
    }

    /// Heartbeat interval announced in Hello to connections made from now on (default 41.25 s).
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.shared.with(|s| s.settings.heartbeat_interval_ms = interval.as_millis() as u64);
    }

    pub fn set_locale(&self, locale: &str) {
        self.shared.with(|s| s.settings.locale = locale.to_string());
    }

    /// Name, roles and channel permissions of a member (defaults: `player{n}`, no roles, [`payloads::perms::PLAYER`]).
    pub fn set_member(&self, user: impl Into<u64>, name: &str, roles: &[u64], permissions: u64) {
        let user = user.into();
        self.shared.with(|s| {
            let bot = s.members.get(&user).is_some_and(|m| m.bot);
            s.members.insert(user, MemberInfo { name: name.to_string(), roles: roles.to_vec(), permissions, bot })
        });
    }

    /// This user is a bot account (`user.bot` is true wherever the user appears).
    pub fn set_bot(&self, user: impl Into<u64>) {
        let user = user.into();
        self.shared.with(|s| {
            let mut info = s.member(user);
            info.bot = true;
            s.members.insert(user, info);
        });
    }

    /// A second (third...) guild the bot is in, with one text channel; returns (guild id, channel id).
    /// The bot learns of it on its next connection.
    pub fn add_guild(&self, name: &str) -> (u64, u64) {
        self.shared.with(|s| {
            let guild = s.next_id();
            let channel = s.next_id();
            s.guilds.insert(guild, GuildInfo { name: name.to_string(), roles: Vec::new() });
            s.channels.insert(channel, payloads::text_channel_in(guild, channel, payloads::CHANNEL_NAME, 0));
            (guild, channel)
        })
    }

    /// `add_guild`, for a server on shard `shard` of `total` (Discord's rule: (guild >> 22) % total).
    pub fn add_guild_on_shard(&self, name: &str, shard: u32, total: u32) -> (u64, u64) {
        self.shared.with(|s| {
            let mut guild = s.next_id();
            while ((guild >> 22) % u64::from(total)) as u32 != shard {
                guild += 1 << 22;
            }
            s.set_last_id(guild);
            let channel = s.next_id();
            s.guilds.insert(guild, GuildInfo { name: name.to_string(), roles: Vec::new() });
            s.channels.insert(channel, payloads::text_channel_in(guild, channel, payloads::CHANNEL_NAME, 0));
            (guild, channel)
        })
    }

    /// The direct-message channel between the bot and `user` (made if new), as `POST /users/@me/channels`.
    pub fn dm_channel(&self, user: impl Into<u64>) -> u64 {
        let user = user.into();
        self.shared.with(|s| s.dm_with(user))
    }

    /// The shard count `GET /gateway/bot` recommends (1 unless set).
    pub fn recommend_shards(&self, n: u32) {
        self.shared.with(|s| s.settings.recommended_shards = n);
    }

    /// A role in `guild` (with no permissions of its own); returns its id. Give it to members with
    /// `set_member`. The bot learns of it on its next connection.
    pub fn add_role(&self, guild: u64, name: &str) -> u64 {
        self.shared.with(|s| {
            let id = s.next_id();
            let position = s.guilds.get(&guild).map_or(0, |g| g.roles.len() as u64 + 1);
            if let Some(g) = s.guilds.get_mut(&guild) {
                g.roles.push(payloads::role(id, name, 0, position));
            }
            id
        })
    }

    /// Let a user or a role use a command that its default member permissions hide from them, as a
    /// server admin can in Server Settings > Integrations.
    pub fn allow_command(&self, command: &str, user_or_role: u64) {
        self.shared.with(|s| s.command_overrides.insert((command.to_string(), user_or_role)));
    }

    /// Whether Discord shows `command` to `user` in `channel` (see `allow_command`).
    pub fn command_visible(&self, user: impl Into<u64>, channel: u64, command: &str) -> bool {
        let user = user.into();
        self.shared.read(|s| interactions::visible(s, command, user, channel).is_ok())
    }

    /// Adds a text channel to the guild (known to the bot on its next connection) and returns its id.
    pub fn add_channel(&self, name: &str) -> u64 {
        self.shared.with(|s| {
            let id = s.next_id();
            let position = s.channels.len() as u16;
            s.channels.insert(id, payloads::text_channel(id, name, position));
            id
        })
    }

    /// Only this bot token is accepted from now on: REST requests with any other get 401 Unauthorized.
    pub fn accept_only_token(&self, token: &str) {
        self.shared.with(|s| s.settings.accepted_token = Some(token.to_string()));
    }

    /// Check uploaded files, then keep only their sizes (see `Settings::forget_uploads`).
    pub fn forget_uploads(&self) {
        self.shared.with(|s| s.settings.forget_uploads = true);
    }

    /// From now on every REST request hangs, unanswered and unapplied (Discord never got it), until
    /// `unstall`; each is noted (`stalled`). A test kills the bot while its request hangs.
    pub fn stall(&self) {
        self.shared.with(|s| s.settings.stall = true);
    }

    /// Requests are answered again (those held stay unanswered: their bot is gone).
    pub fn unstall(&self) {
        self.shared.with(|s| s.settings.stall = false);
    }

    /// The requests held by `stall`, oldest first: "METHOD /path".
    pub fn stalled(&self) -> Vec<String> {
        self.shared.read(|s| s.stalled.clone())
    }

    /// This user refuses DMs: the bot's posts to their DM channel get 403 (50007), as on Discord.
    pub fn close_dms(&self, user: impl Into<u64>) {
        self.shared.with(|s| s.closed_dms.insert(user.into()));
    }

    /// The next request with this method whose path (without `/api/v10`) starts with `path_prefix` gets
    /// this error instead of its normal answer, e.g. `(403, 50013, "Missing Permissions")`.
    pub fn fail_next(&self, method: &str, path_prefix: &str, status: u16, code: u64, message: &str) {
        let failure = Failure {
            method: method.to_string(),
            path_prefix: path_prefix.to_string(),
            status,
            body: payloads::error_body(code, message, Value::Null),
        };
        self.shared.with(|s| s.failures.push(failure));
    }

    /// The interaction's token stops working (as 15 minutes after it was issued): 401 Invalid Webhook Token.
    pub fn expire_token(&self, interaction: &InteractionHandle) {
        self.shared.with(|s| {
            if let Some(record) = s.interactions.get_mut(&interaction.token) {
                record.expired = true;
            }
        });
    }

    // ----- gateway -----

    /// Waits until a bot has identified and got READY and GUILD_CREATE; returns that session's number.
    pub async fn ready(&self) -> u64 {
        let found = self.shared.wait_until(WAIT, |s| s.newest_live()).await;
        found.unwrap_or_else(|| panic!("no bot identified within {WAIT:?}; sessions: {:#?}", self.sessions()))
    }

    /// Waits until no gateway session is open (the bot shut down).
    pub async fn disconnected(&self) {
        let gone = self.shared.wait_until(WAIT, |s| s.sessions.iter().all(|x| x.closed).then_some(())).await;
        gone.unwrap_or_else(|| panic!("the bot did not disconnect within {WAIT:?}; sessions: {:#?}", self.sessions()))
    }

    /// Waits until some gateway session satisfies `matches` (e.g. has sent two heartbeats).
    pub async fn wait_for_session(&self, matches: impl Fn(&Session) -> bool) -> Session {
        let found = self.shared.wait_until(WAIT, |s| s.sessions.iter().find(|x| matches(x)).cloned()).await;
        found.unwrap_or_else(|| panic!("no matching gateway session within {WAIT:?}: {:#?}", self.sessions()))
    }

    /// Every gateway connection so far, oldest first.
    pub fn sessions(&self) -> Vec<Session> {
        self.shared.read(|s| s.sessions.clone())
    }

    /// Sends any dispatch event (`t`, `d`) on the live session of its server's shard (`d.guild_id`; shard 0
    /// without one); returns its sequence number. Not checked.
    pub async fn dispatch_event(&self, event: &str, data: Value) -> u64 {
        let deadline = Instant::now() + WAIT;
        let guild = data["guild_id"].as_str().and_then(|g| g.parse().ok());
        loop {
            let live =
                self.shared.wait_until(deadline.saturating_duration_since(Instant::now()), |s| s.live_for(guild)).await;
            let Some(live) = live else {
                panic!("no live gateway session to send {event} on; sessions: {:#?}", self.sessions())
            };
            let (sent, ack) = oneshot::channel();
            let outgoing = Outgoing { event: event.to_string(), data: data.clone(), sent };
            if live.tx.send(outgoing).is_ok()
                && let Ok(seq) = ack.await
            {
                return seq;
            }
            // That session closed meanwhile: wait for the next one.
            self.shared.with(|s| s.drop_live(live.number));
        }
    }

    // ----- interactions -----

    /// Sends an INTERACTION_CREATE. `id` and `token` are replaced by fresh unique ones. Panics if serenity
    /// could not parse it (it would silently drop it).
    pub async fn dispatch_interaction(&self, mut interaction: Value) -> InteractionHandle {
        let kind = interaction["type"].as_u64().unwrap_or(0);
        let channel_id = interaction["channel_id"].as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
        let user_id = interaction["member"]["user"]["id"]
            .as_str()
            .or(interaction["user"]["id"].as_str())
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let message_id = interaction["message"]["id"].as_str().and_then(|s| s.parse().ok());
        let limit = interaction["attachment_size_limit"].as_u64().unwrap_or(payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT);
        let (id, token) = self.shared.with(|s| (s.next_id(), s.next_token()));
        interaction["id"] = json!(id.to_string());
        interaction["token"] = json!(token);
        if let Err(problem) = interactions::parse_check(&interaction) {
            panic!("{problem}");
        }
        // Registered before sending: the bot may answer before dispatch_event returns.
        let record = InteractionRecord {
            id,
            kind,
            channel_id,
            dispatched_at: Instant::now(),
            attachment_size_limit: limit,
            callback: None,
            original: message_id,
            expired: false,
        };
        self.shared.with(|s| s.interactions.insert(token.clone(), record));
        let seq = self.dispatch_event("INTERACTION_CREATE", interaction).await;
        InteractionHandle { id, token, kind, user_id, channel_id, message_id, seq }
    }

    /// A slash command payload, e.g. `slash_payload(user, CHANNEL_ID, "qg game start", &[("seats", json!(2))])`.
    /// Option types come from the registered command; waits for the bot to register it.
    pub async fn slash_payload(
        &self,
        user: impl Into<u64>,
        channel: u64,
        path: &str,
        options: &[(&str, Value)],
    ) -> Value {
        let user = user.into();
        let payload =
            self.build(COMMAND, user, channel, |s| interactions::command_data(s, channel, path, options, None)).await;
        self.check_visible(path, user, channel);
        payload
    }

    /// Panics when Discord would hide the command from the user: a test must allow it first.
    fn check_visible(&self, path: &str, user: u64, channel: u64) {
        let top = path.split_whitespace().next().unwrap_or_default();
        if let Err(problem) = self.shared.read(|s| interactions::visible(s, top, user, channel)) {
            panic!("{problem}");
        }
    }

    /// Runs a slash command as `user` in `channel` (see [`Self::slash_payload`]).
    pub async fn slash(
        &self,
        user: impl Into<u64>,
        channel: u64,
        path: &str,
        options: &[(&str, Value)],
    ) -> InteractionHandle {
        let payload = self.slash_payload(user, channel, path, options).await;
        self.dispatch_interaction(payload).await
    }

    /// Autocomplete while `user` types `partial` into option `focused` of `path`.
    pub async fn autocomplete(
        &self,
        user: impl Into<u64>,
        channel: u64,
        path: &str,
        options: &[(&str, Value)],
        focused: (&str, &str),
    ) -> InteractionHandle {
        let user = user.into();
        let payload = self
            .build(AUTOCOMPLETE, user, channel, |s| {
                interactions::command_data(s, channel, path, options, Some(focused))
            })
            .await;
        self.check_visible(path, user, channel);
        self.dispatch_interaction(payload).await
    }

    /// Clicks the button `custom_id` on a message the bot posted (panics if it is not there or disabled).
    pub async fn click(&self, user: impl Into<u64>, message_id: u64, custom_id: &str) -> InteractionHandle {
        let payload = self.component_payload(user.into(), message_id, custom_id, None);
        self.dispatch_interaction(payload).await
    }

    /// Picks `values` in the select menu `custom_id` on a message the bot posted.
    pub async fn select(
        &self,
        user: impl Into<u64>,
        message_id: u64,
        custom_id: &str,
        values: &[&str],
    ) -> InteractionHandle {
        let payload = self.component_payload(user.into(), message_id, custom_id, Some(values));
        self.dispatch_interaction(payload).await
    }

    /// A component interaction payload (button if `values` is None, select otherwise); panics on misuse.
    pub fn component_payload(&self, user: u64, message_id: u64, custom_id: &str, values: Option<&[&str]>) -> Value {
        self.try_component_payload(user, message_id, custom_id, values)
            .unwrap_or_else(|problem| panic!("cannot use component: {problem}"))
    }

    /// Like [`Self::component_payload`], but says why Discord could not send it (no such component, disabled,
    /// a value the menu does not offer...).
    pub fn try_component_payload(
        &self,
        user: u64,
        message_id: u64,
        custom_id: &str,
        values: Option<&[&str]>,
    ) -> Result<Value, String> {
        self.shared.read(|s| {
            let (data, channel, message) = interactions::component_data(s, message_id, custom_id, values)?;
            let mut payload = interactions::envelope(s, COMPONENT, user, channel, data)?;
            payload["message"] = message;
            Ok(payload)
        })
    }

    /// Submits the modal `custom_id` with text input values; `from_message` if the modal came from a button.
    pub async fn submit_modal(
        &self,
        user: impl Into<u64>,
        channel: u64,
        custom_id: &str,
        fields: &[(&str, &str)],
        from_message: Option<u64>,
    ) -> InteractionHandle {
        let user = user.into();
        let built = self.shared.read(|s| {
            let mut payload =
                interactions::envelope(s, MODAL_SUBMIT, user, channel, interactions::modal_data(custom_id, fields))?;
            if let Some(message_id) = from_message {
                payload["message"] =
                    s.messages.get(&message_id).cloned().ok_or(format!("unknown message {message_id}"))?;
            }
            Ok::<_, String>(payload)
        });
        let payload = built.unwrap_or_else(|problem| panic!("cannot submit modal: {problem}"));
        self.dispatch_interaction(payload).await
    }

    /// Builds a command-like payload, waiting (bounded) for the bot to register the command first.
    async fn build(
        &self,
        kind: u64,
        user: u64,
        channel: u64,
        data: impl Fn(&super::state::State) -> Result<Value, String>,
    ) -> Value {
        let mut last = String::new();
        let built = self
            .shared
            .wait_until(WAIT, |s| match data(s).and_then(|data| interactions::envelope(s, kind, user, channel, data)) {
                Ok(payload) => Some(payload),
                Err(problem) => {
                    last = problem;
                    None
                }
            })
            .await;
        built.unwrap_or_else(|| panic!("cannot build the interaction after {WAIT:?}: {last}"))
    }
}
