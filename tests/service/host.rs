//! What a host meets when something is wrong, tried with the real binary: a database from a newer version,
//! a read-only database, a missing one, output closed early, bad configuration values. Each is one line,
//! a documented exit code, and no file created or changed. Also: backup, restore and migrate, and game
//! data changed under games in progress.

use crate::play::Play;
use gambit::games::queens_gambit::Hosted;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, RulesVersion, Seat};
use gambit::games::{Engine, Kind};
use gambit::service::{Caller, Chosen, NewGameRequest, Service, Verdict};
use gambit::store::Store;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn gambit(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gambit"));
    // Tests run side by side: the web pages of a `serve` on a port of their own.
    c.env_clear().env("GAMBIT_WEB_LISTEN", "127.0.0.1:0").args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

fn run(c: &mut Command) -> (Option<i32>, String, String) {
    let Output { status, stdout, stderr } = c.output().expect("gambit runs");
    (status.code(), String::from_utf8_lossy(&stdout).into(), String::from_utf8_lossy(&stderr).into())
}

/// Every file in a folder with its content: what "nothing created or changed" is checked against.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_file() {
            out.insert(p.clone(), std::fs::read(&p).unwrap());
        }
    }
    out
}

/// A database with one started game, closed cleanly (one file, no log beside it).
async fn database(dir: &Path) -> PathBuf {
    let db = dir.join("gambit.db");
    let svc = Service::open(&db).await.unwrap();
    let host = |u: &str| Caller::host(&gambit::service::host::terminal(), u);
    let id = svc
        .create(
            &host("a"),
            NewGameRequest { sit_out: true, seed: Some(3), ..NewGameRequest::of("queens-gambit", "players 2") },
        )
        .await
        .unwrap();
    svc.join(&host("a"), id, Some(Seat(0).index())).await.unwrap();
    svc.join(&host("b"), id, Some(Seat(1).index())).await.unwrap();
    svc.start(&host("a"), id).await.unwrap();
    svc.shutdown().await;
    db
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[tokio::test]
async fn a_missing_database_is_named_and_never_created() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("typo.db");
    for args in [vec!["games"], vec!["verify"], vec!["export", "1"], vec!["backup", "copy.db"]] {
        let mut all = vec!["--db", path(&db)];
        all.extend(args.iter());
        let (code, _, err) = run(gambit(&all).current_dir(dir.path()));
        assert_eq!(code, Some(66), "{args:?}: {err}");
        assert_eq!(
            err.trim(),
            format!("gambit: there is no database at {} (give the right one with --db or GAMBIT_DB)", db.display())
        );
        assert!(files(dir.path()).is_empty(), "{args:?} created a file");
    }
}

#[tokio::test]
async fn a_database_from_a_newer_version_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path()).await;
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&db);
    let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9999, 'from the future', 1, x'00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let before = files(dir.path());
    for args in [vec!["games"], vec!["verify"], vec!["migrate"], vec!["play"]] {
        let mut all = vec!["--db", path(&db)];
        all.extend(args.iter());
        let (code, _, err) = run(gambit(&all).stdin(Stdio::null()));
        assert_eq!(code, Some(65), "{args:?}: {err}");
        assert!(err.contains("was written by a newer gambit (schema 9999"), "{args:?}: {err}");
        let after: BTreeMap<_, _> =
            files(dir.path()).into_iter().filter(|(p, _)| !p.ends_with("gambit.db.lock")).collect();
        assert_eq!(after, before, "{args:?} changed or created a file");
    }
}

#[tokio::test]
async fn a_read_only_database_is_read_but_never_written() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path()).await;
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    std::fs::set_permissions(&db, std::fs::Permissions::from_mode(0o444)).unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    let before = files(dir.path());
    // As an ordinary user: root writes through permissions.
    let as_user = |c: &mut Command| {
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } == 0 {
            c.uid(65534).gid(65534);
        }
    };
    let mut games = gambit(&["--db", path(&db), "games"]);
    as_user(&mut games);
    let (code, out, err) = run(&mut games);
    assert_eq!(code, Some(0), "reading works: {err}");
    assert!(out.contains("active"), "{out}");
    let mut play = gambit(&["--db", path(&db), "play", "--random", "tf", "--random", "naboo"]);
    as_user(&mut play);
    let (code, _, err) = run(play.stdin(Stdio::null()));
    assert_eq!(code, Some(77), "{err}");
    assert!(err.contains(&format!("the database {} cannot be written", db.display())), "{err}");
    assert_eq!(files(dir.path()), before, "nothing created or changed");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[tokio::test]
async fn output_closed_early_ends_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path()).await;
    let mut child = gambit(&["--db", path(&db), "verify"]).spawn().unwrap();
    // The reader goes away before the first line: as `gambit verify | head -0`.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(141));
    assert!(out.stderr.is_empty(), "no panic, no message: {}", String::from_utf8_lossy(&out.stderr));
}

