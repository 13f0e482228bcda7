//! `gambit arena` for every game: two agents play in pairs of games with the same seed and the sides
//! swapped, through the game seam alone (`Kind::open`, `Engine::player`, `Engine::seen`), so every agent
//! a game offers — its levels, its random player, an outside program (`cmd:PROGRAM`) — plays here as it
//! would at a table. A side is every seat sharing one `Engine::side`: a four-player game's partners are
//! one agent's team. The result: win rates overall and per side with their Wilson 95% intervals, the Elo
//! difference with its interval, decision times, game length; optionally a sequential test that stops as
//! soon as a difference is proven. An agent that forfeits (an outside program that answers late, wrongly,
//! or dies) loses that game for its side, and the arena goes on.

use super::args::Command;
use super::failure::{Failure, Kind as FailureKind};
use super::setup::{Setup, misrouted};
use crate::games::effort::Settings;
use crate::games::rating::Results;
use crate::games::sprt::{Sprt, Verdict};
use crate::games::{Engine, Kind, NoAnswer, Player};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What an arena plays.
#[derive(Clone)]
pub struct Options {
    pub kind: Arc<dyn Kind>,
    /// The game's options, as a lobby keeps them.
    pub options: String,
    pub a: String,
    pub b: String,
    /// Games in all (rounded up to whole pairs).
    pub games: u32,
    pub seed: u64,
    pub threads: usize,
    /// The agents' budgets, with no time caps (a game depends on its seed alone).
    pub settings: Settings,
    pub sprt: Option<Sprt>,
    /// A game still going after this many decisions is a draw.
    pub max_decisions: u32,
    /// A game played in rounds still going after this many is a draw.
    pub max_rounds: u32,
}

/// `gambit arena`: game `key` with `options` (its own flags read by its registry entry), every other
/// flag read here.
pub fn command(setup: &Setup, command: &Command, key: &str, options: String) -> Result<(), Failure> {
    let Command::Arena { a, b, games, seed, threads, max_rounds, budget_scale, sprt, agent_ms, .. } = command else {
        return Err(misrouted());
    };
    let kind = setup.catalog.get(key).ok_or_else(|| Failure::new(FailureKind::Problem, format!("no game {key}")))?;
    let mut settings = setup.config.ai.settings().uncapped().scaled(*budget_scale);
    settings.command_limit = Duration::from_millis(*agent_ms);
    let o = Options {
        kind,
        options,
        a: a.clone(),
        b: b.clone(),
        games: *games,
        seed: *seed,
        threads: *threads,
        settings,
        sprt: sprt.as_ref().map(|v| Sprt::new(v[0], v[1])),
        max_decisions: 100_000,
        max_rounds: *max_rounds,
    };
    // An agent the game does not offer is the command's mistake, said before anything is played.
    let engine = o.kind.open(&o.options, o.seed, None).map_err(|e| Failure::new(FailureKind::Usage, e))?;
    for (flag, name) in [("--a", &o.a), ("--b", &o.b)] {
        engine.player(name, 0, &o.settings).map_err(|e| Failure::new(FailureKind::Usage, format!("{flag}: {e}")))?;
    }
    let report = run(&o).map_err(|e| Failure::new(FailureKind::Problem, e))?;
    write!(std::io::stdout().lock(), "{}", report.text()).map_err(Failure::from)
}

/// One game, from `a`'s side.
#[derive(Clone, Debug)]
struct Played {
    a_side: usize,
    /// The winning side (none: a draw).
    winner: Option<usize>,
    decisions: u32,
    rounds: Option<u32>,
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    forfeit: Option<String>,
}

impl Played {
    /// Won (`Some(true)`), lost, or drawn (`None`), for `a`.
    fn a_won(&self) -> Option<bool> {
        self.winner.map(|w| w == self.a_side)
    }
}

/// The arena's results.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The game's key, and the game in words with its options.
    pub key: String,
    pub game: String,
    pub a: String,
    pub b: String,
    /// The two sides, in words and by key.
    pub sides: Vec<(String, String)>,
    pub all: Results,
    /// `a`'s results on each side.
    pub by_side: Vec<Results>,
    pub a_ms: Vec<f64>,
    pub b_ms: Vec<f64>,
    pub decisions: Vec<u32>,
    /// Rounds each game lasted, for a game played in rounds.
    pub rounds: Vec<u32>,
    pub forfeits: Vec<String>,
    pub sprt: Option<(Verdict, f64)>,
    pub seconds: f64,
}

pub fn percentile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[((s.len() - 1) as f64 * q).round() as usize]
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

impl Report {
    fn add(&mut self, g: Played, seed: u64) {
        if self.by_side.len() <= g.a_side {
            self.by_side.resize(g.a_side + 1, Results::default());
        }
        for r in [&mut self.all, &mut self.by_side[g.a_side]] {
            r.count(g.a_won());
        }
        if let Some(why) = g.forfeit {
            self.forfeits.push(format!("seed {seed}: {why}"));
        }
        self.a_ms.extend(g.a_ms);
        self.b_ms.extend(g.b_ms);
        self.decisions.push(g.decisions);
        self.rounds.extend(g.rounds);
    }

