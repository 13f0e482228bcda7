//! Stratego through the real bot and the fake Discord: a lobby in its thread, both secret setups through
//! the private menu, every move through the private menu (the piece, then its square), a spectator in
//! the thread, to the end; then a game against the computer to the end. Every public message and picture
//! is scanned: each line is one of the spectators' own words at some step of the game, and each picture
//! is the spectators' board at some step, so no hidden rank or setup can be in them.

use crate::support::{CHANNEL_ID, FakeDiscord, RecordedRequest, user_id};
use gambit::discord::ids::Action;
use gambit::games::{Catalog, Engine};
use gambit::service::{Service, Verdict, host};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::time::Duration;

const EVIL: u64 = 11;
const GOOD: u64 = 12;
const WATCHER: u64 = 13;

use crate::discord::e2e::components;

pub(crate) fn button(msg: &Value, tag: &str) -> Option<String> {
    components(msg).into_iter().map(|(id, _)| id).find(|id| id.starts_with(&format!("qg:{tag}:")))
}

struct Bot {
    shards: std::sync::Arc<poise::serenity_prelude::ShardManager>,
    run: tokio::task::JoinHandle<Result<(), poise::serenity_prelude::Error>>,
}

/// The bot, answering in one go when it can (`acknowledge_first`: every interaction acknowledged before
/// its work, as a busy bot does, so answers come as edits and follow-ups).
async fn start(fake: &FakeDiscord, dir: &std::path::Path, acknowledge_first: bool) -> Bot {
    start_with(fake, dir, acknowledge_first, "").await
}

/// The same with more of the config file (`extra`, its own sections).
async fn start_with(fake: &FakeDiscord, dir: &std::path::Path, acknowledge_first: bool, extra: &str) -> Bot {
    let config = dir.join("stratego.toml");
    let defer = if acknowledge_first { "[discord]\ndefer_after_ms = 0\n" } else { "" };
    std::fs::write(&config, format!("{defer}[limits]\ncommands_per_minute = 0\n{extra}")).unwrap();
    let mut client = crate::support::real_bot(fake, &dir.join("stratego.db"), &config, "20261127").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    Bot { shards, run }
}

/// `/stratego new` with these options: the game, its thread and its lobby post.
pub(crate) async fn open(fake: &FakeDiscord, options: &[(&str, Value)]) -> (i64, u64, u64) {
    let mark = fake.mark();
    let h = fake.slash(user_id(EVIL), CHANNEL_ID, "stratego new", options).await;
    crate::discord::e2e::answered(fake, &h).await;
    let made =
        fake.wait_for_since(mark, |r| r.method == "POST" && r.path.contains("/threads"), Duration::from_secs(20)).await;
    let name = made.body["name"].as_str().unwrap_or("").to_string();
    let thread = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .find(|t| t["name"].as_str() == Some(name.as_str()))
        .map(FakeDiscord::id_of)
        .expect("the game's thread");
    fake.wait_for_since(mark, |r| r.path == format!("/channels/{thread}/messages"), Duration::from_secs(20)).await;
    let lobby = fake.messages_in(thread).into_iter().next().expect("the lobby");
    let join = button(&lobby, "j").expect("a join button");
    let game = Action::parse(&join).unwrap().game();
    (game, thread, FakeDiscord::id_of(&lobby))
}

/// Press a button or pick a value as `user`; the message the answer shows (a private reply, or the
/// private message updated in place).
pub(crate) async fn press(fake: &FakeDiscord, user: u64, message: u64, id: &str, value: Option<&str>) -> Value {
    let h = match value {
        Some(v) => fake.select(user_id(user), message, id, &[v]).await,
        None => fake.click(user_id(user), message, id).await,
    };
    let cb = crate::discord::e2e::answered(fake, &h).await;
    assert!(cb.succeeded(), "{}", cb.line());
    // A busy bot acknowledges first: a private answer to a public post then comes as a follow-up.
    if matches!(cb.callback_type(), Some(5 | 6))
        && let Some(f) =
            fake.responses_to(&h).into_iter().rev().find(|r| r.method == "POST" && r.path.starts_with("/webhooks/"))
    {
        return fake.message(FakeDiscord::id_of(&f.response)).unwrap_or(f.response);
    }
    fake.original_message(&h).unwrap_or(Value::Null)
}

/// One decision of `user` through the private menu opened from the newest public post: the first piece,
/// then its first square (or the first setup). False when it is not their turn.
async fn decide(fake: &FakeDiscord, user: u64, thread: u64) -> bool {
    let post = fake
        .newest_in(thread, |m| m["flags"].as_u64().unwrap_or(0) & 64 == 0 && button(m, "M").is_some())
        .expect("a public post with the move button");
    let open = button(&post, "M").unwrap();
    let mut menu = press(fake, user, FakeDiscord::id_of(&post), &open, None).await;
    assert_eq!(menu["flags"].as_u64().unwrap_or(0) & 64, 64, "the menu is private");
    let mut chose = false;
    for _ in 0..3 {
        let Some((pick, values)) = components(&menu).into_iter().find(|(id, _)| id.starts_with("qg:N:")) else {
            return chose;
        };
        let mark = fake.mark();
        menu = press(fake, user, FakeDiscord::id_of(&menu), &pick, Some(values[0].as_str())).await;
        chose = true;
        // A move made (a whole choice, not a step to the next level): its answer replaces the menu with
        // the chooser's board as it is now, not the one the menu was drawn with.
        if !values[0].starts_with('>') && !values[0].starts_with("setup ") {
            let pictured = fake
                .requests_since(mark)
                .iter()
                .any(|r| r.token.is_some() && r.files.iter().any(|f| f.filename == "board.png"));
            assert!(pictured, "the answer to a move shows the board after it: {menu}");
        }
    }
    chose
}

