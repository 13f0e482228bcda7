//! Discord's limits on what a bot may send (shared/notes/discord.md), checked on every payload the bot sends.
//!
//! Real Discord refuses a payload that breaks them, so the fake records a [`Violation`] and refuses it too
//! (400 Invalid Form Body, 413 for an oversized file), and the bot's error paths run as in production.

use std::collections::HashSet;
use std::fmt;

use serde_json::Value;

use super::recorded::RecordedRequest;

pub const CONTENT_MAX: usize = 2000;
pub const EMBEDS_MAX: usize = 10;
pub const EMBEDS_TOTAL_MAX: usize = 6000;
pub const EMBED_TITLE_MAX: usize = 256;
pub const EMBED_DESCRIPTION_MAX: usize = 4096;
pub const EMBED_FIELDS_MAX: usize = 25;
pub const EMBED_FIELD_NAME_MAX: usize = 256;
pub const EMBED_FIELD_VALUE_MAX: usize = 1024;
pub const EMBED_FOOTER_MAX: usize = 2048;
pub const EMBED_AUTHOR_MAX: usize = 256;
pub const ACTION_ROWS_MAX: usize = 5;
pub const BUTTONS_PER_ROW_MAX: usize = 5;
pub const SELECT_OPTIONS_MAX: usize = 25;
pub const SELECT_OPTION_TEXT_MAX: usize = 100;
pub const SELECT_PLACEHOLDER_MAX: usize = 150;
pub const BUTTON_LABEL_MAX: usize = 80;
pub const CUSTOM_ID_MAX: usize = 100;
/// An attachment's description.
pub const DESCRIPTION_MAX: usize = 1024;
pub const FILES_MAX: usize = 10;
pub const MENTIONS_MAX: usize = 100;
pub const AUTOCOMPLETE_CHOICES_MAX: usize = 25;
pub const CHOICE_TEXT_MAX: usize = 100;
pub const MODAL_TITLE_MAX: usize = 45;
pub const TEXT_INPUT_LABEL_MAX: usize = 45;
pub const TEXT_INPUT_VALUE_MAX: usize = 4000;
pub const TEXT_INPUT_PLACEHOLDER_MAX: usize = 100;
pub const THREAD_NAME_MAX: usize = 100;
pub const COMMAND_NAME_MAX: usize = 32;
pub const COMMAND_DESCRIPTION_MAX: usize = 100;
pub const COMMAND_OPTIONS_MAX: usize = 25;
pub const COMMAND_CHOICES_MAX: usize = 25;
pub const CHAT_COMMANDS_MAX: usize = 100;

/// Discord error codes the fake answers with.
pub mod codes {
    pub const INVALID_FORM_BODY: u64 = 50035;
    pub const EMPTY_MESSAGE: u64 = 50006;
    pub const ENTITY_TOO_LARGE: u64 = 40005;
    pub const UNKNOWN_INTERACTION: u64 = 10062;
    pub const ALREADY_ACKNOWLEDGED: u64 = 40060;
}

/// Message flag: the message uses the newer "components v2" layout, which this checker does not model.
const IS_COMPONENTS_V2: u64 = 1 << 15;

/// One broken limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// Where, dot-separated as Discord reports it: `data.components.0.components.1.label`.
    pub location: String,
    pub problem: String,
    /// The Discord error code the fake answered with (see [`codes`]).
    pub code: u64,
    /// The request it was found in (`POST /channels/1/messages #3`); empty for a payload checked by hand.
    pub request: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = if self.location.is_empty() { "(payload)" } else { &self.location };
        if self.request.is_empty() {
            write!(f, "{place}: {}", self.problem)
        } else {
            write!(f, "{}: {place}: {}", self.request, self.problem)
        }
    }
}

/// Size of the files of a message, for the file checks.
#[derive(Clone, Copy, Debug)]
pub struct FileSize {
    pub bytes: u64,
}

/// Checks a message payload (content, embeds, components, files). `creating` is false for edits, where
/// every field is optional.
pub fn check_message(
    message: &Value,
    files: &[FileSize],
    attachment_size_limit: u64,
    creating: bool,
) -> Vec<Violation> {
    let mut checker = Checker::default();
    checker.message(message, files, attachment_size_limit, creating);
    checker.found
}

/// Checks an autocomplete answer's `data` (`{"choices": [...]}`).
pub fn check_autocomplete(data: &Value) -> Vec<Violation> {
    let mut checker = Checker::default();
    checker.autocomplete(data);
    checker.found
}

