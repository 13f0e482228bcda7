//! The terminal game: numbered options, typed choices, clear messages on bad input, saved and continued.

use gambit::cli::queens_gambit::play::{Options, run};
use gambit::games::queens_gambit::ai::Spec;
use gambit::games::queens_gambit::rules::{Mode, Seat};
use gambit::service::Service;

async fn play(svc: &Service, random: Vec<Seat>, game: Option<i64>, input: &str) -> (i64, String) {
    let mut out = Vec::new();
    let computers = random.into_iter().map(|s| (s, Spec::Greedy)).collect();
    let opts = Options { mode: Mode::TwoPlayer, seed: Some(5), computers, game };
    let id = run(svc, &opts, input.as_bytes(), &mut out).await.unwrap();
    (id, String::from_utf8(out).unwrap())
}

async fn service() -> (tempfile::TempDir, Service) {
    let dir = tempfile::tempdir().unwrap();
    let svc = Service::open(&dir.path().join("cli.db")).await.unwrap();
    (dir, svc)
}

#[tokio::test]
async fn two_random_seats_play_a_whole_saved_game() {
    let (_dir, svc) = service().await;
    let (id, out) = play(&svc, vec![Seat(0), Seat(1)], None, "").await;
    assert!(out.contains("Game over: "), "{}", &out[out.len().saturating_sub(500)..]);
    assert!(matches!(svc.verify(id).await, gambit::service::Verdict::Consistent { .. }));
}

#[tokio::test]
async fn a_human_gets_numbered_options_and_clear_messages_for_bad_input() {
    let (_dir, svc) = service().await;
    let (_, out) = play(&svc, vec![Seat(0)], None, "help\nbogus words\n99\nboard\n2\nstatus\nhand\nquit\n").await;
    assert!(out.contains("Naboo: Choose which queen is the real Queen Amidala (secret)"));
    assert!(out.contains("   1. Red Queen is real"));
    assert!(out.contains("'bogus words': not a choice"), "{out}");
    assert!(out.contains("there is no option 99 (1 to 2)"));
    assert!(out.contains("Plains of Naboo"), "the board command prints the maps");
    assert!(out.contains("Naboo has secretly chosen the real queen."));
    assert!(out.contains("The real queen is the Purple Queen (secret)."), "a lone human sees its own secrets");
    assert!(out.contains("Naboo: 10 cards in hand"), "status");
    // The human never sees the other side's cards, nor its plan being built.
    assert!(!out.contains("Trade Federation gets:"));
    assert!(!out.contains("Trade Federation (random): Add"), "{out}");
    assert!(out.contains("Trade Federation locked in."));
}

#[tokio::test]
async fn a_game_closed_in_the_terminal_continues_where_it_stopped() {
    let (_dir, svc) = service().await;
    let (id, out) = play(&svc, vec![Seat(0)], None, "queen red_queen\nplan add XX99\n").await;
    assert!(out.contains("The real queen is the Red Queen (secret)."));
    assert!(out.contains("there is no card XX99"), "{out}");
    assert!(out.contains(&format!("continue with `gambit play --game {id}`")));
    let (again, out) = play(&svc, Vec::new(), Some(id), "status\nquit\n").await;
    assert_eq!(again, id);
    assert!(out.contains("Plan your 4 cards for round 1"), "the queen choice was kept: {out}");
}