fn over(fake: &FakeDiscord, thread: u64) -> bool {
    fake.messages_in(thread).iter().any(|m| m["content"].as_str().is_some_and(|c| c.starts_with("🏁")))
}

/// When nobody could decide, the game is over: its last post follows the answer, so wait for it.
async fn ended(fake: &FakeDiscord, thread: u64) -> bool {
    for _ in 0..200 {
        if over(fake, thread) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// The spectators' words and pictures at every step of the saved game, and the recap's lines (told for
/// everyone once it is over, in the final board's post alone).
fn public_of(script: &str) -> (HashSet<String>, HashSet<String>, HashSet<Vec<u8>>, HashSet<String>) {
    let kind = Catalog::embedded().get("stratego").unwrap();
    let lines: Vec<&str> = script.lines().collect();
    let first = lines.iter().position(|l| l.starts_with("evil ") || l.starts_with("good ")).unwrap_or(lines.len());
    let (mut words, mut end, mut pictures, mut described) =
        (HashSet::new(), HashSet::new(), HashSet::new(), HashSet::new());
    words.extend(["Evil is ready.".to_string(), "Good is ready.".to_string()]);
    for k in first..=lines.len() {
        let game: Box<dyn Engine> = kind.replay(&(lines[..k].join("\n") + "\n"), None).unwrap();
        words.extend(game.event_text(None));
        if let Some(o) = game.outcome() {
            words.insert(o.summary.clone());
            // Over, the game is told for everyone: its recap's lines are the end's own words.
            let recap = game.recap().expect("a finished game has a recap");
            let told = gambit::discord::views::recap_lines(&recap);
            end.extend(told.lines().filter(|l| !l.is_empty()).map(String::from));
        }
        if let Some(sight) = game.sight(None) {
            pictures.insert(gambit::render::sight_png(&*sight, None).unwrap().unwrap());
            described.extend(gambit::render::sight_words(&*sight));
        }
    }
    (words, end, pictures, described)
}

/// Every public message and picture since `mark` is the spectators' own (see the file's comment).
fn scan(fake: &FakeDiscord, mark: usize, game: i64, thread: u64, script: &str) {
    let (words, end, pictures, described) = public_of(script);
    let none = HashSet::new();
    let check_line = |text: &str, what: &str| {
        let recap = if text.starts_with(&format!("🏁 **Game {game}")) { &end } else { &none };
        lines_are_public(text, game, &words, recap, what)
    };
    // Posts and edits in channels are public; of the answers to interactions, the stored messages that
    // are not private (a lobby redrawn in place).
    let public = |r: &RecordedRequest| {
        (r.method == "POST" || r.method == "PATCH") && r.path.starts_with("/channels/") && r.path.contains("/messages")
    };
    let kept: Vec<Value> =
        fake.messages_in(thread).into_iter().filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0).collect();
    for m in &kept {
        check_line(m["content"].as_str().unwrap_or(""), "a stored message");
    }
    let mut seen_pictures = 0;
    for r in fake.requests_since(mark).into_iter().filter(public) {
        check_line(r.message()["content"].as_str().unwrap_or(""), &r.line());
        for f in r.files.iter().filter(|f| f.filename.ends_with(".png")) {
            seen_pictures += 1;
            assert!(pictures.contains(&f.bytes), "a public picture that is not the spectators' board ({})", r.line());
            let listed =
                r.message()["attachments"].as_array().into_iter().flatten().find(|a| a["filename"] == *f.filename);
            let said = listed.and_then(|a| a["description"].as_str()).unwrap_or("");
            assert!(
                described.contains(said),
                "a public picture's description that is not the spectators' board: {said}"
            );
        }
    }
    assert!(seen_pictures > 0, "the live board was posted");
}

/// Each line of a public text is the spectators' own words (see the file's comment).
fn lines_are_public(text: &str, game: i64, words: &HashSet<String>, recap: &HashSet<String>, what: &str) {
    for line in text.lines() {
        let own = words.contains(line)
            || recap.contains(line)
            || line
                .strip_prefix(&format!("🏁 **Game {game}"))
                .and_then(|titled| titled.split_once("**: "))
                .is_some_and(|(_, rest)| words.contains(rest))
            || line.ends_with(": to move.")
            || line.ends_with(": set up your army.")
            || line.contains("): place ") && line.ends_with(" on an empty square of your home rows.")
            || line.starts_with("↩ ") && line.contains(" took back their last move (")
            || line.starts_with("🔒 Seal: `")
            || line.starts_with(&format!("🎞 Game {game} from its first move to its end"))
            || line.starts_with(&format!("🎲 **Seed check for game {game}.**"))
            || line.starts_with(&format!("Game {game} · the board as everyone sees it"))
            || ["**Stratego**", "Evil: ", "Good: ", "Started.", "Both sides set up", "Game "]
                .iter()
                .any(|p| line.starts_with(p) && !line.contains("setup"));
        assert!(own, "a public line that is not the spectators' own words: {line:?} ({what})");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stratego_game_between_members_goes_through_private_menus_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, dir.path(), false).await;
    // Game 4, captured pieces secret, a draw after 60 moves.
    let options = [("game", json!(3)), ("captures", json!(2)), ("move_limit", json!(60)), ("title", json!("e2e"))];
    let (game, thread, lobby) = open(&fake, &options).await;
    let join = button(&fake.message(lobby).unwrap(), "j").unwrap();
    press(&fake, GOOD, lobby, &join, None).await;
    let lobby_now = fake.message(lobby).unwrap();
    let text = lobby_now["content"].as_str().unwrap_or("").to_string();
    assert!(text.contains(&format!("Good: <@{}>", user_id(GOOD))), "{text}");
    let mark = fake.mark();
    let start_id = button(&lobby_now, "t").expect("a start button");
    press(&fake, GOOD, lobby, &start_id, None).await;
    // A spectator cannot open a player's menu.
    let post = fake
        .wait_for_since(mark, |r| r.content().is_some_and(|c| c.contains("set up your army")), Duration::from_secs(20))
        .await;
    assert!(post.content().unwrap().contains(&format!("<@{}>", user_id(EVIL))));
    // Evil arranges its army in its private menu: a random draw, shown only to Evil, two squares
    // swapped, then locked.
    let setup_post = fake.newest_in(thread, |m| button(m, "M").is_some()).unwrap();
    let pick = |menu: &Value| components(menu).into_iter().find(|(id, _)| id.starts_with("qg:N:")).unwrap();
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&setup_post), &button(&setup_post, "M").unwrap(), None).await;
    let (id, values) = pick(&menu);
    assert_eq!(values, vec!["draft guarded", "draft random"], "a new army first");
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some("draft random")).await;
    assert_eq!(menu["flags"].as_u64().unwrap_or(0) & 64, 64, "the army is shown privately");
    assert_eq!(menu["attachments"].as_array().map(Vec::len), Some(1), "with its picture: {menu}");
    assert!(button(&menu, "F").is_some(), "pasting a setup stays offered once an army is drawn: {menu}");
    let (id, values) = pick(&menu);
    assert_eq!(&values[..2], ["setup draft", ">swap"], "a whole choice, then a step to the next level");
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(">swap")).await;
    let (id, squares) = pick(&menu);
    assert_eq!(squares.len(), 25, "more pieces than a page holds: the first 25");
    assert!(components(&menu).iter().any(|(b, _)| b.starts_with("qg:M:")), "paging and back");
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(squares[0].as_str())).await;
    let (id, with) = pick(&menu);
    let square = squares[0].strip_prefix('>').expect("a square leads to the next level");
    assert!(with[0].starts_with(&format!("swap {square} ")), "{with:?}");
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(with[0].as_str())).await;
    assert_eq!(menu["attachments"].as_array().map(Vec::len), Some(1), "the army redrawn after the swap");
    let (id, _) = pick(&menu);
    let locked = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some("setup draft")).await;
    assert!(locked["content"].as_str().unwrap_or("").contains("locked"), "{locked}");
    // Good pastes its army as rows in a form: a wrong paste is refused and changes nothing; a right one
    // is drawn for Good alone, then locked.
    let post = fake.newest_in(thread, |m| button(m, "M").is_some()).unwrap();
    let menu = press(&fake, GOOD, FakeDiscord::id_of(&post), &button(&post, "M").unwrap(), None).await;
    let form = button(&menu, "F").expect("a paste button");
    let h = fake.click(user_id(GOOD), FakeDiscord::id_of(&menu), &form).await;
    assert_eq!(crate::discord::e2e::answered(&fake, &h).await.callback_type(), Some(9), "a form opens");
    let paste = |text: String| {
        let fake = &fake;
        let form = form.clone();
        async move {
            let h = fake.submit_modal(user_id(GOOD), thread, &form, &[("text", text.as_str())], None).await;
            crate::discord::e2e::answered(fake, &h).await;
            fake.original_message(&h).unwrap()
        }
    };
    let refused = paste("X Y Z".into()).await;
    assert!(refused["attachments"].as_array().is_none_or(Vec::is_empty), "{refused}");
    assert!(!refused["content"].as_str().unwrap_or("").is_empty());
    use gambit::games::stratego::{Roster, Side, Variant};
    let roster = Roster::embedded();
    let codes: Vec<String> =
        roster.army(Side::Good, Variant::Rebellion).iter().map(|k| roster.kind(*k).code.clone()).collect();
    let grid = codes.chunks(10).map(|r| r.join(" ")).collect::<Vec<_>>().join("\n");
    let drawn = paste(grid).await;
    assert_eq!(drawn["flags"].as_u64().unwrap_or(0) & 64, 64, "the pasted army is shown privately");
    assert_eq!(drawn["attachments"].as_array().map(Vec::len), Some(1), "with its picture: {drawn}");
    let (id, values) = pick(&drawn);
    assert_eq!(values[0], "setup draft");
    press(&fake, GOOD, FakeDiscord::id_of(&drawn), &id, Some("setup draft")).await;
    let mut turns = 0;
    while !over(&fake, thread) {
        let moved = decide(&fake, EVIL, thread).await | decide(&fake, GOOD, thread).await;
        assert!(moved || ended(&fake, thread).await, "someone decides until the end");
        turns += 1;
        assert!(turns < 200, "a 60-move game ends");
        if turns == 3 {
            let watcher = crate::discord::e2e::command(&fake, WATCHER, thread, "stratego board", &[]).await;
            assert!(watcher.starts_with("```"), "a spectator sees the public board: {watcher}");
            let post = fake.newest_in(thread, |m| button(m, "M").is_some()).unwrap();
            let refused = press(&fake, WATCHER, FakeDiscord::id_of(&post), &button(&post, "M").unwrap(), None).await;
            assert!(refused["content"].as_str().unwrap_or("").contains("not playing"), "{refused}");
            // Only the last move's maker may take it back, and only a move that showed nothing.
            let evil = crate::discord::e2e::command(&fake, EVIL, thread, "stratego undo", &[]).await;
            assert!(evil.starts_with("Only the player who made the last move"), "{evil}");
            // Whether Good's last move showed nothing is what the log says of it.
            let store = gambit::store::Store::open_read_only(&dir.path().join("stratego.db")).await.unwrap();
            let last = store.recent_actions(game, 1).await.unwrap().remove(0);
            store.close().await;
            assert!(last.line.starts_with("good "), "{}", last.line);
            let mark = fake.mark();
            let good = crate::discord::e2e::command(&fake, GOOD, thread, "stratego undo", &[]).await;
            if last.undoable {
                assert!(good.starts_with("Taken back"), "{good}");
                let told = |r: &RecordedRequest| {
                    r.content().is_some_and(|c| c.contains("↩ Good took back their last move (Good moved "))
                };
                fake.wait_for_since(mark, told, Duration::from_secs(20)).await;
            } else {
                assert!(good.contains("showed something"), "{good}");
            }
        }
    }
    // The thread stays small: a line a move, and one live board (plus the final one at the end).
    let kept: Vec<Value> =
        fake.messages_in(thread).into_iter().filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0).collect();
    let png = |m: &&Value| {
        m["attachments"]
            .as_array()
            .is_some_and(|a| a.iter().any(|f| f["filename"].as_str().is_some_and(|n| n.ends_with(".png"))))
    };
    assert_eq!(kept.iter().filter(png).count(), 2, "the live board and the final board");
    let svc =
        Service::open_read_only(&dir.path().join("stratego.db"), gambit::games::Catalog::embedded()).await.unwrap();
    assert!(matches!(svc.verify(game).await, Verdict::Replays { .. }), "the log replays");
    let moves = svc.game_row(game).await.unwrap().moves;
    let text: usize = kept.iter().map(|m| m["content"].as_str().unwrap_or("").len()).sum();
    assert!(text as u64 <= 200 * (moves + 10), "{text} bytes of text for {moves} moves");
    let script = svc.export(&host::terminal(), game).await.unwrap();
    assert!(script.contains("captures secret") && script.contains("variant 4"), "{script}");
    scan(&fake, mark, game, thread, &script);
    // The seed was sealed when play began and is shown against its seal at the end, with the game.
    let checked = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains(&format!("Seed check for game {game}")));
    fake.wait_for_since(mark, checked, Duration::from_secs(20)).await;
    let kept: Vec<Value> =
        fake.messages_in(thread).into_iter().filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0).collect();
    let seed: u64 = script.lines().find_map(|l| l.strip_prefix("seed ")?.parse().ok()).unwrap();
    let seal = gambit::service::seal(game, seed);
    let said = |needle: String| kept.iter().filter(|m| m["content"].as_str().unwrap_or("").contains(&needle)).count();
    assert_eq!(said(format!("🔒 Seal: `{seal}`")), 1, "sealed once, at the start");
    assert_eq!(said(format!("The seed was `{seed}`; when the game started it was sealed as `{seal}`")), 1);
    let attached: Vec<_> =
        fake.requests_since(mark).into_iter().flat_map(|r| r.files).filter(|f| f.filename.ends_with(".txt")).collect();
    assert_eq!(attached.len(), 1, "one script, at the end");
    assert_eq!(String::from_utf8_lossy(&attached[0].bytes), format!("# gambit game {game}\n{script}"));
    // Anyone can check it with the program.
    let file = dir.path().join("game.txt");
    std::fs::write(&file, &attached[0].bytes).unwrap();
    let check = |commitment: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_gambit"))
            .env_clear()
            .args(["check-dice", file.to_str().unwrap(), "--commitment", commitment])
            .output()
            .unwrap()
    };
    let good = check(&seal);
    assert_eq!(good.status.code(), Some(0), "{}", String::from_utf8_lossy(&good.stderr));
    assert!(String::from_utf8_lossy(&good.stdout).starts_with("The seal matches"));
    let forged = check(&"0".repeat(64));
    assert_eq!(forged.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&forged.stderr).contains("the seal does NOT match"));
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stratego_game_against_the_computer_goes_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    // Acknowledged first, as a busy bot answers: menus come as follow-ups and edits.
    let bot = start(&fake, dir.path(), true).await;
    // GAMBIT_STRATEGO_MOVES sets the move limit, to measure a long game's thread (CI plays 40).
    let limit: u64 = std::env::var("GAMBIT_STRATEGO_MOVES").ok().and_then(|m| m.parse().ok()).unwrap_or(40);
    let options = [("game", json!(1)), ("opponent", json!(1)), ("move_limit", json!(limit))];
    let (game, thread, lobby) = open(&fake, &options).await;
    let text = fake.message(lobby).unwrap()["content"].as_str().unwrap_or("").to_string();
    assert!(text.contains("Good: 🤖 Computer"), "{text}");
    let mark = fake.mark();
    press(&fake, EVIL, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    let ready = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("Good is ready."));
    fake.wait_for_since(mark, ready, Duration::from_secs(20)).await;
    // Both games' commands list every game the player is in, this one named by its game and options.
    for command in ["stratego games", "qg games"] {
        let listed = crate::discord::e2e::command(&fake, EVIL, CHANNEL_ID, command, &[]).await;
        let line = format!("\n• Game {game} in <#{thread}> · Stratego · Special Powers");
        let with = "· active · with 🤖 Computer (easy) · **your move**";
        assert!(listed.contains(&line) && listed.ends_with(with), "{command}: {listed}");
    }
    // A form opens at once even when every other answer is acknowledged first.
    let post = fake.newest_in(thread, |m| button(m, "M").is_some()).unwrap();
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&post), &button(&post, "M").unwrap(), None).await;
    let form = button(&menu, "F").expect("a paste button");
    let h = fake.click(user_id(EVIL), FakeDiscord::id_of(&menu), &form).await;
    assert_eq!(crate::discord::e2e::answered(&fake, &h).await.callback_type(), Some(9), "a form opens");
    let mut turns = 0;
    while !over(&fake, thread) {
        let moved = decide(&fake, EVIL, thread).await;
        assert!(moved || ended(&fake, thread).await, "the computer gives the move back");
        turns += 1;
        assert!(turns < limit + 20, "a game of {limit} moves at most ends");
    }
    // What the thread holds and what went over the wire: a line a move, one live board edited in place.
    let kept: Vec<Value> =
        fake.messages_in(thread).into_iter().filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0).collect();
    let text: usize = kept.iter().map(|m| m["content"].as_str().unwrap_or("").len()).sum();
    let uploads: Vec<usize> = fake
        .requests_since(mark)
        .into_iter()
        .filter(|r| r.path.starts_with(&format!("/channels/{thread}/")))
        .flat_map(|r| r.files)
        .filter(|f| f.filename.ends_with(".png"))
        .map(|f| f.bytes.len())
        .collect();
    let png = |m: &&Value| {
        m["attachments"]
            .as_array()
            .is_some_and(|a| a.iter().any(|f| f["filename"].as_str().is_some_and(|n| n.ends_with(".png"))))
    };
    assert!(kept.iter().filter(png).count() <= 2, "the live board and the final board at most");
    let figures = format!(
        "{} messages, {text} bytes of text, {} pictures kept; {} pictures uploaded, {} bytes",
        kept.len(),
        kept.iter().filter(png).count(),
        uploads.len(),
        uploads.iter().sum::<usize>()
    );
    let db = dir.path().join("stratego.db");
    let store = gambit::store::Store::open_read_only(&db).await.unwrap();
    let log = store.actions(game).await.unwrap();
    let good: Vec<&str> = log.iter().filter(|a| a.line.starts_with("good ")).map(|a| a.user_id.as_str()).collect();
    assert!(good.len() > 5 && good.iter().all(|u| u.starts_with("computer:")), "{good:?}");
    store.close().await;
    let svc = Service::open_read_only(&db, gambit::games::Catalog::embedded()).await.unwrap();
    eprintln!("the thread of a game of {} moves: {figures}", svc.game_row(game).await.unwrap().moves);
    let script = svc.export(&host::terminal(), game).await.unwrap();
    scan(&fake, mark, game, thread, &script);
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

