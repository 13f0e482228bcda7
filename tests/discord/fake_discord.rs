//! The fake Discord itself, driven by a small real poise 0.7.1 bot configured as production will be.

use std::sync::Arc;
use std::time::Duration;

use crate::support::limits::{self, FileSize, codes};
use crate::support::{CHANNEL_ID, FakeDiscord, GUILD_ID, TOKEN, WAIT, payloads, perms, user_id};
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use serenity::{
    ActionRowComponent, AutocompleteChoice, ChannelType, ComponentInteractionDataKind, CreateActionRow,
    CreateAttachment, CreateAutocompleteResponse, CreateButton, CreateInputText, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, CreateModal, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption, CreateThread, FullEvent, GatewayIntents, InputTextStyle, Interaction,
};

type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, (), Error>;

/// A 4x3 RGB PNG.
const PNG: &[u8] = &[
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0, 59, 150, 57,
    145, 0, 0, 0, 39, 73, 68, 65, 84, 120, 156, 13, 199, 49, 1, 0, 48, 12, 3, 160, 8, 171, 156, 136, 168, 176, 138, 64,
    214, 198, 71, 18, 19, 27, 23, 73, 77, 109, 93, 127, 24, 150, 227, 1, 44, 94, 18, 73, 75, 186, 60, 94, 0, 0, 0, 0,
    73, 69, 78, 68, 174, 66, 96, 130,
];

const SIDES: [&str; 2] = ["naboo", "trade federation"];

// ----- the test bot -----

