//! What the bot shows of *The Queen's Gambit*, built as plain `Msg` data: the public post after each
//! change, the decision buttons and menus, the private hand menu, the lobby, the status and the recap.
//! Public texts are built only from public events and the spectator's view.

use crate::discord::ids::Action;
use crate::discord::msg::{Button, Msg, Row, Select, SelectOption, Style, clip, limits, plain};
use crate::games::queens_gambit::rules::View;
use crate::games::queens_gambit::rules::words::{card_name, count};
use crate::games::queens_gambit::rules::{Answer, CardId, Choice, Data, Event, Prompt, Question, Seat};
use crate::service::queens_gambit::{GameSummary, Public, SeatedView, Update};
use crate::service::{GameId, Status, UserId};
use std::collections::BTreeSet;

use crate::discord::views::{LobbySeat, computer_menu, mention, recap_lines, seed_check, sentence_case};

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

fn hand_button(game: GameId, seat: Seat) -> Option<Button> {
    Action::Hand { game, seat: seat.index() }.id().map(|id| Button::new(id, "Your hand", Style::Secondary))
}

/// The buttons or menus answering a decision, made for the game's revision `version`. Up to 8 answers
/// are buttons; more go in menus of 25, `PER_PAGE` to a page, with page buttons. `extra` buttons join the
/// last row when there is room.
pub fn decision_rows(d: &Data, q: &Question, id: GameId, version: u64, page: usize, extra: Vec<Button>) -> Vec<Row> {
    let seat = q.seat;
    let mut rows = Vec::new();
    let mut last: Vec<Button> = Vec::new();
    if q.prompt.is_secret() {
        last.extend(hand_button(id, seat));
    } else {
        let (done, rest): (Vec<&Answer>, Vec<&Answer>) = q.answers.iter().partition(|a| a.choice == Choice::Done);
        let button = |a: &Answer| {
            Action::Choose { game: id, seat: seat.index(), version, choice: a.choice.text(d) }
                .id()
                .map(|bid| Button::new(bid, &a.label, style_of(&a.choice)))
        };
        if rest.len() <= 8 {
            let buttons: Vec<Button> = rest.iter().filter_map(|c| button(c)).collect();
            for chunk in buttons.chunks(limits::BUTTONS_PER_ROW) {
                rows.push(Row::Buttons(chunk.to_vec()));
            }
        } else {
            let (menus, turns) = paged_menus(d, &rest, id, seat, version, page);
            rows.extend(menus);
            last.extend(turns);
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

/// More answers than buttons hold: menus of 25, `PER_PAGE` answers to a page, and the page buttons.
fn paged_menus(
    d: &Data,
    rest: &[&Answer],
    id: GameId,
    seat: Seat,
    version: u64,
    page: usize,
) -> (Vec<Row>, Vec<Button>) {
    let (mut rows, mut last) = (Vec::new(), Vec::new());
    let pages = rest.len().div_ceil(PER_PAGE);
    let page = page.min(pages - 1);
    let shown = &rest[page * PER_PAGE..((page + 1) * PER_PAGE).min(rest.len())];
    for (i, chunk) in shown.chunks(limits::SELECT_OPTIONS).enumerate() {
        let Some(sid) = Action::Pick { game: id, seat: seat.index(), version }.id().map(|x| format!("{x}{i}")) else {
            continue;
        };
        let first = chunk.first().map(|a| a.label.clone()).unwrap_or_default();
        let options = chunk.iter().map(|a| SelectOption::new(&a.label, &a.choice.text(d), None)).collect();
        let (from, to) = (page * PER_PAGE + i * 25 + 1, page * PER_PAGE + i * 25 + chunk.len());
        // A range only when the answers do not all fit in this one menu.
        let which = if from == 1 && to == rest.len() {
            format!("one of {}", rest.len())
        } else {
            format!("options {from}–{to} of {}", rest.len())
        };
        let placeholder = clip(&format!("Choose {which} ({first}…)"), 100);
        rows.push(Row::Select(Select { id: sid, placeholder, options }));
    }
    if pages > 1 {
        if page > 0
            && let Some(pid) = (Action::Page { game: id, seat: seat.index(), version, page: (page - 1) as u8 }).id()
        {
            last.push(Button::new(pid, &format!("◀ Page {page}"), Style::Secondary));
        }
        if page + 1 < pages
            && let Some(pid) = (Action::Page { game: id, seat: seat.index(), version, page: (page + 1) as u8 }).id()
        {
            last.push(Button::new(pid, &format!("Page {} of {pages} ▶", page + 2), Style::Secondary));
        }
    }
    (rows, last)
}

/// The public message after a change: what happened, the board picture (attached by the caller), and
/// who must act now with the means to do it. Pings only the players who newly have to act. It takes only
/// what everyone may see:
///
/// ```compile_fail,E0308
/// // A seat's view holds its hand and plan: it cannot stand in for what everyone sees.
/// fn leak(sv: &gambit::service::queens_gambit::SeatedView) -> gambit::discord::msg::Msg {
///     gambit::discord::queens_gambit::views::public_post(sv)
/// }
/// ```
pub fn public_post(p: &Public) -> Msg {
    post(p, &p.lines(), true)
}

/// Said once, with the game's first dice.
pub const DICE_HINT: &str = "🎲 The game's first dice: /qg rules dice says what each colour does and how a roll reads.";

/// A post's first line: the game and the round.
fn post_head(p: &Public) -> String {
    let title = &p.table().title;
    format!(
        "**Game {}{}** · round {}",
        p.game(),
        if title.is_empty() { String::new() } else { format!(" · {}", plain(title)) },
        p.view().view().round
    )
}

/// The lines closing the newest post: who must act now (and, as a round begins, what each side needs),
/// with the buttons to answer and whom to ping.
fn turn(p: &Public) -> (String, Vec<Row>, BTreeSet<UserId>) {
    let v = p.view().view();
    let id = p.game();
    let mut footer = String::new();
    if let Some(o) = p.outcome() {
        footer.push_str(&format!("\n🏁 **{} wins.**", o.winner));
        return (footer, Vec::new(), BTreeSet::new());
    }
    // A new round says where the game is going: what each side still needs.
    if Event::round_began(p.events()) {
        for line in v.needs.lines().iter() {
            footer.push_str(&format!("\n🎯 {line}"));
        }
        if let Some(n) = p.stalled() {
            footer.push('\n');
            footer.push_str(&crate::service::stall_line(n, "/qg"));
        }
    }
    // Who must act and what: seats asked the same thing share a line.
    let mut asked: Vec<(Vec<String>, String)> = Vec::new();
    for pending in &v.pending {
        let holder = p.table().user_of(pending.seat);
        let who = holder.map(mention).unwrap_or_else(|| "(empty seat)".into());
        let what = match (&pending.prompt, p.view().question_for(pending.seat)) {
            _ if holder.is_some_and(UserId::is_computer) => "thinking…".to_string(),
            (Prompt::ChooseQueen, _) => "choose the real queen in your hand menu".to_string(),
            (Prompt::Plan { .. }, _) => "plan your cards in your hand menu".to_string(),
            (_, Some(q)) => q.text.clone(),
            (_, None) => "deciding".to_string(),
        };
        let seat = format!("{who} · {}", pending.seat.title(v.mode));
        match asked.iter_mut().find(|(_, w)| *w == what) {
            Some((seats, _)) => seats.push(seat),
            None => asked.push((vec![seat], what)),
        }
    }
    for (seats, what) in asked {
        footer.push_str(&format!("\n➡ {}: {what}", seats.join(", ")));
    }
    let mut rows = Vec::new();
    let questions = p.view().questions();
    let computer = |seat: Seat| p.table().user_of(seat).is_some_and(UserId::is_computer);
    if v.pending.iter().all(|d| computer(d.seat)) {
        // The computer answers by itself: no buttons for anyone to press.
    } else if let Some(q) = questions.first().filter(|_| questions.len() == 1 && v.pending.len() == 1) {
        let extra = hand_button(id, q.seat).into_iter().collect();
        rows = decision_rows(p.data(), q, id, p.revision(), 0, extra);
    } else if let Some(first) = v.pending.iter().find(|d| !computer(d.seat)) {
        rows.push(Row::Buttons(hand_button(id, first.seat).into_iter().collect()));
    }
    // Everyone newly waited for is named in the text; only those who want it now are pinged.
    (footer, rows, p.pinged().clone())
}

/// Whether a line of a post says whose move it is (it goes when the post is edited for the next step).
fn is_turn(l: &str) -> bool {
    l.starts_with('➡') || l.starts_with('🏁')
}

/// A public post: its head, `lines` (what happened), and when it is the newest post (`live`) who must act
/// now with the buttons to do it. Past what a message holds, the newest lines stay; /qg log has the rest.
pub fn post(p: &Public, lines: &[String], live: bool) -> Msg {
    let mut head = post_head(p);
    let (footer, rows, ping) = if live { turn(p) } else { (String::new(), Vec::new(), BTreeSet::new()) };
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
    Msg {
        content: clip(&format!("{head}{body}{footer}"), limits::CONTENT),
        rows,
        file: None,
        silent: ping.is_empty(),
        ping,
    }
}

/// A post edited as its card goes on: what it said (less whose move it was), then `lines`, then, when it
/// is still the newest post (`live`), who must act now and the buttons. The oldest lines give way when a
/// message would be too long.
pub fn continued(old: &str, p: &Public, lines: &[String], live: bool) -> Msg {
    let mut kept: Vec<String> = old.lines().filter(|l| !is_turn(l)).map(String::from).collect();
    kept.extend(lines.iter().map(|l| format!("• {l}")));
    let (footer, rows, _) = if live { turn(p) } else { (String::new(), Vec::new(), BTreeSet::new()) };
    let footer: String = footer.lines().filter(|l| is_turn(l)).map(|l| format!("\n{l}")).collect();
    let size = |k: &[String]| k.iter().map(|l| l.len() + 1).sum::<usize>() + footer.len();
    while kept.len() > 2 && size(&kept) > limits::CONTENT - 40 {
        kept.remove(1);
    }
    let content = clip(&format!("{}{footer}", kept.join("\n")), limits::CONTENT);
    // An edit notifies nobody: whoever must be pinged gets a new post (`Bot::card_posts`).
    Msg { content, rows, file: None, silent: true, ping: BTreeSet::new() }
}

/// Which picture a public post shows: what the engine says the change touched (`rules::theatre::focus`).
pub fn picture_for(update: &Update) -> Option<crate::render::queens_gambit::Picture> {
    update.public().focus().map(crate::render::queens_gambit::Picture::from)
}

/// The private hand menu: cards, the plan being built, secrets the seat knows, and the controls.
pub fn hand_menu(d: &Data, id: GameId, sv: &SeatedView) -> Msg {
    let Some(seat) = sv.seat else { return Msg::text("You are not playing in this game.") };
    let mut text = hand_text(d, id, sv, seat);
    let version = sv.menu_token();
    let mut rows = Vec::new();
    match &sv.question {
        Some(q) if q.prompt == Prompt::ChooseQueen => {
            text.push_str("\n\n**Choose which queen is the real Queen Amidala.** Only your side will know.");
            rows.push(Row::Buttons(queen_buttons(d, id, q, version)));
        }
        Some(q) if matches!(q.prompt, Prompt::Plan { .. }) => {
            rows = plan_rows(d, id, sv, q, version);
            if !q.allows(&Choice::PlanLock) {
                let size = sv.view.mode.plan_size();
                text.push_str(&format!("\n\nPick {size} cards in the order you will play them, then lock in."));
            }
        }
        Some(_) => text.push_str("\n\n**Your move:** answer it with the buttons under the game's newest post."),
        None => {}
    }
    if sv.status.is_over() {
        text.push_str("\nThe game is over.");
    }
    Msg { content: clip(&text, limits::CONTENT), rows, ..Msg::default() }
}

/// The hand menu's words: the plan or what is still to play, the hand, a teammate's hand, bonus cards
/// waiting, the real queen.
fn hand_text(d: &Data, id: GameId, sv: &SeatedView, seat: Seat) -> String {
    let v = &sv.view;
    let me = &v.seats[seat];
    let mut text = format!("**Your hand · {}** (game {id}, round {})", seat.title(v.mode), v.round);
    let plan = me.plan.clone().unwrap_or_default();
    if me.locked {
        let queue: Vec<String> = me
            .queue
            .iter()
            .flatten()
            .map(|c| c.map(|c| card_name(d, c)).unwrap_or_else(|| "bonus card (face down)".into()))
            .collect();
        let queue = if queue.is_empty() { "nothing".into() } else { queue.join(" → ") };
        text.push_str(&format!("\nLocked in. Still to play this round: {queue}"));
    } else {
        let names: Vec<String> =
            plan.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, card_name(d, *c))).collect();
        let names = if names.is_empty() { "empty".into() } else { names.join(" · ") };
        text.push_str(&format!("\nPlan ({} of {}): {names}", plan.len(), v.mode.plan_size()));
    }
    text.push_str("\nHand:");
    for c in me.hand.iter().flatten() {
        let mark = if plan.contains(c) { " (planned)" } else { "" };
        text.push_str(&format!("\n• {}{mark}", card_name(d, *c)));
    }
    for mate in v.seats.iter().filter(|s| s.seat != seat && s.seat.side() == seat.side()) {
        let role = if mate.seat.0 < 2 { "battlefield" } else { "palace" };
        text.push_str(&format!("\nYour teammate's hand ({role}):"));
        for c in mate.hand.iter().flatten() {
            text.push_str(&format!("\n• {}", card_name(d, *c)));
        }
    }
    let waiting = v.bonus_waiting[seat.side()];
    if waiting > 0 {
        text.push_str(&format!("\n{} for next round (face down, unseen)", count(waiting, "Bonus card", "Bonus cards")));
    }
    if let Some(real) = v.pieces.iter().find(|p| p.real == Some(true)) {
        text.push_str(&format!("\nThe real queen: {}", d.unit(real.kind).name));
    }
    text
}

/// One button per queen: "… is real".
fn queen_buttons(d: &Data, id: GameId, q: &Question, version: u64) -> Vec<Button> {
    q.answers
        .iter()
        .filter_map(|a| {
            let Choice::Queen(k) = &a.choice else { return None };
            let label = format!("{} is real", d.unit(*k).name);
            Action::Choose { game: id, seat: q.seat.index(), version, choice: a.choice.text(d) }
                .id()
                .map(|bid| Button::new(bid, &label, Style::Primary))
        })
        .collect()
}

/// The planning controls: add a card, take one out, move one up, clear, and lock in when the plan is full.
fn plan_rows(d: &Data, id: GameId, sv: &SeatedView, q: &Question, version: u64) -> Vec<Row> {
    let seat = q.seat;
    let plan = sv.view.seats[seat].plan.clone().unwrap_or_default();
    let mut rows = Vec::new();
    let adds: Vec<SelectOption> = q
        .answers
        .iter()
        .filter_map(|a| match a.choice {
            Choice::PlanAdd(card) => {
                let cd = d.card(card);
                Some(SelectOption::new(&format!("{} {}", cd.code, cd.title), &a.choice.text(d), None))
            }
            _ => None,
        })
        .collect();
    let removes: Vec<SelectOption> = plan
        .iter()
        .enumerate()
        .map(|(i, c)| {
            SelectOption::new(&format!("{}. {}", i + 1, card_name(d, *c)), &Choice::PlanRemove(i as u8).text(d), None)
        })
        .collect();
    if let Some(sid) = (Action::Pick { game: id, seat: seat.index(), version }).id() {
        for (options, suffix, placeholder) in
            [(adds, "a", "Add a card to your plan…"), (removes, "r", "Take a card out of your plan…")]
        {
            if !options.is_empty() {
                rows.push(Row::Select(Select {
                    id: format!("{sid}{suffix}"),
                    placeholder: placeholder.into(),
                    options,
                }));
            }
        }
    }
    let mut buttons: Vec<Button> =
        q.answers.iter().filter_map(|a| plan_button(d, id, q.seat, version, &plan, &a.choice)).collect();
    buttons.truncate(limits::BUTTONS_PER_ROW);
    if !buttons.is_empty() {
        rows.push(Row::Buttons(buttons));
    }
    if q.allows(&Choice::PlanLock)
        && let Some(kid) = (Action::ConfirmLock { game: id, seat: seat.index(), version }).id()
    {
        rows.push(Row::Buttons(vec![Button::new(kid, "Lock in…", Style::Success)]));
    }
    rows
}

/// A button that moves a planned card up (named by its card: a button shows only its label) or clears.
fn plan_button(d: &Data, id: GameId, seat: Seat, version: u64, plan: &[CardId], c: &Choice) -> Option<Button> {
    let label = match c {
        Choice::PlanMove(a, _) => {
            let name = plan.get(usize::from(*a)).map_or_else(|| format!("card {}", a + 1), |c| card_name(d, *c));
            crate::discord::msg::clip(&format!("↑ {name}"), 40)
        }
        Choice::PlanClear => "Clear".to_string(),
        _ => return None,
    };
    Action::Choose { game: id, seat: seat.index(), version, choice: c.text(d) }
        .id()
        .map(|bid| Button::new(bid, &label, Style::Secondary))
}

/// The confirmation before a plan is locked for good.
pub fn confirm_lock(d: &Data, id: GameId, sv: &SeatedView) -> Msg {
    let Some(seat) = sv.seat else { return Msg::text("You are not playing in this game.") };
    let plan = sv.view.seats[seat].plan.clone().unwrap_or_default();
    let names: Vec<String> = plan.iter().enumerate().map(|(i, c)| format!("{}. {}", i + 1, card_name(d, *c))).collect();
    let mut rows = Vec::new();
    let mut buttons = Vec::new();
    if let Some(lid) =
        (Action::Choose { game: id, seat: seat.index(), version: sv.menu_token(), choice: "plan lock".into() }).id()
    {
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
        Status::Abandoned if g.moves == 0 => " · closed",
        Status::Finished | Status::Abandoned => " · over",
        _ => " · started",
    };
    let name = if g.title.is_empty() { "The Queen's Gambit".to_string() } else { plain(&g.title) };
    let mut text = format!("**Game {} · {name}** ({} players){state}", g.id, g.mode.seats());
    let open_lobby = g.status == Status::Lobby;
    let mut joins = seat_lines(g, open_lobby, &mut text);
    if open_lobby && let Some((seat, guest)) = g.invited.first() {
        // The invitation: only its guest may take it (the service refuses anyone else).
        text.push_str(&format!("\n{}, you are invited: accept to take your seat, or decline.", mention(guest)));
        joins.extend(
            Action::Join { game: g.id, seat: Some(seat.index()) }
                .id()
                .map(|id| Button::new(id, "Accept", Style::Primary)),
        );
    }
    if let Some(level) = g.stand_in.as_deref().filter(|_| open_lobby) {
        text.push_str(&format!(
            "\nA player who misses a deadline is played for by {} until they are back (/qg back).",
            mention(&UserId::computer(level))
        ));
    }
    let rows = if open_lobby { lobby_rows(g, &joins, &mut text) } else { Vec::new() };
    // The invited member hears of it (a mention in a thread also brings them into it).
    let ping: BTreeSet<UserId> = g.invited.iter().filter(|_| open_lobby).map(|(_, u)| u.clone()).collect();
    Msg { content: text, rows, silent: ping.is_empty(), ping, ..Msg::default() }
}

/// The lobby's seats in words (`text`), and a join button for each open one.
fn seat_lines(g: &GameSummary, open_lobby: bool, text: &mut String) -> Vec<Button> {
    let mut joins = Vec::new();
    let guest_of = |seat: &Seat| g.invited.iter().find(|(s, _)| s == seat).map(|(_, u)| u);
    if g.draw_sides && open_lobby {
        // Nobody has a side yet: they are drawn when the game starts.
        let players: Vec<String> = g.seats.iter().filter_map(|(_, u)| u.as_ref().map(mention)).collect();
        let open = g.seats.iter().filter(|(s, u)| u.is_none() && guest_of(s).is_none()).count();
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
            let who = match (user, guest_of(seat)) {
                (Some(u), _) => mention(u),
                (None, Some(guest)) => format!("kept for {} (invited)", mention(guest)),
                (None, None) => "open".into(),
            };
            text.push_str(&format!("\n• {}: {who}", seat.title(g.mode)));
            if user.is_none()
                && guest_of(seat).is_none()
                && open_lobby
                && let Some(id) = (Action::Join { game: g.id, seat: Some(seat.index()) }).id()
            {
                joins.push(Button::new(id, &format!("Join: {}", seat.title(g.mode)), Style::Primary));
            }
        }
    }
    joins
}

