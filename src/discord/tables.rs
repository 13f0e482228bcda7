//! Games behind the seam on Discord (Stratego today): the lobby, the secret setups and every move through
//! the clicker's private menu (a level at a time, 25 options a page), typed choices, and the thread: one
//! short line per move, pinging whoever moves next, and one live board post edited after every move
//! (its picture is the spectators' view), so a game of hundreds of moves stays readable and small.
//! Nothing here names a game: words and pictures come from the reader's own view through the service.

use super::bot::{Bot, NewThread, Origin, Out, Post, Reply};
use super::ids::Action;
use super::msg::{Attachment, Button, Form, Msg, Row, Select, SelectOption, Style, clip, limits};
use super::refusal::err;
use super::room::{MenuAt, Room, Shown, Work};
use super::views::{self, mention};
use crate::service::{
    Chosen, GameId, NewGameRequest, Status, TableEnding, TableMenu, TableNews, TableSeat, TableSeen, Words,
};

/// Options per page of a private menu (Discord's limit for a select).
const PAGE: usize = limits::SELECT_OPTIONS;

/// What marks a menu option that leads to another level (not a whole choice) in its value.
const STEP: &str = ">";
/// A recap animation stays small enough to open on mobile data (frames are left out until it fits).
const ANIMATION_LIMIT: usize = 3_000_000;

fn button(action: Action, label: &str, style: Style) -> Option<Button> {
    action.id().map(|id| Button::new(id, label, style))
}

/// The buttons every public table post carries while the game is on.
fn play_buttons(game: GameId, in_play: bool, words: &Words) -> Row {
    let menu = Action::TableMenu { game, version: None, page: 0, path: String::new() };
    let label = if in_play { words.play_button } else { words.prepare_button };
    let mut row = vec![button(menu, label, Style::Primary)];
    if in_play {
        row.push(button(Action::Board { game, part: String::new() }, "My board", Style::Secondary));
    }
    Row::Buttons(row.into_iter().flatten().collect())
}

/// A table's lobby post.
fn lobby(seen: &TableSeen) -> Msg {
    let mut text = format!("**{}** · {} · game {}", seen.name, seen.options, seen.game);
    if !seen.title.is_empty() {
        text.push_str(&format!(" · {}", super::msg::plain(&seen.title)));
    }
    let kept = |seat: &str| seen.invited.iter().find(|(s, _)| s == seat).map(|(_, guest)| guest);
    for (name, user) in &seen.seats {
        let who = match (user, kept(name)) {
            (Some(u), _) => mention(u),
            (None, Some(guest)) => format!("kept for {} (invited)", mention(guest)),
            (None, None) => "free seat".into(),
        };
        text.push_str(&format!("\n{name}: {who}"));
    }
    let mut msg = Msg::text(text);
    match seen.status {
        Status::Lobby => {
            msg.content.push_str(&format!("\n{}", seen.words.lobby_note));
            // The invitation: only its guest may take that seat (the service refuses anyone else).
            for (_, guest) in &seen.invited {
                msg.content.push_str(&format!(
                    "\n{}, you are invited: press Join to take your seat, or Leave to decline.",
                    mention(guest)
                ));
                msg.ping.insert(guest.clone());
            }
            let buttons = [
                button(Action::Join { game: seen.game, seat: None }, "Join", Style::Primary),
                button(Action::Leave { game: seen.game }, "Leave", Style::Secondary),
                button(Action::Start { game: seen.game }, "Start", Style::Success),
            ];
            msg.rows.push(Row::Buttons(buttons.into_iter().flatten().collect()));
            let seats: Vec<views::LobbySeat> = seen
                .seats
                .iter()
                .enumerate()
                .map(|(i, (title, holder))| views::LobbySeat {
                    number: i + 1,
                    title: title.clone(),
                    holder: holder.clone(),
                    kept: kept(title).is_some(),
                })
                .collect();
            msg.rows.extend(views::computer_menu(seen.game, &seats, &seen.levels));
        }
        Status::Abandoned => msg.content.push_str("\nClosed."),
        _ => msg.content.push_str("\nStarted."),
    }
    // Silent but for an invitation, which its guest must see.
    msg.silent = msg.ping.is_empty();
    msg
}

