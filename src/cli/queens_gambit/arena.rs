//! `gambit arena`: two agents play each other in pairs of games with the same seed and the sides swapped
//! (so deals, bonus cards and the queen are equal within a pair), and the result is rated: win rates
//! overall and per side with their Wilson 95% intervals, the Elo difference with its interval, decision
//! times and game length; optionally a sequential test that stops as soon as a difference is proven. The
//! referee holds the game; each agent sees only its seat (`ai::Seen`). An agent that forfeits (an outside
//! program that answers late, wrongly, or dies) loses that game, and the arena goes on.

use crate::cli::arena::{Pairs, Scored, mean, percentile};
use crate::games::queens_gambit::ai::{Agent, Seen, Settings, Spec, agent};
use crate::games::queens_gambit::rules::{Data, Game, Mode, Seat, Side, Viewer};
use crate::games::rating::Results;
use crate::games::sprt::{Sprt, Verdict};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Debug)]
pub struct Options {
    pub a: Spec,
    pub b: Spec,
    /// Games in all (rounded up to whole pairs).
    pub games: u32,
    pub mode: Mode,
    pub seed: u64,
    pub threads: usize,
    /// A game still going after this many rounds is a draw.
    pub max_rounds: u32,
    /// The levels' budgets (already scaled by `--budget-scale`, with no time caps: a game depends on its
    /// seed alone) and an outside program's time limit.
    pub settings: Settings,
    /// Stop as soon as the test decides.
    pub sprt: Option<Sprt>,
}

/// One game's result, from `a`'s side of the table.
#[derive(Clone, Debug)]
struct GameResult {
    a_side: Side,
    winner: Option<Side>,
    rounds: u32,
    /// Milliseconds of each of `a`'s and `b`'s decisions.
    a_ms: Vec<f64>,
    b_ms: Vec<f64>,
    /// Who gave the game up, and why.
    forfeit: Option<(Side, String)>,
}

#[derive(Clone, Debug, Default)]
pub struct Report {
    pub a: String,
    pub b: String,
    /// `a`'s results: in all, as Naboo, as the Trade Federation.
    pub all: Results,
    pub as_naboo: Results,
    pub as_tf: Results,
    pub a_ms: Vec<f64>,
    pub b_ms: Vec<f64>,
    pub rounds: Vec<u32>,
    /// Games given up: the game's seed, the side, why.
    pub forfeits: Vec<String>,
    /// The sequential test's verdict and log-likelihood ratio, when one was asked for.
    pub sprt: Option<(Verdict, f64)>,
    pub seconds: f64,
}

impl Report {
    fn add(&mut self, g: GameResult, seed: u64) {
        let side = match g.a_side {
            Side::Naboo => &mut self.as_naboo,
            Side::Tf => &mut self.as_tf,
        };
        for r in [&mut self.all, side] {
            r.count(g.a_won());
        }
        if let Some((side, why)) = g.forfeit {
            let who = if side == g.a_side { &self.a } else { &self.b };
            self.forfeits.push(format!("seed {seed}: {who} ({}) forfeits: {why}", side.name()));
        }
        self.a_ms.extend(g.a_ms);
        self.b_ms.extend(g.b_ms);
        self.rounds.push(g.rounds);
    }