/// A game against the hard level, seated from the lobby's menu, played to its end: the computer thinks on
/// the search threads and answers after its steady delay, and meanwhile a player's command in another
/// game is answered at once (before the computer's move comes), each time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stratego_game_against_the_hard_computer_goes_to_its_end_and_players_are_answered_while_it_thinks() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_with(&fake, dir.path(), false, "[ai]\nthreads = 1\nhard_worlds = 300\nhard_cap_ms = 600\n").await;
    let options = [("game", json!(1)), ("move_limit", json!(24))];
    let (game, thread, lobby) = open(&fake, &options).await;
    let msg = fake.message(lobby).unwrap();
    let (menu, values) =
        components(&msg).into_iter().find(|(id, _)| id.starts_with("qg:a:")).expect("the computer menu");
    assert!(values.contains(&"2:hard".to_string()), "{values:?}");
    let h = fake.select(user_id(EVIL), lobby, &menu, &["2:hard"]).await;
    crate::discord::e2e::answered(&fake, &h).await;
    let text = fake.message(lobby).unwrap()["content"].as_str().unwrap_or("").to_string();
    assert!(text.contains("Computer (hard)"), "{text}");
    // Another game, of another player, whose status is asked while the computer thinks.
    let (_, other_thread, _) = open(&fake, &[("game", json!(1))]).await;
    let mark = fake.mark();
    press(&fake, EVIL, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    let ready = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("Good is ready."));
    fake.wait_for_since(mark, ready, Duration::from_secs(30)).await;
    let db = dir.path().join("stratego.db");
    let mut turns = 0;
    let mut asked_while_thinking = 0;
    while !over(&fake, thread) {
        let moved = decide(&fake, EVIL, thread).await;
        if !moved {
            assert!(ended(&fake, thread).await, "the computer gives the move back");
            break;
        }
        let (evil, good) = moves(&db, game).await;
        if evil > good && !over(&fake, thread) {
            // The computer is thinking now: another player's command is answered all the same, first.
            let status = crate::discord::e2e::command(&fake, GOOD, other_thread, "stratego status", &[]).await;
            assert!(!status.is_empty());
            let (_, good_after) = moves(&db, game).await;
            asked_while_thinking += usize::from(good_after == good);
        }
        for _ in 0..600 {
            let (evil, good) = moves(&db, game).await;
            if evil <= good || over(&fake, thread) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        turns += 1;
        assert!(turns < 40, "a game of 24 moves at most ends");
    }
    assert!(
        asked_while_thinking >= 3,
        "a player was answered while the computer thought, {asked_while_thinking} times"
    );
    let store = gambit::store::Store::open_read_only(&db).await.unwrap();
    let log = store.actions(game).await.unwrap();
    let good: Vec<&str> = log.iter().filter(|a| a.line.starts_with("good ")).map(|a| a.user_id.as_str()).collect();
    assert!(good.len() > 5 && good.iter().all(|u| *u == "computer:hard"), "{good:?}");
    store.close().await;
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

/// The moves each side has saved in `game` so far (setups not counted).
async fn moves(db: &std::path::Path, game: i64) -> (usize, usize) {
    let store = gambit::store::Store::open_read_only(db).await.unwrap();
    let log = store.actions(game).await.unwrap();
    store.close().await;
    let before_play = [" setup ", " draft ", " swap "];
    let count = |side: &str| {
        log.iter().filter(|a| a.line.starts_with(side) && !before_play.iter().any(|w| a.line.contains(w))).count()
    };
    (count("evil "), count("good "))
}

/// The users a public post in `thread` since `mark` pinged, and its text, for each post and edit.
fn posts_since(fake: &FakeDiscord, mark: usize, thread: u64) -> Vec<(String, Vec<String>)> {
    fake.requests_since(mark)
        .into_iter()
        .filter(|r| (r.method == "POST" || r.method == "PATCH") && r.path.starts_with(&format!("/channels/{thread}/")))
        .map(|r| {
            let body = r.message();
            let pinged = body["allowed_mentions"]["users"]
                .as_array()
                .map(|u| u.iter().filter_map(|v| v.as_str().map(String::from)).collect())
                .unwrap_or_default();
            (body["content"].as_str().unwrap_or("").to_string(), pinged)
        })
        .collect()
}

/// A setup's secret drafts and swaps are the drafting player's alone: nothing is posted while a side
/// arranges its army, so watchers can neither count nor time the other side's redraws, and nobody can
/// ping the other at will. Who a post pings follows each player's `/qg notify` settings: pings off, and
/// quiet hours, are kept at a Stratego table as in every game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stratego_setups_drafts_post_nothing_and_its_pings_follow_each_players_settings() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, dir.path(), false).await;
    let said = crate::discord::e2e::command(&fake, GOOD, CHANNEL_ID, "qg notify", &[("pings", json!(false))]).await;
    assert!(said.contains("off"), "{said}");
    let (_, thread, lobby) = open(&fake, &[]).await;
    press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "j").unwrap(), None).await;
    let mark = fake.mark();
    press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    let asked = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("set up your army"));
    fake.wait_for_since(mark, asked, Duration::from_secs(20)).await;
    let (evil, good) = (user_id(EVIL).to_string(), user_id(GOOD).to_string());
    let start = posts_since(&fake, mark, thread);
    let (text, pinged) = start.iter().find(|(t, _)| t.contains("set up your army")).unwrap();
    assert!(text.contains(&format!("<@{evil}>")) && text.contains(&format!("<@{good}>")), "both are named: {text}");
    assert_eq!(pinged, &vec![evil.clone()], "Good turned pings off: named, not pinged");
    // Evil draws, draws again and swaps: nothing public.
    let post = fake.newest_in(thread, |m| button(m, "M").is_some()).unwrap();
    let pick = |menu: &Value| components(menu).into_iter().find(|(id, _)| id.starts_with("qg:N:")).unwrap();
    let mark = fake.mark();
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&post), &button(&post, "M").unwrap(), None).await;
    let (id, _) = pick(&menu);
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some("draft random")).await;
    let (id, values) = pick(&menu);
    let redraw = values.iter().find(|v| v.starts_with("draft")).expect("a new draw offered").clone();
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(redraw.as_str())).await;
    let (id, _) = pick(&menu);
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(">swap")).await;
    let (id, squares) = pick(&menu);
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(squares[0].as_str())).await;
    let (id, with) = pick(&menu);
    let menu = press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some(with[0].as_str())).await;
    assert_eq!(menu["flags"].as_u64().unwrap_or(0) & 64, 64, "the army is shown privately");
    assert_eq!(posts_since(&fake, mark, thread), Vec::new(), "drafts and swaps post nothing in the thread");
    // Locked, Evil's readiness is told, and nobody is pinged for it.
    let (id, _) = pick(&menu);
    press(&fake, EVIL, FakeDiscord::id_of(&menu), &id, Some("setup draft")).await;
    let ready = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains("Evil is ready."));
    fake.wait_for_since(mark, ready, Duration::from_secs(20)).await;
    let told = posts_since(&fake, mark, thread);
    assert!(told.iter().all(|(_, pinged)| pinged.is_empty()), "a readiness pings nobody: {told:?}");
    // Evil asks for quiet now; Good locks, and play begins: Evil is named to move, but not pinged.
    let hour = (gambit::store::now() / 3600 % 24) as u8;
    let quiet = [("quiet_from", json!(hour)), ("quiet_to", json!((hour + 2) % 24))];
    let said = crate::discord::e2e::command(&fake, EVIL, CHANNEL_ID, "qg notify", &quiet).await;
    assert!(said.contains("quiet"), "{said}");
    let post = fake.newest_in(thread, |m| button(m, "M").is_some()).unwrap();
    let menu = press(&fake, GOOD, FakeDiscord::id_of(&post), &button(&post, "M").unwrap(), None).await;
    let (id, _) = pick(&menu);
    let menu = press(&fake, GOOD, FakeDiscord::id_of(&menu), &id, Some("draft random")).await;
    let mark = fake.mark();
    let (id, _) = pick(&menu);
    press(&fake, GOOD, FakeDiscord::id_of(&menu), &id, Some("setup draft")).await;
    let to_move = |r: &RecordedRequest| r.content().is_some_and(|c| c.contains(": to move."));
    fake.wait_for_since(mark, to_move, Duration::from_secs(20)).await;
    let told = posts_since(&fake, mark, thread);
    let (text, pinged) = told.iter().find(|(t, _)| t.contains(": to move.")).unwrap();
    assert!(text.contains(&format!("<@{evil}> (Evil): to move.")), "{text}");
    assert!(pinged.is_empty(), "Evil's quiet hours: named, not pinged");
    // Evil moves: Good, pings off, is named and not pinged; Evil's own quiet hours over, its next turn pings.
    crate::discord::e2e::command(
        &fake,
        EVIL,
        CHANNEL_ID,
        "qg notify",
        &[("quiet_from", json!(0)), ("quiet_to", json!(0))],
    )
    .await;
    let mark = fake.mark();
    assert!(decide(&fake, EVIL, thread).await);
    fake.wait_for_since(mark, to_move, Duration::from_secs(20)).await;
    let told = posts_since(&fake, mark, thread);
    let (text, pinged) = told.iter().find(|(t, _)| t.contains(": to move.")).unwrap();
    assert!(text.contains(&format!("<@{good}> (Good): to move.")) && pinged.is_empty(), "{text} {pinged:?}");
    let mark = fake.mark();
    assert!(decide(&fake, GOOD, thread).await);
    fake.wait_for_since(mark, to_move, Duration::from_secs(20)).await;
    let told = posts_since(&fake, mark, thread);
    let (_, pinged) = told.iter().find(|(t, _)| t.contains(": to move.")).unwrap();
    assert_eq!(pinged, &vec![evil.clone()], "Evil wants pings again");
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

