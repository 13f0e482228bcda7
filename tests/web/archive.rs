//! A server's archive and a finished game's replay viewer through HTTP: the archive is reached by a link
//! signed for the server and lists its finished games; a replay steps through every move with the board
//! and the words a spectator had then, and only its last step tells what the end tells (every piece,
//! the setups, the seed, the script). The archive also tells how the server's games went, game by game,
//! and shows its leaderboards by the names the players go by there, each with their statistics.

use super::pages::{EVIL, GOOD, get, member, served};
use gambit::service::{Caller, Chosen, NewGameRequest, Person, Power, Service};

/// Play `moves` moves of the Stratego game, each side's first legal choice, then Good concedes.
async fn finish(svc: &Service, game: i64, moves: usize) {
    for i in 0..moves {
        let user = if i % 2 == 0 { EVIL } else { GOOD };
        let choice = svc.table_leaves(&member(user), game).await.unwrap().remove(0).id;
        svc.choose(&member(user), game, None, Chosen::Typed, &choice).await.map_err(|r| r.error).unwrap();
    }
    svc.concede(&member(GOOD), game).await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_in_its_servers_archive_and_replays_step_by_step() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, game, base) = served(&dir).await;
    let link = svc.game_link(&member(EVIL), game).await.unwrap();
    // Not over: no replay, no script.
    for path in ["/replay", "/script.txt"] {
        let answer = get(&format!("{base}/g/{link}{path}")).await;
        assert_eq!(answer.status(), 404, "{path}");
        assert!(answer.text().await.unwrap().contains("Not over yet"));
    }
    // What the public saw before the first move, and what Evil alone saw.
    let start = svc.table_seen(&member("333"), game).await.unwrap().text;
    let evil = svc.table_seen(&member(EVIL), game).await.unwrap().text;
    let secret: Vec<String> = evil
        .lines()
        .filter(|l| !start.contains(*l) && l.trim().len() > 8)
        .map(|l| maud::html! { (l) }.into_string())
        .collect();
    assert!(!secret.is_empty());
    finish(&svc, game, 4).await;

    let archive = svc.archive_link(&member(GOOD)).await.unwrap();
    let page = get(&format!("{base}/a/{archive}")).await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains(&format!("Game {game} · Stratego")) && html.contains("conceded"), "{html}");
    assert!(html.contains(&format!("/g/{link}/replay")) && html.contains("Evil: a player"), "{html}");
    // How the server's games went: the sides' wins and the game's own figures.
    assert!(html.contains("Stratego on this server") && html.contains("Of 1 game: Evil won 1."), "{html}");
    assert!(html.contains("Ended by: a concession ×1") && html.contains("Turns a game: 4"), "{html}");
    assert!(html.contains("The computer on the same scale: easy 1,162, normal 1,500, hard 1,562."), "{html}");
    // Another server's archive lists none of this one's games; a forged one leads nowhere.
    let elsewhere = Caller::member(Person::new(GOOD, false), "777", "888", Power::default());
    let other = svc.archive_link(&elsewhere).await.unwrap();
    let html = get(&format!("{base}/a/{other}")).await.text().await.unwrap();
    assert!(html.contains("No game has finished here yet") && !html.contains(&format!("Game {game}")));
    assert!(!html.contains("on this server</h2>"), "nothing of another server's games");
    let forged = format!("{}-{}", archive.split_once('-').unwrap().0, "0".repeat(24));
    assert_eq!(get(&format!("{base}/a/{forged}")).await.status(), 404);

    // Before the first move: the spectators' board then, no rank of Evil's.
    let html = get(&format!("{base}/g/{link}/replay?step=0")).await.text().await.unwrap();
    assert!(html.contains("Before the first move") && html.contains(&maud::html! { (start) }.into_string()));
    assert!(secret.iter().all(|l| !html.contains(l)), "none of Evil's own rows before the end");
    assert!(!html.contains("Check the dice"), "the end is told at the end alone");
    // Each move in the spectators' words, with its picture.
    let first = get(&format!("{base}/g/{link}/replay?step=1")).await.text().await.unwrap();
    assert!(first.contains("Move 1") && first.contains("Evil moved"), "{first}");
    assert!(secret.iter().all(|l| !first.contains(l)));
    let png = get(&format!("{base}/g/{link}/replay/board.png?step=1")).await;
    assert_eq!(png.headers()["content-type"], "image/png");
    // The end: everything shown, the setups, the seed and its seal, the script.
    let end = get(&format!("{base}/g/{link}/replay?step=999")).await.text().await.unwrap();
    let row = svc.game_row(game).await.unwrap();
    let seal = gambit::service::seal(game, row.seed);
    for said in ["conceded", "every piece shown", "The setups", "Check the dice", seal.as_str()] {
        assert!(end.contains(said), "{said}: {end}");
    }
    assert!(end.contains(&row.seed.to_string()));
    assert_eq!(get(&format!("{base}/g/{link}/replay/setups.png")).await.status(), 200);
    let script = get(&format!("{base}/g/{link}/script.txt")).await.text().await.unwrap();
    assert!(script.contains("game stratego") && script.contains(&format!("seed {}", row.seed)), "{script}");
    assert!(matches!(svc.verify(game).await, gambit::service::Verdict::Replays { .. }));
}

