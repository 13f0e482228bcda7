//! What the bot shows, built as plain `Msg` data: the public post after each change, the decision
//! buttons and menus, the private hand menu, the lobby, status and lists. Public texts are built only
//! from public events and the spectator's view.

use super::ids::Action;
use super::msg::{Button, Msg, Row, Select, SelectOption, Style, clip, limits};
use crate::rules::describe::{card_name, count, option_label, prompt_text, waiting_for};
use crate::rules::view::View;
use crate::rules::{Choice, Data, Decision, Game, Prompt, Seat};
use crate::service::{GameId, Status};
use crate::service::{GameSummary, SeatedView, Update};

/// How a user is named in a message: a mention for Discord users, the raw id otherwise.
pub fn mention(user: &str) -> String {
    if !user.is_empty() && user.chars().all(|c| c.is_ascii_digit()) { format!("<@{user}>") } else { user.to_string() }
}

/// Options shown per page of a long decision: three menus of 25.
pub const PER_PAGE: usize = 3 * limits::SELECT_OPTIONS;

fn style_of(c: &Choice) -> Style {
    match c {
        Choice::Done => Style::Secondary,
        Choice::Target(_) => Style::Danger,
        Choice::PlanLock => Style::Success,
        _ => Style::Primary,
    }
}

/// Whether a decision is made in the private hand menu rather than in public.
pub fn is_private(dec: &Decision) -> bool {
    matches!(dec.prompt, Prompt::Plan { .. } | Prompt::ChooseQueen)
}

fn hand_button(game: GameId, seat: Seat) -> Option<Button> {
    Action::Hand { game, seat }.id().map(|id| Button::new(id, "Your hand", Style::Secondary))
}

/// The buttons or menus answering a decision, made for the game's revision `version`. Up to 8 answers
/// are buttons; more go in menus of 25, `PER_PAGE` to a page, with page buttons. `extra` buttons join the
/// last row when there is room.
pub fn decision_rows(
    game: &Game,
    id: GameId,
    version: u64,
    dec: &Decision,
    page: usize,
    extra: Vec<Button>,
) -> Vec<Row> {
    let (d, s) = (game.data(), game.state());
    let seat = dec.seat;
    let mut rows = Vec::new();
    let mut last: Vec<Button> = Vec::new();
    if is_private(dec) {
        last.extend(hand_button(id, seat));
    } else {
        let (done, rest): (Vec<&Choice>, Vec<&Choice>) = dec.options.iter().partition(|c| **c == Choice::Done);
        let button = |c: &Choice| {
            Action::Choose { game: id, seat, version, choice: c.text(d) }
                .id()
                .map(|bid| Button::new(bid, &option_label(d, s, dec, c), style_of(c)))
        };
        if rest.len() <= 8 {
            let buttons: Vec<Button> = rest.iter().filter_map(|c| button(c)).collect();
            for chunk in buttons.chunks(limits::BUTTONS_PER_ROW) {
                rows.push(Row::Buttons(chunk.to_vec()));
            }
        } else {
            let pages = rest.len().div_ceil(PER_PAGE);
            let page = page.min(pages - 1);
            let shown = &rest[page * PER_PAGE..((page + 1) * PER_PAGE).min(rest.len())];
            for (i, chunk) in shown.chunks(limits::SELECT_OPTIONS).enumerate() {
                let Some(sid) = Action::Pick { game: id, seat, version }.id().map(|x| format!("{x}{i}")) else {
                    continue;
                };
                let first = chunk.first().map(|c| option_label(d, s, dec, c)).unwrap_or_default();
                let options =
                    chunk.iter().map(|c| SelectOption::new(&option_label(d, s, dec, c), &c.text(d), None)).collect();
                let (from, to) = (page * PER_PAGE + i * 25 + 1, page * PER_PAGE + i * 25 + chunk.len());
                let placeholder = clip(&format!("Choose: options {from}–{to} of {} ({first}…)", rest.len()), 100);
                rows.push(Row::Select(Select { id: sid, placeholder, options }));
            }
            if pages > 1 {
                if page > 0
                    && let Some(pid) = (Action::Page { game: id, seat, version, page: (page - 1) as u8 }).id()
                {
                    last.push(Button::new(pid, &format!("◀ Page {page}"), Style::Secondary));
                }
                if page + 1 < pages
                    && let Some(pid) = (Action::Page { game: id, seat, version, page: (page + 1) as u8 }).id()
                {
                    last.push(Button::new(pid, &format!("Page {} of {pages} ▶", page + 2), Style::Secondary));
                }
            }
        }
        last.extend(done.iter().filter_map(|c| button(c)));
    }
    for b in extra {
        if last.len() < limits::BUTTONS_PER_ROW && !last.iter().any(|x| x.id == b.id) {
            last.push(b);
        }
    }
    if !last.is_empty() {
        rows.push(Row::Buttons(last));
    }
    rows.truncate(limits::ROWS);
    rows
}

