//! The bot's handlers on a real game service, without Discord: lobby, hand menus, decisions by button,
//! stale and foreign clicks, private boards, and messages that never leak a hand or a plan.

use crate::play::Play;
use gambit::discord::admin::Admin;
use gambit::discord::bot::{Bot, Origin, Out, Reply};
use gambit::discord::ids::Action;
use gambit::discord::msg::{Msg, Row};
use gambit::discord::perms::INVITE;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, Side};
use gambit::render::queens_gambit::Renderer;
use gambit::service::{Caller, Limits, Person, Power, ServerChange, Service, UserId};
use std::sync::{Arc, OnceLock};

/// The user holding each seat, in seat order.
async fn seats_of(b: &Bot, game: i64) -> Vec<Option<String>> {
    b.svc
        .summary(&Caller::host(&gambit::service::host::terminal(), "test"), game)
        .await
        .unwrap()
        .seats
        .into_iter()
        .map(|(_, u)| u.map(|u| u.to_string()))
        .collect()
}

const TF: &str = "111111111111111111";
const NABOO: &str = "222222222222222222";
const STRANGER: &str = "333333333333333333";
const CHANNEL: &str = "444444444444444444";

fn renderer() -> Arc<Renderer> {
    static R: OnceLock<Arc<Renderer>> = OnceLock::new();
    R.get_or_init(|| Arc::new(Renderer::new(Data::embedded()).unwrap())).clone()
}

async fn bot(dir: &tempfile::TempDir) -> Bot {
    // Scripted players click faster than people: no per-minute allowance here (tests/security.rs has it).
    let limits = Limits { commands_per_minute: 0, ..Limits::default() };
    let svc = Arc::new(Service::open(&dir.path().join("bot.db")).await.unwrap().with_limits(limits));
    Bot::new(svc, gambit::render::Painters::new(renderer()), std::time::Duration::from_secs(1), None)
}

const GUILD: &str = "555";

fn at(user: &str, private: bool) -> Origin {
    in_channel(user, GUILD, CHANNEL, Power::default(), private)
}

/// A member who may manage the server.
fn admin_at(user: &str) -> Origin {
    in_channel(user, GUILD, CHANNEL, Power::manager(), false)
}

fn in_channel(user: &str, guild: &str, channel: &str, power: Power, private: bool) -> Origin {
    Origin {
        caller: Caller::member(Person::new(user, false), guild, channel, power),
        channel: channel.into(),
        permissions: INVITE,
        from_private: private,
        message: None,
    }
}

fn msg_of(out: &Out) -> &Msg {
    match &out.reply {
        Reply::Private(m) | Reply::Update(m) | Reply::Public(m) | Reply::Menu(m) => m,
        Reply::Clear | Reply::Form(_) => panic!("no message in a Clear or Form reply"),
    }
}

/// Every custom id (with its first menu value for menus) in a message.
fn controls(m: &Msg) -> Vec<(String, Option<String>)> {
    let mut v = Vec::new();
    for r in &m.rows {
        match r {
            Row::Buttons(b) => v.extend(b.iter().map(|b| (b.id.clone(), None))),
            Row::Select(s) => v.push((s.id.clone(), s.options.first().map(|o| o.value.clone()))),
        }
    }
    v
}

fn check(out: &Out, hands: &[String]) {
    for m in std::iter::once(match &out.reply {
        Reply::Clear | Reply::Form(_) => None,
        Reply::Private(m) | Reply::Update(m) | Reply::Public(m) | Reply::Menu(m) => Some(m),
    })
    .flatten()
    .chain(out.posts.iter().map(|p| &p.msg))
    {
        assert!(m.violations().is_empty(), "{:?}", m.violations());
    }
    for p in &out.posts {
        for code in hands {
            assert!(!p.msg.content.contains(code.as_str()), "a public post names {code}: {}", p.msg.content);
        }
    }
}

/// Codes of every card that is secret now: in a hand, in a locked plan not yet revealed, or a bonus card.
async fn hand_codes(b: &Bot, game: i64) -> Vec<String> {
    let e = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
    let (d, s) = (e.data(), e.state());
    let hands = s.seats.iter().flat_map(|ss| ss.hand.iter().chain(ss.queue.iter().map(|q| &q.card)));
    hands.chain(s.bonus.iter().flatten()).map(|c| d.card(*c).code.clone()).collect()
}

/// A started 2-player game: TF created it, Naboo joined by button and started it.
async fn started(b: &Bot) -> (i64, Out) {
    let out = b.new_game(&at(TF, false), 2, Some(Side::Tf), "test", None, (None, None)).await;
    let thread = out.thread.clone().expect("a thread for the game");
    assert!(thread.lobby.content.contains("Trade Federation: <@111111111111111111>"));
    let game = thread.game;
    let join = controls(&thread.lobby).into_iter().find(|(id, _)| id.starts_with("qg:j:")).unwrap().0;
    let out = b.component(&at(NABOO, false), &join, &[]).await;
    let start = controls(msg_of(&out)).into_iter().find(|(id, _)| id.starts_with("qg:t:")).expect("start button").0;
    let out = b.component(&at(NABOO, false), &start, &[]).await;
    (game, out)
}

#[tokio::test]
async fn a_game_starts_from_its_lobby_and_pings_both_players_to_plan() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, out) = started(&b).await;
    let post = &out.posts[0].msg;
    assert!(post.file.is_some(), "the first board");
    assert_eq!(post.ping.len(), 2);
    assert!(post.content.contains("plan your cards"), "{}", post.content);
    assert!(controls(post).iter().any(|(id, _)| id.starts_with(&format!("qg:h:{game}:"))), "a hand button");
    check(&out, &hand_codes(&b, game).await);
}

#[tokio::test]
async fn strangers_are_refused_and_old_buttons_say_the_game_moved_on() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    // A stranger presses Naboo's queen button.
    let queen = Action::Choose { game, seat: 1, version: 0, choice: "queen red_queen".into() };
    let out = b.component(&at(STRANGER, false), &queen.id().unwrap(), &[]).await;
    let text = &msg_of(&out).content;
    assert!(text.starts_with("That button is for Naboo") && text.contains("you are not playing in game"), "{text}");
    // The TF player presses it: told whose button it is and which seat is theirs.
    let out = b.component(&at(TF, false), &queen.id().unwrap(), &[]).await;
    let text = &msg_of(&out).content;
    assert!(text.starts_with("That button is for Naboo") && text.ends_with("you play Trade Federation."), "{text}");
    // Malformed or foreign ids.
    let out = b.component(&at(TF, false), "other:thing", &[]).await;
    assert!(msg_of(&out).content.contains("no longer works"));
    // A private button made for another menu than the seat's current one shows the current menu instead.
    let out = b.component(&at(NABOO, true), &queen.id().unwrap(), &[]).await;
    assert!(msg_of(&out).content.starts_with("This menu was out of date"), "{}", msg_of(&out).content);
    assert_eq!(b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap().state().step, 0);
    // Naboo chooses with the real menu's button; the same button again changes nothing.
    let menu = b.hand(&at(NABOO, false), game, None).await;
    let (button, _) = controls(msg_of(&menu)).into_iter().find(|(id, _)| id.ends_with("queen red_queen")).unwrap();
    let out = b.component(&at(NABOO, true), &button, &[]).await;
    assert!(matches!(out.reply, Reply::Menu(_)), "the private menu shows the next step");
    assert_eq!(b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap().state().step, 1);
    let again = b.component(&at(NABOO, true), &button, &[]).await;
    assert!(msg_of(&again).content.starts_with("This menu was out of date"), "{}", msg_of(&again).content);
    assert_eq!(b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap().state().step, 1);
}

