//! `gambit bench`'s figures of the web pages: a game's page served over HTTP (its time and size) and its
//! board's picture, for a Stratego game some moves in, on a scratch database.

use crate::cli::report::Report;
use crate::service::{Caller, Chosen, NewGameRequest, Person, Power, Service};
use std::sync::Arc;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Pages fetched to time one.
const FETCHES: usize = 30;
/// Moves played before the page is read.
const MOVES: usize = 60;

pub async fn bench() -> Result<Report, String> {
    let dir = std::env::temp_dir().join(format!("gambit-pages-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let measured = measure(&dir.join("pages.db")).await;
    let _ = std::fs::remove_dir_all(&dir);
    measured
}

async fn measure(db: &std::path::Path) -> Result<Report, String> {
    let svc = Arc::new(Service::open(db).await.map_err(|e| e.to_string())?);
    svc.prepare_links(None, 24).await.map_err(|e| e.to_string())?;
    let member = |user: &str| Caller::member(Person::new(user, false), "1", "2", Power::default());
    let (evil, good) = (member("11"), member("12"));
    let req = NewGameRequest { seed: Some(9), ..NewGameRequest::of("stratego", "variant 2") };
    let game = svc.create(&evil, req).await.map_err(|e| e.to_string())?;
    svc.join(&good, game, None).await.map_err(|e| e.to_string())?;
    svc.start(&evil, game).await.map_err(|e| e.to_string())?;
    for who in [&evil, &good] {
        svc.choose(who, game, None, Chosen::Typed, "setup random").await.map_err(|r| r.error.to_string())?;
    }
    for n in 0..MOVES {
        let who = if n % 2 == 0 { &evil } else { &good };
        let Some(first) = svc.table_leaves(who, game).await.map_err(|e| e.to_string())?.into_iter().next() else {
            break;
        };
        svc.choose(who, game, None, Chosen::Typed, &first.id).await.map_err(|r| r.error.to_string())?;
    }
    let painters = Arc::new(crate::render::Painters::for_catalog(svc.catalog())?);
    let addr = crate::web::listen("127.0.0.1:0".parse().map_err(|_| "an address")?, svc.clone(), painters)
        .await
        .map_err(|e| e.to_string())?;
    let link = svc.game_link(&evil, game).await.map_err(|e| e.to_string())?;
    let mut times = Vec::new();
    let mut page = 0;
    for _ in 0..FETCHES {
        let started = std::time::Instant::now();
        page = fetch(addr, &format!("/g/{link}")).await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    let picture = fetch(addr, &format!("/g/{link}/board.png")).await?;
    times.sort_by(f64::total_cmp);
    let p50 = times[times.len() / 2];
    let mut out = Report::default();
    out.line(format!(
        "web page of a Stratego game {MOVES} moves in: {p50:.1} ms to serve (p50 of {FETCHES}), {:.1} KB, its \
         picture {:.1} KB",
        page as f64 / 1024.0,
        picture as f64 / 1024.0
    ));
    out.figure("web_page_ms", (p50 * 10.0).round() / 10.0);
    out.figure("web_page_bytes", page as f64);
    out.figure("web_picture_bytes", picture as f64);
    Ok(out)
}

/// GET `path` from `addr`: the body's length, once the whole answer is read.
async fn fetch(addr: std::net::SocketAddr, path: &str) -> Result<usize, String> {
    let mut s = tokio::net::TcpStream::connect(addr).await.map_err(|e| e.to_string())?;
    s.write_all(format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut reply = Vec::new();
    s.read_to_end(&mut reply).await.map_err(|e| e.to_string())?;
    let head = reply.windows(4).position(|w| w == b"\r\n\r\n").ok_or("no whole answer")?;
    if !reply.starts_with(b"HTTP/1.1 200") {
        return Err(format!("{path}: {}", String::from_utf8_lossy(&reply[..head])));
    }
    Ok(reply.len() - head - 4)
}