/// The archive's leaderboard names each player as they go by on the server (kept as they took a seat,
/// the latest seat's name), never by a Discord id; each name leads to that player's statistics, in the
/// same words as `/stratego stats` with people named. A player may keep their name off the pages. A
/// made-up player link, a game this bot does not host, and another server's archive show nothing of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_archive_names_its_leaderboard_and_each_name_leads_to_their_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, _, base) = served(&dir).await;
    let named = |user: &str, name: &str| member(user).named(name);
    let req =
        NewGameRequest { game: "stratego".into(), options: "variant 2".into(), seed: Some(9), ..Default::default() };
    let game = svc.create(&named(EVIL, "Vader <b>"), req).await.unwrap();
    svc.join(&named(GOOD, "Leia"), game, None).await.unwrap();
    svc.start(&member(EVIL), game).await.unwrap();
    for user in [EVIL, GOOD] {
        svc.choose(&member(user), game, None, Chosen::Typed, "setup random").await.map_err(|r| r.error).unwrap();
    }
    finish(&svc, game, 2).await;

    let archive = svc.archive_link(&member(GOOD)).await.unwrap();
    let html = get(&format!("{base}/a/{archive}")).await.text().await.unwrap();
    assert!(html.contains("<caption>Stratego leaderboard · one against one</caption>"), "{html}");
    let (vader, leia) =
        (html.find("Vader &lt;b&gt;").expect("the winner, escaped"), html.find(">Leia<").expect("Leia"));
    assert!(vader < leia, "the winner first: {html}");
    assert!(html.contains("(provisional)") && !html.contains(EVIL) && !html.contains(GOOD), "no member's id: {html}");
    let page_of = |at: usize| {
        let before = &html[..at];
        let start = before.rfind("href=\"").unwrap() + 6;
        html[start..].split('"').next().unwrap().to_string()
    };
    let leias = page_of(leia);
    assert!(leias.starts_with(&format!("/a/{archive}/stratego/")), "{leias}");

    let page = get(&format!("{base}{leias}")).await;
    assert_eq!(page.status(), 200);
    let theirs = page.text().await.unwrap();
    assert!(theirs.contains("<h1>Leia · Stratego statistics</h1>"), "{theirs}");
    for said in [
        "Games: 1 finished (0 won, 1 lost)",
        "By side: as Good 0 won, 1 lost",
        "Played most: Vader &lt;b&gt; (1 game)",
        "Ended by: a concession ×1",
    ] {
        assert!(theirs.contains(said), "{said}: {theirs}");
    }
    assert!(theirs.contains("Rating: ") && !theirs.contains(EVIL) && !theirs.contains(GOOD), "{theirs}");

    // A later seat's name replaces the one kept.
    let later = NewGameRequest { game: "stratego".into(), options: "variant 2".into(), ..Default::default() };
    svc.create(&named(GOOD, "Leia Organa"), later).await.unwrap();
    let html = get(&format!("{base}/a/{archive}")).await.text().await.unwrap();
    assert!(html.contains(">Leia Organa<"), "{html}");
    assert!(get(&format!("{base}{leias}")).await.text().await.unwrap().contains("Leia Organa · Stratego"));

    // Leia keeps her name off the pages: it is forgotten at once, and a new seat keeps none; shown again,
    // her next seat's name is kept.
    svc.show_name(&member(GOOD), false).await.unwrap();
    let html = get(&format!("{base}/a/{archive}")).await.text().await.unwrap();
    assert!(!html.contains("Leia") && html.contains(">a player<") && html.contains("Vader"), "{html}");
    let another = NewGameRequest { game: "stratego".into(), options: "variant 2".into(), ..Default::default() };
    svc.create(&named(GOOD, "Leia"), another.clone()).await.unwrap();
    assert!(!get(&format!("{base}/a/{archive}")).await.text().await.unwrap().contains("Leia"));
    assert!(get(&format!("{base}{leias}")).await.text().await.unwrap().contains("<h1>a player · Stratego"));
    svc.show_name(&member(GOOD), true).await.unwrap();
    assert!(!get(&format!("{base}/a/{archive}")).await.text().await.unwrap().contains("Leia"), "from the next seat");
    svc.create(&named(GOOD, "Leia"), another).await.unwrap();
    assert!(get(&format!("{base}/a/{archive}")).await.text().await.unwrap().contains(">Leia<"));

    // Nothing for a made-up player, a game not hosted, or another server's archive.
    let made_up = format!("/a/{archive}/stratego/{}", "0".repeat(24));
    let not_hosted = leias.replace("/stratego/", "/chess/");
    for path in [made_up.as_str(), not_hosted.as_str(), &leias.replace("/stratego/", "/queens-gambit/")] {
        assert_eq!(get(&format!("{base}{path}")).await.status(), 404, "{path}");
    }
    let elsewhere = Caller::member(Person::new(GOOD, false), "777", "888", Power::default());
    let other = svc.archive_link(&elsewhere).await.unwrap();
    assert!(!get(&format!("{base}/a/{other}")).await.text().await.unwrap().contains("Leia"));
    let (_, signature) = leias.rsplit_once('/').unwrap();
    assert_eq!(
        get(&format!("{base}/a/{other}/stratego/{signature}")).await.status(),
        404,
        "signed for this server only"
    );
}

