//! The real bot (poise and serenity as in production) against a fake Discord on 127.0.0.1: two scripted
//! players create a game, choose the queen, plan, lock in, answer every decision with the bot's own
//! buttons and menus, and finish the game. The bot is restarted in the middle and the game goes on.
//! Every request the bot sends is checked against Discord's limits, and no public message or picture
//! ever carries a card in a hand, a locked plan or a bonus card, or the real queen. The thread is measured
//! round by round: posts (one per card, the round's own, and handovers), picture bytes (under 1.2 MB),
//! every action picture readable on a phone, the recap under 3 MB. Two short games follow: one conceded
//! (the end names who, and the real queen), one drawn by agreement (after /qg status says what each side
//! needs).

use crate::support::{CHANNEL_ID, FakeDiscord, RecordedRequest, user_id};
use gambit::discord::ids::Action;
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Choice, Data, Decision, Event, EventKind, Focus, Game, Seat, Viewer};
use gambit::render::queens_gambit::{LABEL_MIN, Mark, PHONE_SHOWN, Picture, Renderer};
use gambit::service::Service;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

struct Running {
    shards: Arc<poise::serenity_prelude::ShardManager>,
    run: tokio::task::JoinHandle<Result<(), poise::serenity_prelude::Error>>,
}

/// The game's seed: fixed, so a failure can be replayed (`gambit export` the game from the test's database).
const SEED: &str = "20261122";

/// Start the bot as a host would: the built-in defaults, a config file, and the environment.
async fn start_bot(fake: &FakeDiscord, db: &Path, config_file: &Path) -> Running {
    let mut client = crate::support::real_bot(fake, db, config_file, SEED).await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    Running { shards, run }
}

impl Running {
    async fn stop(self) {
        self.shards.shutdown_all().await;
        let done = tokio::time::timeout(Duration::from_secs(30), self.run).await.expect("the bot stops");
        done.expect("no panic").expect("a clean stop");
    }
}

pub(crate) const TF: u64 = 1;
pub(crate) const NABOO: u64 = 2;

fn user_of(seat: Seat) -> u64 {
    user_id(if seat.0 == 0 { TF } else { NABOO })
}

/// The components of a stored message: (custom id, the values of a select menu).
pub(crate) fn components(msg: &Value) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for row in msg["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"].as_str() else { continue };
            let values = c["options"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|o| o["value"].as_str().map(String::from))
                .collect();
            out.push((id.to_string(), values));
        }
    }
    out
}

/// What the checker knows: the saved game, read from the database as the bot left it.
struct Checker {
    svc: Service,
    /// The same file read directly: the last action's events, secret ones included.
    log: gambit::store::Store,
    renderer: Renderer,
    game: i64,
}

impl Checker {
    async fn engine(&self) -> Game {
        self.svc.forget_all();
        self.svc.engine(&gambit::service::host::terminal(), self.game).await.unwrap()
    }

    async fn last_events(&self) -> Vec<Event> {
        self.svc.forget_all();
        let last = self.log.recent_actions(self.game, 1).await.unwrap();
        last.first().map(|a| serde_json::from_str(&a.events).unwrap()).unwrap_or_default()
    }

    /// Every card code that is secret now, and the words that name the real queen while no queen has died.
    fn secrets(g: &Game) -> Vec<String> {
        let (d, s) = (g.data(), g.state());
        let cards = s.seats.iter().flat_map(|ss| ss.hand.iter().chain(ss.queue.iter().map(|q| &q.card)));
        let mut out: Vec<String> = cards.chain(s.bonus.iter().flatten()).map(|c| d.card(*c).code.clone()).collect();
        if !s.queen_revealed {
            // How the real queen is named to her own side (pictures are checked exactly below).
            out.push("The real queen is".to_string());
            out.push("real queen:".to_string());
        }
        out
    }

