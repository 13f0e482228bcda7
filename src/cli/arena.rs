//! `gambit arena` for any two-seat game: two agents play in pairs of games with the same seed and the
//! seats swapped, through the game seam alone (`Kind::open`, `Engine::player`, `Engine::seen`), so every
//! agent a game offers — its levels, its random player, an outside program (`cmd:PROGRAM`) — plays here
//! as it would at a table. The result: win rates overall and per seat with their Wilson 95% intervals, the
//! Elo difference with its interval, decision times, game length; optionally a sequential test that stops
//! as soon as a difference is proven. An agent that forfeits (an outside program that answers late,
//! wrongly, or dies) loses that game, and the arena goes on.

use crate::games::effort::Settings;
use crate::games::rating::Results;
use crate::games::sprt::{Sprt, Verdict};
use crate::games::{Kind, NoAnswer, Player};
use std::collections::BTreeMap;
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
}

/// One game, from `a`'s seat.
#[derive(Clone, Debug)]
struct Played {
    a_seat: usize,
    /// The winning seat (none: a draw).
    winner: Option<usize>,
    decisions: u32,
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    forfeit: Option<String>,
}

/// The arena's results.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub game: String,
    pub a: String,
    pub b: String,
    pub seats: Vec<String>,
    pub all: Results,
    /// `a`'s results in each seat.
    pub by_seat: Vec<Results>,
    pub a_ms: Vec<f64>,
    pub b_ms: Vec<f64>,
    pub decisions: Vec<u32>,
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

pub fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