    /// Games' mean length in decisions, and in rounds for a game played in rounds.
    fn length(&self) -> (f64, Option<f64>) {
        let average = |v: &[u32]| mean(&v.iter().map(|d| f64::from(*d)).collect::<Vec<_>>());
        (average(&self.decisions), (!self.rounds.is_empty()).then(|| average(&self.rounds)))
    }

    /// The readable lines, then one line of `key=value` pairs.
    pub fn text(&self) -> String {
        let pct = |r: &Results| {
            let (lo, hi) = r.interval();
            format!(
                "{:.1}% [{:.1}, {:.1}] of {} ({}-{}-{})",
                r.score() * 100.0,
                lo * 100.0,
                hi * 100.0,
                r.games(),
                r.wins,
                r.draws,
                r.losses
            )
        };
        let (elo, lo, hi) = self.all.elo();
        let times = |name: &str, ms: &[f64]| {
            format!("{name} mean {:.2} median {:.2} p99 {:.2}", mean(ms), percentile(ms, 0.5), percentile(ms, 0.99))
        };
        let (decisions, rounds) = self.length();
        let mut out = String::new();
        for f in &self.forfeits {
            out.push_str(&format!("{f}\n"));
        }
        out.push_str(&format!("{}: {} against {}: {}\n", self.game, self.a, self.b, pct(&self.all)));
        for ((name, _), r) in self.sides.iter().zip(&self.by_side) {
            out.push_str(&format!("  as {name} {}\n", pct(r)));
        }
        let length = rounds.map_or(String::new(), |r| format!(", {r:.1} rounds"));
        out.push_str(&format!("  Elo {elo:+.0} [{lo:+.0}, {hi:+.0}]; {decisions:.0} decisions{length} a game\n"));
        out.push_str(&format!("  decision ms: {}; {}\n", times(&self.a, &self.a_ms), times(&self.b, &self.b_ms)));
        if let Some((v, llr)) = self.sprt {
            out.push_str(&format!("  sequential test: {} (log-likelihood ratio {llr:.2})\n", v.key()));
        }
        out.push_str(&format!("  {:.0} s\n", self.seconds));
        out.push_str(&self.line());
        out
    }

    /// The results as one line of `key=value` pairs.
    fn line(&self) -> String {
        let (elo, lo, hi) = self.all.elo();
        let (decisions, rounds) = self.length();
        let by_side: String = self
            .sides
            .iter()
            .zip(&self.by_side)
            .map(|((_, key), r)| format!(" a_score_{key}={:.4}", r.score()))
            .collect();
        let rounds = rounds.map_or(String::new(), |r| format!(" rounds_avg={r:.1}"));
        let mut out = format!(
            "game={} a={} b={} games={} a_wins={} b_wins={} draws={} score={:.4}{by_side} elo={elo:.1} \
             elo_lo={lo:.1} elo_hi={hi:.1} a_ms_p99={:.2} b_ms_p99={:.2} decisions_avg={decisions:.1}{rounds} \
             forfeits={}",
            self.key,
            self.a.replace(' ', "-"),
            self.b.replace(' ', "-"),
            self.all.games(),
            self.all.wins,
            self.all.losses,
            self.all.draws,
            self.all.score(),
            percentile(&self.a_ms, 0.99),
            percentile(&self.b_ms, 0.99),
            self.forfeits.len(),
        );
        if let Some((v, llr)) = self.sprt {
            out.push_str(&format!(" sprt={} llr={llr:.2}", v.key()));
        }
        out.push('\n');
        out
    }
}

/// The seed of pair `i`.
fn pair_seed(seed: u64, i: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(u64::from(i))
}

/// A game's two sides: every seat's (0 or 1, in the order the sides first sit), and each side in words
/// and by key.
struct Sides {
    of_seat: Vec<usize>,
    shown: Vec<(String, String)>,
}

impl Sides {
    fn of(engine: &dyn Engine) -> Result<Sides, String> {
        let (of_seat, first) = crate::games::side_numbers(engine);
        if first.len() != 2 {
            return Err(format!("the arena plays games of two sides; this one has {}", first.len()));
        }
        let shown = first
            .iter()
            .map(|&seat| {
                // A game without teams keys its sides by seat number: its seat's key reads better.
                let key = engine.side(seat);
                let key = if key == seat.to_string() { engine.seat_key(seat) } else { key };
                (engine.side_name(seat), key)
            })
            .collect();
        Ok(Sides { of_seat, shown })
    }
}

