//! The pages as HTML: a game's public page and its live part, the parts every page shares, and the pages
//! of a link that leads nowhere or has run out. Every text of a public page is the public's (the
//! service's spectator view); maud escapes it.

use crate::service::{LoggedMove, PublicGame, Status, TableSeen, Zone, local_time};
use maud::{DOCTYPE, Markup, html};

/// A whole page around `body`, titled `title`.
pub(super) fn frame(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) }
                link rel="stylesheet" href="/static/site.css";
                script src="/static/live.js" defer {}
            }
            body {
                (body)
                footer {
                    p { "An unofficial fan implementation, not affiliated with the games' publishers." }
                }
            }
        }
    }
}

/// A game's public page: its heading, and its live part (replaced in place as the game changes).
pub fn game(game: &PublicGame, link: &str) -> Markup {
    let seen = &game.seen;
    let heading = if seen.title.is_empty() {
        format!("Game {}", seen.game)
    } else {
        format!("Game {} · {}", seen.game, seen.title)
    };
    let sub = html! { (seen.name) " · " (seen.options) };
    live_page(&heading, seen, sub, None, &format!("/g/{link}/live"), live(game, link))
}

/// A page that shows a game as it goes, every reader's alike: its heading and line below, a notice of
/// what was just refused, and its live part, replaced from `live_at` as the game changes.
pub(super) fn live_page(
    heading: &str,
    seen: &TableSeen,
    sub: Markup,
    notice: Option<&str>,
    live_at: &str,
    live: Markup,
) -> Markup {
    frame(
        &format!("{heading} · {}", seen.name),
        html! {
            header {
                h1 { (heading) }
                p class="sub" { (sub) }
            }
            @if let Some(n) = notice {
                p class="notice" role="alert" { (n) }
            }
            main id="live" data-live=(live_at) data-shown=(super::live::fingerprint(&live.0)) aria-live="polite" { (live) }
        },
    )
}

/// What changes as the game goes: the board, whose move it is, the seats, the last moves.
pub fn live(game: &PublicGame, link: &str) -> Markup {
    let seen = &game.seen;
    html! {
        section class="board" aria-labelledby="board-heading" {
            h2 id="board-heading" { "The board" }
            @if let Some(sight) = &seen.sight {
                img src=(format!("/g/{link}/board.png?v={}", seen.revision)) alt=(described(&**sight));
            }
            (board_text(seen))
        }
        section aria-labelledby="state-heading" {
            h2 id="state-heading" { "Now" }
            p { (state(seen, game.zone)) }
            @if seen.status.is_over() && seen.in_play {
                p { a href=(format!("/g/{link}/replay")) { "Replay the game step by step" } }
            }
            (seats_and_moves(seen, &game.moves))
        }
    }
}

/// A picture's text alternative: what it shows, from the same view it is drawn from.
pub(super) fn described(sight: &(dyn std::any::Any + Send)) -> String {
    crate::render::sight_words(sight).unwrap_or_else(|| "The board; the same board as text follows.".to_string())
}

/// The reader's board as text, folded.
pub(super) fn board_text(seen: &TableSeen) -> Markup {
    html! {
        details {
            summary { "The board as text" }
            pre { (seen.text) }
        }
    }
}

/// Where the game stands, in a sentence: its end, or who it waits for (since when, in `zone`).
pub(super) fn state(seen: &TableSeen, zone: Zone) -> String {
    match (&seen.outcome, seen.status) {
        (Some(o), _) => o.summary.clone(),
        (None, Status::Lobby) => "Waiting for players to join and start.".to_string(),
        (None, Status::Paused) => "Paused by an admin.".to_string(),
        (None, s) if s.is_over() => "The game is over.".to_string(),
        (None, _) if seen.waiting.is_empty() => "Nobody is asked to decide just now.".to_string(),
        (None, _) => match seen.waiting_since {
            Some(t) => format!("Waiting for {} since {}.", seen.waiting.join(" and "), local_time(t, zone)),
            None => format!("Waiting for {}.", seen.waiting.join(" and ")),
        },
    }
}

/// The seats and who holds them, and the last moves in the reader's words.
pub(super) fn seats_and_moves(seen: &TableSeen, moves: &[LoggedMove]) -> Markup {
    html! {
        h2 { "Seats" }
        ul {
            @for (name, holder) in &seen.seats {
                li { (name) ": " (holder_words(holder.as_ref())) }
            }
        }
        h2 { "Last moves" }
        @if moves.is_empty() {
            p { "None yet." }
        } @else {
            ol {
                @for m in moves {
                    li { (m.lines.join(" ")) }
                }
            }
        }
    }
}

/// Who holds a seat, in words that name no account.
fn holder_words(holder: Option<&crate::service::UserId>) -> &'static str {
    match holder {
        Some(u) if u.is_computer() => "the computer",
        Some(_) => "a player",
        None => "open",
    }
}

/// The page of a link that names no game of this host's.
pub fn missing() -> Markup {
    frame(
        "No such game",
        html! {
            main {
                h1 { "No such game" }
                p { "This link does not lead to a game. Ask for a new one with the web command of the game in its thread." }
            }
        },
    )
}

/// The page of a failure the host can see in its logs.
pub fn unavailable() -> Markup {
    frame(
        "Not available just now",
        html! {
            main {
                h1 { "Not available just now" }
                p { "The game could not be read. Try again in a moment." }
            }
        },
    )
}

/// The page of a player's link that has run out.
pub fn expired() -> Markup {
    frame(
        "This link has run out",
        html! {
            main {
                h1 { "This link has run out" }
                p { "A player's own link is good for a while only. Ask for a new one with the web command of the game in its thread." }
            }
        },
    )
}

/// The page of a link asked for too often.
pub fn too_fast(seconds: u64) -> Markup {
    frame(
        "Too many requests",
        html! {
            main {
                h1 { "Too many requests" }
                p { "This page was asked for too often. Try again in " (seconds) " seconds." }
            }
        },
    )
}

/// The answer to a form that is not one of the pages'.
pub fn bad_form() -> Markup {
    frame(
        "Not a choice",
        html! {
            main {
                h1 { "Not a choice" }
                p { "That was not a choice from this page: nothing was changed. Go back and choose again." }
            }
        },
    )
}

/// The page of a game whose server turned its pages off.
pub fn pages_off() -> Markup {
    frame(
        "No web pages here",
        html! {
            main {
                h1 { "No web pages here" }
                p { "The admins of this game's server have turned its games' web pages off. The game goes on in its thread." }
            }
        },
    )
}

/// The replay of a game still being played.
pub fn not_over() -> Markup {
    frame(
        "Not over yet",
        html! {
            main {
                h1 { "Not over yet" }
                p { "A game's replay opens once it is over. Until then, its page shows it live." }
            }
        },
    )
}
