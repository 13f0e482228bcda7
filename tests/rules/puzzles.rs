//! Puzzles for the computer players: positions built with the replay format's `place`, `remove` and
//! `anakin` (tests/puzzles), each naming the seat to move and what it must do: take a win available this
//! action (`win`, `choose CHOICE`), or not give the game away (`survive`). Every level must solve every
//! puzzle; each puzzle is also checked to be one (the wrong line loses, or the right one wins).

use crate::common::data;
use gambit::games::queens_gambit::ai::{Agent, Seen, Settings, Spec, agent};
use gambit::games::queens_gambit::rules::script::{self, Script};
use gambit::games::queens_gambit::rules::{Choice, Game, Seat, Side, Viewer};

/// What a puzzle asks of its seat.
#[derive(Debug)]
enum Goal {
    /// Win before the card in play is done.
    Win,
    /// Answer the question with this choice.
    Choose(String),
    /// Still be in the game when the card in play is done.
    Survive,
}

struct Puzzle {
    name: String,
    seat: Seat,
    goal: Goal,
    game: Game,
}

fn puzzle(name: &str) -> Puzzle {
    let path = format!("{}/tests/puzzles/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let line = text.lines().find_map(|l| l.strip_prefix("# puzzle: ")).expect("a '# puzzle:' line");
    let (seat, goal) = line.split_once(' ').unwrap();
    let seat = Seat::from_key(gambit::games::queens_gambit::rules::Mode::TwoPlayer, seat).unwrap();
    let goal = match goal.trim() {
        "win" => Goal::Win,
        "survive" => Goal::Survive,
        g => Goal::Choose(g.strip_prefix("choose ").expect("win, survive or choose CHOICE").to_string()),
    };
    let s = Script::parse(&data(), &text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let game = script::run(data(), &s).unwrap_or_else(|e| panic!("{name}: {e}")).game;
    assert!(game.decision_for(seat).is_some(), "{name}: {seat:?} must be asked first");
    Puzzle { name: name.to_string(), seat, goal, game }
}

/// The question `seat` is asked now, as the agent is given it.
fn seen(game: &Game, seat: Seat) -> Seen {
    let q = game.question_for(seat).unwrap();
    Seen::new(seat, game.view(Viewer::Seat(seat)), &q).with_worlds(game.worlds(seat))
}

/// Play the card in play out: the puzzle's seat by `solver`, anyone else by the easy level. Returns the
/// game when the card is done, the game over, or 60 steps taken.
fn play_card(mut game: Game, seat: Seat, solver: &mut dyn Agent) -> Game {
    let card = game.view(Viewer::Spectator).playing;
    let mut other =
        agent(&Spec::Level(gambit::games::queens_gambit::ai::Level::Easy), &data(), 1, &Settings::default());
    for _ in 0..60 {
        if game.outcome().is_some() || game.view(Viewer::Spectator).playing != card {
            break;
        }
        let Some(dec) = game.pending().first().cloned() else { break };
        let who: &mut dyn Agent = if dec.seat == seat { solver } else { other.as_mut() };
        let choice = who.choose(&seen(&game, dec.seat)).unwrap();
        game.act(dec.seat, &choice).unwrap();
    }
    game
}

/// Whether `agent` solves the puzzle.
fn solves(p: &Puzzle, solver: &mut dyn Agent) -> Result<(), String> {
    match &p.goal {
        Goal::Choose(want) => {
            let got = solver.choose(&seen(&p.game, p.seat)).unwrap();
            let want = Choice::parse(&data(), want).unwrap();
            if got == want { Ok(()) } else { Err(format!("chose {got:?}, not {want:?}")) }
        }
        Goal::Win => {
            let end = play_card(p.game.clone(), p.seat, solver);
            match end.outcome() {
                Some(o) if o.winner == p.seat.side() => Ok(()),
                other => Err(format!("the card ended with {other:?}")),
            }
        }
        Goal::Survive => {
            let end = play_card(p.game.clone(), p.seat, solver);
            match end.outcome() {
                Some(o) if o.winner != p.seat.side() => Err(format!("lost: {o:?}")),
                _ => Ok(()),
            }
        }
    }
}

const PUZZLES: [&str; 3] = ["throne-room-win.txt", "control-ship-win.txt", "throne-room-defence.txt"];

#[test]
fn every_level_solves_every_puzzle() {
    let d = data();
    // Small budgets keep the test quick; the levels' order of strength stays.
    let settings = Settings::default().scaled(0.1);
    let mut failed = Vec::new();
    for name in PUZZLES {
        let p = puzzle(name);
        for level in ["easy", "normal", "hard"] {
            for seed in 1..=3 {
                let mut solver = agent(&level.parse::<Spec>().unwrap(), &d, seed, &settings);
                if let Err(why) = solves(&p, solver.as_mut()) {
                    failed.push(format!("{} at {level} (seed {seed}): {why}", p.name));
                }
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn each_puzzle_is_one_the_wrong_line_loses_or_the_right_line_wins() {
    let d = data();
    let act = |g: &mut Game, seat: Seat, text: &str| g.act(seat, &Choice::parse(&d, text).unwrap()).unwrap();
    let naboo = Seat::of(
        gambit::games::queens_gambit::rules::Mode::TwoPlayer,
        Side::Naboo,
        gambit::games::queens_gambit::rules::Role::Field,
    );
    let tf = Seat::of(
        gambit::games::queens_gambit::rules::Mode::TwoPlayer,
        Side::Tf,
        gambit::games::queens_gambit::rules::Role::Field,
    );
    // The throne room: through the door wins; staying out does not.
    let p = puzzle("throne-room-win.txt");
    let mut g = p.game.clone();
    act(&mut g, naboo, "unit 3F3");
    act(&mut g, naboo, "move 3F4");
    assert_eq!(g.outcome().map(|o| o.winner), Some(Side::Naboo));
    let mut g = p.game.clone();
    act(&mut g, naboo, "done");
    assert_eq!(g.outcome(), None, "doing nothing wins nothing");
    // The Control Ship: the Gungan group's action cannot win.
    let p = puzzle("control-ship-win.txt");
    assert!(p.game.decision_for(naboo).unwrap().options.contains(&Choice::Action(1)), "the other action is there");
    // The defence: the droid leaving the throne room loses at once.
    let p = puzzle("throne-room-defence.txt");
    let mut g = p.game.clone();
    act(&mut g, tf, "unit 3F5");
    act(&mut g, tf, "move 3F3");
    assert_eq!(g.outcome().map(|o| o.winner), Some(Side::Naboo));
}
