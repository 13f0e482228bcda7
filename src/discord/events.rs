//! Clicks on buttons and menus, routed by their custom id in the global event handler: they work after
//! a restart and days later, with no in-memory collectors.

use super::bot::{Origin, Out};
use super::commands::context::{Data, Error, power_of, shown_name};
use super::ids::Action;
use super::send;
use crate::service::{Caller, ChannelId, Person};
use poise::serenity_prelude as serenity;
use serenity::{CreateInteractionResponse, CreateInteractionResponseMessage};

pub async fn handle(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let bot = &framework.user_data.bot;
    let interaction = match event {
        serenity::FullEvent::InteractionCreate { interaction } => interaction,
        // The health check reports whether the gateway is up.
        serenity::FullEvent::Ready { .. } | serenity::FullEvent::Resume { .. } => {
            bot.health.set_gateway(true);
            return Ok(());
        }
        serenity::FullEvent::ShardStageUpdate { event } => {
            bot.health.set_gateway(event.new == serenity::ConnectionStage::Connected);
            return Ok(());
        }
        _ => return Ok(()),
    };
    let http = framework.serenity_context.http.clone();
    if let serenity::Interaction::Modal(form) = interaction {
        form_submitted(bot, form, &http).await;
    } else if let Some(click) = interaction.as_message_component() {
        clicked(bot, click, &http).await;
    }
    Ok(())
}

/// A click on a button or a menu: checked against the message it came with, counted, done, answered.
async fn clicked(bot: &super::bot::Bot, click: &serenity::ComponentInteraction, http: &std::sync::Arc<serenity::Http>) {
    // Stopping: nothing new starts; what is in flight holds its ticket until its posts are sent.
    let Some(_ticket) = bot.gate.enter() else {
        let stopping = CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new().content(super::gate::STOPPING).ephemeral(true),
        );
        let _ = click.create_response(http, stopping).await;
        return;
    };
    let values: Vec<String> = match &click.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let origin = origin(click);
    // Custom ids on private menus carry plan cards: never log them above debug.
    tracing::debug!(user = %origin.user(), id = %click.data.custom_id, "component");
    let action = Action::parse(&click.data.custom_id);
    let name = action.as_ref().map(Action::name).unwrap_or("unknown");
    // A form opens only as the first answer to a click, and opening one reads and writes nothing: never
    // acknowledged first.
    let opens_form = matches!(action, Some(Action::TableForm { .. }));
    let offered = offered(&click.message, &click.data.custom_id, &values);
    let work = click_work(bot, &origin, action, offered, &click.data.custom_id, &values);
    let handled = async {
        answer(bot, click, http, origin.from_private, opens_form, work).await;
        // The computer may have a move to make now.
        if let Some(game) = super::journal::reached() {
            bot.wake_computers(game);
        }
    };
    super::journal::record("component", name, &origin, handled).await;
}

/// What a click does: every click counts against its sender's allowance once, before anything else is
/// looked at (an answer to a question in its one service call, any other click here); one that is not a
/// control of its message (`offered`) is forged and touches nothing.
async fn click_work(
    bot: &super::bot::Bot,
    origin: &Origin,
    action: Option<Action>,
    offered: bool,
    custom_id: &str,
    values: &[String],
) -> Out {
    if let Some(a) = &action {
        super::journal::about(a.game());
    }
    let answer = matches!(
        &action,
        Some(Action::Choose { .. } | Action::Pick { .. } | Action::TablePick { .. }) if offered
    );
    if !answer && let Err(e) = bot.svc.admit(&origin.caller) {
        return super::refusal::err(e);
    }
    if !offered {
        super::journal::refused("forged");
        return Out::say("That button or menu is not on this message.");
    }
    match action {
        Some(a) => bot.act_on(origin, a, values).await,
        None => bot.component(origin, custom_id, values).await,
    }
}

/// Answer a click at once when its work is quick (always, `at_once`), else acknowledge it first; then
/// post what it posts.
async fn answer(
    bot: &super::bot::Bot,
    click: &serenity::ComponentInteraction,
    http: &std::sync::Arc<serenity::Http>,
    private_message: bool,
    at_once: bool,
    work: impl std::future::Future<Output = Out>,
) {
    let acknowledge = || async {
        if let Err(e) = click.defer(http).await {
            tracing::warn!(error = %e, "could not acknowledge a click");
        }
        Ok::<(), std::convert::Infallible>(())
    };
    let (out, acknowledged) = if at_once {
        (work.await, false)
    } else {
        let Ok(answered) = bot.in_time(work, acknowledge).await;
        answered
    };
    let reply = out.reply.clone().on(private_message);
    if acknowledged {
        send::deferred_reply(http, click, &reply).await;
    } else if let Err(e) = send::answer_click(http, click, &reply).await {
        tracing::warn!(error = %e, "could not answer a click");
    }
    send::follow_up(http, bot, &out).await;
}