/// The public message after a change: what happened, the board picture (attached by the caller), and
/// who must act now with the means to do it. Pings only the players who newly have to act.
pub fn public_post(
    game: &Game,
    id: GameId,
    update: &Update,
    title: &str,
    user_of: &dyn Fn(Seat) -> Option<String>,
) -> Msg {
    let d = game.data();
    let s = game.state();
    let mut head = format!(
        "**Game {id}{}** · round {}",
        if title.is_empty() { String::new() } else { format!(" · {title}") },
        s.round
    );
    let lines = update.lines_for(None);
    let mut footer = String::new();
    if let Some(o) = game.outcome() {
        footer.push_str(&format!("\n🏁 **{} wins.**", o.winner));
    } else {
        for dec in game.pending() {
            let who = user_of(dec.seat).map(|u| mention(&u)).unwrap_or_else(|| "(empty seat)".into());
            let what = if is_private(dec) {
                match dec.prompt {
                    Prompt::ChooseQueen => "choose the real queen in your hand menu".to_string(),
                    _ => "plan your cards in your hand menu".to_string(),
                }
            } else {
                prompt_text(d, s, dec)
            };
            footer.push_str(&format!("\n➡ {who} · {}: {what}", dec.seat.title(s.mode)));
        }
    }
    // Keep the newest lines when a turn says more than a message holds; /qg log has the rest.
    let room = limits::CONTENT.saturating_sub(head.len() + footer.len() + 60);
    let mut body = String::new();
    let mut skipped = 0;
    for line in lines.iter().rev() {
        if body.len() + line.len() + 3 > room {
            skipped += 1;
            continue;
        }
        body = format!("\n• {line}{body}");
    }
    if skipped > 0 {
        head.push_str(&format!("\n… {} before these: see /qg log", count(skipped, "line", "lines")));
    }
    let mut rows = Vec::new();
    let pending = game.pending();
    if let Some(dec) = pending.first().filter(|dec| !is_private(dec) && pending.len() == 1) {
        let extra = hand_button(id, dec.seat).into_iter().collect();
        rows = decision_rows(game, id, update.version, dec, 0, extra);
    } else if !pending.is_empty() {
        let buttons: Vec<Button> = pending.iter().filter_map(|dec| hand_button(id, dec.seat)).take(1).collect();
        rows.push(Row::Buttons(buttons));
    }
    let ping: Vec<String> = update.ping.iter().filter_map(|(_, u)| u.clone()).collect();
    Msg {
        content: clip(&format!("{head}{body}{footer}"), limits::CONTENT),
        rows,
        file: None,
        silent: ping.is_empty(),
        ping,
    }
}

