//! Whole games between random players: a test of the engine (any refused choice or missing option is a
//! bug) and a benchmark of its speed.

use crate::cli::setup::host;
use crate::games::queens_gambit::rules::RandomAgent;
use crate::games::queens_gambit::rules::{Data, Game, Mode, RulesVersion, Side};
use std::sync::Arc;
use std::time::Instant;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub games: u32,
    pub naboo_wins: u32,
    pub tf_wins: u32,
    pub unfinished: u32,
    pub rounds: u64,
    pub decisions: u64,
    /// A fingerprint of every game's final state, in order: equal digests mean the engine played the
    /// very same games (what a speed change must keep).
    pub digest: u64,
    pub seconds: f64,
}

impl Summary {
    /// The one-line report: counts, averages and speed.
    pub fn line(&self) -> String {
        let n = f64::from(self.games.max(1));
        format!(
            "games={} naboo_wins={} tf_wins={} unfinished={} rounds_avg={:.1} decisions_avg={:.1} digest={:016x} games_per_s={:.1}",
            self.games,
            self.naboo_wins,
            self.tf_wins,
            self.unfinished,
            self.rounds as f64 / n,
            self.decisions as f64 / n,
            self.digest,
            f64::from(self.games) / self.seconds.max(1e-9),
        )
    }
}

/// FNV-1a over bytes, continuing from `h`.
fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The digest after one more game: its decisions and its final state, as saved.
fn fold_digest(h: u64, decisions: u64, game: &Game) -> Result<u64, String> {
    let json = serde_json::to_vec(game.state()).map_err(|e| format!("state not serializable: {e}"))?;
    Ok(fnv(fnv(h, &decisions.to_le_bytes()), &json))
}

const DIGEST_START: u64 = 0xcbf2_9ce4_8422_2325;

/// The seed of game `i` of a self-play run.
pub fn game_seed(seed: u64, i: u32) -> u64 {
    seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(u64::from(i))
}

/// One finished (or abandoned) game.
pub struct Played {
    pub game: Game,
    pub decisions: u64,
}

/// Play one game with random choices under the newest rules. `check` runs every invariant after every
/// step.
pub fn play_one(data: Arc<Data>, mode: Mode, seed: u64, max_rounds: u32, check: bool) -> Result<Played, String> {
    let template = RandomAgent::new(&data, seed);
    play_with(&template, data, (mode, RulesVersion::NEWEST), seed, max_rounds, check)
}

/// `play_one` with a player like `template` (reseeded for this game), so many games share its maps.
fn play_with(
    template: &RandomAgent,
    data: Arc<Data>,
    (mode, rules): (Mode, RulesVersion),
    seed: u64,
    max_rounds: u32,
    check: bool,
) -> Result<Played, String> {
    let (mut game, _) = Game::with_rules(data, rules, mode, seed);
    let mut agent = template.reseeded(seed);
    let mut decisions = 0u64;
    while game.outcome().is_none() && game.state().round <= max_rounds {
        let pending = game.pending();
        let Some(dec) = pending.first() else {
            return Err(format!("seed {seed}: nothing to decide in round {} and no winner", game.state().round));
        };
        if dec.options.is_empty() {
            return Err(format!("seed {seed}: no legal option for {:?}", dec.prompt));
        }
        let (seat, pick) = (dec.seat, agent.pick_index(&game, dec));
        let text = |g: &Game| g.pending().first().and_then(|d| d.options.get(pick)).map(|c| c.text(g.data()));
        if let Err(e) = game.play_option(seat, pick) {
            return Err(format!("seed {seed}: {} refused: {e}", text(&game).unwrap_or_default()));
        }
        decisions += 1;
        if check {
            game.check_invariants().map_err(|e| format!("seed {seed} step {decisions}: {e}"))?;
        }
    }
    Ok(Played { game, decisions })
}

/// `games` games from `seed` on, in `mode` under `rules`.
pub fn run(
    data: Arc<Data>,
    games: u32,
    seed: u64,
    (mode, rules): (Mode, RulesVersion),
    max_rounds: u32,
    check: bool,
) -> Result<Summary, String> {
    // Only the games are timed, not the digest.
    let mut playing = std::time::Duration::ZERO;
    let mut sum = Summary { games, digest: DIGEST_START, ..Summary::default() };
    let template = RandomAgent::new(&data, seed);
    for i in 0..games {
        let start = Instant::now();
        let p = play_with(&template, data.clone(), (mode, rules), game_seed(seed, i), max_rounds, check)?;
        playing += start.elapsed();
        sum.digest = fold_digest(sum.digest, p.decisions, &p.game)?;
        sum.decisions += p.decisions;
        sum.rounds += u64::from(p.game.state().round.min(max_rounds));
        match p.game.outcome().map(|o| o.winner) {
            Some(Side::Naboo) => sum.naboo_wins += 1,
            Some(Side::Tf) => sum.tf_wins += 1,
            None => sum.unfinished += 1,
        }
    }
    sum.seconds = playing.as_secs_f64();
    Ok(sum)
}

/// Self-play through the game service, saving every game in its database.
pub async fn run_saved(
    svc: &crate::service::Service,
    games: u32,
    seed: u64,
    mode: Mode,
    max_rounds: u32,
) -> Result<Summary, String> {
    use crate::games::queens_gambit::rules::Seat;
    use crate::service::NewGameRequest;
    let start = Instant::now();
    let mut sum = Summary { games, digest: DIGEST_START, ..Summary::default() };
    let err = |e: crate::service::ServiceError| e.to_string();
    for i in 0..games {
        let game_seed = game_seed(seed, i);
        let request = NewGameRequest {
            title: format!("self-play {i}"),
            sit_out: true,
            seed: Some(game_seed),
            ..NewGameRequest::of(crate::games::queens_gambit::KEY, &format!("players {}", mode.seats()))
        };
        let id = svc.create(&host("selfplay"), request).await.map_err(err)?;
        for s in Seat::all(mode) {
            svc.join(&host(format!("random:{}", s.key(mode))), id, Some(s.index())).await.map_err(err)?;
        }
        // Started by the first seat's player (in a team game, no seat is just `tf`).
        svc.start(&host(format!("random:{}", Seat(0).key(mode))), id).await.map_err(err)?;
        let mut agent = RandomAgent::new(svc.data(), game_seed);
        let before = sum.decisions;
        loop {
            let engine = svc.engine(&crate::service::host::terminal(), id).await.map_err(err)?;
            if engine.outcome().is_some() || engine.state().round > max_rounds {
                sum.digest = fold_digest(sum.digest, sum.decisions - before, &engine)?;
                sum.rounds += u64::from(engine.state().round.min(max_rounds));
                match engine.outcome().map(|o| o.winner) {
                    Some(Side::Naboo) => sum.naboo_wins += 1,
                    Some(Side::Tf) => sum.tf_wins += 1,
                    None => sum.unfinished += 1,
                }
                break;
            }
            let Some(dec) = engine.pending().first().cloned() else {
                return Err(format!("game {id}: nothing to decide and no winner"));
            };
            let choice = agent.pick(&engine, &dec);
            let user = host(format!("random:{}", dec.seat.key(mode)));
            let revision = svc.revision(id).await.map_err(|e| format!("game {id}: {e}"))?;
            let (seat, text) = (Some(dec.seat.index()), choice.text(svc.data()));
            let chosen = crate::service::Chosen::Revision(revision);
            svc.choose(&user, id, seat, chosen, &text).await.map_err(|e| format!("game {id}: {e}"))?;
            sum.decisions += 1;
        }
    }
    sum.seconds = start.elapsed().as_secs_f64();
    Ok(sum)
}
