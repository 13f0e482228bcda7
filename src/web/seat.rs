//! A player's own page (`/p/{link}`): their seat's view and menu, its picture, its live part, and the
//! choices made on it. The link is the player's; the service checks it, the seat and the menu's stamp
//! at every request, as it checks a click on Discord.

use super::{MOVES_SHOWN, Site, failed, live, not_found, seat_page};
use crate::service::{Refused, SeatPage, ServiceError};
use axum::extract::{Form, Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use serde::Deserialize;

/// Where in the menu the page is: the steps taken, space-separated (a menu's steps have no spaces).
#[derive(Deserialize, Default)]
pub(super) struct At {
    #[serde(default)]
    path: String,
}

impl At {
    fn steps(&self) -> Vec<String> {
        self.path.split_whitespace().take(8).map(str::to_string).collect()
    }
}

/// A choice sent from the page: the menu's stamp, the choice, the form's own id, where the menu was.
#[derive(Deserialize)]
pub(super) struct Choice {
    stamp: u64,
    choice: String,
    request: String,
    #[serde(default)]
    path: String,
}

async fn seat(site: &Site, link: &str, path: &[String]) -> Result<SeatPage, ServiceError> {
    site.svc.admit_page(link)?;
    site.svc.seat_page(link, path, MOVES_SHOWN).await
}

pub(super) async fn page(State(site): State<Site>, Path(link): Path<String>, Query(at): Query<At>) -> Response {
    match seat(&site, &link, &at.steps()).await {
        // A player's own page is theirs alone: no cache keeps it.
        Ok(p) => (
            [(header::CACHE_CONTROL, "no-store")],
            Html(seat_page::page(&p, &link, &crate::service::local_time(p.until, p.zone), None).into_string()),
        )
            .into_response(),
        Err(e) => failed(&e),
    }
}

pub(super) async fn picture(State(site): State<Site>, Path(link): Path<String>) -> Response {
    match seat(&site, &link, &[]).await {
        Ok(p) => super::picture(&site, p.seen.sight).await,
        Err(e) => failed(&e),
    }
}

pub(super) async fn live(State(site): State<Site>, Path(link): Path<String>, Query(at): Query<At>) -> Response {
    let path = at.steps();
    let p = match seat(&site, &link, &path).await {
        Ok(p) => p,
        Err(e) => return failed(&e),
    };
    let first = live::event(seat_page::live(&p, &link));
    let svc = site.svc.clone();
    live::stream(&site.svc, p.seen.game, first, move || {
        let (svc, link, path) = (svc.clone(), link.clone(), path.clone());
        async move {
            let p = svc.seat_page(&link, &path, MOVES_SHOWN).await.ok()?;
            Some(live::event(seat_page::live(&p, &link)))
        }
    })
}

/// A choice made on the page: saved and on its way to the thread, then the page again (a reload does
/// not send it twice); refused, the page as it is now with why, nothing changed.
pub(super) async fn choose(
    State(site): State<Site>,
    Path(link): Path<String>,
    form: Result<Form<Choice>, axum::extract::rejection::FormRejection>,
) -> Response {
    let Ok(Form(c)) = form else {
        return (StatusCode::BAD_REQUEST, Html(super::page::bad_form().into_string())).into_response();
    };
    if let Err(e) = site.svc.admit_page(&link) {
        return failed(&e);
    }
    let refused = match site.svc.seat_choose(&link, c.stamp, c.choice.trim(), &c.request).await {
        Ok(()) => return Redirect::to(&format!("/p/{link}")).into_response(),
        Err(Refused { error, .. }) => error,
    };
    let (status, notice) = match &refused {
        ServiceError::NoGame(_) | ServiceError::LinkExpired | ServiceError::PagesOff | ServiceError::TooFast { .. } => {
            return failed(&refused);
        }
        ServiceError::Stale { .. } | ServiceError::OutdatedMenu { .. } => (
            StatusCode::CONFLICT,
            "Your page was out of date: the game had moved on, so nothing was changed. Here it is as it is now."
                .to_string(),
        ),
        e @ (ServiceError::Store(_) | ServiceError::Corrupt { .. } | ServiceError::Computer { .. }) => {
            return failed(e);
        }
        e => (StatusCode::UNPROCESSABLE_ENTITY, format!("Not done: {e}. Nothing was changed.")),
    };
    let path: Vec<String> = c.path.split_whitespace().map(str::to_string).collect();
    match site.svc.seat_page(&link, &path, MOVES_SHOWN).await {
        Ok(p) => (
            status,
            [(header::CACHE_CONTROL, "no-store")],
            Html(seat_page::page(&p, &link, &crate::service::local_time(p.until, p.zone), Some(&notice)).into_string()),
        )
            .into_response(),
        Err(ServiceError::NoGame(_)) => not_found(),
        Err(e) => failed(&e),
    }
}
