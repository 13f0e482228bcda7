// Rebuild when a migration changes: sqlx::migrate! embeds the migrations folder at compile time.
// The git revision (for `gambit bench --json`) comes from git when the source is a checkout, else "unknown".
fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/refs/heads");
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