/// A draw offer lapses when the other side moves, and stays lapsed: taking that move back does not bring
/// it back, so the other side's next `/stratego draw` is an offer of its own, never an acceptance.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lapsed_draw_offer_stays_lapsed_after_an_undo() {
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, dir.path(), false).await;
    let (game, thread, lobby) = open(&fake, &[]).await;
    press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "j").unwrap(), None).await;
    press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    for user in [EVIL, GOOD] {
        let said =
            crate::discord::e2e::command(&fake, user, thread, "stratego setup", &[("army", json!("guarded"))]).await;
        assert!(!said.is_empty());
    }
    let db = dir.path().join("stratego.db");
    let last_undoable = || async {
        let store = gambit::store::Store::open_read_only(&db).await.unwrap();
        let last = store.recent_actions(game, 1).await.unwrap().remove(0);
        store.close().await;
        last.undoable
    };
    assert!(decide(&fake, EVIL, thread).await);
    let offered = crate::discord::e2e::command(&fake, GOOD, thread, "stratego draw", &[]).await;
    assert!(offered.starts_with("Draw offered"), "{offered}");
    assert!(decide(&fake, GOOD, thread).await);
    // Evil moves: Good's offer lapses. Evil takes the move back.
    assert!(decide(&fake, EVIL, thread).await);
    assert!(last_undoable().await, "Evil's move showed nothing, so it can be taken back");
    let undone = crate::discord::e2e::command(&fake, EVIL, thread, "stratego undo", &[]).await;
    assert!(undone.starts_with("Taken back"), "{undone}");
    let asked = crate::discord::e2e::command(&fake, EVIL, thread, "stratego draw", &[]).await;
    assert!(asked.starts_with("Draw offered"), "a lapsed offer is never accepted: {asked}");
    let svc = Service::open_read_only(&db, gambit::games::Catalog::embedded()).await.unwrap();
    assert_eq!(svc.game_row(game).await.unwrap().status, gambit::store::Status::Active, "the game goes on");
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