/// A table's menu and board buttons are every game's: on a game of The Queen's Gambit they answer with
/// its own hand and board, as `/qg hand` and `/qg board` do. A menu's pick is checked as every choice
/// is: one made for a menu that has moved on changes nothing. A table lobby's
/// buttons are every game's too: on that started game they are refused as its own would be.
#[tokio::test]
async fn a_tables_menu_and_board_serve_a_first_game_game_its_own_way_and_a_stale_pick_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let naboo = at(NABOO, true);
    let menu = Action::TableMenu { game, version: None, page: 0, path: String::new() };
    let out = b.component(&naboo, &menu.id().unwrap(), &[]).await;
    let own = b.hand(&naboo, game, None).await;
    assert_eq!(msg_of(&out).content, msg_of(&own).content, "the menu button opens the player's hand");
    assert_eq!(msg_of(&out).rows, msg_of(&own).rows);
    assert!(msg_of(&out).content.to_lowercase().contains("queen"), "{}", msg_of(&out).content);
    let out = b.component(&naboo, &Action::Board { game, part: String::new() }.id().unwrap(), &[]).await;
    let own = b.board(&naboo, game, None).await;
    assert_eq!(msg_of(&out).content, msg_of(&own).content, "the board button shows its own board");
    assert!(msg_of(&out).file.is_some(), "with its picture");
    assert!(out.posts.is_empty());
    // A menu pick is every game's choice, checked like any: one from a menu that has moved on is refused
    // with the menu as it is now.
    let pick = Action::TablePick { game, version: 0, path: String::new() };
    let out = b.component(&naboo, &pick.id().unwrap(), &["queen red_queen".to_string()]).await;
    assert!(msg_of(&out).content.starts_with("This menu is out of date."), "{}", msg_of(&out).content);
    assert!(out.posts.is_empty());
    for action in [Action::Join { game, seat: None }, Action::Leave { game }, Action::Start { game }] {
        let out = b.component(&naboo, &action.id().unwrap(), &[]).await;
        let text = &msg_of(&out).content;
        assert!(text.contains("already started"), "{action:?}: {text}");
        assert!(out.posts.is_empty());
    }
    assert_eq!(b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap().state().step, 0);
    // A member of another server learns nothing of the game from it, not even what it is.
    let elsewhere = in_channel(STRANGER, "another-guild", "elsewhere", Power::default(), false);
    for action in [Action::Board { game, part: String::new() }, menu, pick] {
        let out = b.component(&elsewhere, &action.id().unwrap(), &["queen red_queen".to_string()]).await;
        let text = &msg_of(&out).content;
        assert!(!text.contains("Queen's Gambit") && text.contains(&game.to_string()), "{text}");
    }
}

