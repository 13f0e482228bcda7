//! A Stratego game steered toward its rare events, so that tests through the bot meet them in a few dozen
//! moves: with the whole position in hand (the saved game replayed), each side takes the action that
//! brings the story on. In game 3, Evil wins combats until the tenth Good piece falls (capturing Anakin
//! among them, or sparing him, as asked), then Evil's Anakin and Good's strong pieces seek each other until
//! he falls and Darth Vader is due (Anakin, when he is to be among the ten, seeks what beats him). Each
//! side uses a power, and Vision, once it can; nobody ends the game while anything else can be done. Ties
//! are broken by a seeded random pick.

use gambit::games::stratego::roster::Role;
use gambit::games::stratego::{Action, Clash, Piece, Played, Power, Side, Square, Stratego, clash};
use std::collections::VecDeque;

pub struct Director {
    rng: u64,
    /// Anakin is to be captured among the first ten Good pieces (he then returns), rather than spared
    /// (he then turns where he stands).
    anakin_among_ten: bool,
    /// Each side has used a power; and Vision.
    used_power: [bool; 2],
    used_vision: [bool; 2],
}

impl Director {
    pub fn new(seed: u64, anakin_among_ten: bool) -> Director {
        Director { rng: seed | 1, anakin_among_ten, used_power: [false; 2], used_vision: [false; 2] }
    }

    fn next(&mut self) -> u64 {
        // xorshift64: small, seeded, the same everywhere.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        self.rng
    }

    /// The action of the side to move, with what it did (on a copy of the game).
    pub fn pick(&mut self, g: &Stratego) -> Option<(Action, Played)> {
        let side = g.decider()?;
        let mut best: Option<(i64, Action, Played)> = None;
        for a in g.legal_actions() {
            let mut after = g.clone();
            let Ok(p) = after.play(a) else { continue };
            let score = self.score(g, side, a, &p) * 8 + (self.next() % 8) as i64;
            if best.as_ref().is_none_or(|(s, _, _)| score > *s) {
                best = Some((score, a, p));
            }
        }
        let (_, a, p) = best?;
        if a.power().is_some() {
            self.used_power[side.index()] = true;
        }
        if matches!(a, Action::Vision { .. }) {
            self.used_vision[side.index()] = true;
        }
        Some((a, p))
    }

    fn score(&self, g: &Stratego, side: Side, a: Action, p: &Played) -> i64 {
        let mut score = 0;
        if p.ending.is_some() {
            score -= 10_000;
        }
        if a.power().is_some() && !self.used_power[side.index()] {
            score += 80;
        }
        if !self.used_vision[side.index()] {
            if matches!(a, Action::Vision { .. }) {
                score += 100;
            }
            // A piece with Vision walks toward what its side does not know yet.
            if a.from().and_then(|f| g.at(f)).is_some_and(|p| p.powers.has(Power::Vision)) && p.combat.is_none() {
                score += 3 * closer(g, a, |_, _, piece| !piece.revealed && !piece.sighted);
            }
        }
        let anakin = on_board(g, Role::Anakin);
        let is_anakin = |piece: Piece| anakin.is_some_and(|(_, a)| a.id == piece.id);
        let at = anakin.map(|(s, _)| s);
        match anakin {
            // After it: Evil's Anakin and the Good pieces that beat him seek each other.
            Some((_, him)) if him.side == Side::Evil => {
                let falls = p.combat.is_some_and(|c| {
                    (is_anakin(c.defender) || is_anakin(c.attacker))
                        && matches!(
                            (is_anakin(c.attacker), c.result),
                            (true, Clash::DefenderWins | Clash::Both) | (false, Clash::AttackerWins | Clash::Both)
                        )
                });
                if falls {
                    score += 500;
                } else if side == Side::Good {
                    score += 10 * closer(g, a, |mover, _, piece| is_anakin(piece) && beats(mover, piece));
                } else if a.from().and_then(|f| g.at(f)).is_some_and(is_anakin) {
                    score += 10 * closer(g, a, |_, _, piece| piece.side == Side::Good && !beats(him, piece));
                } else if p.combat.is_some() {
                    score -= 10;
                }
            }
            // Before it (and after Vader): Evil takes Good pieces, Good keeps out of combats.
            _ => match (side, p.combat) {
                (Side::Evil, Some(c)) if is_anakin(c.defender) => {
                    let taken = matches!(c.result, Clash::AttackerWins | Clash::Both);
                    score += if taken && self.anakin_among_ten { 300 } else { -1_000 };
                }
                // The tenth to fall must be Anakin, when he is to be among them.
                (Side::Evil, Some(_)) if self.anakin_among_ten && at.is_some() && g.good_lost() >= 9 => score -= 1_000,
                (Side::Evil, Some(c)) => {
                    score += match c.result {
                        Clash::AttackerWins => 50,
                        Clash::Both => 20,
                        _ => -30,
                    }
                }
                (Side::Good, Some(c)) if is_anakin(c.attacker) && self.anakin_among_ten => {
                    score += if matches!(c.result, Clash::DefenderWins | Clash::Both) { 300 } else { 0 };
                }
                (Side::Good, Some(c)) if is_anakin(c.attacker) || is_anakin(c.defender) => score -= 1_000,
                (Side::Good, Some(_)) => score -= 10,
                (Side::Evil, None) => {
                    // Evil walks toward what it beats: Anakin, when he is to fall among the ten.
                    let hunted = |piece: Piece| {
                        if self.anakin_among_ten && at.is_some() { is_anakin(piece) } else { !is_anakin(piece) }
                    };
                    score += 5 * closer(g, a, |mover, square, piece| {
                        piece.side == Side::Good
                            && hunted(piece)
                            && beats(mover, piece)
                            && (self.anakin_among_ten || Some(square) != at)
                    });
                }
                // Anakin, when he is to fall among the ten, seeks what beats him.
                (Side::Good, None) if self.anakin_among_ten && a.from().is_some() && a.from() == at => {
                    score += 5 * closer(g, a, |mover, _, piece| beats(piece, mover));
                }
                (Side::Good, None) => {}
            },
        }
        score
    }
}

