// Rebuild when a migration changes: sqlx::migrate! embeds the migrations folder at compile time.
// The git revision (for `gambit bench --json`) comes from git when the source is a checkout, else "unknown".
use std::path::{Path, PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    // Only paths that exist are watched: cargo reruns a build script whose watched path is missing at
    // every build, and so rebuilds the whole crate each time.
    for watched in git_dir().map(|g| [g.join("HEAD"), g.join("refs/heads")]).into_iter().flatten() {
        if watched.exists() {
            println!("cargo:rerun-if-changed={}", watched.display());
        }
    }
    let revision = std::process::Command::new("git")
        .args(["describe", "--always", "--abbrev=12"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=GAMBIT_REVISION={revision}");
}

/// The checkout's git folder: `.git`, or in a worktree the folder its `.git` file names.
fn git_dir() -> Option<PathBuf> {
    let dot = Path::new(".git");
    if dot.is_dir() {
        return Some(dot.to_path_buf());
    }
    let text = std::fs::read_to_string(dot).ok()?;
    text.strip_prefix("gitdir:").map(|d| PathBuf::from(d.trim()))
}