/// Which picture a public post shows: the part of the board where the action happened, the whole board
/// when several parts changed, a round began or the game ended, and none when nothing on the board moved
/// (the post before shows it).
pub fn picture_for(update: &Update) -> Option<crate::render::Theatre> {
    use crate::render::Theatre as Board;
    use crate::rules::EventKind;
    let milestone =
        update.events.iter().any(|e| matches!(e.kind, EventKind::RoundStarted { .. } | EventKind::GameOver { .. }));
    match update.theatres.as_slice() {
        _ if milestone => Some(Board::Overview),
        [] => None,
        [one] => Some(Board::from(*one)),
        _ => Some(Board::Overview),
    }
}

/// What a private menu's buttons carry instead of the game's revision: a fingerprint of what the menu
/// shows (the round, the seat's plan, the secret decision). Other players' moves leave it alone, so a
/// menu stays usable while the table plays on; a menu showing an older plan or round no longer matches.
pub fn menu_token(sv: &SeatedView) -> u64 {
    let Some(seat) = sv.seat else { return 0 };
    let me = &sv.view.seats[seat.index()];
    let prompt = sv.decision.as_ref().map(|d| std::mem::discriminant(&d.prompt));
    let text = format!("{}|{}|{}|{:?}|{:?}|{:?}", sv.view.round, seat.0, me.locked, me.plan, me.queue, prompt);
    // FNV-1a: the same on every run and every machine, unlike the standard library's hasher.
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    hash & 0xffff_ffff_ffff
}

/// A public post edited in place for the next question keeps what it already announced: its lines stay,
/// only the "who must act now" lines and the buttons are new.
pub fn carry_over(old: &str, new: Msg) -> Msg {
    let is_turn = |l: &str| l.starts_with('➡') || l.starts_with('🏁');
    let kept: Vec<&str> = old.lines().filter(|l| !is_turn(l)).collect();
    let fresh: Vec<&str> = new.content.lines().filter(|l| is_turn(l)).collect();
    let content = clip(&[kept, fresh].concat().join("\n"), limits::CONTENT);
    Msg { content, ..new }
}

