//! A server's archive of finished games, and each game's replay viewer: its steps, their pictures, the
//! setups at the end, and the script that checks the dice.

use super::{Site, archive_page, failed};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use serde::Deserialize;

/// Which step of a replay.
#[derive(Deserialize, Default)]
pub(super) struct At {
    #[serde(default)]
    step: usize,
}

pub(super) async fn archive(State(site): State<Site>, Path(link): Path<String>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    let figures = match site.svc.archive_figures(&link).await {
        Ok(f) => f,
        Err(e) => return failed(&e),
    };
    match site.svc.archive(&link).await {
        Ok(games) => Html(archive_page::archive(&games, &figures, &link).into_string()).into_response(),
        Err(e) => failed(&e),
    }
}

/// A player's statistics in one game, reached from their server's archive.
pub(super) async fn player(
    State(site): State<Site>,
    Path((link, game, page)): Path<(String, String, String)>,
) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    match site.svc.archive_player(&link, &game, &page).await {
        Ok(p) => Html(archive_page::player(&p, &link).into_string()).into_response(),
        Err(e) => failed(&e),
    }
}

pub(super) async fn replay(State(site): State<Site>, Path(link): Path<String>, Query(at): Query<At>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    match site.svc.replay_step(&link, at.step).await {
        Ok(step) => Html(archive_page::replay(&step, &link).into_string()).into_response(),
        Err(e) => failed(&e),
    }
}

pub(super) async fn picture(State(site): State<Site>, Path(link): Path<String>, Query(at): Query<At>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    match site.svc.replay_step(&link, at.step).await {
        Ok(step) => super::picture(&site, step.sight).await,
        Err(e) => failed(&e),
    }
}

pub(super) async fn setups(State(site): State<Site>, Path(link): Path<String>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    match site.svc.replay_step(&link, usize::MAX).await {
        Ok(step) => super::picture(&site, step.end.and_then(|e| e.setups)).await,
        Err(e) => failed(&e),
    }
}

pub(super) async fn script(State(site): State<Site>, Path(link): Path<String>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    let game = link.split_once('-').map_or("game", |(g, _)| g).to_string();
    match site.svc.replay_script(&link).await {
        Ok(script) => (
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
                (header::CONTENT_DISPOSITION, format!("attachment; filename=\"game-{game}.txt\"")),
            ],
            script,
        )
            .into_response(),
        Err(e) => failed(&e),
    }
}
