//! Who may do what, tried against the real bot through the fake Discord with two servers: admin powers
//! checked when used (a command override shows `/qg-admin` to an ordinary member), every server alone
//! with its games, quotas and the per-minute allowance, lobbies that expire, no bots and no one on both
//! sides, forged custom ids answered privately, and secret undos kept private. Every refusal is checked
//! against the database: nothing changed.

use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, InteractionHandle, WAIT, perms, user_id};
use gambit::config::Config;
use gambit::discord::ids::Action;
use gambit::games::queens_gambit::rules::{Data, Seat};
use gambit::service::{Caller, Service};
use serde_json::{Value, json};
use sqlx::{Connection, Row};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

const ALICE: u64 = 1;
const BOB: u64 = 2;
/// An ordinary member of the first server.
const CAROL: u64 = 3;
/// A member who may manage the first server.
const ADMIN: u64 = 4;
/// A member with the first server's game master role.
const GM: u64 = 5;
/// A member who manages the second server (the fake gives a member the same permissions everywhere;
/// Mallory only ever acts from the second server).
const MALLORY: u64 = 6;
/// A bot account.
const ROBOT: u64 = 9;

struct Table {
    fake: FakeDiscord,
    db: PathBuf,
    /// Seconds added to the bot's clock.
    offset: Arc<AtomicI64>,
    /// The second server's channel.
    channel_b: u64,
    gm_role: u64,
    shards: Arc<poise::serenity_prelude::ShardManager>,
    run: tokio::task::JoinHandle<Result<(), poise::serenity_prelude::Error>>,
    _dir: tempfile::TempDir,
}

/// The fake Discord with two servers and its members, and the bot started as a host would start it
/// (global commands, a config file with these `[limits]`), with a clock the test can move.
async fn table(limits: &str) -> Table {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("security.db");
    let fake = FakeDiscord::start().await;
    let (_, channel_b) = fake.add_guild("Mos Espa");
    let gm_role = fake.add_role(GUILD_ID, "Game Master");
    fake.set_member(user_id(ADMIN), "admin", &[], perms::PLAYER | perms::MANAGE_GUILD);
    fake.set_member(user_id(GM), "gamemaster", &[gm_role], perms::PLAYER);
    fake.set_member(user_id(MALLORY), "mallory", &[], perms::PLAYER | perms::MANAGE_GUILD);
    fake.set_bot(user_id(ROBOT));
    let file = dir.path().join("config.toml");
    std::fs::write(&file, format!("[discord]\ndefer_after_ms = 1500\n[limits]\n{limits}\n")).unwrap();
    let env = |k: &str| -> Option<String> {
        match k {
            "DISCORD_TOKEN" => Some(crate::support::TOKEN.to_string()),
            "DISCORD_PROXY_URL" => Some(fake.base_url()),
            "GAMBIT_DB" => Some(db.display().to_string()),
            "GAMBIT_SEED" => Some("12".to_string()),
            _ => None,
        }
    };
    let config = Config::load(Some(&file), &env).unwrap();
    gambit::discord::register(&config).await.expect("global registration");
    let (mut client, offset) = crate::support::clocked_bot(&fake, &config).await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    Table { fake, db, offset, channel_b, gm_role, shards, run, _dir: dir }
}

impl Table {
    async fn stop(self) {
        self.fake.assert_clean();
        self.shards.shutdown_all().await;
        let done = tokio::time::timeout(Duration::from_secs(30), self.run).await.expect("the bot stops");
        done.expect("no panic").expect("a clean stop");
    }

    /// Every row of every table, as text: what "nothing changed" is checked against.
    async fn dump(&self) -> String {
        dump(&self.db).await
    }

    /// A slash command; what the user saw in answer.
    async fn slash(&self, user: u64, channel: u64, path: &str, options: &[(&str, Value)]) -> Answer {
        let h = self.fake.slash(user_id(user), channel, path, options).await;
        answer(&self.fake, &h).await
    }

    /// Open a lobby with `/qg new` as `user` in `channel`, playing the Trade Federation, with `opponent`.
    async fn lobby(&self, user: u64, channel: u64, opponent: Option<u64>) -> Lobby {
        let mark = self.fake.mark();
        let mut options = vec![("players", json!(0)), ("side", json!(0))];
        if let Some(o) = opponent {
            options.push(("opponent", json!(user_id(o).to_string())));
        }
        let said = self.slash(user, channel, "qg new", &options).await;
        assert!(said.text.contains("created"), "{said:?}");
        let made = self
            .fake
            .wait_for_since(mark, |r| r.method == "POST" && r.path == format!("/channels/{channel}/threads"), WAIT)
            .await;
        let thread: u64 = made.response["id"].as_str().unwrap().parse().unwrap();
        let path = format!("/channels/{thread}/messages");
        self.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
        let message = self.fake.messages_in(thread)[0].clone();
        let id = crate::support::custom_ids(&message).into_iter().find(|i| i.starts_with("qg:")).unwrap();
        let game = Action::parse(&id).unwrap().game();
        Lobby { game, thread, message: FakeDiscord::id_of(&message) }
    }

    /// A started game in the first server: Alice (Trade Federation) against Bob. Returns it with the
    /// public post of its first board.
    async fn started(&self) -> (Lobby, u64) {
        let lobby = self.lobby(ALICE, CHANNEL_ID, Some(BOB)).await;
        let start = Action::Start { game: lobby.game }.id().unwrap();
        let mark = self.fake.mark();
        let h = self.fake.click(user_id(BOB), lobby.message, &start).await;
        answer(&self.fake, &h).await;
        let path = format!("/channels/{}/messages", lobby.thread);
        self.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
        let board = self.fake.messages_in(lobby.thread).last().map(FakeDiscord::id_of).unwrap();
        (lobby, board)
    }

    /// A click as `user` on `message` sending `custom_id`, which the message does not carry; `carried`:
    /// with the message forged to carry it too, so only the bot's own checks stand in the way.
    async fn forge(&self, user: u64, message: u64, custom_id: &str, carried: bool) -> Answer {
        let real = crate::support::custom_ids(&self.fake.message(message).unwrap())[0].clone();
        let mut payload = self.fake.component_payload(user_id(user), message, &real, None);
        payload["data"]["custom_id"] = json!(custom_id);
        if carried {
            payload["message"]["components"][0]["components"][0]["custom_id"] = json!(custom_id);
        }
        let h = self.fake.dispatch_interaction(payload).await;
        answer(&self.fake, &h).await
    }

    /// The game as the host sees it, read from the database.
    async fn service(&self) -> Service {
        Service::open(&self.db).await.unwrap()
    }
}

