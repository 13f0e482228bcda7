//! Turning our `Msg` data into Discord's builders, and carrying out a handler's `Out`: the answer to the
//! interaction first (within Discord's 3 seconds), then the public posts.

use super::bot::{Bot, NewThread, Out, Post, Reply};
use super::msg::{FORM_FIELD, Msg, Row, Style};
use crate::service::{ChannelId, GameId};
use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateButton, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage, CreateSelectMenu,
    CreateSelectMenuKind, CreateSelectMenuOption, EditInteractionResponse, InteractionResponseFlags, MessageFlags,
    UserId,
};

pub fn rows(msg: &Msg) -> Vec<CreateActionRow> {
    msg.rows
        .iter()
        .map(|r| match r {
            Row::Buttons(bs) => CreateActionRow::Buttons(
                bs.iter()
                    .map(|b| {
                        CreateButton::new(&b.id).label(&b.label).disabled(b.disabled).style(match b.style {
                            Style::Primary => ButtonStyle::Primary,
                            Style::Secondary => ButtonStyle::Secondary,
                            Style::Success => ButtonStyle::Success,
                            Style::Danger => ButtonStyle::Danger,
                        })
                    })
                    .collect(),
            ),
            Row::Select(s) => {
                let options = s
                    .options
                    .iter()
                    .map(|o| {
                        let opt = CreateSelectMenuOption::new(&o.label, &o.value);
                        match &o.description {
                            Some(d) => opt.description(d),
                            None => opt,
                        }
                    })
                    .collect();
                CreateActionRow::SelectMenu(
                    CreateSelectMenu::new(&s.id, CreateSelectMenuKind::String { options }).placeholder(&s.placeholder),
                )
            }
        })
        .collect()
}

/// Who a message may ping: only the listed users (never roles or everyone).
pub fn mentions(msg: &Msg) -> CreateAllowedMentions {
    let users: Vec<UserId> = msg.ping.iter().filter_map(|u| u.as_str().parse::<u64>().ok()).map(UserId::new).collect();
    CreateAllowedMentions::new().users(users)
}

pub fn response(msg: &Msg, private: bool) -> CreateInteractionResponseMessage {
    let mut r = CreateInteractionResponseMessage::new()
        .content(&msg.content)
        .components(rows(msg))
        .allowed_mentions(mentions(msg));
    let mut flags = InteractionResponseFlags::empty();
    if private {
        flags |= InteractionResponseFlags::EPHEMERAL;
    }
    if msg.silent {
        flags |= InteractionResponseFlags::SUPPRESS_NOTIFICATIONS;
    }
    r = r.flags(flags);
    if let Some(p) = &msg.file {
        r = r.add_file(attachment(p));
    }
    r
}

/// The interaction answer for a reply to a click (`Reply::on` has already sent private content on a
/// public message to a new private message).
pub fn reply(r: &Reply) -> CreateInteractionResponse {
    match r {
        Reply::Private(m) => CreateInteractionResponse::Message(response(m, true)),
        Reply::Public(m) => CreateInteractionResponse::Message(response(m, false)),
        Reply::Update(m) | Reply::Menu(m) => {
            let mut u = CreateInteractionResponseMessage::new()
                .content(&m.content)
                .components(rows(m))
                .allowed_mentions(mentions(m));
            if let Some(p) = &m.file {
                u = u.files([attachment(p)]);
            }
            CreateInteractionResponse::UpdateMessage(u)
        }
        Reply::Clear => {
            CreateInteractionResponse::UpdateMessage(CreateInteractionResponseMessage::new().components(Vec::new()))
        }
        Reply::Form(f) => {
            let field = serenity::CreateInputText::new(serenity::InputTextStyle::Paragraph, &f.label, FORM_FIELD)
                .placeholder(&f.placeholder)
                .max_length(1000);
            CreateInteractionResponse::Modal(
                serenity::CreateModal::new(&f.id, &f.title)
                    .components(vec![serenity::CreateActionRow::InputText(field)]),
            )
        }
    }
}

/// Answer a click. An update that brings no new picture must leave the message's attachments alone, but
/// serenity always sends an attachment list with an update (empty: "remove them all"): such an update is
/// sent as JSON without that list, so the board picture stays on the post in the thread's history.
pub async fn answer_click(
    http: &serenity::Http,
    click: &serenity::ComponentInteraction,
    r: &Reply,
) -> serenity::Result<()> {
    let keeps_pictures =
        matches!(r, Reply::Clear) || matches!(r, Reply::Update(m) | Reply::Menu(m) if m.file.is_none());
    if !keeps_pictures {
        return click.create_response(http, reply(r)).await;
    }
    let mut body = serde_json::to_value(reply(r))?;
    if let Some(data) = body.get_mut("data").and_then(serde_json::Value::as_object_mut) {
        data.remove("attachments");
    }
    http.create_interaction_response(click.id, &click.token, &body, Vec::new()).await
}