/// The game's commands.
#[poise::command(
    slash_command,
    subcommands("ping", "board", "table", "join", "pick", "reset", "oversized"),
    subcommand_required
)]
async fn qg(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Answers pong, privately, with a button.
#[poise::command(slash_command)]
async fn ping(ctx: Context<'_>) -> Result<(), Error> {
    let again = CreateButton::new("ping:again").label("Again");
    let reply = poise::CreateReply::default()
        .content("pong")
        .ephemeral(true)
        .components(vec![CreateActionRow::Buttons(vec![again])]);
    ctx.send(reply).await?;
    Ok(())
}

/// Posts the board picture in the channel.
#[poise::command(slash_command, required_bot_permissions = "ATTACH_FILES")]
async fn board(ctx: Context<'_>) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let picture = CreateAttachment::bytes(PNG.to_vec(), "board.png").description("A test board");
    ctx.channel_id().send_message(ctx, CreateMessage::new().content("The board").add_file(picture)).await?;
    ctx.say("posted").await?;
    Ok(())
}

/// Opens a table: an announcement, a thread on it, a welcome inside.
#[poise::command(slash_command)]
async fn table(ctx: Context<'_>, #[description = "Name of the table"] name: String) -> Result<(), Error> {
    ctx.defer().await?;
    let announcement =
        ctx.channel_id().send_message(ctx, CreateMessage::new().content(format!("Table {name}"))).await?;
    let thread = ctx
        .channel_id()
        .create_thread_from_message(ctx, announcement.id, CreateThread::new(name).kind(ChannelType::PublicThread))
        .await?;
    thread.id.send_message(ctx, CreateMessage::new().content("Welcome to the table")).await?;
    ctx.say(format!("Table <#{}> is open", thread.id)).await?;
    Ok(())
}

async fn sides(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let choices =
        SIDES.iter().filter(|side| side.starts_with(partial)).map(|side| AutocompleteChoice::new(*side, *side));
    CreateAutocompleteResponse::new().set_choices(choices.collect())
}

/// Joins a side.
#[poise::command(slash_command)]
async fn join(
    ctx: Context<'_>,
    #[description = "Side"]
    #[autocomplete = "sides"]
    side: String,
) -> Result<(), Error> {
    ctx.say(format!("joined {side}")).await?;
    Ok(())
}

/// Offers the sides in a select menu, with a button that asks why.
#[poise::command(slash_command)]
async fn pick(ctx: Context<'_>) -> Result<(), Error> {
    let options = SIDES.iter().map(|side| CreateSelectMenuOption::new(*side, *side)).collect();
    let menu =
        CreateSelectMenu::new("pick:side", CreateSelectMenuKind::String { options }).placeholder("Choose a side");
    let why = CreateButton::new("pick:why").label("Why?");
    let rows = vec![CreateActionRow::SelectMenu(menu), CreateActionRow::Buttons(vec![why])];
    ctx.send(poise::CreateReply::default().content("Pick a side").components(rows)).await?;
    Ok(())
}

/// Resets the table (hosts only).
#[poise::command(slash_command, required_permissions = "MANAGE_GUILD")]
async fn reset(ctx: Context<'_>) -> Result<(), Error> {
    ctx.say(format!("reset by {}", ctx.author().name)).await?;
    Ok(())
}

/// Tries a reply with six action rows (Discord allows five), then reports what happened.
#[poise::command(slash_command)]
async fn oversized(ctx: Context<'_>) -> Result<(), Error> {
    let rows =
        (0..6).map(|i| CreateActionRow::Buttons(vec![CreateButton::new(format!("row:{i}")).label("x")])).collect();
    match ctx.send(poise::CreateReply::default().content("six rows").components(rows)).await {
        Ok(_) => ctx.say("accepted").await?,
        Err(error) => ctx.say(format!("refused: {error}")).await?,
    };
    Ok(())
}

/// Component and modal interactions go through the global event handler, routed by custom_id.
async fn on_event(framework: poise::FrameworkContext<'_, (), Error>, event: &FullEvent) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let FullEvent::InteractionCreate { interaction } = event else { return Ok(()) };
    let update = |content: String| {
        CreateInteractionResponse::UpdateMessage(CreateInteractionResponseMessage::new().content(content))
    };
    match interaction {
        Interaction::Component(component) => {
            let response = match (component.data.custom_id.as_str(), &component.data.kind) {
                ("ping:again", _) => CreateInteractionResponse::UpdateMessage(
                    CreateInteractionResponseMessage::new().content("pong again").components(vec![]),
                ),
                ("pick:side", ComponentInteractionDataKind::StringSelect { values }) => {
                    update(format!("picked {}", values.join(",")))
                }
                ("pick:why", _) => {
                    let reason = CreateInputText::new(InputTextStyle::Short, "Reason", "why:reason");
                    let modal = CreateModal::new("why:modal", "Why this side?");
                    CreateInteractionResponse::Modal(modal.components(vec![CreateActionRow::InputText(reason)]))
                }
                _ => return Ok(()),
            };
            component.create_response(ctx, response).await?;
        }
        Interaction::Modal(modal) if modal.data.custom_id == "why:modal" => {
            let reason = modal.data.components.iter().flat_map(|row| &row.components).find_map(|c| match c {
                ActionRowComponent::InputText(input) => input.value.clone(),
                _ => None,
            });
            let reply =
                CreateInteractionResponseMessage::new().content(format!("because {}", reason.unwrap_or_default()));
            modal.create_response(ctx, CreateInteractionResponse::Message(reply)).await?;
        }
        _ => {}
    }
    Ok(())
}

struct Bot {
    shards: Arc<serenity::ShardManager>,
    run: tokio::task::JoinHandle<Result<(), serenity::Error>>,
}

/// Starts the bot against the fake, wired exactly as production: proxy + ratelimiter off, new_with_http.
async fn start_bot(fake: &FakeDiscord) -> Bot {
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![qg()],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            initialize_owners: false,
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                let guild = serenity::GuildId::new(GUILD_ID);
                poise::builtins::register_in_guild(ctx, &framework.options().commands, guild).await?;
                Ok(())
            })
        })
        .build();
    let client = serenity::ClientBuilder::new_with_http(fake.http(), GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .expect("the client builds against the fake");
    fake.assert_local(&client).await;
    let shards = Arc::clone(&client.shard_manager);
    let mut client = client;
    let run = tokio::spawn(async move { client.start().await });
    Bot { shards, run }
}

impl Bot {
    async fn stop(self) {
        self.shards.shutdown_all().await;
        let finished = tokio::time::timeout(WAIT, self.run).await.expect("client.start() returns after shutdown_all");
        finished.expect("the client task did not panic").expect("the client stopped cleanly");
    }
}

fn message_id(message: &Value) -> u64 {
    FakeDiscord::id_of(message)
}

// ----- payload shapes, parsed by serenity itself -----

