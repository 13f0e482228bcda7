//! A player in another program, over the agent protocol (docs/agent-protocol.md): whenever its seat must
//! decide, it is sent one line of JSON — its seat, what the seat may see, the question and its options
//! with their exact choice texts, the time left — and answers one line, `{"choice": "<one of them>"}`.
//! A program that answers late, answers something that is not an option, or dies, forfeits the game.
//!
//! The program is started by the shell on the first question, and stopped when the agent is dropped.

use super::{Agent, Forfeit, Seen};
use crate::games::queens_gambit::rules::words::card_name;
use crate::games::queens_gambit::rules::{CardId, Choice, Data};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

pub struct External {
    data: Arc<Data>,
    program: String,
    limit: Duration,
    running: Option<Running>,
    /// Once forfeited, the game is lost: every later question gets the same answer.
    gone: Option<Forfeit>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    /// The program's lines, read on a thread of their own so a silent program can be timed out.
    lines: Receiver<std::io::Result<String>>,
}

impl External {
    pub fn new(data: &Arc<Data>, program: &str) -> External {
        External {
            data: data.clone(),
            program: program.to_string(),
            limit: super::Settings::default().command_limit,
            running: None,
            gone: None,
        }
    }

    /// At most this long for one answer.
    pub fn with_limit(mut self, limit: Duration) -> External {
        self.limit = limit;
        self
    }

    fn start(&mut self) -> Result<&mut Running, Forfeit> {
        if self.running.is_none() {
            let mut child = Command::new("sh")
                .arg("-c")
                .arg(format!("exec {}", self.program))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| Forfeit(format!("could not start '{}': {e}", self.program)))?;
            let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
                let _ = child.kill();
                return Err(Forfeit(format!("could not talk to '{}'", self.program)));
            };
            let (tx, rx) = channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            });
            self.running = Some(Running { child, stdin, lines: rx });
        }
        self.running.as_mut().ok_or_else(|| Forfeit("the program is not running".into()))
    }

    /// One question, asked and answered.
    fn ask(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        let limit = seen.ms_left.map_or(self.limit, |ms| self.limit.min(Duration::from_millis(ms)));
        let message = message(&self.data, seen, limit);
        let program = self.program.clone();
        let running = self.start()?;
        let sent = writeln!(running.stdin, "{message}").and_then(|_| running.stdin.flush());
        if sent.is_err() {
            return Err(Forfeit(format!("'{program}' stopped reading its questions")));
        }
        let line = match running.lines.recv_timeout(limit) {
            Ok(Ok(line)) => line,
            Ok(Err(e)) => return Err(Forfeit(format!("'{program}' could not be read: {e}"))),
            Err(RecvTimeoutError::Timeout) => {
                return Err(Forfeit(format!("'{program}' did not answer within {} ms", limit.as_millis())));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = running.child.try_wait().ok().flatten();
                let how = status.map_or_else(|| "closed its output".to_string(), |s| format!("ended ({s})"));
                return Err(Forfeit(format!("'{program}' {how} without answering")));
            }
        };
        answer(&self.data, seen, &line).map_err(|why| Forfeit(format!("'{program}' {why}")))
    }
}

impl Agent for External {
    fn choose(&mut self, seen: &Seen) -> Result<Choice, Forfeit> {
        if let Some(f) = &self.gone {
            return Err(f.clone());
        }
        let answered = self.ask(seen);
        if let Err(f) = &answered {
            self.gone = Some(f.clone());
            self.stop();
        }
        answered
    }
}

impl External {
    fn stop(&mut self) {
        if let Some(mut r) = self.running.take() {
            drop(r.stdin);
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The question as the protocol sends it: one JSON object.
pub fn message(d: &Data, seen: &Seen, limit: Duration) -> Value {
    let v = &seen.view;
    // The names of the cards the seat can see, so a program need not know the decks' numbering.
    let mut cards: BTreeMap<u16, Value> = BTreeMap::new();
    let mut name = |c: CardId| {
        cards.entry(c.0).or_insert_with(|| json!({"code": d.card(c).code, "title": card_name(d, c)}));
    };
    for s in v.seats.iter() {
        s.hand.iter().flatten().chain(s.plan.iter().flatten()).for_each(|c| name(*c));
        s.queue.iter().flatten().flatten().for_each(|c| name(*c));
    }
    v.decks.iter().flat_map(|k| k.discard.iter()).for_each(|c| name(*c));
    v.playing.iter().for_each(|c| name(*c));
    let units: BTreeMap<u8, &str> = v.pieces.iter().map(|p| (p.kind.0, d.unit(p.kind).key.as_str())).collect();
    let options: Vec<Value> =
        seen.options.iter().map(|(c, label)| json!({"choice": c.text(d), "label": label})).collect();
    json!({
        "seat": seen.seat.key(v.mode),
        "side": seen.seat.side().key(),
        "round": v.round,
        "question": seen.question,
        "prompt": seen.prompt,
        "options": options,
        "ms_left": limit.as_millis() as u64,
        "view": v,
        "cards": cards,
        "units": units,
    })
}

/// The choice a program's line names, if it is one of the options.
pub fn answer(d: &Data, seen: &Seen, line: &str) -> Result<Choice, String> {
    let shown: String = line.chars().take(80).collect();
    let parsed: Value =
        serde_json::from_str(line.trim()).map_err(|_| format!("answered '{shown}', which is not a JSON object"))?;
    let Some(full) = parsed.get("choice").and_then(Value::as_str) else {
        return Err(format!("answered '{shown}', with no \"choice\" text"));
    };
    let text: String = full.chars().take(80).collect();
    let text = text.as_str();
    let choice = Choice::parse(d, full).map_err(|_| format!("answered '{text}', which is not a choice"))?;
    if seen.choices().any(|c| *c == choice) {
        Ok(choice)
    } else {
        Err(format!("answered '{text}', which is not one of the {} options", seen.options.len()))
    }
}
