//! Snowflakes and timestamps in Discord's formats, without a date crate.

use std::time::{SystemTime, UNIX_EPOCH};

/// Discord's epoch (2015-01-01T00:00:00Z) in Unix milliseconds.
pub const DISCORD_EPOCH_MS: u64 = 1_420_070_400_000;

pub fn now_ms() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(DISCORD_EPOCH_MS, |d| d.as_millis() as u64)
}

/// The creation time (Unix ms) encoded in a snowflake.
pub fn snowflake_ms(id: u64) -> u64 {
    (id >> 22) + DISCORD_EPOCH_MS
}

/// A snowflake for "now", strictly greater than `last` so ids stay ordered, and unique in the whole test
/// process, as Discord's are everywhere: two fakes side by side never hand out the same id (tests that
/// find their interactions' log lines by id share one log).
pub fn next_snowflake(last: u64) -> u64 {
    static LAST: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let timed = now_ms().saturating_sub(DISCORD_EPOCH_MS) << 22;
    let pick = |prev: u64| timed.max(last + 1).max(prev + 1);
    let mut prev = LAST.load(std::sync::atomic::Ordering::SeqCst);
    loop {
        match LAST.compare_exchange(
            prev,
            pick(prev),
            std::sync::atomic::Ordering::SeqCst,
            std::sync::atomic::Ordering::SeqCst,
        ) {
            Ok(_) => return pick(prev),
            Err(now) => prev = now,
        }
    }
}

/// RFC 3339 with milliseconds and a `+00:00` offset, as Discord writes timestamps.
pub fn iso8601(unix_ms: u64) -> String {
    let secs = unix_ms / 1000;
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}+00:00",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        unix_ms % 1000
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}
