//! The layers hold (README, "For developers"): each folder of src uses only the layers below it. Read
//! from the source itself, so a new import across a layer fails here with the file and the line.

use std::path::Path;

/// Every line of every file under `src/<dir>`: its file, its number and its text.
fn lines_of(dir: &str) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir)];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text.lines().enumerate() {
                out.push((path.display().to_string(), i + 1, line.to_string()));
            }
        }
    }
    out
}

/// Every `crate::<layer>` a file of `src/<dir>` names, with the file and line.
fn uses(dir: &str) -> Vec<(String, usize, String)> {
    let mut out = Vec::new();
    for (file, number, line) in lines_of(dir) {
        let mut rest = line.as_str();
        while let Some(at) = rest.find("crate::") {
            let path = &rest[at + 7..];
            // The first game's rules and computer players are layers of their own.
            let name: String = if path.starts_with("games::queens_gambit::rules") {
                "rules".into()
            } else if path.starts_with("games::queens_gambit::ai") {
                "ai".into()
            } else {
                path.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
            };
            out.push((file.clone(), number, name));
            rest = &rest[at + 7..];
        }
    }
    out
}

/// The first game's rules and computer players, and the names every layer reaches them by
/// (`crate::games::queens_gambit::rules`, `crate::games::queens_gambit::ai`).
const RULES: &str = "games/queens_gambit/rules";
const AI: &str = "games/queens_gambit/ai";

fn assert_only(dir: &str, allowed: &[&str]) {
    assert_only_but(dir, allowed, &[]);
}