#[tokio::test]
async fn bad_configuration_values_stop_the_program_naming_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    for (var, value, says) in [
        ("GAMBIT_DEV_GUILD", "our-server", "GAMBIT_DEV_GUILD: 'our-server' is not a server id"),
        ("DISCORD_PROXY_URL", "localhost:8080", "DISCORD_PROXY_URL: 'localhost:8080' is not an http:// or https://"),
        ("RUST_LOG", "gambit=chatty", "RUST_LOG: 'gambit=chatty' is not a log filter"),
        ("GAMBIT_SEED", "lucky", "GAMBIT_SEED: 'lucky' is not a whole number"),
    ] {
        let (code, _, err) = run(gambit(&["--db", path(&db), "games"]).env(var, value));
        assert_eq!(code, Some(78), "{var}: {err}");
        assert!(err.starts_with(&format!("gambit: {says}")), "{err}");
        assert!(files(dir.path()).is_empty());
    }
    let (code, _, err) = run(&mut gambit(&["--db", path(&db), "serve"]));
    assert_eq!(code, Some(78), "no token: {err}");
    assert!(err.contains("DISCORD_TOKEN is not set"), "{err}");
}

#[tokio::test]
async fn a_backup_is_verified_and_restored_with_the_old_file_kept_aside() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(dir.path()).await;
    let copy = dir.path().join("copy.db");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "backup", path(&copy)]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("backed up"), "{out}");
    let (code, _, err) = run(&mut gambit(&["--db", path(&db), "backup", path(&copy)]));
    assert_eq!(code, Some(73), "the copy exists: {err}");
    let (code, out, _) = run(&mut gambit(&["--db", path(&copy), "verify"]));
    assert_eq!(code, Some(0));
    assert!(out.contains("game 1: ok (0 actions, rules 3)"), "{out}");
    // Restore over a database that moved on: the backup comes back, the newer file is kept aside.
    let svc = Service::open(&db).await.unwrap();
    svc.create(
        &Caller::host(&gambit::service::host::terminal(), "c"),
        NewGameRequest { sit_out: true, ..NewGameRequest::of("queens-gambit", "players 2") },
    )
    .await
    .unwrap();
    svc.close().await;
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "restore", path(&copy)]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("the previous file is kept as"), "{out}");
    let restored = Service::new(Store::open_read_only(&db).await.unwrap(), gambit::games::Catalog::embedded());
    assert_eq!(restored.all_games().await.unwrap().len(), 1, "the game created after the backup is gone");
    assert!(dir.path().join("gambit.db.replaced-1").exists());
}

/// A copy of the database written by the release before the exact line of sight (tests/fixtures).
fn old_release_database(dir: &Path) -> PathBuf {
    use std::io::Read;
    let gz = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pre-exact-sight.db.gz")).unwrap();
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut bytes).unwrap();
    let db = dir.join("gambit.db");
    std::fs::write(&db, bytes).unwrap();
    db
}

/// The fixture's running game (13) goes on for `steps` random moves, made by its two players.
async fn play_on(svc: &Service, data: &Data, steps: usize) {
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(data, 13);
    for _ in 0..steps {
        let g = svc.engine(&gambit::service::host::terminal(), 13).await.unwrap();
        let dec = g.pending()[0].clone();
        let who = Caller::host(
            &gambit::service::host::terminal(),
            if dec.seat == Seat(0) { "random:tf" } else { "terminal:naboo" },
        );
        let rev = svc.revision(13).await.unwrap();
        svc.act(&who, 13, Some(dec.seat), rev, &agent.pick(&g, &dec)).await.unwrap();
    }
}