impl Bot {
    /// `/stratego new` (and every game behind the seam): a lobby in its own thread.
    pub async fn new_table(&self, o: &Origin, mut req: NewGameRequest) -> Out {
        let check = super::perms::Check::of(o.permissions);
        if !check.can_play() {
            return Out::say(check.advice().unwrap_or_default());
        }
        req.seed = req.seed.or(self.seed);
        let title = req.title.clone();
        let game = match self.svc.create(&o.caller, req).await {
            Ok(g) => g,
            Err(e) => return err(e),
        };
        let seen = match self.svc.table_seen(&o.caller, game).await {
            Ok(s) => s,
            Err(e) => return err(e),
        };
        let lobby = self.with_page(o, game, lobby(&seen)).await;
        if check.threads() {
            let title = super::msg::plain_name(&title);
            let name = if title.is_empty() { format!("{} #{game}", seen.name) } else { format!("#{game} {title}") };
            let mut msg = Msg::text(format!("Game {game} created. Join in the game's thread."));
            msg.silent = true;
            let thread = NewThread { game, channel: o.channel.clone(), name: clip(&name, 90), lobby };
            Out { thread: Some(thread), ..Out::reply(Reply::Public(msg)) }
        } else {
            Out::reply(Reply::Public(lobby))
        }
    }

    /// A table's lobby post, redrawn in place after a change.
    pub(super) async fn table_lobby(&self, o: &Origin, game: GameId) -> Out {
        match self.svc.table_seen(&o.caller, game).await {
            Ok(seen) => Out::reply(Reply::Update(self.with_page(o, game, lobby(&seen)).await)),
            Err(e) => err(e),
        }
    }

    /// The clicker's private menu after the steps of `path`, page `page`.
    pub(super) async fn table_menu(&self, o: &Origin, game: GameId, version: Option<u64>, page: u8, path: &str) -> Out {
        let steps: Vec<&str> = path.split_whitespace().collect();
        let menu = match self.svc.table_menu(&o.caller, game, &steps).await {
            Ok(m) => m,
            Err(e) => return err(e),
        };
        // A menu made before the board moved shows the present one from the top.
        if version.is_some_and(|v| v != menu.revision) && !steps.is_empty() {
            return Box::pin(self.table_menu(o, game, None, 0, "")).await;
        }
        let seen = self.svc.table_seen(&o.caller, game).await.ok();
        self.menu_shown(game, &menu, seen, page, path).await
    }

