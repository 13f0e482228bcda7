//! `gambit play`: a terminal game for two or four players at one keyboard, any seat optionally played by
//! the random player. Shows the pending decision with numbered options; accepts a number or the choice's
//! text ("move 1E4"), plus `board`, `status`, `hand`, `help` and `quit`.

use super::agent::RandomAgent;
use super::text;
use crate::rules::describe::{choice_label, event_text, prompt_text};
use crate::rules::{Choice, Data, Event, Game, Mode, Prompt, Seat, Viewer};
use std::io::{BufRead, Write};
use std::sync::Arc;

pub struct Options {
    pub mode: Mode,
    pub seed: u64,
    /// Seats played by the random player.
    pub random: Vec<Seat>,
}

const HELP: &str = "Type the number of an option, or its text (e.g. 'move 1E4', 'plan add NB07', 'done').
Other commands: board (maps), status, hand, help, quit.
Hex labels: battlefield E4; palace floor digit + column + row (1C3); approach 0A2; core GC5.";

fn print_events<W: Write>(out: &mut W, game: &Game, events: &[Event], viewer: Option<Seat>) {
    let side = viewer.map(Seat::side);
    for e in events {
        if !e.visible_to(side) {
            continue;
        }
        if let Some(t) = event_text(game.data(), game.mode(), e) {
            let _ = writeln!(out, "  {t}");
        }
    }
}

/// Run a terminal game on these streams until it ends or the input does.
pub fn run<R: BufRead, W: Write>(data: Arc<Data>, opts: &Options, input: R, mut out: W) -> std::io::Result<()> {
    let (mut game, events) = Game::new(data.clone(), opts.mode, opts.seed);
    let humans: Vec<Seat> = Seat::all(opts.mode).filter(|s| !opts.random.contains(s)).collect();
    // With humans on one side only, that side's private events can be shown as they happen.
    let one_side = humans.first().map(|s| s.side()).filter(|side| humans.iter().all(|h| h.side() == *side));
    let watcher = humans.first().copied().filter(|_| one_side.is_some());
    print_events(&mut out, &game, &events, watcher);
    let mut agent = RandomAgent::new(&data, opts.seed);
    let mut lines = input.lines();
    writeln!(out, "{HELP}")?;
    while game.outcome().is_none() {
        let pending = game.pending().to_vec();
        let Some(dec) = pending.iter().find(|d| opts.random.contains(&d.seat)).or_else(|| pending.first()) else {
            writeln!(out, "Nothing to decide: the game is stuck (please report this).")?;
            break;
        };
        let seat = dec.seat;
        let choice = if opts.random.contains(&seat) {
            let c = agent.pick(&game, dec);
            // Plans and the queen are secret: only their results (locked in, chosen) are announced.
            if !matches!(dec.prompt, Prompt::Plan { .. } | Prompt::ChooseQueen) {
                writeln!(out, "{} (random): {}", seat.title(opts.mode), choice_label(&data, game.state(), &c))?;
            }
            c
        } else {
            writeln!(out, "\n{}: {}", seat.title(opts.mode), prompt_text(&data, game.state(), dec))?;
            for (i, o) in dec.options.iter().enumerate() {
                writeln!(out, "  {:>2}. {}", i + 1, choice_label(&data, game.state(), o))?;
            }
            loop {
                write!(out, "> ")?;
                out.flush()?;
                let Some(line) = lines.next() else { return Ok(()) };
                let line = line?;
                let t = line.trim();
                let view = game.view(Viewer::Seat(seat));
                match t {
                    "" => continue,
                    "quit" | "exit" => return Ok(()),
                    "help" => writeln!(out, "{HELP}")?,
                    "status" => write!(out, "{}", text::status(&data, &view))?,
                    "board" => {
                        write!(out, "{}", text::field_map(&data, &view))?;
                        for f in 1..=3 {
                            write!(out, "{}", text::palace_map(&data, &view, f))?;
                        }
                        write!(out, "{}", text::core_map(&data, &view))?;
                    }
                    "hand" => {
                        let hand = view.seats[seat.index()].hand.clone().unwrap_or_default();
                        for c in hand {
                            writeln!(out, "  {}", crate::rules::describe::card_name(&data, c))?;
                        }
                    }
                    _ => {
                        let parsed = match t.parse::<usize>() {
                            Ok(n) if n >= 1 && n <= dec.options.len() => Ok(dec.options[n - 1].clone()),
                            Ok(n) => Err(format!("there is no option {n} (1 to {})", dec.options.len())),
                            Err(_) => Choice::parse(&data, t).map_err(|e| e.0),
                        };
                        match parsed {
                            Ok(c) => break c,
                            Err(e) => writeln!(out, "{e}")?,
                        }
                    }
                }
            }
        };
        match game.act(seat, &choice) {
            Ok(events) => print_events(&mut out, &game, &events, watcher.or(Some(seat))),
            Err(e) => writeln!(out, "{e}")?,
        }
    }
    if let Some(o) = game.outcome() {
        writeln!(out, "Game over: {} wins ({:?}).", o.winner, o.reason)?;
    }
    Ok(())
}