#[tokio::test]
async fn a_database_from_the_release_before_exact_sight_upgrades_verifies_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = old_release_database(dir.path());
    let (code, _, err) = run(&mut gambit(&["--db", path(&db), "games"]));
    assert_eq!(code, Some(65), "reading needs the upgrade first: {err}");
    assert!(err.contains("is from an older gambit (schema 2") && err.contains("gambit migrate"), "{err}");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "migrate"]));
    assert_eq!(code, Some(0), "{err}");
    // The latest schema is the number of the last migration (they are numbered from 1 without a gap).
    let latest = std::fs::read_dir("migrations/sqlite").unwrap().count();
    assert!(out.contains(&format!("upgraded from schema 2 to {latest}")), "{out}");
    // The finished games were played under the first rules; the running one's log replays alike under
    // both versions of that time, so it goes on under the newer.
    assert!(out.contains("12 games saved before rules versions were recorded replay under rules version 1"), "{out}");
    assert!(out.contains("1 game saved before rules versions were recorded replays under rules version 2"), "{out}");
    assert!(dir.path().join("gambit.db.schema-2.bak").exists(), "a copy before the upgrade");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "verify"]));
    assert_eq!(code, Some(0), "{out}{err}");
    for id in 1..=12 {
        assert!(out.contains(&format!("game {id}: ok (")) && !out.contains("PROBLEM"), "{out}");
    }
    assert_eq!(out.matches(", rules 1)").count(), 12, "{out}");
    assert!(out.contains("game 13: ok (45 actions, rules 2)"), "{out}");
    // Each finished game's script names its version and replays to the end it reached.
    let data = Data::embedded();
    let svc = Service::open(&db).await.unwrap();
    for id in 1..=12 {
        let script = svc.export(&gambit::service::host::terminal(), id).await.unwrap();
        assert!(script.contains("\nrules 1\n"), "game {id}: {script:.80}");
        let parsed = gambit::games::queens_gambit::rules::script::Script::parse(&data, &script).unwrap();
        let run = gambit::games::queens_gambit::rules::script::run(data.clone(), &parsed)
            .unwrap_or_else(|e| panic!("game {id}: {e}"));
        assert_eq!(
            run.game.state(),
            svc.engine(&gambit::service::host::terminal(), id).await.unwrap().state(),
            "game {id}"
        );
        // The seam reads the same log and plays the same game.
        let seam = Hosted::new(data.clone()).replay(&script, None).unwrap_or_else(|e| panic!("game {id}: {e}"));
        let seam = seam.as_any().downcast_ref::<gambit::games::queens_gambit::Table>().unwrap();
        assert_eq!(seam.game().state(), run.game.state(), "game {id} through the seam");
        assert!(seam.outcome().is_some(), "game {id} is over");
        // The seam tells the end as the bot's recap does; but for the count of moves, which the migration
        // numbered from the events that release saved (a later release's replay shows some more).
        let told = svc.ending(id).await.unwrap().recap();
        let seam_told = seam.recap().expect("a recap");
        assert_eq!(gambit::games::Recap { length: told.length.clone(), ..seam_told }, told, "game {id}");
    }
    // The running game goes on, and still verifies.
    play_on(&svc, &data, 60).await;
    // It opens at a table too (the seam's path, under the rules it was saved under), shows what the
    // first game's path shows, and a move made there is one that path goes on from.
    let host = |who: &str| Caller::host(&gambit::service::host::terminal(), who);
    let seen = svc.table_seen(&host("someone"), 13).await.unwrap();
    let script = svc.export(&gambit::service::host::terminal(), 13).await.unwrap();
    let seam = Hosted::new(data.clone()).replay(&script, None).unwrap();
    assert_eq!(seen.text, seam.view_text(None), "the same game at a table");
    let g = svc.engine(&gambit::service::host::terminal(), 13).await.unwrap();
    let who = host(if g.pending()[0].seat == Seat(0) { "random:tf" } else { "terminal:naboo" });
    let menu = svc.table_menu(&who, 13, &[]).await.unwrap();
    svc.choose_news(&who, 13, Chosen::Menu(menu.revision), &menu.items[0].id).await.unwrap();
    play_on(&svc, &data, 9).await;
    let script = svc.export(&gambit::service::host::terminal(), 13).await.unwrap();
    let seam = Hosted::new(data.clone()).replay(&script, None).unwrap();
    assert_eq!(seam.steps(), 115, "every saved action, as the seam's log");
    let lines = |t: &str| {
        t.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(String::from).collect::<Vec<_>>()
    };
    assert_eq!(lines(&seam.script()), lines(&script), "the seam writes the log as the service exported it");
    assert_eq!(svc.verify(13).await, Verdict::Consistent { version: 115, rules: RulesVersion::V2.number() });
    // Its rules unrecorded again, and opened first at a table: its version is settled and recorded as its
    // own path settles it (rules 2), never taken to be the newest.
    svc.close().await;
    {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display())).await.unwrap();
        sqlx::query("UPDATE games SET rules = NULL WHERE id = 13").execute(&mut c).await.unwrap();
        c.close().await.unwrap();
    }
    let svc = Service::open(&db).await.unwrap();
    svc.table_seen(&host("someone"), 13).await.unwrap();
    svc.close().await;
    assert_eq!(Store::open(&db).await.unwrap().game(13).await.unwrap().rules, Some(RulesVersion::V2.number()));
    let svc = Service::open(&db).await.unwrap();
    // A new game takes the newest rules.
    let fresh = start(&svc).await;
    assert_eq!(svc.engine(&gambit::service::host::terminal(), fresh).await.unwrap().rules(), RulesVersion::NEWEST);
    // Played and conceded under this release, its recap through the seam is the bot's to the letter.
    play(&svc, fresh).await;
    svc.concede(&Caller::host(&gambit::service::host::terminal(), "b"), fresh).await.unwrap();
    let script = svc.export(&gambit::service::host::terminal(), fresh).await.unwrap();
    let seam = Hosted::new(data.clone()).replay(&script, None).unwrap();
    assert_eq!(seam.recap(), Some(svc.ending(fresh).await.unwrap().recap()));
    // Begun on its own path (which seals every game) and ended at a table: the table shows its seal.
    let other = start(&svc).await;
    play(&svc, other).await;
    let news = svc.concede(&Caller::host(&gambit::service::host::terminal(), "b"), other).await.unwrap();
    let seed = svc.game_row(other).await.unwrap().seed;
    let ending = news.ending.expect("the end's seed check");
    assert_eq!(ending.seal, Some(gambit::service::seal(other, seed)), "its seal, as posted at its start");
    // The fixture's running game was made by the first game's own lobby, whose records keep neither
    // options nor a seal though it sealed every seed: its end shows its seal too.
    let news = svc.concede(&host("terminal:naboo"), 13).await.unwrap();
    let seed = svc.game_row(13).await.unwrap().seed;
    assert_eq!(news.ending.expect("the end").seal, Some(gambit::service::seal(13, seed)), "an old record's seal");
    svc.close().await;
}