/// Games 2 and 3, whole, between two members typing everything: Evil's army by ranks (codes only where a
/// rank is shared by pieces that play otherwise, as `/stratego pieces` lists them), Good's by codes, then
/// every move typed with `/stratego move`, steered to the rare events (`director`: a power, Vision, in game
/// 3 Anakin's turning and Darth Vader) until the move limit ends it. Every public message and picture is
/// the spectators' own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_2_and_3_are_played_to_their_end_with_armies_and_moves_typed() {
    use crate::director::{Director, typed_army};
    use gambit::games::stratego::{Roster, Side, Variant, script};
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start(&fake, dir.path(), false).await;
    let db = dir.path().join("stratego.db");
    for (choice, variant) in [(1, Variant::Powers), (2, Variant::Rise)] {
        let options = [("game", json!(choice)), ("move_limit", json!(60)), ("title", json!("typed"))];
        let (game, thread, lobby) = open(&fake, &options).await;
        press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "j").unwrap(), None).await;
        let mark = fake.mark();
        press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
        for (user, side, by_code) in [(EVIL, Side::Evil, false), (GOOD, Side::Good, true)] {
            let army = typed_army(variant, side, 5, by_code);
            let said =
                crate::discord::e2e::command(&fake, user, thread, "stratego setup", &[("army", json!(army))]).await;
            assert!(said.contains("locked") || said.contains("has begun"), "{army}: {said}");
        }
        let mut director = Director::new(3, false);
        let mut kinds = HashSet::new();
        let mut moves = 0;
        loop {
            let svc = Service::open_read_only(&db, Catalog::embedded()).await.unwrap();
            let exported = svc.export(&host::terminal(), game).await.unwrap();
            let table = script::replay_with(&exported, Roster::embedded()).unwrap();
            let Some((action, played)) = table.game().and_then(|g| director.pick(g)) else { break };
            let user = if played.side == Side::Evil { EVIL } else { GOOD };
            let typed = action.to_string();
            let said =
                crate::discord::e2e::command(&fake, user, thread, "stratego move", &[("choice", json!(typed))]).await;
            assert!(!said.starts_with("Sorry") && !said.contains("not your"), "{typed}: {said}");
            kinds.extend(action.power().map(|_| "power"));
            kinds.extend(matches!(action, gambit::games::stratego::Action::Vision { .. }).then_some("vision"));
            kinds.extend(played.turning.map(|_| "anakin"));
            kinds.extend(played.vader_due.then_some("vader"));
            moves += 1;
            assert!(moves < 200, "a game of 60 moves ends");
        }
        assert!(ended(&fake, thread).await, "the game is over");
        let mut wanted = vec!["power", "vision"];
        if variant == Variant::Rise {
            wanted.extend(["anakin", "vader"]);
        }
        assert!(wanted.iter().all(|k| kinds.contains(k)), "game {}: {kinds:?}", variant.number());
        let svc = Service::open_read_only(&db, Catalog::embedded()).await.unwrap();
        assert!(matches!(svc.verify(game).await, Verdict::Replays { .. }), "the log replays");
        let script = svc.export(&host::terminal(), game).await.unwrap();
        scan(&fake, mark, game, thread, &script);
    }
    fake.assert_clean();
    bot.shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), bot.run).await;
}

