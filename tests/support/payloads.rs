//! The fake's fixed identities and the JSON objects it hands to serenity.
//!
//! Shapes follow serenity 0.12.5's model structs (`Ready`, `Guild`, `Member`, `Message`, `GuildChannel`...):
//! every field serenity requires is present; `tests/fake_discord.rs` parses each one with serenity to prove it.

use serde_json::{Value, json};

use super::clock;

/// The bot's own user.
pub const BOT_USER_ID: u64 = 1_200_000_000_000_000_001;
/// The application. Distinct from the bot user id on purpose, so code that mixes them up fails here.
pub const APPLICATION_ID: u64 = 1_200_000_000_000_000_002;
/// The guild the bot is in from the start (tests may add more with `add_guild`).
pub const GUILD_ID: u64 = 1_200_000_000_000_000_003;
/// A text channel of that guild where games are played.
pub const CHANNEL_ID: u64 = 1_200_000_000_000_000_004;
/// The guild's owner (not the bot).
pub const GUILD_OWNER_ID: u64 = 1_200_000_000_000_000_005;
pub const BOT_NAME: &str = "gambit-test";
pub const GUILD_NAME: &str = "Theed Palace";
pub const CHANNEL_NAME: &str = "game-table";

/// Default per-upload limit that interactions carry (10 MiB).
pub const DEFAULT_ATTACHMENT_SIZE_LIMIT: u64 = 10 * 1024 * 1024;

/// Id of the `n`th test player (any `n`); names default to `player{n}`.
pub fn user_id(n: u64) -> u64 {
    1_200_000_000_000_100_000 + n
}

/// Permission bits (Discord's numbering) used by the fake.
pub mod perms {
    pub const ADD_REACTIONS: u64 = 1 << 6;
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const MANAGE_MESSAGES: u64 = 1 << 13;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_EXTERNAL_EMOJIS: u64 = 1 << 18;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const MANAGE_THREADS: u64 = 1 << 34;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;
    pub const ADMINISTRATOR: u64 = 1 << 3;
    pub const MANAGE_GUILD: u64 = 1 << 5;

    /// What the bot needs in a game channel (see shared/notes/discord.md): the default `app_permissions`.
    pub const GAME_CHANNEL: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | SEND_MESSAGES_IN_THREADS
        | CREATE_PUBLIC_THREADS
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | MANAGE_THREADS
        | ADD_REACTIONS
        | USE_EXTERNAL_EMOJIS;

    /// What an ordinary player has in the game channel: the default member `permissions`.
    pub const PLAYER: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | SEND_MESSAGES_IN_THREADS
        | CREATE_PUBLIC_THREADS
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | ADD_REACTIONS
        | USE_EXTERNAL_EMOJIS
        | USE_APPLICATION_COMMANDS;
}

pub fn user(id: u64, name: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": name,
        "discriminator": "0",
        "global_name": name,
        "avatar": null,
        "bot": bot,
        "public_flags": 0,
        "flags": 0,
    })
}

pub fn bot_user() -> Value {
    let mut user = user(BOT_USER_ID, BOT_NAME, true);
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user
}

/// A guild member as interactions carry it (`permissions` is the member's in the channel).
pub fn member(user: Value, roles: &[u64], permissions: u64, joined_ms: u64) -> Value {
    json!({
        "user": user,
        "nick": null,
        "avatar": null,
        "roles": roles.iter().map(u64::to_string).collect::<Vec<_>>(),
        "joined_at": clock::iso8601(joined_ms),
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions.to_string(),
        "communication_disabled_until": null,
    })
}

pub fn text_channel(id: u64, name: &str, position: u16) -> Value {
    text_channel_in(GUILD_ID, id, name, position)
}

/// A text channel of `guild`.
pub fn text_channel_in(guild: u64, id: u64, name: &str, position: u16) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": guild.to_string(),
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "nsfw": false,
        "topic": null,
        "last_message_id": null,
        "parent_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    })
}

/// A thread (`kind` 11 public, 12 private) of `guild`, as thread creation returns it.
pub fn thread_channel(
    guild: u64,
    id: u64,
    parent: u64,
    name: &str,
    (kind, archive_minutes): (u64, u64),
    now_ms: u64,
) -> Value {
    json!({
        "id": id.to_string(),
        "type": kind,
        "guild_id": guild.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": BOT_USER_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive_minutes,
            "archive_timestamp": clock::iso8601(now_ms),
            "locked": false,
            "create_timestamp": clock::iso8601(now_ms),
        },
        "member": {
            "id": id.to_string(),
            "user_id": BOT_USER_ID.to_string(),
            "join_timestamp": clock::iso8601(now_ms),
            "flags": 0,
        },
    })
}

