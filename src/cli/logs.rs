//! Logs on standard error: plain text (coloured only on a terminal), or one JSON object a line for log
//! collectors. The filter was checked with the configuration.

use std::io::IsTerminal;

pub fn init(level: &str, format: &str) {
    let filter =
        tracing_subscriber::EnvFilter::try_new(level).unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    let _ = if format == "json" {
        builder.json().with_current_span(true).with_span_list(false).try_init()
    } else {
        builder.with_ansi(std::io::stderr().is_terminal()).try_init()
    };
}
