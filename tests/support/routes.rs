//! The REST route table: which request gets which answer. Everything runs under the state lock, synchronously.

use serde_json::{Value, json};

use super::limits::{self, Violation, codes};
use super::payloads::{self, APPLICATION_ID};
use super::recorded::RecordedRequest;
use super::state::{Outgoing, State};
use super::{channels, replies};

/// An answer to one request.
pub(crate) enum Reply {
    Json(u16, Value),
    Empty(u16),
    Bytes(String, Vec<u8>),
}

impl Reply {
    pub fn ok(body: Value) -> Self {
        Reply::Json(200, body)
    }

    /// A Discord-style error: `{"code": ..., "message": ...}`.
    pub fn error(status: u16, code: u64, message: &str) -> Self {
        Reply::Json(status, payloads::error_body(code, message, Value::Null))
    }

    pub fn status(&self) -> u16 {
        match self {
            Reply::Json(status, _) | Reply::Empty(status) => *status,
            Reply::Bytes(..) => 200,
        }
    }

    pub fn body(&self) -> Value {
        match self {
            Reply::Json(_, body) => body.clone(),
            Reply::Empty(_) | Reply::Bytes(..) => Value::Null,
        }
    }
}

/// What one request needs while it is answered.
pub(crate) struct Ctx<'a> {
    pub state: &'a mut State,
    pub base_url: &'a str,
    pub gateway_url: &'a str,
    pub req: &'a RecordedRequest,
    /// Limits and protocol rules the request broke; recorded with it.
    pub violations: Vec<Violation>,
}

impl Ctx<'_> {
    /// Records a broken rule that is not a payload limit (late answer, double acknowledgement...).
    pub fn violation(&mut self, code: u64, problem: String) {
        let request = format!("{} #{}", self.req.line(), self.req.seq);
        self.violations.push(Violation { location: String::new(), problem, code, request });
    }

    /// Sends a gateway event on the live session of its server's shard without waiting (the bot's cache
    /// learns about threads so).
    pub fn dispatch(&self, event: &str, data: Value) {
        let guild = data["guild_id"].as_str().and_then(|g| g.parse().ok());
        if let Some(live) = self.state.live_for(guild) {
            let (sent, _) = tokio::sync::oneshot::channel();
            // A closed session simply misses the event, as it would on Discord.
            let _ = live.tx.send(Outgoing { event: event.into(), data, sent });
        }
    }
}

pub(crate) fn id(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

/// Answers one REST request.
pub(crate) fn answer(ctx: &mut Ctx<'_>) -> Reply {
    let req = ctx.req;
    if let Some(failure) = ctx.state.take_failure(&req.method, &req.path) {
        return Reply::Json(failure.status, failure.body);
    }
    if let Some(token) = &ctx.state.settings.accepted_token
        && req.authorization.as_deref() != Some(format!("Bot {token}").as_str())
        && req.token.is_none()
    {
        return Reply::error(401, 0, "401: Unauthorized");
    }
    if let Some(rest) = req.path.strip_prefix("/attachments/") {
        return download(ctx.state, rest);
    }
    // Payload limits first: Discord refuses a broken payload before looking at anything else. Uploads are
    // limited by the interaction's `attachment_size_limit`, elsewhere by the guild's (the same setting).
    let limit = req
        .token
        .as_ref()
        .and_then(|token| ctx.state.interactions.get(token))
        .map_or(ctx.state.settings.attachment_size_limit, |i| i.attachment_size_limit);
    let found = limits::check_request(req, limit);
    if !found.is_empty() {
        let reply = refusal(&found);
        ctx.violations.extend(found);
        return reply;
    }
    let segments = req.segments();
    let method = req.method.as_str();
    match (method, segments.as_slice()) {
        ("GET", ["gateway"]) => Reply::ok(json!({"url": ctx.gateway_url})),
        ("GET", ["gateway", "bot"]) => Reply::ok(json!({
            "url": ctx.gateway_url,
            "shards": ctx.state.settings.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1},
        })),
        ("GET", ["oauth2", "applications", "@me"]) | ("GET", ["applications", "@me"]) => {
            Reply::ok(payloads::application_info())
        }
        ("GET", ["users", "@me"]) => Reply::ok(payloads::bot_user()),
        ("GET", ["users", user]) => match id(user) {
            Some(user) => Reply::ok(ctx.state.user_json(user)),
            None => Reply::error(404, 10013, "Unknown User"),
        },
        ("POST", ["users", "@me", "channels"]) => channels::open_dm(ctx),
        ("GET", ["guilds", guild, "members", user]) => match (id(guild), id(user)) {
            (Some(guild), Some(user)) if ctx.state.guilds.contains_key(&guild) => {
                Reply::ok(ctx.state.member_json(user))
            }
            _ => Reply::error(404, 10004, "Unknown Guild"),
        },
        ("GET", ["guilds", guild, "channels"]) if id(guild).is_some_and(|g| ctx.state.guilds.contains_key(&g)) => {
            let guild = guild.to_string();
            let list: Vec<Value> = ctx
                .state
                .channels
                .values()
                .filter(|c| c["guild_id"].as_str() == Some(guild.as_str()))
                .filter(|c| c["type"].as_u64().is_some_and(|t| !matches!(t, 1 | 10..=12)))
                .cloned()
                .collect();
            Reply::ok(json!(list))
        }
        (_, ["applications", app, ..]) if id(app) != Some(APPLICATION_ID) => {
            Reply::error(404, 10002, "Unknown Application")
        }
        (_, ["applications", _, "commands", rest @ ..]) => commands(ctx, None, rest),
        (_, ["applications", _, "guilds", guild, "commands", rest @ ..]) => match id(guild) {
            Some(guild) if ctx.state.guilds.contains_key(&guild) => commands(ctx, Some(guild), rest),
            _ => Reply::error(404, 10004, "Unknown Guild"),
        },
        ("POST", ["interactions", _, _, "callback"]) => replies::callback(ctx),
        (_, ["webhooks", ..]) => replies::webhook(ctx),
        (_, ["channels", ..]) => channels::route(ctx),
        _ => Reply::error(404, 0, "404: Not Found"),
    }
}

