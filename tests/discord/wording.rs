//! Every kind of message the bot sends, for a fixed seed and a fixed clock, as snapshots
//! (tests/snapshots/): a change of wording shows in review.

use gambit::discord::admin::Admin;
use gambit::discord::bot::{Bot, Origin, Out, Reply};
use gambit::discord::ids::Action;
use gambit::discord::msg::{Msg, Row};
use gambit::discord::perms::INVITE;
use gambit::games::queens_gambit::rules::{Data, Side};
use gambit::render::queens_gambit::Renderer;
use gambit::service::{Caller, Limits, Person, Power, Service};
use std::sync::Arc;

const TF: &str = "111111111111111111";
const NABOO: &str = "222222222222222222";
const THIRD: &str = "333333333333333333";
const FOURTH: &str = "444444444444444444";
const GUILD: &str = "555";
const CHANNEL: &str = "666";
/// 2026-11-15 00:00 UTC.
const NOW: i64 = 1_795_132_800;

async fn bot(dir: &tempfile::TempDir) -> Bot {
    let limits = Limits { commands_per_minute: 0, ..Limits::default() };
    let svc = Service::open(&dir.path().join("w.db")).await.unwrap().with_limits(limits).with_clock(Arc::new(|| NOW));
    Bot::new(
        Arc::new(svc),
        gambit::render::Painters::new(Arc::new(Renderer::new(Data::embedded()).unwrap())),
        std::time::Duration::from_secs(1),
        Some(42),
    )
}

fn at(user: &str, power: Power, private: bool) -> Origin {
    Origin {
        caller: Caller::member(Person::new(user, false), GUILD, CHANNEL, power),
        channel: CHANNEL.into(),
        permissions: INVITE,
        from_private: private,
        message: None,
    }
}

fn player(user: &str) -> Origin {
    at(user, Power::default(), false)
}

/// A message as text: its words, its controls (label and custom id), its file and whom it pings.
fn show(m: &Msg) -> String {
    let mut t = m.content.clone();
    for row in &m.rows {
        match row {
            Row::Buttons(bs) => {
                for b in bs {
                    t.push_str(&format!("\n[{}] {}", b.label, b.id));
                }
            }
            Row::Select(s) => {
                let labels: Vec<&str> = s.options.iter().map(|o| o.label.as_str()).collect();
                t.push_str(&format!("\n<{}> {}: {}", s.placeholder, s.id, labels.join(" | ")));
            }
        }
    }
    if let Some(f) = &m.file {
        t.push_str(&format!("\n(file {})", f.name));
    }
    if !m.ping.is_empty() {
        t.push_str(&format!("\n(pings {})", m.ping.iter().map(|u| u.as_str()).collect::<Vec<_>>().join(", ")));
    }
    t
}

fn reply(out: &Out) -> String {
    match &out.reply {
        Reply::Private(m) => format!("(private)\n{}", show(m)),
        Reply::Menu(m) => format!("(menu)\n{}", show(m)),
        Reply::Update(m) => format!("(update)\n{}", show(m)),
        Reply::Public(m) => format!("(public)\n{}", show(m)),
        Reply::Clear => "(buttons cleared)".into(),
        Reply::Form(f) => format!("(form) {}", f.title),
    }
}

fn posts(out: &Out) -> String {
    out.posts.iter().map(|p| format!("-- in {}\n{}", p.channel, show(&p.msg))).collect::<Vec<_>>().join("\n")
}

fn ids(m: &Msg) -> Vec<String> {
    m.rows
        .iter()
        .flat_map(|r| match r {
            Row::Buttons(b) => b.iter().map(|b| b.id.clone()).collect(),
            Row::Select(s) => vec![s.id.clone()],
        })
        .collect()
}