/// A Stratego table's buttons from another server, once the table is held in memory (it is then told
/// apart from the first game's without a read): the stranger learns nothing, in the very words a game
/// that does not exist gets.
#[tokio::test]
async fn a_tables_button_from_another_server_learns_nothing_of_a_table_in_memory() {
    use gambit::service::NewGameRequest;
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let req = NewGameRequest { game: "stratego".into(), options: "variant 1".into(), ..Default::default() };
    let game = b.svc.create(&at(TF, false).caller, req).await.unwrap();
    b.svc.table_seen(&at(TF, false).caller, game).await.unwrap();
    let elsewhere = in_channel(STRANGER, "another-guild", "elsewhere", Power::default(), false);
    let text = |out: &Out| msg_of(out).content.clone();
    let board = b.component(&elsewhere, &Action::Board { game, part: String::new() }.id().unwrap(), &[]).await;
    let none =
        b.component(&elsewhere, &Action::Board { game: game + 100, part: String::new() }.id().unwrap(), &[]).await;
    assert_eq!(text(&board), format!("There is no game {game}."));
    assert_eq!(text(&none), format!("There is no game {}.", game + 100), "the words for no game at all");
    let join = b.component(&elsewhere, &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    assert!(!text(&join).contains("Stratego") && text(&join).contains(&game.to_string()), "{}", text(&join));
    // The computer menu, forged with a value that is no seat or with one: the same for a game or none.
    for value in ["x", "2:easy"] {
        let forged = b.component(&elsewhere, &Action::Computer { game }.id().unwrap(), &[value.to_string()]).await;
        let none = b.component(&elsewhere, &Action::Computer { game: game + 100 }.id().unwrap(), &[value.into()]).await;
        assert_eq!(text(&forged).replace(&game.to_string(), "N"), text(&none).replace(&(game + 100).to_string(), "N"));
    }
    assert!(b.svc.table_seen(&at(TF, false).caller, game).await.unwrap().seats[1].1.is_none(), "nobody joined");
}

/// Every lobby's computer menu: a Stratego table's offers its free seat at its game's levels, seats the
/// computer there (one of its game's levels only, and only for someone at the table), takes it off
/// again, and a game started so is played by it.
#[tokio::test]
async fn a_tables_lobby_seats_the_computer_from_its_menu_at_its_games_levels() {
    use gambit::service::NewGameRequest;
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let req = NewGameRequest { game: "stratego".into(), options: "variant 1".into(), ..Default::default() };
    let out = b.new_table(&at(TF, false), req).await;
    let lobby = match (&out.thread, &out.reply) {
        (Some(t), _) => t.lobby.clone(),
        (None, Reply::Public(m)) => m.clone(),
        other => panic!("a lobby: {other:?}"),
    };
    let game = gambit_tables(b.svc.games_of(&at(TF, false).caller, true).await)[0].game;
    let menu = Action::Computer { game }.id().unwrap();
    let offered = controls(&lobby).into_iter().find(|(id, _)| *id == menu);
    assert_eq!(offered, Some((menu.clone(), Some("2:easy".to_string()))), "Good's seat, at the game's level");
    let refused = b.component(&at(STRANGER, false), &menu, &["2:easy".to_string()]).await;
    assert_eq!(msg_of(&refused).content, format!("You are not playing in game {game}."));
    let refused = b.component(&at(TF, false), &menu, &["2:grandmaster".to_string()]).await;
    assert_eq!(msg_of(&refused).content, "The computer plays Stratego at easy, normal, hard, not 'grandmaster'.");
    let seated = b.component(&at(TF, false), &menu, &["2:easy".to_string()]).await;
    assert!(msg_of(&seated).content.contains("Good: 🤖 Computer (easy)"), "{}", msg_of(&seated).content);
    let opened = b.component(&at(TF, false), &menu, &["2:open".to_string()]).await;
    assert!(msg_of(&opened).content.contains("Good: free seat"), "{}", msg_of(&opened).content);
    b.component(&at(TF, false), &menu, &["2:easy".to_string()]).await;
    let started = b.component(&at(TF, false), &Action::Start { game }.id().unwrap(), &[]).await;
    assert!(msg_of(&started).content.contains("Started."), "{}", msg_of(&started).content);
    let seen = b.svc.table_seen(&at(TF, false).caller, game).await.unwrap();
    assert_eq!(seen.waiting, ["Evil"], "the computer has set up: only Evil's setup is awaited");
}

/// A table's invitation on Discord: the lobby names the seat kept for the guest and pings them (the one
/// lobby post that is not silent); a stranger's Join is refused; the guest's Leave declines and the seat
/// opens, told on the same lobby post.
#[tokio::test]
async fn a_tables_invitation_pings_its_guest_and_leave_declines_it() {
    use gambit::service::NewGameRequest;
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let guest = Person::new(NABOO, false);
    let req = NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        guest: Some(guest),
        ..Default::default()
    };
    let out = b.new_table(&at(TF, false), req).await;
    let lobby = match (&out.thread, &out.reply) {
        (Some(t), _) => t.lobby.clone(),
        (None, Reply::Public(m)) => m.clone(),
        other => panic!("a lobby: {other:?}"),
    };
    assert!(lobby.content.contains(&format!("Good: kept for <@{NABOO}> (invited)")), "{}", lobby.content);
    assert!(lobby.content.contains(&format!("<@{NABOO}>, you are invited")), "{}", lobby.content);
    assert_eq!(lobby.ping.iter().map(|u| u.to_string()).collect::<Vec<_>>(), [NABOO]);
    assert!(!lobby.silent, "the guest is notified");
    let game = gambit_tables(b.svc.games_of(&at(TF, false).caller, true).await)[0].game;
    let ids: Vec<String> = controls(&lobby).into_iter().map(|(id, _)| id).collect();
    let leave_id = Action::Leave { game }.id().unwrap();
    assert!(ids.contains(&leave_id), "a Leave button on the lobby: {ids:?}");
    let join = b.component(&at(STRANGER, false), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    let kept = format!("that seat is kept for <@{NABOO}>, who was invited to it");
    assert!(msg_of(&join).content.to_lowercase().contains(&kept), "{}", msg_of(&join).content);
    let leave = b.component(&at(NABOO, false), &Action::Leave { game }.id().unwrap(), &[]).await;
    let after = msg_of(&leave);
    assert!(after.content.contains("Good: free seat") && !after.content.contains("invited"), "{}", after.content);
    assert!(after.silent, "nobody to notify any more");
    let join = b.component(&at(STRANGER, false), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    assert!(msg_of(&join).content.contains(&format!("Good: <@{STRANGER}>")), "{}", msg_of(&join).content);
    // A second table: the guest's Join accepts, into the kept seat.
    let req = NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        guest: Some(Person::new(NABOO, false)),
        ..Default::default()
    };
    b.new_table(&at(TF, false), req).await;
    let game = game + 1;
    let join = b.component(&at(NABOO, false), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    let after = msg_of(&join);
    assert!(
        after.content.contains(&format!("Good: <@{NABOO}>")) && !after.content.contains("invited"),
        "{}",
        after.content
    );
}

/// Play by pressing what the bot shows: hand menus for plans, public buttons for the rest.
async fn play_steps(b: &Bot, game: i64, steps: usize) -> usize {
    let mut done = 0;
    for _ in 0..steps {
        let engine = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
        if engine.outcome().is_some() {
            break;
        }
        play_one(b, game).await;
        done += 1;
    }
    done
}

/// One step of a running game, pressing what the waiting player is shown; its answer.
async fn play_one(b: &Bot, game: i64) -> Out {
    let users = [TF, NABOO];
    let engine = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
    let dec = engine.pending()[0].clone();
    let user = users[dec.seat.index()];
    let out = if dec.prompt.is_secret() {
        let hand = b.hand(&at(user, false), game, Some(dec.seat)).await;
        let m = msg_of(&hand).clone();
        assert!(m.violations().is_empty());
        let c = controls(&m);
        // Lock when offered (confirm first), else the first control: queen button or add-card menu.
        if let Some((lock, _)) = c.iter().find(|(id, _)| id.starts_with("qg:k:")) {
            let confirm = b.component(&at(user, true), lock, &[]).await;
            let yes = controls(msg_of(&confirm)).into_iter().find(|(id, _)| id.ends_with("plan lock")).unwrap().0;
            b.component(&at(user, true), &yes, &[]).await
        } else {
            let (id, value) = c.into_iter().next().expect("a control in the hand menu");
            b.component(&at(user, true), &id, &value.into_iter().collect::<Vec<_>>()).await
        }
    } else {
        let revision = b.svc.revision(game).await.unwrap();
        let q = engine.question_for(dec.seat).unwrap();
        let rows =
            gambit::discord::queens_gambit::views::decision_rows(engine.data(), &q, game, revision, 0, Vec::new());
        let m = Msg { content: "x".into(), rows, ..Msg::default() };
        let (id, value) = controls(&m).into_iter().next().expect("a control for the decision");
        b.component(&at(user, false), &id, &value.into_iter().collect::<Vec<_>>()).await
    };
    if let Reply::Private(m) = &out.reply {
        panic!("a legal press was refused: {}", m.content);
    }
    check(&out, &hand_codes(b, game).await);
    out
}

#[tokio::test]
async fn a_game_is_played_by_pressing_the_bots_buttons_and_menus() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let n = play_steps(&b, game, 250).await;
    assert!(n > 100);
    let e = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
    assert!(e.state().round >= 2 || e.outcome().is_some(), "the game went on");
    assert!(matches!(b.svc.verify(game).await, gambit::service::Verdict::Consistent { .. }));
}

#[tokio::test]
async fn players_see_their_board_status_log_and_games() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    play_steps(&b, game, 30).await;
    let board = b.board(&at(NABOO, false), game, Some("palace")).await;
    assert!(matches!(board.reply, Reply::Private(_)));
    assert!(msg_of(&board).file.as_ref().is_some_and(|p| p.bytes.starts_with(b"\x89PNG")));
    let bad = b.board(&at(NABOO, false), game, Some("moon")).await;
    assert!(msg_of(&bad).content.contains("is not a board"));
    let status = b.status(&at(TF, false), game).await;
    assert!(msg_of(&status).content.contains("Waiting for:"));
    let log = b.log(&at(TF, false), game, 10).await;
    assert!(msg_of(&log).content.starts_with(&format!("**Game {game}: the last ")), "{}", msg_of(&log).content);
    let games = b.games(&at(NABOO, false)).await;
    assert!(msg_of(&games).content.contains(&format!("Game {game}")));
    assert_eq!(b.which_game(&at(NABOO, false), None).await, Ok(game));
    assert!(b.which_game(&at(STRANGER, false), None).await.is_err());
    let rules = b.rules(Some("palace"));
    assert!(msg_of(&rules).content.contains("line of sight"));
    let card = b.card("Use the Force (Naboo Battlefield)");
    assert!(msg_of(&card).content.contains("Naboo Battlefield deck"));
}

#[tokio::test]
async fn typed_choices_suggest_only_legal_answers() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let s = b.suggestions(&at(NABOO, false), Some(game), "queen").await;
    assert_eq!(s.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>(), ["queen red_queen", "queen purple_queen"]);
    // Whatever the case and spacing.
    let s = b.suggestions(&at(NABOO, false), Some(game), "QUEEN  Red").await;
    assert_eq!(s.iter().map(|(_, v)| v.as_str()).collect::<Vec<_>>(), ["queen red_queen"]);
    let out = b.typed(&at(NABOO, false), game, "queen purple_queen").await;
    assert!(matches!(out.reply, Reply::Menu(_)), "a secret choice is answered privately");
    let out = b.typed(&at(NABOO, false), game, "fly to the moon").await;
    assert!(msg_of(&out).content.contains("not a choice"), "{}", msg_of(&out).content);
}

