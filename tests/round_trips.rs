//! The work of one click, counted from the program's own logs: the bot calls the game service once (each
//! public call of the service logs itself at trace level, target `gambit::service::call`), and the
//! service, for a game in memory, reads nothing but the pinged players' preferences and saves once (the
//! action, its snapshot and the game's row, in one transaction; sqlx's statement log). Its own test
//! binary: the counters are process-wide.

use gambit::discord::bot::{Bot, Origin, Reply};
use gambit::discord::ids::Action;
use gambit::discord::perms::INVITE;
use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::{Data, Question, Side};
use gambit::render::queens_gambit::Renderer;
use gambit::service::{Caller, Chosen, Limits, NewGameRequest, Person, Power, Service};
use std::sync::{Arc, Mutex, OnceLock};
use tracing_subscriber::layer::SubscriberExt;

const TF: &str = "111111111111111111";
const NABOO: &str = "222222222222222222";

/// Every statement sqlx ran since the last `take`, by its summary ("INSERT INTO actions …").
fn statements() -> &'static Mutex<Vec<String>> {
    static S: OnceLock<Mutex<Vec<String>>> = OnceLock::new();
    S.get_or_init(Default::default)
}

struct Count;

/// The field of an event that names it: a statement's summary, or a service call's name.
struct Summary(&'static str, String);

impl tracing::field::Visit for Summary {
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        if field.name() == self.0 {
            self.1 = value.to_string();
        }
    }

    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        if field.name() == self.0 {
            self.1 = format!("{value:?}");
        }
    }
}

/// The service calls since the last `take` ("CALL choose").
fn calls(ran: &[String]) -> Vec<&String> {
    ran.iter().filter(|s| s.starts_with("CALL ")).collect()
}

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Count {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        let (field, prefix) = match event.metadata().target() {
            "sqlx::query" => ("summary", ""),
            "gambit::service::call" => ("call", "CALL "),
            _ => return,
        };
        let mut s = Summary(field, String::new());
        event.record(&mut s);
        // A connection the pool opens (under load, say) sets itself up with PRAGMAs: not the click's work.
        if s.1.starts_with("PRAGMA") {
            return;
        }
        if let Ok(mut all) = statements().lock() {
            all.push(format!("{prefix}{}", s.1));
        }
    }
}

fn take() -> Vec<String> {
    std::mem::take(&mut *statements().lock().unwrap())
}

fn at(user: &str, private: bool) -> Origin {
    Origin {
        caller: Caller::member(Person::new(user, false), "555", "444", Power::default()),
        channel: "444".into(),
        permissions: INVITE,
        from_private: private,
        message: None,
    }
}

