//! The web pages through HTTP, as a browser reads them: a game's public page reached by its signed link
//! alone, its picture, its live updates after a move, and what every answer is served with.

use gambit::discord::bot::{Bot, Origin};
use gambit::discord::perms::INVITE;
use gambit::render::Painters;
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(super) const EVIL: &str = "111111111111111111";
pub(super) const GOOD: &str = "222222222222222222";
const GUILD: &str = "555";
const CHANNEL: &str = "666";

pub(super) fn member(user: &str) -> Caller {
    Caller::member(Person::new(user, false), GUILD, CHANNEL, Power::default())
}

/// A Stratego game of game 2 in play between two members, and the pages served for it.
pub(super) async fn served(dir: &tempfile::TempDir) -> (Arc<Service>, i64, String) {
    served_at(dir, None).await
}

/// `served`, with the service's clock `clock` when given.
pub(super) async fn served_at(
    dir: &tempfile::TempDir,
    clock: Option<gambit::service::Clock>,
) -> (Arc<Service>, i64, String) {
    let mut svc = Service::open(&dir.path().join("web.db")).await.unwrap();
    if let Some(clock) = clock {
        svc = svc.with_clock(clock);
    }
    let svc = Arc::new(svc);
    svc.prepare_links(None, 24).await.unwrap();
    let req = NewGameRequest {
        game: "stratego".into(),
        title: "on the web".into(),
        options: "variant 2".into(),
        seed: Some(5),
        ..Default::default()
    };
    let game = svc.create(&member(EVIL), req).await.unwrap();
    svc.join(&member(GOOD), game, None).await.unwrap();
    svc.start(&member(EVIL), game).await.unwrap();
    for user in [EVIL, GOOD] {
        svc.choose(&member(user), game, None, Chosen::Typed, "setup random").await.map_err(|r| r.error).unwrap();
    }
    let painters = Arc::new(Painters::for_catalog(svc.catalog()).unwrap());
    let bound = gambit::web::listen("127.0.0.1:0".parse().unwrap(), svc.clone(), painters).await.unwrap();
    (svc, game, format!("http://{bound}"))
}

/// A first game of two members (Trade Federation: EVIL's member; Naboo: GOOD's), started.
pub(super) async fn first_game(svc: &Service) -> i64 {
    let req = NewGameRequest { seed: Some(4), ..NewGameRequest::of("queens-gambit", "players 2") };
    let game = svc.create(&member(EVIL), req).await.unwrap();
    svc.join(&member(GOOD), game, None).await.unwrap();
    svc.start(&member(EVIL), game).await.unwrap();
    game
}