    /// Check what the bot showed in public: no secret in the text or the ids of the public messages of the
    /// thread posted or edited since `since`, and every picture posted since then exactly the spectator's
    /// picture of the game as it now stands (`engine`).
    async fn public_is_clean(&self, fake: &FakeDiscord, thread: u64, since: usize, engine: &Game) {
        let secrets = Checker::secrets(engine);
        let last = self.last_events().await;
        // Cards come back into hands after a reshuffle: only what was posted or edited in this step counts.
        let public: Vec<Value> = fake
            .messages_changed_since(thread, since)
            .into_iter()
            .filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0)
            .collect();
        for m in &public {
            let text = format!("{} {:?}", m["content"].as_str().unwrap_or(""), components(m));
            for s in &secrets {
                assert!(!text.contains(s.as_str()), "a public message names the secret {s}: {text}");
            }
        }
        let expected = self.pictures(engine, &last).await;
        for r in fake.requests_since(since) {
            if !carries_message(&r) || r.is_ephemeral() || r.files.is_empty() {
                continue;
            }
            // Board pictures only: the recap's animation and the replay script come at the end.
            for f in r.files.iter().filter(|f| f.filename.ends_with(".png")) {
                assert!(
                    expected.contains(&f.bytes),
                    "the public picture {} is none of the spectator's pictures of this move: {} {}; last events {:?}",
                    f.filename,
                    r.method,
                    r.path,
                    last
                );
            }
        }
    }

    /// The spectator's pictures the last move may post: the whole board for a round's or the game's end,
    /// and for each card it finished, the phone picture of all that card did (from the log).
    async fn pictures(&self, engine: &Game, last: &[Event]) -> Vec<Vec<u8>> {
        let view = engine.view(Viewer::Spectator);
        let marks: Vec<Mark> = engine
            .pending()
            .iter()
            .filter(|d| !d.prompt.is_secret())
            .flat_map(|d| d.options.iter().filter_map(Mark::of))
            .collect();
        let public: Vec<Event> = last.iter().filter(|e| e.visible_to(None)).cloned().collect();
        let parts = gambit::service::queens_gambit::post_parts(&public);
        let finishes = |p: &[Event]| p.iter().any(|e| matches!(e.kind, EventKind::CardFinished { .. }));
        let phone = |events: &[Event]| {
            let wanted = Focus::of(events).map(Picture::from)?;
            Some(self.renderer.phone_png(&view, events, wanted, &marks).unwrap())
        };
        let mut out = Vec::new();
        for (i, part) in parts.iter().enumerate() {
            let opens = part.first().map(|e| &e.kind);
            if matches!(opens, Some(EventKind::RoundEnded { .. } | EventKind::GameOver { .. })) {
                out.push(self.renderer.png(&view, part, Picture::Overview).unwrap());
            } else if i > 0 && finishes(part) {
                out.extend(phone(part));
            } else if i == 0 && finishes(part) {
                let rows = self.log.recent_actions(self.game, 60).await.unwrap();
                let newest = rows.last().map(|a| a.seq).unwrap_or(0);
                let earlier: Vec<Vec<Event>> =
                    rows.iter().filter(|a| a.seq < newest).map(|a| serde_json::from_str(&a.events).unwrap()).collect();
                out.extend(phone(&gambit::service::queens_gambit::card_events(&earlier, part)));
            }
        }
        out
    }
}

