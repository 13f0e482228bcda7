//! Messages as plain data: text, an optional file (a picture), buttons and menus. Everything the bot says is
//! built as a `Msg` first, checked against Discord's limits in tests, and turned into Discord's builders
//! in one place (`send.rs`).

use crate::service::UserId;
use std::collections::BTreeSet;

/// Discord's limits for classic components and messages.
pub mod limits {
    pub const CONTENT: usize = 2000;
    pub const ROWS: usize = 5;
    pub const BUTTONS_PER_ROW: usize = 5;
    pub const SELECT_OPTIONS: usize = 25;
    pub const BUTTON_LABEL: usize = 80;
    pub const OPTION_TEXT: usize = 100;
    pub const PLACEHOLDER: usize = 150;
    pub const CUSTOM_ID: usize = 100;
    /// An attachment's description.
    pub const DESCRIPTION: usize = 1024;
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub id: String,
    pub label: String,
    pub style: Style,
    pub disabled: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    pub description: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Select {
    pub id: String,
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Buttons(Vec<Button>),
    Select(Select),
}

/// A form with one long text field (a setup pasted as rows), opened by a button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The custom id the submitted form comes back with.
    pub id: String,
    pub title: String,
    pub label: String,
    pub placeholder: String,
}

/// The id of a form's one field.
pub const FORM_FIELD: &str = "text";

/// A file to attach: a board picture, or a text too long for a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
    /// What it shows, in words (a picture's text alternative, read aloud by screen readers).
    pub description: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Msg {
    pub content: String,
    pub rows: Vec<Row>,
    pub file: Option<Attachment>,
    /// Users this message pings (everyone else mentioned is shown without a notification), each once:
    /// Discord refuses a message that lists a user twice.
    pub ping: BTreeSet<UserId>,
    /// Post without a notification sound (routine updates).
    pub silent: bool,
}

/// Text a member wrote (a game's title), shown as written and nothing more: Markdown, mentions, masked
/// links and bare links are escaped, so the bot never lends its voice to formatting, pings or links.
pub fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '<' | '#' | '[' | ']' | '(' | ')' | '@' | ':' | '/' | '-'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Text a member wrote, for a place Discord shows as it is (a thread's name): only letters, digits, spaces
/// and plain punctuation are kept, so no mention or link syntax survives there either.
pub fn plain_name(text: &str) -> String {
    let kept: String =
        text.chars().filter(|c| c.is_alphanumeric() || c.is_whitespace() || ".,!?'&+/".contains(*c)).collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Cut text to at most `max` characters, marking the cut.
pub fn clip(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

impl Button {
    pub fn new(id: String, label: &str, style: Style) -> Button {
        Button { id, label: clip(label, limits::BUTTON_LABEL), style, disabled: false }
    }
}

impl SelectOption {
    pub fn new(label: &str, value: &str, description: Option<&str>) -> SelectOption {
        SelectOption {
            label: clip(label, limits::OPTION_TEXT),
            value: value.to_string(),
            description: description.map(|d| clip(d, limits::OPTION_TEXT)),
        }
    }
}

impl Msg {
    pub fn text(content: impl Into<String>) -> Msg {
        Msg { content: clip(&content.into(), limits::CONTENT), ..Msg::default() }
    }

    /// Everything in this message that breaks one of Discord's limits (empty when it can be sent).
    pub fn violations(&self) -> Vec<String> {
        let mut v = Vec::new();
        if self.content.chars().count() > limits::CONTENT {
            v.push(format!("content has {} characters", self.content.chars().count()));
        }
        if self.content.is_empty() && self.file.is_none() && self.rows.is_empty() {
            v.push("an empty message".into());
        }
        if self.rows.len() > limits::ROWS {
            v.push(format!("{} action rows", self.rows.len()));
        }
        let mut ids = Vec::new();
        let mut check_id = |id: &str, v: &mut Vec<String>| {
            if id.is_empty() || id.len() > limits::CUSTOM_ID {
                v.push(format!("custom id of {} characters: {id}", id.len()));
            }
            if ids.contains(&id.to_string()) {
                v.push(format!("custom id used twice: {id}"));
            }
            ids.push(id.to_string());
        };
        for (i, row) in self.rows.iter().enumerate() {
            match row {
                Row::Buttons(b) => {
                    if b.is_empty() || b.len() > limits::BUTTONS_PER_ROW {
                        v.push(format!("row {i} has {} buttons", b.len()));
                    }
                    for button in b {
                        check_id(&button.id, &mut v);
                        let n = button.label.chars().count();
                        if n == 0 || n > limits::BUTTON_LABEL {
                            v.push(format!("button label of {n} characters"));
                        }
                    }
                }
                Row::Select(s) => {
                    check_id(&s.id, &mut v);
                    v.extend(select_violations(i, s));
                }
            }
        }
        v
    }
}

/// What breaks Discord's limits in the select menu of row `i` (its id aside).
fn select_violations(i: usize, s: &Select) -> Vec<String> {
    let mut v = Vec::new();
    if s.options.is_empty() || s.options.len() > limits::SELECT_OPTIONS {
        v.push(format!("select {i} has {} options", s.options.len()));
    }
    if s.placeholder.chars().count() > limits::PLACEHOLDER {
        v.push("select placeholder too long".into());
    }
    let mut values = Vec::new();
    for o in &s.options {
        for (what, text) in
            [("label", Some(&o.label)), ("value", Some(&o.value)), ("description", o.description.as_ref())]
        {
            if let Some(t) = text {
                let n = t.chars().count();
                if n > limits::OPTION_TEXT || (what != "description" && n == 0) {
                    v.push(format!("option {what} of {n} characters"));
                }
            }
        }
        if values.contains(&o.value) {
            v.push(format!("option value used twice: {}", o.value));
        }
        values.push(o.value.clone());
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_keeps_text_within_limits() {
        assert_eq!(clip("short", 10), "short");
        let c = clip(&"x".repeat(3000), limits::CONTENT);
        assert_eq!(c.chars().count(), limits::CONTENT);
        assert!(c.ends_with('…'));
    }

    #[test]
    fn the_checker_catches_each_limit() {
        let mut m = Msg::text("hi");
        assert!(m.violations().is_empty());
        m.rows = (0..6).map(|i| Row::Buttons(vec![Button::new(format!("b{i}"), "x", Style::Primary)])).collect();
        assert!(m.violations().iter().any(|v| v.contains("6 action rows")));
        m.rows = vec![Row::Buttons((0..6).map(|i| Button::new(format!("b{i}"), "x", Style::Primary)).collect())];
        assert!(m.violations().iter().any(|v| v.contains("6 buttons")));
        m.rows = vec![Row::Select(Select {
            id: "s".into(),
            placeholder: "p".into(),
            options: (0..26).map(|i| SelectOption::new("o", &i.to_string(), None)).collect(),
        })];
        assert!(m.violations().iter().any(|v| v.contains("26 options")));
        m.rows = vec![Row::Buttons(vec![
            Button::new("same".into(), "a", Style::Primary),
            Button::new("same".into(), "b", Style::Primary),
        ])];
        assert!(m.violations().iter().any(|v| v.contains("used twice")));
        m.rows = vec![Row::Buttons(vec![Button::new("x".repeat(101), "a", Style::Primary)])];
        assert!(m.violations().iter().any(|v| v.contains("custom id of 101")));
    }
}