#[tokio::test]
async fn missing_permissions_are_named_before_a_game_starts() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let mut o = at(TF, false);
    o.permissions = INVITE & !gambit::discord::perms::ATTACH_FILES;
    let out = b.new_game(&o, 2, None, "", None, (None, None)).await;
    assert!(msg_of(&out).content.contains("I am missing Attach Files"));
    assert!(out.thread.is_none());
    o.permissions = INVITE & !gambit::discord::perms::CREATE_PUBLIC_THREADS;
    let out = b.new_game(&o, 2, None, "", None, (None, None)).await;
    assert!(out.thread.is_none(), "no thread permission: the lobby is posted in the channel");
    assert!(msg_of(&out).content.contains("Create Public Threads"));
}

#[tokio::test]
async fn only_admins_use_admin_commands_and_pausing_stops_moves() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let out = b.admin(&at(TF, false), Admin::Pause(game)).await;
    assert!(msg_of(&out).content.contains("Only members who can manage"), "{}", msg_of(&out).content);
    let admin = admin_at(STRANGER);
    let out = b.admin(&admin, Admin::Pause(game)).await;
    let said = &msg_of(&out).content;
    assert!(said.starts_with(&format!("⏸ Game {game} is paused by <@{STRANGER}>")), "{said}");
    assert!(matches!(out.reply, Reply::Public(_)), "in the game's own channel the answer is the notice");
    let out = b.typed(&at(NABOO, false), game, "queen red_queen").await;
    assert!(msg_of(&out).content.contains("paused"), "{}", msg_of(&out).content);
    b.admin(&admin, Admin::Resume(game)).await;
    let change =
        ServerChange { deadline_minutes: Some(Some(600)), remind_minutes: Some(Some(60)), ..Default::default() };
    let out = b.admin(&admin, Admin::Defaults(change)).await;
    assert!(msg_of(&out).content.contains("a deadline of 10 h and a reminder after 1 h"), "{}", msg_of(&out).content);
}

#[tokio::test]
async fn an_invited_opponent_is_kept_a_seat_until_they_accept_and_sides_left_open_are_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let guest = |u: &str| Some(Person::new(u, false));
    let out = b.new_game(&at(TF, false), 2, Some(Side::Naboo), "", guest(STRANGER), (None, None)).await;
    let game = out.thread.as_ref().unwrap().game;
    let lobby = &out.thread.as_ref().unwrap().lobby;
    assert!(lobby.content.contains(&format!("kept for <@{STRANGER}> (invited)")), "{}", lobby.content);
    assert!(lobby.ping.contains(&UserId::new(STRANGER)) && !lobby.silent, "the guest hears of it");
    let seats = seats_of(&b, game).await;
    assert_eq!(seats, [None, Some(TF.to_string())], "the creator took Naboo; the guest's seat waits for them");
    // Nobody starts it for the guest, nor takes the seat kept for them.
    let start = Action::Start { game }.id().unwrap();
    let out = b.component(&at(TF, false), &start, &[]).await;
    assert_eq!(msg_of(&out).content, format!("Game {game} waits for <@{STRANGER}> to accept the invitation."));
    let join = Action::Join { game, seat: Some(0) }.id().unwrap();
    let out = b.component(&at(NABOO, false), &join, &[]).await;
    assert_eq!(msg_of(&out).content, format!("That seat is kept for <@{STRANGER}>, who was invited to it."));
    // The guest declines: the seat opens for anyone.
    let leave = Action::Leave { game }.id().unwrap();
    b.component(&at(STRANGER, false), &leave, &[]).await;
    let summary = b.svc.summary(&Caller::host(&gambit::service::host::terminal(), "test"), game).await.unwrap();
    assert!(summary.invited.is_empty(), "declined");
    b.component(&at(NABOO, false), &join, &[]).await;
    assert_eq!(seats_of(&b, game).await, [Some(NABOO.to_string()), Some(TF.to_string())]);

    // Sides left open: the guest accepts by starting, and the two are drawn to the sides.
    let out = b.new_game(&at(TF, false), 2, None, "", guest(NABOO), (None, None)).await;
    let game = out.thread.unwrap().game;
    let start = Action::Start { game }.id().unwrap();
    let out = b.component(&at(NABOO, false), &start, &[]).await;
    assert!(!out.posts.is_empty(), "started");
    let seats = seats_of(&b, game).await;
    let mut users: Vec<_> = seats.iter().map(|s| s.clone().unwrap()).collect();
    users.sort();
    assert_eq!(users, [TF.to_string(), NABOO.to_string()], "both seated, in a drawn order");
    let out = b.new_game(&at(TF, false), 2, None, "", guest(TF), (None, None)).await;
    assert!(msg_of(&out).content.contains("Invite someone else"));
}

#[tokio::test]
async fn a_server_can_keep_games_in_one_channel() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let change = ServerChange { game_channel: Some(Some("999".into())), ..Default::default() };
    b.admin(&admin_at(TF), Admin::Defaults(change)).await;
    let out = b.new_game(&at(TF, false), 2, None, "", None, (None, None)).await;
    assert_eq!(msg_of(&out).content, "Games on this server are started in <#999>: start yours there.");
    // Every game's: a Stratego table too.
    let req = gambit::service::NewGameRequest { game: "stratego".into(), ..Default::default() };
    let out = b.new_table(&at(TF, false), req).await;
    assert_eq!(msg_of(&out).content, "Games on this server are started in <#999>: start yours there.");
    let there = in_channel(TF, GUILD, "999", Power::default(), false);
    assert!(b.new_game(&there, 2, None, "", None, (None, None)).await.thread.is_some());
}

#[tokio::test]
async fn admins_manage_only_the_games_of_their_own_server() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let elsewhere = in_channel(STRANGER, "999", CHANNEL, Power::manager(), false);
    for what in [
        Admin::Pause(game),
        Admin::End(game),
        Admin::Replace { game, seat: 1, person: Person::new(STRANGER, false), confirmed: true },
    ] {
        let out = b.admin(&elsewhere, what).await;
        assert_eq!(msg_of(&out).content, format!("There is no game {game}."));
    }
    let row = b.svc.game_row(game).await.unwrap();
    assert_eq!(row.status, gambit::store::Status::Active, "nothing changed");
    let seats = seats_of(&b, game).await;
    assert!(seats.iter().all(|s| s.as_deref() != Some(STRANGER)), "no seat was taken over");
    // On its own server, from another channel: the players hear it in the game's channel.
    let here = in_channel(STRANGER, GUILD, "777", Power::manager(), false);
    let out = b.admin(&here, Admin::Pause(game)).await;
    assert!(matches!(out.reply, Reply::Private(_)));
    assert_eq!(out.posts.len(), 1);
    assert_eq!(out.posts[0].channel, CHANNEL);
    assert!(out.posts[0].msg.content.contains("paused") && out.posts[0].msg.silent);
}

#[tokio::test]
async fn a_player_who_turned_pings_off_is_named_but_not_pinged() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let out = b.notify(&at(NABOO, false), Some(false), None, None, None).await;
    assert!(msg_of(&out).content.to_lowercase().contains("off"), "{}", msg_of(&out).content);
    let (_, out) = started(&b).await;
    let post = &out.posts[0].msg;
    assert_eq!(post.ping, [UserId::new(TF)].into(), "only the player who wants pings");
    assert!(post.content.contains(&format!("<@{NABOO}>")), "still named: {}", post.content);
}