#[tokio::test]
async fn reading_an_upgraded_database_settles_nothing_on_disk() {
    // Only the schema upgraded (as by a release that had not settled versions yet): verify and export
    // find each game's version in memory and write nothing.
    let dir = tempfile::tempdir().unwrap();
    let db = old_release_database(dir.path());
    Store::open(&db).await.unwrap().close().await;
    let before = files(dir.path());
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "verify"]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("game 1: ok (2035 actions, rules 1)"), "{out}");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "export", "13"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("\nrules 2\n"), "{out:.80}");
    assert_eq!(files(dir.path()), before, "nothing written");
}

/// 40 random moves in a started game between "a" and "b".
async fn play(svc: &Service, id: i64) {
    let mut agent = gambit::games::queens_gambit::rules::RandomAgent::new(&Data::embedded(), 9);
    for _ in 0..40 {
        let g = svc.engine(&gambit::service::host::terminal(), id).await.unwrap();
        let dec = g.pending()[0].clone();
        let who = Caller::host(&gambit::service::host::terminal(), if dec.seat == Seat(0) { "a" } else { "b" });
        let rev = svc.revision(id).await.unwrap();
        svc.act(&who, id, Some(dec.seat), rev, &agent.pick(&g, &dec)).await.unwrap();
    }
}

/// A started 2-player game between "a" and "b".
async fn start(svc: &Service) -> i64 {
    let h = |u: &str| Caller::host(&gambit::service::host::terminal(), u);
    let id = svc
        .create(
            &h("a"),
            NewGameRequest { sit_out: true, seed: Some(8), ..NewGameRequest::of("queens-gambit", "players 2") },
        )
        .await
        .unwrap();
    svc.join(&h("a"), id, Some(Seat(0).index())).await.unwrap();
    svc.join(&h("b"), id, Some(Seat(1).index())).await.unwrap();
    svc.start(&h("a"), id).await.unwrap();
    id
}

/// A copy of the game data with one deck's first card one copy short (a host correcting a card count).
fn changed_assets(dir: &Path) -> PathBuf {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let out = dir.join("assets");
    for f in gambit::games::queens_gambit::rules::data::FILES {
        let to = out.join(f);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(src.join(f), &to).unwrap();
    }
    let deck = out.join("decks/naboo-battlefield.toml");
    let text = std::fs::read_to_string(&deck).unwrap();
    std::fs::write(&deck, text.replacen("copies = 7", "copies = 6", 1)).unwrap();
    out
}

#[tokio::test]
async fn games_keep_the_data_they_started_with_when_the_host_changes_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let cards = |d: &Data| d.cards.iter().filter(|c| c.deck == d.decks[0].id).count();
    let old = Data::embedded();
    let new = std::sync::Arc::new(Data::from_dir(&changed_assets(dir.path())).unwrap());
    assert_eq!((cards(&old), cards(&new)), (45, 44));
    assert_ne!(old.id, new.id);
    let before = Service::open(&db).await.unwrap();
    let first = start(&before).await;
    play(&before, first).await;
    before.close().await;
    drop(before);
    // The host changed the data: the game under way goes on with its own.
    let hosted = gambit::games::Catalog::embedded()
        .with(std::sync::Arc::new(gambit::games::queens_gambit::Hosted::new(new.clone())));
    let after = Service::new(Store::open(&db).await.unwrap(), hosted);
    assert_eq!(after.engine(&gambit::service::host::terminal(), first).await.unwrap().data().id, old.id);
    play(&after, first).await;
    let second = start(&after).await;
    assert_eq!(
        cards(after.engine(&gambit::service::host::terminal(), second).await.unwrap().data()),
        44,
        "a new game plays with the new data"
    );
    assert!(matches!(after.verify(first).await, Verdict::Consistent { version: 80, .. }));
    assert!(matches!(after.verify(second).await, Verdict::Consistent { .. }));
    after.close().await;
    // `gambit games` names the data set of each.
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "games"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains(&format!("data {}", &old.id[..8])) && out.contains(&format!("data {}", &new.id[..8])),
        "{out}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_host_database_moves_into_postgres_verifies_identically_and_its_running_game_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = old_release_database(dir.path());
    let (code, _, err) = run(&mut gambit(&["--db", path(&db), "migrate"]));
    assert_eq!(code, Some(0), "{err}");
    let url = crate::postgres::database().await;
    let (code, out, err) = run(&mut gambit(&["migrate-store", "--from", path(&db), "--to", &url]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("games 13") && out.contains("13 game(s) verify identically"), "{out}");
    // `gambit verify` says the same of both, line for line.
    let (code, here, err) = run(&mut gambit(&["--db", path(&db), "verify"]));
    assert_eq!(code, Some(0), "{err}");
    let (code, there, err) = run(&mut gambit(&["--db", &url, "verify"]));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(there, here);
    // Moving again into a database that holds games is refused, and changes nothing there.
    let (code, _, err) = run(&mut gambit(&["migrate-store", "--from", path(&db), "--to", &url]));
    assert_ne!(code, Some(0));
    assert!(err.contains("already holds 13 game(s)"), "{err}");
    // The running game goes on in PostgreSQL, and still verifies; a new game takes the next number.
    let data = Data::embedded();
    let svc = Service::open(Path::new(&url)).await.unwrap();
    play_on(&svc, &data, 30).await;
    assert_eq!(svc.verify(13).await, Verdict::Consistent { version: 75, rules: RulesVersion::V2.number() });
    assert_eq!(start(&svc).await, 14);
    svc.close().await;
}