pub(super) async fn get(url: &str) -> reqwest::Response {
    reqwest::get(url).await.expect("the pages answer")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_games_page_is_reached_by_its_signed_link_alone_and_shows_what_a_spectator_sees() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, game, base) = served(&dir).await;
    let link = svc.game_link(&member(EVIL), game).await.unwrap();
    assert!(link.starts_with(&format!("{game}-")) && link.len() > 20, "{link}");
    let page = get(&format!("{base}/g/{link}")).await;
    assert_eq!(page.status(), 200);
    let headers = page.headers().clone();
    for (name, has) in [
        ("content-security-policy", "frame-ancestors 'none'"),
        ("x-frame-options", "DENY"),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
    ] {
        let value = headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or("");
        assert!(value.contains(has), "{name}: {value}");
    }
    let html = page.text().await.unwrap();
    assert!(html.contains(&format!("Game {game} · on the web")), "{html}");
    let since = svc.game_row(game).await.unwrap().waiting_since.expect("Evil's wait has begun");
    let waiting = format!("Waiting for Evil since {}.", gambit::service::utc(since));
    assert!(html.contains(&waiting), "whose move it is, and since when: {html}");
    assert!(html.contains("Evil: a player") && html.contains("Good: a player"), "the seats, naming no account");
    assert!(!html.contains(EVIL) && !html.contains(GOOD), "no member's id");
    assert!(html.contains(&format!("/g/{link}/board.png")), "the board's picture");
    // The board as text is the spectators' own: no rank a player keeps secret.
    let watcher = svc.table_seen(&member("333"), game).await.unwrap();
    let evil = svc.table_seen(&member(EVIL), game).await.unwrap();
    // The picture's description is the spectators' board in words, not a player's.
    let said = |seen: &gambit::service::TableSeen| {
        let words = gambit::render::sight_words(&**seen.sight.as_ref().unwrap()).unwrap();
        maud::html! { img alt=(words); }.into_string()
    };
    let alt = said(&watcher);
    let alt = &alt[alt.find("alt=").unwrap()..alt.len() - 1];
    assert!(html.contains(alt), "the spectators' description: {html}");
    let evils = said(&evil);
    assert!(!html.contains(&evils[evils.find("alt=").unwrap()..evils.len() - 1]), "not Evil's");
    let escaped = maud::html! { (watcher.text) }.into_string();
    assert!(html.contains(&escaped), "the spectators' board");
    let own = |l: &&str| !watcher.text.contains(*l) && l.len() > 8;
    let secret: Vec<&str> = evil.text.lines().filter(own).collect();
    assert!(!secret.is_empty() && secret.iter().all(|l| !html.contains(*l)), "none of Evil's own rows");
    // Its picture is the spectators' board.
    let png = get(&format!("{base}/g/{link}/board.png")).await;
    assert_eq!(png.headers().get("content-type").and_then(|v| v.to_str().ok()), Some("image/png"));
    let bytes = png.bytes().await.unwrap();
    let (css, js) = (get(&format!("{base}/static/site.css")).await, get(&format!("{base}/static/live.js")).await);
    let first_load = html.len() + bytes.len() + css.bytes().await.unwrap().len() + js.bytes().await.unwrap().len();
    assert!(first_load < 500_000, "a light first load, picture, style and script included: {first_load} bytes");
    let painters = Painters::for_catalog(svc.catalog()).unwrap();
    assert_eq!(&bytes[..], &painters.png(&*watcher.sight.unwrap()).unwrap().unwrap()[..]);
    // Neither the game's number, nor a forged or another game's signature, leads anywhere; all alike.
    let forged = format!("{game}-{}", "0".repeat(24));
    let other = format!("{}-{}", game + 1, link.split_once('-').unwrap().1);
    for wrong in [game.to_string(), forged, other, "x".into()] {
        for path in ["", "/board.png", "/live"] {
            let answer = get(&format!("{base}/g/{wrong}{path}")).await;
            assert_eq!(answer.status(), 404, "/g/{wrong}{path}");
            let text = answer.text().await.unwrap();
            assert!(text.contains("No such game") && !text.contains("on the web"), "{text}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_page_is_told_of_a_move_as_it_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, game, base) = served(&dir).await;
    let link = svc.game_link(&member(GOOD), game).await.unwrap();
    let page = get(&format!("{base}/g/{link}")).await.text().await.unwrap();
    let shown = opens_with_what_it_shows(&base, &page).await;
    let mut live = get(&format!("{base}/g/{link}/live")).await;
    assert_eq!(live.headers().get("content-type").and_then(|v| v.to_str().ok()), Some("text/event-stream"));
    let mut read = String::new();
    while !read.contains("\n\n") {
        read.push_str(&String::from_utf8_lossy(&live.chunk().await.unwrap().expect("the page as it is")));
    }
    assert!(read.starts_with("event: game\n") && read.contains("Waiting for Evil since"), "{read}");
    let first = svc.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let moved = Instant::now();
    svc.choose(&member(EVIL), game, None, Chosen::Typed, &first).await.map_err(|r| r.error).unwrap();
    let mut told = String::new();
    while !told.contains("Waiting for Good since") {
        let chunk = tokio::time::timeout(Duration::from_secs(10), live.chunk()).await.expect("told within 10 s");
        told.push_str(&String::from_utf8_lossy(&chunk.unwrap().expect("the stream stays open")));
    }
    eprintln!("a move reached the open page in {} ms", moved.elapsed().as_millis());
    assert!(told.len() < 100_000, "a light live update: {} bytes", told.len());
    assert!(told.contains("Evil moved"), "the move in the spectators' words: {told}");
    assert!(!told.contains(&format!("id: {shown}\n")), "a change has a name of its own: {told}");
}

/// A live page's stream opens with what the page already shows, under the name the page gives it, so the
/// page keeps its part (and whatever the reader is about to click) rather than swap it for its twin.
pub(super) async fn opens_with_what_it_shows(base: &str, html: &str) -> String {
    let attribute = |name: &str| {
        let value = html.split(&format!("{name}=\"")).nth(1).and_then(|r| r.split('"').next());
        value.unwrap_or_else(|| panic!("the page has {name}: {html}")).replace("&amp;", "&")
    };
    let (shown, at) = (attribute("data-shown"), attribute("data-live"));
    let mut live = get(&format!("{base}{at}")).await;
    let mut read = String::new();
    while !read.contains("\n\n") {
        read.push_str(&String::from_utf8_lossy(&live.chunk().await.unwrap().expect("the page as it is")));
    }
    assert!(read.contains(&format!("\nid: {shown}\n")), "named {shown}: {read}");
    shown
}

/// `/qg web` and `/stratego web` answer a member of the game's server with its link, privately; the
/// bot that serves no pages says so. A lobby post gives the link too.
#[tokio::test]
async fn the_web_command_gives_the_games_link() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, game, base) = served(&dir).await;
    let painters = Painters::for_catalog(svc.catalog()).unwrap();
    let bot = Bot::new(svc.clone(), painters, Duration::from_secs(1), Some(42));
    let origin = Origin {
        caller: member(GOOD),
        channel: CHANNEL.into(),
        permissions: INVITE,
        from_private: false,
        message: None,
    };
    let off = bot.web_link(&origin, game).await;
    assert!(format!("{:?}", off.reply).contains("serves no web pages"), "{:?}", off.reply);
    bot.pages.set(base.clone()).unwrap();
    let on = bot.web_link(&origin, game).await;
    let link = svc.game_link(&member(GOOD), game).await.unwrap();
    let said = format!("{:?}", on.reply);
    assert!(said.contains(&format!("{base}/g/{link}")) && said.contains("Private"), "{said}");
    assert!(said.contains("Your own page as Good") && said.contains(&format!("{base}/p/{game}-1-")), "{said}");
    let watcher = Origin { caller: member("333"), ..origin.clone() };
    let said = format!("{:?}", bot.web_link(&watcher, game).await.reply);
    assert!(said.contains(&format!("{base}/g/{link}")) && !said.contains("/p/"), "a watcher's: {said}");
    // A new lobby gives its page at its foot, for either game.
    for (key, options) in [("stratego", "variant 1"), ("queens-gambit", "players 2")] {
        let out = bot.new_table(&origin, NewGameRequest::of(key, options)).await;
        let lobby = out.thread.expect("a thread");
        let link = svc.game_link(&member(GOOD), lobby.game).await.unwrap();
        let watch = format!("🌐 Watch it on the web: <{base}/g/{link}>");
        assert!(lobby.lobby.content.ends_with(&watch), "{key}: {}", lobby.lobby.content);
    }
    // A member of another server is told there is no such game.
    let stranger = Origin { caller: Caller::member(Person::new("9", false), "777", "888", Power::default()), ..origin };
    assert!(format!("{:?}", bot.web_link(&stranger, game).await.reply).contains(&format!("no game {game}")));
}

