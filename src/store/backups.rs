//! Scheduled copies of the database, named by the time they were taken, the oldest deleted beyond a count.

use super::{Store, StoreError};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

const PREFIX: &str = "gambit-";
const SUFFIX: &str = ".db";

/// A backup's file name for a Unix time: `gambit-20261123-123000.db` (UTC; sorts by time).
fn name_at(secs: i64) -> String {
    let date = super::utc(secs);
    // "YYYY-MM-DD HH:MM UTC" -> "YYYYMMDD-HHMM", plus seconds.
    let digits: String = date.chars().filter(char::is_ascii_digit).collect();
    format!("{PREFIX}{}-{}{:02}{SUFFIX}", &digits[..8], &digits[8..12], secs.rem_euclid(60))
}

/// The scheduled backups in `dir`, oldest first.
pub fn backups_in(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with(PREFIX) && name.ends_with(SUFFIX)
        })
        .collect();
    files.sort();
    files
}

/// Take a backup into `dir` if the newest there is older than `every` (or there is none), then delete
/// the oldest beyond `keep`. Returns the new file, if one was taken.
pub async fn scheduled_backup(
    store: &Store,
    dir: &Path,
    every: Duration,
    keep: usize,
) -> Result<Option<PathBuf>, StoreError> {
    let existing = backups_in(dir);
    let newest_age = existing
        .last()
        .and_then(|p| std::fs::metadata(p).ok()?.modified().ok())
        .and_then(|t| SystemTime::now().duration_since(t).ok());
    if newest_age.is_some_and(|age| age < every) {
        return Ok(None);
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| StoreError::Open { path: dir.to_path_buf(), source: sqlx::Error::Io(e) })?;
    let name = name_at(super::now());
    let mut path = dir.join(&name);
    for n in 2.. {
        if !path.exists() {
            break;
        }
        path = dir.join(name.replace(SUFFIX, &format!("-{n}{SUFFIX}")));
    }
    store.backup(&path).await?;
    let all = backups_in(dir);
    for old in all.iter().take(all.len().saturating_sub(keep.max(1))) {
        if let Err(e) = std::fs::remove_file(old) {
            tracing::warn!(file = %old.display(), error = %e, "cannot delete an old backup");
        }
    }
    Ok(Some(path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_names_sort_by_time() {
        assert_eq!(name_at(1_795_437_007), "gambit-20261123-123007.db");
        assert!(name_at(1_795_437_007) < name_at(1_795_437_060));
    }
}

#[cfg(test)]
mod rotation {
    use super::*;

    #[tokio::test]
    async fn a_backup_is_taken_when_due_and_only_the_newest_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("g.db")).await.unwrap();
        let backups = dir.path().join("backups");
        let day = Duration::from_secs(86_400);
        let first = scheduled_backup(&store, &backups, day, 2).await.unwrap().expect("none yet: one is taken");
        assert!(first.exists());
        assert_eq!(scheduled_backup(&store, &backups, day, 2).await.unwrap(), None, "the newest is fresh");
        // Older copies, as if taken on earlier days.
        for stamp in ["gambit-20200101-000000.db", "gambit-20200102-000000.db"] {
            std::fs::copy(&first, backups.join(stamp)).unwrap();
        }
        let taken = scheduled_backup(&store, &backups, Duration::ZERO, 2).await.unwrap().expect("due");
        let left = backups_in(&backups);
        assert_eq!(left.len(), 2, "{left:?}");
        assert!(left.contains(&taken) && !left.iter().any(|p| p.to_string_lossy().contains("2020")), "{left:?}");
        store.close().await;
    }
}
