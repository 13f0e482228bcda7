//! The fake's message store: messages the bot posts or edits, kept so tests can read and click them.

use serde_json::{Value, json};

use super::clock;
use super::payloads::{self, APPLICATION_ID};
use super::recorded::RecordedFile;
use super::state::{State, StoredFile};

/// Flags a bot may set on a message (suppress embeds, ephemeral, silent, components v2).
const SETTABLE_FLAGS: u64 = 4 | 64 | 4096 | 32768;
pub(crate) const EPHEMERAL: u64 = 64;
/// "Bot is thinking": set on a deferred reply until its first edit.
pub(crate) const LOADING: u64 = 128;

/// Message types.
pub(crate) const DEFAULT: u64 = 0;
pub(crate) const REPLY: u64 = 19;
pub(crate) const CHAT_INPUT_COMMAND: u64 = 20;

/// Who sent a message: the bot itself, or the bot through an interaction's webhook.
#[derive(Clone, Copy)]
pub(crate) enum Via {
    Channel,
    Interaction,
}

/// Stores a new message built from a request payload and its uploaded files; returns the message object.
pub(crate) fn create(
    state: &mut State,
    base_url: &str,
    channel_id: u64,
    payload: &Value,
    files: &[RecordedFile],
    kind: u64,
    via: Via,
) -> Value {
    let id = state.next_id();
    let mut fields = copy_fields(payload);
    let flags = payload["flags"].as_u64().unwrap_or(0) & SETTABLE_FLAGS;
    fields["flags"] = json!(flags);
    fields["attachments"] = json!(attachments(state, base_url, channel_id, payload, files, &[]).unwrap_or_default());
    if let Via::Interaction = via {
        fields["application_id"] = json!(APPLICATION_ID.to_string());
        fields["webhook_id"] = json!(APPLICATION_ID.to_string());
    }
    if let Some(reference) = payload.get("message_reference").filter(|r| !r.is_null()) {
        fields["message_reference"] = reference.clone();
    }
    let guild_id = state.guild_of(channel_id);
    let message = payloads::message(id, channel_id, guild_id, kind, &fields);
    state.messages.insert(id, message.clone());
    state.touched.insert(id, state.requests.len());
    if flags & EPHEMERAL == 0
        && let Some(channel) = state.channels.get_mut(&channel_id)
    {
        channel["last_message_id"] = json!(id.to_string());
        if let Some(count) = channel["message_count"].as_u64() {
            channel["message_count"] = json!(count + 1);
            channel["total_message_sent"] = json!(count + 1);
        }
    }
    message
}

/// A deferred reply's placeholder ("thinking"), replaced by the first edit of `@original`.
pub(crate) fn create_placeholder(state: &mut State, channel_id: u64, ephemeral: bool) -> Value {
    let id = state.next_id();
    let flags = LOADING | if ephemeral { EPHEMERAL } else { 0 };
    let fields = json!({
        "flags": flags,
        "application_id": APPLICATION_ID.to_string(),
        "webhook_id": APPLICATION_ID.to_string(),
    });
    let guild_id = state.guild_of(channel_id);
    let message = payloads::message(id, channel_id, guild_id, CHAT_INPUT_COMMAND, &fields);
    state.messages.insert(id, message.clone());
    state.touched.insert(id, state.requests.len());
    message
}