/// Checks a modal's `data` (title, custom_id, rows of text inputs).
pub fn check_modal(data: &Value) -> Vec<Violation> {
    let mut checker = Checker::default();
    checker.modal(data);
    checker.found
}

/// Checks command registration: one command object, or the array a bulk overwrite sends.
pub fn check_commands(body: &Value) -> Vec<Violation> {
    let mut checker = Checker::default();
    match body {
        Value::Array(commands) => {
            let chat = commands.iter().filter(|c| c["type"].as_u64().unwrap_or(1) == 1).count();
            if chat > CHAT_COMMANDS_MAX {
                checker.invalid("", format!("{chat} slash commands, at most {CHAT_COMMANDS_MAX}"));
            }
            checker.unique_names("", commands);
            for (i, command) in commands.iter().enumerate() {
                checker.command(&format!("{i}."), command);
            }
        }
        command => checker.command("", command),
    }
    checker.found
}

/// Checks whatever payload a recorded request carries; `attachment_size_limit` is the interaction's, or the
/// default for channel posts.
pub fn check_request(request: &RecordedRequest, attachment_size_limit: u64) -> Vec<Violation> {
    let mut checker = Checker::default();
    let files: Vec<FileSize> = request.files.iter().map(|f| FileSize { bytes: f.bytes.len() as u64 }).collect();
    let segments = request.segments();
    let method = request.method.as_str();
    if request.body.is_null() && request.raw_body.is_some() {
        checker.push("", "the body is not JSON".into(), codes::INVALID_FORM_BODY);
    }
    match (method, segments.as_slice()) {
        ("POST", ["interactions", _, _, "callback"]) => {
            checker.prefix = "data.".into();
            let data = &request.body["data"];
            match request.body["type"].as_u64() {
                Some(4) => checker.message(data, &files, attachment_size_limit, true),
                Some(7) => checker.message(data, &files, attachment_size_limit, false),
                Some(5) | Some(6) => checker.files(&files, attachment_size_limit),
                Some(8) => checker.autocomplete(data),
                Some(9) => checker.modal(data),
                other => {
                    checker.prefix.clear();
                    checker.push(
                        "type",
                        format!("unknown interaction response type {other:?}"),
                        codes::INVALID_FORM_BODY,
                    )
                }
            }
        }
        ("POST", ["webhooks", _, _]) | ("POST", ["channels", _, "messages"]) => {
            checker.message(&request.body, &files, attachment_size_limit, true)
        }
        ("PATCH", ["webhooks", _, _, "messages", _]) | ("PATCH", ["channels", _, "messages", _]) => {
            checker.message(&request.body, &files, attachment_size_limit, false)
        }
        ("PUT" | "POST", ["applications", _, "commands"])
        | ("PUT" | "POST", ["applications", _, "guilds", _, "commands"]) => {
            checker.found.extend(check_commands(&request.body));
        }
        ("POST", ["channels", _, "threads"]) | ("POST", ["channels", _, "messages", _, "threads"]) => {
            checker.text("name", &request.body["name"], 1, THREAD_NAME_MAX, true);
        }
        _ => {}
    }
    // The bot's own rule, held like Discord's: every picture it sends says what it shows.
    let message = if request.body["data"].is_object() { &request.body["data"] } else { &request.body };
    for file in request.files.iter().filter(|f| f.filename.ends_with(".png") || f.filename.ends_with(".gif")) {
        let listed = message["attachments"].as_array().into_iter().flatten().find(|a| a["filename"] == *file.filename);
        if listed.and_then(|a| a["description"].as_str()).is_none_or(|d| d.trim().is_empty()) {
            checker.invalid(&format!("attachments.{}", file.filename), "a picture with no description".into());
        }
    }
    let label = format!("{} #{}", request.line(), request.seq);
    checker.found.into_iter().map(|v| Violation { request: label.clone(), ..v }).collect()
}

#[derive(Default)]
struct Checker {
    prefix: String,
    found: Vec<Violation>,
}

fn chars(value: &Value) -> usize {
    value.as_str().map_or(0, |s| s.chars().count())
}

impl Checker {
    fn push(&mut self, location: &str, problem: String, code: u64) {
        let location = format!("{}{location}", self.prefix).trim_end_matches('.').to_string();
        self.found.push(Violation { location, problem, code, request: String::new() });
    }

    fn invalid(&mut self, location: &str, problem: String) {
        self.push(location, problem, codes::INVALID_FORM_BODY);
    }