#[test]
fn every_payload_parses_with_serenity() {
    let frame = |t: &str, d: Value| json!({"op": 0, "s": 1, "t": t, "d": d});
    let ready = serde_json::from_value::<serenity::GatewayEvent>(frame(
        "READY",
        payloads::ready("s", "ws://x/ws", &[GUILD_ID]),
    ));
    match ready.expect("READY parses") {
        serenity::GatewayEvent::Dispatch(1, serenity::Event::Ready(ready)) => {
            assert_eq!(ready.ready.user.id.get(), payloads::BOT_USER_ID);
            assert_eq!(ready.ready.application.id.get(), payloads::APPLICATION_ID);
        }
        other => panic!("not READY: {other:?}"),
    }
    let channel = payloads::text_channel(CHANNEL_ID, "game-table", 0);
    let role = payloads::role(77, "Game Master", 0, 1);
    let guild =
        payloads::guild(GUILD_ID, "Theed", vec![channel.clone()], vec![role], perms::GAME_CHANNEL, 1_700_000_000_000);
    match serde_json::from_value::<serenity::GatewayEvent>(frame("GUILD_CREATE", guild)).expect("GUILD_CREATE parses") {
        serenity::GatewayEvent::Dispatch(_, serenity::Event::GuildCreate(create)) => {
            let guild = create.guild;
            assert!(guild.channels.contains_key(&serenity::ChannelId::new(CHANNEL_ID)));
            let bot = &guild.members[&serenity::UserId::new(payloads::BOT_USER_ID)];
            let permissions = guild.user_permissions_in(&guild.channels[&serenity::ChannelId::new(CHANNEL_ID)], bot);
            assert_eq!(permissions.bits(), perms::GAME_CHANNEL);
            assert!(guild.roles.contains_key(&serenity::RoleId::new(77)), "a role besides @everyone");
        }
        other => panic!("not GUILD_CREATE: {other:?}"),
    }
    let thread = payloads::thread_channel(GUILD_ID, 42, CHANNEL_ID, "t", (11, 1440), 1_700_000_000_000);
    match serde_json::from_value::<serenity::Channel>(thread).expect("thread parses") {
        serenity::Channel::Guild(thread) => assert_eq!(thread.kind, ChannelType::PublicThread),
        other => panic!("not a guild channel: {other:?}"),
    }
    let dm = payloads::dm_channel(43, payloads::user(user_id(1), "player1", false));
    assert!(matches!(serde_json::from_value::<serenity::Channel>(dm), Ok(serenity::Channel::Private(_))));
    serde_json::from_value::<serenity::CurrentApplicationInfo>(payloads::application_info()).expect("app info parses");
    serde_json::from_value::<serenity::CurrentUser>(payloads::bot_user()).expect("bot user parses");
    let fields = json!({"content": "hi", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Go", "custom_id": "go"},
        {"type": 2, "style": 5, "label": "Rules", "url": "https://example.invalid/rules"}]}]});
    let message = payloads::message(44, CHANNEL_ID, Some(GUILD_ID), 0, &fields);
    let message = serde_json::from_value::<serenity::Message>(message).expect("message parses");
    assert_eq!(message.components[0].components.len(), 2);
    let member = payloads::member(payloads::user(user_id(2), "player2", false), &[7], perms::PLAYER, 1_700_000_000_000);
    serde_json::from_value::<serenity::Member>(member).expect("member parses");
}

#[test]
fn permission_sets_match_serenity() {
    use serenity::Permissions as P;
    let game = P::VIEW_CHANNEL
        | P::SEND_MESSAGES
        | P::SEND_MESSAGES_IN_THREADS
        | P::CREATE_PUBLIC_THREADS
        | P::EMBED_LINKS
        | P::ATTACH_FILES
        | P::READ_MESSAGE_HISTORY
        | P::MANAGE_THREADS
        | P::ADD_REACTIONS
        | P::USE_EXTERNAL_EMOJIS;
    assert_eq!(game.bits(), perms::GAME_CHANNEL);
    assert!(P::from_bits_truncate(perms::PLAYER).contains(P::USE_APPLICATION_COMMANDS));
}

// ----- the limits checker on hand-made JSON -----

#[test]
fn limits_accept_a_message_at_every_limit() {
    let options: Vec<Value> = (0..25).map(|i| json!({"label": "l".repeat(100), "value": format!("v{i}")})).collect();
    let buttons: Vec<Value> =
        (0..5).map(|i| json!({"type": 2, "style": 1, "label": "b".repeat(80), "custom_id": format!("b{i}")})).collect();
    let message = json!({
        "content": "c".repeat(2000),
        "embeds": [{"title": "t".repeat(256), "description": "d".repeat(4096),
                    "fields": [{"name": "n".repeat(256), "value": "v".repeat(1024)}]}],
        "components": [
            {"type": 1, "components": buttons},
            {"type": 1, "components": [{"type": 3, "custom_id": "s".repeat(100), "options": options,
                                        "placeholder": "p".repeat(150), "min_values": 1, "max_values": 25}]},
            {"type": 1, "components": [{"type": 2, "style": 5, "label": "Rules", "url": "https://example.invalid"}]},
        ],
    });
    let files = [FileSize { bytes: payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT }];
    let found = limits::check_message(&message, &files, payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT, true);
    assert!(found.is_empty(), "{found:#?}");
}

