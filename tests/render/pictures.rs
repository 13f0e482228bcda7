//! Board pictures: what is drawn where, what is never drawn, sizes and formats.

use gambit::games::queens_gambit::rules::RandomAgent;
use gambit::games::queens_gambit::rules::script::{self, Script};
use gambit::games::queens_gambit::rules::testing::Inspect;
use gambit::games::queens_gambit::rules::{Data, Game, Mode, Pos, Seat, Side, View, Viewer};
use gambit::games::queens_gambit::rules::{Event, EventKind};
use gambit::render::queens_gambit::{Picture, Renderer, encode};
use gambit::render::{Area, palette};
use image::{Rgb, RgbImage};
use std::sync::{Arc, OnceLock};

fn renderer() -> &'static Renderer {
    static R: OnceLock<Renderer> = OnceLock::new();
    R.get_or_init(|| Renderer::new(Data::embedded()).expect("renderer"))
}

fn data() -> Arc<Data> {
    Data::embedded()
}

/// A new 2-player game in which Naboo has chosen `queen` as the real one.
fn game_with_queen(seed: u64, queen: &str) -> Game {
    let text = format!("players 2\nseed {seed}\nnaboo queen {queen}\n");
    let s = Script::parse(&data(), &text).expect("script");
    script::run(data(), &s).expect("run").game
}

fn pixel(img: &RgbImage, p: (f32, f32)) -> Rgb<u8> {
    *img.get_pixel(p.0.floor() as u32, p.1.floor() as u32)
}

fn naboo(g: &Game) -> Viewer {
    Viewer::Seat(Seat::of(g.mode(), Side::Naboo, gambit::games::queens_gambit::rules::Role::Palace))
}

fn all_positions(d: &Data) -> Vec<Pos> {
    let mut v: Vec<Pos> = (0..d.field.cells.len()).map(|i| d.field.pos(i)).collect();
    v.extend((0..d.palace.cells.len()).map(|i| d.palace.pos(i)));
    v.extend((0..d.core.spaces).map(Pos::Core));
    v
}

fn shows(t: Picture, p: Pos) -> bool {
    match t {
        Picture::Overview => true,
        Picture::Palace => p.is_palace(),
        Picture::Battlefield => p.is_field(),
        Picture::Core => p.is_core(),
        Picture::Space => false,
    }
}

#[test]
fn renderer_can_be_shared_between_threads() {
    fn check<T: Send + Sync>() {}
    check::<Renderer>();
}

#[test]
fn every_piece_paints_its_colour_at_its_position_centre() {
    let r = renderer();
    let g = game_with_queen(3, "red_queen");
    let view = g.view(Viewer::Spectator);
    for t in Picture::ALL {
        let img = r.render(&view, &[], t);
        let mut checked = 0;
        for p in &view.pieces {
            if !shows(t, p.pos) {
                assert!(r.centre(t, p.pos).is_none(), "{t:?} places {}", p.pos);
                continue;
            }
            let at = r.centre(t, p.pos).expect("centre");
            assert_eq!(pixel(&img, at), r.unit_colour(p.kind), "{t:?}: {} at {}", r.data().unit(p.kind).key, p.pos);
            checked += 1;
        }
        if t != Picture::Space {
            assert!(checked > 0, "{t:?} drew no piece");
        }
    }
}

#[test]
fn a_known_piece_at_a_known_hex() {
    // The setup in assets/maps puts Darth Maul on GC7 and a palace guard on 0A4.
    let r = renderer();
    let d = data();
    let g = game_with_queen(1, "purple_queen");
    let view = g.view(Viewer::Spectator);
    for (label, key) in [("GC7", "darth_maul"), ("0A4", "palace_guard")] {
        let pos: Pos = label.parse().unwrap();
        let kind = d.kind(key).unwrap();
        assert!(view.pieces.iter().any(|p| p.pos == pos && p.kind == kind), "setup changed: no {key} at {label}");
        for t in [Picture::Overview, if pos.is_core() { Picture::Core } else { Picture::Palace }] {
            let img = r.render(&view, &[], t);
            assert_eq!(pixel(&img, r.centre(t, pos).unwrap()), r.unit_colour(kind), "{t:?} {label}");
        }
    }
    // An empty hex shows no piece colour at its centre.
    let empty: Pos = "E4".parse().unwrap();
    assert!(view.pieces.iter().all(|p| p.pos != empty));
    let img = r.render(&view, &[], Picture::Battlefield);
    let c = pixel(&img, r.centre(Picture::Battlefield, empty).unwrap());
    assert!(d.units.iter().all(|u| gambit::render::queens_gambit::unit_fill(u) != c));
}