    /// A string field of `min..=max` characters; absent or null is fine unless `required`.
    fn text(&mut self, location: &str, value: &Value, min: usize, max: usize, required: bool) {
        match value {
            Value::Null if required => self.invalid(location, "is required".into()),
            Value::Null => {}
            Value::String(s) => {
                let n = s.chars().count();
                if n < min || n > max {
                    self.invalid(location, format!("has {n} characters, allowed {min}..={max}"));
                }
            }
            other => self.invalid(location, format!("must be a string, got {other}")),
        }
    }

    fn message(&mut self, message: &Value, files: &[FileSize], limit: u64, creating: bool) {
        self.text("content", &message["content"], 0, CONTENT_MAX, false);
        self.embeds(&message["embeds"]);
        let flags = message["flags"].as_u64().unwrap_or(0);
        if flags & IS_COMPONENTS_V2 == 0 {
            self.components(&message["components"]);
        }
        self.files(files, limit);
        self.allowed_mentions(&message["allowed_mentions"]);
        if let Some(attachments) = message["attachments"].as_array() {
            if attachments.len() > FILES_MAX {
                self.invalid("attachments", format!("{} attachments, at most {FILES_MAX}", attachments.len()));
            }
            for (i, a) in attachments.iter().enumerate() {
                self.text(&format!("attachments.{i}.description"), &a["description"], 0, DESCRIPTION_MAX, false);
            }
        }
        let has = |key: &str| match &message[key] {
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Null => false,
            _ => true,
        };
        let has_attachments = !files.is_empty() || has("attachments");
        if creating
            && !(has("content") || has("embeds") || has("components") || has("sticker_ids") || has("poll"))
            && !has_attachments
        {
            self.push("", "cannot send an empty message".into(), codes::EMPTY_MESSAGE);
        }
    }

    /// Discord refuses a list of users or roles that names one twice, or more than 100, and a list beside
    /// the same kind in `parse`.
    fn allowed_mentions(&mut self, mentions: &Value) {
        for kind in ["users", "roles"] {
            let Some(list) = mentions[kind].as_array() else { continue };
            let mut seen = std::collections::HashSet::new();
            if let Some(twice) = list.iter().find(|id| !seen.insert(id.to_string())) {
                self.invalid(&format!("allowed_mentions.{kind}"), format!("{twice} is listed twice"));
            }
            if list.len() > MENTIONS_MAX {
                self.invalid(
                    &format!("allowed_mentions.{kind}"),
                    format!("{} ids, at most {MENTIONS_MAX}", list.len()),
                );
            }
            let parsed = mentions["parse"].as_array().is_some_and(|p| p.iter().any(|k| k == kind));
            if parsed && !list.is_empty() {
                self.invalid("allowed_mentions.parse", format!("'{kind}' is parsed and listed"));
            }
        }
    }

    fn files(&mut self, files: &[FileSize], limit: u64) {
        if files.len() > FILES_MAX {
            self.invalid("files", format!("{} files, at most {FILES_MAX}", files.len()));
        }
        for (i, file) in files.iter().enumerate() {
            if file.bytes > limit {
                let problem = format!("file of {} bytes, the limit is {limit}", file.bytes);
                self.push(&format!("files.{i}"), problem, codes::ENTITY_TOO_LARGE);
            }
        }
    }

    fn embeds(&mut self, embeds: &Value) {
        let Some(embeds) = embeds.as_array() else { return };
        if embeds.len() > EMBEDS_MAX {
            self.invalid("embeds", format!("{} embeds, at most {EMBEDS_MAX}", embeds.len()));
        }
        let mut total = 0;
        for (i, embed) in embeds.iter().enumerate() {
            let at = |field: &str| format!("embeds.{i}.{field}");
            self.text(&at("title"), &embed["title"], 0, EMBED_TITLE_MAX, false);
            self.text(&at("description"), &embed["description"], 0, EMBED_DESCRIPTION_MAX, false);
            self.text(&at("footer.text"), &embed["footer"]["text"], 0, EMBED_FOOTER_MAX, false);
            self.text(&at("author.name"), &embed["author"]["name"], 0, EMBED_AUTHOR_MAX, false);
            total += chars(&embed["title"])
                + chars(&embed["description"])
                + chars(&embed["footer"]["text"])
                + chars(&embed["author"]["name"]);
            let fields = embed["fields"].as_array().map_or(&[][..], Vec::as_slice);
            if fields.len() > EMBED_FIELDS_MAX {
                self.invalid(&at("fields"), format!("{} fields, at most {EMBED_FIELDS_MAX}", fields.len()));
            }
            for (j, field) in fields.iter().enumerate() {
                self.text(&at(&format!("fields.{j}.name")), &field["name"], 1, EMBED_FIELD_NAME_MAX, true);
                self.text(&at(&format!("fields.{j}.value")), &field["value"], 1, EMBED_FIELD_VALUE_MAX, true);
                total += chars(&field["name"]) + chars(&field["value"]);
            }
        }
        if total > EMBEDS_TOTAL_MAX {
            self.invalid("embeds", format!("{total} characters across embeds, at most {EMBEDS_TOTAL_MAX}"));
        }
    }