/// A command's options.
type Options = Vec<(&'static str, Value)>;

#[derive(Clone, Debug)]
struct Lobby {
    game: i64,
    thread: u64,
    /// The lobby post.
    message: u64,
}

/// What the user saw in answer to an interaction.
#[derive(Clone, Debug)]
struct Answer {
    text: String,
    /// Only they see it.
    private: bool,
    /// The callback type (4 message, 5 deferred message, 6 deferred update, 7 update).
    kind: u64,
}

async fn answer(fake: &FakeDiscord, h: &InteractionHandle) -> Answer {
    let cb = fake.wait_for_callback(h).await;
    assert!(cb.succeeded(), "{}", cb.line());
    let kind = cb.callback_type().unwrap_or(0);
    let message = match kind {
        4 => return Answer { text: cb.content().unwrap_or("").to_string(), private: cb.is_ephemeral(), kind },
        5 => {
            fake.wait_for_responses(h, 2).await;
            fake.original_message(h).unwrap()
        }
        6 => {
            fake.wait_for_responses(h, 2).await;
            fake.message(h.message_id.unwrap()).unwrap()
        }
        _ => fake.message(h.message_id.unwrap()).unwrap(),
    };
    let private = message["flags"].as_u64().unwrap_or(0) & 64 != 0;
    Answer { text: message["content"].as_str().unwrap_or("").to_string(), private, kind }
}

async fn dump(db: &Path) -> String {
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(db).read_only(true);
    let mut conn = sqlx::SqliteConnection::connect_with(&options).await.unwrap();
    let mut out = String::new();
    for table in ["games", "seats", "actions", "snapshots", "guild_settings", "user_settings"] {
        let info =
            sqlx::query(sqlx::AssertSqlSafe(format!("PRAGMA table_info({table})"))).fetch_all(&mut conn).await.unwrap();
        let columns: Vec<String> = info.iter().map(|r| r.get::<String, _>("name")).collect();
        let sql = format!("SELECT json_array({}) AS r FROM {table} ORDER BY rowid", columns.join(", "));
        for row in sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(&mut conn).await.unwrap() {
            out.push_str(&format!("{table} {}\n", row.get::<String, _>("r")));
        }
    }
    out
}

fn refused_as_missing(a: &Answer, game: i64) {
    assert!(a.private, "a refusal is private: {a:?}");
    assert_eq!(a.text, format!("There is no game {game}."), "another server's game is like a missing one");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_powers_are_checked_when_used_not_only_hidden() {
    let t = table("").await;
    let (lobby, _) = t.started().await;
    let g = lobby.game;
    // Discord hides /qg-admin from members without Manage Server, until a server admin allows them.
    assert!(!t.fake.command_visible(user_id(CAROL), CHANNEL_ID, "qg-admin"));
    assert!(t.fake.command_visible(user_id(ADMIN), CHANNEL_ID, "qg-admin"));
    t.fake.allow_command("qg-admin", user_id(CAROL));
    t.fake.allow_command("qg-admin", t.gm_role);

    // Carol sees the command now, but holds no power: every subcommand is refused and changes nothing.
    let before = t.dump().await;
    let game = || ("game", json!(g));
    let every: Vec<(&str, Options)> = vec![
        ("qg-admin pause", vec![game()]),
        ("qg-admin resume", vec![game()]),
        ("qg-admin end", vec![game()]),
        ("qg-admin replace", vec![game(), ("seat", json!(2)), ("player", json!(user_id(CAROL).to_string()))]),
        ("qg-admin defaults", vec![("deadline_hours", json!(1))]),
        ("qg-admin defaults", vec![("game_master_role", json!(t.gm_role.to_string()))]),
    ];
    for (path, options) in &every {
        let a = t.slash(CAROL, CHANNEL_ID, path, options).await;
        assert!(a.private && a.text.starts_with("Only members who can manage this server"), "{path}: {a:?}");
    }
    assert_eq!(t.dump().await, before, "refused admin commands changed nothing");

    // An admin names the game master role; the role's members may then manage games.
    let a =
        t.slash(ADMIN, CHANNEL_ID, "qg-admin defaults", &[("game_master_role", json!(t.gm_role.to_string()))]).await;
    assert!(a.text.contains(&format!("Members with <@&{}> manage games too", t.gm_role)), "{a:?}");
    // A game master cannot hand the role on, but may change the rest.
    let a = t.slash(GM, CHANNEL_ID, "qg-admin defaults", &[("clear", json!(1))]).await;
    assert_eq!(a.text, "Only members who can manage this server may choose the game master role.");
    let a = t.slash(GM, CHANNEL_ID, "qg-admin defaults", &[("deadline_hours", json!(12))]).await;
    assert!(a.text.contains("a deadline of 12 h"), "{a:?}");
    // Each action is announced in the game's thread with who did it.
    for (path, said) in [("qg-admin pause", "is paused by"), ("qg-admin resume", "resumed it")] {
        let mark = t.fake.mark();
        let a = t.slash(GM, CHANNEL_ID, path, &[game()]).await;
        assert!(a.private && a.text.contains(said), "{a:?}");
        let notice = format!("/channels/{}/messages", lobby.thread);
        let posted = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == notice, WAIT).await;
        let text = posted.body["content"].as_str().unwrap_or("");
        assert!(text.contains(said) && text.contains(&format!("<@{}>", user_id(GM))), "{text}");
    }
    // In the game's own thread the answer itself is the public notice.
    let a = t.slash(ADMIN, lobby.thread, "qg-admin pause", &[game()]).await;
    assert!(!a.private && a.text.contains(&format!("paused by <@{}>", user_id(ADMIN))), "{a:?}");
    let carol = ("player", json!(user_id(CAROL).to_string()));
    let a = t.slash(GM, CHANNEL_ID, "qg-admin replace", &[game(), ("seat", json!(2)), carol]).await;
    assert!(a.text.contains(&format!("now plays Naboo in game {g} instead of <@{}>", user_id(BOB))), "{a:?}");
    let a = t.slash(GM, CHANNEL_ID, "qg-admin end", &[game()]).await;
    assert!(a.text.contains("is ended by"), "{a:?}");
    let svc = t.service().await;
    assert_eq!(svc.game_row(g).await.unwrap().status, gambit::store::Status::Abandoned);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_servers_games_are_out_of_reach() {
    let t = table("").await;
    let (lobby, board) = t.started().await;
    let g = lobby.game;
    let open = t.lobby(CAROL, CHANNEL_ID, None).await;
    // Mallory has a lobby on her own server: a message of hers to try forged ids on.
    let hers = t.lobby(MALLORY, t.channel_b, None).await;
    t.fake.allow_command("qg-admin", user_id(MALLORY));
    let before = t.dump().await;
    // Random game numbers have six digits: this one is never given.
    let missing = 99;

    // Every command naming the game, from the second server, even by one of its players.
    let commands: Vec<(u64, &str, Options)> = vec![
        (MALLORY, "qg status", vec![]),
        (MALLORY, "qg board", vec![]),
        (MALLORY, "qg log", vec![]),
        (BOB, "qg hand", vec![]),
        (BOB, "qg choose", vec![("choice", json!("queen red_queen"))]),
        (ALICE, "qg undo", vec![]),
        (ALICE, "qg concede", vec![("confirm", json!("CONCEDE"))]),
        (MALLORY, "qg-admin pause", vec![]),
        (MALLORY, "qg-admin resume", vec![]),
        (MALLORY, "qg-admin end", vec![]),
        (MALLORY, "qg-admin replace", vec![("seat", json!(1)), ("player", json!(user_id(MALLORY).to_string()))]),
    ];
    for (user, path, mut options) in commands {
        for number in [g, missing] {
            options.retain(|(k, _)| *k != "game");
            options.push(("game", json!(number)));
            let a = t.slash(user, t.channel_b, path, &options).await;
            refused_as_missing(&a, number);
        }
    }
    // Nor is it among Bob's games there.
    let a = t.slash(BOB, t.channel_b, "qg games", &[]).await;
    assert_eq!(a.text, "You are not in any game. Start one with /qg new or /stratego new.");
    // Suggestions never list it: Bob sees his game on its own server only.
    let suggest = |channel: u64| {
        let fake = &t.fake;
        async move {
            let h = fake.autocomplete(user_id(BOB), channel, "qg status", &[], ("game", "")).await;
            let cb = fake.wait_for_callback(&h).await;
            cb.body["data"]["choices"].as_array().cloned().unwrap_or_default()
        }
    };
    assert!(suggest(t.channel_b).await.is_empty(), "no suggestion of another server's game");
    assert_eq!(suggest(CHANNEL_ID).await.len(), 1, "on its own server it is suggested");
    let h = t.fake.autocomplete(user_id(BOB), t.channel_b, "qg choose", &[("game", json!(g))], ("choice", "")).await;
    let cb = t.fake.wait_for_callback(&h).await;
    assert_eq!(cb.body["data"]["choices"], json!([]), "no moves suggested for another server's game");

    // Buttons naming the first server's games, on the second server's message: a custom id the message
    // does not carry, and one whose message is forged to carry it too.
    let forged = [
        Action::Join { game: open.game, seat: None },
        Action::Leave { game: open.game },
        Action::Start { game: open.game },
        Action::Hand { game: g, seat: 1 },
        Action::Choose { game: g, seat: 1, version: 0, choice: "queen red_queen".into() },
        Action::Page { game: g, seat: 1, version: 0, page: 1 },
        Action::ConfirmLock { game: g, seat: 0, version: 0 },
        Action::Board { game: g, part: "palace".into() },
        Action::TakeSeat { game: g, seat: 1 },
    ]
    .map(|a| a.id().unwrap());
    for id in &forged {
        for carried in [false, true] {
            // Mallory manages her server, so even the admin's confirmation reaches the check of the game's.
            let a = t.forge(MALLORY, hers.message, id, carried).await;
            assert!(a.private && a.kind == 4, "{id}: answered privately, the message untouched: {a:?}");
            let game = Action::parse(id).unwrap().game();
            if carried {
                refused_as_missing(&a, game);
            } else {
                assert_eq!(a.text, "That button or menu is not on this message.");
            }
        }
    }
    assert_eq!(t.dump().await, before, "nothing changed in the database");
    // The game's own players still play it at home.
    let a = t.slash(BOB, lobby.thread, "qg status", &[]).await;
    assert!(a.text.contains(&format!("Game {g}")), "{a:?}");
    assert_eq!(crate::support::custom_ids(&t.fake.message(board).unwrap()).len(), 1, "its board post keeps its button");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn quotas_refuse_clearly_and_change_nothing() {
    let t = table("lobbies_per_user = 2\nlobbies_per_server = 3\ngames_per_server = 1").await;
    // Lobbies one member sits in.
    t.lobby(ALICE, CHANNEL_ID, None).await;
    let second = t.lobby(ALICE, CHANNEL_ID, None).await;
    let before = t.dump().await;
    let a = t.slash(ALICE, CHANNEL_ID, "qg new", &[]).await;
    assert!(a.private, "{a:?}");
    assert_eq!(a.text, "You already sit in 2 open lobbies: start one, or leave one, first.");
    assert_eq!(t.dump().await, before);
    // Leaving one frees a place (and the last one out closes it).
    let leave = Action::Leave { game: second.game }.id().unwrap();
    let h = t.fake.click(user_id(ALICE), second.message, &leave).await;
    let a = answer(&t.fake, &h).await;
    assert!(a.text.contains("· closed"), "{a:?}");
    // Open lobbies on one server.
    let bobs = t.lobby(BOB, CHANNEL_ID, Some(CAROL)).await;
    let carols = t.lobby(CAROL, CHANNEL_ID, Some(ALICE)).await;
    let before = t.dump().await;
    let a = t.slash(GM, CHANNEL_ID, "qg new", &[]).await;
    assert_eq!(a.text, "This server already has 3 open lobbies: start one, or ask an admin to end one, first.");
    assert_eq!(t.dump().await, before);
    // An invitation counts toward nobody's limits until it is accepted: Alice accepts Carol's now.
    let accept = Action::Join { game: carols.game, seat: Some(1) }.id().unwrap();
    let a = answer(&t.fake, &t.fake.click(user_id(ALICE), carols.message, &accept).await).await;
    assert!(a.text.contains(&format!("Naboo: <@{}>", user_id(ALICE))), "{a:?}");
    // Another server counts its own lobbies; a member's count is theirs everywhere, joining included.
    let hers = t.lobby(MALLORY, t.channel_b, None).await;
    let before = t.dump().await;
    let join = Action::Join { game: hers.game, seat: Some(1) }.id().unwrap();
    let a = answer(&t.fake, &t.fake.click(user_id(ALICE), hers.message, &join).await).await;
    assert_eq!(a.text, "You already sit in 2 open lobbies: start one, or leave one, first.");
    assert_eq!(t.dump().await, before);
    // Games in play on one server (Carol, invited to Bob's, accepts by starting it).
    let start = Action::Start { game: bobs.game }.id().unwrap();
    let h = t.fake.click(user_id(CAROL), bobs.message, &start).await;
    answer(&t.fake, &h).await;
    let svc = t.service().await;
    assert_eq!(svc.game_row(bobs.game).await.unwrap().status, gambit::store::Status::Active);
    let before = t.dump().await;
    let start = Action::Start { game: carols.game }.id().unwrap();
    let h = t.fake.click(user_id(CAROL), carols.message, &start).await;
    let a = answer(&t.fake, &h).await;
    assert!(a.private, "{a:?}");
    assert_eq!(a.text, "This server already has 1 game in play: finish one, or ask an admin to end one, first.");
    assert_eq!(t.dump().await, before);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_member_sending_too_fast_is_asked_to_wait() {
    let t = table("commands_per_minute = 3").await;
    let lobby = t.lobby(ALICE, CHANNEL_ID, None).await;
    for _ in 0..3 {
        let a = t.slash(CAROL, CHANNEL_ID, "qg rules", &[]).await;
        assert!(!a.text.starts_with("Too many"), "{a:?}");
    }
    let a = t.slash(CAROL, CHANNEL_ID, "qg rules", &[]).await;
    assert!(a.private && a.text.starts_with("Too many commands at once: try again in"), "{a:?}");
    // Clicks count too, and nothing is done for a refused one.
    let before = t.dump().await;
    let join = Action::Join { game: lobby.game, seat: Some(1) }.id().unwrap();
    let h = t.fake.click(user_id(CAROL), lobby.message, &join).await;
    let a = answer(&t.fake, &h).await;
    assert!(a.private && a.text.starts_with("Too many commands"), "{a:?}");
    assert_eq!(t.dump().await, before);
    // Clicks that are not on their message count too, and are refused before they are even looked at.
    let forged = Action::Start { game: lobby.game }.id().unwrap();
    let a = t.forge(CAROL, lobby.message, &forged, false).await;
    assert!(a.private && a.text.starts_with("Too many commands"), "{a:?}");
    // So does a command refused for its own reasons (a concession without the word).
    for _ in 0..3 {
        let a = t.slash(GM, CHANNEL_ID, "qg concede", &[("confirm", json!("no"))]).await;
        assert_eq!(a.text, "Not conceded: type CONCEDE in capitals to confirm.");
    }
    let a = t.slash(GM, CHANNEL_ID, "qg concede", &[("confirm", json!("no"))]).await;
    assert!(a.text.starts_with("Too many commands"), "{a:?}");
    // Suggestions have an allowance of their own, three times as large: typing never uses up commands.
    for n in 0..9 {
        let h = t.fake.autocomplete(user_id(ALICE), CHANNEL_ID, "qg status", &[], ("game", "")).await;
        let cb = t.fake.wait_for_callback(&h).await;
        let offered = cb.body["data"]["choices"].as_array().map_or(0, Vec::len);
        assert_eq!(offered, 1, "suggestion {n}: Alice's game");
    }
    let h = t.fake.autocomplete(user_id(ALICE), CHANNEL_ID, "qg status", &[], ("game", "")).await;
    let cb = t.fake.wait_for_callback(&h).await;
    assert_eq!(cb.body["data"]["choices"].as_array().map_or(0, Vec::len), 0, "past the allowance: none");
    let a = t.slash(BOB, CHANNEL_ID, "qg rules", &[]).await;
    assert!(!a.text.starts_with("Too many"), "another member has their own allowance, for commands too");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_form_the_bot_never_opened_is_answered_and_changes_nothing() {
    let t = table("").await;
    let (lobby, board) = t.started().await;
    let before = t.dump().await;
    let h =
        t.fake.submit_modal(user_id(CAROL), lobby.thread, "qg:c:1:0:0:concede", &[("x", "CONCEDE")], Some(board)).await;
    let a = answer(&t.fake, &h).await;
    assert!(a.private, "{a:?}");
    assert_eq!(a.text, "That form is not one the bot opened: nothing was done.");
    assert_eq!(t.dump().await, before);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_nobody_starts_closes_after_two_days() {
    let t = table("").await;
    let lobby = t.lobby(ALICE, CHANNEL_ID, None).await;
    let mark = t.fake.mark();
    t.offset.store(47 * 3600, Ordering::SeqCst);
    tokio::time::sleep(Duration::from_millis(800)).await;
    let svc = t.service().await;
    assert_eq!(svc.game_row(lobby.game).await.unwrap().status, gambit::store::Status::Lobby, "still open at 47 h");
    t.offset.store(49 * 3600, Ordering::SeqCst);
    let path = format!("/channels/{}/messages", lobby.thread);
    let notice = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    let text = notice.body["content"].as_str().unwrap_or("");
    assert!(text.contains(&format!("Game {} closed: nobody started it within 48 hours", lobby.game)), "{text}");
    assert!(text.ends_with("Open a new one with /qg new."), "in its own game's command: {text}");
    svc.forget_all();
    let row = svc.game_row(lobby.game).await.unwrap();
    assert_eq!((row.status, row.reason.as_deref()), (gambit::store::Status::Abandoned, Some("expired")));
    let join = Action::Join { game: lobby.game, seat: Some(1) }.id().unwrap();
    let h = t.fake.click(user_id(BOB), lobby.message, &join).await;
    let a = answer(&t.fake, &h).await;
    assert_eq!(a.text, format!("Game {} is over.", lobby.game));
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_and_one_player_on_both_sides_are_refused() {
    let t = table("").await;
    let before = t.dump().await;
    let robot = json!(user_id(ROBOT).to_string());
    let a = t.slash(ALICE, CHANNEL_ID, "qg new", &[("opponent", robot.clone())]).await;
    assert_eq!(a.text, "Bots cannot play: choose a person.");
    let a = t.slash(ALICE, CHANNEL_ID, "qg new", &[("opponent", json!(user_id(ALICE).to_string()))]).await;
    assert_eq!(a.text, "Invite someone else: you already sit in the game you create.");
    assert_eq!(t.dump().await, before, "no game was made");
    let (lobby, _) = t.started().await;
    let g = lobby.game;
    let before = t.dump().await;
    let replace = |seat: u64, who: Value| vec![("game", json!(g)), ("seat", json!(seat)), ("player", who)];
    let a = t.slash(ADMIN, CHANNEL_ID, "qg-admin replace", &replace(2, robot)).await;
    assert_eq!(a.text, "Bots cannot play: choose a person.");
    let a = t.slash(ADMIN, CHANNEL_ID, "qg-admin replace", &replace(1, json!(user_id(BOB).to_string()))).await;
    assert_eq!(a.text, format!("One player cannot play both sides of game {g}."));
    // An admin taking a seat would see its hand: asked first, nothing changes until confirmed.
    let h = t
        .fake
        .slash(user_id(ADMIN), CHANNEL_ID, "qg-admin replace", &replace(2, json!(user_id(ADMIN).to_string())))
        .await;
    let a = answer(&t.fake, &h).await;
    assert!(a.private && a.text.contains("shows you what only that seat sees (its hand and plan"), "{a:?}");
    assert_eq!(t.dump().await, before, "nothing changed before the confirmation");
    let confirm = t.fake.original_message(&h).unwrap();
    let take = crate::support::custom_ids(&confirm).into_iter().find(|i| i.starts_with("qg:r:")).unwrap();
    // Only an admin's press counts: the confirmation's id pressed by a member changes nothing.
    let mut payload = t.fake.component_payload(user_id(ADMIN), FakeDiscord::id_of(&confirm), &take, None);
    payload["member"]["user"]["id"] = json!(user_id(CAROL).to_string());
    payload["member"]["permissions"] = json!(perms::PLAYER.to_string());
    let a = answer(&t.fake, &t.fake.dispatch_interaction(payload).await).await;
    assert!(a.text.starts_with("Only members who can manage"), "{a:?}");
    assert_eq!(t.dump().await, before);
    let mark = t.fake.mark();
    let h = t.fake.click(user_id(ADMIN), FakeDiscord::id_of(&confirm), &take).await;
    let a = answer(&t.fake, &h).await;
    assert!(a.private && a.text.contains(&format!("now plays Naboo in game {g}")), "{a:?}");
    let path = format!("/channels/{}/messages", lobby.thread);
    let notice = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    assert!(
        notice.body["content"].as_str().unwrap_or("").contains(&format!("<@{}> gave them the seat", user_id(ADMIN)))
    );
    let seats =
        t.service().await.summary(&Caller::host(&gambit::service::host::terminal(), "test"), g).await.unwrap().seats;
    assert_eq!(seats[1].1, Some(user_id(ADMIN).into()));
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn private_ids_forged_onto_the_public_post_are_answered_privately() {
    let t = table("").await;
    let (lobby, board) = t.started().await;
    let g = lobby.game;
    let svc = t.service().await;
    let tf =
        svc.view(&Caller::host(&gambit::service::host::terminal(), user_id(ALICE).to_string()), g, None).await.unwrap();
    let token = tf.menu_token();
    let card = Data::embedded()
        .card(tf.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap()[0])
        .code
        .clone();
    let public_before = t.fake.message(board).unwrap();
    let forged = [
        Action::ConfirmLock { game: g, seat: 0, version: token }.id().unwrap(),
        Action::Choose { game: g, seat: 0, version: token, choice: format!("plan add {card}") }.id().unwrap(),
        Action::Hand { game: g, seat: 0 }.id().unwrap(),
    ];
    for id in &forged {
        for carried in [false, true] {
            let a = t.forge(ALICE, board, id, carried).await;
            assert!(a.private && a.kind == 4, "{id} (carried: {carried}): a new private message: {a:?}");
            assert_eq!(t.fake.message(board).unwrap(), public_before, "the public post is unchanged");
        }
    }
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn taking_back_a_secret_step_posts_nothing_in_public() {
    let t = table("").await;
    let (lobby, _) = t.started().await;
    let svc = t.service().await;
    let hand = svc
        .view(&Caller::host(&gambit::service::host::terminal(), user_id(ALICE).to_string()), lobby.game, None)
        .await
        .unwrap();
    let card = Data::embedded()
        .card(hand.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap()[0])
        .code
        .clone();
    let post = format!("/channels/{}/messages", lobby.thread);
    for (user, choice) in [(ALICE, format!("plan add {card}")), (BOB, "queen red_queen".to_string())] {
        let mark = t.fake.mark();
        let a = t.slash(user, lobby.thread, "qg choose", &[("choice", json!(choice))]).await;
        assert!(a.private, "{a:?}");
        if choice.starts_with("queen") {
            // Choosing a queen is announced (not which one).
            t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == post, WAIT).await;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
        let mark = t.fake.mark();
        let public = |fake: &FakeDiscord| -> Vec<Value> {
            fake.messages_in(lobby.thread).into_iter().filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0).collect()
        };
        let in_thread = public(&t.fake);
        let a = t.slash(user, lobby.thread, "qg undo", &[]).await;
        assert!(a.private && a.text.starts_with("Your last move is taken back."), "{a:?}");
        tokio::time::sleep(Duration::from_millis(500)).await;
        let sent: Vec<String> =
            t.fake.requests_since(mark).iter().filter(|r| r.path.starts_with("/channels/")).map(|r| r.line()).collect();
        assert!(sent.is_empty(), "nothing posted or edited in public: {sent:?}");
        assert_eq!(public(&t.fake), in_thread);
    }
    t.stop().await;
}

/// A 4-player lobby with sides left to chance: Alice opens it, an admin gives her the other seat of her
/// team, Bob and Carol take the two left. Returns it.
async fn team_lobby(t: &Table) -> Lobby {
    let mark = t.fake.mark();
    let said = t.slash(ALICE, CHANNEL_ID, "qg new", &[("players", json!(1))]).await;
    assert!(said.text.contains("created"), "{said:?}");
    let made = t
        .fake
        .wait_for_since(mark, |r| r.method == "POST" && r.path == format!("/channels/{CHANNEL_ID}/threads"), WAIT)
        .await;
    let thread: u64 = made.response["id"].as_str().unwrap().parse().unwrap();
    let path = format!("/channels/{thread}/messages");
    t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    let message = t.fake.messages_in(thread)[0].clone();
    let id = crate::support::custom_ids(&message).into_iter().find(|i| i.starts_with("qg:")).unwrap();
    let lobby = Lobby { game: Action::parse(&id).unwrap().game(), thread, message: FakeDiscord::id_of(&message) };
    let both = vec![("game", json!(lobby.game)), ("seat", json!(3)), ("player", json!(user_id(ALICE).to_string()))];
    let a = t.slash(ADMIN, CHANNEL_ID, "qg-admin replace", &both).await;
    assert!(a.text.contains("now plays"), "{a:?}");
    let take = Action::Join { game: lobby.game, seat: None }.id().unwrap();
    for user in [BOB, CAROL] {
        answer(&t.fake, &t.fake.click(user_id(user), lobby.message, &take).await).await;
    }
    lobby
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sides_are_drawn_for_teams_so_a_member_holding_a_team_stays_on_one_side() {
    let t = table("lobbies_per_user = 0\nlobbies_per_server = 0\ngames_per_server = 0\ncommands_per_minute = 0").await;
    let mut sides = std::collections::BTreeSet::new();
    for _ in 0..50 {
        let lobby = team_lobby(&t).await;
        let mark = t.fake.mark();
        let start = Action::Start { game: lobby.game }.id().unwrap();
        let a = answer(&t.fake, &t.fake.click(user_id(ALICE), lobby.message, &start).await).await;
        assert!(a.text.contains("started"), "{a:?}");
        let seats = t
            .service()
            .await
            .summary(&Caller::host(&gambit::service::host::terminal(), "test"), lobby.game)
            .await
            .unwrap()
            .seats;
        let alice: Vec<Seat> =
            seats.iter().filter(|(_, u)| *u == Some(user_id(ALICE).into())).map(|(s, _)| *s).collect();
        assert_eq!(alice.len(), 2, "{seats:?}");
        assert_eq!(alice[0].side(), alice[1].side(), "Alice holds one team: {seats:?}");
        sides.insert(alice[0].side());
        // The round's post, with its picture and its pings (Alice once, though she holds two seats).
        let path = format!("/channels/{}/messages", lobby.thread);
        let post =
            t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path && !r.files.is_empty(), WAIT).await;
        assert!(post.status < 300, "{}", post.line());
        let pinged = post.body["allowed_mentions"]["users"].as_array().cloned().unwrap_or_default();
        assert_eq!(pinged.iter().filter(|u| **u == json!(user_id(ALICE).to_string())).count(), 1, "{pinged:?}");
    }
    assert_eq!(sides.len(), 2, "the draw gave Alice's team each side at least once in 50 starts");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invitation_seats_nobody_until_it_is_accepted() {
    let t = table("lobbies_per_user = 1").await;
    // Two members invite Bob: he sits nowhere yet, so his own lobby is still his to open.
    t.lobby(ALICE, CHANNEL_ID, Some(BOB)).await;
    let carols = t.lobby(CAROL, CHANNEL_ID, Some(BOB)).await;
    t.lobby(BOB, CHANNEL_ID, None).await;
    // Carol cannot start the game Bob never accepted, and nobody else takes his seat.
    let before = t.dump().await;
    let start = Action::Start { game: carols.game }.id().unwrap();
    let a = answer(&t.fake, &t.fake.click(user_id(CAROL), carols.message, &start).await).await;
    assert!(a.private, "{a:?}");
    assert_eq!(a.text, format!("Game {} waits for <@{}> to accept the invitation.", carols.game, user_id(BOB)));
    let accept = Action::Join { game: carols.game, seat: Some(1) }.id().unwrap();
    let a = answer(&t.fake, &t.fake.click(user_id(GM), carols.message, &accept).await).await;
    assert_eq!(a.text, format!("That seat is kept for <@{}>, who was invited to it.", user_id(BOB)));
    assert_eq!(t.dump().await, before, "refused, nothing changed");
    // Accepting is taking a seat: Bob's limit of one lobby holds him to the one he opened.
    let a = answer(&t.fake, &t.fake.click(user_id(BOB), carols.message, &accept).await).await;
    assert_eq!(a.text, "You already sit in 1 open lobby: start one, or leave one, first.");
    assert_eq!(t.dump().await, before);
    // He declines: the seat opens, and the game still waits for a player.
    let decline = Action::Leave { game: carols.game }.id().unwrap();
    let a = answer(&t.fake, &t.fake.click(user_id(BOB), carols.message, &decline).await).await;
    assert!(a.text.contains("• Naboo: open"), "{a:?}");
    let row = t.service().await.game_row(carols.game).await.unwrap();
    assert_eq!(row.status, gambit::store::Status::Lobby);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_title_is_shown_as_plain_text() {
    let t = table("").await;
    let hostile = format!("[go](https://x.io) <@&{}> @everyone *hi*", t.gm_role);
    assert!(hostile.chars().count() <= 60, "a title may be 60 characters");
    let mark = t.fake.mark();
    let options = [("side", json!(0)), ("title", json!(hostile)), ("opponent", json!(user_id(BOB).to_string()))];
    let said = t.slash(ALICE, CHANNEL_ID, "qg new", &options).await;
    assert!(said.text.contains("created"), "{said:?}");
    let made = t
        .fake
        .wait_for_since(mark, |r| r.method == "POST" && r.path == format!("/channels/{CHANNEL_ID}/threads"), WAIT)
        .await;
    let name = made.body["name"].as_str().unwrap_or("").to_string();
    assert!(!name.contains(['<', '@', '[', '(', ':', '*']), "the thread's name keeps no syntax: {name}");
    assert!(name.contains("go") && name.contains("everyone hi"), "{name}");
    let thread: u64 = made.response["id"].as_str().unwrap().parse().unwrap();
    let path = format!("/channels/{thread}/messages");
    let lobby = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    // Every character that would make a link, a mention or bold is escaped: Discord shows the title as
    // typed, and the bot's message links, mentions and emphasises nothing of it.
    let escaped = format!("\\[go\\]\\(https\\:\\/\\/x.io\\) \\<\\@&{}\\> \\@everyone \\*hi\\*", t.gm_role);
    let shown = |text: &str| text.contains(&escaped) && !text.contains(&hostile);
    let content = lobby.body["content"].as_str().unwrap_or("");
    assert!(shown(content), "{content}");
    // The board post after the start too.
    let game = Action::parse(&crate::support::custom_ids(&t.fake.messages_in(thread)[0])[0]).unwrap().game();
    let message = FakeDiscord::id_of(&t.fake.messages_in(thread)[0]);
    let mark = t.fake.mark();
    let start = Action::Start { game }.id().unwrap();
    answer(&t.fake, &t.fake.click(user_id(BOB), message, &start).await).await;
    let post = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    let content = post.body["content"].as_str().unwrap_or("");
    assert!(shown(content), "{content}");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_number_tells_a_server_nothing_about_the_others() {
    // The host's default numbering: an unused number drawn at random, not a count of the host's games.
    let t = table("").await;
    let mut here = Vec::new();
    for user in [ALICE, CAROL, GM] {
        here.push(t.lobby(user, CHANNEL_ID, None).await.game);
    }
    let there = t.lobby(MALLORY, t.channel_b, None).await.game;
    let all: Vec<i64> = here.iter().copied().chain([there]).collect();
    assert!(all.iter().all(|g| (100_000..=999_999).contains(g)), "six-digit numbers: {all:?}");
    let mut distinct = all.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 4, "{all:?}");
    assert!(all.windows(2).any(|w| w[1] != w[0] + 1), "not counted up one by one: {all:?}");
    // The numbers work as any other: each lobby is found by its own number, and a member's list holds it.
    let a = t.slash(CAROL, CHANNEL_ID, "qg games", &[]).await;
    assert!(a.text.contains(&format!("Game {}", here[1])), "{}", a.text);
    let a = t.slash(MALLORY, t.channel_b, "qg status", &[("game", json!(there))]).await;
    assert!(a.text.contains(&there.to_string()), "{}", a.text);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draw_takes_both_sides_each_from_its_own_seat() {
    let t = table("").await;
    let (lobby, _) = t.started().await;
    let g = lobby.game;
    let game = [("game", json!(g))];
    // Where the game stands, in /qg status, for anyone on the server.
    let status = t.slash(CAROL, lobby.thread, "qg status", &[]).await;
    assert!(status.text.contains("Trade Federation wins when Naboo is down to 2 palace pieces"), "{}", status.text);
    // Nobody but the players: a spectator is refused, another server's member sees no such game.
    let before = t.dump().await;
    let a = t.slash(CAROL, CHANNEL_ID, "qg draw", &game).await;
    assert!(a.private && a.text.contains("not playing in game"), "{a:?}");
    refused_as_missing(&t.slash(MALLORY, t.channel_b, "qg draw", &game).await, g);
    assert_eq!(t.dump().await, before, "refusals change nothing");
    // Alice offers in the game's thread, and Bob is told there.
    let mark = t.fake.mark();
    let a = t.slash(ALICE, lobby.thread, "qg draw", &[]).await;
    assert!(a.private && a.text.starts_with("Draw offered"), "{a:?}");
    let path = format!("/channels/{}/messages", lobby.thread);
    let offer = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    assert!(offer.content().unwrap_or("").contains("offers a draw"), "{:?}", offer.content());
    // Offering again is refused; Bob accepts, and the game is over with no winner.
    let a = t.slash(ALICE, lobby.thread, "qg draw", &[]).await;
    assert!(a.text.starts_with("You already offered a draw"), "{a:?}");
    let mark = t.fake.mark();
    let a = t.slash(BOB, lobby.thread, "qg draw", &[]).await;
    assert_eq!(a.text, "You accepted the draw: the game is over.");
    let end = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    assert!(end.content().unwrap_or("").contains(&format!("Game {g} ends in a draw by agreement")));
    let row = t.service().await.game_row(g).await.unwrap();
    assert_eq!(
        (row.status, row.reason.as_deref(), row.winner),
        (gambit::service::Status::Abandoned, Some("draw"), None)
    );
    t.stop().await;
}

/// Everything a member reads back from a command: the text, the ids of its components and its files.
async fn read_back(t: &Table, user: u64, channel: u64, path: &str, options: &[(&str, Value)]) -> String {
    let h = t.fake.slash(user_id(user), channel, path, options).await;
    let cb = t.fake.wait_for_callback(&h).await;
    if matches!(cb.callback_type(), Some(5 | 6)) {
        t.fake.wait_for_responses(&h, 2).await;
    }
    let mut seen = String::new();
    // A deferral (when the machine is slow) shows nothing: what the member reads is what follows it.
    for r in t.fake.responses_to(&h).into_iter().filter(|r| !matches!(r.callback_type(), Some(5 | 6))) {
        let m = if r.body["data"].is_object() { &r.body["data"] } else { &r.body };
        seen.push_str(m["content"].as_str().unwrap_or(""));
        seen.push_str(&format!(" ids={:?}", crate::support::custom_ids(m)));
        for f in &r.files {
            seen.push_str(&format!(" file={}:{:x}", f.filename, md5ish(&f.bytes)));
        }
    }
    seen
}

/// A short fingerprint of bytes (FNV-1a).
fn md5ish(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plan_built_in_secret_leaves_nothing_the_other_side_can_count() {
    let t = table("commands_per_minute = 0").await;
    let (lobby, _) = t.started().await;
    let g = lobby.game;
    // Bob chooses his queen first: he then waits for Alice's plan, polling what he may read.
    let q = t.slash(BOB, lobby.thread, "qg choose", &[("choice", json!("queen red_queen"))]).await;
    assert!(!q.text.starts_with("Sorry"), "{q:?}");
    let polls: [(&str, Options); 3] = [("qg status", vec![]), ("qg board", vec![]), ("qg log", vec![])];
    let mut before = Vec::new();
    for (path, options) in &polls {
        before.push(read_back(&t, BOB, lobby.thread, path, options).await);
    }
    // Alice adds, takes out, adds again and reorders her plan: eight secret steps.
    let svc = t.service().await;
    let hand = svc
        .view(&Caller::host(&gambit::service::host::terminal(), user_id(ALICE).to_string()), g, Some(Seat(0)))
        .await
        .unwrap()
        .view
        .seats[gambit::games::queens_gambit::rules::Seat(0)]
    .hand
    .clone()
    .unwrap();
    let code = |i: usize| svc.data().card(hand[i]).code.clone();
    let steps = [
        format!("plan add {}", code(0)),
        format!("plan add {}", code(1)),
        "plan remove 1".to_string(),
        format!("plan add {}", code(2)),
        format!("plan add {}", code(3)),
        "plan move 1 2".to_string(),
        "plan remove 3".to_string(),
        format!("plan add {}", code(4)),
    ];
    for step in &steps {
        let a = t.slash(ALICE, lobby.thread, "qg choose", &[("choice", json!(step))]).await;
        assert!(a.private && !a.text.contains("not"), "a plan step is answered privately: {a:?}");
        // After every one, Bob reads exactly what he read before.
        for ((path, options), seen) in polls.iter().zip(&before) {
            assert_eq!(&read_back(&t, BOB, lobby.thread, path, options).await, seen, "{path} after {step}");
        }
    }
    svc.forget_all();
    assert_eq!(svc.game_row(g).await.unwrap().version, 1 + steps.len() as u64, "every step was saved");
    // The lock is public: now the status moves on.
    let a = t.slash(ALICE, lobby.thread, "qg choose", &[("choice", json!(format!("plan add {}", code(5))))]).await;
    assert!(!a.text.contains("not"), "{a:?}");
    t.slash(ALICE, lobby.thread, "qg choose", &[("choice", json!("plan lock"))]).await;
    assert_ne!(read_back(&t, BOB, lobby.thread, "qg status", &[]).await, before[0]);
    t.stop().await;
}

/// One logged event of the crate's, as the capture below keeps it: its level, and its fields as text.
#[derive(Clone, Debug)]
struct Logged {
    level: tracing::Level,
    fields: String,
}

/// Keeps every event of the crate's own, with the fields of the spans it is in.
struct Capture(Arc<std::sync::Mutex<Vec<Logged>>>);

struct Fields(String);

impl tracing::field::Visit for Fields {
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0.push_str(&format!(" {}={value:?} ", field.name()));
    }
}

impl<S> tracing_subscriber::Layer<S> for Capture
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        id: &tracing::span::Id,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        let mut fields = Fields(String::new());
        attrs.record(&mut fields);
        if let Some(span) = ctx.span(id) {
            span.extensions_mut().insert(fields);
        }
    }

    fn on_record(
        &self,
        id: &tracing::span::Id,
        values: &tracing::span::Record<'_>,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        if let Some(span) = ctx.span(id)
            && let Some(fields) = span.extensions_mut().get_mut::<Fields>()
        {
            values.record(fields);
        }
    }

    /// The event's fields, then those of the spans it is in (an interaction's game, its outcome).
    fn on_event(&self, event: &tracing::Event<'_>, ctx: tracing_subscriber::layer::Context<'_, S>) {
        // Only the crate's own: the others' would only fill memory.
        if !event.metadata().target().starts_with("gambit") {
            return;
        }
        let mut fields = Fields(String::new());
        event.record(&mut fields);
        for span in ctx.event_scope(event).into_iter().flatten() {
            if let Some(theirs) = span.extensions().get::<Fields>() {
                fields.0.push_str(&theirs.0);
            }
        }
        let logged = Logged { level: *event.metadata().level(), fields: fields.0 };
        if let Ok(mut kept) = self.0.lock() {
            kept.push(logged);
        }
    }
}

/// Every event of the crate's own, from the first call on, kept by the one global subscriber of these
/// tests (a thread's own subscriber misses events its callsites were first seen without).
fn captured() -> Arc<std::sync::Mutex<Vec<Logged>>> {
    use tracing_subscriber::layer::SubscriberExt;
    static KEPT: std::sync::OnceLock<Arc<std::sync::Mutex<Vec<Logged>>>> = std::sync::OnceLock::new();
    KEPT.get_or_init(|| {
        let kept = Arc::new(std::sync::Mutex::new(Vec::new()));
        let subscriber = tracing_subscriber::registry().with(Capture(kept.clone()));
        tracing::subscriber::set_global_default(subscriber).expect("the one global subscriber of these tests");
        kept
    })
    .clone()
}

/// Input anyone can send that names a game that does not exist (a forged click on a real message, a
/// made-up or negative game number in a command) costs a refusal and nothing more: no line above debug
/// in the log, and no computer woken for it. Checked against a game the computer does play: its own
/// wake is seen, after the place any wake of the forged input's would have taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn input_naming_no_game_logs_nothing_above_debug_and_wakes_no_computer() {
    let kept = captured();
    let t = table("commands_per_minute = 0").await;
    let (_, board) = t.started().await;
    let since = kept.lock().unwrap().len();
    // The interactions sent, by their ids: what their log lines are found by.
    let mut sent = Vec::new();
    let forged = ["999", "-5", "123456789"];
    for game in forged {
        let mut ids: Vec<String> = ["M", "V", "J", "S", "L", "F", "a", "j", "t", "l", "b"]
            .iter()
            .map(|tag| format!("qg:{tag}:{game}:-:-:0|"))
            .collect();
        ids.push(format!("qg:c:{game}:0:1:queen red_queen"));
        for id in ids {
            let real = crate::support::custom_ids(&t.fake.message(board).unwrap())[0].clone();
            let mut payload = t.fake.component_payload(user_id(ALICE), board, &real, None);
            payload["data"]["custom_id"] = json!(id);
            payload["message"]["components"][0]["components"][0]["custom_id"] = json!(id);
            let h = t.fake.dispatch_interaction(payload).await;
            let a = answer(&t.fake, &h).await;
            assert!(a.private, "{id}: answered privately: {a:?}");
            sent.push(h.id);
        }
        for command in ["qg status", "qg board", "stratego board", "stratego move", "qg undo", "stratego hand"] {
            let mut options = vec![("game", json!(game.parse::<i64>().unwrap()))];
            if command == "stratego move" {
                options.push(("choice", json!("a4 a5")));
            }
            let h = t.fake.slash(user_id(ALICE), CHANNEL_ID, command, &options).await;
            let a = answer(&t.fake, &h).await;
            assert!(a.text.contains("There is no game"), "{command} {game}: {a:?}");
            sent.push(h.id);
        }
    }
    // A game the computer plays: starting it wakes the computer for it.
    let mark = t.fake.mark();
    let opened = t.slash(ALICE, CHANNEL_ID, "stratego new", &[("opponent", json!(1))]).await;
    assert!(opened.text.contains("created"), "{opened:?}");
    let made = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path.ends_with("/threads"), WAIT).await;
    let thread: u64 = made.response["id"].as_str().unwrap().parse().unwrap();
    let path = format!("/channels/{thread}/messages");
    t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
    let lobby = t.fake.messages_in(thread)[0].clone();
    let start = crate::support::custom_ids(&lobby).into_iter().find(|i| i.starts_with("qg:t:")).unwrap();
    let game = Action::parse(&start).unwrap().game();
    let h = t.fake.click(user_id(ALICE), FakeDiscord::id_of(&lobby), &start).await;
    answer(&t.fake, &h).await;
    let woken = |l: &Logged| l.fields.contains("call=\"computer_step\"") && l.fields.contains(&format!("game={game} "));
    for _ in 0..200 {
        if kept.lock().unwrap()[since..].iter().any(woken) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let all = kept.lock().unwrap()[since..].to_vec();
    let barrier = all.iter().position(woken).expect("the computer is woken for its own game");
    let ours = |l: &&Logged| sent.iter().any(|id| l.fields.contains(&format!("interaction=\"{id}\"")));
    let told = all.iter().filter(ours).filter(|l| l.fields.contains("message=handled")).count();
    assert_eq!(told, sent.len(), "each interaction's own line is kept (at debug)");
    let loud: Vec<&Logged> = all.iter().filter(ours).filter(|l| l.level < tracing::Level::DEBUG).collect();
    assert!(loud.is_empty(), "logged above debug for input naming no game: {loud:#?}");
    let about = |l: &&Logged| forged.iter().any(|g| l.fields.contains(&format!("game={g} ")));
    let computed: Vec<&Logged> =
        all[..barrier].iter().filter(about).filter(|l| l.fields.contains("call=\"computer_step\"")).collect();
    assert!(computed.is_empty(), "the computer was woken for a game that does not exist: {computed:#?}");
    t.stop().await;
}

/// Games against the computer need nobody else to agree: they count against the member's own limit, so
/// one member cannot take a server's whole share of games in play with them. A lobby against the
/// computer counts from its creation, by either game's command or by seating the computer later; a
/// refusal changes nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_against_the_computer_count_against_a_members_own_limit() {
    let t = table("computer_games_per_user = 2\nlobbies_per_user = 0").await;
    // Each opening is waited for until its lobby is posted in its thread, so the store is at rest.
    let open = |command: &'static str, options: Vec<(&'static str, Value)>| {
        let t = &t;
        async move {
            let mark = t.fake.mark();
            let said = t.slash(ALICE, CHANNEL_ID, command, &options).await;
            if said.text.contains("created") {
                let threads = format!("/channels/{CHANNEL_ID}/threads");
                let made = t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == threads, WAIT).await;
                let path = format!("/channels/{}/messages", made.response["id"].as_str().unwrap_or_default());
                t.fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, WAIT).await;
            }
            said
        }
    };
    let made = open("stratego new", vec![("opponent", json!(1))]).await;
    assert!(made.text.contains("created"), "{made:?}");
    let made = open("qg new", vec![("computer", json!(0))]).await;
    assert!(made.text.contains("created"), "{made:?}");
    let refused = format!(
        "<@{}> is in 2 games against the computer already, the most one member may be: finish or concede one first.",
        user_id(ALICE)
    );
    let before = t.dump().await;
    for (command, options) in [("stratego new", vec![("opponent", json!(1))]), ("qg new", vec![("computer", json!(1))])]
    {
        let a = open(command, options).await;
        assert!(a.private, "{a:?}");
        assert_eq!(a.text, refused, "{command}");
    }
    assert_eq!(t.dump().await, before, "nothing changed");
    // A lobby between members stays open to her; seating the computer in it is refused.
    let lobby = t.lobby(ALICE, CHANNEL_ID, None).await;
    let before = t.dump().await;
    let seat = Action::Computer { game: lobby.game }.id().unwrap();
    let h = t.fake.select(user_id(ALICE), lobby.message, &seat, &["2:easy"]).await;
    let a = answer(&t.fake, &h).await;
    assert_eq!(a.text, refused);
    assert_eq!(t.dump().await, before, "nothing changed");
    // Another member is not held to hers.
    let made = t.slash(BOB, CHANNEL_ID, "stratego new", &[("opponent", json!(1))]).await;
    assert!(made.text.contains("created"), "{made:?}");
    t.stop().await;
}
