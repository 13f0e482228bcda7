//! The legal actions: moves and attacks (a Trooper's long ones), the six powers (spec 2.4), placements;
//! and, for an action that is not legal, the reason a player is told.

use super::action::Action;
use super::board::{DIAGONALS, Dir, Square};
use super::game::{Refusal, Stratego};
use super::piece::{Piece, Power, Side};
use super::repetition::position_hash;
use super::rules::Chasing;

/// What a square holds, for a moving piece of `side`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ahead {
    /// Empty and not a field: a piece may stand or pass here.
    Clear,
    Enemy,
    /// A friend, a field, or off the board.
    Closed,
}

impl Stratego {
    fn ahead(&self, side: Side, square: Option<Square>) -> Ahead {
        match square {
            None => Ahead::Closed,
            Some(s) if s.is_field() => Ahead::Closed,
            Some(s) => match self.board[s.index()] {
                None => Ahead::Clear,
                Some(p) if p.side == side => Ahead::Closed,
                Some(_) => Ahead::Enemy,
            },
        }
    }

    fn clear(&self, square: Option<Square>) -> bool {
        square.is_some_and(|s| !s.is_field() && self.board[s.index()].is_none())
    }

    /// Every action of `side`'s pieces into `out`; with `any`, stop at the first piece that has one.
    /// Returns whether there is at least one.
    pub(crate) fn side_actions(&self, side: Side, out: &mut Vec<Action>, any: bool) -> bool {
        out.clear();
        for i in 0..100 {
            let Some(piece) = self.board[i].filter(|p| p.side == side && p.rank.moves()) else { continue };
            let Some(from) = Square::from_index(i) else { continue };
            self.piece_actions(from, piece, out);
            if any && !out.is_empty() {
                return true;
            }
        }
        !out.is_empty()
    }