/// An open lobby's buttons: joins, the computer's menu, leave and start (and what start waits for, in
/// `text`).
fn lobby_rows(g: &GameSummary, joins: &[Button], text: &mut String) -> Vec<Row> {
    let guest_of = |seat: &Seat| g.invited.iter().find(|(s, _)| s == seat).map(|(_, u)| u);
    let mut rows = Vec::new();
    for chunk in joins.chunks(limits::BUTTONS_PER_ROW) {
        rows.push(Row::Buttons(chunk.to_vec()));
    }
    rows.extend(first_computer_menu(g));
    let mut controls = Vec::new();
    if let Some(id) = (Action::Leave { game: g.id }).id() {
        let label = if g.invited.is_empty() { "Leave" } else { "Leave or decline" };
        controls.push(Button::new(id, label, Style::Secondary));
    }
    // Start shows once every seat is taken or kept: a guest may accept by starting.
    if g.seats.iter().all(|(s, u)| u.is_some() || guest_of(s).is_some()) {
        if let Some(id) = (Action::Start { game: g.id }).id() {
            controls.push(Button::new(id, "Start the game", Style::Success));
        }
        if g.invited.is_empty() {
            text.push_str("\nEvery seat is taken: any player may start.");
        } else {
            text.push_str("\nThe game starts once the invitation is accepted (starting it accepts it).");
        }
    } else {
        text.push_str("\nPress a button to take a seat.");
    }
    rows.push(Row::Buttons(controls));
    rows
}

