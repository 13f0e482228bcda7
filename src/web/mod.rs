//! The web front end: each game's public page (the board as a spectator sees it, whose move it is, the
//! seats, the last moves) and a player's own page (their seat's view and menu, where they can choose),
//! their pictures, and their live updates as server-sent events. Everything comes from the service, for
//! the reader the link names; a page is reached only by its signed link.

mod archive;
mod archive_page;
mod live;
mod page;
mod public;
mod seat;
mod seat_page;

use crate::render::Painters;
use crate::service::{Service, ServiceError};
use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
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
            svc.prepare_links(web.key.clone(), web.seat_link_hours)
                .await
                .map_err(|e| format!("the web pages' links: {}", e.detail()))?;
            svc.hear_other_processes()
                .await
                .map_err(|e| format!("the web pages cannot hear other processes: {}", e.detail()))?;
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
        .route("/g/{link}", get(public::page))
        .route("/g/{link}/board.png", get(public::picture))
        .route("/g/{link}/live", get(public::live))
        .route("/g/{link}/replay", get(archive::replay))
        .route("/g/{link}/replay/board.png", get(archive::picture))
        .route("/g/{link}/replay/setups.png", get(archive::setups))
        .route("/g/{link}/script.txt", get(archive::script))
        .route("/a/{link}", get(archive::archive))
        .route("/a/{link}/{game}/{player}", get(archive::player))
        .route("/p/{link}", get(seat::page))
        .route("/p/{link}/board.png", get(seat::picture))
        .route("/p/{link}/live", get(seat::live))
        .route("/p/{link}/choose", post(seat::choose))
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

/// What the service could not do, as a page: a game it cannot find (or a link that shows nothing), a
/// player's link run out, too many requests, or a failure (said, not detailed).
fn failed(e: &ServiceError) -> Response {
    match e {
        ServiceError::NoGame(_) => not_found(),
        ServiceError::LinkExpired => (StatusCode::GONE, Html(page::expired().into_string())).into_response(),
        ServiceError::NotOver { .. } => (StatusCode::NOT_FOUND, Html(page::not_over().into_string())).into_response(),
        ServiceError::PagesOff => (StatusCode::NOT_FOUND, Html(page::pages_off().into_string())).into_response(),
        ServiceError::TooFast { seconds } => {
            let retry = HeaderValue::from(*seconds);
            (
                StatusCode::TOO_MANY_REQUESTS,
                [(header::RETRY_AFTER, retry)],
                Html(page::too_fast(*seconds).into_string()),
            )
                .into_response()
        }
        other => {
            tracing::warn!(error = %other.detail(), "a web page failed");
            (StatusCode::SERVICE_UNAVAILABLE, Html(page::unavailable().into_string())).into_response()
        }
    }
}

/// A reader's board picture as PNG, drawn off the async runtime.
async fn picture(site: &Site, sight: Option<Box<dyn std::any::Any + Send>>) -> Response {
    let Some(sight) = sight else { return not_found() };
    let painters = site.painters.clone();
    match tokio::task::spawn_blocking(move || painters.png(&*sight)).await {
        Ok(Some(Ok(png))) => {
            ([(header::CONTENT_TYPE, "image/png"), (header::CACHE_CONTROL, "private, no-cache")], png).into_response()
        }
        Ok(Some(Err(e))) => {
            tracing::warn!(error = %e, "a web page's picture failed");
            (StatusCode::SERVICE_UNAVAILABLE, "the picture could not be drawn").into_response()
        }
        _ => not_found(),
    }
}