#[tokio::test]
async fn every_message_of_a_game_from_lobby_to_recap() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    // Lobbies: sides left to chance, and chosen.
    let drawn = b.new_game(&player(TF), 2, None, "chance", None, (None, None)).await;
    insta::assert_snapshot!("created", reply(&drawn));
    insta::assert_snapshot!("lobby_sides_drawn", show(&drawn.thread.as_ref().unwrap().lobby));
    let out = b.new_game(&player(TF), 2, Some(Side::Tf), "snapshot", None, (None, None)).await;
    let lobby = out.thread.unwrap();
    insta::assert_snapshot!("lobby_sides_chosen", show(&lobby.lobby));
    let game = lobby.game;
    let joined = b.component(&player(NABOO), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    insta::assert_snapshot!("lobby_full", reply(&joined));
    let started = b.component(&player(NABOO), &Action::Start { game }.id().unwrap(), &[]).await;
    insta::assert_snapshot!("game_started", posts(&started));
    // Private menus.
    let queen = b.hand(&player(NABOO), game, None).await;
    insta::assert_snapshot!("hand_choose_queen", reply(&queen));
    let menu = b.hand(&player(TF), game, None).await;
    insta::assert_snapshot!("hand_plan", reply(&menu));
    let queen_id = ids(match &queen.reply {
        Reply::Menu(m) => m,
        _ => panic!("a menu"),
    })[0]
        .clone();
    let chosen = b.component(&at(NABOO, Power::default(), true), &queen_id, &[]).await;
    insta::assert_snapshot!("queen_chosen", format!("{}\n{}", reply(&chosen), posts(&chosen)));
    // The TF player plans four cards and confirms.
    let sv = b.svc.view(&Caller::host(&gambit::service::host::terminal(), TF), game, None).await.unwrap();
    let hand = sv.view.seats[gambit::games::queens_gambit::rules::Seat(0)].hand.clone().unwrap();
    let codes: Vec<String> = hand.iter().take(4).map(|c| sv.data.card(*c).code.clone()).collect();
    let typed = b.typed(&player(TF), game, &format!("plan set {}", codes.join(" "))).await;
    insta::assert_snapshot!("plan_set_typed", reply(&typed));
    let sv = b.svc.view(&Caller::host(&gambit::service::host::terminal(), TF), game, None).await.unwrap();
    let token = sv.menu_token();
    let confirm = b
        .component(
            &at(TF, Power::default(), true),
            &Action::ConfirmLock { game, seat: 0, version: token }.id().unwrap(),
            &[],
        )
        .await;
    insta::assert_snapshot!("confirm_lock", reply(&confirm));
    // Watching and reading.
    insta::assert_snapshot!("status", reply(&b.status(&player(THIRD), game).await));
    insta::assert_snapshot!("games", reply(&b.games(&player(TF)).await));
    insta::assert_snapshot!("log", reply(&b.log(&player(NABOO), game, 10).await));
    // Refusals, one voice.
    let refusals = [
        reply(&b.status(&player(THIRD), 999).await),
        reply(&b.typed(&player(THIRD), game, "plan lock").await),
        reply(&b.typed(&player(NABOO), game, "move Z9").await),
        reply(&b.admin(&player(THIRD), Admin::Pause(game)).await),
        reply(&b.component(&player(THIRD), "qg:zz:1", &[]).await),
        reply(&b.undo(&player(NABOO), game).await),
    ];
    insta::assert_snapshot!("refusals", refusals.join("\n\n"));
    // An admin pauses, from elsewhere: told privately, announced in the game's channel.
    let paused = b.admin(&at(FOURTH, Power::manager(), false), Admin::Pause(game)).await;
    insta::assert_snapshot!("admin_pause", format!("{}\n{}", reply(&paused), posts(&paused)));
    b.admin(&at(FOURTH, Power::manager(), false), Admin::Resume(game)).await;
    // The end.
    let conceded = b.concede(&player(TF), game).await;
    let ending = Out { posts: b.ending_posts(game).await, ..conceded.clone() };
    insta::assert_snapshot!("the_end", format!("{}\n{}\n{}", reply(&conceded), posts(&conceded), posts(&ending)));
}

#[tokio::test]
async fn a_team_players_hand_shows_the_teammates_cards_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let out = b.new_game(&player(TF), 4, Some(Side::Tf), "teams", None, (None, None)).await;
    let game = out.thread.unwrap().game;
    for u in [NABOO, THIRD, FOURTH] {
        b.component(&player(u), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    }
    b.component(&player(TF), &Action::Start { game }.id().unwrap(), &[]).await;
    insta::assert_snapshot!("hand_with_teammate", reply(&b.hand(&player(TF), game, None).await));
}

/// The message a click is made on, as Discord shows it to the bot: its words and its pictures.
fn clicked(m: &Msg, pictures: usize) -> Origin {
    let mut o = player(TF);
    o.message = Some(gambit::discord::bot::Clicked { content: m.content.clone(), pictures });
    o
}

