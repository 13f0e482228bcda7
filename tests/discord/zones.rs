//! A player's time zone through the fake Discord: `/qg notify timezone:` takes a zone by its name in any
//! case and says the quiet hours in it; a zone the bot does not know is named and changes nothing. The
//! same command keeps a player's name off the web pages, or shows it again.
//! A server's admin names its players' default zone with `/qg-admin defaults timezone:`, the same way.
//! (Quiet hours across a daylight-saving change, in a player's zone or their server's: `service::zones`.)

use crate::support::{CHANNEL_ID, FakeDiscord, perms, user_id};
use serde_json::json;

const PLAYER: u64 = 41;
const ADMIN: u64 = 42;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_names_their_time_zone_and_a_wrong_one_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("zones.toml");
    std::fs::write(&config, "[limits]\ncommands_per_minute = 0\n").unwrap();
    let fake = FakeDiscord::start().await;
    let mut client = crate::support::real_bot(&fake, &dir.path().join("zones.db"), &config, "20261129").await;
    let shards = client.shard_manager.clone();
    let run = tokio::spawn(async move { client.start().await });
    fake.ready().await;
    let notify = async |options: &[(&str, serde_json::Value)]| {
        crate::discord::e2e::command(&fake, PLAYER, CHANNEL_ID, "qg notify", options).await
    };
    assert_eq!(notify(&[]).await, "Pings are on; no quiet hours. Your time zone: UTC.");
    let set = [("quiet_from", json!(22)), ("quiet_to", json!(7)), ("timezone", json!("america/new_york"))];
    assert_eq!(notify(&set).await, "Pings are on, except quiet hours 22:00-07:00 (America/New_York time).");
    let wrong = notify(&[("timezone", json!("Mars/Olympus_Mons")), ("pings", json!(false))]).await;
    assert_eq!(
        wrong,
        // What the member typed is shown as typed: escaped, so it never formats.
        "'Mars\\/Olympus\\_Mons' is not a time zone I know: pick one of the suggestions, or name it as Europe/Paris \
         or America/New_York are. Nothing was changed."
    );
    assert_eq!(notify(&[]).await, "Pings are on, except quiet hours 22:00-07:00 (America/New_York time).");
    // Their name on the web pages, off and on again.
    let off = notify(&[("name_on_pages", json!(false))]).await;
    assert!(
        off.ends_with(
            " Your name is kept off the web pages (they show \"a player\"), and the names kept were forgotten."
        ),
        "{off}"
    );
    let on = notify(&[("name_on_pages", json!(true))]).await;
    assert!(
        on.ends_with(" Your name on the server shows on the web pages' leaderboards (from your next seat)."),
        "{on}"
    );
    // The server's default zone, for players who name none.
    fake.set_member(user_id(ADMIN), "admin", &[], perms::PLAYER | perms::MANAGE_GUILD);
    let defaults = async |options: &[(&str, serde_json::Value)]| {
        crate::discord::e2e::command(&fake, ADMIN, CHANNEL_ID, "qg-admin defaults", options).await
    };
    let set = defaults(&[("timezone", json!("europe/paris"))]).await;
    assert!(
        set.starts_with("Saved: ") && set.ends_with(" Players who named no time zone are on Europe/Paris time."),
        "{set}"
    );
    let wrong = defaults(&[("timezone", json!("Europe/Atlantis"))]).await;
    assert_eq!(
        wrong,
        "'Europe\\/Atlantis' is not a time zone I know: pick one of the suggestions, or name it as Europe/Paris or \
         America/New_York are. Nothing was changed."
    );
    assert!(defaults(&[]).await.ends_with(" Players who named no time zone are on Europe/Paris time."), "unchanged");
    let cleared = defaults(&[("clear", json!(2))]).await;
    assert!(cleared.ends_with(" Players who named no time zone are on UTC time."), "{cleared}");
    shards.shutdown_all().await;
    run.abort();
}