/// Answer a click that was acknowledged first (`defer`): edit the clicked message, or send a follow-up.
pub async fn deferred_reply(http: &serenity::Http, click: &serenity::ComponentInteraction, r: &Reply) {
    let edit = |m: &Msg| {
        let mut e =
            EditInteractionResponse::new().content(&m.content).components(rows(m)).allowed_mentions(mentions(m));
        if let Some(p) = &m.file {
            e = e.new_attachment(attachment(p));
        }
        e
    };
    let follow = |m: &Msg, private: bool| {
        let mut f = CreateInteractionResponseFollowup::new()
            .content(&m.content)
            .components(rows(m))
            .allowed_mentions(mentions(m))
            .ephemeral(private);
        if let Some(p) = &m.file {
            f = f.add_file(attachment(p));
        }
        f
    };
    let done = match r {
        Reply::Update(m) | Reply::Menu(m) => click.edit_response(http, edit(m)).await.map(|_| ()),
        Reply::Clear => {
            click.edit_response(http, EditInteractionResponse::new().components(Vec::new())).await.map(|_| ())
        }
        Reply::Private(m) => click.create_followup(http, follow(m, true)).await.map(|_| ()),
        Reply::Public(m) => click.create_followup(http, follow(m, false)).await.map(|_| ()),
        // A form opens only as the first answer: after an acknowledgement, say to press again.
        Reply::Form(_) => {
            let again = Msg::text("The form could not open in time: press the button again.");
            click.create_followup(http, follow(&again, true)).await.map(|_| ())
        }
    };
    if let Err(e) = done {
        tracing::warn!(error = %e, "could not answer a click after acknowledging it");
    }
}

/// A file as Discord takes it, with its description (Discord keeps at most 1,024 characters of it).
pub fn attachment(file: &super::msg::Attachment) -> CreateAttachment {
    let mut a = CreateAttachment::bytes(file.bytes.clone(), file.name.clone());
    if !file.description.is_empty() {
        a = a.description(super::msg::clip(&file.description, super::msg::limits::DESCRIPTION));
    }
    a
}

/// A channel message.
pub fn message(msg: &Msg) -> CreateMessage {
    let mut m = CreateMessage::new().content(&msg.content).components(rows(msg)).allowed_mentions(mentions(msg));
    if msg.silent {
        m = m.flags(MessageFlags::SUPPRESS_NOTIFICATIONS);
    }
    if let Some(p) = &msg.file {
        m = m.add_file(attachment(p));
    }
    m
}

fn channel(id: &ChannelId) -> Option<serenity::ChannelId> {
    id.as_str().parse::<u64>().ok().filter(|n| *n != 0).map(serenity::ChannelId::new)
}

/// How often a public post is tried when Discord fails for a passing reason, and the first pause.
const POST_TRIES: u32 = 3;
const POST_PAUSE: std::time::Duration = std::time::Duration::from_millis(500);

/// Whether Discord may take the same request a moment later: its own failures, its rate limit, the
/// network. A refused request (a 4xx) fails the same way again.
fn passing(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.is_server_error() || r.status_code.as_u16() == 429
        }
        serenity::Error::Http(serenity::HttpError::Request(_)) => true,
        _ => false,
    }
}

/// Post the public messages of an `Out`. A post Discord fails for a passing reason is tried again; one it
/// refuses, or that keeps failing, is replaced by a short notice in the channel, so players know to look
/// with `/qg board` (and the log says why at WARN). A post that edits an earlier one is posted anew when
/// the edit fails. `bot` keeps the ids of posts that open a round.
pub async fn posts(http: &serenity::Http, posts: &[Post]) {
    posts_kept(http, posts, None, None).await;
}