/// A submitted form: the only one the bot reads is its own (a pasted setup). Like a click, it takes a
/// ticket (nothing new starts while stopping), is acknowledged when its work runs long, and is journaled.
async fn form_submitted(
    bot: &super::bot::Bot,
    form: &serenity::ModalInteraction,
    http: &std::sync::Arc<serenity::Http>,
) {
    let Some(_ticket) = bot.gate.enter() else {
        let stopping = CreateInteractionResponse::Message(
            CreateInteractionResponseMessage::new().content(super::gate::STOPPING).ephemeral(true),
        );
        let _ = form.create_response(http, stopping).await;
        return;
    };
    let caller = caller_of(&form.user, form.guild_id, form.channel_id, form.member.as_ref()).for_request(form.id);
    let o = Origin {
        caller,
        channel: ChannelId::from(form.channel_id.get()),
        permissions: form.app_permissions.map(|p| p.bits()).unwrap_or(0),
        from_private: true,
        message: None,
    };
    let pasted = match Action::parse(&form.data.custom_id) {
        Some(Action::TableForm { game }) => Some((game, field_text(form))),
        _ => None,
    };
    let work = async {
        if let Err(e) = bot.svc.admit(&o.caller) {
            return super::refusal::err(e);
        }
        match &pasted {
            Some((game, text)) => {
                super::journal::about(*game);
                match bot.at_table(&o, *game).await {
                    Ok(()) => bot.table_pasted(&o, *game, text).await,
                    Err(out) => out,
                }
            }
            None => Out::say("That form is not one the bot opened: nothing was done."),
        }
    };
    let handled = async {
        let acknowledge = || async {
            if let Err(e) = form.defer_ephemeral(http).await {
                tracing::warn!(error = %e, "could not acknowledge a form");
            }
            Ok::<(), std::convert::Infallible>(())
        };
        let Ok((out, acknowledged)) = bot.in_time(work, acknowledge).await;
        answer_form(form, http, &out, acknowledged).await;
        send::follow_up(http, bot, &out).await;
    };
    super::journal::record("form", "paste", &o, handled).await;
}

/// Answer a form, privately: the player's army to look at, or why the rows were refused (as an edit of
/// the acknowledgement when there was one).
async fn answer_form(
    form: &serenity::ModalInteraction,
    http: &std::sync::Arc<serenity::Http>,
    out: &Out,
    acknowledged: bool,
) {
    let msg = match &out.reply {
        super::bot::Reply::Private(m) | super::bot::Reply::Menu(m) | super::bot::Reply::Update(m) => m.clone(),
        _ => super::msg::Msg::text("Done."),
    };
    let sent = if acknowledged {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(&msg.content)
            .components(send::rows(&msg))
            .allowed_mentions(send::mentions(&msg));
        if let Some(p) = &msg.file {
            edit = edit.new_attachment(send::attachment(p));
        }
        form.edit_response(http, edit).await.map(|_| ())
    } else {
        form.create_response(http, CreateInteractionResponse::Message(send::response(&msg, true))).await
    };
    if let Err(e) = sent {
        tracing::warn!(error = %e, "could not answer a form");
    }
}

/// The text of a submitted form's one field.
fn field_text(form: &serenity::ModalInteraction) -> String {
    form.data
        .components
        .iter()
        .flat_map(|row| &row.components)
        .find_map(|c| match c {
            serenity::ActionRowComponent::InputText(t) if t.custom_id == super::msg::FORM_FIELD => t.value.clone(),
            _ => None,
        })
        .unwrap_or_default()
}

/// Who sends an interaction, from where, with which powers, from the interaction itself.
fn caller_of(
    user: &serenity::User,
    guild: Option<serenity::GuildId>,
    channel: serenity::ChannelId,
    member: Option<&serenity::Member>,
) -> Caller {
    let person = Person::new(user.id.get(), user.bot);
    match guild {
        Some(g) => Caller::member(person, g.get(), ChannelId::from(channel.get()), power_of(member))
            .named(&shown_name(user, member)),
        None => Caller::direct(person),
    }
}

/// Who clicks, from where, with which powers, from the interaction itself.
fn origin(click: &serenity::ComponentInteraction) -> Origin {
    let channel = ChannelId::from(click.channel_id.get());
    let caller = caller_of(&click.user, click.guild_id, click.channel_id, click.member.as_ref()).for_request(click.id);
    Origin {
        caller,
        channel,
        permissions: click.app_permissions.map(|p| p.bits()).unwrap_or(0),
        from_private: click.message.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)),
        message: Some(super::bot::Clicked {
            content: click.message.content.clone(),
            pictures: click.message.attachments.len(),
        }),
    }
}

/// Whether the message carries a button with this custom id, or a menu with it offering every picked
/// value: the official client only sends those.
fn offered(message: &serenity::Message, custom_id: &str, values: &[String]) -> bool {
    message.components.iter().flat_map(|row| &row.components).any(|c| match c {
        serenity::ActionRowComponent::Button(b) => {
            values.is_empty()
                && matches!(&b.data, serenity::ButtonKind::NonLink { custom_id: id, .. } if id == custom_id)
        }
        serenity::ActionRowComponent::SelectMenu(s) => {
            s.custom_id.as_deref() == Some(custom_id)
                && !values.is_empty()
                && values.iter().all(|v| s.options.iter().any(|o| &o.value == v))
        }
        _ => false,
    })
}
