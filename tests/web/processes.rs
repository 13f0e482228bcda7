//! Two processes on one PostgreSQL database: a page served by one is told of a move saved by the other
//! (PostgreSQL's LISTEN and NOTIFY), as quickly as of its own: seen in a real browser.

use super::pages::{EVIL, GOOD, member};
use gambit::render::Painters;
use gambit::service::{Chosen, NewGameRequest, Service};
use std::path::PathBuf;
use std::sync::Arc;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_served_by_one_process_is_told_of_a_move_saved_by_another() {
    let url = PathBuf::from(crate::postgres::database().await);
    let serving = Arc::new(Service::open(&url).await.unwrap().with_teller("0-0"));
    let playing = Service::open(&url).await.unwrap().with_teller("1-1");
    serving.prepare_links(None, 24).await.unwrap();
    serving.hear_other_processes().await.unwrap();
    let req = NewGameRequest { seed: Some(5), ..NewGameRequest::of("stratego", "variant 2") };
    let game = playing.create(&member(EVIL), req).await.unwrap();
    playing.join(&member(GOOD), game, None).await.unwrap();
    playing.start(&member(EVIL), game).await.unwrap();
    for user in [EVIL, GOOD] {
        playing.choose(&member(user), game, None, Chosen::Typed, "setup random").await.map_err(|r| r.error).unwrap();
    }
    let painters = Arc::new(Painters::for_catalog(serving.catalog()).unwrap());
    let bound = gambit::web::listen("127.0.0.1:0".parse().unwrap(), serving.clone(), painters).await.unwrap();
    let link = serving.game_link(&member(EVIL), game).await.unwrap();
    // The page open in a real browser, served by the first process.
    let b = crate::support::browser::Browser::start(1280).await;
    b.goto(&format!("http://{bound}/g/{link}")).await;
    b.wait_for_text("Waiting for Evil since").await;
    b.run("window.changed = null; new MutationObserver(() => { window.changed = window.changed || Date.now(); }).observe(document.getElementById('live'), { childList: true, subtree: true }); return true;").await;
    // The other process moves.
    let first = playing.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let sent = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    playing.choose(&member(EVIL), game, None, Chosen::Typed, &first).await.map_err(|r| r.error).unwrap();
    let text = b.wait_for_text("Waiting for Good since").await;
    let changed = b.run("return window.changed;").await.as_i64().expect("the live part changed");
    eprintln!("a move saved by another process reached the page open in the browser in {} ms", changed - sent);
    assert!(text.contains("Evil moved"), "{text}");
    let _ = b.client.clone().close().await;
}