#[tokio::test]
async fn a_lock_confirmation_for_an_older_plan_locks_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let hand = b.svc.view(&Caller::host(&gambit::service::host::terminal(), TF), game, None).await.unwrap().view.seats
        [gambit::games::queens_gambit::rules::Seat(0)]
    .hand
    .clone()
    .unwrap();
    let d = Data::embedded();
    let codes: Vec<String> = hand.iter().map(|c| d.card(*c).code.clone()).collect();
    b.typed(&at(TF, false), game, &format!("plan set {}", codes[..4].join(" "))).await;
    let menu = b.hand(&at(TF, false), game, None).await;
    let (confirm, _) = controls(msg_of(&menu)).into_iter().find(|(id, _)| id.starts_with("qg:k:")).unwrap();
    let sure = b.component(&at(TF, true), &confirm, &[]).await;
    let (lock, _) = controls(msg_of(&sure)).into_iter().find(|(id, _)| id.ends_with("plan lock")).unwrap();
    // Another menu changes the plan before the old confirmation is pressed.
    b.typed(&at(TF, false), game, &format!("plan set {}", codes[4..8].join(" "))).await;
    let out = b.component(&at(TF, true), &lock, &[]).await;
    assert!(msg_of(&out).content.starts_with("This menu was out of date"), "{}", msg_of(&out).content);
    assert!(
        !b.svc
            .engine(&gambit::service::host::terminal(), game)
            .await
            .unwrap()
            .state()
            .seat(gambit::games::queens_gambit::rules::Seat(0))
            .locked
    );
}

#[tokio::test]
async fn a_typed_move_puts_the_next_question_in_the_games_channel() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    // Play until someone must pick a unit for an action.
    for _ in 0..400 {
        let e = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
        let dec = e.pending()[0].clone();
        if let gambit::games::queens_gambit::rules::Prompt::ChooseUnit { .. } = dec.prompt
            && let Some(unit) =
                dec.options.iter().find(|c| matches!(c, gambit::games::queens_gambit::rules::Choice::Unit(_)))
        {
            let user = if dec.seat.0 == 0 { TF } else { NABOO };
            let out = b.typed(&at(user, false), game, &unit.text(e.data())).await;
            assert!(msg_of(&out).content.starts_with("Done: unit"), "{}", msg_of(&out).content);
            assert_eq!(out.posts.len(), 1, "the next question is asked in public");
            assert_eq!(out.posts[0].channel, CHANNEL);
            assert!(out.posts[0].msg.content.contains("➡"), "{}", out.posts[0].msg.content);
            return;
        }
        play_steps(&b, game, 1).await;
    }
    panic!("no unit to choose in 400 steps");
}

#[tokio::test]
async fn in_a_direct_message_a_player_reaches_only_their_own_games() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    let dm = |user: &str| Origin {
        caller: Caller::direct(Person::new(user, false)),
        channel: "888".into(),
        permissions: INVITE,
        from_private: false,
        message: None,
    };
    let out = b.new_game(&dm(TF), 2, None, "", None, (None, None)).await;
    assert_eq!(msg_of(&out).content, "This works only in a server's channel.");
    assert!(msg_of(&b.status(&dm(NABOO), game).await).content.contains("Waiting for:"), "a player of the game");
    assert_eq!(msg_of(&b.status(&dm(STRANGER), game).await).content, format!("There is no game {game}."));
    assert_eq!(b.which_game(&dm(TF), None).await, Ok(game));
}

#[tokio::test]
async fn the_log_shows_exactly_the_moves_asked_numbered_and_never_cut() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    play_steps(&b, game, 160).await;
    let log = b.log(&at(NABOO, false), game, 10).await;
    let text = &msg_of(&log).content;
    assert!(text.starts_with(&format!("**Game {game}: the last 10 moves**")), "{text}");
    let numbers: Vec<u64> =
        text.lines().skip(1).map(|l| l.trim_start_matches("**").split('.').next().unwrap().parse().unwrap()).collect();
    assert_eq!(numbers.len(), 10, "one line a move: {text}");
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "oldest first, by move number: {numbers:?}");
    // Fifty moves do not fit a message: they come whole, as a file.
    let long = b.log(&at(NABOO, false), game, 50).await;
    let m = msg_of(&long);
    let file = m.file.as_ref().expect("a file");
    let body = String::from_utf8(file.bytes.clone()).unwrap();
    assert!(m.content.contains("too long for a message") && file.name.ends_with(".txt"), "{}", m.content);
    assert_eq!(body.lines().count(), 51, "a title and fifty moves: {body}");
}

#[tokio::test]
async fn in_a_games_thread_every_command_means_that_game_for_spectators_too() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    b.svc.set_thread(game, &"777".into()).await.unwrap();
    // Another game of the players', elsewhere: outside the thread, they must say which.
    let other = b.new_game(&at(TF, false), 2, Some(Side::Tf), "", Some(Person::new(NABOO, false)), (None, None)).await;
    assert!(other.thread.is_some());
    let watcher = in_channel(STRANGER, GUILD, "777", Power::default(), false);
    assert_eq!(b.which_game(&watcher, None).await, Ok(game));
    assert_eq!(b.which_game(&in_channel(TF, GUILD, "777", Power::default(), false), None).await, Ok(game));
    assert!(b.which_game(&at(TF, false), None).await.is_err(), "two games, outside both threads");
    let status = b.status(&watcher, game).await;
    assert!(msg_of(&status).content.contains(&format!("**Game {game}**")), "{}", msg_of(&status).content);
    // Another server's member in a thread of that id learns nothing.
    let elsewhere = in_channel(STRANGER, "999", "777", Power::default(), false);
    assert!(b.which_game(&elsewhere, None).await.is_err());
}

#[tokio::test]
async fn a_lobby_with_sides_left_to_chance_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let out = b.new_game(&at(TF, false), 2, None, "", None, (None, None)).await;
    let lobby = out.thread.unwrap().lobby;
    assert!(lobby.content.contains("Sides are drawn at random when the game starts."), "{}", lobby.content);
    assert!(lobby.content.contains(&format!("Players: <@{TF}> · 1 seat open")), "{}", lobby.content);
    assert!(!lobby.content.contains("Trade Federation"), "no side is promised: {}", lobby.content);
    let labels: Vec<String> = lobby
        .rows
        .iter()
        .flat_map(|r| match r {
            Row::Buttons(b) => b.iter().map(|b| b.label.clone()).collect(),
            Row::Select(_) => Vec::new(),
        })
        .collect();
    assert_eq!(labels, ["Take a seat", "Leave"]);
    let chosen =
        b.new_game(&at(NABOO, false), 2, Some(Side::Naboo), "", None, (None, None)).await.thread.unwrap().lobby;
    assert!(
        chosen.content.contains(&format!("• Naboo: <@{NABOO}>")) && chosen.content.contains("• Trade Federation: open")
    );
    assert!(matches!(&chosen.rows[0], Row::Buttons(b) if b[0].label == "Join: Trade Federation"));
}