/// Random play until an action destroys a piece on a hex that stays empty; returns the game before and
/// after, the events and the hex.
fn a_destruction(seed: u64) -> (Game, Game, Vec<Event>, Pos, gambit::games::queens_gambit::rules::KindId) {
    let (mut game, _) = Game::new(data(), Mode::TwoPlayer, seed);
    let mut agent = RandomAgent::new(game.data(), seed);
    for _ in 0..50_000 {
        let before = game.clone();
        let dec = game.pending().first().cloned().expect("a decision");
        let choice = agent.pick(&game, &dec);
        let events = game.act(dec.seat, &choice).expect("legal");
        let after = game.view(Viewer::Spectator);
        for e in &events {
            if let EventKind::Destroyed { at, kind, .. } = e.kind
                && !at.is_core()
                && after.pieces.iter().all(|p| p.pos != at)
            {
                return (before, game, events, at, kind);
            }
        }
        assert!(game.outcome().is_none(), "no destruction in a whole game");
    }
    panic!("no destruction found");
}

#[test]
fn a_destroyed_piece_is_gone_and_crossed_out() {
    let r = renderer();
    let (before, after, events, at, kind) = a_destruction(11);
    let colour = r.unit_colour(kind);
    for t in [Picture::Overview, if at.is_field() { Picture::Battlefield } else { Picture::Palace }] {
        let c = r.centre(t, at).unwrap();
        let img = r.render(&before.view(Viewer::Spectator), &[], t);
        assert_eq!(pixel(&img, c), colour, "{t:?}: the piece stands on {at} before");
        let img = r.render(&after.view(Viewer::Spectator), &[], t);
        assert_ne!(pixel(&img, c), colour, "{t:?}: the piece is gone from {at}");
        let img = r.render(&after.view(Viewer::Spectator), &events, t);
        assert_eq!(pixel(&img, c), palette::KILLED, "{t:?}: an X marks {at}");
    }
}

/// Pixels at least this bright count as label ink (labels are light on dark fills).
fn ink(p: &Rgb<u8>) -> bool {
    let [r, g, b] = p.0;
    (u32::from(r) + u32::from(g) + u32::from(b)) / 3 > 140
}

#[test]
fn every_position_has_its_label_and_overview_labels_are_14_px_high() {
    let r = renderer();
    let d = data();
    // An empty board: no piece or highlight can cover a label.
    let mut view = game_with_queen(2, "red_queen").view(Viewer::Spectator);
    view.pieces.clear();
    for t in Picture::ALL {
        let img = r.render(&view, &[], t);
        for pos in all_positions(&d) {
            let Some(a) = r.label_area(t, pos) else {
                assert!(!shows(t, pos), "{t:?}: no label for {pos}");
                continue;
            };
            // Rows of the label box (grown a little) holding ink.
            let rows: Vec<u32> = ((a.y - 3.0) as u32..(a.bottom() + 3.0) as u32)
                .filter(|y| ((a.x - 2.0) as u32..(a.right() + 2.0) as u32).any(|x| ink(img.get_pixel(x, *y))))
                .collect();
            let inked: usize = ((a.y - 3.0) as u32..(a.bottom() + 3.0) as u32)
                .flat_map(|y| ((a.x - 2.0) as u32..(a.right() + 2.0) as u32).map(move |x| (x, y)))
                .filter(|(x, y)| ink(img.get_pixel(*x, *y)))
                .count();
            assert!(inked as f32 > a.w * 2.0, "{t:?}: label {pos} has too little ink ({inked})");
            let height = rows.last().unwrap() - rows.first().unwrap() + 1;
            assert!(height >= 14, "{t:?}: label {pos} is {height} px high");
        }
    }
}