/// The first game's lobby's menu to seat the computer (`computer_menu`).
fn first_computer_menu(g: &GameSummary) -> Option<Row> {
    let seats: Vec<LobbySeat> = g
        .seats
        .iter()
        .map(|(seat, user)| LobbySeat {
            number: usize::from(seat.0) + 1,
            // With sides drawn at the start, a seat is only a place at the table yet.
            title: if g.draw_sides { format!("Seat {}", seat.0 + 1) } else { seat.title(g.mode) },
            holder: user.clone(),
            kept: g.invited.iter().any(|(s, _)| s == seat),
        })
        .collect();
    let levels: Vec<&str> = crate::service::queens_gambit::Level::ALL.iter().map(|l| l.key()).collect();
    computer_menu(g.id, &seats, &levels)
}

/// `/qg status`: whose move, what the game waits for, the deadline.
pub fn status(d: &Data, g: &GameSummary, v: &View) -> Msg {
    let mut text = format!("**Game {}** · {} · round {} · move {}", g.id, g.status.key(), v.round, g.moves);
    text.push_str(&format!("\nWaiting for: {}", g.waiting));
    if let Some(t) = g.deadline_at {
        text.push_str(&format!("\nDeadline: <t:{t}:R>"));
    }
    text.push_str(&format!("\n{}", crate::text::queens_gambit::board::status(d, v)));
    Msg::text(text)
}