#[tokio::test]
async fn a_cards_post_is_edited_as_its_card_goes_on_and_gets_its_picture_when_done() {
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let game = b.new_game(&player(TF), 2, Some(Side::Tf), "cards", None, (None, None)).await.thread.unwrap().game;
    b.component(&player(NABOO), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    b.component(&player(NABOO), &Action::Start { game }.id().unwrap(), &[]).await;
    let user = |seat: gambit::games::queens_gambit::rules::Seat| if seat.0 == 0 { TF } else { NABOO };
    // The queen and both plans, typed; the last lock reveals the first card.
    let mut last = Out::reply(Reply::Clear);
    loop {
        let engine = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
        let dec = engine.pending()[0].clone();
        if !dec.prompt.is_secret() {
            break;
        }
        let d = engine.data();
        let text = match dec.options.iter().find(|c| matches!(c, gambit::games::queens_gambit::rules::Choice::PlanLock))
        {
            Some(lock) => lock.text(d),
            None if dec.prompt == gambit::games::queens_gambit::rules::Prompt::ChooseQueen => dec.options[0].text(d),
            None => {
                let host = Caller::host(&gambit::service::host::terminal(), user(dec.seat));
                let sv = b.svc.view(&host, game, Some(dec.seat)).await.unwrap();
                let hand = sv.view.seats[dec.seat].hand.clone().unwrap();
                let codes: Vec<String> = hand.iter().take(4).map(|c| d.card(*c).code.clone()).collect();
                format!("plan set {}", codes.join(" "))
            }
        };
        last = b.typed(&player(user(dec.seat)), game, &text).await;
    }
    let mut transcript = vec![posts(&last)];
    let mut post = last.posts.last().expect("the first card's post").msg.clone();
    let mut pictures = 0;
    for _ in 0..30 {
        let engine = b.svc.engine(&gambit::service::host::terminal(), game).await.unwrap();
        let seat = engine.pending()[0].seat;
        // The first answer offered that is not "done": a button, or a menu's first option.
        let answer = post.rows.iter().find_map(|r| match r {
            Row::Buttons(bs) => bs
                .iter()
                .find(|b| matches!(Action::parse(&b.id), Some(Action::Choose { ref choice, .. }) if choice != "done"))
                .map(|b| (b.id.clone(), Vec::new())),
            Row::Select(s) => s.options.first().map(|o| (s.id.clone(), vec![o.value.clone()])),
        });
        let Some((id, values)) = answer else { break };
        let mut o = clicked(&post, pictures);
        o.caller = Caller::member(Person::new(user(seat), false), GUILD, CHANNEL, Power::default());
        let out = b.component(&o, &id, &values).await;
        transcript.push(format!("{}\n{}", reply(&out), posts(&out)));
        if let Reply::Update(m) = &out.reply {
            pictures += usize::from(m.file.is_some());
            post = m.clone();
        }
        // The card is done once its post has its picture.
        if pictures > 0 {
            break;
        }
        if let Some(p) = out.posts.last() {
            (post, pictures) = (p.msg.clone(), usize::from(p.msg.file.is_some()));
        }
    }
    assert_eq!(pictures, 1, "the card's post got its picture:\n{}", transcript.join("\n\n"));
    insta::assert_snapshot!("a_card_from_reveal_to_picture", transcript.join("\n\n"));
}

/// Stratego's messages for a fixed seed, game 3: the lobby, a setup typed and one drawn in the private
/// menu, play beginning, a move typed and its answer, and the pieces to type.
#[tokio::test]
async fn every_message_of_a_stratego_game_from_lobby_to_its_first_moves() {
    use gambit::service::{Chosen, NewGameRequest};
    let dir = tempfile::tempdir().unwrap();
    let b = bot(&dir).await;
    let req = NewGameRequest {
        game: "stratego".into(),
        title: "snapshot".into(),
        options: "variant 3".into(),
        seed: Some(7),
        ..Default::default()
    };
    let out = b.new_table(&player(TF), req).await;
    let lobby = out.thread.expect("a thread for the game");
    insta::assert_snapshot!("stratego_lobby", show(&lobby.lobby));
    let game = lobby.game;
    let joined = b.component(&player(NABOO), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
    insta::assert_snapshot!("stratego_lobby_full", reply(&joined));
    let started = b.component(&player(NABOO), &Action::Start { game }.id().unwrap(), &[]).await;
    insta::assert_snapshot!("stratego_started", format!("{}\n{}", reply(&started), posts(&started)));
    let private = |user| at(user, Power::default(), true);
    let typed = b.table_choose(&player(TF), game, Chosen::Typed, "setup guarded").await;
    insta::assert_snapshot!("stratego_setup_typed", format!("{}\n{}", reply(&typed), posts(&typed)));
    let again = b.table_choose(&player(TF), game, Chosen::Typed, "setup random").await;
    insta::assert_snapshot!("stratego_setup_typed_again", reply(&again));
    let drawn = b.table_choose(&private(NABOO), game, Chosen::Typed, "draft guarded").await;
    insta::assert_snapshot!("stratego_army_drawn", format!("{}\n{}", reply(&drawn), posts(&drawn)));
    let locked = b.table_choose(&private(NABOO), game, Chosen::Typed, "setup draft").await;
    insta::assert_snapshot!("stratego_play_begins", format!("{}\n{}", reply(&locked), posts(&locked)));
    let leaves = b.svc.table_leaves(&player(TF).caller, game).await.unwrap();
    let first = leaves.first().expect("Evil has a move").id.clone();
    let moved = b.table_choose(&player(TF), game, Chosen::Typed, &first).await;
    insta::assert_snapshot!("stratego_moved", format!("{}\n{}", reply(&moved), posts(&moved)));
    let out_of_turn = b.table_choose(&player(TF), game, Chosen::Typed, &first).await;
    insta::assert_snapshot!("stratego_out_of_turn", reply(&out_of_turn));
    insta::assert_snapshot!("stratego_pieces_game_2", b.svc.game_pieces("stratego", "variant 2").unwrap());
}

/// Game 3 steered to its rare events (`director`), through the bot for a fixed seed: the answer and the
/// posts of the first move of each kind (a combat, a power, Vision, Anakin turning or returning and his
/// placement, Darth Vader due and his entry), then a quiet move taken back, a draw offered and the game
/// conceded. Twice: Anakin spared among the first ten Good pieces captured (he turns where he stands), and
/// Anakin among them (Evil places him at once).
#[tokio::test]
async fn every_event_of_a_stratego_game_is_told_as_it_happens() {
    use crate::director::{Director, typed_army};
    use gambit::games::stratego::{Roster, Side, Variant, roster::Role, script};
    use gambit::service::{Chosen, NewGameRequest, host};
    for (name, among_ten) in [("stratego_story_anakin_turns", false), ("stratego_story_anakin_returns", true)] {
        let dir = tempfile::tempdir().unwrap();
        let b = bot(&dir).await;
        let req = NewGameRequest {
            game: "stratego".into(),
            title: "story".into(),
            options: "variant 3".into(),
            seed: Some(7),
            ..Default::default()
        };
        let game = b.new_table(&player(TF), req).await.thread.expect("a thread").game;
        b.component(&player(NABOO), &Action::Join { game, seat: None }.id().unwrap(), &[]).await;
        b.component(&player(NABOO), &Action::Start { game }.id().unwrap(), &[]).await;
        for (user, side, by_code) in [(TF, Side::Evil, false), (NABOO, Side::Good, true)] {
            let army = typed_army(Variant::Rise, side, 3, by_code);
            let out = b.table_choose(&player(user), game, Chosen::Typed, &format!("setup {army}")).await;
            let said = reply(&out);
            assert!(said.contains("locked") || said.contains("has begun"), "{army}: {said}");
        }
        let user = |side: Side| if side == Side::Evil { TF } else { NABOO };
        let mut director = Director::new(11, among_ten);
        let mut told: Vec<(&str, String)> = Vec::new();
        let roster = Roster::embedded();
        let wanted = ["combat", "power", "vision", "anakin", "anakin placed", "vader due", "vader placed"];
        let mut moves = 0;
        let quiet = loop {
            let exported = b.svc.export(&host::terminal(), game).await.unwrap();
            let table = script::replay_with(&exported, roster.clone()).unwrap();
            let g = table.game().expect("in play");
            let (action, played) = director.pick(g).expect("a move");
            let out = b.table_choose(&player(user(played.side)), game, Chosen::Typed, &action.to_string()).await;
            moves += 1;
            let placed = played.placed.map(|(_, p)| roster.kind(p.kind).role);
            let kind = match () {
                _ if played.turning.is_some() => Some("anakin"),
                _ if played.vader_due => Some("vader due"),
                _ if placed == Some(Some(Role::Anakin)) => Some("anakin placed"),
                _ if placed == Some(Some(Role::Vader)) => Some("vader placed"),
                _ if matches!(action, gambit::games::stratego::Action::Vision { .. }) => Some("vision"),
                _ if action.power().is_some() => Some("power"),
                _ if played.combat.is_some() => Some("combat"),
                _ => None,
            };
            if let Some(kind) = kind.filter(|k| told.iter().all(|(t, _)| t != k)) {
                told.push((kind, format!("{}\n{}", reply(&out), posts(&out))));
            }
            let seen = |k: &&str| told.iter().any(|(t, _)| t == k);
            if wanted.iter().all(|k| seen(k) || (*k == "anakin placed" && !among_ten)) && played.showed_nothing() {
                break user(played.side);
            }
            assert!(moves < 400, "the story reaches every event: {:?}", told.iter().map(|t| t.0).collect::<Vec<_>>());
        };
        let undone = b.undo(&player(quiet), game).await;
        told.push(("undo", format!("{}\n{}", reply(&undone), posts(&undone))));
        let other = if quiet == TF { NABOO } else { TF };
        let offered = b.offer_draw(&player(other), game).await;
        told.push(("draw offered", format!("{}\n{}", reply(&offered), posts(&offered))));
        let conceded = b.concede(&player(quiet), game).await;
        told.push(("conceded", format!("{}\n{}", reply(&conceded), posts(&conceded))));
        let text: Vec<String> = told.iter().map(|(k, t)| format!("## {k}\n{t}")).collect();
        insta::assert_snapshot!(name, format!("{moves} moves\n{}", text.join("\n\n")));
    }
}
