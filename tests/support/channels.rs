//! Channels, channel messages, threads and DMs.

use serde_json::{Value, json};

use super::clock;
use super::messages::{self, Via};
use super::payloads::{self, BOT_USER_ID};
use super::routes::{Ctx, Reply, id};

fn unknown_channel() -> Reply {
    Reply::error(404, 10003, "Unknown Channel")
}

fn unknown_message() -> Reply {
    Reply::error(404, 10008, "Unknown Message")
}

/// Everything under `/channels/{id}`.
pub(crate) fn route(ctx: &mut Ctx<'_>) -> Reply {
    let req = ctx.req;
    let segments = req.segments();
    let Some(channel_id) = segments.get(1).copied().and_then(id).filter(|c| ctx.state.channels.contains_key(c)) else {
        return unknown_channel();
    };
    let method = req.method.as_str();
    match (method, &segments[2..]) {
        ("GET", []) => Reply::ok(ctx.state.channels[&channel_id].clone()),
        ("PATCH", []) => Reply::ok(edit_channel(ctx, channel_id)),
        ("DELETE", []) => match ctx.state.channels.remove(&channel_id) {
            Some(channel) => Reply::ok(channel),
            None => unknown_channel(),
        },
        ("POST", ["typing"]) => Reply::Empty(204),
        ("GET", ["messages"]) => Reply::ok(list_messages(ctx, channel_id)),
        ("POST", ["messages"]) => post_message(ctx, channel_id),
        ("POST", ["threads"]) => create_thread(ctx, channel_id, None),
        (method, ["thread-members", user]) if is_thread(&ctx.state.channels[&channel_id]) => {
            let user = if *user == "@me" { Some(BOT_USER_ID) } else { id(user) };
            let Some(user) = user else { return Reply::error(404, 10013, "Unknown User") };
            let members = ctx.state.thread_members.entry(channel_id).or_default();
            match method {
                "PUT" => members.insert(user),
                "DELETE" => members.remove(&user),
                _ => return Reply::error(405, 0, "405: Method Not Allowed"),
            };
            Reply::Empty(204)
        }
        (method, ["messages", message, rest @ ..]) => {
            let Some(message_id) = id(message).filter(|m| {
                ctx.state.messages.get(m).is_some_and(|msg| msg["channel_id"] == json!(channel_id.to_string()))
            }) else {
                return unknown_message();
            };
            match (method, rest) {
                ("GET", []) => Reply::ok(ctx.state.messages[&message_id].clone()),
                ("PATCH", []) => match messages::edit(ctx.state, ctx.base_url, message_id, &req.body, &req.files) {
                    Some(message) => Reply::ok(message),
                    None => unknown_message(),
                },
                ("DELETE", []) => {
                    ctx.state.messages.remove(&message_id);
                    Reply::Empty(204)
                }
                ("POST", ["threads"]) => create_thread(ctx, channel_id, Some(message_id)),
                ("PUT" | "DELETE", ["reactions", ..]) => Reply::Empty(204),
                _ => Reply::error(404, 0, "404: Not Found"),
            }
        }
        _ => Reply::error(404, 0, "404: Not Found"),
    }
}

fn is_thread(channel: &Value) -> bool {
    matches!(channel["type"].as_u64(), Some(10..=12))
}

fn post_message(ctx: &mut Ctx<'_>, channel_id: u64) -> Reply {
    let channel = &ctx.state.channels[&channel_id];
    if channel["type"].as_u64() == Some(1) {
        let recipient = channel["recipients"][0]["id"].as_str().and_then(id);
        if recipient.is_some_and(|r| ctx.state.closed_dms.contains(&r)) {
            return Reply::error(403, 50007, "Cannot send messages to this user");
        }
    }
    let req = ctx.req;
    // With `enforce_nonce`, a nonce used before in this channel returns the message it made (Discord keeps
    // them for a few minutes; the fake, for its whole life).
    if let Some(n) = req.body["nonce"].as_str().filter(|n| n.chars().count() > 25) {
        ctx.violation(50035, format!("nonce {n:?} is longer than 25 characters"));
    }
    let nonce = req.body["nonce"].as_str().filter(|_| req.body["enforce_nonce"] == json!(true));
    if let Some(nonce) = nonce
        && let Some(earlier) = ctx.state.nonces.get(&(channel_id, nonce.to_string()))
        && let Some(message) = ctx.state.messages.get(earlier)
    {
        return Reply::ok(message.clone());
    }
    let kind = if req.body["message_reference"].is_object() { messages::REPLY } else { messages::DEFAULT };
    let message = messages::create(ctx.state, ctx.base_url, channel_id, &req.body, &req.files, kind, Via::Channel);
    let made = message["id"].as_str().and_then(id);
    if let (Some(nonce), Some(made)) = (req.body["nonce"].as_str(), made) {
        // Discord echoes the nonce in the message it made.
        if let Some(stored) = ctx.state.messages.get_mut(&made) {
            stored["nonce"] = json!(nonce);
        }
        if req.body["enforce_nonce"] == json!(true) {
            ctx.state.nonces.insert((channel_id, nonce.to_string()), made);
        }
    }
    // Posting in an archived (unlocked) thread unarchives it, as on Discord.
    if let Some(channel) = ctx.state.channels.get_mut(&channel_id)
        && channel["thread_metadata"]["archived"] == json!(true)
    {
        channel["thread_metadata"]["archived"] = json!(false);
    }
    Reply::ok(message)
}

