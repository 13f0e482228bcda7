//! A game of any of the four: setups, who decides now, playing an action, and the end.

use super::action::Action;
use super::board::Square;
use super::combat::{Clash, clash};
use super::piece::{Kind, Piece, Powers, Rank, Side};
use super::repetition::{Chase, Run, position_hash};
use super::roster::{Role, Roster};
use super::rules::{Chasing, Repetition, Rules, Variant};
use std::collections::HashMap;
use std::sync::Arc;

pub use super::rules::MOVE_LIMIT;

/// A side's setup: which kind of piece on which square.
pub type Setup = Vec<(Square, Kind)>;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `side` took the other side's Lightsaber.
    Lightsaber(Side),
    /// The other side had no legal action on its turn: `side` wins.
    Stuck(Side),
    /// Neither side can act.
    NeitherCanMove,
    /// The move limit was reached.
    MoveLimit,
    /// The other side conceded: `side` wins.
    Conceded(Side),
}

impl Ending {
    pub fn winner(self) -> Option<Side> {
        match self {
            Ending::Lightsaber(s) | Ending::Stuck(s) | Ending::Conceded(s) => Some(s),
            Ending::NeitherCanMove | Ending::MoveLimit => None,
        }
    }
}

/// Why an action or a setup is refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("the game is over")]
    Over,
    #[error("Evil must first place {0} on an empty square of rows 1-3")]
    MustPlace(String),
    #[error("there is nothing waiting to be placed")]
    NothingToPlace,
    #[error("{0} is not an empty square of Evil's three home rows")]
    NotAPlace(Square),
    #[error("there is no piece of yours on {0}")]
    NotYours(Square),
    #[error("detonators and the Lightsaber never move")]
    Immobile,
    #[error("a piece moves one square up, down, left or right (only Troopers go further, in a straight line)")]
    NotAMove,
    #[error("the way to {0} is not clear")]
    Blocked(Square),
    #[error("nothing may enter an asteroid field")]
    Field,
    #[error("you cannot attack your own piece on {0}")]
    Own(Square),
    #[error("a piece may not shuttle between the same two squares again now")]
    Shuttle,
    #[error("that chasing move would repeat a position of this chase")]
    Chase,
    #[error("powers are not used in this game")]
    NoPowers,
    #[error("the piece on {0} does not have {1}")]
    LacksPower(Square, &'static str),
    #[error("{0} cannot be used that way: {1}")]
    BadPower(&'static str, &'static str),
    #[error("{0}")]
    Setup(String),
}

/// A combat: who attacked whom where, and how it went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combat {
    pub at: Square,
    /// The attacker came from here.
    pub from: Square,
    pub attacker: Piece,
    pub defender: Piece,
    pub result: Clash,
}

/// A blaster shot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    pub target: Square,
    pub piece: Piece,
    pub destroyed: bool,
}

/// What happened to Anakin when the tenth Good piece fell (game 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turning {
    /// He changed sides where he stands.
    InPlace(Square),
    /// He had been captured: Evil places him now.
    Returns,
}

/// Everything one action did, for the words and pictures of each reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub side: Side,
    pub action: Action,
    /// The piece that acted, as it was when it started (revealed when a power or a long move showed it).
    pub user: Option<Piece>,
    pub combat: Option<Combat>,
    pub shot: Option<Shot>,
    /// The piece Vision showed.
    pub seen: Option<(Square, Piece)>,
    pub placed: Option<(Square, Piece)>,
    pub turning: Option<Turning>,
    /// Darth Vader will enter at the start of Evil's next turn.
    pub vader_due: bool,
    pub ending: Option<Ending>,
}

impl Played {
    /// A one-square step that met nobody and showed nothing new (a Trooper's longer move shows its rank;
    /// a power, a combat, a placement, a turning or an ending are seen by all): its maker may take it back.
    pub fn showed_nothing(&self) -> bool {
        matches!(self.action, Action::Move { from, to } if from.touches(to))
            && self.combat.is_none()
            && self.shot.is_none()
            && self.seen.is_none()
            && self.placed.is_none()
            && self.turning.is_none()
            && !self.vader_due
            && self.ending.is_none()
    }
}

/// A captured piece and the side that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    pub piece: Piece,
    pub by: Side,
}

