//! INTERACTION_CREATE payloads complete enough for serenity 0.12.5 to parse and poise 0.7.1 to route.
//!
//! Builders return `Err` with an explanation when the test asks for something Discord could never send
//! (an unregistered command, a button that is not on the message...).

use serde_json::{Map, Value, json};

use super::payloads::{self, APPLICATION_ID, perms};
use super::recorded::{custom_ids, find_component};
use super::state::State;

/// Interaction types.
pub(crate) const COMMAND: u64 = 2;
pub(crate) const COMPONENT: u64 = 3;
pub(crate) const AUTOCOMPLETE: u64 = 4;
pub(crate) const MODAL_SUBMIT: u64 = 5;

/// Option types that carry a snowflake.
const USER: u64 = 6;
const CHANNEL: u64 = 7;
const ROLE: u64 = 8;
const MENTIONABLE: u64 = 9;

/// The fields every interaction has. `id` and `token` are filled in at dispatch.
pub(crate) fn envelope(state: &State, kind: u64, user: u64, channel_id: u64, data: Value) -> Result<Value, String> {
    let channel = state
        .channel(channel_id)
        .ok_or_else(|| format!("channel {channel_id} is unknown to the fake (use add_channel or a thread it made)"))?;
    let app_permissions = state.settings.app_permissions;
    let mut interaction = json!({
        "id": "0",
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "channel_id": channel_id.to_string(),
        "token": "",
        "version": 1,
        "locale": state.settings.locale,
        "entitlements": [],
        "app_permissions": app_permissions.to_string(),
        "attachment_size_limit": state.settings.attachment_size_limit,
    });
    if let Some(guild) = state.guild_of(channel_id) {
        let member = state.member_json(user);
        let permissions = state.member(user).permissions;
        interaction["guild_id"] = json!(guild.to_string());
        interaction["guild_locale"] = json!("en-US");
        interaction["member"] = member;
        interaction["channel"] = payloads::partial_channel(channel, permissions);
        interaction["authorizing_integration_owners"] = json!({"0": guild.to_string()});
        interaction["context"] = json!(0);
    } else {
        interaction["user"] = state.user_json(user);
        interaction["channel"] = payloads::partial_channel(channel, payloads::perms::PLAYER);
        interaction["authorizing_integration_owners"] = json!({"0": "0"});
        interaction["context"] = json!(1);
    }
    Ok(interaction)
}

/// The registered chat-input command named `name` as seen from `channel`: its guild's commands first,
/// then global ones.
fn registered<'a>(state: &'a State, name: &str, channel: u64) -> Option<&'a Value> {
    let guild = state.guild_of(channel).and_then(|g| state.guild_commands.get(&g)).into_iter().flatten();
    guild
        .chain(state.global_commands.iter())
        .find(|c| c["name"].as_str() == Some(name) && c["type"].as_u64().unwrap_or(1) == 1)
}

/// Whether Discord shows the command `name` to `user` in `channel`: its default member permissions
/// must be among the member's (Administrator passes all), unless the server allowed the member, or one
/// of their roles, in its Integrations settings (`FakeDiscord::allow_command`).
pub(crate) fn visible(state: &State, name: &str, user: u64, channel: u64) -> Result<(), String> {
    let Some(command) = registered(state, name, channel) else { return Ok(()) };
    let Some(needed) = command["default_member_permissions"].as_str().and_then(|p| p.parse::<u64>().ok()) else {
        return Ok(());
    };
    let member = state.member(user);
    let allowed = member.permissions & perms::ADMINISTRATOR != 0
        || member.permissions & needed == needed
        || std::iter::once(user)
            .chain(member.roles.iter().copied())
            .any(|id| state.command_overrides.contains(&(name.to_string(), id)));
    if state.guild_of(channel).is_none() || allowed {
        Ok(())
    } else {
        Err(format!(
            "/{name} is hidden from {} (it needs permissions {needed}): Discord would not let them use it; \
             allow it with allow_command",
            member.name
        ))
    }
}

fn names(options: &[Value]) -> Vec<&str> {
    options.iter().filter_map(|o| o["name"].as_str()).collect()
}

/// `data` of a slash command (or of its autocomplete when `focused` is given) for `path` like `"qg game start"`.
pub(crate) fn command_data(
    state: &State,
    channel: u64,
    path: &str,
    options: &[(&str, Value)],
    focused: Option<(&str, &str)>,
) -> Result<Value, String> {
    let segments: Vec<&str> = path.split_whitespace().collect();
    let (top, subs) = segments.split_first().ok_or("empty command path")?;
    let command = registered(state, top, channel).ok_or_else(|| {
        let known: Vec<&str> = state
            .guild_commands
            .values()
            .flatten()
            .chain(&state.global_commands)
            .filter_map(|c| c["name"].as_str())
            .collect();
        format!("command /{top} is not registered (registered: {known:?})")
    })?;
    let mut defs = command["options"].as_array().cloned().unwrap_or_default();
    let mut kinds = Vec::new();
    for sub in subs {
        let def = defs
            .iter()
            .find(|o| o["name"].as_str() == Some(sub) && matches!(o["type"].as_u64(), Some(1 | 2)))
            .ok_or_else(|| format!("/{path}: no subcommand {sub:?} (options there: {:?})", names(&defs)))?
            .clone();
        kinds.push(def["type"].as_u64().unwrap_or(1));
        defs = def["options"].as_array().cloned().unwrap_or_default();
    }
    let mut resolved = Map::new();
    let mut leaf = Vec::new();
    for (name, value) in options {
        let kind = option_kind(&defs, name, path)?;
        let value = match kind {
            USER | CHANNEL | MENTIONABLE | 8 | 11 => {
                let id = value.as_u64().map(|n| n.to_string()).or_else(|| value.as_str().map(str::to_string));
                let id = id.ok_or_else(|| format!("/{path} {name}: expected a snowflake, got {value}"))?;
                resolve(state, kind, &id, &mut resolved);
                json!(id)
            }
            _ => value.clone(),
        };
        leaf.push(json!({"type": kind, "name": name, "value": value}));
    }
    if let Some((name, partial)) = focused {
        let kind = option_kind(&defs, name, path)?;
        leaf.push(json!({"type": kind, "name": name, "value": partial, "focused": true}));
    }
    for (sub, kind) in subs.iter().zip(kinds).rev() {
        leaf = vec![json!({"type": kind, "name": sub, "options": leaf})];
    }
    let mut data = json!({
        "id": command["id"],
        "name": top,
        "type": 1,
        "options": leaf,
    });
    if let Some(guild) = command.get("guild_id") {
        data["guild_id"] = guild.clone();
    }
    if !resolved.is_empty() {
        data["resolved"] = Value::Object(resolved);
    }
    Ok(data)
}