/// The first game replays too: its moves in the spectators' words, and at the end the recap's words.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_first_game_replays_with_its_recap_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let (svc, _, base) = served(&dir).await;
    let game = super::pages::first_game(&svc).await;
    // Naboo's player chooses the real queen in secret, then concedes.
    let queen = svc.table_leaves(&member(GOOD), game).await.unwrap().remove(0).id;
    svc.choose(&member(GOOD), game, None, Chosen::Typed, &queen).await.map_err(|r| r.error).unwrap();
    svc.concede(&member(GOOD), game).await.unwrap();
    let link = svc.game_link(&member(EVIL), game).await.unwrap();
    let end = get(&format!("{base}/g/{link}/replay?step=999")).await;
    assert_eq!(end.status(), 200);
    let html = end.text().await.unwrap();
    assert!(html.contains("Check the dice") && html.contains("It lasted"), "{html}");
    assert!(html.contains("real queen"), "what only the end tells: {html}");
    let before = get(&format!("{base}/g/{link}/replay?step=0")).await.text().await.unwrap();
    let told = html.split("<p>").find(|p| p.starts_with("The real queen")).expect("the real queen named at the end");
    let told = told.split("</p>").next().unwrap();
    assert!(!before.contains(told), "told at the end alone: {told}");
}