    /// A level of a private menu as its reader is shown it (`seen`: what they see), page `page`: a leaf's value is the whole choice, a step's is marked (`STEP`) so that picking a
    /// choice needs nothing looked up first.
    async fn menu_shown(&self, game: GameId, menu: &TableMenu, seen: Option<TableSeen>, page: u8, path: &str) -> Out {
        let steps: Vec<&str> = path.split_whitespace().collect();
        let mut text = String::new();
        if let Some(last) = seen.as_ref().and_then(|s| s.last.clone()) {
            text.push_str(&format!("Last: {last}\n"));
        }
        let in_play = seen.as_ref().is_some_and(|s| s.in_play);
        text.push_str(&menu.prompt.text);
        let mut msg = Msg::text(text);
        let pages = menu.items.len().div_ceil(PAGE).max(1);
        let page = usize::from(page).min(pages - 1);
        let options: Vec<SelectOption> = menu.items[page * PAGE..menu.items.len().min((page + 1) * PAGE)]
            .iter()
            .map(|i| {
                let value = if i.leaf { i.id.clone() } else { format!("{STEP}{}", i.id) };
                SelectOption::new(&i.label, &value, None)
            })
            .collect();
        let pick = Action::TablePick { game, version: menu.revision, path: path.to_string() };
        if let (Some(id), false) = (pick.id(), options.is_empty()) {
            msg.rows.push(Row::Select(Select { id, placeholder: menu.prompt.placeholder.clone(), options }));
        }
        let mut nav = Vec::new();
        let at = |page: usize, path: &str| Action::TableMenu {
            game,
            version: Some(menu.revision),
            page: page as u8,
            path: path.to_string(),
        };
        if page > 0 {
            nav.extend(button(at(page - 1, path), "◀ Previous", Style::Secondary));
        }
        if page + 1 < pages {
            nav.extend(button(at(page + 1, path), "Next ▶", Style::Secondary));
        }
        if !steps.is_empty() {
            nav.extend(button(at(0, ""), "Back", Style::Secondary));
        } else if let (false, Some(paste)) = (in_play, seen.as_ref().and_then(|s| s.words.paste.as_ref())) {
            nav.extend(button(Action::TableForm { game }, paste.button, Style::Secondary));
        }
        if !nav.is_empty() {
            msg.rows.push(Row::Buttons(nav));
        }
        // The first level shows the reader's own board.
        if steps.is_empty()
            && let Some(sight) = seen.and_then(|s| s.sight)
        {
            msg.file = self.sight_picture(sight).await;
        }
        Out::menu(msg)
    }

    /// The form to paste a whole preparation (a setup's rows) as text, for a game that takes one
    /// (nothing is written until it comes back).
    pub(super) async fn table_form(&self, o: &Origin, game: GameId) -> Out {
        let paste = match self.svc.table_words(&o.caller, game).await {
            Ok(words) => words.paste.as_ref(),
            Err(e) => return err(e),
        };
        let Some(paste) = paste else { return Out::say("This game takes nothing pasted: use its menu.") };
        let Some(id) = (Action::TableForm { game }).id() else { return Out::say("That game number is too long.") };
        Out::reply(Reply::Form(Form {
            id,
            title: paste.title.into(),
            label: paste.label.into(),
            placeholder: paste.placeholder.into(),
        }))
    }

    /// A pasted preparation: the game's choice with the lines, to look at, change and lock.
    pub async fn table_pasted(&self, o: &Origin, game: GameId, rows: &str) -> Out {
        let paste = match self.svc.table_words(&o.caller, game).await {
            Ok(words) => words.paste.as_ref(),
            Err(e) => return err(e),
        };
        let Some(paste) = paste else { return Out::say("This game takes nothing pasted: use its menu.") };
        let rows: Vec<&str> = rows.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        self.table_choose(o, game, Chosen::Typed, &format!("{} {}", paste.choice, rows.join(" / "))).await
    }

    /// A pick in a private menu: a whole choice, taken in one call to the service (which checks it and
    /// counts it against the member's allowance), or a step to the menu's next level.
    pub(super) async fn table_pick(&self, o: &Origin, game: GameId, version: u64, path: &str, value: &str) -> Out {
        let Some(step) = value.strip_prefix(STEP) else {
            return self.table_choose(o, game, Chosen::Menu(version), value).await;
        };
        if let Err(e) = self.svc.admit(&o.caller) {
            return err(e);
        }
        self.table_menu(o, game, Some(version), 0, &format!("{path} {step}")).await
    }