/// A piece waiting to be placed by Evil in game 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Pending {
    pub piece: Piece,
    /// Placed at once (Anakin returning), not only at the start of an Evil turn (Vader, or a wait).
    pub now: bool,
}

/// A game in play.
#[derive(Clone, Debug)]
pub struct Stratego {
    pub(crate) rules: Rules,
    pub(crate) roster: Arc<Roster>,
    pub(crate) board: [Option<Piece>; 100],
    pub(crate) to_move: Side,
    pub(crate) turns: u32,
    pub(crate) runs: [Run; 2],
    pub(crate) chase: Chase,
    pub(crate) captured: Vec<Capture>,
    /// Good pieces removed so far (game 3 counts them to ten).
    pub(crate) good_lost: u8,
    pub(crate) turned: bool,
    pub(crate) vader_entered: bool,
    pub(crate) pending: Option<Pending>,
    pub(crate) last: Option<Played>,
    pub(crate) ending: Option<Ending>,
}

impl Stratego {
    /// A game from both secret setups, under `rules`, with the pieces of `roster`.
    pub fn start(
        rules: Rules,
        roster: Arc<Roster>,
        evil: &[(Square, Kind)],
        good: &[(Square, Kind)],
    ) -> Result<Stratego, Refusal> {
        let mut board = [None; 100];
        let mut id = 0u8;
        for (side, setup) in [(Side::Evil, evil), (Side::Good, good)] {
            check_setup(&roster, rules.variant, side, setup)?;
            for (square, kind) in setup {
                board[square.index()] = Some(make_piece(&roster, rules.variant, *kind, id));
                id += 1;
            }
        }
        let mut game = Stratego { board, ..Stratego::empty(rules, roster) };
        game.settle();
        Ok(game)
    }

    /// An empty board (positions built by scripts and tests; `start` fills it from the setups).
    pub(crate) fn empty(rules: Rules, roster: Arc<Roster>) -> Stratego {
        Stratego {
            rules,
            roster,
            board: [None; 100],
            to_move: Side::Evil,
            turns: 0,
            runs: [Run::default(); 2],
            chase: Chase::default(),
            captured: Vec::new(),
            good_lost: 0,
            turned: false,
            vader_entered: false,
            pending: None,
            last: None,
            ending: None,
        }
    }

    /// A classic game (game 1, default options, the shipped roster) from setups given by rank (C33).
    pub fn new(evil: &[(Square, Rank)], good: &[(Square, Rank)]) -> Result<Stratego, Refusal> {
        let roster = Roster::embedded();
        let evil = by_rank(&roster, Variant::Classic, Side::Evil, evil)?;
        let good = by_rank(&roster, Variant::Classic, Side::Good, good)?;
        Stratego::start(Rules::default(), roster, &evil, &good)
    }

    /// A setup for `side` shuffled from `seed` (the lobby's "random setup"); game 3's Evil leaves one
    /// square empty.
    pub fn random_setup(roster: &Roster, variant: Variant, side: Side, seed: u64) -> Setup {
        let army = roster.army(side, variant);
        let mut squares: Vec<Square> = side
            .home_rows(variant.depth())
            .flat_map(|row| (0..10).filter_map(move |file| Square::new(file, row)))
            .collect();
        let mut state = seed ^ 0x5157_7261_7465_676f;
        for i in (1..squares.len()).rev() {
            state = splitmix(state);
            squares.swap(i, (state % (i as u64 + 1)) as usize);
        }
        squares.into_iter().zip(army).collect()
    }