    /// The readable lines, then one line of `key=value` pairs.
    pub fn text(&self) -> String {
        let pct = |r: &Results| {
            let (lo, hi) = r.interval();
            format!("{:.1}% [{:.1}, {:.1}] of {}", r.score() * 100.0, lo * 100.0, hi * 100.0, r.games())
        };
        let (elo, lo, hi) = self.all.elo();
        let rounds = mean(&self.rounds.iter().map(|r| f64::from(*r)).collect::<Vec<_>>());
        let p99 = percentile(&self.a_ms, 0.99).max(percentile(&self.b_ms, 0.99));
        let times = |name: &str, ms: &[f64]| {
            format!(
                "{name} mean {:.2} median {:.2} p99 {:.2} max {:.2}",
                mean(ms),
                percentile(ms, 0.5),
                percentile(ms, 0.99),
                percentile(ms, 1.0)
            )
        };
        let mut out = String::new();
        for f in &self.forfeits {
            out.push_str(&format!("{f}\n"));
        }
        out.push_str(&format!("{} against {}: {}\n", self.a, self.b, pct(&self.all)));
        out.push_str(&format!("  as Naboo {}\n  as the Trade Federation {}\n", pct(&self.as_naboo), pct(&self.as_tf)));
        out.push_str(&format!("  Elo {elo:+.0} [{lo:+.0}, {hi:+.0}]; {rounds:.1} rounds a game\n"));
        out.push_str(&format!("  decision ms: {}; {}\n", times(&self.a, &self.a_ms), times(&self.b, &self.b_ms)));
        if let Some((v, llr)) = self.sprt {
            out.push_str(&format!("  sequential test: {} (log-likelihood ratio {llr:.2})\n", v.key()));
        }
        out.push_str(&format!("  {:.0} s\n", self.seconds));
        out.push_str(&format!(
            "games={} a_wins={} b_wins={} draws={} a_win_rate={:.4} a_win_rate_naboo={:.4} a_win_rate_tf={:.4} \
             elo={elo:.1} elo_lo={lo:.1} elo_hi={hi:.1} decision_ms_p99={p99:.2} decision_ms_mean={:.2} \
             rounds_avg={rounds:.1} forfeits={}",
            self.all.games(),
            self.all.wins,
            self.all.losses,
            self.all.draws,
            self.all.score(),
            self.as_naboo.score(),
            self.as_tf.score(),
            mean(&[self.a_ms.as_slice(), self.b_ms.as_slice()].concat()),
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

/// One game of the pair: `a` plays `a_side`, `b` the other; every seat of a side is played by its agent
/// (each seat its own instance, seeded apart).
fn play(data: &Arc<Data>, o: &Options, seed: u64, a_side: Side) -> Result<GameResult, String> {
    let (mut game, _) = Game::new(data.clone(), o.mode, seed);
    let mut agents: Vec<(bool, Box<dyn Agent>)> = Vec::new();
    for seat in Seat::all(o.mode) {
        let is_a = seat.side() == a_side;
        let spec = if is_a { &o.a } else { &o.b };
        let agent_seed = seed ^ (u64::from(seat.0) + 1).wrapping_mul(0xA24B_AED4_963E_E407) ^ u64::from(is_a);
        agents.push((is_a, agent(spec, data, agent_seed, &o.settings)));
    }
    let limit = o.settings.command_limit;
    let (mut a_ms, mut b_ms) = (Vec::new(), Vec::new());
    // A game past its rounds, or stuck (an agent going round in circles), is a draw.
    let mut decisions = 0u32;
    while game.outcome().is_none() && game.state().round <= o.max_rounds && decisions < 100_000 {
        decisions += 1;
        let Some(dec) = game.pending().first().cloned() else { break };
        let q = game.question_for(dec.seat).ok_or_else(|| format!("seed {seed}: no question for a pending seat"))?;
        let mut seen = Seen::new(dec.seat, game.view(Viewer::Seat(dec.seat)), &q).with_worlds(game.worlds(dec.seat));
        seen.ms_left = Some(limit.as_millis() as u64);
        let (is_a, agent) = &mut agents[usize::from(dec.seat.0)];
        let started = Instant::now();
        let answered = agent.choose(&seen);
        let took = started.elapsed();
        let ms = took.as_secs_f64() * 1e3;
        if *is_a {
            a_ms.push(ms)
        } else {
            b_ms.push(ms)
        }
        let side = dec.seat.side();
        let lost = |why: String| GameResult {
            a_side,
            winner: Some(side.other()),
            rounds: game.state().round,
            a_ms: a_ms.clone(),
            b_ms: b_ms.clone(),
            forfeit: Some((side, why)),
        };
        let choice = match answered {
            Ok(c) => c,
            Err(f) => return Ok(lost(f.0)),
        };
        // The referee checks too: an answer not among the options, or one past the time limit, loses.
        if !dec.options.contains(&choice) {
            return Ok(lost(format!("answered '{}', which is not an option", choice.text(data))));
        }
        let outside = matches!(if *is_a { &o.a } else { &o.b }, Spec::Command(_));
        if outside && took > limit + Duration::from_millis(500) {
            return Ok(lost(format!("took {} ms, over the limit of {} ms", took.as_millis(), limit.as_millis())));
        }
        game.act(dec.seat, &choice).map_err(|e| format!("seed {seed}: a legal option was refused: {e}"))?;
    }
    let rounds = game.state().round;
    Ok(GameResult { a_side, winner: game.outcome().map(|o| o.winner), rounds, a_ms, b_ms, forfeit: None })
}

impl Scored for GameResult {
    fn a_won(&self) -> Option<bool> {
        self.winner.map(|w| w == self.a_side)
    }
}

/// Play the arena: `games` games in pairs, over `threads` threads.
pub fn run(data: Arc<Data>, o: &Options) -> Result<Report, String> {
    let started = Instant::now();
    let pairs = o.games.div_ceil(2).max(1);
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let table = Mutex::new(Pairs::<GameResult>::default());
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
                        let pair = [play(&data, o, seed, Side::Tf)?, play(&data, o, seed, Side::Naboo)?];
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
    let mut report = Report { a: o.a.to_string(), b: o.b.to_string(), ..Report::default() };
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