    /// A choice at a table, from a menu or typed.
    pub async fn table_choose(&self, o: &Origin, game: GameId, from: Chosen, choice: &str) -> Out {
        use crate::service::ServiceError::{OutdatedMenu, Stale};
        let (news, seat) = match self.svc.choose(&o.caller, game, None, from, choice).await.map_err(|r| r.error) {
            Ok(answered) => (answered.news, answered.seat_view.and_then(|v| v.downcast::<TableSeat>().ok())),
            Err(e @ (Stale { .. } | OutdatedMenu { .. })) => {
                let mut out = Box::pin(self.table_menu(o, game, None, 0, "")).await;
                if let Reply::Menu(m) = &mut out.reply {
                    m.content = format!(
                        "{} Here is the board as it is now.\n{}",
                        super::refusal::sentence(&super::refusal::words(&e)),
                        m.content
                    );
                }
                return out;
            }
            Err(e) => return err(e),
        };
        let told = Some((game, news.step));
        // What a step with no words of its own did: began play, or ended the game.
        let otherwise = match (&news.outcome, news.began) {
            (Some(o), _) => o.summary.clone(),
            (None, true) => "Both sides are ready: the game has begun.".to_string(),
            (None, false) => "Done.".to_string(),
        };
        // A move the computer answered at once: both, in the order they were made.
        let lines = (news.lines.len() > 1).then(|| news.lines.join("\n"));
        let Shown { posts, ended } = TABLES.news(self, news).await;
        // The chooser's own words for what happened (a combat shows them both pieces), from the answer.
        let said = match seat.map(|s| *s) {
            // Still arranging: the menu again, with the army as it is now.
            Some(TableSeat { seen, menu: Some(menu) }) if !seen.in_play => {
                let mut out = self.menu_shown(game, &menu, Some(seen), 0, "").await;
                (out.posts, out.ended, out.told) = (posts, ended, told);
                return out;
            }
            Some(TableSeat { seen, .. }) if !seen.in_play => Msg::text(seen.words.locked),
            // The answer replaces the menu it came from: with the reader's board as it is now.
            Some(TableSeat { seen, .. }) => {
                let mut msg = Msg::text(lines.or(seen.last).unwrap_or(otherwise));
                if let Some(sight) = seen.sight {
                    msg.file = self.sight_picture(sight).await;
                }
                msg
            }
            None => Msg::text(otherwise),
        };
        Out { reply: Reply::Menu(said), posts, thread: None, ended, told }
    }

    /// `/stratego keep`: keep the army as arranged, to use again.
    pub async fn table_keep(&self, o: &Origin, game: GameId, name: &str) -> Out {
        match self.svc.table_keep(&o.caller, game, name).await {
            Ok(name) => Out::say(format!(
                "Kept as \"{name}\": it is in your menu in your next games of this kind, on this side."
            )),
            Err(e) => err(e),
        }
    }

    /// Suggestions while a choice is typed at a table (`/stratego move`, `/qg choose`): the whole choices
    /// the reader has now, as they would type them, whose words or name hold what was typed.
    pub(in crate::discord) async fn table_suggestions(
        &self,
        o: &Origin,
        game: GameId,
        typed: &str,
    ) -> Vec<(String, String)> {
        let t = typed.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
        let leaves = self.svc.table_leaves(&o.caller, game).await.unwrap_or_default();
        leaves
            .into_iter()
            .filter(|l| l.id.contains(&t) || l.label.to_lowercase().contains(&t))
            .take(25)
            .map(|l| (clip(&format!("{} · {}", l.id, l.label), 100), l.id))
            .collect()
    }

    /// `/stratego board` and the "My board" button: the board as the reader may see it, privately.
    pub async fn table_board(&self, o: &Origin, game: GameId) -> Out {
        let seen = match self.svc.table_seen(&o.caller, game).await {
            Ok(s) => s,
            Err(e) => return err(e),
        };
        let mut msg = Msg::text(clip(&format!("```\n{}\n```", seen.text), limits::CONTENT));
        if seen.text.is_empty() {
            msg.content = "The game has not started.".into();
        }
        if let Some(sight) = seen.sight {
            msg.file = self.sight_picture(sight).await;
        }
        if seen.deciding {
            msg.rows.push(play_buttons(game, true, seen.words));
        }
        Out::private(msg)
    }

