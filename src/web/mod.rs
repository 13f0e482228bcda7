//! The web front end: each game's public page (the board as a spectator sees it, whose move it is, the
//! seats, the last moves), its picture, and its live updates as server-sent events. Everything comes from
//! the service, as the public may see it; a page is reached only by its signed link.

mod page;

use crate::render::Painters;
use crate::service::{GameId, PublicGame, Service, ServiceError};
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

/// The moves a page lists.
const MOVES_SHOWN: u32 = 10;

/// What every page is served with.
#[derive(Clone)]
struct Site {
    svc: Arc<Service>,
    painters: Arc<Painters>,
}

/// What starts the pages: given the service and the painters, how links to them begin.
pub type Started = std::pin::Pin<Box<dyn std::future::Future<Output = Result<Option<String>, String>> + Send>>;

/// The pages as the configuration asks (`[web]`), for the bot to start beside itself; none when off.
pub fn pages(
    config: &crate::config::Config,
) -> Option<impl Fn(Arc<Service>, Arc<Painters>) -> Started + Send + Sync + 'static> {
    let addr = config.web.listen_addr()?;
    let web = config.web.clone();
    Some(move |svc: Arc<Service>, painters: Arc<Painters>| -> Started {
        let web = web.clone();
        Box::pin(async move {
            svc.prepare_links(web.key.clone()).await.map_err(|e| format!("the web pages' links: {}", e.detail()))?;
            let bound =
                listen(addr, svc, painters).await.map_err(|e| format!("the web pages cannot listen on {addr}: {e}"))?;
            Ok(Some(web.base_url(bound)))
        })
    })
}

/// Bind `addr` and serve the pages until the process ends; the bound address (port 0 picks a free one).
pub async fn listen(addr: SocketAddr, svc: Arc<Service>, painters: Arc<Painters>) -> std::io::Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let app = router(Site { svc, painters });
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::warn!(error = %e, "the web pages stopped");
        }
    });
    tracing::info!(address = %bound, "web pages ready");
    Ok(bound)
}

fn router(site: Site) -> Router {
    Router::new()
        .route("/g/{link}", get(game_page))
        .route("/g/{link}/board.png", get(board_picture))
        .route("/g/{link}/live", get(live))
        .route("/static/live.js", get(|| async { asset("text/javascript", include_str!("../../assets/web/live.js")) }))
        .route("/static/site.css", get(|| async { asset("text/css", include_str!("../../assets/web/site.css")) }))
        .fallback(|| async { not_found() })
        .layer(axum::middleware::map_response(secured))
        .with_state(site)
}

/// Every answer: no framing by other sites, nothing but our own scripts, styles and pictures, no
/// guessing of types, no address of the page sent on.
async fn secured(mut response: Response) -> Response {
    let headers = response.headers_mut();
    let set = [
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; connect-src 'self'; \
             base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
    ];
    for (name, value) in set {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

fn asset(kind: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "public, max-age=3600")], text).into_response()
}

/// A link that names no game of this host's, or a game gone: one answer for both.
fn not_found() -> Response {
    (StatusCode::NOT_FOUND, Html(page::missing().into_string())).into_response()
}

/// What the service could not do, as a page: a game it cannot find, or a failure (said, not detailed).
fn failed(e: &ServiceError) -> Response {
    match e {
        ServiceError::NoGame(_) => not_found(),
        other => {
            tracing::warn!(error = %other.detail(), "a web page failed");
            (StatusCode::SERVICE_UNAVAILABLE, Html(page::unavailable().into_string())).into_response()
        }
    }
}

async fn game_page(State(site): State<Site>, Path(link): Path<String>) -> Response {
    match site.svc.public_game(&link, MOVES_SHOWN).await {
        Ok(game) => Html(page::game(&game, &link).into_string()).into_response(),
        Err(e) => failed(&e),
    }
}

async fn board_picture(State(site): State<Site>, Path(link): Path<String>) -> Response {
    let game = match site.svc.public_game(&link, 0).await {
        Ok(g) => g,
        Err(e) => return failed(&e),
    };
    let Some(sight) = game.seen.sight else { return not_found() };
    let painters = site.painters.clone();
    match tokio::task::spawn_blocking(move || painters.png(&*sight)).await {
        Ok(Some(Ok(png))) => {
            ([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "no-cache")], png).into_response()
        }
        Ok(Some(Err(e))) => {
            tracing::warn!(error = %e, "a web page's picture failed");
            (StatusCode::SERVICE_UNAVAILABLE, "the picture could not be drawn").into_response()
        }
        _ => not_found(),
    }
}

/// The page's live part as it is now, as an event.
async fn event_of(svc: &Service, link: &str) -> Option<Event> {
    let game: PublicGame = svc.public_game(link, MOVES_SHOWN).await.ok()?;
    Some(Event::default().event("game").data(page::live(&game, link).into_string()))
}

/// Server-sent events: the live part at once, then again after every change to this game.
async fn live(State(site): State<Site>, Path(link): Path<String>) -> Response {
    let Some(first) = event_of(&site.svc, &link).await else { return not_found() };
    let game: Option<GameId> = link.split_once('-').and_then(|(g, _)| g.parse().ok());
    let mut changes = site.svc.changes();
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Event, Infallible>>(4);
    tokio::spawn(async move {
        if tx.send(Ok(first)).await.is_err() {
            return;
        }
        loop {
            let changed = tokio::select! {
                _ = tx.closed() => return,
                changed = changes.recv() => changed,
            };
            match changed {
                Ok(changed) if Some(changed) == game => {}
                // Fell behind: whatever changed, this game may have.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Ok(_) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
            }
            let Some(event) = event_of(&site.svc, &link).await else { return };
            if tx.send(Ok(event)).await.is_err() {
                return;
            }
        }
    });
    Sse::new(tokio_stream::wrappers::ReceiverStream::new(rx)).keep_alive(KeepAlive::default()).into_response()
}
