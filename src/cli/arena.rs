//! `gambit arena`: two agents play each other in pairs of games with the same seed and the sides swapped
//! (so deals, bonus cards and the queen are equal within a pair), and the result is rated: win rates
//! overall and per side with their Wilson 95% intervals, the Elo difference with its interval, decision
//! times and game length. The referee holds the game; each agent sees only its seat (`ai::Seen`).

use crate::ai::rating::Results;
use crate::ai::{Agent, Seen, by_name_scaled};
use crate::rules::{Data, Game, Mode, Side, Viewer};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Options {
    pub a: String,
    pub b: String,
    /// Games in all (rounded up to whole pairs).
    pub games: u32,
    pub mode: Mode,
    pub seed: u64,
    pub threads: usize,
    /// A game still going after this many rounds is a draw.
    pub max_rounds: u32,
    /// Every agent's search budget times this.
    pub budget_scale: f64,
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
}

fn percentile(v: &[f64], q: f64) -> f64 {
    if v.is_empty() {
        return 0.0;
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    s[((s.len() - 1) as f64 * q).round() as usize]
}

impl Report {
    fn add(&mut self, g: GameResult) {
        let side = match g.a_side {
            Side::Naboo => &mut self.as_naboo,
            Side::Tf => &mut self.as_tf,
        };
        for r in [&mut self.all, side] {
            match g.winner {
                None => r.draws += 1,
                Some(w) if w == g.a_side => r.wins += 1,
                Some(_) => r.losses += 1,
            }
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
        let rounds = self.rounds.iter().map(|r| f64::from(*r)).sum::<f64>() / self.rounds.len().max(1) as f64;
        let p99 = percentile(&self.a_ms, 0.99).max(percentile(&self.b_ms, 0.99));
        let mut out = String::new();
        out.push_str(&format!("{} against {}: {}\n", self.a, self.b, pct(&self.all)));
        out.push_str(&format!("  as Naboo {}\n  as the Trade Federation {}\n", pct(&self.as_naboo), pct(&self.as_tf)));
        out.push_str(&format!("  Elo {elo:+.0} [{lo:+.0}, {hi:+.0}]; {rounds:.1} rounds a game\n"));
        out.push_str(&format!(
            "  decision ms: {} median {:.2} p99 {:.2}; {} median {:.2} p99 {:.2}\n",
            self.a,
            percentile(&self.a_ms, 0.5),
            percentile(&self.a_ms, 0.99),
            self.b,
            percentile(&self.b_ms, 0.5),
            percentile(&self.b_ms, 0.99)
        ));
        out.push_str(&format!(
            "games={} a_wins={} b_wins={} draws={} a_win_rate={:.4} a_win_rate_naboo={:.4} a_win_rate_tf={:.4} \
             elo={elo:.1} elo_lo={lo:.1} elo_hi={hi:.1} decision_ms_p99={p99:.2} rounds_avg={rounds:.1}\n",
            self.all.games(),
            self.all.wins,
            self.all.losses,
            self.all.draws,
            self.all.score(),
            self.as_naboo.score(),
            self.as_tf.score(),
        ));
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
    let mut agents: Vec<(Side, bool, Box<dyn Agent>)> = Vec::new();
    for seat in crate::rules::Seat::all(o.mode) {
        let is_a = seat.side() == a_side;
        let name = if is_a { &o.a } else { &o.b };
        let agent_seed = seed ^ (u64::from(seat.0) + 1).wrapping_mul(0xA24B_AED4_963E_E407) ^ u64::from(is_a);
        agents.push((seat.side(), is_a, by_name_scaled(name, data, agent_seed, o.budget_scale)?));
    }
    let (mut a_ms, mut b_ms) = (Vec::new(), Vec::new());
    // A game past its rounds, or stuck (an agent going round in circles), is a draw.
    let mut decisions = 0u32;
    while game.outcome().is_none() && game.state().round <= o.max_rounds && decisions < 100_000 {
        decisions += 1;
        let Some(dec) = game.pending().first().cloned() else { break };
        let q = game.question_for(dec.seat).ok_or_else(|| format!("seed {seed}: no question for a pending seat"))?;
        let seen = Seen::new(dec.seat, game.view(Viewer::Seat(dec.seat)), &q).with_worlds(game.worlds(dec.seat));
        let (_, is_a, agent) = &mut agents[usize::from(dec.seat.0)];
        let started = Instant::now();
        let choice = agent.choose(&seen);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        if *is_a {
            a_ms.push(ms)
        } else {
            b_ms.push(ms)
        }
        if !dec.options.contains(&choice) {
            // An answer that is not an option loses the game for its side.
            return Ok(GameResult { a_side, winner: Some(dec.seat.side().other()), rounds: 0, a_ms, b_ms });
        }
        game.act(dec.seat, &choice).map_err(|e| format!("seed {seed}: a legal option was refused: {e}"))?;
    }
    let rounds = game.state().round;
    Ok(GameResult { a_side, winner: game.outcome().map(|o| o.winner), rounds, a_ms, b_ms })
}

/// Play the arena: `games` games in pairs, over `threads` threads.
pub fn run(data: Arc<Data>, o: &Options) -> Result<Report, String> {
    by_name_scaled(&o.a, &data, 0, o.budget_scale)?;
    by_name_scaled(&o.b, &data, 0, o.budget_scale)?;
    let pairs = o.games.div_ceil(2).max(1);
    let next = AtomicU32::new(0);
    let results = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..o.threads.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<Vec<GameResult>, String> {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= pairs {
                            return Ok(mine);
                        }
                        let seed = pair_seed(o.seed, i);
                        mine.push(play(&data, o, seed, Side::Tf)?);
                        mine.push(play(&data, o, seed, Side::Naboo)?);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().unwrap_or_else(|_| Err("an arena thread failed".into())))
            .collect::<Vec<_>>()
    });
    let mut report = Report { a: o.a.clone(), b: o.b.clone(), ..Report::default() };
    for r in results {
        for g in r? {
            report.add(g);
        }
    }
    Ok(report)
}