    /// A reader's board picture, drawn off the async runtime.
    async fn sight_picture(&self, sight: Box<dyn std::any::Any + Send>) -> Option<Attachment> {
        let description = crate::render::sight_words(&*sight).unwrap_or_default();
        let painters = self.painters.clone();
        let drawn = self.draw(move || painters.png(&*sight)).await;
        match drawn {
            Ok(Some(Ok(bytes))) => Some(Attachment { name: "board.png".into(), bytes, description }),
            Ok(Some(Err(e))) | Err(e) => {
                tracing::warn!(error = %e, "table picture failed");
                None
            }
            Ok(None) => None,
        }
    }

    /// A finished game's recap animation (none for a game that draws none).
    async fn recap_animation(&self, game: GameId, frames: Vec<Box<dyn std::any::Any + Send>>) -> Option<Msg> {
        if frames.is_empty() {
            return None;
        }
        let drawn = self.draw(move || crate::render::animation_gif(&frames, ANIMATION_LIMIT)).await;
        match drawn {
            Ok(Some(Ok(bytes))) => {
                let mut msg = Msg::text(format!("🎞 Game {game} from its first move to its end, every piece shown."));
                msg.file = Some(Attachment {
                    name: format!("game-{game}.gif"),
                    bytes,
                    description: format!(
                        "An animation of game {game} from its first move to its end, every piece shown."
                    ),
                });
                msg.silent = true;
                Some(msg)
            }
            Ok(Some(Err(e))) | Err(e) => {
                tracing::warn!(game, error = %e, "no animation for the recap");
                None
            }
            Ok(None) => None,
        }
    }

    /// The thread's posts after a change: the line, pinging whoever decides next, then the live board
    /// (edited in place when this process has posted it, else posted and kept); at the end, the recap's
    /// animation and the seed check.
    pub(super) async fn table_posts(&self, mut news: TableNews) -> Vec<Post> {
        let Some(home) = news.home.clone() else { return Vec::new() };
        let game = news.game;
        let line = news_line(&news);
        let mut posts: Vec<Post> = news.stood_in.iter().filter_map(|s| self.stood_in(s, news.words.command)).collect();
        if !line.content.is_empty() {
            posts.push(Post::new(home.clone(), line));
        } else if news.ending.is_none() {
            // Nothing else was said and nothing ended (the end of a draw is told by the draw's own post).
            return posts;
        }
        // At the end: the seed against its seal, with the whole game to replay (after the final board).
        let check = news.ending.as_ref().map(|end| Post::new(home.clone(), seed_post(game, end, news.words)));
        if !news.in_play {
            posts.extend(check);
            return posts;
        }
        let mut board = Msg::text(board_words(&news));
        board.silent = true;
        if let Some(sight) = news.sight {
            board.file = self.sight_picture(sight).await;
        }
        let mut post = Post::new(home.clone(), board);
        post.opens_round = Some(game);
        match self.round_posts.lock().ok().and_then(|m| m.get(&game).map(|(id, _)| *id)) {
            Some(id) if !news.began && news.outcome.is_none() => post.edit = Some(id),
            // The end is posted anew at the foot of the thread, every piece shown (by the rules, a
            // concession or an agreement alike).
            _ => {}
        }
        posts.push(post);
        let frames = std::mem::take(&mut news.frames);
        if let Some(animation) = self.recap_animation(game, frames).await {
            posts.push(Post::new(home, animation));
        }
        posts.extend(check);
        posts
    }
}

/// The line a change posts: what happened, who is asked next (pinged as the service settled it, after
/// their preferences), the seal as play begins; empty when there is nothing to say.
fn news_line(news: &TableNews) -> Msg {
    let mut text = news.lines.join("\n");
    let mut line = Msg::default();
    if news.outcome.is_none() && news.status == Status::Active {
        for (seat, name, user) in &news.asked {
            let Some(user) = user.as_ref().filter(|u| !u.is_computer()) else { continue };
            let usual = if news.in_play { news.words.play_ask } else { news.words.prepare_ask };
            let what = news.asks.get(seat).map_or(usual, String::as_str);
            text.push_str(&format!("\n{} ({name}): {what}.", mention(user)));
        }
        line.ping = news.pinged.clone();
        line.silent = line.ping.is_empty();
        line.rows.push(play_buttons(news.game, news.in_play, news.words));
    }
    if let Some(seal) = &news.seal {
        text.push_str(&format!("\n🔒 Seal: `{seal}` (the seed behind {}, shown at the end).", news.words.seeded));
    }
    if !text.trim().is_empty() {
        line.content = clip(text.trim(), limits::CONTENT);
    }
    line
}

