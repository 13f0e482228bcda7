//! One bot per database: `serve` holds an exclusive lock on `NAME.lock` beside the database while it
//! runs. The operating system releases the lock when the process ends, however it ends, so a bot that
//! died leaves nothing in the way of the next one.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error("another gambit serve is using {db} ({holder}): stop it first, or give this one another database")]
    Held { db: PathBuf, holder: String },
    #[error("cannot lock {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

impl LockError {
    /// The database is on a read-only filesystem: nobody can be writing it, so reading it needs no lock
    /// (a source mounted read-only, such as a container's `:ro` volume).
    pub fn unwritable(&self) -> bool {
        matches!(self, LockError::Io { source, .. } if source.kind() == std::io::ErrorKind::ReadOnlyFilesystem)
    }
}

/// The lock, held until dropped.
#[derive(Debug)]
pub struct InstanceLock {
    _file: File,
}

fn hostname() -> String {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| std::fs::read_to_string(p).ok())
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "an unknown host".into())
}

/// A Unix time as `YYYY-MM-DD HH:MM UTC`.
pub fn utc(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

impl InstanceLock {
    /// Take the lock of the database at `db`, or say who holds it.
    pub fn take(db: &Path) -> Result<InstanceLock, LockError> {
        let mut name = db.as_os_str().to_owned();
        name.push(".lock");
        let path = PathBuf::from(name);
        let io = |source| LockError::Io { path: path.clone(), source };
        if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        let mut file =
            OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(io)?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                let mut holder = String::new();
                let _ = file.read_to_string(&mut holder);
                let holder = if holder.trim().is_empty() {
                    "a process that did not say".into()
                } else {
                    holder.trim().to_string()
                };
                return Err(LockError::Held { db: db.to_path_buf(), holder });
            }
            Err(TryLockError::Error(e)) => return Err(io(e)),
        }
        let me = format!("pid {} on {}, since {}", std::process::id(), hostname(), utc(super::now()));
        file.set_len(0).map_err(io)?;
        file.rewind().map_err(io)?;
        file.write_all(me.as_bytes()).map_err(io)?;
        file.flush().map_err(io)?;
        Ok(InstanceLock { _file: file })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_with_the_holder_and_free_once_the_first_is_gone() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("g.db");
        let first = InstanceLock::take(&db).unwrap();
        let e = InstanceLock::take(&db).unwrap_err().to_string();
        assert!(e.contains(&format!("pid {}", std::process::id())) && e.contains("since 20"), "{e}");
        drop(first);
        InstanceLock::take(&db).expect("free again");
    }

    #[test]
    fn unix_times_read_as_utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(1_795_437_000), "2026-11-23 12:30 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
    }

    #[test]
    fn only_a_read_only_filesystem_spares_the_lock() {
        let io = |kind| LockError::Io { path: PathBuf::from("x.lock"), source: std::io::Error::from(kind) };
        assert!(io(std::io::ErrorKind::ReadOnlyFilesystem).unwritable(), "nobody writes a read-only filesystem");
        // A folder this user cannot write may be another user's, whose bot may be writing the file.
        assert!(!io(std::io::ErrorKind::PermissionDenied).unwritable());
        assert!(!LockError::Held { db: PathBuf::from("x"), holder: "pid 1".into() }.unwritable());
    }
}