/// The bounding box of the pixels where two pictures differ.
fn difference(a: &RgbImage, b: &RgbImage) -> Option<Area> {
    assert_eq!(a.dimensions(), b.dimensions());
    let mut bb: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in a.enumerate_pixels() {
        if p != b.get_pixel(x, y) {
            bb = Some(match bb {
                None => (x, y, x, y),
                Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
            });
        }
    }
    bb.map(|(x0, y0, x1, y1)| Area::new(x0 as f32, y0 as f32, (x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32))
}

fn within(inner: Area, outer: Area) -> bool {
    inner.x >= outer.x && inner.y >= outer.y && inner.right() <= outer.right() && inner.bottom() <= outer.bottom()
}

#[test]
fn the_public_picture_differs_from_naboos_only_at_the_real_queen() {
    let r = renderer();
    let d = data();
    for queen in ["red_queen", "purple_queen"] {
        let g = game_with_queen(4, queen);
        let kind = d.kind(queen).unwrap();
        let at = g.view(naboo(&g)).pieces.iter().find(|p| p.kind == kind).unwrap().pos;
        for t in [Picture::Overview, Picture::Palace] {
            let public = r.render(&g.view(Viewer::Spectator), &[], t);
            let tf = r.render(&g.view(Viewer::Seat(Seat(0))), &[], t);
            assert_eq!(public, tf, "{t:?}: the Trade Federation sees what spectators see");
            let own = r.render(&g.view(naboo(&g)), &[], t);
            let diff = difference(&public, &own).expect("Naboo's picture marks the real queen");
            let mark = r.real_queen_mark(t, at).unwrap();
            assert!(within(diff, mark), "{t:?} {queen}: difference {diff:?} outside the mark {mark:?}");
        }
    }
    // Whichever queen is real, the public pictures are the same.
    let red = game_with_queen(4, "red_queen").view(Viewer::Spectator);
    let purple = game_with_queen(4, "purple_queen").view(Viewer::Spectator);
    for t in Picture::ALL {
        assert_eq!(r.render(&red, &[], t), r.render(&purple, &[], t), "{t:?}");
    }
}

#[test]
fn events_the_viewer_may_not_see_are_not_drawn() {
    let r = renderer();
    let g = game_with_queen(5, "red_queen");
    let view = g.view(Viewer::Spectator);
    let queen = view.pieces.iter().find(|p| r.data().unit(p.kind).key == "red_queen").unwrap();
    let secret = vec![
        Event::private(Side::Naboo, EventKind::RealQueen { piece: queen.id, kind: queen.kind }),
        Event::private(
            Side::Naboo,
            EventKind::Moved { piece: queen.id, kind: queen.kind, path: vec![queen.pos, "0E2".parse().unwrap()] },
        ),
    ];
    for t in [Picture::Overview, Picture::Palace] {
        assert_eq!(r.render(&view, &secret, t), r.render(&view, &[], t), "{t:?}");
    }
}

#[test]
fn the_last_move_is_drawn_along_its_path() {
    let r = renderer();
    let g = game_with_queen(6, "red_queen");
    let view = g.view(Viewer::Spectator);
    let p = view.pieces.iter().find(|p| p.pos == "A2".parse().unwrap()).expect("a piece on A2");
    let path: Vec<Pos> = ["A2", "A3", "B3"].iter().map(|s| s.parse().unwrap()).collect();
    let moved = vec![Event::public(EventKind::Moved { piece: p.id, kind: p.kind, path: path.clone() })];
    for t in [Picture::Overview, Picture::Battlefield] {
        let img = r.render(&view, &moved, t);
        let plain = r.render(&view, &[], t);
        let (a, b) = (r.centre(t, path[0]).unwrap(), r.centre(t, path[1]).unwrap());
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        assert_eq!(pixel(&img, mid), palette::MOVE, "{t:?}");
        assert_ne!(pixel(&plain, mid), palette::MOVE, "{t:?}");
    }
}

fn count(img: &RgbImage, c: Rgb<u8>, area: Option<Area>) -> usize {
    img.enumerate_pixels()
        .filter(|(x, y, p)| **p == c && area.is_none_or(|a| a.contains((*x as f32, *y as f32))))
        .count()
}

#[test]
fn shield_cards_and_dice_follow_the_view() {
    let r = renderer();
    let g = game_with_queen(7, "red_queen");
    let up = g.view(Viewer::Spectator);
    let mut down = up.clone();
    down.shield_up = false;
    let e4 = r.centre(Picture::Battlefield, "E4".parse().unwrap()).unwrap();
    let around = Some(Area::new(e4.0 - 40.0, e4.1 - 40.0, 80.0, 80.0));
    let lit = count(&r.render(&up, &[], Picture::Battlefield), palette::SHIELD_UP, around);
    let unlit = count(&r.render(&down, &[], Picture::Battlefield), palette::SHIELD_UP, around);
    assert!(lit > 20 && unlit == 0, "shield line pixels: up {lit}, down {unlit}");

    // A Starfighter card on grid 3 and two gray dice on grid 1's slots.
    let mut space = up.clone();
    space.space.grids[2].push(0);
    space.space.blocked = vec![6, 7];
    for t in [Picture::Overview, Picture::Space] {
        let plain = r.render(&up, &[], t);
        let busy = r.render(&space, &[], t);
        assert!(count(&busy, palette::CARD, None) > count(&plain, palette::CARD, None) + 500, "{t:?} card");
        assert!(count(&busy, palette::DIE, None) > count(&plain, palette::DIE, None) + 50, "{t:?} dice");
    }
}

fn png_checks(view: &View, last: &[Event]) {
    let r = renderer();
    for t in Picture::ALL {
        let png = r.png(view, last, t).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{t:?}");
        let img = image::load_from_memory(&png).unwrap();
        assert_eq!((img.width(), img.height()), r.size(t), "{t:?}");
        let limit = if t == Picture::Overview { 500_000 } else { 400_000 };
        assert!(png.len() < limit, "{t:?}: {} bytes", png.len());
        // A palette PNG: the flat colours exact, soft edges close.
        let (decoded, drawn) = (img.to_rgb8(), r.render(view, last, t));
        let mut same = 0usize;
        let mut off = 0u64;
        for (a, b) in decoded.pixels().zip(drawn.pixels()) {
            same += usize::from(a == b);
            off += (0..3).map(|k| u64::from(a.0[k].abs_diff(b.0[k]))).sum::<u64>();
        }
        let n = (drawn.width() * drawn.height()) as usize;
        assert!(same * 100 >= n * 80, "{t:?}: only {same} of {n} pixels exact");
        assert!(off < (n as u64) * 3, "{t:?}: {off} apart in all");
    }
    let (w, h) = r.size(Picture::Overview);
    assert!((1600..=2100).contains(&w) && h <= 2100, "overview {w}x{h}");
}

#[test]
fn pictures_are_pngs_of_the_right_size_and_weight() {
    let g = game_with_queen(8, "red_queen");
    png_checks(&g.view(Viewer::Spectator), &[]);
    let (_, after, events, _, _) = a_destruction(13);
    png_checks(&after.view(naboo(&after)), &events);
    let encoded = encode(&RgbImage::new(4, 4)).unwrap();
    assert_eq!(&encoded[1..4], b"PNG");
}

#[test]
fn render_command_writes_the_pictures_after_a_replay() {
    let dir = std::env::temp_dir().join(format!("gambit-render-test-{}", std::process::id()));
    let script = "players 2\nseed 9\nnaboo queen red_queen\n";
    let written = gambit::cli::queens_gambit::render::replay(data(), script, &dir).unwrap();
    assert_eq!(written.len(), Picture::ALL.len() + 3, "every theatre, the overview for each side, the phone picture");
    for path in &written {
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(&bytes[..4], b"\x89PNG", "{}", path.display());
    }
    let err = gambit::cli::queens_gambit::render::replay(data(), "players 2\nnaboo fly away\n", &dir).unwrap_err();
    assert!(err.contains("line 2"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn four_player_games_render_for_every_seat() {
    let r = renderer();
    let (mut game, _) = Game::new(data(), Mode::FourPlayer, 21);
    let mut agent = RandomAgent::new(game.data(), 21);
    let mut last = Vec::new();
    while game.state().round < 3 && game.outcome().is_none() {
        let dec = game.pending().first().cloned().expect("a decision");
        let choice = agent.pick(&game, &dec);
        last = game.act(dec.seat, &choice).expect("legal");
    }
    let mut viewers: Vec<Viewer> = Seat::all(Mode::FourPlayer).map(Viewer::Seat).collect();
    viewers.push(Viewer::Spectator);
    for v in viewers {
        let view = game.view(v);
        for t in Picture::ALL {
            let img = r.render(&view, &last, t);
            assert_eq!(img.dimensions(), r.size(t));
        }
    }
}

#[test]
fn every_engine_theatre_has_its_picture() {
    for t in gambit::games::queens_gambit::rules::Theatre::ALL {
        assert_eq!(Picture::from(t).key(), t.key());
    }
}

#[test]
fn a_drawing_is_coded_the_same_looking_only_where_it_touched_its_layer() {
    // Every theatre of a new, a mid-game and a finished game, as a spectator and as each side sees it.
    let r = renderer();
    for p in gambit::cli::queens_gambit::render::example_positions(data(), 7).expect("positions") {
        let tf = Viewer::Seat(Seat::of(p.game.mode(), Side::Tf, gambit::games::queens_gambit::rules::Role::Field));
        for viewer in [Viewer::Spectator, naboo(&p.game), tf] {
            let view = p.game.view(viewer);
            for t in Picture::ALL {
                let drawing = r.draw(&view, &p.last, t);
                let looked = r.encode_drawing(&drawing).expect("encodes");
                let whole = r.encode(&drawing.img, t, view.shield_up).expect("encodes");
                assert!(looked == whole, "{} {t:?} for {viewer:?}: the bytes differ", p.name);
            }
        }
    }
}
