//! `gambit play`: a terminal game for two or four players at one keyboard, any seat optionally played by
//! the computer (a level, the self-play player, or an outside program: `--ai tf:normal`). It plays
//! through the game service, so every move is saved in the database, the computer's seats play as they
//! do in Discord (`Service::computer_step`), and a game can be closed and continued later with
//! `--game ID`.
//!
//! Shows the pending decision with numbered options; accepts a number or the choice's text ("move 1E4"),
//! plus `board`, `status`, `hand`, `help` and `quit`.

use crate::cli::setup::host;
use crate::games::queens_gambit::ai::Spec;
use crate::games::queens_gambit::rules::words::card_name;
use crate::games::queens_gambit::rules::{Choice, Mode, Seat, Side};
use crate::service::GameId;
use crate::service::queens_gambit::Update;
use crate::service::{Chosen, NewGameRequest, Service, ServiceError, UserId};
use crate::text::queens_gambit::board as text;
use std::io::{BufRead, Write};

pub struct Options {
    pub mode: Mode,
    pub seed: Option<u64>,
    /// Seats played by the computer, and how (new games only).
    pub computers: Vec<(Seat, Spec)>,
    /// Continue this saved game instead of starting one.
    pub game: Option<GameId>,
}

const HELP: &str = "Type the number of an option, or its text (e.g. 'move 1E4', 'plan add NB07', 'done').
Other commands: board (maps), status, hand, help, quit (the game is saved; continue it with --game).
Hex labels: battlefield E4; palace floor digit + column + row (1C3); approach 0A2; core GC5.";