#[test]
fn limits_report_each_broken_rule_where_it_is() {
    let options: Vec<Value> = (0..26).map(|i| json!({"label": format!("l{i}"), "value": "same"})).collect();
    let message = json!({
        "content": "c".repeat(2001),
        "embeds": [{"title": "t".repeat(257), "description": "d".repeat(4000)},
                   {"description": "d".repeat(2100), "fields": [{"name": "", "value": "v".repeat(1025)}]}],
        "components": [
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "l".repeat(81), "custom_id": "dup"},
                                       {"type": 2, "style": 2, "label": "ok", "custom_id": "dup"}]},
            {"type": 1, "components": [{"type": 3, "custom_id": "pick", "options": options},
                                       {"type": 2, "style": 1, "label": "x", "custom_id": "y"}]},
            {"type": 1, "components": [{"type": 2, "style": 5, "label": "link", "custom_id": "nope"}]},
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "id", "custom_id": "i".repeat(101)}]},
            {"type": 1, "components": []},
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "sixth", "custom_id": "six"}]},
        ],
    });
    let files: Vec<FileSize> = (0..11).map(|_| FileSize { bytes: 1 }).collect();
    let found = limits::check_message(&message, &files, payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT, true);
    let at: Vec<&str> = found.iter().map(|v| v.location.as_str()).collect();
    for expected in [
        "content",
        "embeds.0.title",
        "embeds.1.fields.0.name",
        "embeds.1.fields.0.value",
        "embeds",
        "components",
        "components.0.components.0.label",
        "components.0.components.1.custom_id",
        "components.1",
        "components.1.components.0.options",
        "components.1.components.0.options.1.value",
        "components.2.components.0.url",
        "components.2.components.0.custom_id",
        "components.3.components.0.custom_id",
        "components.4",
        "files",
    ] {
        assert!(at.contains(&expected), "no violation at {expected}; found {found:#?}");
    }
    assert!(found.iter().all(|v| v.code == codes::INVALID_FORM_BODY));

    let big = [FileSize { bytes: payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT + 1 }];
    let found = limits::check_message(&json!({"content": "map"}), &big, payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT, true);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].location.as_str(), found[0].code), ("files.0", codes::ENTITY_TOO_LARGE));

    let empty = limits::check_message(&json!({"content": ""}), &[], payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT, true);
    assert_eq!(empty.iter().map(|v| v.code).collect::<Vec<_>>(), [codes::EMPTY_MESSAGE]);
    let edit = limits::check_message(&json!({"components": []}), &[], payloads::DEFAULT_ATTACHMENT_SIZE_LIMIT, false);
    assert!(edit.is_empty(), "an edit may clear components: {edit:#?}");

    let choices: Vec<Value> = (0..26).map(|i| json!({"name": format!("c{i}"), "value": "v"})).collect();
    assert_eq!(limits::check_autocomplete(&json!({"choices": choices}))[0].location, "choices");
    let modal = json!({"title": "t".repeat(46), "custom_id": "m", "components": [
        {"type": 1, "components": [{"type": 4, "custom_id": "a", "label": "Why", "style": 1}]},
        {"type": 1, "components": [{"type": 2, "style": 1, "label": "no", "custom_id": "b"}]}]});
    let at: Vec<String> = limits::check_modal(&modal).into_iter().map(|v| v.location).collect();
    assert_eq!(at, ["title", "components.1"]);
}

#[test]
fn limits_check_command_registration() {
    let good = poise::builtins::create_application_commands(&[qg()]);
    let good = serde_json::to_value(good).expect("serializes");
    assert!(limits::check_commands(&good).is_empty(), "{:#?}", limits::check_commands(&good));
    let bad = json!([{"name": "Queen Gambit", "description": "", "options": [
        {"type": 3, "name": "a", "description": "optional"},
        {"type": 3, "name": "b", "description": "required after optional", "required": true},
        {"type": 3, "name": "a", "description": "d".repeat(101)}]}]);
    let at: Vec<String> = limits::check_commands(&bad).into_iter().map(|v| v.location).collect();
    assert_eq!(at, ["0.name", "0.description", "0.options.2.name", "0.options.1.required", "0.options.2.description"]);
}