/// Whether a statement writes (the save), as opposed to reading.
fn writes(s: &str) -> bool {
    let s = s.to_ascii_uppercase();
    ["INSERT", "UPDATE", "DELETE", "BEGIN", "COMMIT"].iter().any(|w| s.starts_with(w))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_click_on_a_game_in_memory_reads_nothing_and_saves_once() {
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(Count)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits { commands_per_minute: 0, ..Limits::default() };
    let svc = Arc::new(Service::open(&dir.path().join("clicks.db")).await.unwrap().with_limits(limits));
    let renderer = Arc::new(Renderer::new(Data::embedded()).unwrap());
    let b = Bot::new(svc.clone(), gambit::render::Painters::new(renderer), std::time::Duration::from_secs(5), Some(7));
    let out = b.new_game(&at(TF, false), 2, Some(Side::Tf), "", Some(Person::new(NABOO, false)), (None, None)).await;
    let game = out.thread.unwrap().game;
    b.component(&at(NABOO, false), &Action::Start { game }.id().unwrap(), &[]).await;
    let mut agent = RandomAgent::new(&Data::embedded(), 7);
    let question = next_public(&svc, game, &mut agent).await;
    let user = [TF, NABOO][question.seat.index()];
    // Silence anything the test's own setup left behind (the pool's first connections, the plans).
    let revision = svc.revision(game).await.unwrap();
    take();

    // One press of the first button of the public question, as a player makes it.
    let choice = question.answers[0].choice.text(&Data::embedded());
    let id = Action::Choose { game, seat: question.seat.index(), version: revision, choice }.id().unwrap();
    let out = b.component(&at(user, false), &id, &[]).await;
    assert!(!matches!(out.reply, Reply::Private(_)), "the press was accepted: {:?}", out.reply);
    let ran = take();
    assert_eq!(calls(&ran), ["CALL choose"], "one call to the service");
    let ran: Vec<String> = ran.into_iter().filter(|s| !s.starts_with("CALL ")).collect();
    let (saves, reads): (Vec<&String>, Vec<&String>) = ran.iter().partition(|s| writes(s));
    // A ping reads the pinged player's preferences; nothing else is read.
    let pinged: usize = out.posts.iter().map(|p| p.msg.ping.len()).sum();
    assert!(reads.len() <= pinged, "reads: {reads:?}");
    assert!(reads.iter().all(|r| r.contains("user_settings")), "only preferences are read: {reads:?}");
    assert_eq!(saved(&saves), ONE_SAVE, "one save");

    // A choice the rules refuse changes nothing: it writes nothing, and the copy in memory stays good,
    // so the next press reads nothing either.
    let question = next_public(&svc, game, &mut agent).await;
    let revision = svc.revision(game).await.unwrap();
    let user = [TF, NABOO][question.seat.index()];
    take();
    let wrong =
        Action::Choose { game, seat: question.seat.index(), version: revision, choice: "queen red_queen".into() };
    let out = b.component(&at(user, false), &wrong.id().unwrap(), &[]).await;
    assert!(matches!(out.reply, Reply::Private(_)), "refused: {:?}", out.reply);
    assert!(take().iter().all(|s| !writes(s)), "a refusal writes nothing");
    let choice = question.answers[0].choice.text(&Data::embedded());
    let id = Action::Choose { game, seat: question.seat.index(), version: revision, choice }.id().unwrap();
    let out = b.component(&at(user, false), &id, &[]).await;
    assert!(!matches!(out.reply, Reply::Private(_)), "the press was accepted: {:?}", out.reply);
    let ran: Vec<String> = take().into_iter().filter(|s| !s.starts_with("CALL ")).collect();
    let (saves, reads): (Vec<&String>, Vec<&String>) = ran.iter().partition(|s| writes(s));
    assert!(reads.iter().all(|r| r.contains("user_settings")), "nothing loaded again: {reads:?}");
    assert_eq!(saved(&saves), ONE_SAVE, "one save");

    // After a restart the game is loaded once, then saved once.
    let question = next_public(&svc, game, &mut agent).await;
    let version = svc.revision(game).await.unwrap();
    svc.forget_all();
    take();
    let user = [TF, NABOO][question.seat.index()];
    let choice = question.answers[0].choice.text(&Data::embedded());
    let id = Action::Choose { game, seat: question.seat.index(), version, choice }.id().unwrap();
    let out = b.component(&at(user, false), &id, &[]).await;
    assert!(!matches!(out.reply, Reply::Private(_)), "the press was accepted: {:?}", out.reply);
    let ran = take();
    assert_eq!(calls(&ran), ["CALL choose"], "one call to the service, after a restart too");
    let ran: Vec<String> = ran.into_iter().filter(|s| !s.starts_with("CALL ")).collect();
    let (saves, reads): (Vec<&String>, Vec<&String>) = ran.iter().partition(|s| writes(s));
    let pinged: usize = out.posts.iter().map(|p| p.msg.ping.len()).sum();
    let loading: Vec<&&String> = reads.iter().filter(|r| !r.contains("user_settings")).collect();
    assert_eq!(loading.len(), LOAD, "one load: {loading:?}");
    assert!(reads.len() - loading.len() <= pinged, "reads: {reads:?}");
    assert_eq!(saved(&saves), ONE_SAVE, "one save");

    // A click in the first game's private plan menu: one call, which brings the menu as it is now.
    let out = b.new_game(&at(TF, false), 2, Some(Side::Tf), "", Some(Person::new(NABOO, false)), (None, None)).await;
    let planned = out.thread.unwrap().game;
    b.component(&at(NABOO, false), &Action::Start { game: planned }.id().unwrap(), &[]).await;
    let sv = svc.view(&at(TF, true).caller, planned, None).await.unwrap();
    let plan = sv.question.clone().expect("the Trade Federation plans");
    assert!(plan.prompt.is_secret(), "a plan is secret");
    let choice = plan.answers[0].choice.text(&Data::embedded());
    let id = Action::Choose { game: planned, seat: 0, version: sv.menu_token(), choice }.id().unwrap();
    take();
    let out = b.component(&at(TF, true), &id, &[]).await;
    assert!(matches!(out.reply, Reply::Menu(_)), "the plan menu as it is now: {:?}", out.reply);
    assert_eq!(calls(&take()), ["CALL choose"], "a plan click is one call to the service");

    // A Stratego move: the pick that makes it is one call too, which brings the chooser's words of it.
    let evil = at(TF, true);
    let guest = Some(Person::new(NABOO, false));
    let req = NewGameRequest { guest, seed: Some(3), ..NewGameRequest::of("stratego", "variant 1") };
    let table = svc.create(&evil.caller, req).await.unwrap();
    svc.start(&at(NABOO, false).caller, table).await.unwrap();
    for user in [TF, NABOO] {
        svc.choose(&at(user, true).caller, table, None, Chosen::Typed, "setup guarded").await.unwrap();
    }
    let mut path: Vec<String> = Vec::new();
    let (menu, leaf) = loop {
        let steps: Vec<&str> = path.iter().map(String::as_str).collect();
        let menu = svc.table_menu(&evil.caller, table, &steps).await.unwrap();
        let first = menu.items.first().expect("Evil moves first").clone();
        if first.leaf {
            break (menu, first);
        }
        path.push(first.id);
    };
    let pick = Action::TablePick { game: table, version: menu.revision, path: path.join(" ") }.id().unwrap();
    take();
    let out = b.component(&evil, &pick, std::slice::from_ref(&leaf.id)).await;
    assert!(
        matches!(&out.reply, Reply::Menu(m) if !m.content.is_empty()),
        "the move, in the mover's words: {:?}",
        out.reply
    );
    assert_eq!(calls(&take()), ["CALL choose"], "a Stratego move is one call to the service");
    assert_eq!(svc.game_row(table).await.unwrap().moves, 1, "and it was made");
}

/// Plans and the queen through the service, until a question is asked in public.
async fn next_public(svc: &Service, game: i64, agent: &mut RandomAgent) -> Question {
    loop {
        let engine = svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
        let dec = engine.pending()[0].clone();
        if !dec.prompt.is_secret() {
            return engine.question_for(dec.seat).unwrap();
        }
        let user = [TF, NABOO][dec.seat.index()];
        let revision = svc.revision(game).await.unwrap();
        let text = agent.pick(&engine, &dec).text(svc.data());
        let caller = Caller::host(&gambit::service::host::terminal(), user);
        svc.choose(&caller, game, Some(dec.seat.index()), Chosen::Revision(revision), &text).await.unwrap();
    }
}

/// What one save runs: the game's row, the action, the new snapshot, and the snapshots no longer kept
/// (sqlx does not log the transaction's BEGIN and COMMIT).
/// One step's transaction: the game, its log line, what it owes its thread (the outbox), the end of its
/// player's absence if they were away (a person's move), and its snapshot.
const ONE_SAVE: [&str; 6] = [
    "UPDATE games",
    "INSERT INTO actions",
    "INSERT INTO outbox",
    "UPDATE user_settings",
    "INSERT INTO snapshots",
    "DELETE FROM snapshots",
];

/// What loading a game runs: its row, its seats (who may reach it is decided from these), its newest snapshot,
/// its log's lines (its replay script, with its newest step's events).
const LOAD: usize = 4;

fn saved(saves: &[&String]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> =
        saves.iter().filter_map(|s| ONE_SAVE.iter().find(|w| s.starts_with(**w)).copied()).collect();
    out.sort_by_key(|w| ONE_SAVE.iter().position(|x| x == w));
    assert_eq!(out.len(), saves.len(), "nothing else is written: {saves:?}");
    out
}
