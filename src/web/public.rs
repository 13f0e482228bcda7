//! A game's public page, its picture and its live part: what a spectator sees, for anyone with the link.

use super::{MOVES_SHOWN, Site, failed, live, page};
use axum::extract::{Path, State};
use axum::response::{Html, IntoResponse, Response};

pub(super) async fn page(State(site): State<Site>, Path(link): Path<String>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    match site.svc.public_game(&link, MOVES_SHOWN).await {
        Ok(game) => Html(page::game(&game, &link).into_string()).into_response(),
        Err(e) => failed(&e),
    }
}

pub(super) async fn picture(State(site): State<Site>, Path(link): Path<String>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    match site.svc.public_game(&link, 0).await {
        Ok(game) => super::picture(&site, game.seen.sight).await,
        Err(e) => failed(&e),
    }
}

pub(super) async fn live(State(site): State<Site>, Path(link): Path<String>) -> Response {
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    let game = match site.svc.public_game(&link, MOVES_SHOWN).await {
        Ok(g) => g,
        Err(e) => return failed(&e),
    };
    let first = live::event(page::live(&game, &link));
    let svc = site.svc.clone();
    live::stream(&site.svc, game.seen.game, first, move || {
        let (svc, link) = (svc.clone(), link.clone());
        async move {
            let game = svc.public_game(&link, MOVES_SHOWN).await.ok()?;
            Some(live::event(page::live(&game, &link)))
        }
    })
}