/// The private hand menu: cards, the plan being built, secrets the seat knows, and the controls.
pub fn hand_menu(d: &Data, id: GameId, sv: &SeatedView) -> Msg {
    let v = &sv.view;
    let Some(seat) = sv.seat else { return Msg::text("You are not playing in this game.") };
    let me = &v.seats[seat.index()];
    let mut text = format!("**Your hand · {}** (game {id}, round {})", seat.title(v.mode), v.round);
    let plan = me.plan.clone().unwrap_or_default();
    if me.locked {
        let queue: Vec<String> = me
            .queue
            .clone()
            .unwrap_or_default()
            .iter()
            .map(|c| c.map(|c| card_name(d, c)).unwrap_or_else(|| "bonus card (face down)".into()))
            .collect();
        text.push_str(&format!(
            "\nLocked in. Still to play this round: {}",
            if queue.is_empty() { "nothing".into() } else { queue.join(" → ") }
        ));
    } else {
        let names: Vec<String> =
            plan.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, card_name(d, *c))).collect();
        text.push_str(&format!(
            "\nPlan ({} of {}): {}",
            plan.len(),
            v.mode.plan_size(),
            if names.is_empty() { "empty".into() } else { names.join(" · ") }
        ));
    }
    text.push_str("\nHand:");
    for c in me.hand.clone().unwrap_or_default() {
        let mark = if plan.contains(&c) { " (planned)" } else { "" };
        text.push_str(&format!("\n• {}{mark}", card_name(d, c)));
    }
    for mate in v.seats.iter().filter(|s| s.seat != seat && s.seat.side() == seat.side()) {
        let role = if mate.seat.0 < 2 { "battlefield" } else { "palace" };
        text.push_str(&format!("\nYour teammate's hand ({role}):"));
        for c in mate.hand.clone().unwrap_or_default() {
            text.push_str(&format!("\n• {}", card_name(d, c)));
        }
    }
    let waiting = v.bonus_waiting[seat.side().index()];
    if waiting > 0 {
        text.push_str(&format!("\n{} for next round (face down, unseen)", count(waiting, "Bonus card", "Bonus cards")));
    }
    if let Some(real) = v.pieces.iter().find(|p| p.real == Some(true)) {
        text.push_str(&format!("\nThe real queen: {}", d.unit(real.kind).name));
    }
    let mut rows = Vec::new();
    let version = menu_token(sv);
    match &sv.decision {
        Some(dec) if dec.prompt == Prompt::ChooseQueen => {
            text.push_str("\n\n**Choose which queen is the real Queen Amidala.** Only your side will know.");
            let buttons = dec
                .options
                .iter()
                .filter_map(|c| {
                    let Choice::Queen(k) = c else { return None };
                    let label = format!("{} is real", d.unit(*k).name);
                    Action::Choose { game: id, seat, version, choice: c.text(d) }
                        .id()
                        .map(|bid| Button::new(bid, &label, Style::Primary))
                })
                .collect();
            rows.push(Row::Buttons(buttons));
        }
        Some(dec) if matches!(dec.prompt, Prompt::Plan { .. }) => {
            let adds: Vec<SelectOption> = dec
                .options
                .iter()
                .filter_map(|c| match c {
                    Choice::PlanAdd(card) => {
                        let cd = d.card(*card);
                        Some(SelectOption::new(&format!("{} {}", cd.code, cd.title), &c.text(d), None))
                    }
                    _ => None,
                })
                .collect();
            if !adds.is_empty()
                && let Some(sid) = (Action::Pick { game: id, seat, version }).id()
            {
                rows.push(Row::Select(Select {
                    id: format!("{sid}a"),
                    placeholder: "Add a card to your plan…".into(),
                    options: adds,
                }));
            }
            if !plan.is_empty() {
                let removes: Vec<SelectOption> = plan
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        SelectOption::new(
                            &format!("{}. {}", i + 1, card_name(d, *c)),
                            &Choice::PlanRemove(i as u8).text(d),
                            None,
                        )
                    })
                    .collect();
                if let Some(sid) = (Action::Pick { game: id, seat, version }).id() {
                    rows.push(Row::Select(Select {
                        id: format!("{sid}r"),
                        placeholder: "Take a card out of your plan…".into(),
                        options: removes,
                    }));
                }
            }
            let mut buttons: Vec<Button> = dec
                .options
                .iter()
                .filter_map(|c| match c {
                    Choice::PlanMove(a, _) => {
                        Action::Choose { game: id, seat, version, choice: c.text(d) }.id().map(|bid| {
                            // Named by its card, not "card 2": a button shows only its label.
                            let name = plan
                                .get(usize::from(*a))
                                .map_or_else(|| format!("card {}", a + 1), |c| card_name(d, *c));
                            Button::new(bid, &super::msg::clip(&format!("↑ {name}"), 40), Style::Secondary)
                        })
                    }
                    Choice::PlanClear => Action::Choose { game: id, seat, version, choice: c.text(d) }
                        .id()
                        .map(|bid| Button::new(bid, "Clear", Style::Secondary)),
                    _ => None,
                })
                .collect();
            buttons.truncate(limits::BUTTONS_PER_ROW);
            if !buttons.is_empty() {
                rows.push(Row::Buttons(buttons));
            }
            if dec.options.contains(&Choice::PlanLock) {
                if let Some(kid) = (Action::ConfirmLock { game: id, seat, version }).id() {
                    rows.push(Row::Buttons(vec![Button::new(kid, "Lock in…", Style::Success)]));
                }
            } else {
                text.push_str(&format!(
                    "\n\nPick {} cards in the order you will play them, then lock in.",
                    v.mode.plan_size()
                ));
            }
        }
        Some(_) => text.push_str("\n\n**Your move:** answer it with the buttons in the game's channel."),
        None => {}
    }
    if sv.status.is_over() {
        text.push_str("\nThe game is over.");
    }
    Msg { content: clip(&text, limits::CONTENT), rows, ..Msg::default() }
}