/// What Discord answers to a payload that breaks limits.
fn refusal(found: &[Violation]) -> Reply {
    if found.iter().any(|v| v.code == codes::ENTITY_TOO_LARGE) {
        return Reply::error(413, codes::ENTITY_TOO_LARGE, "Request entity too large");
    }
    if found.iter().all(|v| v.code == codes::EMPTY_MESSAGE) {
        return Reply::error(400, codes::EMPTY_MESSAGE, "Cannot send an empty message");
    }
    let errors = limits::errors_tree(found);
    Reply::Json(400, payloads::error_body(codes::INVALID_FORM_BODY, "Invalid Form Body", errors))
}

/// Files the bot uploaded, served back at their attachment url (`/attachments/{channel}/{id}/{name}`).
fn download(state: &State, rest: &str) -> Reply {
    let file = rest.split('/').nth(1).and_then(id).and_then(|id| state.files.get(&id));
    match file {
        Some(file) => Reply::Bytes(file.content_type.clone(), file.bytes.clone()),
        None => Reply::error(404, 0, "404: Not Found"),
    }
}

/// Command registration, global (`guild` None) or for the test guild.
fn commands(ctx: &mut Ctx<'_>, guild: Option<u64>, rest: &[&str]) -> Reply {
    let method = ctx.req.method.clone();
    let body = ctx.req.body.clone();
    let mut list = match guild {
        Some(guild) => ctx.state.guild_commands.get(&guild).cloned().unwrap_or_default(),
        None => ctx.state.global_commands.clone(),
    };
    let reply = match (method.as_str(), rest) {
        ("GET", []) => return Reply::ok(json!(list)),
        ("PUT", []) => {
            let Some(items) = body.as_array() else {
                return Reply::error(400, codes::INVALID_FORM_BODY, "Invalid Form Body");
            };
            list = items.iter().map(|item| command(ctx.state, guild, item, &[])).collect();
            Reply::ok(json!(list))
        }
        ("POST", []) => {
            let made = command(ctx.state, guild, &body, &list);
            list.retain(|c| c["name"] != made["name"]);
            list.push(made.clone());
            Reply::Json(201, made)
        }
        ("GET", [command_id]) => {
            return match list.iter().find(|c| c["id"].as_str() == Some(command_id)) {
                Some(found) => Reply::ok(found.clone()),
                None => Reply::error(404, 10063, "Unknown application command"),
            };
        }
        ("DELETE", [command_id]) => {
            list.retain(|c| c["id"].as_str() != Some(command_id));
            Reply::Empty(204)
        }
        _ => return Reply::error(404, 0, "404: Not Found"),
    };
    match guild {
        Some(guild) => {
            ctx.state.guild_commands.insert(guild, list);
        }
        None => ctx.state.global_commands = list,
    }
    reply
}

/// A registered command as Discord returns it: the request's fields plus ids and defaults. An existing
/// command of the same name keeps its id, as on Discord.
fn command(state: &mut State, guild: Option<u64>, body: &Value, existing: &[Value]) -> Value {
    let id = existing
        .iter()
        .find(|c| c["name"] == body["name"])
        .and_then(|c| c["id"].as_str())
        .and_then(id)
        .unwrap_or_else(|| state.next_id());
    let mut command = json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "version": state.next_id().to_string(),
        "type": 1,
        "description": "",
        "options": [],
        "default_member_permissions": null,
        "nsfw": false,
        "integration_types": [0],
        "contexts": null,
    });
    if let Some(guild) = guild {
        command["guild_id"] = json!(guild.to_string());
    }
    if let (Some(target), Some(source)) = (command.as_object_mut(), body.as_object()) {
        for (key, value) in source {
            if !matches!(key.as_str(), "id" | "application_id" | "version" | "guild_id") && !value.is_null() {
                target.insert(key.clone(), value.clone());
            }
        }
    }
    command
}