/// Applies an edit payload to a stored message; fields the payload leaves out stay as they were.
pub(crate) fn edit(
    state: &mut State,
    base_url: &str,
    message_id: u64,
    payload: &Value,
    files: &[RecordedFile],
) -> Option<Value> {
    let existing = state.messages.get(&message_id)?.clone();
    let channel_id = existing["channel_id"].as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
    let kept = existing["attachments"].as_array().cloned().unwrap_or_default();
    let new_attachments = attachments(state, base_url, channel_id, payload, files, &kept);
    let mut message = existing;
    if let (Some(target), Some(source)) = (message.as_object_mut(), copy_fields(payload).as_object()) {
        for (key, value) in source {
            target.insert(key.clone(), value.clone());
        }
    }
    if let Some(list) = new_attachments {
        // An edit that leaves out an existing file takes it off the message: the bot almost never means to.
        let ids = |l: &[Value]| l.iter().filter_map(|a| a["id"].as_str().map(String::from)).collect::<Vec<_>>();
        let now = ids(&list);
        if ids(&kept).iter().any(|id| !now.contains(id)) {
            state.dropped_attachments.push((state.requests.len(), message_id));
        }
        message["attachments"] = json!(list);
    }
    // Ephemerality is fixed at creation; an edit only changes the other settable flags and ends "loading".
    let old_flags = message["flags"].as_u64().unwrap_or(0);
    let new_flags = payload["flags"].as_u64().map_or(old_flags & SETTABLE_FLAGS, |f| f & SETTABLE_FLAGS);
    message["flags"] = json!((new_flags & !EPHEMERAL) | (old_flags & EPHEMERAL));
    // Replacing the "thinking" placeholder is not an edit in Discord's eyes.
    if old_flags & LOADING == 0 {
        message["edited_timestamp"] = json!(clock::iso8601(clock::now_ms()));
    }
    state.messages.insert(message_id, message.clone());
    state.touched.insert(message_id, state.requests.len());
    Some(message)
}

/// The message fields a payload may set, without flags and attachments (handled apart).
fn copy_fields(payload: &Value) -> Value {
    let mut fields = json!({});
    for key in ["content", "embeds", "components", "tts", "poll"] {
        if let Some(value) = payload.get(key).filter(|v| !v.is_null()) {
            fields[key] = value.clone();
        }
    }
    fields
}

/// The attachment list after this request: `None` when the request says nothing about attachments.
///
/// serenity names each upload `files[N]` and lists `{"id": N, "filename": ...}` in `attachments`; existing
/// attachments to keep are listed by their snowflake id.
fn attachments(
    state: &mut State,
    base_url: &str,
    channel_id: u64,
    payload: &Value,
    files: &[RecordedFile],
    existing: &[Value],
) -> Option<Vec<Value>> {
    let index_of =
        |file: &RecordedFile| -> Option<u64> { file.field.strip_prefix("files[")?.strip_suffix(']')?.parse().ok() };
    let mut used = vec![false; files.len()];
    let mut list = Vec::new();
    match payload["attachments"].as_array() {
        Some(entries) => {
            for entry in entries {
                let id = match &entry["id"] {
                    Value::String(s) => s.parse().ok(),
                    other => other.as_u64(),
                };
                let Some(id) = id else { continue };
                if let Some(pos) = files.iter().position(|f| index_of(f) == Some(id)) {
                    used[pos] = true;
                    let description = entry["description"].as_str();
                    list.push(upload(state, base_url, channel_id, &files[pos], description));
                } else if let Some(kept) = existing.iter().find(|a| a["id"].as_str() == Some(&id.to_string())) {
                    list.push(kept.clone());
                }
            }
        }
        None if files.is_empty() => return None,
        None => list.extend(existing.iter().cloned()),
    }
    for (file, used) in files.iter().zip(used) {
        if !used {
            list.push(upload(state, base_url, channel_id, file, None));
        }
    }
    Some(list)
}

/// Stores an uploaded file and returns its attachment object, with a url served by the fake itself.
fn upload(state: &mut State, base_url: &str, channel_id: u64, file: &RecordedFile, description: Option<&str>) -> Value {
    let id = state.next_id();
    let content_type = file.content_type.clone().unwrap_or_else(|| guess_content_type(&file.filename).into());
    let url = format!("{base_url}/attachments/{channel_id}/{id}/{}", file.filename);
    let mut attachment = json!({
        "id": id.to_string(),
        "filename": file.filename,
        "size": file.bytes.len(),
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    });
    if let Some(description) = description {
        attachment["description"] = json!(description);
    }
    if let Some((width, height)) = png_size(&file.bytes) {
        attachment["width"] = json!(width);
        attachment["height"] = json!(height);
    }
    let bytes = if state.settings.forget_uploads { Vec::new() } else { file.bytes.clone() };
    state.files.insert(id, StoredFile { content_type, bytes });
    attachment
}

fn guess_content_type(filename: &str) -> &'static str {
    match filename.rsplit('.').next().map(str::to_ascii_lowercase).as_deref() {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("txt") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

/// Width and height from a PNG's IHDR chunk, as Discord reports them for images.
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 24 || &bytes[..8] != SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let width = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let height = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((width, height))
}