/// The confirmation before a plan is locked for good.
pub fn confirm_lock(d: &Data, id: GameId, sv: &SeatedView) -> Msg {
    let Some(seat) = sv.seat else { return Msg::text("You are not playing in this game.") };
    let plan = sv.view.seats[seat.index()].plan.clone().unwrap_or_default();
    let names: Vec<String> = plan.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, card_name(d, *c))).collect();
    let mut rows = Vec::new();
    let mut buttons = Vec::new();
    if let Some(lid) = (Action::Choose { game: id, seat, version: menu_token(sv), choice: "plan lock".into() }).id() {
        buttons.push(Button::new(lid, "Lock in", Style::Success));
    }
    buttons.extend(hand_button(id, seat).map(|mut b| {
        b.label = "Back".into();
        b
    }));
    rows.push(Row::Buttons(buttons));
    Msg {
        content: format!("**Lock in this plan?** It cannot be changed afterwards.\n{}", names.join("\n")),
        rows,
        ..Msg::default()
    }
}

/// A lobby: who sits where (or, with sides left to chance, who is in), and the buttons to join, leave and
/// start.
pub fn lobby(g: &GameSummary) -> Msg {
    let state = match g.status {
        Status::Lobby => "",
        Status::Abandoned if g.version == 0 => " · closed",
        Status::Finished | Status::Abandoned => " · over",
        _ => " · started",
    };
    let name = if g.title.is_empty() { "The Queen's Gambit" } else { &g.title };
    let mut text = format!("**Game {} · {name}** ({} players){state}", g.id, g.mode.seats());
    let open_lobby = g.status == Status::Lobby;
    let mut joins = Vec::new();
    if g.draw_sides && open_lobby {
        // Nobody has a side yet: they are drawn when the game starts.
        let players: Vec<String> = g.seats.iter().filter_map(|(_, u)| u.as_deref().map(mention)).collect();
        let open = g.seats.iter().filter(|(_, u)| u.is_none()).count();
        text.push_str("\nSides are drawn at random when the game starts.");
        text.push_str(&format!(
            "\nPlayers: {}",
            if players.is_empty() { "none yet".into() } else { players.join(", ") }
        ));
        if open > 0 {
            text.push_str(&format!(" · {}", count(open, "seat open", "seats open")));
            joins.extend(
                Action::Join { game: g.id, seat: None }.id().map(|id| Button::new(id, "Take a seat", Style::Primary)),
            );
        }
    } else {
        text.push_str("\nSeats:");
        for (seat, user) in &g.seats {
            let who = user.as_deref().map(mention).unwrap_or_else(|| "open".into());
            text.push_str(&format!("\n• {}: {who}", seat.title(g.mode)));
            if user.is_none()
                && open_lobby
                && let Some(id) = (Action::Join { game: g.id, seat: Some(*seat) }).id()
            {
                joins.push(Button::new(id, &format!("Join: {}", seat.title(g.mode)), Style::Primary));
            }
        }
    }
    let mut rows = Vec::new();
    if open_lobby {
        for chunk in joins.chunks(limits::BUTTONS_PER_ROW) {
            rows.push(Row::Buttons(chunk.to_vec()));
        }
        let mut controls = Vec::new();
        if let Some(id) = (Action::Leave { game: g.id }).id() {
            controls.push(Button::new(id, "Leave", Style::Secondary));
        }
        if g.seats.iter().all(|(_, u)| u.is_some()) {
            if let Some(id) = (Action::Start { game: g.id }).id() {
                controls.push(Button::new(id, "Start the game", Style::Success));
            }
            text.push_str("\nEvery seat is taken: any player may start.");
        } else {
            text.push_str("\nPress a button to take a seat.");
        }
        rows.push(Row::Buttons(controls));
    }
    Msg { content: text, rows, silent: true, ..Msg::default() }
}