/// One game of a pair: `a` plays every seat of side `a_side`, `b` the others.
fn play(o: &Options, seed: u64, a_side: usize) -> Result<Played, String> {
    let mut engine = o.kind.open(&o.options, seed, None)?;
    let sides = Sides::of(&*engine)?.of_seat;
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    for (seat, side) in sides.iter().enumerate() {
        let is_a = *side == a_side;
        let name = if is_a { &o.a } else { &o.b };
        let agent_seed = seed ^ (seat as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407) ^ u64::from(is_a);
        players.push(engine.player(name, agent_seed, &o.settings)?);
    }
    let (mut a_ms, mut b_ms) = (Vec::new(), Vec::new());
    let mut decisions = 0u32;
    let limit = o.settings.command_limit + Duration::from_millis(500);
    let going = |e: &dyn Engine, decisions: u32| {
        e.outcome().is_none() && decisions < o.max_decisions && e.round().is_none_or(|r| r <= o.max_rounds)
    };
    while going(&*engine, decisions) {
        let Some(&seat) = engine.deciders().first() else { break };
        decisions += 1;
        let seen = engine.seen(seat).ok_or_else(|| format!("seed {seed}: seat {seat} must act but sees nothing"))?;
        let is_a = sides[seat] == a_side;
        let started = Instant::now();
        let answer = players[seat].choose(seen.as_ref());
        let took = started.elapsed();
        if is_a { &mut a_ms } else { &mut b_ms }.push(took.as_secs_f64() * 1e3);
        let who = if is_a { &o.a } else { &o.b };
        let (rounds, side) = (engine.round(), engine.side_name(seat));
        let lost = |why: String| Played {
            a_side,
            winner: Some(1 - sides[seat]),
            decisions,
            rounds,
            a_ms: a_ms.clone(),
            b_ms: b_ms.clone(),
            forfeit: Some(format!("{who} ({side}) forfeits: {why}")),
        };
        let choice = match answer {
            Ok(c) => c,
            Err(NoAnswer::Forfeit(why)) => return Ok(lost(why)),
            Err(NoAnswer::Fault(why)) => return Err(format!("seed {seed}: {who} has no answer: {why}")),
        };
        let outside = crate::games::effort::is_program(who);
        if outside && took > limit {
            return Ok(lost(format!("took {} ms, over the limit of {} ms", took.as_millis(), limit.as_millis())));
        }
        if let Err(e) = engine.apply(seat, &choice) {
            // A built-in agent's refused answer is a defect; an outside program's, its loss.
            if outside {
                return Ok(lost(format!("answered '{choice}', which is refused: {e}")));
            }
            return Err(format!("seed {seed}: {who} chose '{choice}', refused: {e}"));
        }
    }
    let winner = engine.outcome().and_then(|o| o.winners.first().map(|w| sides[*w]));
    Ok(Played { a_side, winner, decisions, rounds: engine.round(), a_ms, b_ms, forfeit: None })
}

/// The pairs played so far, by number; with a test, the first pairs in order until it decided.
#[derive(Default)]
struct Pairs {
    done: BTreeMap<u32, [Played; 2]>,
    /// The number of pairs, counted in order, at which the test decided.
    decided: Option<(u32, Verdict, f64)>,
}

impl Pairs {
    /// Run the test over the pairs finished in order from the first, and stop at its decision.
    fn test(&mut self, sprt: &Sprt) {
        if self.decided.is_some() {
            return;
        }
        let mut r = Results::default();
        for (n, (i, pair)) in self.done.iter().enumerate() {
            if *i != n as u32 {
                return;
            }
            for g in pair {
                r.count(g.a_won());
            }
            let v = sprt.verdict(&r);
            if v != Verdict::Continue {
                self.decided = Some((*i + 1, v, sprt.llr(&r)));
                return;
            }
        }
    }
}
/// Play the arena over `threads` threads.
pub fn run(o: &Options) -> Result<Report, String> {
    let started = Instant::now();
    let sides = Sides::of(&*o.kind.open(&o.options, o.seed, None)?)?.shown;
    let pairs = o.games.div_ceil(2).max(1);
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let table = Mutex::new(Pairs::default());
    let failures = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..o.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<(), String> {
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= pairs {
                            return Ok(());
                        }
                        let seed = pair_seed(o.seed, i);
                        let pair = [play(o, seed, 0)?, play(o, seed, 1)?];
                        let mut t = table.lock().map_err(|_| "an arena thread failed".to_string())?;
                        t.done.insert(i, pair);
                        if let Some(sprt) = &o.sprt {
                            t.test(sprt);
                            if t.decided.is_some() {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("an arena thread failed".into())))
            .collect::<Vec<_>>()
    });
    for f in failures {
        f?;
    }
    let table = table.into_inner().map_err(|_| "an arena thread failed".to_string())?;
    let game = format!("{} {}", o.kind.key(), o.kind.describe(&o.options));
    let mut report =
        Report { key: o.kind.key().to_string(), game, a: o.a.clone(), b: o.b.clone(), sides, ..Report::default() };
    let last = table.decided.map_or(u32::MAX, |(n, _, _)| n);
    for (i, pair) in table.done.into_iter().filter(|(i, _)| *i < last) {
        for g in pair {
            report.add(g, pair_seed(o.seed, i));
        }
    }
    report.sprt = match (table.decided, &o.sprt) {
        (Some((_, v, llr)), _) => Some((v, llr)),
        (None, Some(s)) => Some((Verdict::Continue, s.llr(&report.all))),
        (None, None) => None,
    };
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}