/// Wait until the bot has marked every step it saved as told in its thread.
async fn told_everything(db: &Path) {
    for _ in 0..200 {
        let svc = Service::open_read_only(db, gambit::games::Catalog::embedded()).await.unwrap();
        if svc.owed_steps().await.unwrap() == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("a step saved 10 s ago is still not told");
}

/// A request that posts or edits a message: a post, an interaction's answer, or an edit through its token.
fn carries_message(r: &RecordedRequest) -> bool {
    (r.method == "POST" && r.path.contains("/messages") && r.path.starts_with("/channels/"))
        || r.is_callback()
        || (r.method == "PATCH" && r.path.starts_with("/webhooks/"))
}

fn round_of(text: &str) -> Option<u32> {
    text.split(" · round ").nth(1)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// Per round of the game: the posts made in its thread (edits are not posts) and the bytes of the board
/// pictures sent in public (posts and edits alike), by the round their message names.
fn thread_by_round(fake: &FakeDiscord, thread: u64, game: i64) -> std::collections::BTreeMap<u32, Round> {
    let path = format!("/channels/{thread}/messages");
    let head = format!("**Game {game}");
    let mut out = std::collections::BTreeMap::new();
    for r in fake.requests() {
        if !carries_message(&r) || r.is_ephemeral() {
            continue;
        }
        let Some(text) = r.content().filter(|t| t.starts_with(&head)) else { continue };
        let Some(round) = round_of(text) else { continue };
        let entry: &mut Round = out.entry(round).or_default();
        if r.method == "POST" && r.path == path {
            entry.posts += 1;
            // A card's post names the card revealed (after the plan locks that led to it, if any).
            entry.cards += usize::from(text.lines().skip(1).any(|l| l.starts_with("• ") && l.contains(" reveals ")));
            // Someone new must answer in the middle of a card: a post that only says so (and pings them).
            entry.handovers += usize::from(text.lines().nth(1).is_some_and(|l| l.starts_with('➡')));
            if std::env::var("E2E_DUMP").is_ok() {
                eprintln!("POST r{round}: {}", text.lines().skip(1).collect::<Vec<_>>().join(" | "));
            }
        }
        entry.bytes += r.files.iter().filter(|f| f.filename.ends_with(".png")).map(|f| f.bytes.len()).sum::<usize>();
    }
    out
}

/// A round in the thread: its posts, how many of them are cards' posts, its pictures' bytes.
#[derive(Debug, Default)]
struct Round {
    posts: usize,
    cards: usize,
    handovers: usize,
    bytes: usize,
}

/// Every board picture sent in public, by name, with its width.
fn posted_pictures(fake: &FakeDiscord) -> Vec<(String, u32)> {
    fake.requests()
        .iter()
        .filter(|r| carries_message(r) && !r.is_ephemeral())
        .flat_map(|r| r.files.clone())
        .filter(|f| f.filename.ends_with(".png"))
        .map(|f| {
            let img = image::load_from_memory(&f.bytes).expect("a PNG");
            (f.filename.clone(), img.width())
        })
        .collect()
}

/// The end of the game in its thread: the result, the recap with the game as an animation, and the dice
/// check whose seed matches the seal posted when the game started.
async fn ends_worth_sharing(fake: &FakeDiscord, thread: u64, game: i64) {
    // The recap follows the last answer: drawing every round takes a while in a debug build.
    let path = format!("/channels/{thread}/messages");
    let dice =
        |r: &RecordedRequest| r.method == "POST" && r.path == path && r.content().is_some_and(|c| c.starts_with("🎲"));
    fake.wait_for(dice, Duration::from_secs(240)).await;
    let public: Vec<Value> =
        fake.messages_in(thread).into_iter().filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0).collect();
    let text = |m: &Value| m["content"].as_str().unwrap_or("").to_string();
    let seal = public
        .iter()
        .find_map(|m| text(m).split("Dice seal: `").nth(1).and_then(|s| s.split('`').next()).map(String::from))
        .expect("the seal posted when the game started");
    let recap = public.iter().find(|m| text(m).starts_with(&format!("🏁 **Game {game}"))).expect("a recap");
    assert!(text(recap).contains("wins.**") && text(recap).contains("**Losses**"), "{}", text(recap));
    assert!(text(recap).contains("The real queen was the "), "the end reveals the real queen: {}", text(recap));
    let files = |m: &Value| -> Vec<String> {
        m["attachments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a["filename"].as_str().map(String::from))
            .collect()
    };
    assert_eq!(files(recap), [format!("game-{game}.gif")]);
    let check = public.last().expect("the dice check comes last");
    assert!(text(check).starts_with(&format!("🎲 **Dice check for game {game}.**")), "{}", text(check));
    let seed: u64 =
        text(check).split("The seed was `").nth(1).and_then(|s| s.split('`').next()).unwrap().parse().unwrap();
    assert_eq!(gambit::service::seal(game, seed), seal, "the revealed seed is the sealed one");
    assert_eq!(seed.to_string(), SEED, "the game's own seed");
    assert_eq!(files(check), [format!("game-{game}.txt")]);
}

/// Wait until `n` posts were made in the thread since `mark`; then make sure no more follow.
async fn posts_since(fake: &FakeDiscord, thread: u64, mark: usize, n: usize) {
    let path = format!("/channels/{thread}/messages");
    let count = || fake.requests_since(mark).iter().filter(|r| r.method == "POST" && r.path == path).count();
    for _ in 0..400 {
        if count() >= n {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(count(), n, "posts after a move:\n{}", fake.describe_requests());
}

/// Find the newest message in the thread whose components answer this seat's decision at this version.
async fn decision_message(fake: &FakeDiscord, thread: u64, game: i64, seat: Seat, version: u64) -> Value {
    let key = format!(":{game}:{}:{version}:", seat.0);
    for _ in 0..200 {
        let found = fake
            .newest_in(thread, |m| components(m).iter().any(|(id, _)| id.contains(&key) && !id.starts_with("qg:p:")));
        if let Some(m) = found {
            return m;
        }
        // The bot posts after answering the click; wait for its next request.
        let mark = fake.mark();
        let _ = tokio::time::timeout(
            Duration::from_millis(250),
            fake.wait_for_since(mark, |_| true, Duration::from_secs(5)),
        )
        .await;
    }
    panic!("no message offers the decision {key}:\n{}", fake.describe_requests());
}

/// The decision restricted to what a message offers, so the random player picks among the real buttons.
fn offered(d: &Data, dec: &Decision, comps: &[(String, Vec<String>)]) -> Decision {
    let mut texts = Vec::new();
    for (id, values) in comps {
        match Action::parse(id) {
            Some(Action::Choose { choice, .. }) => texts.push(choice),
            Some(Action::Pick { .. }) => texts.extend(values.iter().cloned()),
            _ => {}
        }
    }
    let options: Vec<Choice> =
        texts.iter().filter_map(|t| Choice::parse(d, t).ok()).filter(|c| dec.options.contains(c)).collect();
    assert!(!options.is_empty(), "a decision message offers nothing legal");
    Decision { seat: dec.seat, prompt: dec.prompt.clone(), options }
}

/// Wait for the bot's whole answer to an interaction: the callback, and after an acknowledgement (a
/// deferred reply or update) the answer that follows it through the interaction's token.
pub(crate) async fn answered(fake: &FakeDiscord, h: &crate::support::InteractionHandle) -> RecordedRequest {
    let cb = fake.wait_for_callback(h).await;
    if matches!(cb.callback_type(), Some(5 | 6)) {
        fake.wait_for_responses(h, 2).await;
    }
    cb
}

/// Press the component that carries `choice` on a message.
async fn press(fake: &FakeDiscord, user: u64, msg: &Value, d: &Data, choice: &Choice) {
    let text = choice.text(d);
    let comps = components(msg);
    let id = FakeDiscord::id_of(msg);
    let h = if let Some((bid, _)) = comps
        .iter()
        .find(|(cid, _)| matches!(Action::parse(cid), Some(Action::Choose { choice, .. }) if choice == text))
    {
        fake.click(user, id, bid).await
    } else {
        let (sid, _) = comps.iter().find(|(_, values)| values.contains(&text)).expect("a menu with the choice");
        fake.select(user, id, sid, &[text.as_str()]).await
    };
    let cb = answered(fake, &h).await;
    assert!(cb.succeeded(), "{}", cb.line());
    assert!(!cb.is_ephemeral() || cb.callback_type() == Some(7), "a legal press was refused: {:?}", cb.content());
}

/// Open the hand menu with /qg hand and make the private decision in it (queen, plan, lock in).
async fn private_move(
    fake: &FakeDiscord,
    thread: u64,
    seat: Seat,
    dec: &Decision,
    d: &Data,
    agent: &mut RandomAgent,
    game: &Game,
) {
    let user = user_of(seat);
    let h = fake.slash(user, thread, "qg hand", &[]).await;
    let cb = answered(fake, &h).await;
    assert!(cb.is_ephemeral(), "the hand is private");
    let menu = fake.original_message(&h).expect("the hand menu");
    let comps = components(&menu);
    if let Some((lock, _)) = comps.iter().find(|(id, _)| id.starts_with("qg:k:")) {
        let c = fake.click(user, FakeDiscord::id_of(&menu), lock).await;
        answered(fake, &c).await;
        let confirm = fake.message(FakeDiscord::id_of(&menu)).unwrap();
        press(fake, user, &confirm, d, &Choice::PlanLock).await;
        return;
    }
    let offer = offered(d, dec, &comps);
    let choice = agent.pick(game, &offer);
    press(fake, user, &menu, d, &choice).await;
}

/// The Trade Federation player opens a game; the lobby appears in its own thread; Naboo joins and starts
/// it. The game and its thread.
pub(crate) async fn open_game(fake: &FakeDiscord, title: &str) -> (i64, u64) {
    let start_mark = fake.mark();
    let h = fake
        .slash(user_id(TF), CHANNEL_ID, "qg new", &[("players", json!(0)), ("side", json!(0)), ("title", json!(title))])
        .await;
    let cb = answered(fake, &h).await;
    let created = fake.original_message(&h).unwrap();
    assert!(created["content"].as_str().unwrap_or("").contains("created"), "{:?}", cb.content());
    let made = fake
        .wait_for_since(start_mark, |r| r.method == "POST" && r.path.contains("/threads"), Duration::from_secs(20))
        .await;
    let name = made.body["name"].as_str().unwrap_or("").to_string();
    let thread = fake
        .threads_of(CHANNEL_ID)
        .iter()
        .find(|t| t["name"].as_str() == Some(name.as_str()))
        .map(FakeDiscord::id_of)
        .expect("the game's thread");
    fake.wait_for_since(start_mark, |r| r.path == format!("/channels/{thread}/messages"), Duration::from_secs(20))
        .await;
    let lobby = fake.messages_in(thread).into_iter().next().expect("the lobby");
    let join = components(&lobby).into_iter().find(|(id, _)| id.starts_with("qg:j:")).unwrap().0;
    let game = Action::parse(&join).unwrap().game();
    let c = fake.click(user_id(NABOO), FakeDiscord::id_of(&lobby), &join).await;
    answered(fake, &c).await;
    let lobby = fake.message(FakeDiscord::id_of(&lobby)).unwrap();
    let start = components(&lobby).into_iter().find(|(id, _)| id.starts_with("qg:t:")).expect("a start button").0;
    let c = fake.click(user_id(NABOO), FakeDiscord::id_of(&lobby), &start).await;
    answered(fake, &c).await;
    (game, thread)
}

/// A member's command and the text of its answer.
pub(crate) async fn command(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    path: &str,
    options: &[(&str, Value)],
) -> String {
    let h = fake.slash(user_id(user), channel, path, options).await;
    answered(fake, &h).await;
    fake.original_message(&h).and_then(|m| m["content"].as_str().map(String::from)).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_finish_a_whole_game_through_discord_with_a_restart_in_the_middle() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("e2e.db");
    // Before the restart the bot answers quick work at once; after it, it acknowledges every interaction
    // first and answers through the interaction's webhook, as it does when work is slow.
    let quick = dir.path().join("quick.toml");
    // Two scripted players click far faster than people: no per-minute allowance here.
    std::fs::write(&quick, "[discord]\ndefer_after_ms = 1500\n[limits]\ncommands_per_minute = 0\n").unwrap();
    let deferring = dir.path().join("deferring.toml");
    std::fs::write(&deferring, "[discord]\ndefer_after_ms = 0\n[limits]\ncommands_per_minute = 0\n").unwrap();
    let fake = FakeDiscord::start().await;
    let mut bot = start_bot(&fake, &db, &quick).await;
    fake.ready().await;
    let d = Data::embedded();

    let (game, thread) = open_game(&fake, "e2e").await;

    let checker = Checker {
        svc: Service::open(&db).await.unwrap(),
        log: gambit::store::Store::open_read_only(&db).await.unwrap(),
        renderer: Renderer::new(d.clone()).unwrap(),
        game,
    };
    let mut agent = RandomAgent::new(&d, 2026);
    let mut steps = 0u32;
    let mut restarted = false;
    let mut engine = checker.engine().await;
    loop {
        if engine.outcome().is_some() {
            break;
        }
        let mark = fake.mark();
        let dec = engine.pending()[0].clone();
        if dec.prompt.is_secret() {
            private_move(&fake, thread, dec.seat, &dec, &d, &mut agent, &engine).await;
        } else {
            let revision = checker.svc.revision(game).await.unwrap();
            let msg = decision_message(&fake, thread, game, dec.seat, revision).await;
            let offer = offered(&d, &dec, &components(&msg));
            let choice = agent.pick(&engine, &offer);
            press(&fake, user_of(dec.seat), &msg, &d, &choice).await;
        }
        // Let the bot finish posting before checking what it posted: a card's post is edited as it goes on
        // (the answer to the click); a new post opens for a card revealed, the round's or the game's end,
        // or someone new to act; a move made in a private menu that says something gets one too.
        let after = checker.engine().await;
        let public: Vec<Event> = checker.last_events().await.into_iter().filter(|e| e.visible_to(None)).collect();
        let openers = gambit::service::queens_gambit::post_parts(&public).len() - 1;
        let said = public
            .iter()
            .any(|e| gambit::games::queens_gambit::rules::words::event_text(&d, after.mode(), e).is_some());
        let waiting = |g: &Game| g.pending().iter().map(|x| x.seat).collect::<Vec<_>>();
        let newly_waiting = waiting(&after).iter().any(|s| !waiting(&engine).contains(s));
        let asks_in_public = after.pending().iter().any(|x| !x.prompt.is_secret());
        // A plan locked amends the round's post (an edit, not a post), as the round's post is known.
        let lock = public.iter().all(|e| matches!(e.kind, EventKind::PlanLocked { .. })) && !public.is_empty();
        let extra = openers == 0
            && (!lock || newly_waiting)
            && (newly_waiting || (dec.prompt.is_secret() && (said || asks_in_public)));
        let expected = openers + usize::from(extra);
        posts_since(&fake, thread, mark, expected).await;
        if after.outcome().is_none() && !after.pending()[0].prompt.is_secret() {
            let revision = checker.svc.revision(game).await.unwrap();
            decision_message(&fake, thread, game, after.pending()[0].seat, revision).await;
        }
        checker.public_is_clean(&fake, thread, mark, &after).await;
        engine = after;
        steps += 1;
        if steps == 300 && !restarted {
            // Stop the bot in the middle of the game, as a clean stop does once what is in flight is told
            // (the step's posts may be out before the bot marks it told), and start a new one on the same
            // database: it has nothing to tell again.
            told_everything(&db).await;
            bot.stop().await;
            fake.disconnected().await;
            bot = start_bot(&fake, &db, &deferring).await;
            assert_eq!(fake.ready().await, 2, "a second session");
            restarted = true;
        }
        assert!(steps < 6000, "the game does not end");
    }
    assert!(restarted, "the game lasted past the restart");
    let end = checker.engine().await;
    let outcome = end.outcome().expect("finished");
    assert!(matches!(checker.svc.verify(game).await, gambit::service::Verdict::Consistent { .. }));
    ends_worth_sharing(&fake, thread, game).await;
    let rounds = thread_by_round(&fake, thread, game);
    let posts: Vec<usize> = rounds.values().map(|r| r.posts).collect();
    let most_posts = posts.iter().copied().max().unwrap_or(0);
    let most_bytes = rounds.values().map(|r| r.bytes).max().unwrap_or(0);
    let average_posts = posts.iter().sum::<usize>() as f64 / posts.len().max(1) as f64;
    eprintln!(
        "e2e: {steps} moves, {} requests, {:?} won in {} rounds; posts a round: {average_posts:.1} on average, {most_posts} \
         at most; pictures a round: {} KB in all, {} KB at most",
        fake.requests().len(),
        outcome.winner,
        rounds.len(),
        rounds.values().map(|r| r.bytes).sum::<usize>() / 1024,
        most_bytes / 1024
    );
    // A calm thread: one post per card played (eight a round, more with bonus cards), the round's own post,
    // and a post when someone new must answer in the middle of a card (an edit pings nobody). The
    // pictures of a round stay under 1.2 MB.
    assert!(average_posts <= 11.0, "posts a round: {rounds:?}");
    for (n, r) in &rounds {
        // Beyond the cards and the handovers, only the round's own post (and the last round's end).
        assert!(r.posts <= r.cards + r.handovers + 2, "round {n}: {r:?}: {rounds:?}");
        assert!(r.bytes <= 1_200_000, "round {n}: {} bytes of pictures: {rounds:?}", r.bytes);
    }
    // The recap opens on mobile data: every round a frame, within 3 MB for a 35-round game.
    let recap = fake
        .requests()
        .iter()
        .flat_map(|r| r.files.clone())
        .find(|f| f.filename == format!("game-{game}.gif"))
        .expect("the recap's animation");
    let budget = 3_000_000 * (rounds.len() + 1).max(36) / 36;
    assert!(recap.bytes.len() <= budget, "the recap is {} bytes, over {budget}", recap.bytes.len());
    // Every picture posted for an action is a phone picture: its hex labels show at least 10 px high on a
    // phone 400 px wide.
    for (name, width) in posted_pictures(&fake) {
        let theatre = Picture::from_key(name.trim_end_matches(".png")).expect("a board picture");
        if theatre == Picture::Overview {
            continue;
        }
        let shown = checker.renderer.label_size(theatre) * PHONE_SHOWN / width as f32;
        assert!(shown >= LABEL_MIN, "{name}: labels show {shown:.1} px high at 400 px ({width} px wide)");
    }
    assert!(
        fake.dropped_attachments().is_empty(),
        "an edit took a picture off a post: {:?}",
        fake.dropped_attachments()
    );
    // A spectator in the thread: every command means this game, with no game named.
    for (command, says) in [
        ("qg status", format!("**Game {game}**")),
        ("qg log", format!("**Game {game}: the last")),
        ("qg board", format!("Game {game} · overview")),
    ] {
        let h = fake.slash(user_id(3), thread, command, &[]).await;
        answered(&fake, &h).await;
        let reply = fake.original_message(&h).expect("an answer");
        let text = reply["content"].as_str().unwrap_or("");
        assert!(text.contains(&says), "{command} from a spectator in the thread: {text}");
    }
    // A second game: Naboo chooses the queen and the Trade Federation concedes; the end names who
    // conceded and reveals the real queen.
    let (conceded, thread2) = open_game(&fake, "conceded").await;
    checker.svc.forget_all();
    let g2 = checker.svc.engine(&gambit::service::host::terminal(), conceded).await.unwrap();
    let queen = g2
        .pending()
        .iter()
        .find(|x| x.prompt == gambit::games::queens_gambit::rules::Prompt::ChooseQueen)
        .unwrap()
        .clone();
    private_move(&fake, thread2, queen.seat, &queen, &d, &mut agent, &g2).await;
    let said = command(&fake, TF, thread2, "qg concede", &[("confirm", json!("CONCEDE"))]).await;
    assert_eq!(said, "You conceded.");
    ends_worth_sharing(&fake, thread2, conceded).await;
    let recap = fake
        .messages_in(thread2)
        .into_iter()
        .find_map(|m| m["content"].as_str().filter(|t| t.starts_with("🏁 **Game")).map(String::from))
        .expect("the recap");
    let who = format!("<@{}>, playing the Trade Federation, conceded", user_id(TF));
    assert!(recap.contains(&who), "the recap names who conceded: {recap}");
    // A third: where it stands, for a spectator; then a draw offered by one side and accepted by the other.
    let (drawn, thread3) = open_game(&fake, "drawn").await;
    let status = command(&fake, 3, thread3, "qg status", &[]).await;
    assert!(status.contains("Trade Federation wins when Naboo is down to 2 palace pieces: 26 now."), "{status}");
    assert!(status.contains("Naboo must first destroy the Control Ship"), "{status}");
    assert!(command(&fake, TF, thread3, "qg draw", &[]).await.starts_with("Draw offered"));
    let mark = fake.mark();
    assert_eq!(command(&fake, NABOO, thread3, "qg draw", &[]).await, "You accepted the draw: the game is over.");
    let path = format!("/channels/{thread3}/messages");
    let ends = format!("Game {drawn} ends in a draw by agreement");
    let over =
        |r: &RecordedRequest| r.method == "POST" && r.path == path && r.content().is_some_and(|c| c.contains(&ends));
    fake.wait_for_since(mark, over, Duration::from_secs(20)).await;
    checker.svc.forget_all();
    let row = checker.svc.game_row(drawn).await.unwrap();
    assert_eq!(
        (row.status, row.reason.as_deref(), row.winner),
        (gambit::service::Status::Abandoned, Some("draw"), None)
    );
    fake.assert_clean();
    bot.stop().await;
}

/// In a first game's thread, `/stratego`'s every-game commands (the board, a typed move, an undo, a draw)
/// reach its game through the one handler each game shares, drawn and told as the first game draws and
/// tells them; a setup, which only the tables' games have, and a concession (the first game asks to
/// confirm one, with `/qg concede`) turn it away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_every_game_commands_of_stratego_reach_a_first_game_in_its_thread() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("bot.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake, &dir.path().join("bot.db"), &config).await;
    fake.ready().await;
    let (game, thread) = open_game(&fake, "shared").await;
    let board = command(&fake, NABOO, thread, "stratego board", &[]).await;
    assert_eq!(board, format!("Game {game} · overview · move 0"), "the first game's own board");
    let undo = command(&fake, NABOO, thread, "stratego undo", &[]).await;
    assert!(undo.contains("nothing to undo"), "{undo}");
    // A typed move is its own typed choice: Naboo's queen, chosen in secret; its hand comes next. A setup
    // is only the tables' games'.
    let chosen = command(&fake, NABOO, thread, "stratego move", &[("choice", json!("queen red_queen"))]).await;
    assert!(chosen.starts_with("**Your hand · Naboo**") && chosen.contains("Plan (0 of 4)"), "{chosen}");
    let undone = command(&fake, NABOO, thread, "stratego undo", &[]).await;
    assert!(undone.starts_with("Your last move is taken back.\n**Your hand"), "the queen was chosen: {undone}");
    let setup = command(&fake, NABOO, thread, "stratego setup", &[("army", json!("random"))]).await;
    assert_eq!(setup, format!("Game {game} is a game of The Queen's Gambit: play it with /qg."));
    // A concession of the first game is confirmed, whichever game's command asks for it.
    let concede = command(&fake, TF, thread, "stratego concede", &[]).await;
    assert_eq!(concede, "Not conceded: type CONCEDE in capitals to confirm.");
    let mark = fake.mark();
    let offered = command(&fake, TF, thread, "stratego draw", &[]).await;
    assert!(offered.starts_with("Draw offered"), "{offered}");
    // The other side is told to accept with the game's own command, whichever command offered it.
    let path = format!("/channels/{thread}/messages");
    let told = fake.wait_for_since(mark, |r| r.method == "POST" && r.path == path, Duration::from_secs(20)).await;
    let told = told.content().unwrap_or("").to_string();
    assert!(told.contains("may accept it with /qg draw until round 1 ends"), "{told}");
    let accepted = command(&fake, NABOO, thread, "stratego draw", &[]).await;
    assert_eq!(accepted, "You accepted the draw: the game is over.");
    bot.stop().await;
}
