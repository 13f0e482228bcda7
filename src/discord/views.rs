//! What the bot shows for every game, built as plain `Msg` data: how a user is named, a lobby's computer
//! menu, someone else's seat explained, a member's games, the recap's common lines and the seed check.
//! Each game's own views live in its room (`discord/<game>/views.rs`).

use super::ids::Action;
use super::msg::{Msg, Row, Select, SelectOption, clip, limits, plain};
use crate::service::{GameId, UserId};

/// How a user is named in a message: a mention for Discord users, the computer by its level, the raw id
/// otherwise.
pub fn mention(user: &UserId) -> String {
    if let Some(level) = user.computer_level() {
        return format!("🤖 Computer ({level})");
    }
    let id = user.as_str();
    if !id.is_empty() && id.chars().all(|c| c.is_ascii_digit()) { format!("<@{id}>") } else { id.to_string() }
}

/// A lobby's seat, for its computer menu: its number from 1, its name, who holds it and whether it is
/// kept for an invited member.
pub struct LobbySeat {
    pub number: usize,
    pub title: String,
    pub holder: Option<UserId>,
    pub kept: bool,
}

/// Every lobby's menu to seat the computer on an open seat (at one of its game's `levels`), or to open a
/// seat it holds. Each value is "SEAT:LEVEL" (or "SEAT:open").
pub fn computer_menu(game: GameId, seats: &[LobbySeat], levels: &[&str]) -> Option<Row> {
    let id = (Action::Computer { game }).id()?;
    let mut options = Vec::new();
    for seat in seats {
        match &seat.holder {
            None if !seat.kept => {
                for level in levels {
                    let label = format!("{}: computer ({level})", seat.title);
                    options.push(SelectOption::new(&label, &format!("{}:{level}", seat.number), None));
                }
            }
            Some(u) if u.is_computer() => {
                let label = format!("{}: take the computer off", seat.title);
                options.push(SelectOption::new(&label, &format!("{}:open", seat.number), None));
            }
            _ => {}
        }
    }
    if options.is_empty() {
        return None;
    }
    options.truncate(limits::SELECT_OPTIONS);
    Some(Row::Select(Select { id, placeholder: "🤖 Seat the computer…".into(), options }))
}

/// A button of someone else's seat: whose it is, and which seats the clicker holds.
pub fn foreign_seat(game: GameId, f: &crate::service::Foreign) -> String {
    let owner = f.holder.as_ref().map(|u| format!(" ({})", mention(u))).unwrap_or_default();
    let mine = &f.yours;
    let you = if mine.is_empty() {
        format!("you are not playing in game {game} (watching is welcome)")
    } else {
        format!("you play {}", mine.join(" and "))
    };
    format!("That button is for {}{owner}; {you}.", f.seat)
}

/// `/qg games`, `/stratego games`: the user's games, of every game, each named by its game and options.
pub fn games_list(games: &[crate::service::GameLine], commands: &[&str]) -> Msg {
    if games.is_empty() {
        let starts: Vec<String> = commands.iter().map(|c| format!("{c} new")).collect();
        return Msg::text(format!("You are not in any game. Start one with {}.", starts.join(" or ")));
    }
    // Each line with what orders it: the player's move first, then games not over, newest first.
    let mut lines: Vec<(bool, bool, GameId, String)> = Vec::new();
    for g in games {
        let place = g.home().map(|c| format!(" in <#{c}>")).unwrap_or_default();
        let title = if g.title.is_empty() { String::new() } else { format!(" · {}", plain(&g.title)) };
        let turn = if g.your_move { "**your move**".to_string() } else { format!("waiting for {}", g.waiting) };
        // The computer's seats, named once each level.
        let mut computers: Vec<String> =
            g.seats.iter().filter_map(|(_, u)| u.as_ref().filter(|u| u.is_computer()).map(mention)).collect();
        computers.sort();
        computers.dedup();
        let with = if computers.is_empty() { String::new() } else { format!(" · with {}", computers.join(", ")) };
        let line = format!(
            "\n• Game {}{place} · {} · {}{title} · {}{with} · {turn}",
            g.game,
            g.name,
            g.options,
            g.status.key()
        );
        lines.push((g.your_move, g.status.is_over(), g.game, line));
    }
    lines.sort_by_key(|(mine, over, id, _)| (!*mine, *over, std::cmp::Reverse(*id)));
    let mut text = String::from("**Your games**");
    for (_, _, _, line) in lines.iter().take(20) {
        text.push_str(line);
    }
    if lines.len() > 20 {
        text.push_str(&format!("\n… and {} more (name one with the `game` option)", lines.len() - 20));
    }
    Msg::text(clip(&text, limits::CONTENT))
}

/// Every game's recap laid out the same way below its headline: how long it ran, what only the end
/// tells, each side's losses, the turning points.
pub fn recap_lines(r: &crate::service::Recap) -> String {
    let mut text = format!("\n{}.", r.length);
    for told in &r.told {
        text.push_str(&format!("\n{told}"));
    }
    let losses: Vec<String> = r.losses.iter().map(|(side, lost)| format!("{side}: {lost}")).collect();
    text.push_str(&format!("\n**Losses** · {}", losses.join(" · ")));
    if !r.turning_points.is_empty() {
        let points: Vec<String> = r.turning_points.iter().map(|(when, what)| format!("{when}: {what}")).collect();
        text.push_str(&format!("\n**Turning points** · {}", points.join(" · ")));
    }
    text
}

/// A game's seed against the seal posted at its start, and how anyone checks both with the attached
/// script (`what`: what its replay shows again).
pub fn seed_check(title: &str, game: GameId, seed: u64, seal: &str, what: &str) -> Msg {
    let file = format!("game-{game}.txt");
    Msg::text(format!(
        "🎲 **{title} for game {game}.** The seed was `{seed}`; when the game started it was sealed as `{seal}`. \
         The attached script holds the whole game: `gambit replay {file}` replays {what}, and \
         `gambit check-dice {file} --commitment {seal}` confirms the seal."
    ))
}

pub fn sentence_case(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
