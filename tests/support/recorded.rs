//! What the fake saw: every REST request the bot made, with what it answered.

use std::time::Instant;

use serde_json::Value;

/// One file of a multipart request.
#[derive(Clone, Debug)]
pub struct RecordedFile {
    /// The form field, e.g. `files[0]`.
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST request.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    /// Position in [`super::FakeDiscord::requests`] (0-based).
    pub seq: usize,
    pub method: String,
    /// The route without the `/api/v10` prefix, e.g. `/channels/123/messages`; other paths as they came.
    pub path: String,
    /// The raw query string (serenity writes `?&key=value`), empty if none.
    pub query: String,
    /// The JSON body, or the multipart `payload_json` part; `Null` if there was none.
    pub body: Value,
    /// The body when it was not JSON (kept so a broken body is visible in failures).
    pub raw_body: Option<String>,
    pub files: Vec<RecordedFile>,
    /// The interaction token in the route (callbacks and webhook routes), if any.
    pub token: Option<String>,
    /// The `Authorization` header as sent.
    pub authorization: Option<String>,
    /// What the fake answered.
    pub status: u16,
    pub response: Value,
    pub at: Instant,
}

impl RecordedRequest {
    /// `"POST /channels/1/messages"`, handy in assertions and failure messages.
    pub fn line(&self) -> String {
        format!("{} {}", self.method, self.path)
    }

    pub fn is(&self, method: &str, path: &str) -> bool {
        self.method == method && self.path == path
    }

    /// Path segments after `/api/v10`, e.g. `["channels", "1", "messages"]`.
    pub fn segments(&self) -> Vec<&str> {
        self.path.split('/').filter(|s| !s.is_empty()).collect()
    }

    pub fn is_callback(&self) -> bool {
        self.method == "POST" && self.path.starts_with("/interactions/") && self.path.ends_with("/callback")
    }

    /// The interaction response type of a callback (4 message, 5 deferred, 6 deferred update, 7 update,
    /// 8 autocomplete, 9 modal).
    pub fn callback_type(&self) -> Option<u64> {
        self.is_callback().then(|| self.body["type"].as_u64()).flatten()
    }

    /// The message part of the body: a callback's `data`, otherwise the body itself.
    pub fn message(&self) -> &Value {
        if self.is_callback() { &self.body["data"] } else { &self.body }
    }

    /// The message text sent, if any.
    pub fn content(&self) -> Option<&str> {
        self.message()["content"].as_str()
    }

    pub fn flags(&self) -> u64 {
        self.message()["flags"].as_u64().unwrap_or(0)
    }

    pub fn is_ephemeral(&self) -> bool {
        self.flags() & 64 != 0
    }

    /// Every `custom_id` in the message's components, in order.
    pub fn custom_ids(&self) -> Vec<String> {
        custom_ids(self.message())
    }

    pub fn succeeded(&self) -> bool {
        (200..300).contains(&self.status)
    }
}

/// Every `custom_id` in a message object's components (rows and their children), in order.
pub fn custom_ids(message: &Value) -> Vec<String> {
    let mut ids = Vec::new();
    collect_custom_ids(&message["components"], &mut ids);
    ids
}

fn collect_custom_ids(components: &Value, ids: &mut Vec<String>) {
    for component in components.as_array().into_iter().flatten() {
        if let Some(id) = component["custom_id"].as_str() {
            ids.push(id.to_string());
        }
        collect_custom_ids(&component["components"], ids);
    }
}

/// The component with this `custom_id` in a message object, if any.
pub fn find_component<'a>(message: &'a Value, custom_id: &str) -> Option<&'a Value> {
    fn walk<'a>(components: &'a Value, custom_id: &str) -> Option<&'a Value> {
        components.as_array()?.iter().find_map(|component| {
            if component["custom_id"].as_str() == Some(custom_id) {
                Some(component)
            } else {
                walk(&component["components"], custom_id)
            }
        })
    }
    walk(&message["components"], custom_id)
}
