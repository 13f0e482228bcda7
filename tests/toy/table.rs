//! One game of Trio: the pile, the bids and every applied step, which are also its script's lines. The
//! rules live here; `engine.rs` tells them to the shared layers.

/// The version of these rules; a script names the version it was made under.
pub const RULES_VERSION: u32 = 7;
/// The seats' names, by seat number; a seat's key (its script prefix) is its name in lower case.
pub const SEATS: [&str; 3] = ["North", "East", "West"];

/// One applied choice, as a menu leaf names it and the script keeps it (after the seat's key).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A secret bid, 1 to 3.
    Bid(u32),
    /// Counters taken from the pile on the seat's turn, 1 to 3.
    Take(u32),
    Concede,
}

impl Step {
    /// A choice as its menu leaf or typed (`bid 2`, ` Take 1 `, `CONCEDE`); none for anything else.
    pub fn parse(choice: &str) -> Option<Step> {
        let choice = choice.trim().to_lowercase();
        let count = |w: &str| -> Option<u32> {
            match w {
                "1" => Some(1),
                "2" => Some(2),
                "3" => Some(3),
                _ => None,
            }
        };
        match choice.split_whitespace().collect::<Vec<_>>()[..] {
            ["concede"] => Some(Step::Concede),
            ["bid", n] => count(n).map(Step::Bid),
            ["take", n] => count(n).map(Step::Take),
            _ => None,
        }
    }
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Bid(n) => write!(f, "bid {n}"),
            Step::Take(n) => write!(f, "take {n}"),
            Step::Concede => f.write_str("concede"),
        }
    }
}

/// How a game of Trio ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This seat took the last counter.
    LastCounter(usize),
    /// This seat conceded.
    Conceded(usize),
}

/// The key of `seat` (`north`), as a script line and a record name it.
pub fn key(seat: usize) -> String {
    SEATS.get(seat).map(|s| s.to_lowercase()).unwrap_or_default()
}

/// The seat a script line's key names.
pub fn seat_of(key: &str) -> Option<usize> {
    SEATS.iter().position(|s| s.eq_ignore_ascii_case(key))
}

/// The counters a game with `seed` starts with: 12 to 18.
pub fn pile(seed: u64) -> u32 {
    12 + (seed % 7) as u32
}

/// A game from its seed to its end.
#[derive(Clone, Debug)]
pub struct Table {
    seed: u64,
    /// Counters still on the pile.
    left: u32,
    /// Each seat's secret bid, once made.
    bids: [Option<u32>; 3],
    ending: Option<Ending>,
    /// Every applied step with its seat, in order.
    played: Vec<(usize, Step)>,
}