impl Report {
    fn add(&mut self, g: Played, seed: u64) {
        if self.by_seat.len() <= g.a_seat {
            self.by_seat.resize(g.a_seat + 1, Results::default());
        }
        for r in [&mut self.all, &mut self.by_seat[g.a_seat]] {
            r.count(g.a_won());
        }
        if let Some(why) = g.forfeit {
            self.forfeits.push(format!("seed {seed}: {why}"));
        }
        self.a_ms.extend(g.a_ms);
        self.b_ms.extend(g.b_ms);
        self.decisions.push(g.decisions);
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
        let decisions = mean(&self.decisions.iter().map(|d| f64::from(*d)).collect::<Vec<_>>());
        let mut out = String::new();
        for f in &self.forfeits {
            out.push_str(&format!("{f}\n"));
        }
        out.push_str(&format!("{}: {} against {}: {}\n", self.game, self.a, self.b, pct(&self.all)));
        for (seat, r) in self.seats.iter().zip(&self.by_seat) {
            out.push_str(&format!("  as {seat} {}\n", pct(r)));
        }
        out.push_str(&format!("  Elo {elo:+.0} [{lo:+.0}, {hi:+.0}]; {decisions:.0} decisions a game\n"));
        out.push_str(&format!("  decision ms: {}; {}\n", times(&self.a, &self.a_ms), times(&self.b, &self.b_ms)));
        if let Some((v, llr)) = self.sprt {
            out.push_str(&format!("  sequential test: {} (log-likelihood ratio {llr:.2})\n", v.key()));
        }
        out.push_str(&format!("  {:.0} s\n", self.seconds));
        let by_seat: String =
            self.by_seat.iter().enumerate().map(|(i, r)| format!(" a_score_seat{i}={:.4}", r.score())).collect();
        out.push_str(&format!(
            "game={} a={} b={} games={} a_wins={} b_wins={} draws={} score={:.4}{by_seat} elo={elo:.1} \
             elo_lo={lo:.1} elo_hi={hi:.1} a_ms_p99={:.2} b_ms_p99={:.2} decisions_avg={decisions:.1} forfeits={}",
            self.game,
            self.a,
            self.b,
            self.all.games(),
            self.all.wins,
            self.all.losses,
            self.all.draws,
            self.all.score(),
            percentile(&self.a_ms, 0.99),
            percentile(&self.b_ms, 0.99),
            self.forfeits.len(),
        ));
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

/// One game of a pair: `a` at `a_seat`, `b` at the other.
fn play(o: &Options, seed: u64, a_seat: usize) -> Result<Played, String> {
    let mut engine = o.kind.open(&o.options, seed, None)?;
    let seats = engine.seat_names().len();
    if seats != 2 {
        return Err(format!("the arena plays two-seat games; this one has {seats} seats"));
    }
    let mut players: Vec<Box<dyn Player>> = Vec::new();
    for seat in 0..seats {
        let name = if seat == a_seat { &o.a } else { &o.b };
        let agent_seed = seed ^ (seat as u64 + 1).wrapping_mul(0xA24B_AED4_963E_E407) ^ u64::from(seat == a_seat);
        players.push(engine.player(name, agent_seed, &o.settings)?);
    }
    let (mut a_ms, mut b_ms) = (Vec::new(), Vec::new());
    let mut decisions = 0u32;
    let limit = o.settings.command_limit + Duration::from_millis(500);
    while engine.outcome().is_none() && decisions < o.max_decisions {
        let Some(&seat) = engine.deciders().first() else { break };
        decisions += 1;
        let seen = engine.seen(seat).ok_or_else(|| format!("seed {seed}: seat {seat} must act but sees nothing"))?;
        let started = Instant::now();
        let answer = players[seat].choose(seen.as_ref());
        let took = started.elapsed();
        let ms = took.as_secs_f64() * 1e3;
        if seat == a_seat {
            a_ms.push(ms)
        } else {
            b_ms.push(ms)
        };
        let who = if seat == a_seat { &o.a } else { &o.b };
        let side = engine.side_name(seat);
        let lost = |why: String| Played {
            a_seat,
            winner: Some(1 - seat),
            decisions,
            a_ms: a_ms.clone(),
            b_ms: b_ms.clone(),
            forfeit: Some(format!("{who} ({}) forfeits: {why}", side)),
        };
        let choice = match answer {
            Ok(c) => c,
            Err(NoAnswer::Forfeit(why)) => return Ok(lost(why)),
            Err(NoAnswer::Fault(why)) => return Err(format!("seed {seed}: {who} has no answer: {why}")),
        };
        if crate::games::effort::is_program(who) && took > limit {
            return Ok(lost(format!("took {} ms, over the limit of {} ms", took.as_millis(), limit.as_millis())));
        }
        if let Err(e) = engine.apply(seat, &choice) {
            // A built-in agent's refused answer is a defect; an outside program's, its loss.
            if crate::games::effort::is_program(who) {
                return Ok(lost(format!("answered '{choice}', which is refused: {e}")));
            }
            return Err(format!("seed {seed}: {who} chose '{choice}', refused: {e}"));
        }
    }
    let winner = engine.outcome().and_then(|o| (o.winners.len() == 1).then(|| o.winners[0]));
    Ok(Played { a_seat, winner, decisions, a_ms, b_ms, forfeit: None })
}

impl Scored for Played {
    fn a_won(&self) -> Option<bool> {
        self.winner.map(|w| w == self.a_seat)
    }
}

/// A game's result as the arena counts it for `a`.
pub trait Scored {
    /// Won (`Some(true)`), lost, or drawn (`None`).
    fn a_won(&self) -> Option<bool>;
}

/// The pairs played so far, by number; with a test, the first pairs in order until it decided (every
/// game's arena keeps its pairs so).
pub struct Pairs<G> {
    pub done: BTreeMap<u32, [G; 2]>,
    /// The number of pairs, counted in order, at which the test decided.
    pub decided: Option<(u32, Verdict, f64)>,
}

impl<G> Default for Pairs<G> {
    fn default() -> Pairs<G> {
        Pairs { done: BTreeMap::new(), decided: None }
    }
}

impl<G: Scored> Pairs<G> {
    /// Run the test over the pairs finished in order from the first, and stop at its decision.
    pub fn test(&mut self, sprt: &Sprt) {
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
    let seats = o.kind.open(&o.options, o.seed, None)?.seat_names();
    let pairs = o.games.div_ceil(2).max(1);
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let table = Mutex::new(Pairs::<Played>::default());
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
    let mut report = Report { game, a: o.a.clone(), b: o.b.clone(), seats, ..Report::default() };
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
