//! `gambit render-examples` and `gambit render`: board pictures written to a folder for a person to look
//! at, and the render timings for `gambit bench`.

use crate::cli::report::Report;
use crate::games::queens_gambit::rules::RandomAgent;
use crate::games::queens_gambit::rules::script::{self, Script};
use crate::games::queens_gambit::rules::{Data, Event, EventKind, Game, Mode, Seat, Side, View, Viewer};
use crate::render::queens_gambit::{Mark, Picture, Renderer};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// A game position and the events of the action that led to it.
pub struct Position {
    pub name: &'static str,
    pub game: Game,
    pub last: Vec<Event>,
}

/// Play random choices from a new game until `stop` likes the position (or the game ends).
fn play_until(
    data: Arc<Data>,
    seed: u64,
    max_steps: u32,
    stop: &dyn Fn(&Game, &[Event], u32) -> bool,
) -> Result<(Game, Vec<Event>), String> {
    let (mut game, mut last) = Game::new(data, Mode::TwoPlayer, seed);
    let mut agent = RandomAgent::new(game.data(), seed);
    for step in 0..max_steps {
        if game.outcome().is_some() || stop(&game, &last, step) {
            break;
        }
        let Some(dec) = game.pending().first().cloned() else { break };
        let choice = agent.pick(&game, &dec);
        last = game
            .act(dec.seat, &choice)
            .map_err(|e| format!("seed {seed}: {} refused: {e}", choice.text(game.data())))?;
    }
    Ok((game, last))
}

fn has(events: &[Event], f: impl Fn(&EventKind) -> bool) -> bool {
    events.iter().any(|e| f(&e.kind))
}

/// The three example positions: a new game, a mid-game attack, a finished game (seeded random play).
pub fn example_positions(data: Arc<Data>, seed: u64) -> Result<Vec<Position>, String> {
    let (new, new_last) =
        play_until(data.clone(), seed, 1_000, &|g, _, _| g.state().round >= 1 && g.state().real_queen.is_some())?;
    // Mid-game: an attack that destroyed something, in round 3 or later.
    let (mid, mid_last) = play_until(data.clone(), seed, 20_000, &|g, last, _| {
        g.state().round >= 3 && has(last, |k| matches!(k, EventKind::Destroyed { .. }))
    })?;
    let (end, end_last) = play_until(data, seed, 200_000, &|_, _, _| false)?;
    Ok(vec![
        Position { name: "new", game: new, last: new_last },
        Position { name: "mid", game: mid, last: mid_last },
        Position { name: "end", game: end, last: end_last },
    ])
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    std::fs::write(path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Every picture of a position: all theatres for a spectator, and the overview as each side sees it.
fn write_views(r: &Renderer, game: &Game, last: &[Event], out: &Path, prefix: &str) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    let mut one = |view: &View, theatre: Picture, suffix: &str| -> Result<(), String> {
        let bytes = r.png(view, last, theatre).map_err(|e| e.to_string())?;
        let path = out.join(format!("{prefix}{}{suffix}.png", theatre.key()));
        write(&path, &bytes)?;
        written.push(path);
        Ok(())
    };
    let spectator = game.view(Viewer::Spectator);
    for t in Picture::ALL {
        one(&spectator, t, "")?;
    }
    for side in [Side::Naboo, Side::Tf] {
        let seat = Seat::all(game.mode()).find(|s| s.side() == side).unwrap_or(Seat(0));
        one(&game.view(Viewer::Seat(seat)), Picture::Overview, &format!("-{}", side.key()))?;
    }
    // The phone picture posted for the action, with the units the question offers marked.
    let marks: Vec<Mark> = game.pending().iter().flat_map(|d| d.options.iter().filter_map(Mark::of)).collect();
    let wanted = crate::games::queens_gambit::rules::Focus::of(last).map(Picture::from).unwrap_or(Picture::Overview);
    let bytes = r.phone_png(&spectator, last, wanted, &marks).map_err(|e| e.to_string())?;
    let path = out.join(format!("{prefix}phone.png"));
    write(&path, &bytes)?;
    written.push(path);
    Ok(written)
}

fn create_dir(out: &Path) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))
}

/// `gambit render-examples --out DIR`.
pub fn examples(data: Arc<Data>, out: &Path) -> Result<Vec<PathBuf>, String> {
    create_dir(out)?;
    let r = Renderer::new(data.clone()).map_err(|e| e.to_string())?;
    let mut written = Vec::new();
    for p in example_positions(data, 7)? {
        written.extend(write_views(&r, &p.game, &p.last, out, &format!("{}-", p.name))?);
    }
    Ok(written)
}

