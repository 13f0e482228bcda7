//! Any text as a custom id: read or refused without a panic, and every click answered. Buttons and menus
//! come back from Discord as the member's client sends them, so their ids are untrusted input.

use gambit::discord::bot::{Bot, Origin, Reply};
use gambit::discord::ids::Action;
use gambit::discord::perms::INVITE;
use gambit::games::queens_gambit::rules::{Data, Side};
use gambit::render::queens_gambit::Renderer;
use gambit::service::{Caller, Limits, Person, Power, Service};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::Arc;

/// Ids shaped like ours, with every part drawn at random, and plain noise.
fn ids() -> impl Strategy<Value = String> {
    let number = prop_oneof![Just("-".to_string()), "[0-9]{1,21}", "-?[0-9]{1,3}", ".{0,4}"];
    prop_oneof![
        ".{0,120}",
        ("[a-z]{0,2}", number.clone(), number.clone(), number, ".{0,40}")
            .prop_map(|(tag, game, seat, version, arg)| format!("qg:{tag}:{game}:{seat}:{version}:{arg}")),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn any_text_is_read_as_a_custom_id_or_refused_without_a_panic(id in ids()) {
        if let Some(action) = Action::parse(&id) {
            // What is read is ours: written back, it reads the same.
            let again = action.id().and_then(|i| Action::parse(&i));
            prop_assert_eq!(again, Some(action));
        }
    }
}

#[test]
fn every_click_with_any_custom_id_is_answered() {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bot = runtime.block_on(async {
        let limits = Limits { commands_per_minute: 0, ..Limits::default() };
        let svc = Arc::new(Service::open(&dir.path().join("props.db")).await.unwrap().with_limits(limits));
        let renderer = Arc::new(Renderer::new(Data::embedded()).unwrap());
        let bot = Bot::new(svc, gambit::render::Painters::new(renderer), std::time::Duration::from_secs(1), Some(3));
        // A game under way, so ids naming it reach the service.
        let at = origin("111");
        let out = bot.new_game(&at, 2, Some(Side::Tf), "", Some(Person::new("222", false)), (None, None)).await;
        let game = out.thread.expect("a lobby").game;
        bot.component(&origin("222"), &Action::Start { game }.id().unwrap(), &[]).await;
        bot
    });
    let mut runner = TestRunner::new(Config { cases: 256, ..Config::default() });
    let clicked = runner.run(&(ids(), proptest::collection::vec(".{0,20}", 0..3), 0usize..3), |(id, values, who)| {
        let user = ["111", "222", "333"][who];
        let out = runtime.block_on(bot.component(&origin(user), &id, &values));
        let said = match &out.reply {
            Reply::Private(m) | Reply::Update(m) | Reply::Public(m) | Reply::Menu(m) => m.content.clone(),
            Reply::Clear => "cleared".into(),
            Reply::Form(f) => f.title.clone(),
        };
        prop_assert!(!said.trim().is_empty(), "no answer to {id:?}");
        Ok(())
    });
    clicked.unwrap();
}

fn origin(user: &str) -> Origin {
    Origin {
        caller: Caller::member(Person::new(user, false), "555", "444", Power::default()),
        channel: "444".into(),
        permissions: INVITE,
        from_private: false,
        message: None,
    }
}