// ----- the real bot through the fake -----

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn handshake_heartbeats_slash_reply_and_button_click() {
    let fake = FakeDiscord::start().await;
    fake.set_heartbeat_interval(Duration::from_millis(100));
    let bot = start_bot(&fake).await;
    assert_eq!(fake.ready().await, 1);

    // Heartbeats are acknowledged: serenity would reconnect (a second session) after an unanswered one.
    fake.wait_for_session(|s| s.heartbeats >= 2).await;
    let sessions = fake.sessions();
    assert_eq!(sessions.len(), 1, "no reconnection: {sessions:#?}");
    assert!(sessions[0].token.as_deref().is_some_and(|t| t.ends_with(TOKEN)));
    assert_eq!(sessions[0].intents, Some(GatewayIntents::non_privileged().bits()));

    let ping = fake.slash(user_id(1), CHANNEL_ID, "qg ping", &[]).await;
    let callback = fake.wait_for_callback(&ping).await;
    assert_eq!((callback.callback_type(), callback.status), (Some(4), 204));
    assert_eq!(callback.content(), Some("pong"));
    assert!(callback.is_ephemeral());
    assert_eq!(callback.custom_ids(), ["ping:again"]);
    let registered = fake.guild_commands();
    assert_eq!(registered.len(), 1);
    assert_eq!(registered[0]["name"], "qg");

    let reply = fake.original_message(&ping).expect("the reply is stored");
    let click = fake.click(user_id(1), message_id(&reply), "ping:again").await;
    let update = fake.wait_for_callback(&click).await;
    assert_eq!((update.callback_type(), update.content()), (Some(7), Some("pong again")));
    let updated = fake.message(message_id(&reply)).expect("still stored");
    assert_eq!(updated["content"], "pong again");
    assert_eq!(updated["components"], json!([]));
    assert_eq!(fake.responses_to(&ping).len(), 1);

    fake.assert_clean();
    bot.stop().await;
    fake.disconnected().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_post_with_png_arrives_intact() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;

    let command = fake.slash(user_id(2), CHANNEL_ID, "qg board", &[]).await;
    let [deferred, followup] = <[_; 2]>::try_from(fake.wait_for_responses(&command, 2).await).expect("two responses");
    assert_eq!(deferred.callback_type(), Some(5));
    assert!(deferred.is_ephemeral());
    assert_eq!((followup.method.as_str(), followup.content()), ("POST", Some("posted")));
    assert!(followup.path.starts_with(&format!("/webhooks/{}/", payloads::APPLICATION_ID)));
    // The first follow-up after a defer replaces the "thinking" message, which stays ephemeral.
    let original = fake.original_message(&command).expect("the deferred reply");
    assert_eq!((&original["content"], &original["flags"]), (&json!("posted"), &json!(64)));
    assert_eq!(followup.response["id"], original["id"]);

    let post = fake.wait_for(|r| r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")), WAIT).await;
    assert_eq!(post.content(), Some("The board"));
    assert_eq!(post.files.len(), 1);
    let file = &post.files[0];
    assert_eq!((file.field.as_str(), file.filename.as_str()), ("files[0]", "board.png"));
    assert_eq!(file.content_type.as_deref(), Some("image/png"));
    assert_eq!(file.bytes, PNG);
    assert_eq!(post.body["attachments"][0]["filename"], "board.png");
    assert_eq!(post.body["attachments"][0]["description"], "A test board", "what it shows, for screen readers");

    // The stored message carries a real attachment, downloadable from the fake (and only from it).
    let stored = fake.message(message_id(&post.response)).expect("stored");
    let attachment: serenity::Attachment = serde_json::from_value(stored["attachments"][0].clone()).expect("parses");
    assert_eq!((attachment.width, attachment.height, attachment.size), (Some(4), Some(3), PNG.len() as u32));
    assert!(attachment.url.starts_with(&fake.base_url()));
    assert_eq!(attachment.download().await.expect("download from the fake"), PNG);

    fake.assert_clean();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thread_from_message_and_post_inside() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;

    let command = fake.slash(user_id(3), CHANNEL_ID, "qg table", &[("name", json!("Naboo"))]).await;
    let responses = fake.wait_for_responses(&command, 2).await;
    assert_eq!(responses[0].callback_type(), Some(5));
    let threads = fake.threads_of(CHANNEL_ID);
    assert_eq!(threads.len(), 1);
    let thread = &threads[0];
    assert_eq!((thread["name"].as_str(), thread["type"].as_u64()), (Some("Naboo"), Some(11)));
    let thread_id = message_id(thread);
    assert_eq!(responses[1].content().map(str::to_string), Some(format!("Table <#{thread_id}> is open")));

    // The channel holds the deferred reply (edited into the last answer) and the announcement.
    let in_channel = fake.messages_in(CHANNEL_ID);
    let announcement = in_channel.iter().find(|m| m["content"] == "Table Naboo").expect("announced");
    assert_eq!(message_id(announcement), thread_id, "a thread on a message takes the message's id");
    assert_eq!(fake.message(thread_id).expect("stored")["thread"]["id"], json!(thread_id.to_string()));
    let inside = fake.messages_in(thread_id);
    assert_eq!(inside.len(), 1);
    assert_eq!(inside[0]["content"], "Welcome to the table");
    assert_eq!(fake.channel(thread_id).expect("known")["message_count"], 1);
    assert_eq!(fake.thread_members(thread_id), [payloads::BOT_USER_ID]);
    assert_eq!(fake.sessions().len(), 1, "THREAD_CREATE was parsed without a reconnection");

    // A slash command used inside the new thread carries the thread as its channel.
    let ping = fake.slash(user_id(3), thread_id, "qg ping", &[]).await;
    assert_eq!(fake.wait_for_callback(&ping).await.content(), Some("pong"));
    assert_eq!(fake.original_message(&ping).expect("stored")["channel_id"], json!(thread_id.to_string()));

    fake.assert_clean();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_then_command_with_the_choice() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;

    let typing = fake.autocomplete(user_id(4), CHANNEL_ID, "qg join", &[], ("side", "na")).await;
    let answer = fake.wait_for_callback(&typing).await;
    assert_eq!(answer.callback_type(), Some(8));
    assert_eq!(answer.body["data"]["choices"], json!([{"name": "naboo", "value": "naboo"}]));

    let join = fake.slash(user_id(4), CHANNEL_ID, "qg join", &[("side", json!("naboo"))]).await;
    assert_eq!(fake.wait_for_callback(&join).await.content(), Some("joined naboo"));

    fake.assert_clean();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn select_menu_button_modal_and_misuse() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;

    let command = fake.slash(user_id(9), CHANNEL_ID, "qg pick", &[]).await;
    assert_eq!(fake.wait_for_callback(&command).await.custom_ids(), ["pick:side", "pick:why"]);
    let menu = message_id(&fake.original_message(&command).expect("stored"));

    // Discord would never send these: the helpers refuse them rather than let a test hang.
    let refusal = |custom_id: &str, values: Option<&[&str]>| {
        fake.try_component_payload(user_id(9), menu, custom_id, values).expect_err("refused")
    };
    assert!(refusal("pick:side", Some(&["rebels"])).contains("offers no value \"rebels\""));
    assert!(refusal("pick:side", None).contains("use select, not click"));
    assert!(refusal("pick:nothing", None).contains("has no component"));

    let chosen = fake.select(user_id(9), menu, "pick:side", &["naboo"]).await;
    assert_eq!(fake.wait_for_callback(&chosen).await.content(), Some("picked naboo"));
    assert_eq!(fake.message(menu).expect("stored")["content"], "picked naboo");

    let why = fake.click(user_id(9), menu, "pick:why").await;
    let modal = fake.wait_for_callback(&why).await;
    assert_eq!(modal.callback_type(), Some(9));
    assert_eq!(modal.body["data"]["custom_id"], "why:modal");
    let submit =
        fake.submit_modal(user_id(9), CHANNEL_ID, "why:modal", &[("why:reason", "for the queen")], Some(menu)).await;
    assert_eq!(fake.wait_for_callback(&submit).await.content(), Some("because for the queen"));

    fake.assert_clean();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn webhook_routes_with_an_interaction_token() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;
    let ping = fake.slash(user_id(10), CHANNEL_ID, "qg ping", &[]).await;
    fake.wait_for_callback(&ping).await;

    // What the bot does later with the token (its own Http learns the application id from READY).
    let http = serenity::HttpBuilder::new(TOKEN)
        .proxy(fake.base_url())
        .ratelimiter_disabled(true)
        .application_id(serenity::ApplicationId::new(payloads::APPLICATION_ID))
        .build();
    let original = http.get_original_interaction_response(&ping.token).await.expect("@original");
    assert_eq!(original.content, "pong");
    assert!(original.flags.is_some_and(|f| f.contains(serenity::MessageFlags::EPHEMERAL)));
    let edited = http.edit_original_interaction_response(&ping.token, &json!({"content": "pong!"}), vec![]).await;
    let edited = edited.expect("edit @original");
    assert_eq!((edited.id, edited.content.as_str()), (original.id, "pong!"));
    assert!(edited.edited_timestamp.is_some());
    let more = json!({"content": "more", "flags": 64});
    let followup = http.create_followup_message(&ping.token, &more, vec![]).await.expect("follow-up");
    assert_ne!(followup.id, original.id);
    let edit = json!({"content": "more!"});
    let followup = http.edit_followup_message(&ping.token, followup.id, &edit, vec![]).await.expect("edit follow-up");
    assert_eq!(followup.content, "more!");
    assert_eq!(fake.responses_to(&ping).len(), 5, "callback, get, edit, follow-up, follow-up edit");

    let again = json!({"type": 4, "data": {"content": "again"}});
    let twice =
        http.create_interaction_response(serenity::InteractionId::new(ping.id), &ping.token, &again, vec![]).await;
    assert!(twice.expect_err("a second callback").to_string().contains("already been acknowledged"));
    assert_eq!(fake.violations()[0].code, codes::ALREADY_ACKNOWLEDGED);

    fake.expire_token(&ping);
    let late = http.create_followup_message(&ping.token, &json!({"content": "late"}), vec![]).await;
    assert!(late.expect_err("expired token").to_string().contains("Invalid Webhook Token"));

    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_bot_takes_over_and_old_buttons_still_work() {
    let fake = FakeDiscord::start().await;
    let first = start_bot(&fake).await;
    assert_eq!(fake.ready().await, 1);
    let ping = fake.slash(user_id(5), CHANNEL_ID, "qg ping", &[]).await;
    fake.wait_for_callback(&ping).await;
    let reply = message_id(&fake.original_message(&ping).expect("stored"));
    first.stop().await;
    fake.disconnected().await;

    let second = start_bot(&fake).await;
    assert_eq!(fake.ready().await, 2);
    let click = fake.click(user_id(5), reply, "ping:again").await;
    assert_eq!(fake.wait_for_callback(&click).await.content(), Some("pong again"));
    let again = fake.slash(user_id(5), CHANNEL_ID, "qg ping", &[]).await;
    assert_eq!(fake.wait_for_callback(&again).await.content(), Some("pong"));
    let sessions = fake.sessions();
    assert!(sessions[0].closed && !sessions[1].closed, "{sessions:#?}");
    assert_eq!(fake.requests().iter().filter(|r| r.is("GET", "/gateway")).count(), 2);

    fake.assert_clean();
    second.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_reply_is_refused_like_discord_would() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;

    let command = fake.slash(user_id(6), CHANNEL_ID, "qg oversized", &[]).await;
    let [refused, fallback] = <[_; 2]>::try_from(fake.wait_for_responses(&command, 2).await).expect("two callbacks");
    assert_eq!((refused.status, refused.response["code"].as_u64()), (400, Some(codes::INVALID_FORM_BODY)));
    assert_eq!((fallback.status, fallback.callback_type()), (204, Some(4)));
    assert!(fallback.content().is_some_and(|c| c.starts_with("refused:")), "{fallback:?}");
    let violations = fake.violations();
    assert_eq!(violations.len(), 1, "{violations:#?}");
    assert_eq!(violations[0].location, "data.components");
    assert!(violations[0].request.starts_with("POST /interactions/"));

    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn permissions_members_channels_and_upload_limit_are_the_tests_to_choose() {
    let fake = FakeDiscord::start().await;
    let bot = start_bot(&fake).await;
    fake.ready().await;

    // app_permissions reach poise's required_bot_permissions check.
    fake.set_app_permissions(perms::GAME_CHANNEL & !perms::ATTACH_FILES);
    let board = fake.slash(user_id(11), CHANNEL_ID, "qg board", &[]).await;
    let refusal = fake.wait_for_callback(&board).await;
    assert!(refusal.content().is_some_and(|c| c.contains("lacking permissions: Attach Files")), "{refusal:?}");

    // Member permissions reach required_permissions; the member's name reaches ctx.author().
    let host = user_id(12);
    let denied = fake.slash(host, CHANNEL_ID, "qg reset", &[]).await;
    assert!(fake.wait_for_callback(&denied).await.content().is_some_and(|c| c.contains("lacking permissions")));
    fake.set_member(host, "amidala", &[], perms::PLAYER | perms::MANAGE_GUILD);
    let allowed = fake.slash(host, CHANNEL_ID, "qg reset", &[]).await;
    assert_eq!(fake.wait_for_callback(&allowed).await.content(), Some("reset by amidala"));

    // A channel added by the test works like the default one.
    let lobby = fake.add_channel("lobby");
    let ping = fake.slash(user_id(11), lobby, "qg ping", &[]).await;
    assert_eq!(fake.wait_for_callback(&ping).await.content(), Some("pong"));
    assert_eq!(fake.original_message(&ping).expect("stored")["channel_id"], json!(lobby.to_string()));

    // The upload limit applies to channel posts too: a file above it is refused with 413.
    fake.set_app_permissions(perms::GAME_CHANNEL);
    fake.set_attachment_size_limit(50);
    let mark = fake.mark();
    let board = fake.slash(user_id(11), CHANNEL_ID, "qg board", &[]).await;
    let post = fake.wait_for_since(mark, |r| r.is("POST", &format!("/channels/{CHANNEL_ID}/messages")), WAIT).await;
    assert_eq!((post.status, post.response["code"].as_u64()), (413, Some(codes::ENTITY_TOO_LARGE)));
    assert_eq!(fake.violations()[0].location, "files.0");
    assert_eq!(fake.responses_to(&board)[0].callback_type(), Some(5));
    assert!(fake.requests_since(mark).iter().all(|r| r.seq >= mark));

    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_callback_gets_unknown_interaction() {
    let fake = FakeDiscord::start().await;
    fake.set_callback_deadline(Duration::ZERO);
    let bot = start_bot(&fake).await;
    fake.ready().await;

    let ping = fake.slash(user_id(7), CHANNEL_ID, "qg ping", &[]).await;
    let late = fake.wait_for_callback(&ping).await;
    assert_eq!((late.status, late.response["code"].as_u64()), (404, Some(codes::UNKNOWN_INTERACTION)));
    assert_eq!(fake.violations()[0].code, codes::UNKNOWN_INTERACTION);

    bot.stop().await;
}

// ----- REST alone, through serenity's Http -----

#[tokio::test]
async fn raw_rest_routes_errors_and_unknown_routes() {
    let fake = FakeDiscord::start().await;
    let http = fake.http();
    let channel = serenity::ChannelId::new(CHANNEL_ID);

    assert_eq!(http.get_bot_gateway().await.expect("gateway/bot").url, fake.gateway_url());
    assert_eq!(http.get_current_user().await.expect("users/@me").id.get(), payloads::BOT_USER_ID);
    let application = http.get_current_application_info().await.expect("what poise asks with initialize_owners");
    assert_eq!(application.id.get(), payloads::APPLICATION_ID);

    let too_long = http.send_message(channel, vec![], &json!({"content": "x".repeat(2001)})).await;
    assert!(too_long.is_err());
    let refused = fake.requests().pop().expect("recorded");
    assert_eq!(refused.line(), format!("POST /channels/{CHANNEL_ID}/messages"));
    assert_eq!(
        (refused.status, refused.response["errors"]["content"]["_errors"][0]["code"].as_str()),
        (400, Some("FAKE_DISCORD_LIMIT"))
    );

    let posted = channel.say(&http, "hello").await.expect("posted");
    let edited = channel.edit_message(&http, posted.id, serenity::EditMessage::new().content("hello again")).await;
    assert_eq!(edited.expect("edited").content, "hello again");
    assert!(channel.create_reaction(&http, posted.id, '👍').await.is_ok());

    let builder = CreateThread::new("side room").kind(ChannelType::PrivateThread);
    let thread = channel.create_thread(&http, builder).await.expect("thread");
    assert_eq!(thread.kind, ChannelType::PrivateThread);
    assert_eq!(thread.parent_id, Some(channel));
    let fetched = http.get_channel(thread.id).await.expect("the fake remembers the thread");
    assert_eq!(fetched.id(), thread.id);

    let player = serenity::UserId::new(user_id(8));
    fake.close_dms(player);
    let dm = http.create_private_channel(&json!({"recipient_id": player.to_string()})).await.expect("DM channel");
    let closed = dm.id.say(&http, "your hand").await.expect_err("DMs are closed");
    assert!(closed.to_string().contains("Cannot send messages to this user"), "{closed}");

    fake.fail_next("POST", &format!("/channels/{CHANNEL_ID}/messages"), 403, 50013, "Missing Permissions");
    let missing = channel.say(&http, "again").await.expect_err("injected failure");
    assert!(missing.to_string().contains("Missing Permissions"), "{missing}");

    assert!(http.get_guild_roles(serenity::GuildId::new(GUILD_ID)).await.is_err());
    let unknown = fake.unknown_routes();
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].line(), format!("GET /guilds/{GUILD_ID}/roles"));
    assert!(refused.authorization.as_deref().is_some_and(|a| a.ends_with(TOKEN)));
}
