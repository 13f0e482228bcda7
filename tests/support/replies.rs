//! Interaction answers: the callback, then follow-ups and edits through the interaction's webhook token.

use serde_json::{Value, json};

use super::limits::codes;
use super::messages::{self, Via};
use super::payloads::APPLICATION_ID;
use super::routes::{Ctx, Reply, id};
use super::state::InteractionRecord;

/// Interaction types.
const COMMAND: u64 = 2;
const COMPONENT: u64 = 3;
const AUTOCOMPLETE: u64 = 4;
const MODAL_SUBMIT: u64 = 5;

fn unknown_interaction() -> Reply {
    Reply::error(404, codes::UNKNOWN_INTERACTION, "Unknown interaction")
}

fn unknown_webhook() -> Reply {
    Reply::error(404, 10015, "Unknown Webhook")
}

fn unknown_message() -> Reply {
    Reply::error(404, 10008, "Unknown Message")
}

/// `POST /interactions/{id}/{token}/callback`: the one initial answer, within the deadline.
pub(crate) fn callback(ctx: &mut Ctx<'_>) -> Reply {
    let req = ctx.req;
    let segments = req.segments();
    let (interaction_id, token) = (segments[1], segments[2]);
    let Some(record) = ctx.state.interactions.get(token).cloned() else { return unknown_interaction() };
    if id(interaction_id) != Some(record.id) {
        return unknown_interaction();
    }
    if let Some(previous) = record.callback {
        ctx.violation(codes::ALREADY_ACKNOWLEDGED, format!("second callback; the first was of type {previous}"));
        return Reply::error(400, codes::ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged.");
    }
    let waited = req.at.saturating_duration_since(record.dispatched_at);
    let deadline = ctx.state.settings.callback_deadline;
    if waited > deadline {
        let problem =
            format!("answered {} ms after dispatch, the deadline is {} ms", waited.as_millis(), deadline.as_millis());
        ctx.violation(codes::UNKNOWN_INTERACTION, problem);
        return unknown_interaction();
    }
    let kind = req.body["type"].as_u64().unwrap_or(0);
    let allowed: &[u64] = match record.kind {
        COMMAND => &[4, 5, 9],
        COMPONENT => &[4, 5, 6, 7, 9],
        AUTOCOMPLETE => &[8],
        MODAL_SUBMIT if record.original.is_some() => &[4, 5, 6, 7],
        MODAL_SUBMIT => &[4, 5],
        _ => &[],
    };
    if !allowed.contains(&kind) {
        let problem = format!("response type {kind} is not valid for interaction type {}", record.kind);
        ctx.violation(codes::INVALID_FORM_BODY, problem);
        return Reply::error(400, codes::INVALID_FORM_BODY, "Invalid Form Body");
    }
    let data = &req.body["data"];
    let mut original = record.original;
    let mut message = Value::Null;
    match kind {
        4 => {
            let message_kind = if record.kind == COMMAND { messages::CHAT_INPUT_COMMAND } else { messages::DEFAULT };
            message = messages::create(
                ctx.state,
                ctx.base_url,
                record.channel_id,
                data,
                &req.files,
                message_kind,
                Via::Interaction,
            );
            original = message["id"].as_str().and_then(id);
        }
        5 => {
            let ephemeral = data["flags"].as_u64().unwrap_or(0) & messages::EPHEMERAL != 0;
            message = messages::create_placeholder(ctx.state, record.channel_id, ephemeral);
            original = message["id"].as_str().and_then(id);
        }
        7 => {
            if let Some(target) = original {
                message = messages::edit(ctx.state, ctx.base_url, target, data, &req.files).unwrap_or(Value::Null);
            }
        }
        _ => {}
    }
    if let Some(stored) = ctx.state.interactions.get_mut(token) {
        stored.callback = Some(kind);
        stored.original = original;
    }
    if req.query.split(['?', '&']).any(|pair| pair == "with_response=true") {
        return Reply::ok(callback_response(&record, kind, &message));
    }
    Reply::Empty(204)
}

/// The body of a callback asked `with_response=true`.
fn callback_response(record: &InteractionRecord, kind: u64, message: &Value) -> Value {
    let mut body = json!({
        "interaction": {
            "id": record.id.to_string(),
            "type": record.kind,
            "activity_instance_id": null,
            "response_message_id": message.get("id"),
            "response_message_loading": kind == 5,
            "response_message_ephemeral": message["flags"].as_u64().unwrap_or(0) & messages::EPHEMERAL != 0,
        },
    });
    if !message.is_null() {
        body["resource"] = json!({"type": kind, "message": message});
    }
    body
}

/// `/webhooks/{app}/{token}[/messages/{id|@original}]`: follow-ups and edits with an interaction's token.
pub(crate) fn webhook(ctx: &mut Ctx<'_>) -> Reply {
    let req = ctx.req;
    let segments = req.segments();
    let (Some(app), Some(token)) = (segments.get(1), segments.get(2)) else { return unknown_webhook() };
    if id(app) != Some(APPLICATION_ID) {
        return unknown_webhook();
    }
    let Some(record) = ctx.state.interactions.get(*token).cloned() else { return unknown_webhook() };
    if record.expired {
        return Reply::error(401, 50027, "Invalid Webhook Token");
    }
    if record.callback.is_none() {
        ctx.violation(10015, "used the interaction token before answering the interaction".into());
        return unknown_webhook();
    }
    match (req.method.as_str(), &segments[3..]) {
        ("POST", []) => {
            // After a deferred reply (type 5), the first follow-up replaces the "thinking" message and keeps
            // the defer's ephemerality; later ones are new messages.
            let loading = record.original.filter(|m| {
                record.callback == Some(5)
                    && ctx
                        .state
                        .messages
                        .get(m)
                        .is_some_and(|msg| msg["flags"].as_u64().unwrap_or(0) & messages::LOADING != 0)
            });
            let message = match loading {
                Some(placeholder) => {
                    let mut payload = req.body.clone();
                    if let Some(fields) = payload.as_object_mut() {
                        fields.remove("flags");
                    }
                    messages::edit(ctx.state, ctx.base_url, placeholder, &payload, &req.files).unwrap_or(Value::Null)
                }
                None => messages::create(
                    ctx.state,
                    ctx.base_url,
                    record.channel_id,
                    &req.body,
                    &req.files,
                    messages::DEFAULT,
                    Via::Interaction,
                ),
            };
            Reply::ok(message)
        }
        (method, ["messages", target]) => {
            let target = if *target == "@original" { record.original } else { id(target) };
            let Some(target) = target.filter(|t| ctx.state.messages.contains_key(t)) else { return unknown_message() };
            match method {
                "GET" => Reply::ok(ctx.state.messages[&target].clone()),
                "PATCH" => match messages::edit(ctx.state, ctx.base_url, target, &req.body, &req.files) {
                    Some(message) => Reply::ok(message),
                    None => unknown_message(),
                },
                "DELETE" => {
                    ctx.state.messages.remove(&target);
                    Reply::Empty(204)
                }
                _ => Reply::error(405, 0, "405: Method Not Allowed"),
            }
        }
        _ => Reply::error(404, 0, "404: Not Found"),
    }
}
