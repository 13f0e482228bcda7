//! Golden pictures: the board pictures after the rulebook's first-round example (its replay script) are
//! held to the files in tests/golden, so faster drawing or encoding can never change what players see.
//!
//! A picture may differ from its golden file only as nobody would notice (a palette shade off by a few
//! steps at a soft edge): at most one pixel in 5,000 by more than 24 levels summed over the three
//! channels, and never its size. After a change meant to be seen, write the new files with
//! `GAMBIT_GOLDEN=write cargo test --test golden`, look at them, and commit them.

use gambit::render::{Renderer, Theatre};
use gambit::rules::script::{self, Script};
use gambit::rules::{Data, Viewer};
use image::RgbImage;
use std::path::PathBuf;

const SCRIPT: &str = include_str!("scenarios/first-round-example.txt");

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("first-round-{name}.png"))
}

/// How many pixels differ by more than `far` (summed over the channels).
fn far_pixels(a: &RgbImage, b: &RgbImage, far: u32) -> usize {
    a.pixels()
        .zip(b.pixels())
        .filter(|(p, q)| (0..3).map(|k| u32::from(p.0[k].abs_diff(q.0[k]))).sum::<u32>() > far)
        .count()
}

#[test]
fn the_first_round_example_looks_as_it_always_has() {
    let data = Data::embedded();
    let script = Script::parse(&data, SCRIPT).expect("the example script parses");
    let run = script::run(data.clone(), &script).expect("the example plays");
    let last = run.log.last().map(|(_, events)| events.clone()).unwrap_or_default();
    let view = run.game.view(Viewer::Spectator);
    let renderer = Renderer::new(data).expect("renderer");
    let write = std::env::var("GAMBIT_GOLDEN").is_ok_and(|v| v == "write");
    for (name, theatre) in
        [("overview", Theatre::Overview), ("battlefield", Theatre::Battlefield), ("palace", Theatre::Palace)]
    {
        let png = renderer.png(&view, &last, theatre).expect("encodes");
        let path = golden_path(name);
        if write {
            std::fs::write(&path, &png).expect("golden file written");
            continue;
        }
        let now = image::load_from_memory(&png).expect("our PNG decodes").to_rgb8();
        let golden = image::open(&path).expect("golden file").to_rgb8();
        assert_eq!(now.dimensions(), golden.dimensions(), "{name}: the picture's size changed");
        let far = far_pixels(&now, &golden, 24);
        let allowed = now.pixels().len() / 5000;
        if far > allowed {
            let out = std::env::temp_dir().join(format!("gambit-golden-{name}.png"));
            let _ = std::fs::write(&out, &png);
            panic!("{name}: {far} pixels changed (at most {allowed} may); the new picture is {}", out.display());
        }
    }
}

#[test]
fn a_visible_change_fails_the_comparison() {
    let golden = image::open(golden_path("palace")).expect("golden file").to_rgb8();
    let mut moved = golden.clone();
    // A piece drawn somewhere else: a 40 x 40 square of another colour.
    for y in 100..140 {
        for x in 100..140 {
            let p = moved.get_pixel_mut(x, y);
            p.0 = [255 - p.0[0], 255 - p.0[1], 255 - p.0[2]];
        }
    }
    assert_eq!(far_pixels(&golden, &golden, 24), 0);
    assert!(far_pixels(&moved, &golden, 24) > golden.pixels().len() / 5000, "1,600 inverted pixels are noticed");
}