pub fn dm_channel(id: u64, recipient: Value) -> Value {
    json!({"id": id.to_string(), "type": 1, "last_message_id": null, "recipients": [recipient], "flags": 0})
}

/// The channel as an interaction's `channel` field shows it (a partial channel).
pub fn partial_channel(channel: &Value, permissions: u64) -> Value {
    let mut partial = json!({
        "id": channel["id"],
        "type": channel["type"],
        "permissions": permissions.to_string(),
    });
    for key in ["name", "guild_id", "parent_id", "thread_metadata", "flags", "recipients"] {
        if let Some(value) = channel.get(key) {
            partial[key] = value.clone();
        }
    }
    partial
}

/// A role (the @everyone role has the guild's id).
pub fn role(id: u64, name: &str, permissions: u64, position: u64) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "managed": false,
        "mentionable": false,
        "permissions": permissions.to_string(),
        "position": position,
        "icon": null,
        "unicode_emoji": null,
        "flags": 0,
    })
}

/// GUILD_CREATE's guild: its channels, the bot as a member, @everyone holding the game permissions so
/// serenity's cache-based permission checks pass as they would on a well set-up server, and `roles`.
pub fn guild(
    id: u64,
    name: &str,
    channels: Vec<Value>,
    roles: Vec<Value>,
    everyone_permissions: u64,
    joined_ms: u64,
) -> Value {
    let mut all_roles = vec![role(id, "@everyone", everyone_permissions, 0)];
    all_roles.extend(roles);
    // Two halves: one json! literal this long exceeds the macro's recursion limit.
    let mut guild = json!({
        "id": id.to_string(),
        "name": name,
        "icon": null,
        "icon_hash": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": GUILD_OWNER_ID.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "widget_enabled": false,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": all_roles,
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "max_members": 500_000,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
    });
    let rest = json!({
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "safety_alerts_channel_id": null,
        "joined_at": clock::iso8601(joined_ms),
        "large": false,
        "unavailable": false,
        "member_count": 2,
        "voice_states": [],
        "members": [member(bot_user(), &[], everyone_permissions, joined_ms)],
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    });
    if let (Some(target), Value::Object(source)) = (guild.as_object_mut(), rest) {
        target.extend(source);
    }
    guild
}

pub fn ready(session_id: &str, gateway_url: &str, guilds: &[u64]) -> Value {
    let guilds: Vec<Value> = guilds.iter().map(|g| json!({"id": g.to_string(), "unavailable": true})).collect();
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": gateway_url,
        "shard": [0, 1],
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
    })
}

/// `GET /oauth2/applications/@me` (poise asks it unless `initialize_owners: false`).
pub fn application_info() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": BOT_NAME,
        "icon": null,
        "description": "fake application for tests",
        "bot_public": false,
        "bot_require_code_grant": false,
        "owner": user(GUILD_OWNER_ID, "owner", false),
        "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
        "team": null,
        "flags": 0,
        "bot": bot_user(),
    })
}

/// A message object; `fields` (content, embeds, components, flags, attachments...) are laid over the defaults.
pub fn message(id: u64, channel_id: u64, guild_id: Option<u64>, kind: u64, fields: &Value) -> Value {
    let mut message = json!({
        "id": id.to_string(),
        "channel_id": channel_id.to_string(),
        "author": bot_user(),
        "content": "",
        "timestamp": clock::iso8601(clock::snowflake_ms(id)),
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "components": [],
        "pinned": false,
        "type": kind,
        "flags": 0,
    });
    if let Some(guild_id) = guild_id {
        message["guild_id"] = json!(guild_id.to_string());
    }
    if let (Some(target), Some(source)) = (message.as_object_mut(), fields.as_object()) {
        for (key, value) in source {
            target.insert(key.clone(), value.clone());
        }
    }
    message
}

/// A Discord JSON error body; `errors` is the nested `{"path": {"_errors": [...]}}` tree or null.
pub fn error_body(code: u64, message: &str, errors: Value) -> Value {
    let mut body = json!({"code": code, "message": message});
    if !errors.is_null() {
        body["errors"] = errors;
    }
    body
}