fn option_kind(defs: &[Value], name: &str, path: &str) -> Result<u64, String> {
    defs.iter()
        .find(|o| o["name"].as_str() == Some(name))
        .and_then(|o| o["type"].as_u64())
        .ok_or_else(|| format!("/{path} has no option {name:?} (options: {:?})", names(defs)))
}

/// Fills `resolved` for user and channel options, as Discord does (poise reads them from there).
fn resolve(state: &State, kind: u64, id: &str, resolved: &mut Map<String, Value>) {
    let Ok(numeric) = id.parse::<u64>() else { return };
    let mut put = |section: &str, value: Value| {
        let entry = resolved.entry(section.to_string()).or_insert_with(|| json!({}));
        entry[id] = value;
    };
    match kind {
        USER | MENTIONABLE if state.channel(numeric).is_none() => {
            put("users", state.user_json(numeric));
            let mut member = state.member_json(numeric);
            if let Some(fields) = member.as_object_mut() {
                fields.remove("user");
            }
            put("members", member);
        }
        CHANNEL => {
            if let Some(channel) = state.channel(numeric) {
                put("channels", payloads::partial_channel(channel, state.member(numeric).permissions));
            }
        }
        ROLE => {
            let found = state.guilds.values().flat_map(|g| &g.roles).find(|r| r["id"].as_str() == Some(id));
            if let Some(role) = found {
                put("roles", role.clone());
            }
        }
        _ => {}
    }
}

/// `data` and channel of a button click or select on a stored message.
pub(crate) fn component_data(
    state: &State,
    message_id: u64,
    custom_id: &str,
    values: Option<&[&str]>,
) -> Result<(Value, u64, Value), String> {
    let message = state
        .messages
        .get(&message_id)
        .ok_or_else(|| format!("message {message_id} is not one the bot posted through the fake"))?;
    let component = find_component(message, custom_id).ok_or_else(|| {
        format!("message {message_id} has no component {custom_id:?} (it has {:?})", custom_ids(message))
    })?;
    if component["disabled"] == json!(true) {
        return Err(format!("component {custom_id:?} on message {message_id} is disabled"));
    }
    let kind = component["type"].as_u64().unwrap_or(0);
    let mut data = json!({"custom_id": custom_id, "component_type": kind});
    match (kind, values) {
        (2, None) => {}
        (2, Some(_)) => return Err(format!("{custom_id:?} is a button: use click, not select")),
        (3 | 5..=8, Some(values)) => {
            let min = component["min_values"].as_u64().unwrap_or(1) as usize;
            let max = component["max_values"].as_u64().unwrap_or(1) as usize;
            if values.len() < min || values.len() > max {
                return Err(format!("{custom_id:?} takes {min}..={max} values, got {}", values.len()));
            }
            if kind == 3 {
                let offered: Vec<&str> =
                    component["options"].as_array().into_iter().flatten().filter_map(|o| o["value"].as_str()).collect();
                if let Some(bad) = values.iter().find(|v| !offered.contains(v)) {
                    return Err(format!("{custom_id:?} offers no value {bad:?} (it offers {offered:?})"));
                }
            }
            data["values"] = json!(values);
        }
        (3 | 5..=8, None) => return Err(format!("{custom_id:?} is a select menu: use select, not click")),
        _ => return Err(format!("{custom_id:?} is a component of type {kind}, which cannot be used")),
    }
    let channel_id = message["channel_id"].as_str().and_then(|s| s.parse().ok()).unwrap_or(0);
    Ok((data, channel_id, message.clone()))
}

/// `data` of a modal submission: one text input per row.
pub(crate) fn modal_data(custom_id: &str, fields: &[(&str, &str)]) -> Value {
    let rows: Vec<Value> = fields
        .iter()
        .map(|(id, value)| json!({"type": 1, "components": [{"type": 4, "custom_id": id, "value": value}]}))
        .collect();
    json!({"custom_id": custom_id, "components": rows})
}

/// Checks that serenity can parse an interaction before it goes out: a payload it cannot parse would be
/// dropped with only a log line (and make the shard reconnect), and the test would hang instead of failing.
pub(crate) fn parse_check(interaction: &Value) -> Result<(), String> {
    serde_json::from_value::<serenity::all::Interaction>(interaction.clone())
        .map(|_| ())
        .map_err(|e| format!("serenity 0.12.5 cannot parse this interaction: {e}\n{interaction:#}"))
}
