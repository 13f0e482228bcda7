//! An outside program that plays a seat over the agent protocol (docs/agent-protocol.md), for every game:
//! started by the shell on its first question, sent one line of JSON per question, and read one line back
//! within the time limit. A program that answers late, stops reading, or dies gives the game up; each game
//! writes its own questions and reads its own answers.

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

pub struct Program {
    command: String,
    running: Option<Running>,
    /// Once it gave up, every later question gets the same answer.
    gone: Option<String>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    /// The program's lines, read on a thread of their own so a silent program can be timed out.
    lines: Receiver<std::io::Result<String>>,
}

impl Program {
    pub fn new(command: &str) -> Program {
        Program { command: command.to_string(), running: None, gone: None }
    }

    /// The command line it runs.
    pub fn command(&self) -> &str {
        &self.command
    }

    fn start(&mut self) -> Result<&mut Running, String> {
        if self.running.is_none() {
            let mut child = Command::new("sh")
                .arg("-c")
                .arg(format!("exec {}", self.command))
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .map_err(|e| format!("could not be started: {e}"))?;
            let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
                let _ = child.kill();
                return Err("could not be talked to".into());
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
        self.running.as_mut().ok_or_else(|| "the program is not running".into())
    }

    /// Sends `question` and returns the line answered within `limit`, read by `read` (which says why an
    /// answer is refused). Any failure is the program's forfeit, said with its command line; it is kept,
    /// and the program stopped.
    pub fn ask<T>(
        &mut self,
        question: &Value,
        limit: Duration,
        read: impl FnOnce(&str) -> Result<T, String>,
    ) -> Result<T, String> {
        if let Some(why) = &self.gone {
            return Err(why.clone());
        }
        let answered = self.exchange(question, limit).and_then(|line| read(&line));
        if let Err(why) = &answered {
            let why = format!("'{}' {why}", self.command);
            self.gone = Some(why.clone());
            self.stop();
            return Err(why);
        }
        answered
    }

    fn exchange(&mut self, question: &Value, limit: Duration) -> Result<String, String> {
        let running = self.start()?;
        let sent = writeln!(running.stdin, "{question}").and_then(|_| running.stdin.flush());
        if sent.is_err() {
            return Err("stopped reading its questions".into());
        }
        match running.lines.recv_timeout(limit) {
            Ok(Ok(line)) => Ok(line),
            Ok(Err(e)) => Err(format!("could not be read: {e}")),
            Err(RecvTimeoutError::Timeout) => Err(format!("did not answer within {} ms", limit.as_millis())),
            Err(RecvTimeoutError::Disconnected) => {
                let status = running.child.try_wait().ok().flatten();
                let how = status.map_or_else(|| "closed its output".to_string(), |s| format!("ended ({s})"));
                Err(format!("{how} without answering"))
            }
        }
    }

    fn stop(&mut self) {
        if let Some(mut r) = self.running.take() {
            drop(r.stdin);
            let _ = r.child.kill();
            let _ = r.child.wait();
        }
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The `choice` text of a program's answer line (`{"choice": "..."}`), or why it has none.
pub fn choice_text(line: &str) -> Result<String, String> {
    let shown: String = line.chars().take(80).collect();
    let parsed: Value =
        serde_json::from_str(line.trim()).map_err(|_| format!("answered '{shown}', which is not a JSON object"))?;
    parsed
        .get("choice")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("answered '{shown}', with no \"choice\" text"))
}
