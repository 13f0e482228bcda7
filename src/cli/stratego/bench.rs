//! Stratego's part of `gambit bench`: complete random games per second of each of its four games, the
//! board picture a move posts, and a game's web page.

use crate::cli::args::Command;
use crate::cli::failure::{Failure, Kind};
use crate::cli::report::Report;
use crate::cli::setup::{Setup, misrouted};
use std::time::Instant;

/// `gambit bench`'s Stratego part: five times the first game's count of random games (they are short),
/// at least 50.
pub fn bench(_setup: &Setup, command: &Command) -> Result<Report, Failure> {
    let Command::Bench { games: n, decisions, .. } = *command else { return Err(misrouted()) };
    let mut out = games(n.saturating_mul(5).max(50)).map_err(|e| Failure::new(Kind::Problem, e))?;
    if decisions > 0 {
        out.add(levels(decisions.min(40)).map_err(|e| Failure::new(Kind::Problem, e))?);
    }
    let pages = crate::cli::setup::runtime()?.block_on(super::pages::bench());
    out.add(pages.map_err(|e| Failure::new(Kind::Problem, e))?);
    Ok(out)
}

/// Stratego's four games: complete random games per second on one core (the self-play player).
fn games(games: u32) -> Result<Report, String> {
    use crate::games::stratego::playout::random_action;
    use crate::games::stratego::{Roster, Rules, Side, Stratego, Variant, random_games};
    let mut out = Report::default();
    let roster = Roster::embedded();
    for variant in Variant::ALL {
        let start = Instant::now();
        let t = random_games(Rules::of(variant), &roster, games, 1, false)?;
        let seconds = start.elapsed().as_secs_f64().max(1e-9);
        let per_s = f64::from(t.games) / seconds;
        out.line(format!(
            "stratego game {}: {per_s:.0} games/s, {:.2} us per turn ({} games, {:.0} turns a game, one core)",
            variant.number(),
            seconds * 1e6 / t.turns.max(1) as f64,
            t.games,
            t.turns as f64 / f64::from(t.games.max(1)),
        ));
        let name = match variant {
            Variant::Classic => "stratego_g1_games_per_s",
            Variant::Powers => "stratego_g2_games_per_s",
            Variant::Rise => "stratego_g3_games_per_s",
            Variant::Rebellion => "stratego_g4_games_per_s",
        };
        out.figure(name, per_s.round());
    }
    // Pictures: the spectator's board after each of 400 turns of game 2, which is what posting a picture
    // per move would cost a thread over a 400-move game.
    let new_game = |seed: u64| {
        let evil = Stratego::random_setup(&roster, Variant::Powers, Side::Evil, seed);
        let good = Stratego::random_setup(&roster, Variant::Powers, Side::Good, seed + 1);
        Stratego::start(Rules::of(Variant::Powers), roster.clone(), &evil, &good).map_err(|e| e.to_string())
    };
    let mut g = new_game(11)?;
    let (mut bytes, mut pictures, mut buf) = (0usize, 0u32, Vec::new());
    let start = Instant::now();
    for turn in 0..400u64 {
        // Random games end sooner than played ones: the next game goes on where one ends.
        let action = match random_action(&g, turn.wrapping_mul(0x9E37_79B9_7F4A_7C15), &mut buf) {
            Some(a) => a,
            None => {
                g = new_game(11 + turn)?;
                random_action(&g, turn, &mut buf).ok_or("a new game has no first move")?
            }
        };
        g.play(action).map_err(|e| e.to_string())?;
        bytes += crate::render::stratego::board_png(&g.view(None))?.len();
        pictures += 1;
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0 / f64::from(pictures.max(1));
    let mean = bytes as f64 / f64::from(pictures.max(1));
    out.line(format!(
        "stratego board picture: {ms:.1} ms (draw + PNG), {:.1} KB; {pictures} turns, a picture each: {:.0} KB in all",
        mean / 1024.0,
        bytes as f64 / 1024.0
    ));
    out.figure("stratego_picture_ms", ms);
    out.figure("stratego_picture_bytes", mean.round());
    out.figure("stratego_400_turns_bytes", bytes as f64);
    Ok(out)
}

/// Each level's time for one move (median and p99, the live caps in force but no steady delay) over
/// `positions` positions of the first game taken from scripted games, and the worlds a searching level
/// goes through a second.
fn levels(positions: usize) -> Result<Report, String> {
    use crate::games::effort::{Level, Settings};
    use crate::games::stratego::computer;
    let asked = positions_of(positions)?;
    let live = Settings { steady: false, ..Settings::default() };
    let mut out = Report::default();
    for level in Level::ALL {
        let mut ms = Vec::new();
        let mut player = computer::player(level.key(), 1, &live)?;
        for a in &asked {
            let start = Instant::now();
            player.choose(a).map_err(|e| format!("{e:?}"))?;
            ms.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        let (median, p99) = (crate::cli::arena::percentile(&ms, 0.5), crate::cli::arena::percentile(&ms, 0.99));
        let worlds = computer::worlds(live.budget(level).iterations);
        let per_s = if level == Level::Easy {
            0.0
        } else {
            f64::from(worlds) * 1000.0 / (ms.iter().sum::<f64>() / ms.len().max(1) as f64).max(1e-9)
        };
        out.line(format!(
            "stratego {level}: a move in {median:.1} ms (median), {p99:.1} ms (p99) over {} positions; {}",
            ms.len(),
            if level == Level::Easy {
                "no search".to_string()
            } else {
                format!("{worlds} worlds a move, {per_s:.0} worlds/s")
            }
        ));
        let [p50_key, p99_key, worlds_key] = match level {
            Level::Easy => ["stratego_easy_move_ms_p50", "stratego_easy_move_ms_p99", ""],
            Level::Normal => {
                ["stratego_normal_move_ms_p50", "stratego_normal_move_ms_p99", "stratego_normal_worlds_per_s"]
            }
            Level::Hard => ["stratego_hard_move_ms_p50", "stratego_hard_move_ms_p99", "stratego_hard_worlds_per_s"],
        };
        out.figure(p50_key, median);
        out.figure(p99_key, p99);
        if !worlds_key.is_empty() {
            out.figure(worlds_key, per_s.round());
        }
    }
    Ok(out)
}

/// `n` positions of the first game where a side must move, from scripted games.
fn positions_of(n: usize) -> Result<Vec<crate::games::stratego::computer::Asked>, String> {
    use crate::games::Engine;
    use crate::games::stratego::computer::Asked;
    use crate::games::stratego::{Roster, Rules, Table};
    let mut asked = Vec::new();
    let mut game = 0u64;
    while asked.len() < n && game < 50 {
        let mut t = Table::new(Rules::default(), Roster::embedded(), 40 + game);
        let mut step = 0u64;
        while t.outcome().is_none() && asked.len() < n && step < 400 {
            let seat = *t.deciders().first().ok_or("nobody decides")?;
            if step % 37 == 11
                && let Some(a @ Asked::Move(_)) = t.asked(seat)
            {
                asked.push(a);
            }
            let choice = t.computer_choice(seat, step).ok_or("the script has no choice")?;
            t.apply(seat, &choice)?;
            step += 1;
        }
        game += 1;
    }
    Ok(asked)
}
