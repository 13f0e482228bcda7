//! The hot paths one at a time, for profiling a change (`cargo bench --bench hot_paths`): a whole random
//! playout, one decision's options, copying a state, drawing and encoding the pictures. The figures we
//! track and compare between revisions come from `gambit bench --json` (README, "Performance").

use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, Event, Game, Mode, Viewer};
use gambit::render::queens_gambit::{Picture, Renderer, encode};
use std::sync::{Arc, OnceLock};

fn main() {
    divan::main();
}

fn data() -> Arc<Data> {
    Data::embedded()
}

/// A 2-player game in its fourth round, with the events of its last action.
fn mid_game() -> &'static (Game, Vec<Event>) {
    static GAME: OnceLock<(Game, Vec<Event>)> = OnceLock::new();
    GAME.get_or_init(|| {
        let (mut game, mut last) = Game::new(data(), Mode::TwoPlayer, 7);
        let mut agent = RandomAgent::new(game.data(), 7);
        while game.state().round < 4 && game.outcome().is_none() {
            let Some(dec) = game.pending().first().cloned() else { break };
            let choice = agent.pick(&game, &dec);
            last = game.act(dec.seat, &choice).expect("a legal choice");
        }
        (game, last)
    })
}

fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(|| Renderer::new(data()).expect("renderer"))
}

/// A whole random game, as a search would play it out (no events kept).
#[divan::bench(args = [Mode::TwoPlayer, Mode::FourPlayer])]
fn playout(bencher: divan::Bencher, mode: Mode) {
    let data = data();
    let mut seed = 0u64;
    bencher.bench_local(|| {
        seed += 1;
        let (mut game, _) = Game::new(data.clone(), mode, seed);
        let mut agent = RandomAgent::new(game.data(), seed);
        while game.outcome().is_none() && game.state().round <= 500 {
            let Some(dec) = game.pending().first() else { break };
            let (seat, pick) = (dec.seat, agent.pick_index(&game, dec));
            game.play_option(seat, pick).expect("a legal choice");
        }
        game.state().round
    });
}

/// Copying a mid-game state (what a search does before every playout).
#[divan::bench]
fn state_copy(bencher: divan::Bencher) {
    let (game, _) = mid_game();
    bencher.bench(|| game.state().clone());
}

/// One step of a mid-game position, the next decision's options included.
#[divan::bench]
fn one_step(bencher: divan::Bencher) {
    let (game, _) = mid_game();
    bencher.with_inputs(|| game.clone()).bench_local_values(|mut g| {
        let seat = g.pending().first().map(|d| d.seat);
        if let Some(seat) = seat {
            let _ = g.play_option(seat, 0);
        }
        g
    });
}

/// Drawing each picture of a mid-game position for a spectator.
#[divan::bench(args = Picture::ALL)]
fn draw(bencher: divan::Bencher, theatre: Picture) {
    let (game, last) = mid_game();
    let view = game.view(Viewer::Spectator);
    bencher.bench(|| renderer().render(&view, last, theatre));
}

/// Turning each drawn picture into its PNG (palette and deflate).
#[divan::bench(args = Picture::ALL)]
fn png(bencher: divan::Bencher, theatre: Picture) {
    let (game, last) = mid_game();
    let img = renderer().render(&game.view(Viewer::Spectator), last, theatre);
    bencher.bench(|| encode(&img).map(|p| p.len()));
}