/// `gambit render --replay FILE --out DIR`: the pictures after the script's last step.
pub fn replay(data: Arc<Data>, text: &str, out: &Path) -> Result<Vec<PathBuf>, String> {
    let script = Script::parse(&data, text).map_err(|e| e.to_string())?;
    let run = script::run(data.clone(), &script).map_err(|e| e.to_string())?;
    let last = run.log.last().map(|(_, events)| events.clone()).unwrap_or_default();
    create_dir(out)?;
    let r = Renderer::new(data).map_err(|e| e.to_string())?;
    write_views(&r, &run.game, &last, out, "")
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

/// One line per picture: median render and PNG-encode times over `runs` runs of a mid-game position.
pub fn bench(data: Arc<Data>, runs: u32) -> Result<Report, String> {
    let start = Instant::now();
    let r = Renderer::new(data.clone()).map_err(|e| e.to_string())?;
    let startup = start.elapsed().as_secs_f64() * 1e3;
    let mut out = Report::default();
    out.line(format!("render setup (layouts and static layers): {startup:.1} ms"));
    out.figure("renderer_startup_ms", (startup * 10.0).round() / 10.0);
    let start = Instant::now();
    r.prepare();
    let layers = start.elapsed().as_secs_f64() * 1e3;
    out.line(format!("render layer coding (in the background once a server starts): {layers:.1} ms"));
    out.figure("renderer_layers_ms", (layers * 10.0).round() / 10.0);
    let positions = example_positions(data, 7)?;
    let mid = positions.iter().find(|p| p.name == "mid").ok_or("no mid-game position")?;
    let view = mid.game.view(Viewer::Spectator);
    for t in Picture::ALL {
        let (mut draw, mut enc, mut total) = (Vec::new(), Vec::new(), Vec::new());
        let mut bytes = 0;
        for _ in 0..runs.max(1) {
            let t0 = Instant::now();
            let drawing = r.draw(&view, &mid.last, t);
            let t1 = Instant::now();
            let png = r.encode_drawing(&drawing).map_err(|e| e.to_string())?;
            let t2 = Instant::now();
            bytes = png.len();
            draw.push((t1 - t0).as_secs_f64() * 1e3);
            enc.push((t2 - t1).as_secs_f64() * 1e3);
            total.push((t2 - t0).as_secs_f64() * 1e3);
        }
        let (w, h) = r.size(t);
        let (total, draw, enc) = (median(total), median(draw), median(enc));
        out.line(format!(
            "render {:<11} {w}x{h}: {total:.1} ms (draw {draw:.1} + PNG {enc:.1}), {} KB, median of {runs}",
            t.key(),
            bytes / 1024
        ));
        let (ms_key, bytes_key) = figure_names(t);
        out.figure(ms_key, (total * 100.0).round() / 100.0);
        out.figure(bytes_key, bytes as f64);
    }
    // The picture a card's post gets: a phone window of the battle, drawn whole and cut.
    let marks: Vec<Mark> = mid.game.pending().iter().flat_map(|d| d.options.iter().filter_map(Mark::of)).collect();
    let wanted =
        crate::games::queens_gambit::rules::Focus::of(&mid.last).map(Picture::from).unwrap_or(Picture::Overview);
    let (mut total, mut bytes) = (Vec::new(), 0);
    for _ in 0..runs.max(1) {
        let t0 = Instant::now();
        let png = r.phone_png(&view, &mid.last, wanted, &marks).map_err(|e| e.to_string())?;
        total.push(t0.elapsed().as_secs_f64() * 1e3);
        bytes = png.len();
    }
    let total = median(total);
    out.line(format!("render phone       ({}): {total:.1} ms, {} KB, median of {runs}", wanted.key(), bytes / 1024));
    out.figure("render_phone_ms", (total * 100.0).round() / 100.0);
    out.figure("render_phone_bytes", bytes as f64);
    Ok(out)
}

/// The `--json` names of one picture's time and size.
fn figure_names(t: Picture) -> (&'static str, &'static str) {
    match t {
        Picture::Overview => ("render_overview_ms", "render_overview_bytes"),
        Picture::Palace => ("render_palace_ms", "render_palace_bytes"),
        Picture::Battlefield => ("render_battlefield_ms", "render_battlefield_bytes"),
        Picture::Core => ("render_core_ms", "render_core_bytes"),
        Picture::Space => ("render_space_ms", "render_space_bytes"),
    }
}