    fn components(&mut self, rows: &Value) {
        let Some(rows) = rows.as_array() else { return };
        if rows.len() > ACTION_ROWS_MAX {
            self.invalid("components", format!("{} action rows, at most {ACTION_ROWS_MAX}", rows.len()));
        }
        let mut seen = HashSet::new();
        for (i, row) in rows.iter().enumerate() {
            let at = format!("components.{i}");
            if row["type"].as_u64() != Some(1) {
                self.invalid(&at, format!("top-level component of type {} is not an action row", row["type"]));
                continue;
            }
            let children = row["components"].as_array().map_or(&[][..], Vec::as_slice);
            let selects = children.iter().filter(|c| matches!(c["type"].as_u64(), Some(3 | 5..=8))).count();
            let buttons = children.iter().filter(|c| c["type"].as_u64() == Some(2)).count();
            if children.is_empty() {
                self.invalid(&at, "an action row must hold at least one component".into());
            } else if selects > 0 && children.len() > 1 {
                self.invalid(&at, "a select menu must be alone in its action row".into());
            } else if buttons > BUTTONS_PER_ROW_MAX {
                self.invalid(&at, format!("{buttons} buttons in a row, at most {BUTTONS_PER_ROW_MAX}"));
            }
            for (j, component) in children.iter().enumerate() {
                let at = format!("{at}.components.{j}");
                match component["type"].as_u64() {
                    Some(2) => self.button(&at, component),
                    Some(3 | 5..=8) => self.select(&at, component),
                    other => self.invalid(&at, format!("component type {other:?} cannot go in a message row")),
                }
                if let Some(id) = component["custom_id"].as_str()
                    && !seen.insert(id.to_string())
                {
                    self.invalid(&format!("{at}.custom_id"), format!("custom_id {id:?} is used twice"));
                }
            }
        }
    }

    fn button(&mut self, at: &str, button: &Value) {
        let field = |name: &str| format!("{at}.{name}");
        self.text(&field("label"), &button["label"], 0, BUTTON_LABEL_MAX, false);
        let has_url = !button["url"].is_null();
        let has_id = !button["custom_id"].is_null();
        match button["style"].as_u64() {
            Some(5) => {
                if !has_url {
                    self.invalid(&field("url"), "a link button needs a url".into());
                }
                if has_id {
                    self.invalid(&field("custom_id"), "a link button cannot have a custom_id".into());
                }
            }
            Some(6) => {
                if button["sku_id"].is_null() {
                    self.invalid(&field("sku_id"), "a premium button needs a sku_id".into());
                }
            }
            Some(1..=4) => {
                self.text(&field("custom_id"), &button["custom_id"], 1, CUSTOM_ID_MAX, true);
                if has_url {
                    self.invalid(&field("url"), "only link buttons have a url".into());
                }
            }
            other => self.invalid(&field("style"), format!("unknown button style {other:?}")),
        }
        let labelled = button["label"].as_str().is_some_and(|s| !s.is_empty()) || !button["emoji"].is_null();
        if button["style"].as_u64() != Some(6) && !labelled {
            self.invalid(&field("label"), "a button needs a label or an emoji".into());
        }
    }

