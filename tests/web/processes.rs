//! Two processes on one PostgreSQL database: a page served by one is told of a move saved by the other
//! (PostgreSQL's LISTEN and NOTIFY), as quickly as of its own.

use super::pages::{EVIL, GOOD, get, member};
use gambit::render::Painters;
use gambit::service::{Chosen, NewGameRequest, Service};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
    let mut live = get(&format!("http://{bound}/g/{link}/live")).await;
    let mut read = String::new();
    while !read.contains("\n\n") {
        read.push_str(&String::from_utf8_lossy(&live.chunk().await.unwrap().expect("the page as it is")));
    }
    assert!(read.contains("Waiting for Evil since"), "{read}");
    // The other process moves.
    let first = playing.table_leaves(&member(EVIL), game).await.unwrap().remove(0).id;
    let moved = Instant::now();
    playing.choose(&member(EVIL), game, None, Chosen::Typed, &first).await.map_err(|r| r.error).unwrap();
    let mut told = String::new();
    while !told.contains("Waiting for Good since") {
        let chunk = tokio::time::timeout(Duration::from_secs(10), live.chunk()).await.expect("told within 10 s");
        told.push_str(&String::from_utf8_lossy(&chunk.unwrap().expect("the stream stays open")));
    }
    eprintln!("a move saved by another process reached the open page in {} ms", moved.elapsed().as_millis());
    assert!(told.contains("Evil moved"), "{told}");
}