impl Table {
    pub fn new(seed: u64) -> Table {
        Table { seed, left: pile(seed), bids: [None; 3], ending: None, played: Vec::new() }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn left(&self) -> u32 {
        self.left
    }

    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    pub fn played(&self) -> &[(usize, Step)] {
        &self.played
    }

    /// `seat`'s bid (a secret until every bid is in: readers must ask `bids_out` first).
    pub fn bid(&self, seat: usize) -> Option<u32> {
        self.bids.get(seat).copied().flatten()
    }

    pub fn bids_out(&self) -> bool {
        self.bids.iter().all(Option::is_some)
    }

    /// The bids in words once all are in (`North 2, East 1, West 3`).
    pub fn bids_text(&self) -> String {
        let bids = self.bids.iter().zip(SEATS).filter_map(|(b, name)| b.map(|b| format!("{name} {b}")));
        bids.collect::<Vec<_>>().join(", ")
    }

    /// The seat that begins once every bid is in: the highest bid, the lowest seat among equals.
    pub fn opener(&self) -> Option<usize> {
        let [Some(a), Some(b), Some(c)] = self.bids else { return None };
        let bids = [a, b, c];
        Some((1..bids.len()).fold(0, |best, s| if bids[s] > bids[best] { s } else { best }))
    }

    /// Whose turn it is to take: from the opener round in seat order; none before the bids are out and
    /// once the game is over.
    pub fn turn(&self) -> Option<usize> {
        if self.ending.is_some() {
            return None;
        }
        let takes = self.played.iter().filter(|(_, s)| matches!(s, Step::Take(_))).count();
        Some((self.opener()? + takes) % SEATS.len())
    }

    /// The script line of one step (`east take 2`).
    pub fn line(seat: usize, step: Step) -> String {
        format!("{} {step}", key(seat))
    }

    /// Applies `choice` for `seat`; a refusal says why and changes nothing.
    pub fn play(&mut self, seat: usize, choice: &str) -> Result<(), String> {
        if seat >= SEATS.len() {
            return Err("there are three seats: North, East and West".into());
        }
        let Some(step) = Step::parse(choice) else {
            return Err(format!("'{}' is not a choice of Trio: bid 1 to 3, take 1 to 3, or concede", choice.trim()));
        };
        if self.ending.is_some() {
            return Err("the game is over".into());
        }
        match step {
            Step::Bid(n) => {
                if self.bids_out() {
                    return Err("the bids are out: it is too late to bid".into());
                }
                if self.bids[seat].is_some() {
                    return Err("you have bid already".into());
                }
                self.bids[seat] = Some(n);
            }
            Step::Take(n) => {
                let Some(turn) = self.turn() else { return Err("the turns start when all three have bid".into()) };
                if turn != seat {
                    return Err(format!("it is {}'s turn", SEATS[turn]));
                }
                if n > self.left {
                    return Err(format!("only {} left on the pile", counters(self.left)));
                }
                self.left -= n;
                if self.left == 0 {
                    self.ending = Some(Ending::LastCounter(seat));
                }
            }
            Step::Concede => {
                if !self.bids_out() {
                    return Err("nobody may concede before the bids are out".into());
                }
                self.ending = Some(Ending::Conceded(seat));
            }
        }
        self.played.push((seat, step));
        Ok(())
    }

    /// The whole game as its replay script: the header, then one line a step.
    pub fn script(&self) -> String {
        let mut text = format!("gambit-script 1\ngame trio\nrules {RULES_VERSION}\nseed {}\n", self.seed);
        for (seat, step) in &self.played {
            text.push_str(&Table::line(*seat, *step));
            text.push('\n');
        }
        text
    }

    /// A game rebuilt from its script (`gambit-script 1`, `game trio`, `rules 7`, `seed N`, then each step
    /// by its seat's key; `#` comments and blank lines left out); refused, naming the line, where the
    /// header is not Trio's under these rules or the rules refuse a step.
    pub fn replay(script: &str) -> Result<Table, String> {
        let mut lines = script
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.split('#').next().unwrap_or("").trim()))
            .filter(|(_, l)| !l.is_empty());
        for header in ["gambit-script 1", "game trio"] {
            match lines.next() {
                Some((_, line)) if line == header => {}
                Some((n, other)) => return Err(format!("line {n}: '{other}' where a Trio script has '{header}'")),
                None => return Err("the script ends before its header".into()),
            }
        }
        let rules = format!("rules {RULES_VERSION}");
        match lines.next() {
            Some((_, line)) if line == rules => {}
            Some((n, other)) => {
                return Err(format!("line {n}: '{other}' is not Trio {rules}, the only rules this release plays"));
            }
            None => return Err("the script ends before its rules line".into()),
        }
        let Some((n, seed)) = lines.next() else { return Err("the script ends before its seed line".into()) };
        let Some(seed) = seed.strip_prefix("seed ").and_then(|s| s.trim().parse::<u64>().ok()) else {
            return Err(format!("line {n}: '{seed}' is not a seed line (seed and a number)"));
        };
        let mut table = Table::new(seed);
        for (n, line) in lines {
            let (name, choice) = line.split_once(' ').unwrap_or((line, ""));
            let Some(seat) = seat_of(name) else { return Err(format!("line {n}: '{name}' is not a seat of Trio")) };
            table.play(seat, choice).map_err(|e| format!("line {n}: {e}"))?;
        }
        Ok(table)
    }
}

/// A number of counters in words (`1 counter`, `5 counters`).
pub fn counters(n: u32) -> String {
    format!("{n} counter{}", if n == 1 { "" } else { "s" })
}