    fn select(&mut self, at: &str, select: &Value) {
        let field = |name: &str| format!("{at}.{name}");
        self.text(&field("custom_id"), &select["custom_id"], 1, CUSTOM_ID_MAX, true);
        self.text(&field("placeholder"), &select["placeholder"], 0, SELECT_PLACEHOLDER_MAX, false);
        let min = select["min_values"].as_u64().unwrap_or(1);
        let max = select["max_values"].as_u64().unwrap_or(1);
        if min > 25 {
            self.invalid(&field("min_values"), format!("min_values {min}, allowed 0..=25"));
        }
        if !(1..=25).contains(&max) {
            self.invalid(&field("max_values"), format!("max_values {max}, allowed 1..=25"));
        }
        if min > max {
            self.invalid(&field("min_values"), format!("min_values {min} is above max_values {max}"));
        }
        if select["type"].as_u64() != Some(3) {
            return;
        }
        let options = select["options"].as_array().map_or(&[][..], Vec::as_slice);
        let n = options.len();
        if !(1..=SELECT_OPTIONS_MAX).contains(&n) {
            self.invalid(&field("options"), format!("{n} options, allowed 1..={SELECT_OPTIONS_MAX}"));
        }
        if max as usize > n && n > 0 {
            self.invalid(&field("max_values"), format!("max_values {max} is above the {n} options"));
        }
        let mut values = HashSet::new();
        for (k, option) in options.iter().enumerate() {
            let opt = |name: &str| format!("{at}.options.{k}.{name}");
            self.text(&opt("label"), &option["label"], 1, SELECT_OPTION_TEXT_MAX, true);
            self.text(&opt("value"), &option["value"], 1, SELECT_OPTION_TEXT_MAX, true);
            self.text(&opt("description"), &option["description"], 0, SELECT_OPTION_TEXT_MAX, false);
            if let Some(value) = option["value"].as_str()
                && !values.insert(value)
            {
                self.invalid(&opt("value"), format!("option value {value:?} is used twice"));
            }
        }
    }

    fn autocomplete(&mut self, data: &Value) {
        let choices = data["choices"].as_array().map_or(&[][..], Vec::as_slice);
        if choices.len() > AUTOCOMPLETE_CHOICES_MAX {
            let problem = format!("{} choices, at most {AUTOCOMPLETE_CHOICES_MAX}", choices.len());
            self.invalid("choices", problem);
        }
        for (i, choice) in choices.iter().enumerate() {
            self.text(&format!("choices.{i}.name"), &choice["name"], 1, CHOICE_TEXT_MAX, true);
            if choice["value"].is_string() {
                self.text(&format!("choices.{i}.value"), &choice["value"], 0, CHOICE_TEXT_MAX, true);
            }
        }
    }

    /// A command (`at` ends with a dot or is empty): names, descriptions, options, choices.
    fn command(&mut self, at: &str, command: &Value) {
        let chat = command["type"].as_u64().unwrap_or(1) == 1;
        self.text(&format!("{at}name"), &command["name"], 1, COMMAND_NAME_MAX, true);
        if chat {
            self.slash_name(&format!("{at}name"), &command["name"]);
            self.text(&format!("{at}description"), &command["description"], 1, COMMAND_DESCRIPTION_MAX, true);
            self.options(&format!("{at}options"), &command["options"]);
        } else if command["description"].as_str().is_some_and(|d| !d.is_empty()) {
            self.invalid(&format!("{at}description"), "context menu commands have no description".into());
        }
    }

    fn options(&mut self, at: &str, options: &Value) {
        let options = options.as_array().map_or(&[][..], Vec::as_slice);
        if options.len() > COMMAND_OPTIONS_MAX {
            self.invalid(at, format!("{} options, at most {COMMAND_OPTIONS_MAX}", options.len()));
        }
        self.unique_names(&format!("{at}."), options);
        let mut optional_seen = false;
        for (i, option) in options.iter().enumerate() {
            let field = |name: &str| format!("{at}.{i}.{name}");
            self.text(&field("name"), &option["name"], 1, COMMAND_NAME_MAX, true);
            self.slash_name(&field("name"), &option["name"]);
            self.text(&field("description"), &option["description"], 1, COMMAND_DESCRIPTION_MAX, true);
            let required = option["required"] == Value::Bool(true);
            if required && optional_seen {
                self.invalid(&field("required"), "required options must come before optional ones".into());
            }
            optional_seen |= !required && !matches!(option["type"].as_u64(), Some(1 | 2));
            let choices = option["choices"].as_array().map_or(&[][..], Vec::as_slice);
            if choices.len() > COMMAND_CHOICES_MAX {
                self.invalid(&field("choices"), format!("{} choices, at most {COMMAND_CHOICES_MAX}", choices.len()));
            }
            for (j, choice) in choices.iter().enumerate() {
                self.text(&field(&format!("choices.{j}.name")), &choice["name"], 1, CHOICE_TEXT_MAX, true);
                if choice["value"].is_string() {
                    self.text(&field(&format!("choices.{j}.value")), &choice["value"], 1, CHOICE_TEXT_MAX, true);
                }
            }
            if matches!(option["type"].as_u64(), Some(1 | 2)) {
                self.options(&field("options"), &option["options"]);
            }
        }
    }