/// A copy of the database written by the release with both games (main at 2bded51, tests/fixtures): two
/// Stratego games under way, three finished games of the first game and one running.
fn two_games_database(dir: &Path) -> PathBuf {
    use std::io::Read;
    let gz =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/two-games-2bded51.db.gz")).unwrap();
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut bytes).unwrap();
    let db = dir.join("gambit.db");
    std::fs::write(&db, bytes).unwrap();
    db
}

/// `steps` moves at a table, each the first whole choice of whichever of `users` decides.
async fn table_moves(svc: &Service, game: i64, users: &[&str], steps: usize) {
    for _ in 0..steps {
        let mut moved = false;
        for user in users {
            let who = Caller::host(&gambit::service::host::terminal(), *user);
            let Ok(leaves) = svc.table_leaves(&who, game).await else { continue };
            let Some(first) = leaves.first() else { continue };
            svc.choose_news(&who, game, Chosen::Typed, &first.id).await.unwrap();
            moved = true;
            break;
        }
        assert!(moved, "someone decides in game {game}");
    }
}

/// Every game of a database with both games, as the release before wrote it, migrates, is listed by
/// `gambit games`, verifies, and plays on: the Stratego games from their records as that release wrote
/// them (`gambit migrate` stopped at the first of them).
#[tokio::test]
async fn a_database_with_both_games_from_the_release_before_migrates_lists_verifies_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = two_games_database(dir.path());
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "migrate"]));
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "games"]));
    assert_eq!(code, Some(0), "{out}{err}");
    for id in [251276, 978377, 978378, 978379, 978380, 978381] {
        assert!(out.lines().any(|l| l.trim_start().starts_with(&format!("{id} "))), "game {id} listed: {out}");
    }
    let stratego: Vec<&str> = out.lines().filter(|l| l.contains(" stratego ")).collect();
    assert_eq!(stratego.len(), 2, "{out}");
    assert!(stratego.iter().all(|l| l.contains("[evil=") && l.contains(" good=")), "{stratego:?}");
    assert!(out.contains("[tf=computer:greedy naboo=terminal:naboo]"), "{out}");
    assert!(!out.contains("does not play"), "{out}");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "verify"]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out.lines().filter(|l| l.contains(": ok (")).count(), 6, "{out}");
    // Its finished games were played at the terminal, by no server's people: none is rated.
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "ratings", "--rebuild"]));
    assert_eq!((code, out.trim()), (Some(0), "0 game(s) rated; 0 rating(s) kept."), "{err}");
    // Both Stratego games and the running first game play on, and still verify.
    let svc = Service::open(&db).await.unwrap();
    let players = ["400000000000000001", "400000000000000002"];
    table_moves(&svc, 251276, &players, 6).await;
    table_moves(&svc, 978377, &players, 3).await;
    table_moves(&svc, 978381, &["terminal:naboo"], 1).await;
    for id in [251276, 978377, 978381] {
        let verdict = svc.verify(id).await;
        assert!(matches!(verdict, Verdict::Replays { .. } | Verdict::Consistent { .. }), "game {id}: {verdict:?}");
    }
    svc.close().await;
}

