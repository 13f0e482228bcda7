//! A player's own page as HTML: their seat's board, their menu as buttons (a step deeper is a link, a
//! whole choice a button of one form), where the game stands, the seats and the last moves in their
//! words. Built from the seat's own view: it holds what that player may see and nothing more.

use super::page::{board_text, described, live_page, seats_and_moves, state};
use crate::service::SeatPage;
use maud::{Markup, html};

/// The whole page; `notice` says why a choice just sent was not made.
pub fn page(p: &SeatPage, link: &str, until: &str, notice: Option<&str>) -> Markup {
    let seen = &p.seen;
    let heading = format!("Game {} · your seat: {}", seen.game, p.seat_name);
    let path = p.path.join(" ");
    let live_at =
        if path.is_empty() { format!("/p/{link}/live") } else { format!("/p/{link}/live?path={}", encode(&path)) };
    let sub = html! {
        (seen.name) " · " (seen.options)
        " · This page is yours alone: it shows your side's secrets. Its link is good until " (until) "."
    };
    live_page(&heading, seen, sub, notice, &live_at, live(p, link))
}

/// What changes as the game goes: the seat's board, its menu while it decides, the state, the seats and
/// the moves.
pub fn live(p: &SeatPage, link: &str) -> Markup {
    let seen = &p.seen;
    html! {
        section class="board" aria-labelledby="board-heading" {
            h2 id="board-heading" { "Your board" }
            @if let Some(sight) = &seen.sight {
                img src=(format!("/p/{link}/board.png?v={}", seen.revision)) alt=(described(&**sight));
            }
            (board_text(seen))
        }
        section aria-labelledby="state-heading" {
            h2 id="state-heading" { "Now" }
            p { (state(seen, p.zone)) }
            @if let Some(last) = &seen.last {
                p { "Last: " (last) }
            }
            (menu(p, link))
            (seats_and_moves(seen, &p.moves))
        }
    }
}

/// The seat's menu at its level: a step deeper is a link, a whole choice a button.
fn menu(p: &SeatPage, link: &str) -> Markup {
    let Some(m) = &p.menu else { return html! {} };
    let path = p.path.join(" ");
    let deeper = |id: &str| {
        let next = if path.is_empty() { id.to_string() } else { format!("{path} {id}") };
        format!("/p/{link}?path={}", encode(&next))
    };
    // The form's own id: the same for the same menu of the same seat, so a form sent twice is applied once
    // and the page drawn again for an unchanged game is the same page.
    let request = super::live::fingerprint(&format!("{link} {} {path}", m.revision));
    html! {
        section class="menu" aria-labelledby="menu-heading" {
            h2 id="menu-heading" { "Your move: " (m.prompt.text) }
            @if !p.path.is_empty() {
                p { a href=(format!("/p/{link}")) { "Back to the first choice" } " · chosen so far: " (path) }
            }
            form method="post" action=(format!("/p/{link}/choose")) {
                input type="hidden" name="stamp" value=(m.revision);
                input type="hidden" name="request" value=(request);
                input type="hidden" name="path" value=(path);
                ul class="choices" {
                    @for item in &m.items {
                        li {
                            @if item.leaf {
                                button type="submit" name="choice" value=(item.id) { (item.label) }
                            } @else {
                                a class="step" href=(deeper(&item.id)) { (item.label) " …" }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// `text` for a link's query (letters, digits and a few marks kept; the rest as `%XX`).
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