    /// The classic random setup by rank (game 1).
    pub fn random_ranks(side: Side, seed: u64) -> Vec<(Square, Rank)> {
        let roster = Roster::embedded();
        Stratego::random_setup(&roster, Variant::Classic, side, seed)
            .into_iter()
            .map(|(s, k)| (s, roster.kind(k).rank))
            .collect()
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn roster(&self) -> &Arc<Roster> {
        &self.roster
    }

    /// Whose turn it is (a placement Evil owes may come first: see `decider`).
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Who must act now: Evil while a piece of game 3 waits to be placed, otherwise the side to move;
    /// nobody once the game is over.
    pub fn decider(&self) -> Option<Side> {
        if self.ending.is_some() {
            None
        } else if self.placement_due() {
            Some(Side::Evil)
        } else {
            Some(self.to_move)
        }
    }

    /// `side` gives up: the other side wins at once (on either side's turn). False once the game is over.
    pub fn concede(&mut self, side: Side) -> bool {
        if self.ending.is_some() {
            return false;
        }
        self.ending = Some(Ending::Conceded(side.other()));
        true
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Captured pieces, in the order they fell (what a reader may see of them: `view`).
    pub fn captured(&self) -> &[Capture] {
        &self.captured
    }

    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Good pieces captured so far (public; game 3 turns Anakin at ten).
    pub fn good_lost(&self) -> u8 {
        self.good_lost
    }

    /// The piece waiting to enter, if any (public: it is placed openly).
    pub fn waiting(&self) -> Option<Piece> {
        self.pending.map(|p| p.piece)
    }

    /// The last action and what it did.
    pub fn last(&self) -> Option<&Played> {
        self.last.as_ref()
    }

    /// Whether Evil must place the waiting piece before anything else happens.
    pub(crate) fn placement_due(&self) -> bool {
        self.pending.is_some_and(|p| p.now || self.to_move == Side::Evil) && self.free_entry().next().is_some()
    }

    /// The empty squares of Evil's three home rows, where a waiting piece may enter.
    pub(crate) fn free_entry(&self) -> impl Iterator<Item = Square> + '_ {
        Side::Evil
            .home_rows(3)
            .flat_map(|row| (0..10).filter_map(move |file| Square::new(file, row)))
            .filter(|s| self.board[s.index()].is_none())
    }

    /// Every legal action of whoever must act now (none once the game is over).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.actions_into(&mut out);
        out
    }