    /// Slash command and option names: lowercase, no spaces (Discord's `^[-_'\p{L}\p{N}]{1,32}$`, lowercased).
    fn slash_name(&mut self, at: &str, name: &Value) {
        let Some(name) = name.as_str() else { return };
        let valid = name.chars().all(|c| matches!(c, '-' | '_' | '\'') || (c.is_alphanumeric() && !c.is_uppercase()));
        if !valid {
            self.invalid(at, format!("{name:?} must be lowercase letters, digits, '-' or '_'"));
        }
    }

    /// `prefix` is where the list is, ending with a dot or empty.
    fn unique_names(&mut self, prefix: &str, items: &[Value]) {
        let mut seen = HashSet::new();
        for (i, item) in items.iter().enumerate() {
            let key = (item["name"].as_str().unwrap_or(""), item["type"].as_u64().unwrap_or(1));
            if !seen.insert(key) {
                self.invalid(&format!("{prefix}{i}.name"), format!("name {:?} is used twice", key.0));
            }
        }
    }

    fn modal(&mut self, data: &Value) {
        self.text("title", &data["title"], 1, MODAL_TITLE_MAX, true);
        self.text("custom_id", &data["custom_id"], 1, CUSTOM_ID_MAX, true);
        let rows = data["components"].as_array().map_or(&[][..], Vec::as_slice);
        if !(1..=ACTION_ROWS_MAX).contains(&rows.len()) {
            self.invalid("components", format!("{} rows, allowed 1..={ACTION_ROWS_MAX}", rows.len()));
        }
        for (i, row) in rows.iter().enumerate() {
            let inputs = row["components"].as_array().map_or(&[][..], Vec::as_slice);
            if row["type"].as_u64() != Some(1) || inputs.len() != 1 || inputs[0]["type"].as_u64() != Some(4) {
                self.invalid(&format!("components.{i}"), "each modal row holds exactly one text input".into());
                continue;
            }
            let input = &inputs[0];
            let at = |name: &str| format!("components.{i}.components.0.{name}");
            self.text(&at("custom_id"), &input["custom_id"], 1, CUSTOM_ID_MAX, true);
            self.text(&at("label"), &input["label"], 1, TEXT_INPUT_LABEL_MAX, true);
            self.text(&at("placeholder"), &input["placeholder"], 0, TEXT_INPUT_PLACEHOLDER_MAX, false);
            self.text(&at("value"), &input["value"], 0, TEXT_INPUT_VALUE_MAX, false);
            if let Some(min) = input["min_length"].as_u64()
                && min > TEXT_INPUT_VALUE_MAX as u64
            {
                self.invalid(&at("min_length"), format!("min_length {min}, allowed 0..=4000"));
            }
            if let Some(max) = input["max_length"].as_u64()
                && !(1..=TEXT_INPUT_VALUE_MAX as u64).contains(&max)
            {
                self.invalid(&at("max_length"), format!("max_length {max}, allowed 1..=4000"));
            }
        }
    }
}

/// Discord's `errors` tree for a list of violations: `{"content": {"_errors": [{code, message}]}}`.
pub fn errors_tree(violations: &[Violation]) -> Value {
    let mut tree = serde_json::Map::new();
    for violation in violations {
        let path: Vec<&str> = violation.location.split('.').filter(|s| !s.is_empty()).collect();
        let error = serde_json::json!({"code": "FAKE_DISCORD_LIMIT", "message": violation.problem});
        insert_error(&mut tree, &path, error);
    }
    Value::Object(tree)
}

fn insert_error(node: &mut serde_json::Map<String, Value>, path: &[&str], error: Value) {
    let (key, rest) = match path.split_first() {
        Some((segment, rest)) => (*segment, rest),
        None => ("_errors", &[][..]),
    };
    let child = node.entry(key.to_string()).or_insert_with(|| {
        if rest.is_empty() && key == "_errors" { Value::Array(Vec::new()) } else { Value::Object(Default::default()) }
    });
    match child {
        Value::Array(list) => list.push(error),
        Value::Object(map) => insert_error(map, rest, error),
        _ => {}
    }
}