/// `/qg status`: whose move, what the game waits for, the deadline.
pub fn status(d: &Data, g: &GameSummary, v: &View) -> Msg {
    let mut text = format!("**Game {}** · {} · round {} · move {}", g.id, g.status.key(), v.round, g.version);
    text.push_str(&format!("\nWaiting for: {}", g.waiting));
    if let Some(t) = g.deadline_at {
        text.push_str(&format!("\nDeadline: <t:{t}:R>"));
    }
    text.push_str(&format!("\n{}", crate::cli::text::status(d, v)));
    Msg::text(text)
}

/// `/qg games`: the user's games.
pub fn games_list(games: &[GameSummary]) -> Msg {
    if games.is_empty() {
        return Msg::text("You are not in any game. Start one with /qg new.");
    }
    let mut text = String::from("**Your games**");
    for g in games.iter().take(20) {
        let place = g.thread_id.as_ref().or(g.channel_id.as_ref()).map(|c| format!(" in <#{c}>")).unwrap_or_default();
        let turn = if g.your_move { "**your move**".to_string() } else { format!("waiting for {}", g.waiting) };
        text.push_str(&format!("\n• Game {}{place} · {} · {} players · {turn}", g.id, g.status.key(), g.mode.seats()));
    }
    if games.len() > 20 {
        text.push_str(&format!("\n… and {} more (name one with the `game` option)", games.len() - 20));
    }
    Msg::text(text)
}

/// Who the game waits for, for error messages and reminders.
pub fn waiting_line(game: &Game) -> String {
    waiting_for(game.data(), game.state())
}

/// The recap of a finished game: who won and why, how long it took, what each side lost, the turning
/// points. (The animation goes with it as its picture.)
pub fn recap(d: &Data, e: &crate::service::Ending, title: &str) -> Msg {
    use crate::rules::Side;
    use crate::service::TurningPoint;
    let name = if title.is_empty() { String::new() } else { format!(" · {title}") };
    let mut text = format!(
        "🏁 **Game {}{name} is over: {} wins.** {}.",
        e.game,
        e.outcome.winner,
        sentence_case(crate::rules::describe::why_won(e.outcome.reason))
    );
    text.push_str(&format!("\n{} and {}.", count(e.rounds, "round", "rounds"), count(e.moves, "move", "moves")));
    let losses = |side: Side| {
        let lost = e.lost_by(side);
        if lost.is_empty() {
            return "nothing".to_string();
        }
        let named: Vec<String> = lost
            .iter()
            .map(|(k, n)| {
                let u = d.unit(*k);
                let noun = if u.is_group() { format!("{} group", u.short) } else { u.short.clone() };
                if *n == 1 { noun } else { format!("{n} × {noun}") }
            })
            .collect();
        named.join(", ")
    };
    text.push_str(&format!("\n**Losses** · Naboo: {} · Trade Federation: {}", losses(Side::Naboo), losses(Side::Tf)));
    if !e.turning_points.is_empty() {
        let points: Vec<String> = e
            .turning_points
            .iter()
            .map(|(round, p)| {
                let what = match p {
                    TurningPoint::ShieldDown => "the Gungan shield fell".to_string(),
                    TurningPoint::QueenRevealed { kind } => format!("the {} proved the real queen", d.unit(*kind).name),
                    TurningPoint::ControlShipDestroyed => "Anakin destroyed the Droid Control Ship".to_string(),
                };
                format!("round {round}: {what}")
            })
            .collect();
        text.push_str(&format!("\n**Turning points** · {}", points.join(" · ")));
    }
    text.push_str("\nThe picture replays the board round by round.");
    Msg::text(text)
}

/// The dice check at a game's end: the seed, its seal from the start, and how to check both.
pub fn dice_check(e: &crate::service::Ending) -> Msg {
    let file = format!("game-{}.txt", e.game);
    Msg::text(format!(
        "🎲 **Dice check for game {}.** The seed was `{}`; when the game started it was sealed as `{}`. \
         The attached script holds the whole game: `gambit replay {file}` replays every card and die, and \
         `gambit check-dice {file} --commitment {}` confirms the seal.",
        e.game, e.seed, e.seal, e.seal
    ))
}

fn sentence_case(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