    /// The legal actions of `piece` on `from`, appended to `out`.
    pub(crate) fn piece_actions(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        let start = out.len();
        self.raw_actions(from, piece, out);
        let run = self.runs[piece.side.index()];
        let repetition = self.rules.repetition;
        let chase = self.rules.chasing == Chasing::MoreSquares && piece.side == self.to_move;
        if !chase && !run.binds(repetition, &piece, from) {
            return;
        }
        let hash = if chase { position_hash(&self.board, self.to_move) } else { 0 };
        let mut keep = start;
        for i in start..out.len() {
            let a = out[i];
            let refused = a.end().is_some_and(|to| {
                run.refuses(repetition, &piece, from, to)
                    || (chase
                        && self.board[to.index()].is_none()
                        && self.chase.refuses(piece.side, &piece, from, to, hash))
            });
            if !refused {
                out[keep] = a;
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The actions the board's geometry allows, before the limits on repetition.
    fn raw_actions(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        let side = piece.side;
        let trooper = piece.rank.is_trooper();
        for dir in [0usize, 1, 2, 3] {
            let mut at = from.index();
            loop {
                // The next square that is on the board and not a field (the table's NONE otherwise).
                let next = STEPS[at][dir];
                if next == NONE {
                    break;
                }
                let to = square_at(next);
                match self.board[usize::from(next)] {
                    None => {
                        out.push(Action::Move { from, to });
                        if !trooper {
                            break;
                        }
                        at = usize::from(next);
                    }
                    Some(p) => {
                        if p.side != side {
                            out.push(Action::Move { from, to });
                        }
                        break;
                    }
                }
            }
        }
        if piece.powers.is_empty() {
            return;
        }
        for power in piece.powers.iter() {
            match power {
                Power::Vision => self.vision(from, piece, out),
                Power::Charging => self.charging(from, piece, out),
                Power::Quickness => self.quickness(from, piece, out),
                Power::Leaping => self.leaping(from, piece, out),
                Power::Slashing => self.slashing(from, piece, out),
                Power::Blaster => self.blaster(from, piece, out),
            }
        }
    }

    /// Vision: any enemy piece not yet shown to its user's side within two squares each way; nothing blocks it (C7).
    fn vision(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        for dr in -2..=2 {
            for df in -2..=2 {
                let Some(target) = from.offset(df, dr) else { continue };
                if self.board[target.index()].is_some_and(|p| p.side != piece.side && !p.revealed && !p.sighted) {
                    out.push(Action::Vision { from, target });
                }
            }
        }
    }

    /// Charging: two or more squares in a clear line, perhaps ending in an attack (one square is a plain
    /// move and stays hidden, C12).
    fn charging(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        for dir in Dir::ALL {
            let mut at = from;
            let mut distance = 0;
            loop {
                let next = at.step(dir);
                distance += 1;
                let ahead = self.ahead(piece.side, next);
                let Some(to) = next.filter(|_| ahead != Ahead::Closed) else { break };
                if distance >= 2 {
                    out.push(Action::Charge { from, to });
                }
                if ahead == Ahead::Enemy {
                    break;
                }
                at = to;
            }
        }
    }

    /// Quickness: two orthogonal steps through a clear square, ending two squares straight on or on a
    /// diagonal neighbour (never back where it started, C13), perhaps attacking there.
    fn quickness(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        for dir in Dir::ALL {
            let (df, dr) = dir.delta();
            let to = from.offset(2 * df, 2 * dr);
            if self.clear(from.step(dir)) && self.ahead(piece.side, to) != Ahead::Closed {
                out.extend(to.map(|to| Action::Quick { from, to }));
            }
        }
        for (df, dr) in DIAGONALS {
            let to = from.offset(df, dr);
            let route = self.clear(from.offset(df, 0)) || self.clear(from.offset(0, dr));
            if route && self.ahead(piece.side, to) != Ahead::Closed {
                out.extend(to.map(|to| Action::Quick { from, to }));
            }
        }
    }

    /// Advanced Leaping: over the pieces or field squares next to it in a line, to the first clear square
    /// (at least one jumped, C8), then perhaps an attack on an orthogonal neighbour (C9).
    fn leaping(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        for dir in Dir::ALL {
            let mut at = from.step(dir);
            let mut jumped = 0;
            while let Some(s) = at {
                if self.clear(Some(s)) {
                    break;
                }
                jumped += 1;
                at = s.step(dir);
            }
            let Some(land) = at.filter(|_| jumped > 0) else { continue };
            out.push(Action::Leap { from, land, attack: None });
            for d in Dir::ALL {
                let target = land.step(d);
                if self.ahead(piece.side, target) == Ahead::Enemy {
                    out.extend(target.map(|t| Action::Leap { from, land, attack: Some(t) }));
                }
            }
        }
    }

    /// Slashing: diagonally through clear squares (only the line's squares count, C11), perhaps ending in
    /// an attack.
    fn slashing(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        for (df, dr) in DIAGONALS {
            let mut at = from;
            loop {
                let next = at.offset(df, dr);
                let ahead = self.ahead(piece.side, next);
                let Some(to) = next.filter(|_| ahead != Ahead::Closed) else { break };
                out.push(Action::Slash { from, to });
                if ahead == Ahead::Enemy {
                    break;
                }
                at = to;
            }
        }
    }

    /// Advanced Blaster: an enemy piece one or two squares away along any of the eight lines, with a clear
    /// square between at two (C14).
    fn blaster(&self, from: Square, piece: Piece, out: &mut Vec<Action>) {
        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter().chain(DIAGONALS) {
            let near = from.offset(df, dr);
            if self.ahead(piece.side, near) == Ahead::Enemy {
                out.extend(near.map(|target| Action::Blast { from, target }));
            } else if self.clear(near) {
                let far = from.offset(2 * df, 2 * dr);
                if self.ahead(piece.side, far) == Ahead::Enemy {
                    out.extend(far.map(|target| Action::Blast { from, target }));
                }
            }
        }
    }

    /// Whether `action` is legal now; if not, the most specific reason.
    pub(crate) fn check(&self, action: Action) -> Result<(), Refusal> {
        if self.ending.is_some() {
            return Err(Refusal::Over);
        }
        if let Action::Place { at } = action {
            if !self.placement_due() {
                return Err(Refusal::NothingToPlace);
            }
            return if self.free_entry().any(|s| s == at) { Ok(()) } else { Err(Refusal::NotAPlace(at)) };
        }
        if self.placement_due() {
            let name = self.pending.map(|p| self.roster.kind(p.piece.kind).label()).unwrap_or_default();
            return Err(Refusal::MustPlace(name));
        }
        let Some(from) = action.from() else { return Err(Refusal::NotAMove) };
        let piece = self.at(from).filter(|p| p.side == self.to_move).ok_or(Refusal::NotYours(from))?;
        if !piece.rank.moves() {
            return Err(Refusal::Immobile);
        }
        if let Some(power) = action.power() {
            if !self.rules.variant.powers() {
                return Err(Refusal::NoPowers);
            }
            if !piece.powers.has(power) {
                return Err(Refusal::LacksPower(from, power.name()));
            }
        }
        let mut legal = Vec::new();
        self.piece_actions(from, piece, &mut legal);
        if legal.contains(&action) {
            return Ok(());
        }
        let mut raw = Vec::new();
        self.raw_actions(from, piece, &mut raw);
        if raw.contains(&action) {
            let shuttle = action
                .end()
                .is_some_and(|to| self.runs[piece.side.index()].refuses(self.rules.repetition, &piece, from, to));
            return Err(if shuttle { Refusal::Shuttle } else { Refusal::Chase });
        }
        Err(self.why_not(action, piece))
    }

    /// The reason a geometrically impossible action is refused.
    fn why_not(&self, action: Action, piece: Piece) -> Refusal {
        let target = match action {
            Action::Vision { target, .. } | Action::Blast { target, .. } => target,
            Action::Leap { land, .. } => land,
            _ => action.end().unwrap_or_else(|| action.from().unwrap_or(Square { file: 0, row: 0 })),
        };
        let own = self.board[target.index()].is_some_and(|p| p.side == piece.side);
        match action {
            Action::Vision { .. } => {
                Refusal::BadPower("Vision", "it shows an enemy piece not yet revealed, at most two squares away")
            }
            Action::Blast { .. } => Refusal::BadPower(
                "Advanced Blaster",
                "it hits an enemy piece one or two squares away in a straight or diagonal line, the square between clear",
            ),
            Action::Move { from, to } => {
                let straight = from.file == to.file || from.row == to.row;
                if from == to || !straight || (!piece.rank.is_trooper() && !from.touches(to)) {
                    return Refusal::NotAMove;
                }
                let (df, dr) =
                    ((to.file as i16 - from.file as i16).signum(), (to.row as i16 - from.row as i16).signum());
                let mut at = from.offset(df, dr);
                while let Some(s) = at.filter(|s| *s != to) {
                    if s.is_field() {
                        return Refusal::Field;
                    }
                    at = s.offset(df, dr);
                }
                if to.is_field() {
                    Refusal::Field
                } else if own {
                    Refusal::Own(to)
                } else {
                    Refusal::Blocked(to)
                }
            }
            Action::Quick { from, to } if from == to => {
                Refusal::BadPower("Quickness", "it may not end on the square it started from")
            }
            _ if target.is_field() => Refusal::Field,
            _ if own => Refusal::Own(target),
            Action::Charge { .. } => Refusal::BadPower(
                "Charging",
                "two or more squares in a straight line, every square before the last clear",
            ),
            Action::Quick { .. } => Refusal::BadPower(
                "Quickness",
                "two steps up, down, left or right through a clear square, not back to the start",
            ),
            Action::Leap { .. } => Refusal::BadPower(
                "Advanced Leaping",
                "over the pieces or field squares next to it in a line, onto the first clear square, then perhaps an attack next to it",
            ),
            Action::Slash { .. } => Refusal::BadPower("Slashing", "diagonally through clear squares"),
            Action::Place { .. } => Refusal::NothingToPlace,
        }
    }
}

/// No square that way (off the board, or a field).
const NONE: u8 = u8::MAX;

/// For each square and each direction (as `Dir::ALL`), the next square a piece may stand on, or `NONE`.
static STEPS: [[u8; 4]; 100] = steps();

const fn steps() -> [[u8; 4]; 100] {
    let mut out = [[NONE; 4]; 100];
    let deltas: [(i16, i16); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
    let mut i = 0;
    while i < 100 {
        let (file, row) = ((i % 10) as i16, (i / 10) as i16);
        let mut d = 0;
        while d < 4 {
            let (f, r) = (file + deltas[d].0, row + deltas[d].1);
            let field = (r == 4 || r == 5) && (f == 2 || f == 3 || f == 6 || f == 7);
            if f >= 0 && f < 10 && r >= 0 && r < 10 && !field {
                out[i][d] = (r * 10 + f) as u8;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

fn square_at(index: u8) -> Square {
    Square { file: index % 10, row: index / 10 }
}