    /// The same, into a buffer the caller keeps (self-play reuses one).
    pub fn actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.ending.is_some() {
            return;
        }
        if self.placement_due() {
            out.extend(self.free_entry().map(|at| Action::Place { at }));
            return;
        }
        self.side_actions(self.to_move, out, false);
    }

    /// The legal actions of the piece on `from` (for the two-step menus).
    pub fn actions_from(&self, from: Square) -> Vec<Action> {
        let mut out = Vec::new();
        self.actions_from_into(from, &mut out);
        out
    }

    /// The same, into a buffer the caller keeps.
    pub fn actions_from_into(&self, from: Square, out: &mut Vec<Action>) {
        out.clear();
        if self.ending.is_none()
            && !self.placement_due()
            && let Some(piece) = self.at(from).filter(|p| p.side == self.to_move && p.rank.moves())
        {
            self.piece_actions(from, piece, out);
        }
    }

    /// Play `action` for whoever must act now. A refused action changes nothing.
    pub fn play(&mut self, action: Action) -> Result<Played, Refusal> {
        self.check(action)?;
        let played = match action {
            Action::Place { at } => self.place(at),
            _ => self.act(action),
        };
        self.last = Some(played);
        Ok(played)
    }

    /// How many pieces of each rank a side had at the start and still has, on the board or captured.
    pub fn count(&self, side: Side) -> HashMap<Rank, usize> {
        let mut n = HashMap::new();
        let on_board = self.board.iter().flatten();
        let held = self.captured.iter().map(|c| &c.piece);
        let waiting = self.pending.iter().map(|p| &p.piece);
        for p in on_board.chain(held).chain(waiting) {
            let home = self.roster.kind(p.kind).side;
            if home == side {
                *n.entry(p.rank).or_default() += 1;
            }
        }
        n
    }

    fn place(&mut self, at: Square) -> Played {
        let mut played = self.played(Action::Place { at });
        if let Some(p) = self.pending.take() {
            self.board[at.index()] = Some(p.piece);
            played.placed = Some((at, p.piece));
            if self.roster.kind(p.piece.kind).role == Some(Role::Vader) {
                self.vader_entered = true;
            }
        }
        // A placement is not a turn: the same side goes on (C27, C19).
        self.settle();
        played.ending = self.ending;
        played
    }

    fn played(&self, action: Action) -> Played {
        Played {
            side: self.decider().unwrap_or(self.to_move),
            action,
            user: None,
            combat: None,
            shot: None,
            seen: None,
            placed: None,
            turning: None,
            vader_due: false,
            ending: None,
        }
    }

    /// A turn's action (already checked legal).
    fn act(&mut self, action: Action) -> Played {
        let side = self.to_move;
        let mut played = self.played(action);
        let Some(from) = action.from() else { return played };
        let Some(mut user) = self.board[from.index()] else { return played };
        let chasing = self.rules.chasing == Chasing::MoreSquares;
        let before = if chasing { position_hash(&self.board, side) } else { 0 };
        // A power shows its user first; so does a Trooper's long move (C10).
        let long = matches!(action, Action::Move { from, to } if !from.touches(to));
        if action.power().is_some() || long {
            user.revealed = true;
            self.board[from.index()] = Some(user);
        }
        played.user = Some(user);
        let moved = self.carry_out(action, from, user, &mut played);
        if let Some((from, to, _)) = moved {
            let stands = self.board[to.index()].is_some_and(|p| p.id == user.id);
            let run = &mut self.runs[side.index()];
            *run = run.after(self.rules.repetition, &user, from, to, stands);
        }
        if chasing {
            let after = position_hash(&self.board, side.other());
            self.chase.record(side, moved, &self.board, before, after);
        }
        self.turns += 1;
        self.to_move = side.other();
        if played.combat.is_some_and(|c| c.result == Clash::Lightsaber) {
            // Taking the Lightsaber ends the game before anything else it causes (C26).
            self.ending = Some(Ending::Lightsaber(side));
        } else {
            played.turning = self.turn_anakin();
            played.vader_due = self.pending.is_some_and(|p| self.roster.kind(p.piece.kind).role == Some(Role::Vader))
                && !self.vader_entered;
            self.settle();
        }
        played.ending = self.ending;
        played
    }

    /// What `action` does to the board, by `user` standing on `from` (told in `played`): where a piece
    /// went, and whether it attacked there.
    fn carry_out(
        &mut self,
        action: Action,
        from: Square,
        user: Piece,
        played: &mut Played,
    ) -> Option<(Square, Square, bool)> {
        match action {
            Action::Vision { target, .. } => {
                if let Some(p) = self.board[target.index()].as_mut() {
                    p.sighted = true;
                    played.seen = Some((target, *p));
                }
                None
            }
            Action::Blast { target, .. } => {
                played.shot = self.blast(user, target);
                None
            }
            Action::Leap { land, attack, .. } => {
                self.board[from.index()] = None;
                self.board[land.index()] = Some(user);
                match attack {
                    Some(at) => {
                        played.combat = self.attack(land, at);
                        Some((from, at, true))
                    }
                    None => Some((from, land, false)),
                }
            }
            Action::Move { to, .. }
            | Action::Charge { to, .. }
            | Action::Quick { to, .. }
            | Action::Slash { to, .. } => {
                if self.board[to.index()].is_some() {
                    played.combat = self.attack(from, to);
                    Some((from, to, true))
                } else {
                    self.board[from.index()] = None;
                    self.board[to.index()] = Some(user);
                    Some((from, to, false))
                }
            }
            Action::Place { .. } => None,
        }
    }

    /// The attacker on `from` attacks `to`: the combat table decides, the loser (or both) leave the board.
    fn attack(&mut self, from: Square, to: Square) -> Option<Combat> {
        let mut attacker = self.board[from.index()].take()?;
        let Some(mut defender) = self.board[to.index()] else {
            self.board[from.index()] = Some(attacker);
            return None;
        };
        let result = clash(attacker.rank, defender.rank);
        attacker.revealed = true;
        defender.revealed = true;
        match result {
            Clash::AttackerWins | Clash::Lightsaber => {
                self.board[to.index()] = Some(attacker);
                self.capture(defender, attacker.side);
            }
            Clash::DefenderWins => {
                self.board[to.index()] = Some(defender);
                self.capture(attacker, defender.side);
            }
            Clash::Both => {
                self.board[to.index()] = None;
                self.capture(attacker, defender.side);
                self.capture(defender, attacker.side);
            }
        }
        Some(Combat { at: to, from, attacker, defender, result })
    }

    /// The Advanced Blaster: the target is shown, and destroyed if it ranks below the shooter; detonators
    /// and the Lightsaber are only shown (C15).
    fn blast(&mut self, shooter: Piece, target: Square) -> Option<Shot> {
        let mut piece = self.board[target.index()]?;
        piece.revealed = true;
        let destroyed = piece.rank.moves() && piece.rank.strength() < shooter.rank.strength();
        if destroyed {
            self.board[target.index()] = None;
            self.capture(piece, shooter.side);
        } else {
            self.board[target.index()] = Some(piece);
        }
        Some(Shot { target, piece, destroyed })
    }

    fn capture(&mut self, piece: Piece, by: Side) {
        self.captured.push(Capture { piece, by });
        if piece.side == Side::Good {
            self.good_lost = self.good_lost.saturating_add(1);
        }
        // Evil's Anakin captured: Darth Vader enters at the start of Evil's next turn (game 3; C24).
        let anakin = self.roster.kind(piece.kind).role == Some(Role::Anakin);
        if anakin && piece.side == Side::Evil && !self.vader_entered && self.rules.variant == Variant::Rise {
            let vader = self.roster.with_role(Role::Vader);
            let mut vader = make_piece(&self.roster, self.rules.variant, vader, self.next_id());
            vader.revealed = true;
            self.pending = Some(Pending { piece: vader, now: false });
        }
    }

    /// An id no piece of this game has (ids tell identical pieces apart in a position).
    pub(crate) fn next_id(&self) -> u8 {
        let on_board = self.board.iter().flatten().map(|p| p.id);
        let held = self.captured.iter().map(|c| c.piece.id);
        on_board.chain(held).max().map_or(0, |m| m.saturating_add(1))
    }

    /// Game 3: at the tenth Good piece captured, Anakin turns to Evil where he stands, or comes back for
    /// Evil if he was among the captured (C20-C22, C25). Once a game.
    fn turn_anakin(&mut self) -> Option<Turning> {
        if self.rules.variant != Variant::Rise || self.turned || self.good_lost < 10 {
            return None;
        }
        self.turned = true;
        let is_anakin = |p: &Piece| self.roster.kind(p.kind).role == Some(Role::Anakin);
        if let Some(i) = self.board.iter().position(|p| p.is_some_and(|p| is_anakin(&p))) {
            if let Some(p) = self.board[i].as_mut() {
                p.side = Side::Evil;
                p.revealed = true;
            }
            return Square::from_index(i).map(Turning::InPlace);
        }
        let i = self.captured.iter().position(|c| is_anakin(&c.piece))?;
        let mut piece = self.captured.remove(i).piece;
        piece.side = Side::Evil;
        piece.revealed = true;
        // He is placed at once if Evil's rows have room; otherwise at the first Evil turn that does (C23).
        let now = self.free_entry().next().is_some();
        self.pending = Some(Pending { piece, now });
        Some(Turning::Returns)
    }

    /// The end the position itself makes: a side that cannot act, or the move limit. Nothing is decided
    /// while a placement is due (it comes first; C27).
    pub(crate) fn settle(&mut self) {
        if self.ending.is_some() || self.placement_due() {
            return;
        }
        if let Some(p) = self.pending.as_mut() {
            // Waiting for room: from now on only at the start of an Evil turn (C23).
            p.now = false;
        }
        let mut scratch = Vec::new();
        let stuck = !self.side_actions(self.to_move, &mut scratch, true);
        self.ending = if stuck {
            // A piece waiting to enter is an action Evil will have at the start of its turn (C27).
            let other = self.to_move.other();
            let entering = other == Side::Evil && self.pending.is_some() && self.free_entry().next().is_some();
            let other_stuck = !entering && !self.side_actions(other, &mut scratch, true);
            Some(if other_stuck { Ending::NeitherCanMove } else { Ending::Stuck(self.to_move.other()) })
        } else if self.turns >= self.rules.move_limit {
            Some(Ending::MoveLimit)
        } else {
            None
        };
    }

    /// The same game under another back-and-forth limit (set before the first move).
    pub fn with_repetition(mut self, repetition: Repetition) -> Stratego {
        self.rules.repetition = repetition;
        self.ending = None;
        self.settle();
        self
    }
}