/// The user id of a terminal seat: the computer's, or the terminal's own for a person.
fn user_for(mode: Mode, seat: Seat, computers: &[(Seat, Spec)]) -> UserId {
    match computers.iter().find(|(s, _)| *s == seat) {
        Some((_, spec)) => UserId::computer(&spec.to_string()),
        None => UserId::new(format!("terminal:{}", seat.key(mode))),
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    #[error(transparent)]
    Service(#[from] ServiceError),
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

async fn new_game(svc: &Service, opts: &Options) -> Result<(GameId, Update), ServiceError> {
    let request = NewGameRequest {
        title: "terminal game".into(),
        sit_out: true,
        seed: opts.seed,
        ..NewGameRequest::of(crate::games::queens_gambit::KEY, &format!("players {}", opts.mode.seats()))
    };
    let id = svc.create(&host("terminal"), request).await?;
    for seat in Seat::all(opts.mode) {
        svc.join(&host(user_for(opts.mode, seat, &opts.computers)), id, Some(seat.index())).await?;
    }
    let first = host(user_for(opts.mode, Seat(0), &opts.computers));
    let mut news = svc.start(&first, id).await?;
    let update = news.take_account::<Update>().ok_or(ServiceError::NotStarted { game: id })?;
    Ok((id, *update))
}

/// Ask a human seat for its answer: its question, worded, from its own view. Other lines show the board,
/// the status or the hand. `None` when the player quits or the input ends.
async fn ask<W: Write>(
    svc: &Service,
    id: GameId,
    seat: Seat,
    user: &UserId,
    lines: &mut impl Iterator<Item = std::io::Result<String>>,
    out: &mut W,
) -> Result<Option<Choice>, PlayError> {
    let d = svc.data().clone();
    let caller = host(user);
    let sv = svc.view(&caller, id, Some(seat)).await?;
    let Some(q) = sv.question else { return Ok(None) };
    writeln!(out, "\n{}: {}", seat.title(sv.view.mode), q.text)?;
    for (i, a) in q.answers.iter().enumerate() {
        writeln!(out, "  {:>2}. {}", i + 1, a.label)?;
    }
    loop {
        write!(out, "> ")?;
        out.flush()?;
        let Some(line) = lines.next() else { return Ok(None) };
        let line = line?;
        let t = line.trim();
        let view = svc.view(&caller, id, Some(seat)).await?.view;
        match t {
            "" => continue,
            "quit" | "exit" => return Ok(None),
            "help" => writeln!(out, "{HELP}")?,
            "status" => write!(out, "{}", text::status(&d, &view))?,
            "board" => {
                write!(out, "{}", text::field_map(&d, &view))?;
                for f in 1..=3 {
                    write!(out, "{}", text::palace_map(&d, &view, f))?;
                }
                write!(out, "{}", text::core_map(&d, &view))?;
                write!(out, "{}", text::legend(&d))?;
            }
            "hand" => {
                for c in view.seats[seat].hand.iter().flatten() {
                    writeln!(out, "  {}", card_name(&d, *c))?;
                }
            }
            _ => {
                let parsed = match t.parse::<usize>() {
                    Ok(n) if n >= 1 && n <= q.answers.len() => Ok(q.answers[n - 1].choice.clone()),
                    Ok(n) => Err(format!("there is no option {n} (1 to {})", q.answers.len())),
                    Err(_) => Choice::parse(&d, t).map_err(|e| e.0),
                };
                match parsed {
                    Ok(c) => return Ok(Some(c)),
                    Err(e) => writeln!(out, "{e}")?,
                }
            }
        }
    }
}

/// Run a terminal game on these streams until it ends or the input does. Returns the game's id.
pub async fn run<R: BufRead, W: Write>(
    svc: &Service,
    opts: &Options,
    input: R,
    mut out: W,
) -> Result<GameId, PlayError> {
    let (id, first) = match opts.game {
        Some(id) => (id, None),
        None => new_game(svc, opts).await.map(|(id, u)| (id, Some(u)))?,
    };
    let summary = svc.summary(&host("terminal"), id).await?;
    let mode = summary.mode;
    let seats = summary.seats;
    let user_of =
        |s: Seat| seats.iter().find(|x| x.0 == s).and_then(|x| x.1.clone()).unwrap_or_else(|| UserId::new("-"));
    let watcher = watcher(mode, &user_of);
    intro(&mut out, id, first.as_ref(), watcher)?;
    let mut lines = input.lines();
    loop {
        let engine = svc.engine(&crate::service::host::terminal(), id).await?;
        if let Some(o) = engine.outcome() {
            writeln!(
                out,
                "Game over: {} wins: {}.",
                o.winner,
                crate::games::queens_gambit::rules::words::why_won(o.reason)
            )?;
            break;
        }
        // The computer answers first, so a person is asked only when nobody else can move.
        if engine.pending().iter().any(|d| user_of(d.seat).is_computer()) {
            match svc.computer_move(id).await?.and_then(|news| news.into_account::<Update>()) {
                Some(update) => {
                    show(&update, watcher, &mut out)?;
                    continue;
                }
                None => {
                    writeln!(out, "The computer could not move: the game is saved as it is.")?;
                    break;
                }
            }
        }
        let Some(dec) = engine.pending().first().cloned() else {
            writeln!(out, "Nothing to decide: the game is stuck (please report this).")?;
            break;
        };
        let seat = dec.seat;
        let user = user_of(seat);
        let Some(choice) = ask(svc, id, seat, &user, &mut lines, &mut out).await? else {
            writeln!(out, "Game {id} is saved: continue with `gambit play --game {id}`.")?;
            return Ok(id);
        };
        if !answer(svc, id, seat, &user, &choice, watcher, &mut out).await? {
            break;
        }
    }
    Ok(id)
}

/// What a change said, as the watching seat (or anyone, with none) may read it.
fn show<W: Write>(update: &Update, watcher: Option<Seat>, out: &mut W) -> std::io::Result<()> {
    let game = update.public().game();
    let pass = watcher.map(|s| crate::service::host::terminal().seat(game, s.index()));
    for line in update.lines_for(pass.as_ref()) {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

/// The game's number, how to play, and what starting it said.
fn intro<W: Write>(out: &mut W, id: GameId, first: Option<&Update>, watcher: Option<Seat>) -> std::io::Result<()> {
    writeln!(out, "Game {id}. {HELP}")?;
    let pass = watcher.map(|s| crate::service::host::terminal().seat(id, s.index()));
    for line in first.map(|u| u.lines_for(pass.as_ref())).unwrap_or_default() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

/// With people on one side only, the seat whose side's private events can be shown as they happen.
fn watcher(mode: Mode, user_of: &dyn Fn(Seat) -> UserId) -> Option<Seat> {
    let humans: Vec<Seat> = Seat::all(mode).filter(|s| !user_of(*s).is_computer()).collect();
    let one_side: Option<Side> =
        humans.first().map(|s| s.side()).filter(|side| humans.iter().all(|h| h.side() == *side));
    humans.first().copied().filter(|_| one_side.is_some())
}

/// Play `seat`'s answer and show what it did. False when the game cannot go on here (paused or over).
async fn answer<W: Write>(
    svc: &Service,
    id: GameId,
    seat: Seat,
    user: &UserId,
    choice: &Choice,
    watcher: Option<Seat>,
    out: &mut W,
) -> Result<bool, PlayError> {
    let revision = svc.revision(id).await?;
    let text = choice.text(svc.data());
    let chosen = svc.choose(&host(user), id, Some(seat.index()), Chosen::Revision(revision), &text).await;
    match chosen.map_err(|r| r.error) {
        Ok(answered) => {
            let pass = crate::service::host::terminal().seat(id, watcher.unwrap_or(seat).index());
            for line in answered.news.into_account::<Update>().map(|u| u.lines_for(Some(&pass))).unwrap_or_default() {
                writeln!(out, "  {line}")?;
            }
        }
        // An illegal choice: ask again.
        Err(e @ ServiceError::Refused(_)) => writeln!(out, "{e}")?,
        // Paused or ended: asking again would not help.
        Err(e @ (ServiceError::Paused { .. } | ServiceError::Over { .. })) => {
            writeln!(out, "{e}")?;
            return Ok(false);
        }
        // The database failed: the move was not saved; the command fails with it.
        Err(e) => return Err(e.into()),
    }
    Ok(true)
}
