//! The archive and the replay viewer as HTML. A replay step shows what a spectator had then; only its
//! last step tells what the end tells (every piece, the recap, the seed).

use super::page::{described, frame};
use crate::service::{
    ArchivedGame, NamedLadder, PlayerStats, ReplayEnd, ReplayStep, ServerFigures, anchors_text, games_text, rating_text,
};
use maud::{Markup, html};

/// A server's finished games, newest first, each with its replay; then how its games went, game by game.
pub fn archive(games: &[ArchivedGame], figures: &[ServerFigures], link: &str) -> Markup {
    frame(
        "Finished games",
        html! {
            header { h1 { "Finished games" } p class="sub" { "This server's finished games, newest first. Each replays step by step." } }
            main {
                @if games.is_empty() {
                    p { "No game has finished here yet." }
                } @else {
                    table {
                        caption { "Finished games" }
                        thead { tr { th scope="col" { "Game" } th scope="col" { "How it ended" } th scope="col" { "Moves" } th scope="col" { "Ended" } th scope="col" { "Seats" } } }
                        tbody {
                            @for g in games {
                                tr {
                                    td { a href=(format!("/g/{}/replay", g.link)) { "Game " (g.game) " · " (g.name) @if !g.title.is_empty() { " · " (g.title) } } br; small { (g.options) } }
                                    td { (g.outcome.clone().unwrap_or_else(|| "Ended".into())) }
                                    td { (g.moves) }
                                    td { (g.ended) }
                                    td { @for (i, (seat, computer)) in g.seats.iter().enumerate() { @if i > 0 { ", " } (seat) ": " (if *computer { "the computer" } else { "a player" }) } }
                                }
                            }
                        }
                    }
                }
                @for f in figures {
                    (figures_of(f, link))
                }
            }
        },
    )
}

/// How one game's games went on this server: the sides' wins, the game's own figures, its leaderboards.
fn figures_of(f: &ServerFigures, link: &str) -> Markup {
    let mut sides: Vec<String> = f.sides.iter().map(|(name, n)| format!("{name} won {n}")).collect();
    if f.draws > 0 {
        sides.push(format!("{} drawn", f.draws));
    }
    html! {
        section aria-label=(format!("{} on this server", f.game)) {
            h2 { (f.game) " on this server" }
            p { "Of " (games_text(f.games)) ": " (sides.join(", ")) "." }
            @if !f.facts.is_empty() {
                ul { @for s in &f.facts { li { (s.describe()) } } }
            }
            @for ladder in &f.ladders { (leaderboard(ladder, link)) }
            @if let Some(levels) = anchors_text(&f.anchors) { p { (levels) } }
        }
    }
}

/// One ladder: its best players, each a link to their statistics.
fn leaderboard(ladder: &NamedLadder, link: &str) -> Markup {
    let s = &ladder.standings;
    let caption = format!("{} leaderboard · {}", s.game, s.format());
    html! {
        @if s.top.is_empty() {
            p { (caption) ": no rated games yet." }
        } @else {
            table {
                caption { (caption) }
                thead { tr { th scope="col" { "Rank" } th scope="col" { "Player" } th scope="col" { "Rating" } th scope="col" { "Games" } } }
                tbody {
                    @for (i, ((_, r), p)) in s.top.iter().zip(&ladder.players).enumerate() {
                        tr {
                            td { (i + 1) }
                            td { a href=(format!("/a/{link}/{}/{}", s.key, p.page)) { (p.name) } }
                            td { (rating_text(r.rating, r.deviation)) @if r.provisional() { " (provisional)" } }
                            td { (r.games) }
                        }
                    }
                }
            }
            @if s.players > s.top.len() { p { "…and " (s.players - s.top.len()) " more." } }
        }
    }
}

/// A player's statistics in one game on the server.
pub fn player(p: &PlayerStats, link: &str) -> Markup {
    let heading = format!("{} · {} statistics", p.name, p.game);
    frame(
        &heading,
        html! {
            header { h1 { (heading) } p class="sub" { "On this server, over its finished games." } }
            main {
                ul { @for line in &p.lines { li { (line) } } }
                p { a href=(format!("/a/{link}")) { "Back to the finished games" } }
            }
        },
    )
}

