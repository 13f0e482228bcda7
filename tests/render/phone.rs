//! Pictures for a phone: the picture posted for an action keeps hex labels readable at a phone's width,
//! the marks on offered units never cover a label, and the recap keeps every round within 3 MB for a
//! 35-round game.

use gambit::games::queens_gambit::rules::{Data, EventKind, Focus, Game, Mode, Pos, RandomAgent, View, Viewer};
use gambit::render::Area;
use gambit::render::queens_gambit::{LABEL_MIN, Mark, PHONE_SHOWN, Picture, Renderer};
use std::sync::OnceLock;

fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(|| Renderer::new(Data::embedded()).expect("renderer"))
}

fn all_positions(d: &Data) -> Vec<Pos> {
    let mut v: Vec<Pos> = (0..d.field.cells.len()).map(|i| d.field.pos(i)).collect();
    v.extend((0..d.palace.cells.len()).map(|i| d.palace.pos(i)));
    v.extend((0..d.core.spaces).map(Pos::Core));
    v
}

/// The distance from a point to a box (0 inside).
fn distance(p: (f32, f32), a: Area) -> f32 {
    let dx = (a.x - p.0).max(p.0 - a.right()).max(0.0);
    let dy = (a.y - p.1).max(p.1 - a.bottom()).max(0.0);
    (dx * dx + dy * dy).sqrt()
}

#[test]
fn every_action_picture_of_a_game_shows_hex_labels_10_px_high_at_400_px() {
    let (r, d) = (renderer(), Data::embedded());
    let (mut game, _) = Game::new(d.clone(), Mode::TwoPlayer, 11);
    let mut agent = RandomAgent::new(&d, 11);
    let mut drawn = 0;
    let mut step = 0;
    while game.outcome().is_none() && drawn < 40 {
        let dec = game.pending()[0].clone();
        let choice = agent.pick(&game, &dec);
        let events = game.act(dec.seat, &choice).unwrap();
        step += 1;
        let Some(wanted) = Focus::of(&events).map(Picture::from) else { continue };
        if step % 7 != 0 {
            continue;
        }
        let marks: Vec<Mark> = game.pending().iter().flat_map(|x| x.options.iter().filter_map(Mark::of)).collect();
        let img = r.phone(&game.view(Viewer::Spectator), &events, wanted, &marks);
        let battle = gambit::render::queens_gambit::crop_battle(wanted, &events);
        // From the layout's own figures: the battle's label size, scaled to a phone's 400 px.
        let shown = r.label_size(battle) * PHONE_SHOWN / img.width() as f32;
        assert!(shown >= LABEL_MIN, "{battle:?} at step {step}: labels {shown:.1} px high at 400 px");
        drawn += 1;
    }
    assert!(drawn >= 20, "only {drawn} action pictures were drawn");
}

#[test]
fn marks_on_offered_units_never_cover_a_label() {
    let (r, d) = (renderer(), Data::embedded());
    for t in Picture::ALL {
        let labels: Vec<(Pos, Area)> =
            all_positions(&d).into_iter().filter_map(|p| r.label_area(t, p).map(|a| (p, a))).collect();
        for pos in all_positions(&d) {
            let Some(mark) = r.offer_mark(t, pos) else { continue };
            let (centre, radius) = (mark.centre(), mark.w / 2.0);
            for (other, label) in &labels {
                let gap = distance(centre, *label);
                assert!(gap >= radius, "{t:?}: the mark on {pos} covers the label of {other} ({gap:.1} < {radius:.1})");
            }
        }
    }
}

/// The views of a whole random game at the start of every round and at the end, as the recap has them.
fn frames_of(seed: u64) -> Vec<View> {
    let d = Data::embedded();
    let (mut game, _) = Game::new(d.clone(), Mode::TwoPlayer, seed);
    let mut agent = RandomAgent::new(&d, seed);
    let mut frames = vec![game.view(Viewer::Spectator)];
    while game.outcome().is_none() {
        let dec = game.pending()[0].clone();
        let choice = agent.pick(&game, &dec);
        let events = game.act(dec.seat, &choice).unwrap();
        if events.iter().any(|e| matches!(e.kind, EventKind::RoundStarted { .. })) || game.outcome().is_some() {
            frames.push(game.view(Viewer::Spectator));
        }
    }
    frames
}

#[test]
fn the_recap_keeps_every_round_and_a_35_round_game_within_3_mb() {
    let frames = frames_of(5);
    let gif = renderer().animation(&frames, 9 * 1024 * 1024).unwrap();
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(gif.as_slice()).unwrap();
    let mut shown = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        shown += 1;
    }
    assert_eq!(shown, frames.len(), "every round is a frame");
    // 3 MB for 36 frames (35 rounds and the end): the same share per frame for a game of any length.
    let budget = 3_000_000 * frames.len().max(36) / 36;
    assert!(gif.len() <= budget, "{} frames: {} bytes, over {budget}", frames.len(), gif.len());
    eprintln!("recap: {} frames, {} KB", frames.len(), gif.len() / 1024);
}

#[test]
fn each_frame_says_what_changed_that_round() {
    let frames = frames_of(5);
    let first = gambit::render::queens_gambit::caption(None, &frames[0]);
    assert_eq!(first, "Round 1: the game begins");
    let last = gambit::render::queens_gambit::caption(frames.iter().rev().nth(1), frames.last().unwrap());
    assert!(last.starts_with("End: ") && last.contains(" wins"), "{last}");
    // Somewhere a side loses figures, and the caption counts them.
    let losses = frames
        .windows(2)
        .map(|w| gambit::render::queens_gambit::caption(Some(&w[0]), &w[1]))
        .filter(|c| c.contains(" lost "))
        .count();
    assert!(losses > 0, "no caption counts a loss");
}