/// A piece of `kind` as it starts a game of `variant` (powers only from game 2 on).
pub(crate) fn make_piece(roster: &Roster, variant: Variant, kind: Kind, id: u8) -> Piece {
    let def = roster.kind(kind);
    let powers = if variant.powers() { def.powers } else { Powers::NONE };
    Piece { side: def.side, kind, rank: def.rank, powers, revealed: false, sighted: false, id }
}

/// Pieces given by rank for `side`'s whole army (C33), dealt as `deal` does with seed 0.
pub fn by_rank(roster: &Roster, variant: Variant, side: Side, setup: &[(Square, Rank)]) -> Result<Setup, Refusal> {
    deal(roster, variant, setup, roster.army(side, variant), 0)
}

/// Gives each square typed by rank one of `army`'s pieces of that rank, in an order drawn from `seed`
/// (dealt in roster order, a character shown in combat would tell where the same rank's other pieces
/// stand). From game 2 on a rank names a piece only while every piece of that rank left is alike (the
/// same powers and role); otherwise the player is asked for the code of the one meant.
pub(crate) fn deal(
    roster: &Roster,
    variant: Variant,
    ranked: &[(Square, Rank)],
    mut army: Vec<Kind>,
    seed: u64,
) -> Result<Setup, Refusal> {
    let mut out = Vec::with_capacity(ranked.len());
    let mut state = seed ^ 0x7365_7475_7073_6565;
    for (square, rank) in ranked {
        let candidates: Vec<usize> = (0..army.len()).filter(|i| roster.kind(army[*i]).rank == *rank).collect();
        let Some(first) = candidates.first().map(|i| army[*i]) else {
            return Err(Refusal::Setup(format!("{square}: more pieces of rank {} than the army has", rank.code())));
        };
        if candidates.iter().any(|i| !alike(roster, variant, army[*i], first)) {
            let mut names: Vec<String> = candidates
                .iter()
                .map(|i| roster.kind(army[*i]))
                .map(|d| format!("{} ({})", d.label(), d.code))
                .collect();
            names.dedup();
            return Err(Refusal::Setup(format!(
                "{square}: a {} here could be {}: write the code of the one you mean",
                rank.code(),
                names.join(" or ")
            )));
        }
        state = splitmix(state);
        out.push((*square, army.remove(candidates[(state % candidates.len() as u64) as usize])));
    }
    Ok(out)
}