/// A replay at one step: the board then, the move's words, the way to other steps; at the last step, the
/// end and the dice check.
pub fn replay(r: &ReplayStep, link: &str) -> Markup {
    let heading = match r.title.is_empty() {
        true => format!("Game {} · replay", r.game),
        false => format!("Game {} · {} · replay", r.game, r.title),
    };
    frame(
        &format!("{heading} · {}", r.name),
        html! {
            header {
                h1 { (heading) }
                p class="sub" { (r.name) " · " @if r.step == 0 { "before the first move" } @else { "move " (r.step) " of " (r.steps) } }
            }
            (steps(r, link))
            main id="replay" {
                section class="board" aria-labelledby="board-heading" {
                    h2 id="board-heading" { @if r.end.is_some() { "The board at the end, every piece shown" } @else { "The board" } }
                    @if let Some(sight) = &r.sight {
                        img src=(format!("/g/{link}/replay/board.png?step={}", r.step)) alt=(described(&**sight));
                    }
                    details {
                        summary { @if r.end.is_some() { "The board as text, as spectators saw it" } @else { "The board as text" } }
                        pre { (r.text) }
                    }
                }
                section aria-labelledby="move-heading" {
                    h2 id="move-heading" { @if r.step == 0 { "Before the first move" } @else { "Move " (r.step) } }
                    @if r.lines.is_empty() { p { "The sides are set up; nothing has moved yet." } }
                    @for line in &r.lines { p { (line) } }
                    @if let Some(end) = &r.end { (ending(end, link)) }
                }
            }
        },
    )
}

/// The way to the other steps: first, back, forward, last, and any move by its first words.
fn steps(r: &ReplayStep, link: &str) -> Markup {
    let at = |step: usize| format!("/g/{link}/replay?step={step}");
    let clip = |s: &str| -> String {
        if s.chars().count() > 90 { s.chars().take(89).collect::<String>() + "…" } else { s.to_string() }
    };
    html! {
        nav aria-label="Replay steps" class="steps" {
            a href=(at(0)) { "First" } " "
            @if r.step > 0 { a href=(at(r.step - 1)) rel="prev" { "Back" } } @else { span { "Back" } } " "
            @if r.step < r.steps { a href=(at(r.step + 1)) rel="next" { "Forward" } } @else { span { "Forward" } } " "
            a href=(at(r.steps)) { "Last" }
            form method="get" action=(format!("/g/{link}/replay")) {
                label for="step" { "Go to" } " "
                select id="step" name="step" {
                    option value="0" selected[r.step == 0] { "Before the first move" }
                    @for (i, first) in r.moves.iter().enumerate() {
                        option value=(i + 1) selected[r.step == i + 1] { "Move " (i + 1) ": " (clip(first)) }
                    }
                }
                " " button type="submit" { "Go" }
            }
        }
    }
}

/// What only the end tells, and the dice check.
fn ending(end: &ReplayEnd, link: &str) -> Markup {
    html! {
        h2 { "The end" }
        @if let Some(o) = &end.outcome { p { strong { (o.summary) } } }
        @if let Some(recap) = &end.recap {
            p { "It lasted " (recap.length) "." }
            @for told in &recap.told { p { (told) } }
            @if !recap.losses.is_empty() {
                h3 { "Losses" }
                ul { @for (side, lost) in &recap.losses { li { (side) ": " (lost) } } }
            }
            @if !recap.turning_points.is_empty() {
                h3 { "Turning points" }
                ul { @for (when, what) in &recap.turning_points { li { (when) ": " (what) } } }
            }
        }
        @if let Some(setups) = &end.setups {
            h3 { "The setups" }
            img src=(format!("/g/{link}/replay/setups.png"))
                alt=(format!("Before the first move, every piece shown. {}", described(&**setups)));
        }
        h2 { "Check the dice" }
        p { "The game's seed was " code { (end.seed) } ", sealed at its start as " code { (end.seal) } "." }
        p {
            a href=(format!("/g/{link}/script.txt")) download { "Download the whole game as a replay script" }
            " (every move and secret; the bot's replay command plays it again)."
        }
    }
}