/// `gambit ratings` shows every ladder as kept and checks it against the saved games without writing a
/// byte; a rating that differs is named as a problem, and `--rebuild` puts it right from the games.
#[tokio::test]
async fn gambit_ratings_checks_the_kept_ratings_against_the_games_and_rebuilds_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("rated.db");
    let svc = Service::open(&db).await.unwrap();
    let member =
        |user: u64| Caller::member(gambit::service::Person::new(user, false), 500u64, "700", Default::default());
    let req =
        NewGameRequest { game: "stratego".into(), options: "variant 1".into(), seed: Some(3), ..Default::default() };
    let id = svc.create(&member(1001), req).await.unwrap();
    svc.join(&member(1002), id, None).await.unwrap();
    svc.start(&member(1001), id).await.unwrap();
    for who in [1001, 1002] {
        svc.choose_news(&member(who), id, Chosen::Typed, "setup guarded").await.unwrap();
    }
    svc.concede(&member(1002), id).await.unwrap();
    svc.close().await;
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "ratings"]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        out.contains("server 500 · stratego · 1 a side") && out.contains("1001: 1662 ± 581, 1 game(s) (provisional)"),
        "{out}"
    );
    assert!(out.contains("2 rating(s), as the saved games give them."), "{out}");
    let conn = format!("sqlite://{}", db.display());
    let damage = async |sql: &str| {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(&conn).await.unwrap();
        sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut c).await.unwrap();
        c.close().await.unwrap();
    };
    damage("UPDATE ratings SET rating = 1400 WHERE user_id = '1001'").await;
    let before = files(dir.path());
    let (code, _, err) = run(&mut gambit(&["--db", path(&db), "ratings"]));
    assert_eq!(code, Some(1), "a problem: {err}");
    assert!(err.contains("1 rating(s) differ from what the saved games give: `gambit ratings --rebuild`"), "{err}");
    assert_eq!(files(dir.path()), before, "a check writes nothing");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "ratings", "--rebuild"]));
    assert_eq!((code, out.trim()), (Some(0), "1 game(s) rated; 2 rating(s) kept."), "{err}");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "ratings"]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.contains("1001: 1662 ± 581"), "{out}");
}