#[tokio::test]
async fn the_end_posts_a_recap_and_reveals_the_seed_sealed_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, start) = started(&b).await;
    let first = &start.posts[0].msg.content;
    let seal = first.split("Dice seal: `").nth(1).and_then(|s| s.split('`').next()).expect("a seal at the start");
    assert_eq!(seal.len(), 64, "{first}");
    play_steps(&b, game, 40).await;
    let out = b.concede(&at(TF, false), game).await;
    assert_eq!(out.ended, Some(game), "the recap follows the answer");
    let ending = b.ending_posts(game).await;
    assert_eq!(ending.len(), 2, "the recap and the dice check");
    let recap = &ending[0].msg;
    assert!(
        recap.content.starts_with(&format!(
            "🏁 **Game {game} · test is over: Naboo wins.** <@{TF}>, playing the Trade Federation, conceded."
        )),
        "{}",
        recap.content
    );
    assert!(recap.content.contains("**Losses** · Naboo: ") && recap.content.contains("round"), "{}", recap.content);
    assert!(recap.content.contains("The real queen was the "), "{}", recap.content);
    assert!(recap.ping.is_empty(), "naming who conceded pings nobody");
    let gif = recap.file.as_ref().expect("the game replayed as a picture");
    assert!(gif.bytes.starts_with(b"GIF89a") && gif.bytes.len() < 9 * 1024 * 1024, "{}", gif.bytes.len());
    let check = &ending[1].msg;
    assert!(check.content.contains(&format!("sealed as `{seal}`")), "{}", check.content);
    let script = check.file.as_ref().expect("the replay script");
    // Anyone can check it with the program.
    let file = dir.path().join("game.txt");
    std::fs::write(&file, &script.bytes).unwrap();
    let run = |commitment: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_gambit"))
            .env_clear()
            .args(["check-dice", file.to_str().unwrap(), "--commitment", commitment])
            .output()
            .unwrap()
    };
    let good = run(seal);
    assert_eq!(good.status.code(), Some(0), "{}", String::from_utf8_lossy(&good.stderr));
    let said = String::from_utf8_lossy(&good.stdout);
    assert!(said.contains("The seal matches") && said.contains("Naboo wins"), "{said}");
    let forged = run(&"0".repeat(64));
    assert_eq!(forged.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&forged.stderr).contains("the seal does NOT match"));
}

/// One concession and one undo for every game (the same handler behind `/qg concede` and `/stratego
/// concede`, one service call): each game's news is drawn its own way. The first game's end is told by
/// its recap after the answer; a Stratego table's in its thread at once, with every piece shown, and its
/// undo is refused in its own words.
#[tokio::test]
async fn one_concession_and_one_undo_serve_both_games_each_told_its_own_way() {
    use gambit::service::{Chosen, NewGameRequest};
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (first, _) = started(&b).await;
    let out = b.undo(&at(TF, false), first).await;
    assert!(msg_of(&out).content.contains("nothing to undo"), "{}", msg_of(&out).content);
    let out = b.concede(&at(TF, false), first).await;
    assert_eq!(msg_of(&out).content, "You conceded.");
    assert_eq!(out.ended, Some(first), "the first game's recap follows the answer");
    assert!(out.posts[0].msg.file.is_some(), "its board at the end");
    let req = NewGameRequest { game: "stratego".into(), options: "variant 1".into(), ..Default::default() };
    b.new_table(&at(TF, false), req).await;
    let table = first + 1;
    b.component(&at(NABOO, false), &Action::Join { game: table, seat: None }.id().unwrap(), &[]).await;
    let start = b.component(&at(NABOO, false), &Action::Start { game: table }.id().unwrap(), &[]).await;
    assert!(msg_of(&start).content.contains("Started."), "{}", msg_of(&start).content);
    for user in [TF, NABOO] {
        b.table_choose(&at(user, true), table, Chosen::Typed, "setup random").await;
    }
    // The side to move steps into the empty middle of the board (nothing met, nothing shown), and takes it back.
    let (mover, leaves) = {
        let tf = b.svc.table_leaves(&at(TF, false).caller, table).await.unwrap();
        if tf.is_empty() {
            (NABOO, b.svc.table_leaves(&at(NABOO, false).caller, table).await.unwrap())
        } else {
            (TF, tf)
        }
    };
    let into_the_middle = |id: &str| id.rsplit(' ').next().is_some_and(|to| to.ends_with('5') || to.ends_with('6'));
    let step = leaves.iter().find(|l| into_the_middle(&l.id)).expect("a move into the middle");
    b.table_choose(&at(mover, true), table, Chosen::Typed, &step.id).await;
    let out = b.undo(&at(mover, false), table).await;
    assert_eq!(msg_of(&out).content, "Taken back: it is your choice again.");
    assert!(out.posts.iter().any(|p| p.msg.content.contains("took back their last move")), "{:?}", out.posts);
    let out = b.concede(&at(NABOO, false), table).await;
    assert_eq!(msg_of(&out).content, "You conceded.");
    assert_eq!(out.ended, None, "a table's end is told in its news");
    let end = out.posts.iter().find(|p| p.msg.content.starts_with(&format!("🏁 **Game {table}"))).expect("its end");
    assert!(end.msg.file.is_some(), "the board with every piece shown");
    assert!(
        b.svc.game_row(table).await.unwrap().status.is_over() && b.svc.game_row(first).await.unwrap().status.is_over()
    );
}

/// `/qg`'s player commands answer for a Stratego table too, as `/stratego`'s would (each one handler for
/// every game, `Bot::menu`, `board_for`, `standing`, `typed_choice`): the board (words and picture), the
/// private menu, a typed choice and its suggestions, the log; the first game's stay its own.
#[tokio::test]
async fn the_first_games_player_commands_answer_for_a_stratego_table_as_its_own_would() {
    use gambit::service::NewGameRequest;
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let req = NewGameRequest { game: "stratego".into(), options: "variant 1".into(), ..Default::default() };
    b.new_table(&at(TF, false), req).await;
    let table = gambit_tables(b.svc.games_of(&at(TF, false).caller, true).await)[0].game;
    b.component(&at(NABOO, false), &Action::Join { game: table, seat: None }.id().unwrap(), &[]).await;
    b.component(&at(NABOO, false), &Action::Start { game: table }.id().unwrap(), &[]).await;
    let hand = b.menu(&at(TF, false), table, None, 0, "").await;
    let Reply::Menu(menu) = &hand.reply else { panic!("a private menu: {:?}", hand.reply) };
    // The tables' pick (`qg:N:`), a level of its menu at a time.
    assert!(controls(menu).iter().any(|(id, _)| id.starts_with("qg:N:")), "its own menu: {menu:?}");
    let suggested = b.suggestions(&at(TF, false), Some(table), "draft").await;
    assert!(suggested.iter().any(|(_, v)| v == "draft random"), "{suggested:?}");
    for user in [TF, NABOO] {
        b.typed_choice(&at(user, false), table, "setup random").await;
    }
    assert!(b.svc.table_seen(&at(TF, false).caller, table).await.unwrap().in_play, "both setups locked by typing");
    assert_eq!(msg_of(&b.log(&at(NABOO, false), table, 10).await).content, "Nothing has happened yet.");
    let leaves = b.svc.table_leaves(&at(TF, false).caller, table).await.unwrap();
    b.typed_choice(&at(TF, false), table, &leaves[0].id).await;
    let log = msg_of(&b.log(&at(NABOO, false), table, 10).await).content.clone();
    assert!(log.starts_with(&format!("**Game {table}: the last move**\n**1.** ")), "{log}");
    for out in [b.board_for(&at(NABOO, false), table, None).await, b.standing(&at(NABOO, false), table).await] {
        let msg = msg_of(&out);
        assert!(msg.file.is_some() && msg.content.starts_with("```"), "{}", msg.content);
    }
    let (first, _) = started(&b).await;
    let hand = b.menu(&at(TF, false), first, None, 0, "").await;
    assert!(controls(msg_of(&hand)).iter().any(|(id, _)| id.starts_with("qg:")), "the first game's own hand");
}