/// The first post in `thread` since `mark` that says `words`.
pub(crate) async fn thread_post(fake: &FakeDiscord, mark: usize, thread: u64, words: &str) -> RecordedRequest {
    let path = format!("/channels/{thread}/messages");
    let says = |r: &RecordedRequest| {
        r.method == "POST" && r.path == path && r.body["content"].as_str().is_some_and(|c| c.contains(words))
    };
    fake.wait_for_since(mark, says, Duration::from_secs(20)).await
}

/// A move made on a player's own web page, reached from `/stratego web` as a person would (the piece's
/// link, then the square's button), is told in the game's thread as a click's would be, naming whose
/// move it is next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_made_on_a_players_page_is_told_in_the_thread() {
    use gambit::games::stratego::{Side, Variant};
    let dir = tempfile::tempdir().unwrap();
    let fake = FakeDiscord::start().await;
    let config = dir.path().join("stratego.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let mut client = crate::support::real_bot_with_pages(&fake, &dir.path().join("stratego.db"), &config, "7").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    let (_, thread, lobby) = open(&fake, &[("game", json!(2))]).await;
    press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "j").unwrap(), None).await;
    press(&fake, GOOD, lobby, &button(&fake.message(lobby).unwrap(), "t").unwrap(), None).await;
    for (user, side) in [(EVIL, Side::Evil), (GOOD, Side::Good)] {
        let army = crate::director::typed_army(Variant::Rise, side, 5, false);
        crate::discord::e2e::command(&fake, user, thread, "stratego setup", &[("army", json!(army))]).await;
    }
    let said = crate::discord::e2e::command(&fake, EVIL, thread, "stratego web", &[]).await;
    let own = said.split_whitespace().find(|w| w.contains("/p/")).expect("Evil's own page").to_string();
    let base = own.split("/p/").next().unwrap().to_string();
    let text = |url: String| async move { reqwest::get(url).await.unwrap().text().await.unwrap() };
    // The first piece's link, then the first square's button, as a person would follow them.
    let page = text(own.clone()).await;
    let step = page.split(r#"class="step" href=""#).nth(1).and_then(|s| s.split('"').next()).expect("a piece");
    let squares = text(format!("{base}{}", step.replace("&amp;", "&"))).await;
    let field = |html: &str, name: &str| {
        let at = format!(r#"name="{name}" value=""#);
        html.split(&at).nth(1).and_then(|s| s.split('"').next()).map(str::to_string).expect(name)
    };
    let form = [
        ("stamp", field(&squares, "stamp")),
        ("request", field(&squares, "request")),
        ("path", field(&squares, "path")),
        ("choice", field(&squares, "choice")),
    ];
    let mark = fake.mark();
    let moved = std::time::Instant::now();
    let sent = reqwest::Client::new().post(format!("{own}/choose")).form(&form).send().await.unwrap();
    assert!(sent.status().is_success(), "{}", sent.status());
    let post = thread_post(&fake, mark, thread, "Evil moved").await;
    eprintln!("a move made on a page was told in its thread in {} ms", moved.elapsed().as_millis());
    let content = post.body["content"].as_str().unwrap_or("");
    assert!(content.contains(&user_id(GOOD).to_string()), "Good is asked next: {content}");
    fake.assert_clean();
    shards.shutdown_all().await;
    let _ = tokio::time::timeout(Duration::from_secs(30), run).await;
}