/// The seed against its seal at a game's end, with the whole game's script to replay.
fn seed_post(game: GameId, end: &TableEnding, words: &Words) -> Msg {
    let mut check = match &end.seal {
        Some(seal) => views::seed_check("Seed check", game, end.seed, seal, words.replayed),
        None => Msg::text(format!(
            "🎲 **Game {game}'s seed was `{}`** (it began before seeds were sealed). The attached script holds the \
             whole game: `gambit replay game-{game}.txt` replays {}.",
            end.seed, words.replayed
        )),
    };
    check.file = Some(Attachment {
        name: format!("game-{game}.txt"),
        bytes: end.script.clone().into_bytes(),
        description: format!("Game {game}'s replay script, with its seed: every move, to replay or check."),
    });
    check.silent = true;
    check
}

/// The live board's words: the result at the end, else what it is.
fn board_words(news: &TableNews) -> String {
    let game = news.game;
    match &news.outcome {
        Some(o) => {
            let name =
                if news.title.is_empty() { String::new() } else { format!(" · {}", super::msg::plain(&news.title)) };
            let recap = news.recap.as_ref().map(views::recap_lines).unwrap_or_default();
            clip(&format!("🏁 **Game {game}{name}**: {}{recap}", o.summary), limits::CONTENT)
        }
        None => format!("Game {game} · the board as everyone sees it · updated after every move"),
    }
}

/// The tables' room: how every game without one of its own is drawn.
pub struct Tables;

pub static TABLES: Tables = Tables;

impl Room for Tables {
    fn lobby<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId) -> Work<'a, Out> {
        Box::pin(bot.table_lobby(o, game))
    }

    fn started<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, news: TableNews) -> Work<'a, Out> {
        Box::pin(async move {
            let mut out = bot.table_lobby(o, game).await;
            out.posts = bot.table_posts(news).await;
            out
        })
    }

    fn news<'a>(&'a self, bot: &'a Bot, news: TableNews) -> Work<'a, Shown> {
        Box::pin(async move { Shown { posts: bot.table_posts(news).await, ended: None } })
    }

    fn computer_news<'a>(&'a self, bot: &'a Bot, news: TableNews) -> Work<'a, Shown> {
        self.news(bot, news)
    }

    fn undone<'a>(&'a self, bot: &'a Bot, o: &'a Origin, _game: GameId, mut news: TableNews) -> Work<'a, Out> {
        Box::pin(async move {
            // The one who took it back knows it is their choice again.
            news.waiting.retain(|(_, _, user)| user.as_ref() != Some(o.user()));
            let posts = if news.lines.is_empty() { Vec::new() } else { bot.table_posts(news).await };
            let reply = Reply::Private(Msg::text("Taken back: it is your choice again."));
            Out { reply, posts, thread: None, ended: None, told: None }
        })
    }

    fn menu<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, at: MenuAt<'a>) -> Work<'a, Out> {
        Box::pin(bot.table_menu(o, game, at.version, at.page, at.path))
    }

    fn board<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, _part: Option<&'a str>) -> Work<'a, Out> {
        Box::pin(bot.table_board(o, game))
    }

    fn standing<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId) -> Work<'a, Out> {
        Box::pin(bot.table_board(o, game))
    }

    fn typed<'a>(&'a self, bot: &'a Bot, o: &'a Origin, game: GameId, text: &'a str) -> Work<'a, Out> {
        Box::pin(bot.table_choose(o, game, Chosen::Typed, text))
    }
}
