//! A real PostgreSQL for tests: one cluster per test binary, started on 127.0.0.1 at a free port in a
//! temporary folder, and one new database per test. It runs as an unprivileged user when the tests run as
//! root (`initdb` refuses root). A shell beside it waits on a pipe from this process: when the test binary
//! ends, however it ends, the pipe closes and the shell stops the cluster and deletes its folder.
//!
//! Needs Debian's `postgresql` package (`.ci/run` installs it when missing); without it the tests that use
//! it fail and say so.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

struct Cluster {
    port: u16,
    /// Keeps the pipe open: dropped only when the process ends.
    _guard: Child,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();
static NEXT: AtomicU32 = AtomicU32::new(0);

/// The folder with PostgreSQL's programs (`initdb`, `postgres`), newest version first.
fn bin_dir() -> Result<PathBuf, String> {
    let mut found: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map_err(|_| "PostgreSQL is not installed (apt-get install postgresql; .ci/run does it)".to_string())?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|b| b.join("initdb").is_file() && b.join("postgres").is_file())
        .collect();
    found.sort();
    found.pop().ok_or_else(|| "no initdb under /usr/lib/postgresql/*/bin".to_string())
}

/// The uid and gid to run PostgreSQL as: ours, or `nobody`'s when we are root.
fn runner() -> Option<(u32, u32)> {
    let uid = Command::new("id").arg("-u").output().ok()?;
    if String::from_utf8_lossy(&uid.stdout).trim() != "0" {
        return None;
    }
    let id = |flag: &str| -> Option<u32> {
        let out = Command::new("id").args([flag, "nobody"]).output().ok()?;
        String::from_utf8_lossy(&out.stdout).trim().parse().ok()
    };
    Some((id("-u")?, id("-g")?))
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    Ok(l.local_addr().map_err(|e| e.to_string())?.port())
}

fn start() -> Result<Cluster, String> {
    use std::os::unix::process::CommandExt;
    let bin = bin_dir()?;
    let port = free_port()?;
    // Everything inside the shell, as the unprivileged user: the folder, the cluster, the clean-up.
    let script = r#"
        set -e
        dir=$(mktemp -d /tmp/gambit-pg.XXXXXX)
        trap 'rm -rf "$dir"' EXIT
        "$BIN/initdb" -D "$dir/data" -U postgres -A trust --no-sync -E UTF8 >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
        "$BIN/postgres" -D "$dir/data" -p "$PORT" -k "$dir" -c listen_addresses=127.0.0.1 -c fsync=off \
            -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 >"$dir/log" 2>&1 &
        pg=$!
        for _ in $(seq 1 100); do
            if "$BIN/pg_isready" -q -h 127.0.0.1 -p "$PORT"; then break; fi
            if ! kill -0 $pg 2>/dev/null; then cat "$dir/log" >&2; exit 1; fi
            sleep 0.1
        done
        echo ready
        read _ || true
        kill -INT $pg
        wait $pg || true
    "#;
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(script).env("BIN", &bin).env("PORT", port.to_string());
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).current_dir("/tmp");
    if let Some((uid, gid)) = runner() {
        cmd.uid(uid).gid(gid);
    }
    let mut child = cmd.spawn().map_err(|e| format!("cannot start sh for PostgreSQL: {e}"))?;
    let out = child.stdout.take().ok_or("no stdout")?;
    let mut line = String::new();
    BufReader::new(out).read_line(&mut line).map_err(|e| e.to_string())?;
    if line.trim() != "ready" {
        let mut err = String::new();
        if let Some(e) = child.stderr.take() {
            use std::io::Read;
            let _ = BufReader::new(e).read_to_string(&mut err);
        }
        return Err(format!("PostgreSQL did not start: {err}"));
    }
    Ok(Cluster { port, _guard: child })
}

/// A new, empty database in the test binary's cluster: its address (`postgres://...`).
pub async fn database() -> String {
    let port = match CLUSTER.get_or_init(start) {
        Ok(c) => c.port,
        Err(e) => panic!("{e}"),
    };
    let name = format!("t{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst));
    let admin = format!("postgres://postgres@127.0.0.1:{port}/postgres");
    let mut conn =
        <sqlx::PgConnection as sqlx::Connection>::connect(&admin).await.expect("connect to the test cluster");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut conn)
        .await
        .expect("create a test database");
    format!("postgres://postgres@127.0.0.1:{port}/{name}")
}