/// The piece of this role on the board, with its square.
fn on_board(g: &Stratego, role: Role) -> Option<(Square, Piece)> {
    (0..100).filter_map(Square::from_index).find_map(|s| {
        let piece = g.at(s)?;
        (g.roster().kind(piece.kind).role == Some(role)).then_some((s, piece))
    })
}

/// Whether `attacker` takes `defender` (or both fall).
fn beats(attacker: Piece, defender: Piece) -> bool {
    attacker.rank.moves() && matches!(clash(attacker.rank, defender.rank), Clash::AttackerWins | Clash::Both)
}

/// How many steps nearer the acting piece comes to the nearest piece it seeks (negative: farther), by
/// paths around the asteroid fields.
fn closer(g: &Stratego, a: Action, seeks: impl Fn(Piece, Square, Piece) -> bool) -> i64 {
    let (Some(from), Some(to)) = (a.from(), a.end()) else { return 0 };
    let Some(mover) = g.at(from) else { return 0 };
    let targets: Vec<Square> = (0..100)
        .filter_map(Square::from_index)
        .filter(|&s| g.at(s).is_some_and(|piece| piece.side != mover.side && seeks(mover, s, piece)))
        .collect();
    let distance = |square: Square| targets.iter().map(|&t| steps(square, t)).min().unwrap_or(0);
    distance(from) - distance(to)
}

/// Steps between two squares around the asteroid fields (pieces are ignored: they move).
fn steps(from: Square, to: Square) -> i64 {
    let mut seen = [false; 100];
    let mut queue = VecDeque::from([(from, 0)]);
    seen[from.index()] = true;
    while let Some((s, d)) = queue.pop_front() {
        if s == to {
            return d;
        }
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
            if let Some(n) = s.offset(df, dr)
                && !n.is_field()
                && !seen[n.index()]
            {
                seen[n.index()] = true;
                queue.push_back((n, d + 1));
            }
        }
    }
    0
}

/// A random army of `side` (from `seed`) typed as a player types it in `/stratego setup`: rows split by
/// `/`, top row first, each piece by its rank where that is enough (`typed_as`) or by its code. Pieces
/// with Vision stand in the front row, to meet the enemy early.
pub fn typed_army(variant: gambit::games::stratego::Variant, side: Side, seed: u64, by_code: bool) -> String {
    use gambit::games::stratego::{Roster, typed_as};
    let roster = Roster::embedded();
    let mut setup = Stratego::random_setup(&roster, variant, side, seed);
    let rows = side.home_rows(variant.depth());
    let front = if side == Side::Evil { *rows.end() } else { *rows.start() };
    let seer = |k: gambit::games::stratego::Kind| roster.kind(k).powers.has(Power::Vision);
    for i in 0..setup.len() {
        if seer(setup[i].1) && setup[i].0.row != front {
            let Some(j) = setup.iter().position(|(s, k)| s.row == front && !seer(*k)) else { break };
            let (a, b) = (setup[i].1, setup[j].1);
            (setup[i].1, setup[j].1) = (b, a);
        }
    }
    let rows: Vec<String> = side
        .home_rows(variant.depth())
        .rev()
        .map(|row| {
            let words: Vec<String> = (0..10)
                .map(|file| {
                    let kind = setup.iter().find(|(s, _)| s.file == file && s.row == row).map(|(_, k)| *k);
                    match kind {
                        Some(k) if by_code => roster.kind(k).code.clone(),
                        Some(k) => typed_as(&roster, variant, side, k),
                        None => ".".to_string(),
                    }
                })
                .collect();
            words.join(" ")
        })
        .collect();
    rows.join(" / ")
}