/// Under load an answer waits behind others' pictures, so the player is told at once that the bot is on
/// it; a quiet bot answers in one request, within `defer_after`.
#[tokio::test]
async fn a_busy_bot_acknowledges_at_once_and_a_quiet_one_answers_in_one_go() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (quiet, busy) = (std::time::Duration::from_secs(1), gambit::discord::bot::BUSY_DEFER);
    assert!(busy < quiet);
    assert_eq!(b.defer_delay(), quiet);
    let slots = b.drawing.available_permits() as u32;
    let every_slot = b.drawing.clone().acquire_many_owned(slots).await.unwrap();
    assert_eq!(b.defer_delay(), busy, "every drawing slot taken");
    drop(every_slot);
    assert_eq!(b.defer_delay(), quiet);
    let in_flight: Vec<_> = (0..=slots).map(|_| b.gate.enter().unwrap()).collect();
    assert_eq!(b.defer_delay(), busy, "more interactions in flight than slots");
    drop(in_flight);
    assert_eq!(b.defer_delay(), quiet);
}

/// The text of a reply, whatever kind it is.
fn reply_text(out: &Out) -> String {
    match &out.reply {
        Reply::Private(m) | Reply::Public(m) | Reply::Update(m) | Reply::Menu(m) => m.content.clone(),
        Reply::Clear => String::new(),
        Reply::Form(f) => f.title.clone(),
    }
}

#[tokio::test]
async fn a_draw_offered_by_one_side_and_accepted_by_the_other_ends_the_game_with_no_winner() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    // Only a seated player offers.
    let stranger = b.offer_draw(&at(STRANGER, false), game).await;
    assert!(reply_text(&stranger).contains("not playing in game"), "{}", reply_text(&stranger));
    let offer = b.offer_draw(&at(TF, false), game).await;
    assert_eq!(reply_text(&offer), "Draw offered: it stands until round 1 ends.");
    let post = &offer.posts[0].msg;
    assert!(
        post.content.starts_with(&format!("🤝 <@{TF}> offers a draw for the Trade Federation")),
        "{}",
        post.content
    );
    assert!(post.content.contains(&format!("<@{NABOO}> may accept it with /qg draw until round 1 ends")));
    assert_eq!(post.ping.iter().map(|u| u.to_string()).collect::<Vec<_>>(), [NABOO], "the other side is told");
    // Offering twice changes nothing; the same side cannot accept its own offer.
    let again = b.offer_draw(&at(TF, false), game).await;
    assert_eq!(reply_text(&again), "You already offered a draw in game 1: it stands until round 1 ends.");
    let accepted = b.offer_draw(&at(NABOO, false), game).await;
    assert_eq!(reply_text(&accepted), "You accepted the draw: the game is over.");
    let post = &accepted.posts[0].msg.content;
    assert!(post.starts_with(&format!("🤝 **Game {game} ends in a draw by agreement**")), "{post}");
    // Over: no move is taken, and the games list says so.
    let row = b.svc.summary(&at(TF, false).caller, game).await.unwrap();
    assert_eq!(row.status, gambit::service::Status::Abandoned);
    let late = b.offer_draw(&at(TF, false), game).await;
    assert_eq!(reply_text(&late), format!("Game {game} is over."));
}

#[tokio::test]
async fn a_draw_offer_lapses_when_its_round_ends() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (game, _) = started(&b).await;
    b.offer_draw(&at(TF, false), game).await;
    for _ in 0..400 {
        let round = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap().state().round;
        if round > 1 {
            break;
        }
        assert_eq!(play_steps(&b, game, 1).await, 1, "the game goes on");
    }
    // In round 2 Naboo's /qg draw is an offer of its own, not an acceptance.
    let naboo = b.offer_draw(&at(NABOO, false), game).await;
    assert_eq!(reply_text(&naboo), "Draw offered: it stands until round 2 ends.");
}

/// The same draw at a Stratego table, through its own command: offered to the other side by name, and
/// once accepted the thread is shown the end (the whole board, the seed against its seal).
#[tokio::test]
async fn a_draw_at_a_stratego_table_is_offered_and_accepted_the_same_way() {
    use gambit::service::{Chosen, NewGameRequest};
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (evil, good) = (at(TF, false), at(NABOO, false));
    let req = NewGameRequest { game: "stratego".into(), options: "variant 1".into(), ..Default::default() };
    let game = b.svc.create(&evil.caller, req).await.unwrap();
    b.svc.join(&good.caller, game, None).await.unwrap();
    b.svc.start(&evil.caller, game).await.unwrap();
    for o in [&evil, &good] {
        b.svc.choose_news(&o.caller, game, Chosen::Typed, "setup guarded").await.unwrap();
    }
    let offer = b.offer_draw(&evil, game).await;
    assert_eq!(reply_text(&offer), "Draw offered: it stands until Good moves.");
    let post = &offer.posts[0].msg;
    assert!(post.content.starts_with(&format!("🤝 <@{TF}> offers a draw for Evil")), "{}", post.content);
    assert!(post.content.contains(&format!("<@{NABOO}> may accept it with /stratego draw until Good moves")));
    assert_eq!(post.ping.iter().map(|u| u.to_string()).collect::<Vec<_>>(), [NABOO]);
    let accepted = b.offer_draw(&good, game).await;
    assert_eq!(reply_text(&accepted), "You accepted the draw: the game is over.");
    let texts: Vec<&str> = accepted.posts.iter().map(|p| p.msg.content.as_str()).collect();
    assert!(texts[0].starts_with(&format!("🤝 **Game {game} ends in a draw by agreement**")), "{texts:?}");
    let end =
        texts.iter().find(|t| t.starts_with(&format!("🏁 **Game {game}**: Drawn by agreement.\n"))).expect("the end");
    // Told for everyone now: how long it ran and what each side lost (nothing yet: nobody met).
    assert!(end.contains("\n0 turns.\n**Losses** · Evil: nothing · Good: nothing"), "{end}");
    let check = accepted.posts.iter().find(|p| p.msg.file.as_ref().is_some_and(|f| f.name.ends_with(".txt")));
    assert!(check.is_some_and(|p| p.msg.content.contains("Seed check")), "{texts:?}");
}