/// `gambit replay` reads any game's script through its game: a Stratego game's every step as a
/// spectator saw it (never a hidden rank), a seat's view, and all of it as JSON; a reader that is not one
/// of the game's is named with those that are.
#[tokio::test]
async fn a_stratego_script_replays_for_a_spectator_a_seat_and_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let kind = gambit::games::Catalog::embedded().get("stratego").unwrap();
    let mut game = kind.open("variant 1\ncaptures stealth", 5, None).unwrap();
    for seat in [0, 1] {
        game.apply(seat, "setup guarded").unwrap();
    }
    // Random legal moves until Good attacks an unknown Evil piece.
    let mut told = None;
    for step in 0..400usize {
        let seat = game.deciders()[0];
        let mut path: Vec<String> = Vec::new();
        let choice = loop {
            let steps: Vec<&str> = path.iter().map(String::as_str).collect();
            let items = game.menu(seat, &steps);
            let item = items[(step * 7 + path.len()) % items.len()].clone();
            if item.leaf {
                break item.id;
            }
            path.push(item.id);
        };
        game.apply(seat, &choice).unwrap();
        if let Some(text) = game.event_text(None).filter(|t| t.contains("attacked an Evil piece")) {
            told = Some(text);
            break;
        }
        if game.outcome().is_some() {
            break;
        }
    }
    let told = told.expect("Good attacked within 400 steps");
    let file = dir.path().join("game.txt");
    std::fs::write(&file, game.script()).unwrap();
    let (code, out, err) = run(&mut gambit(&["replay", path(&file), "--as", "spectator"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&told), "{out}");
    assert!(out.contains("As a spectator sees it:"), "{out}");
    let ranks = game.view_text(Some(0));
    assert_ne!(game.view_text(None), ranks, "a seat sees more than a spectator");
    assert!(out.contains(&game.view_text(None)) && !out.contains(&ranks), "only the public board: {out}");
    let (code, out, err) = run(&mut gambit(&["replay", path(&file), "--as", "evil"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains(&ranks), "Evil's own board: {out}");
    let (code, out, err) = run(&mut gambit(&["replay", path(&file), "--json", "--as", "good"]));
    assert_eq!(code, Some(0), "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!((json["game"].as_str(), json["reader"].as_str()), (Some("stratego"), Some("good")), "{json}");
    assert_eq!(json["steps"].as_u64(), Some(game.steps() as u64));
    let (code, _, err) = run(&mut gambit(&["replay", path(&file), "--as", "naboo"]));
    assert_ne!(code, Some(0));
    assert!(err.contains("'naboo' is not a reader of this game (readers: evil, good, spectator)"), "{err}");
    // The first game's scripts take a spectator too: only what everyone saw.
    let scenario = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/first-round-example.txt");
    let (code, all, err) = run(&mut gambit(&["replay", path(&scenario)]));
    assert_eq!(code, Some(0), "{err}");
    assert!(all.contains(" only] "), "the whole story tags each side's secrets: {all}");
    let (code, out, err) = run(&mut gambit(&["replay", path(&scenario), "--as", "spectator"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.contains(" only] ") && out.contains("As a spectator sees it:"), "{out}");
}

/// `gambit selfplay --players 4 --db` plays whole team games through the service, saved and verified.
#[tokio::test]
async fn selfplay_saves_whole_team_games_through_the_service() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("teams.db");
    let (code, out, err) = run(&mut gambit(&["selfplay", "--players", "4", "--games", "2", "--db", path(&db)]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.starts_with("games=2 "), "{out}");
    let (code, out, err) = run(&mut gambit(&["--db", path(&db), "verify"]));
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(out.lines().filter(|l| l.contains(": ok (")).count(), 2, "{out}");
    let (code, out, _) = run(&mut gambit(&["--db", path(&db), "games"]));
    assert_eq!(code, Some(0));
    assert_eq!(
        out.lines().filter(|l| l.contains(" 4p ") && l.contains("tf-field=random:tf-field")).count(),
        2,
        "{out}"
    );
}

/// `--game KEY` picks a game through the command line's registry of games: each game's self-play and
/// arena run by its key, and a key the bot does not host is refused as a usage error naming the keys
/// there are, with nothing played.
#[test]
fn selfplay_and_arena_pick_their_game_by_its_key() {
    let (code, out, err) = run(&mut gambit(&["selfplay", "--game", "stratego", "--games", "2", "--seed", "5"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("game=stratego variant=1 games=2 "), "{out}");
    let (code, out, err) = run(&mut gambit(&["selfplay", "--game", "queens-gambit", "--games", "1", "--seed", "5"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("games=1"), "{out}");
    let arena = ["arena", "--game", "stratego", "--a", "scripted", "--b", "random", "--games", "2"];
    let (code, out, err) = run(&mut gambit(&arena));
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.is_empty(), "a report");
    let (code, out, err) = run(&mut gambit(&["selfplay", "--game", "chess", "--games", "1"]));
    assert_eq!(code, Some(2), "a usage error: {out}");
    assert!(err.contains("--game chess: the games are queens-gambit, stratego"), "{err}");
    let (code, _, err) = run(&mut gambit(&["selfplay", "--game", "stratego", "--players", "4"]));
    assert_eq!(code, Some(2));
    assert!(err.contains("takes --variant, not --players"), "{err}");
}

/// One arena for every game: the first game's four-player games put one agent on both seats of its
/// side (its partners' results are one side's), rounds are counted and limited, every game reports its
/// sides by key; an agent a game does not offer is refused as a usage error before anything is played.
#[test]
fn one_arena_plays_every_game_by_sides_and_refuses_an_agent_the_game_lacks() {
    let kv = |out: &str| -> BTreeMap<String, String> {
        let last = out.lines().last().unwrap_or_default();
        last.split_whitespace().filter_map(|p| p.split_once('=')).map(|(k, v)| (k.into(), v.into())).collect()
    };
    let teams = ["arena", "--a", "easy", "--b", "random", "--players", "4", "--games", "2", "--max-rounds", "3"];
    let (code, out, err) = run(&mut gambit(&teams));
    assert_eq!(code, Some(0), "{err}");
    let line = kv(&out);
    assert_eq!((line["game"].as_str(), line["games"].as_str()), ("queens-gambit", "2"), "{out}");
    assert!(line.contains_key("a_score_naboo") && line.contains_key("a_score_tf"), "{out}");
    let rounds: f64 = line["rounds_avg"].parse().unwrap();
    assert!(rounds <= 4.0, "a game past its third round stops: {out}");
    assert!(out.contains("queens-gambit 4 players: easy against random") && out.contains("as Naboo"), "{out}");
    let (code, out, err) =
        run(&mut gambit(&["arena", "--game", "stratego", "--a", "easy", "--b", "random", "--games", "2"]));
    assert_eq!(code, Some(0), "{err}");
    let line = kv(&out);
    assert_eq!(line["game"], "stratego", "{out}");
    assert!(line.contains_key("a_score_evil") && !line.contains_key("rounds_avg"), "{out}");
    let (code, out, err) = run(&mut gambit(&["arena", "--a", "hardest", "--b", "random", "--games", "2"]));
    assert_eq!((code, out.as_str()), (Some(2), ""), "a usage error, nothing played: {err}");
    assert!(err.contains("--a: 'hardest' is not an agent"), "{err}");
    let (code, out, err) = run(&mut gambit(&["arena", "--game", "stratego", "--a", "easy", "--b", "greedy"]));
    assert_eq!((code, out.as_str()), (Some(2), ""), "{err}");
    assert!(err.contains("--b: ") && err.contains("not 'greedy'"), "{err}");
}

/// The commands that read a replay script find its game by the script (`cli::registry`): each game draws
/// its own pictures; a game's key that names no game is a usage error.
#[test]
fn commands_on_a_script_find_its_game_by_the_script() {
    let dir = tempfile::tempdir().unwrap();
    let stratego = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/stratego/end-reveals-all.txt");
    let first = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scenarios/first-round-example.txt");
    let out = dir.path().join("stratego");
    let (code, said, err) = run(&mut gambit(&["render", "--replay", stratego, "--out", path(&out)]));
    assert_eq!(code, Some(0), "{err}");
    assert!(said.starts_with("wrote 3 pictures (evil, good, spectator)"), "{said}");
    assert!(out.join("stratego-spectator.png").exists());
    let out = dir.path().join("first");
    let (code, said, err) = run(&mut gambit(&["render", "--replay", first, "--out", path(&out)]));
    assert_eq!(code, Some(0), "{err}");
    let drawn = std::fs::read_dir(&out).unwrap().count();
    assert!(drawn > 0 && said.starts_with(&format!("wrote {drawn} pictures")), "{said}");
    let (code, said, err) = run(&mut gambit(&["play", "--game", "chess"]));
    assert_eq!(code, Some(2), "a usage error: {said}");
    assert!(err.contains("--game chess: the games are queens-gambit, stratego"), "{err}");
}

/// A PostgreSQL address with a password: no command prints the password, and `backup` and `restore`,
/// which copy a SQLite file, refuse the address (exit 2) and create nothing, where they once made a
/// folder named after the address and said the restore was done.
#[tokio::test]
async fn commands_on_a_postgres_address_never_show_its_password_and_file_copies_refuse_it() {
    let secret = "Pw-s3cret-9";
    let url = crate::postgres::database().await.replacen("postgres@", &format!("postgres:{secret}@"), 1);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gambit.db");
    let seeded = Service::open(&file).await.unwrap();
    start(&seeded).await;
    seeded.close().await;
    let (code, _, err) = run(&mut gambit(&["migrate-store", "--from", path(&file), "--to", &url]));
    assert_eq!(code, Some(0), "{err}");
    let copy = dir.path().join("copy.db");
    let shown = |out: &str, err: &str, what: &str| {
        assert!(!out.contains(secret) && !err.contains(secret), "{what} shows the password:\n{out}\n{err}");
    };
    let script = dir.path().join("game-1.txt");
    std::fs::write(&script, "# gambit game 1\n").unwrap();
    let seal = "0".repeat(64);
    // Every command that takes a database, run from a folder of its own: what it prints and every file
    // it leaves are scanned.
    let work = dir.path().join("work");
    std::fs::create_dir(&work).unwrap();
    for args in [
        vec!["migrate"],
        vec!["games"],
        vec!["verify"],
        vec!["export", "1"],
        vec!["backup", path(&copy)],
        vec!["restore", path(&file)],
        vec!["selfplay", "--games", "1"],
        vec!["bench", "--games", "2", "--actions", "10", "--clicks", "2", "--decisions", "0", "--render-runs", "1"],
        vec!["play", "--random", "tf", "--random", "naboo"],
        vec!["check-dice", "--commitment", &seal, path(&script)],
        vec!["serve"],
    ] {
        let what = args.join(" ");
        let mut all = vec!["--db", url.as_str()];
        all.extend(args.iter().copied());
        let (code, out, err) = run(gambit(&all).current_dir(&work).stdin(Stdio::null()));
        shown(&out, &err, &what);
        match args[0] {
            "backup" | "restore" => {
                assert_eq!(code, Some(2), "{what}: {out}{err}");
                assert!(err.contains("PostgreSQL") && err.contains("pg_dump"), "{what} says why: {err}");
            }
            // A script that is no game, and no token: refused, and said so without the address.
            "check-dice" | "serve" => assert_ne!(code, Some(0), "{what}: {out}{err}"),
            _ => assert_eq!(code, Some(0), "{what}: {out}{err}"),
        }
    }
    let mut left = vec![work.clone()];
    while let Some(d) = left.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                left.push(p);
            } else {
                let bytes = std::fs::read(&p).unwrap();
                assert!(
                    !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                    "{} holds the password",
                    p.display()
                );
            }
        }
    }
    assert!(!copy.exists(), "no backup file was made");
    let names: Vec<String> =
        std::fs::read_dir(dir.path()).unwrap().flatten().map(|e| e.file_name().to_string_lossy().into()).collect();
    let ours = |n: &String| n.starts_with("gambit.db") || ["work", "game-1.txt"].contains(&n.as_str());
    assert!(names.iter().all(ours), "nothing new beside the file: {names:?}");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    assert!(!root.join("postgres:").exists(), "no folder named after the address");
    // A migration of PostgreSQL keeps no copy beside a file, and says none.
    let (_, out, _) = run(&mut gambit(&["--db", &url, "migrate"]));
    assert!(!out.contains("copy"), "{out}");
}

/// `compose.postgres.yaml`'s way of running two processes: the shard total in the environment, each
/// process's range as a flag. The flag lies over the environment and both are checked together, so the
/// range is taken (the next check is the missing token), every other command runs with the total set,
/// and a wrong range is named by its flag.
#[test]
fn a_shard_total_in_the_environment_and_a_range_as_a_flag_start_as_compose_runs_them() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gambit.db");
    let with_total = |args: &[&str]| {
        let mut c = gambit(args);
        c.env("GAMBIT_SHARD_TOTAL", "2").env("GAMBIT_DB", &db);
        run(&mut c)
    };
    let (code, out, err) = with_total(&["migrate"]);
    assert_eq!(code, Some(0), "{out}{err}");
    let (code, _, err) = with_total(&["games"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, _, err) = with_total(&["serve", "--shards", "1-1"]);
    assert_eq!(code, Some(78), "{err}");
    assert!(err.contains("DISCORD_TOKEN") && !err.contains("shard"), "past the shards, to the token: {err}");
    let (code, _, err) = with_total(&["serve", "--shards", "0-5"]);
    assert_eq!(code, Some(78), "{err}");
    assert!(err.contains("--shards: ") && err.contains("not within 0-1"), "{err}");
}