/// `posts`, keeping the id of each post that opens a round in `bot`; those telling a step (`told`) carry
/// its nonces.
pub async fn posts_kept(http: &serenity::Http, posts: &[Post], bot: Option<&Bot>, told: Option<(GameId, u64)>) {
    for (p, nonce) in stamped(posts, told) {
        let Some(ch) = channel(&p.channel) else {
            tracing::warn!(channel = %p.channel, "not a Discord channel id");
            continue;
        };
        if let Some(id) = p.edit {
            let mut edit = serenity::EditMessage::new()
                .content(&p.msg.content)
                .components(rows(&p.msg))
                .allowed_mentions(mentions(&p.msg));
            // A new picture replaces the old one (a live board).
            if let Some(f) = &p.msg.file {
                let file = attachment(f);
                edit = edit.attachments(serenity::EditAttachments::new().add(file));
            }
            super::pace::turn().await;
            match ch.edit_message(http, serenity::MessageId::new(id.max(1)), edit).await {
                Ok(_) => {
                    if let (Some(bot), Some(game)) = (bot, p.opens_round) {
                        bot.keep_round_post(game, id, &p.msg.content);
                    }
                    continue;
                }
                Err(e) => tracing::info!(channel = %p.channel, error = %e, "could not edit a post; posting anew"),
            }
        }
        let mut pause = POST_PAUSE;
        let mut tries = 1;
        let failed = loop {
            let mut m = message(&p.msg);
            if let Some(n) = &nonce {
                m = m.nonce(serenity::Nonce::String(n.clone())).enforce_nonce(true);
            }
            super::pace::turn().await;
            match ch.send_message(http, m).await {
                Ok(m) => {
                    if let (Some(bot), Some(game)) = (bot, p.opens_round) {
                        bot.keep_round_post(game, m.id.get(), &p.msg.content);
                    }
                    break None;
                }
                Err(e) if passing(&e) && tries < POST_TRIES => {
                    tracing::info!(channel = %p.channel, error = %e, tries, "posting again after a passing failure");
                    tokio::time::sleep(pause).await;
                    (pause, tries) = (pause * 2, tries + 1);
                }
                Err(e) => break Some(e),
            }
        };
        let Some(e) = failed else { continue };
        tracing::warn!(channel = %p.channel, error = %e, tries, "could not post in the game's channel");
        let notice = Msg { content: POST_LOST.into(), silent: true, ..Msg::default() };
        if let Err(e) = ch.send_message(http, message(&notice)).await {
            tracing::error!(channel = %p.channel, error = %e, "could not post in the game's channel, nor say so");
        }
    }
}

/// The nonce of the `n`th post telling `game` up to `step`: Discord keeps one message per nonce (for a
/// few minutes), so a telling repeated after a stop posts once. At most 25 characters, as Discord takes.
pub fn nonce(game: GameId, step: u64, n: usize) -> String {
    format!("t{game}.{step}.{n}")
}

/// `posts`, each new one with its nonce for `told` unless it has one.
fn stamped(posts: &[Post], told: Option<(GameId, u64)>) -> impl Iterator<Item = (&Post, Option<String>)> {
    posts.iter().enumerate().map(move |(n, p)| {
        let stamp = told.map(|(game, step)| nonce(game, step, n));
        (p, p.nonce.clone().or(stamp))
    })
}

/// What replaces a post Discord would not take.
const POST_LOST: &str = "⚠️ Discord did not take the bot's last post here. The game is saved: `/qg board` and \
                         `/qg status` show where it stands.";

/// Make the thread of a new game and post its lobby there; without a thread, post in the channel.
pub async fn thread(http: &serenity::Http, bot: &Bot, t: &NewThread) {
    let Some(parent) = channel(&t.channel) else { return };
    super::pace::turn().await;
    let made = parent
        .create_thread(http, serenity::CreateThread::new(&t.name).kind(serenity::ChannelType::PublicThread))
        .await;
    let target = match made {
        Ok(th) => {
            if let Err(e) = bot.svc.set_thread(t.game, &ChannelId::from(th.id.get())).await {
                tracing::warn!(game = t.game, error = %e, "could not remember the game's thread");
            }
            th.id
        }
        Err(e) => {
            tracing::warn!(game = t.game, error = %e, "could not create a thread; playing in the channel");
            parent
        }
    };
    super::pace::turn().await;
    if let Err(e) = target.send_message(http, message(&t.lobby)).await {
        tracing::warn!(game = t.game, error = %e, "could not post the lobby");
    }
}

/// Carry out what comes after the answer: the thread for a new game, the public posts, and the recap of a
/// game that just ended.
pub async fn follow_up(http: &serenity::Http, bot: &Bot, out: &Out) {
    if let Some(t) = &out.thread {
        thread(http, bot, t).await;
    }
    posts_kept(http, &out.posts, Some(bot), out.told).await;
    if let Some(game) = out.ended {
        posts(http, &bot.ending_posts(game).await).await;
    }
    // Sent (or said lost): the step is told, and never told again.
    if let Some((game, step)) = out.told
        && let Err(e) = bot.svc.told(game, step).await
    {
        tracing::warn!(game, error = %e.detail(), "the step's posts were sent but could not be marked so");
    }
}