/// `assert_only`, but for the files of the games' own rooms (`rooms`, folders under `src/<dir>`), which
/// are checked on their own.
fn assert_only_but(dir: &str, allowed: &[&str], rooms: &[&str]) {
    let own = match dir {
        RULES => "rules",
        AI => "ai",
        _ => dir.split('/').next().unwrap_or(dir),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(dir);
    let in_room = |file: &str| rooms.iter().any(|r| file.starts_with(&root.join(r).display().to_string()));
    let wrong: Vec<String> = uses(dir)
        .into_iter()
        .filter(|(file, _, _)| !in_room(file))
        .filter(|(_, _, layer)| layer != own && !allowed.contains(&layer.as_str()))
        .map(|(file, line, layer)| format!("{file}:{line} uses {layer}"))
        .collect();
    assert!(wrong.is_empty(), "src/{dir} may use only {allowed:?}:\n{}", wrong.join("\n"));
}

#[test]
fn the_rules_know_nothing_of_the_layers_above() {
    assert_only(RULES, &[]);
}

#[test]
fn the_games_are_pure_rules_and_a_second_game_needs_nothing_of_the_first() {
    assert_only("games", &["rules", "ai"]);
    assert_only("games/stratego", &["games"]);
}

#[test]
fn pictures_and_text_are_drawn_from_the_rules_alone() {
    assert_only("render", &["rules", "games"]);
    assert_only("text", &["rules"]);
}

#[test]
fn only_the_service_touches_the_store() {
    assert_only("store", &["rules", "ratings"]);
    assert_only("service", &["rules", "store", "ops", "config", "ai", "games", "ratings"]);
    // The ratings are arithmetic over finished games: they know nothing of ours.
    assert_only("ratings", &[]);
    assert_only("ops", &["config"]);
}

#[test]
fn the_bot_translates_through_the_service_and_never_reaches_the_terminal_or_the_store() {
    // Each game's own room on Discord names its game; the rest of the bot names none.
    let rooms = ["queens_gambit", "stratego"];
    assert_only_but("discord", &["rules", "render", "text", "service", "ops", "config"], &rooms);
    for room in rooms {
        assert_only(&format!("discord/{room}"), &["rules", "render", "text", "service", "ops", "config", "games"]);
    }
    assert_only(
        "cli",
        &["rules", "render", "text", "service", "ops", "config", "discord", "web", "ai", "games", "ratings"],
    );
}

#[test]
fn the_web_pages_read_the_service_and_no_other_front_end() {
    assert_only("web", &["service", "render", "config"]);
}

#[test]
fn a_computer_player_sees_only_its_seat() {
    // An agent is given its seat's view and the question (`ai::Seen`): it uses the rules' types, never the
    // engine's game or its state, so it cannot read another seat's hand, the real queen or the decks. Of
    // the games' shared layer it names only what every game's computer shares: the levels' budgets
    // (`games::effort`) and the seam's player (`games::Player`, `games::NoAnswer`), never a game's table.
    assert_only(AI, &["rules", "games"]);
    let shared: Vec<String> = naming(AI, "crate::games::")
        .into_iter()
        .filter(|l| {
            l.split("crate::games::").skip(1).any(|rest| {
                ![
                    "effort",
                    "program",
                    "rating",
                    "sprt",
                    "Player",
                    "NoAnswer",
                    "queens_gambit::rules",
                    "queens_gambit::ai",
                ]
                .iter()
                .any(|n| rest.starts_with(n))
            })
        })
        .collect();
    assert!(
        shared.is_empty(),
        "src/games/queens_gambit/ai names more of the games than their computers share:\n{}",
        shared.join("\n")
    );
    for word in ["Game", "State", "testing", ".state()"] {
        let found: Vec<String> = naming(AI, word).into_iter().filter(|l| !l.contains("GameRng")).collect();
        assert!(found.is_empty(), "src/games/queens_gambit/ai names {word}:\n{}", found.join("\n"));
    }
}

/// Every line of the files of `src/<dir>` (comments and doc comments left out) that contains `word`.
fn naming(dir: &str, word: &str) -> Vec<String> {
    lines_of(dir)
        .into_iter()
        .filter(|(_, _, line)| line.split("//").next().unwrap_or("").contains(word))
        .map(|(file, number, line)| format!("{file}:{number}: {}", line.trim()))
        .collect()
}

#[test]
fn the_bot_reaches_no_secret_except_through_a_seat_pass() {
    // The host's pass opens every secret: the bot (and the web pages) never makes one, nor asks as the host, nor reaches the
    // calls that take it (the whole engine game, a replay script with its seed). It never holds an
    // engine game either, so a state or a view for any reader is out of its reach; a seat's secrets come
    // only with the `SeatPass` the service gives the seat's holder.
    for word in
        ["HostPass", "host::terminal", "Caller::host", ".engine(", ".export(", "rules::Game", "Game::", "testing"]
    {
        for front in ["discord", "web"] {
            let found = naming(front, word);
            assert!(found.is_empty(), "src/{front} names {word}:\n{}", found.join("\n"));
        }
    }
}

#[test]
fn only_tests_read_a_games_whole_state_through_the_testing_trait() {
    for dir in [RULES, "games/stratego", "render", "text", "store", "service", "ops", "discord", "web", "cli", AI] {
        let found: Vec<String> = naming(dir, "testing::")
            .into_iter()
            .filter(|l| !l.contains("src/games/queens_gambit/rules/testing.rs"))
            .collect();
        assert!(found.is_empty(), "src/{dir} uses the tests' access:\n{}", found.join("\n"));
    }
}

#[test]
fn the_rules_show_a_curated_surface_and_keep_their_modules_private() {
    // Everything outside the rules names the engine through `rules::` re-exports; the modules that stay
    // public are the component data, the replay scripts, the words and the tests' own door.
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src").join(RULES).join("mod.rs")).unwrap();
    let public: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|rest| rest.trim_end_matches([';', '{', ' ']))
        .collect();
    assert_eq!(public, ["data", "script", "testing", "words"], "public modules of the rules");
}

/// Whether a line of code (its comment left out) names a game: its module, its key or its name.
fn names_a_game(line: &str) -> bool {
    let code = line.split("//").next().unwrap_or("").to_lowercase();
    let declares = code.trim().trim_start_matches("pub ").starts_with("mod ");
    !declares && ["queens_gambit", "stratego", "queen's gambit"].iter().any(|n| code.contains(n))
}

#[test]
fn outside_each_games_own_folders_and_the_registries_no_file_names_a_game() {
    // Each game lives in its folders (`games/<game>`, and its rooms in each front end and layer); the
    // registries name every game once. A file anywhere else that names a game fails here.
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut naming = Vec::new();
    for (file, number, line) in lines_of("") {
        let name = file.strip_prefix(&format!("{}/", src.display())).unwrap_or(&file).to_string();
        let own = name.split('/').any(|part| part == "queens_gambit" || part == "stratego");
        let registry = name.ends_with("registry.rs") || name == "games/catalog.rs";
        if !own && !registry && names_a_game(&line) {
            naming.push(format!("src/{name}:{number}: {}", line.trim()));
        }
    }
    assert!(naming.is_empty(), "these lines name a game outside its folders:\n{}", naming.join("\n"));
    // The finder sees a game's name where it is written.
    assert!(names_a_game("use crate::games::stratego::View;") && names_a_game("let k = \"queens_gambit\";"));
    assert!(!names_a_game("pub mod stratego;") && !names_a_game("// the first game, queens_gambit"));
}
