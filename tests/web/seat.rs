//! A player's own page through HTTP: reached by the link signed for them, their seat and the game; it
//! shows what their seat sees and nothing of the other side's; a choice made on it goes through the same
//! checks as a click on Discord (the seat, the menu's stamp) and is handed on to be told in the thread;
//! a stale page, a forged link, a link for another seat and one that has run out change and show
//! nothing.

use super::pages::{EVIL, GOOD, get, member, served, served_at};
use gambit::service::ServiceError;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// The menu's stamp on a page (its form's hidden field).
fn stamp_of(html: &str) -> String {
    let at = html.find(r#"name="stamp" value=""#).expect("a menu on the page") + r#"name="stamp" value=""#.len();
    html[at..].chars().take_while(char::is_ascii_digit).collect()
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

async fn send(url: &str, stamp: &str, choice: &str, request: &str) -> reqwest::Response {
    let form = [("stamp", stamp), ("choice", choice), ("request", request), ("path", "")];
    client().post(url).form(&form).send().await.expect("the pages answer")
}

/// The lines of `reader`'s board as text that a spectator's lacks: what only their side knows.
async fn own_lines(svc: &gambit::service::Service, game: i64, reader: &str) -> Vec<String> {
    let watcher = svc.table_seen(&member("333"), game).await.unwrap().text;
    let own = svc.table_seen(&member(reader), game).await.unwrap().text;
    let escaped = |l: &str| maud::html! { (l) }.into_string();
    own.lines().filter(|l| !watcher.contains(*l) && l.trim().len() > 8).map(escaped).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_page_shows_their_seat_and_takes_their_choice_through_the_same_checks() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, game, base) = served(&dir).await;
    let mut relayed = svc.relayed();
    assert!(
        matches!(svc.seat_link(&member("333"), game).await, Err(ServiceError::NotSeated { .. })),
        "only a player gets a page of their own"
    );
    let own = svc.seat_link(&member(EVIL), game).await.unwrap();
    assert_eq!(own.seat, "Evil");
    let page = get(&format!("{base}/p/{}", own.link)).await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains(&format!("Game {game} · your seat: Evil")), "{html}");
    let (evil, good) = (own_lines(&svc, game, EVIL).await, own_lines(&svc, game, GOOD).await);
    assert!(!evil.is_empty() && evil.iter().all(|l| html.contains(l)), "Evil's own rows are on Evil's page");
    assert!(!good.is_empty() && good.iter().all(|l| !html.contains(l)), "none of Good's");
    assert!(!html.contains(EVIL) && !html.contains(GOOD), "no member's id");
    assert_eq!(get(&format!("{base}/p/{}/board.png", own.link)).await.status(), 200);
    super::pages::opens_with_what_it_shows(&base, &html).await;

    // A choice from the page's menu: saved, told on, the page again.
    let stamp = stamp_of(&html);
    let choice = svc.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let url = format!("{base}/p/{}/choose", own.link);
    let sent = send(&url, &stamp, &choice, "first").await;
    assert_eq!(sent.status(), 303, "{}", sent.text().await.unwrap());
    assert_eq!(sent.headers()["location"], format!("/p/{}", own.link).as_str());
    let watcher = svc.table_seen(&member("333"), game).await.unwrap();
    assert_eq!(watcher.waiting, vec!["Good".to_string()], "Evil's move is made");
    let news = relayed.try_recv().expect("its news handed on to the thread");
    assert!(news.game == game && news.lines.iter().any(|l| l.contains("Evil moved")), "{:?}", news.lines);

    // The same form again is a stale page: refused in words, nothing changed.
    let again = send(&url, &stamp, &choice, "second").await;
    assert_eq!(again.status(), 409);
    let said = again.text().await.unwrap();
    assert!(said.contains("out of date") && said.contains("nothing was changed"), "{said}");
    assert_eq!(svc.table_seen(&member("333"), game).await.unwrap().revision, watcher.revision);
    assert!(relayed.try_recv().is_err(), "nothing more to tell");
    // Good's turn: Evil's page has no menu, and a choice from it is refused.
    let now = get(&format!("{base}/p/{}", own.link)).await.text().await.unwrap();
    assert!(!now.contains(r#"name="stamp""#) && now.contains("Waiting for Good since"), "{now}");
    let good_choice = svc.table_leaves(&member(GOOD), game).await.unwrap().remove(0).id;
    let stamp = svc.table_menu(&member(GOOD), game, &[]).await.unwrap().revision.to_string();
    let not_yours = send(&url, &stamp, &good_choice, "third").await;
    assert!(not_yours.status().is_client_error(), "{}", not_yours.status());
    assert_eq!(svc.table_seen(&member("333"), game).await.unwrap().revision, watcher.revision);

    // A forged link, one for the other seat, and the game's number lead nowhere, alike.
    let (head, signature) = own.link.rsplit_once('-').unwrap();
    let flipped = if signature.starts_with('0') { "1" } else { "0" };
    let forged = format!("{head}-{flipped}{}", &signature[1..]);
    let other_seat = own.link.replacen(&format!("{game}-0-"), &format!("{game}-1-"), 1);
    assert_ne!(other_seat, own.link);
    for wrong in [forged, other_seat, game.to_string()] {
        let answer = get(&format!("{base}/p/{wrong}")).await;
        assert_eq!(answer.status(), 404, "{wrong}");
        let text = answer.text().await.unwrap();
        assert!(text.contains("No such game") && !text.contains("on the web"), "{text}");
        let tried = send(&format!("{base}/p/{wrong}/choose"), &stamp, &good_choice, "forged").await;
        assert_eq!(tried.status(), 404);
    }
    assert_eq!(svc.table_seen(&member("333"), game).await.unwrap().revision, watcher.revision);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_players_link_runs_out_and_then_shows_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let now = Arc::new(AtomicI64::new(1_900_000_000));
    let clock = now.clone();
    let (svc, game, base) = served_at(&dir, Some(Arc::new(move || clock.load(Ordering::SeqCst)))).await;
    let own = svc.seat_link(&member(GOOD), game).await.unwrap();
    assert_eq!(own.until, 1_900_000_000 + 24 * 3600, "good for the host's day");
    now.fetch_add(24 * 3600 - 1, Ordering::SeqCst);
    assert_eq!(get(&format!("{base}/p/{}", own.link)).await.status(), 200, "good until its time");
    now.fetch_add(1, Ordering::SeqCst);
    let page = get(&format!("{base}/p/{}", own.link)).await;
    assert_eq!(page.status(), 410);
    let text = page.text().await.unwrap();
    assert!(text.contains("run out") && !text.contains("on the web") && !text.contains("Good"), "{text}");
    let choice = svc.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let sent = send(&format!("{base}/p/{}/choose", own.link), "0", &choice, "late").await;
    assert_eq!(sent.status(), 410);
    for path in ["/board.png", "/live"] {
        assert_eq!(get(&format!("{base}/p/{}{path}", own.link)).await.status(), 410, "{path}");
    }
}

/// The first game: a player's page shows their own hand and none of the other's, and a secret step of
/// their plan made there is saved as their own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_first_game_players_page_shows_their_hand_and_takes_their_plan() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, _, base) = served(&dir).await;
    let game = super::pages::first_game(&svc).await;
    let mut relayed = svc.relayed();
    let own = svc.seat_link(&member(EVIL), game).await.unwrap();
    let html = get(&format!("{base}/p/{}", own.link)).await.text().await.unwrap();
    let (mine, theirs) = (own_lines(&svc, game, EVIL).await, own_lines(&svc, game, GOOD).await);
    assert!(!mine.is_empty() && mine.iter().all(|l| html.contains(l)), "the player's own hand: {mine:?}");
    let theirs: Vec<&String> = theirs.iter().filter(|l| !mine.contains(l)).collect();
    assert!(!theirs.is_empty() && theirs.iter().all(|l| !html.contains(*l)), "none of the other's: {theirs:?}");
    super::pages::opens_with_what_it_shows(&base, &html).await;
    let before = svc.table_menu(&member(EVIL), game, &[]).await.unwrap().revision;
    let choice = svc.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let sent = send(&format!("{base}/p/{}/choose", own.link), &stamp_of(&html), &choice, "plan").await;
    assert_eq!(sent.status(), 303, "{}", sent.text().await.unwrap());
    let after = svc.table_menu(&member(EVIL), game, &[]).await.map(|m| m.revision).ok();
    assert_ne!(after, Some(before), "the step is saved: the seat's menu moved on");
    assert!(relayed.try_recv().is_ok(), "its news handed on");
}

/// A server's admins turn its games' pages off: every link of its games shows only that, the bot gives
/// none; turned on again, the same links work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_servers_admins_turn_its_pages_off_and_on() {
    use gambit::service::{Caller, Person, Power, ServerChange};
    let dir = tempfile::tempdir().unwrap();
    let (svc, game, base) = served(&dir).await;
    let public = svc.game_link(&member(EVIL), game).await.unwrap();
    let own = svc.seat_link(&member(EVIL), game).await.unwrap();
    let admin = Caller::member(Person::new("444", false), "555", "666", Power::manager());
    let off = ServerChange { web_pages: Some(false), ..Default::default() };
    assert!(matches!(svc.change_server_settings(&member(EVIL), &off).await, Err(ServiceError::NotAdmin { .. })));
    assert!(svc.change_server_settings(&admin, &off).await.unwrap().web_pages_off);
    for url in [format!("{base}/g/{public}"), format!("{base}/p/{}", own.link), format!("{base}/g/{public}/board.png")]
    {
        let answer = get(&url).await;
        assert_eq!(answer.status(), 404, "{url}");
        let text = answer.text().await.unwrap();
        assert!(text.contains("turned its games' web pages off") && !text.contains("on the web"), "{text}");
    }
    assert!(matches!(svc.game_link(&member(EVIL), game).await, Err(ServiceError::PagesOff)));
    assert!(matches!(svc.seat_link(&member(EVIL), game).await, Err(ServiceError::PagesOff)));
    let on = ServerChange { web_pages: Some(true), ..Default::default() };
    assert!(!svc.change_server_settings(&admin, &on).await.unwrap().web_pages_off);
    assert_eq!(get(&format!("{base}/g/{public}")).await.status(), 200);
    assert_eq!(get(&format!("{base}/p/{}", own.link)).await.status(), 200);
}