/// The recap of a finished game: who won and why, how long it took, what each side lost, the turning
/// points. (The animation goes with it as its picture.)
pub fn recap(e: &crate::service::queens_gambit::Ending, title: &str) -> Msg {
    let name = if title.is_empty() { String::new() } else { format!(" · {}", plain(title)) };
    // What decided it; a concession names who gave up (a mention shows the name; nobody is pinged).
    let decided = match &e.conceded_by {
        Some(user) => format!("{}, playing {}, conceded.", mention(user), e.outcome.winner.other().in_sentence()),
        None => format!("{}.", sentence_case(crate::games::queens_gambit::rules::words::why_won(e.outcome.reason))),
    };
    let mut text = format!("🏁 **Game {}{name} is over: {} wins.** {decided}", e.game, e.outcome.winner);
    text.push_str(&recap_lines(&e.recap()));
    text.push_str(&computer_lines(e));
    text.push_str("\nThe picture replays the board round by round, each round captioned with what changed.");
    Msg::text(text)
}

/// Who the computer played, and (now the game is over) what it expected of it, round by round.
fn computer_lines(e: &crate::service::queens_gambit::Ending) -> String {
    let mut text = String::new();
    for (seat, user) in &e.computers {
        let mode = e.frames.first().map_or(crate::games::queens_gambit::rules::Mode::TwoPlayer, |f| f.mode);
        text.push_str(&format!("\n{} played {}.", mention(user), seat.title(mode)));
        let hopes: Vec<String> = e
            .expected
            .iter()
            .filter(|(s, _, _)| s == seat)
            .map(|(_, round, chance)| format!("{round}: {:.0}%", chance * 100.0))
            .collect();
        if !hopes.is_empty() {
            text.push_str(&format!(" How it rated its chances, by round · {}", hopes.join(" · ")));
        }
    }
    text
}

/// The dice check at a game's end: the seed, its seal from the start, and how to check both.
pub fn dice_check(e: &crate::service::queens_gambit::Ending) -> Msg {
    seed_check("Dice check", e.game, e.seed, &e.seal, "every card and die")
}