/// Newest first, at most `limit` (default 50), without ephemeral messages (only their recipient sees those).
fn list_messages(ctx: &Ctx<'_>, channel_id: u64) -> Value {
    let limit = ctx
        .req
        .query
        .split(['?', '&'])
        .find_map(|pair| pair.strip_prefix("limit="))
        .and_then(|n| n.parse().ok())
        .unwrap_or(50usize);
    let channel = json!(channel_id.to_string());
    let list: Vec<Value> = ctx
        .state
        .messages
        .values()
        .rev()
        .filter(|m| m["channel_id"] == channel && m["flags"].as_u64().unwrap_or(0) & messages::EPHEMERAL == 0)
        .take(limit)
        .cloned()
        .collect();
    json!(list)
}

/// `PATCH /channels/{id}`: name, slowmode, and for threads archived / locked / auto-archive duration.
fn edit_channel(ctx: &mut Ctx<'_>, channel_id: u64) -> Value {
    let body = ctx.req.body.clone();
    let Some(channel) = ctx.state.channels.get_mut(&channel_id) else { return Value::Null };
    for key in ["name", "topic", "rate_limit_per_user", "nsfw", "position"] {
        if let Some(value) = body.get(key).filter(|v| !v.is_null()) {
            channel[key] = value.clone();
        }
    }
    if channel["thread_metadata"].is_object() {
        for key in ["archived", "locked", "auto_archive_duration", "invitable"] {
            if let Some(value) = body.get(key).filter(|v| !v.is_null()) {
                channel["thread_metadata"][key] = value.clone();
            }
        }
        if body.get("archived").is_some() {
            channel["thread_metadata"]["archive_timestamp"] = json!(clock::iso8601(clock::now_ms()));
        }
    }
    channel.clone()
}

/// Thread creation, from a message (the thread takes the message's id, as on Discord) or standalone.
fn create_thread(ctx: &mut Ctx<'_>, parent: u64, from_message: Option<u64>) -> Reply {
    let parent_kind = ctx.state.channels[&parent]["type"].as_u64();
    if !matches!(parent_kind, Some(0 | 5)) {
        return Reply::error(400, 50024, "Cannot execute action on this channel type");
    }
    let body = ctx.req.body.clone();
    let name = body["name"].as_str().unwrap_or("thread");
    let archive = body["auto_archive_duration"].as_u64().unwrap_or(1440);
    let (thread_id, kind) = match from_message {
        Some(message_id) => {
            if ctx.state.channels.contains_key(&message_id) {
                return Reply::error(400, 160004, "A thread has already been created for this message");
            }
            (message_id, if parent_kind == Some(5) { 10 } else { 11 })
        }
        None => (ctx.state.next_id(), body["type"].as_u64().unwrap_or(12)),
    };
    let guild = ctx.state.guild_of(parent).unwrap_or(payloads::GUILD_ID);
    let mut thread = payloads::thread_channel(guild, thread_id, parent, name, (kind, archive), clock::now_ms());
    if kind == 12 {
        thread["thread_metadata"]["invitable"] = json!(body["invitable"].as_bool().unwrap_or(true));
    }
    if let Some(message) = from_message.and_then(|m| ctx.state.messages.get_mut(&m)) {
        message["thread"] = thread.clone();
    }
    ctx.state.channels.insert(thread_id, thread.clone());
    ctx.state.thread_members.entry(thread_id).or_default().insert(BOT_USER_ID);
    let mut event = thread.clone();
    event["newly_created"] = json!(true);
    ctx.dispatch("THREAD_CREATE", event);
    Reply::Json(201, thread)
}

/// `POST /users/@me/channels`: the DM channel with a user (one per user).
pub(crate) fn open_dm(ctx: &mut Ctx<'_>) -> Reply {
    let recipient = match &ctx.req.body["recipient_id"] {
        Value::String(s) => id(s),
        other => other.as_u64(),
    };
    let Some(recipient) = recipient else { return Reply::error(400, 50035, "Invalid Form Body") };
    let channel_id = ctx.state.dm_with(recipient);
    Reply::ok(ctx.state.channels[&channel_id].clone())
}
