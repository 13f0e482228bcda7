//! Golden pictures: the board pictures after the rulebook's first-round example (its replay script) are
//! held to the files in tests/golden, so faster drawing or encoding can never change what players see.
//!
//! The drawing and the encoding are held apart. The golden files are the drawn pictures in true colour;
//! a drawing may differ from its file only as nobody would notice: at most one pixel in 5,000 by more than
//! 24 levels summed over the three channels, and never its size. The PNG a player receives is an indexed
//! picture, so it is held to the drawing it encodes: at most one pixel in 250 off by more than 24 levels,
//! under one level per pixel on average. After a change meant to be seen, write the new files with
//! `GAMBIT_GOLDEN=write cargo test --test golden`, look at them, and commit them.

use gambit::games::queens_gambit::rules::script::{self, Script};
use gambit::games::queens_gambit::rules::{Data, Viewer};
use gambit::render::queens_gambit::{Picture, Renderer};
use image::RgbImage;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use std::path::PathBuf;

const SCRIPT: &str = include_str!("../scenarios/first-round-example.txt");
const THEATRES: [(&str, Picture); 3] =
    [("overview", Picture::Overview), ("battlefield", Picture::Battlefield), ("palace", Picture::Palace)];

fn golden_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden").join(format!("first-round-{name}.png"))
}

/// Per channel-summed difference of every pixel pair.
fn differences<'a>(a: &'a RgbImage, b: &'a RgbImage) -> impl Iterator<Item = u32> + 'a {
    a.pixels().zip(b.pixels()).map(|(p, q)| (0..3).map(|k| u32::from(p.0[k].abs_diff(q.0[k]))).sum())
}

/// How many pixels differ by more than `far` (summed over the channels).
fn far_pixels(a: &RgbImage, b: &RgbImage, far: u32) -> usize {
    differences(a, b).filter(|d| *d > far).count()
}

/// The example's last position drawn in every theatre, with the renderer that drew it.
fn example_pictures() -> (Renderer, Vec<(&'static str, Picture, RgbImage, bool)>) {
    let data = Data::embedded();
    let script = Script::parse(&data, SCRIPT).expect("the example script parses");
    let run = script::run(data.clone(), &script).expect("the example plays");
    let last = run.log.last().map(|(_, events)| events.clone()).unwrap_or_default();
    let view = run.game.view(Viewer::Spectator);
    let renderer = Renderer::new(data).expect("renderer");
    let pictures =
        THEATRES.iter().map(|&(name, t)| (name, t, renderer.render(&view, &last, t), view.shield_up)).collect();
    // What the bot sends is coded from the drawing, looking only where it touched the layer: the same bytes.
    for &(name, t) in &THEATRES {
        let drawing = renderer.draw(&view, &last, t);
        let sent = renderer.encode_drawing(&drawing).expect("encodes");
        assert_eq!(sent, renderer.encode(&drawing.img, t, view.shield_up).expect("encodes"), "{name}");
    }
    (renderer, pictures)
}

fn keep(path: &std::path::Path, img: &RgbImage) -> PathBuf {
    let out = std::env::temp_dir().join(path.file_name().unwrap_or_default());
    let _ = img.save(&out);
    out
}

#[test]
fn the_first_round_example_is_drawn_as_it_always_was() {
    let (_, pictures) = example_pictures();
    let write = std::env::var("GAMBIT_GOLDEN").is_ok_and(|v| v == "write");
    for (name, _, now, _) in pictures {
        let path = golden_path(name);
        if write {
            // Smallest lossless file: the goldens live in the repository.
            let mut file = Vec::new();
            let encoder = PngEncoder::new_with_quality(&mut file, CompressionType::Best, FilterType::Adaptive);
            now.write_with_encoder(encoder).expect("golden file encodes");
            std::fs::write(&path, file).expect("golden file written");
            continue;
        }
        let golden = image::open(&path).expect("golden file").to_rgb8();
        assert_eq!(now.dimensions(), golden.dimensions(), "{name}: the picture's size changed");
        let far = far_pixels(&now, &golden, 24);
        let allowed = now.pixels().len() / 5000;
        if far > allowed {
            let out = keep(&path, &now);
            panic!("{name}: {far} pixels changed (at most {allowed} may); the new picture is {}", out.display());
        }
    }
}

#[test]
fn the_picture_a_player_receives_is_the_drawing() {
    let (renderer, pictures) = example_pictures();
    for (name, theatre, drawn, shield_up) in pictures {
        // Both encoders: the one over a static layer (every board picture) and the general one.
        for (how, png) in [
            ("over its layer", renderer.encode(&drawn, theatre, shield_up).expect("encodes")),
            ("alone", gambit::render::queens_gambit::encode(&drawn).expect("encodes")),
        ] {
            let sent = image::load_from_memory(&png).expect("our PNG decodes").to_rgb8();
            assert_eq!(sent.dimensions(), drawn.dimensions(), "{name} {how}: the size changed");
            let pixels = drawn.pixels().len();
            let far = far_pixels(&sent, &drawn, 24);
            let mean = differences(&sent, &drawn).map(u64::from).sum::<u64>() as f64 / pixels as f64;
            assert!(far <= pixels / 250, "{name} {how}: {far} of {pixels} pixels are far from the drawing");
            assert!(mean < 1.0, "{name} {how}: pixels are {mean:.2} levels off on average");
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