/// Whether two pieces play alike in this game: the same rank, and from game 2 on the same powers and role
/// (their names and label colours aside). A rank typed stands for any of the pieces alike.
pub(crate) fn alike(roster: &Roster, variant: Variant, a: Kind, b: Kind) -> bool {
    let (a, b) = (roster.kind(a), roster.kind(b));
    a.rank == b.rank && (!variant.powers() || (a.powers == b.powers && a.role == b.role))
}

/// A well-mixed 64-bit number from `x` (SplitMix64's step): the game's only source of shuffles.
pub(crate) fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A side's setup holds exactly its army for this game, on distinct squares of its home rows.
pub(crate) fn check_setup(
    roster: &Roster,
    variant: Variant,
    side: Side,
    setup: &[(Square, Kind)],
) -> Result<(), Refusal> {
    let bad = |m: String| Refusal::Setup(m);
    let want = variant.army_size(side);
    let depth = variant.depth();
    if setup.len() != want {
        let gap = if want == 29 { " (Evil leaves one square empty in game 3)" } else { "" };
        return Err(bad(format!("{} pieces placed, the army has {want}{gap}", setup.len())));
    }
    let mut seen = std::collections::HashSet::new();
    let mut counts: HashMap<Kind, usize> = HashMap::new();
    for (square, kind) in setup {
        if !side.home_rows(depth).contains(&square.row) {
            return Err(bad(format!("{square} is not in your {depth} home rows")));
        }
        if !seen.insert(*square) {
            return Err(bad(format!("two pieces on {square}")));
        }
        *counts.entry(*kind).or_default() += 1;
    }
    let mut army: HashMap<Kind, usize> = HashMap::new();
    for kind in roster.army(side, variant) {
        *army.entry(kind).or_default() += 1;
    }
    for (kind, n) in &counts {
        let def = roster.kinds.get(usize::from(kind.0)).ok_or_else(|| bad("an unknown piece".into()))?;
        let have = army.get(kind).copied().unwrap_or(0);
        if *n > have {
            let what = if have == 0 {
                "is not in this game's army".to_string()
            } else {
                format!("{n} placed, the army has {have}")
            };
            return Err(bad(format!("{} ({}) {what}", def.label(), def.code)));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