/// The first game's page: its palace, battlefield and track as a spectator sees them, and nobody's hand.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_first_games_page_shows_its_board_and_no_hand() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, _, base) = served(&dir).await;
    let game = super::pages::first_game(&svc).await;
    let link = svc.game_link(&member(EVIL), game).await.unwrap();
    let html = get(&format!("{base}/g/{link}")).await.text().await.unwrap();
    assert!(html.contains(&format!("Game {game}")), "{html}");
    let watcher = svc.table_seen(&member("333"), game).await.unwrap();
    assert!(html.contains(&maud::html! { (watcher.text) }.into_string()), "the spectators' board as text");
    let png = get(&format!("{base}/g/{link}/board.png")).await;
    assert_eq!(png.status(), 200);
    // A hand is its holder's alone: no card of either hand is named on the page.
    for user in [EVIL, GOOD] {
        let own = svc.table_seen(&member(user), game).await.unwrap();
        let private: Vec<&str> =
            own.text.lines().filter(|l| !watcher.text.contains(*l) && l.trim().len() > 8).collect();
        assert!(private.iter().all(|l| !html.contains(*l)), "{user}'s own lines: {private:?}");
    }
}

/// Every time a page states is in its reader's time zone, daylight-saving time included: a player's own
/// page in theirs (America/New_York here: five hours behind UTC before 8 March 2026, four after), else in
/// their server's; a game's public page and the archive in the server's; UTC when nobody named one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn times_on_the_pages_are_in_the_readers_zone_across_a_daylight_saving_change() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let dir = tempfile::tempdir().unwrap();
    // Saturday 7 March 2026, 17:00 UTC: the game begins.
    let clock = Arc::new(AtomicI64::new(1_772_902_800));
    let time = clock.clone();
    let (svc, game, base) = served_at(&dir, Some(Arc::new(move || time.load(Ordering::SeqCst)))).await;
    let page = async |link: &str| get(&format!("{base}{link}")).await.text().await.unwrap();
    let public = format!("/g/{}", svc.game_link(&member(EVIL), game).await.unwrap());
    let (evil, good) =
        (svc.seat_link(&member(EVIL), game).await.unwrap(), svc.seat_link(&member(GOOD), game).await.unwrap());
    let (evil, good) = (format!("/p/{}", evil.link), format!("/p/{}", good.link));
    assert!(page(&public).await.contains("Waiting for Evil since 2026-03-07 17:00 UTC."));
    svc.change_preferences(&gambit::service::UserId::new(EVIL), |p| {
        p.timezone = Some("America/New_York".into());
        Ok(())
    })
    .await
    .unwrap();
    let evils = page(&evil).await;
    assert!(evils.contains("Waiting for Evil since 2026-03-07 12:00 America/New_York."), "{evils}");
    assert!(evils.contains("Its link is good until 2026-03-08 13:00 America/New_York."), "past the change: {evils}");
    assert!(page(&good).await.contains("since 2026-03-07 17:00 UTC."), "Good named no zone, nor did the server");

    // Tuesday 10 March, 17:00 UTC: Evil moves; the server names Europe/Paris for its players.
    clock.store(1_773_162_000, Ordering::SeqCst);
    let first = svc.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    svc.choose(&member(EVIL), game, None, Chosen::Typed, &first).await.map_err(|r| r.error).unwrap();
    let admin = Caller::member(Person::new(GOOD, false), GUILD, CHANNEL, Power::manager());
    let paris = gambit::service::ServerChange { timezone: Some(Some("Europe/Paris".into())), ..Default::default() };
    svc.change_server_settings(&admin, &paris).await.unwrap();
    // The players' links of Saturday ran out: new ones.
    let (evil, good) =
        (svc.seat_link(&member(EVIL), game).await.unwrap(), svc.seat_link(&member(GOOD), game).await.unwrap());
    let (evil, good) = (format!("/p/{}", evil.link), format!("/p/{}", good.link));
    assert!(page(&evil).await.contains("Waiting for Good since 2026-03-10 13:00 America/New_York."));
    assert!(page(&good).await.contains("Waiting for Good since 2026-03-10 18:00 Europe/Paris."));
    assert!(page(&public).await.contains("Waiting for Good since 2026-03-10 18:00 Europe/Paris."));
    // The archive dates its games in the server's zone.
    clock.fetch_add(30 * 60, Ordering::SeqCst);
    svc.concede(&member(GOOD), game).await.unwrap();
    let archive = page(&format!("/a/{}", svc.archive_link(&member(GOOD)).await.unwrap())).await;
    assert!(archive.contains("<td>2026-03-10 18:30 Europe/Paris</td>"), "{archive}");
}