/// A Stratego table whose players chose a stand-in: past the deadline the late player is told, by ping,
/// that the computer plays for them until `/stratego back`; back, the thread is told they play again.
#[tokio::test]
async fn a_stand_in_at_a_stratego_table_is_announced_and_so_is_the_players_return() {
    use gambit::service::{Chosen, GameSettings, NewGameRequest};
    use std::sync::atomic::{AtomicI64, Ordering};
    let dir = tempfile::tempdir().unwrap();
    let now = Arc::new(AtomicI64::new(5_000_000));
    let read = now.clone();
    let defaults = GameSettings { deadline_minutes: Some(240), remind_minutes: None, ..Default::default() };
    let svc = Service::open(&dir.path().join("bot.db")).await.unwrap();
    let svc = svc.with_clock(Arc::new(move || read.load(Ordering::SeqCst))).with_defaults(defaults);
    let b = Bot::new(Arc::new(svc), gambit::render::Painters::new(renderer()), std::time::Duration::from_secs(1), None);
    let (evil, good) = (at(TF, false), at(NABOO, false));
    let req = NewGameRequest {
        game: "stratego".into(),
        options: "variant 1".into(),
        stand_in: Some("easy".into()),
        ..Default::default()
    };
    let game = b.svc.create(&evil.caller, req).await.unwrap();
    b.svc.join(&good.caller, game, None).await.unwrap();
    b.svc.start(&evil.caller, game).await.unwrap();
    b.svc.choose_news(&good.caller, game, Chosen::Typed, "setup guarded").await.unwrap();
    now.fetch_add(61 * 60, Ordering::SeqCst);
    let due = b.svc.due().await.unwrap();
    let news = b.svc.handled(&due[0]).await.unwrap().expect("the deadline's change");
    let notice = b.stood_in(&news.stood_in[0], "/stratego").expect("posted where the game is played");
    assert!(notice.msg.content.starts_with(&format!("🤖 <@{TF}> missed the deadline")), "{}", notice.msg.content);
    assert!(notice.msg.content.contains(&format!("now plays Evil in game {game}")), "{}", notice.msg.content);
    assert!(notice.msg.content.ends_with("/stratego back gives the seat back."), "{}", notice.msg.content);
    assert_eq!(notice.msg.ping.iter().map(|u| u.to_string()).collect::<Vec<_>>(), [TF]);
    let back = b.come_back(&evil, game).await;
    assert_eq!(reply_text(&back), format!("You play Evil again in game {game}."));
    let told = &back.posts.first().expect("the thread is told").msg.content;
    assert_eq!(told, &format!("↩ <@{TF}> is back and plays Evil again: the computer stands aside."));
}

#[tokio::test]
async fn a_game_where_neither_side_comes_closer_to_winning_is_told_and_offered_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let limits = Limits { commands_per_minute: 0, ..Limits::default() };
    let svc = Service::open(&dir.path().join("bot.db")).await.unwrap().with_limits(limits).with_stall_rounds(2);
    // A fixed seed, so both cases are met: rounds that change nothing, and rounds that change something.
    let b =
        Bot::new(Arc::new(svc), gambit::render::Painters::new(renderer()), std::time::Duration::from_secs(1), Some(3));
    let (game, _) = started(&b).await;
    let host = gambit::service::host::terminal();
    // The rule, followed here independently: at each new round, the rounds since what either side needs
    // last changed (counted from round 2, the first the bot saw begin).
    let (mut last, mut since, mut round) = (None, 0, 1);
    let (mut told, mut quiet) = (0, 0);
    while round < 12 {
        if b.svc.engine(&host, game).await.unwrap().outcome().is_some() {
            break;
        }
        let out = play_one(&b, game).await;
        let after = b.svc.engine(&host, game).await.unwrap();
        if after.state().round == round {
            continue;
        }
        round = after.state().round;
        // Where each side stands: the palace pieces, Anakin, Maul, and the throne room once the ship is down.
        let n = after.needs();
        let room = (n.anakin >= n.control_ship).then_some((n.throne_room[Side::Naboo], n.throne_room[Side::Tf]));
        let standing = (n.naboo_palace_pieces, n.anakin, n.maul_stands, room);
        if last != Some(standing) {
            (last, since) = (Some(standing), round);
        }
        let hint = out.posts.iter().any(|p| p.msg.content.contains("⏳ Neither side has come closer to winning"));
        assert_eq!(hint, round - since >= 2, "round {round}: unchanged since round {since}");
        if hint { told += 1 } else { quiet += 1 }
    }
    assert!(told > 0 && quiet > 0, "both cases met: told {told}, quiet {quiet}");
}

/// An admin's pause, resume, replace and end of a Stratego game are told in its thread as they are for
/// every game: the players whose seat changed hands are pinged, the computer's moves after it takes a
/// seat are posted there, and an ended game shows its final board, every piece, and its seed's check.
#[tokio::test]
async fn an_admins_actions_on_a_stratego_game_are_told_in_its_thread() {
    use gambit::service::{Chosen, NewGameRequest};
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let (evil, good) = (at(TF, false), at(NABOO, false));
    let req = NewGameRequest { game: "stratego".into(), options: "variant 1".into(), ..Default::default() };
    let game = b.svc.create(&evil.caller, req).await.unwrap();
    b.svc.join(&good.caller, game, None).await.unwrap();
    b.svc.start(&evil.caller, game).await.unwrap();
    b.svc.set_thread(game, &"777".into()).await.unwrap();
    for who in [&evil, &good] {
        b.svc.choose_news(&who.caller, game, Chosen::Typed, "setup guarded").await.unwrap();
    }
    let admin = admin_at(STRANGER);
    let thread_posts = |out: &Out| -> Vec<String> {
        out.posts.iter().filter(|p| p.channel.as_str() == "777").map(|p| p.msg.content.clone()).collect()
    };
    let out = b.admin(&admin, Admin::Pause(game)).await;
    assert_eq!(
        thread_posts(&out),
        [format!("⏸ Game {game} is paused by <@{STRANGER}>: nobody can move until it resumes.")]
    );
    let out = b.admin(&admin, Admin::Resume(game)).await;
    assert_eq!(thread_posts(&out), [format!("▶ Game {game} goes on: <@{STRANGER}> resumed it.")]);
    // Good's seat goes to the computer: Good is told, and the computer's first move follows in the thread
    // when Good is to move (Evil moves first: it waits).
    let computer = Person::new(UserId::computer("easy"), false);
    let replace = Admin::Replace { game, seat: 1, person: computer, confirmed: false };
    let out = b.admin(&admin, replace).await;
    let notice = out.posts.iter().find(|p| p.channel.as_str() == "777").expect("told in the thread");
    assert!(notice.msg.content.contains(&format!("instead of <@{NABOO}>")), "{}", notice.msg.content);
    assert_eq!(notice.msg.ping.iter().map(|u| u.to_string()).collect::<Vec<_>>(), [NABOO], "the replaced player");
    let first = b.svc.table_leaves(&evil.caller, game).await.unwrap().remove(0).id;
    let news = b.svc.choose_news(&evil.caller, game, Chosen::Typed, &first).await.unwrap();
    assert!(news.lines.len() >= 2, "Evil's move and the computer's answer: {:?}", news.lines);
    // Ended by the admin: the final board with every piece, and the seed against its seal.
    let out = b.admin(&admin, Admin::End(game)).await;
    let told = thread_posts(&out);
    assert!(told[0].starts_with(&format!("⏹ Game {game} is ended by <@{STRANGER}>")), "{told:?}");
    assert!(told.iter().any(|t| t.starts_with(&format!("🏁 **Game {game}**: Ended by an admin"))), "{told:?}");
    assert!(told.iter().any(|t| t.contains(&format!("Seed check for game {game}"))), "{told:?}");
    let board = out.posts.iter().find(|p| p.msg.content.starts_with("🏁")).unwrap();
    assert!(board.msg.file.is_some(), "the final board's picture");
}

/// The Stratego games of a player's list.
fn gambit_tables(
    listed: Result<
        Vec<Result<gambit::service::GameLine, gambit::service::ServiceError>>,
        gambit::service::ServiceError,
    >,
) -> Vec<gambit::service::GameLine> {
    listed.unwrap().into_iter().flatten().filter(|l| l.key == "stratego").collect()
}
