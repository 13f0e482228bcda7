//! The gateway: plain-text JSON websocket at `/ws`. Hello, Identify, READY + GUILD_CREATE, heartbeat ACKs,
//! then whatever the test dispatches, with increasing sequence numbers. Each connection is a session of one
//! shard (Identify's `shard`, [0, 1] without it), told of that shard's servers only; the newest ready
//! session of a shard receives its dispatches, so a restarted bot simply connects again.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::payloads;
use super::state::{LiveSession, Outgoing, Session, Shared};

pub(crate) async fn upgrade(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.on_upgrade(move |socket| async move { Connection::open(shared, socket).run().await })
}

/// Opcodes.
const DISPATCH: u64 = 0;
const HEARTBEAT: u64 = 1;
const IDENTIFY: u64 = 2;
const RESUME: u64 = 6;
const INVALID_SESSION: u64 = 9;
const HELLO: u64 = 10;
const HEARTBEAT_ACK: u64 = 11;

struct Connection {
    shared: Arc<Shared>,
    socket: WebSocket,
    number: u64,
    seq: u64,
    tx: mpsc::UnboundedSender<Outgoing>,
    rx: mpsc::UnboundedReceiver<Outgoing>,
    identified: bool,
}

enum Flow {
    Continue,
    Stop,
}

impl Connection {
    fn open(shared: Arc<Shared>, socket: WebSocket) -> Self {
        let number = shared.with(|state| {
            let number = state.sessions.len() as u64 + 1;
            state.sessions.push(Session {
                number,
                token: None,
                intents: None,
                shard: None,
                ready: false,
                closed: false,
                heartbeats: 0,
                received: Vec::new(),
                errors: Vec::new(),
                bad_frames: Vec::new(),
            });
            number
        });
        let (tx, rx) = mpsc::unbounded_channel();
        Self { shared, socket, number, seq: 0, tx, rx, identified: false }
    }

    fn note_error(&self, error: String) {
        self.shared.with(|state| {
            if let Some(session) = state.sessions.get_mut(self.number as usize - 1) {
                session.errors.push(error);
            }
        });
    }

    async fn send(&mut self, frame: Value) -> Result<(), ()> {
        match self.socket.send(Message::Text(frame.to_string().into())).await {
            Ok(()) => Ok(()),
            Err(error) => {
                self.note_error(format!("send failed: {error}"));
                Err(())
            }
        }
    }

    async fn dispatch(&mut self, event: &str, data: Value) -> Result<u64, ()> {
        self.seq += 1;
        let frame = json!({"op": DISPATCH, "s": self.seq, "t": event, "d": data});
        if let Err(error) = serde_json::from_value::<serenity::all::GatewayEvent>(frame.clone()) {
            let problem = format!("{event} #{}: {error}", self.seq);
            self.shared.with(|state| state.sessions[self.number as usize - 1].bad_frames.push(problem));
        }
        self.send(frame).await.map(|()| self.seq)
    }

    async fn run(mut self) {
        let interval = self.shared.read(|state| state.settings.heartbeat_interval_ms);
        let mut shutdown = self.shared.shutdown.subscribe();
        // Drops the watch guard inside, so the connection future stays Send.
        let stopping = async move {
            let _ = shutdown.wait_for(|stop| *stop).await;
        };
        tokio::pin!(stopping);
        if self.send(json!({"op": HELLO, "d": {"heartbeat_interval": interval}})).await.is_ok() {
            loop {
                let flow = tokio::select! {
                    () = &mut stopping => {
                        let frame = CloseFrame { code: 1001, reason: "fake Discord stopped".into() };
                        let _ = self.socket.send(Message::Close(Some(frame))).await;
                        Flow::Stop
                    }
                    frame = self.socket.recv() => self.received(frame).await,
                    Some(out) = self.rx.recv(), if self.identified => {
                        match self.dispatch(&out.event, out.data).await {
                            Ok(seq) => {
                                // The dispatcher may have stopped waiting; nothing to do then.
                                let _ = out.sent.send(seq);
                                Flow::Continue
                            }
                            Err(()) => Flow::Stop,
                        }
                    }
                };
                if let Flow::Stop = flow {
                    break;
                }
            }
        }
        self.mark_closed();
    }

    fn mark_closed(&self) {
        self.shared.with(|state| {
            if let Some(session) = state.sessions.get_mut(self.number as usize - 1) {
                session.closed = true;
            }
            state.drop_live(self.number);
        });
    }

    async fn received(&mut self, frame: Option<Result<Message, axum::Error>>) -> Flow {
        let text = match frame {
            None => return Flow::Stop,
            Some(Err(error)) => {
                self.note_error(format!("receive failed: {error}"));
                return Flow::Stop;
            }
            Some(Ok(Message::Close(_))) => {
                // Closed before the reply goes out, so the bot's shutdown_all() returns only once the fake
                // already counts this session as gone.
                self.mark_closed();
                let _ = self.socket.send(Message::Close(None)).await;
                return Flow::Stop;
            }
            Some(Ok(Message::Text(text))) => text,
            Some(Ok(_)) => return Flow::Continue,
        };
        let frame: Value = match serde_json::from_str(text.as_str()) {
            Ok(frame) => frame,
            Err(error) => {
                self.note_error(format!("unparsable frame ({error}): {}", text.as_str()));
                return Flow::Continue;
            }
        };
        let op = frame["op"].as_u64();
        self.shared.with(|state| {
            if let Some(session) = state.sessions.get_mut(self.number as usize - 1) {
                if op == Some(HEARTBEAT) {
                    session.heartbeats += 1;
                }
                session.received.push(frame.clone());
            }
        });
        let result = match op {
            Some(HEARTBEAT) => self.send(json!({"op": HEARTBEAT_ACK})).await,
            Some(IDENTIFY) => self.identify(&frame["d"]).await,
            // No resumable sessions here: the bot must identify again, as after a long outage.
            Some(RESUME) => self.send(json!({"op": INVALID_SESSION, "d": false})).await,
            _ => Ok(()),
        };
        match result {
            Ok(()) => Flow::Continue,
            Err(()) => Flow::Stop,
        }
    }

    async fn identify(&mut self, identify: &Value) -> Result<(), ()> {
        let session_id = format!("fake-session-{}", self.number);
        let gateway_url = self.shared.gateway_url();
        let number = |i: usize| identify["shard"][i].as_u64().map(|n| n as u32);
        let (shard, total) = (number(0).unwrap_or(0), number(1).unwrap_or(1).max(1));
        let guilds = self.shared.with(|state| {
            let session = &mut state.sessions[self.number as usize - 1];
            session.token = identify["token"].as_str().map(str::to_string);
            session.intents = identify["intents"].as_u64();
            session.shard = Some([shard, total]);
            let of = |guild: u64, c: &&Value| c["guild_id"].as_str() == Some(guild.to_string().as_str());
            state
                .guilds
                .iter()
                // A shard hears of its own servers only.
                .filter(|(id, _)| ((**id >> 22) % u64::from(total)) as u32 == shard)
                .map(|(id, info)| {
                    let channels: Vec<Value> = state
                        .channels
                        .values()
                        .filter(|c| of(*id, c) && matches!(c["type"].as_u64(), Some(0 | 2 | 4 | 5 | 13 | 15)))
                        .cloned()
                        .collect();
                    let threads: Vec<Value> = state
                        .channels
                        .values()
                        .filter(|c| of(*id, c) && matches!(c["type"].as_u64(), Some(10..=12)))
                        .filter(|c| c["thread_metadata"]["archived"] != json!(true))
                        .cloned()
                        .collect();
                    let mut guild = payloads::guild(
                        *id,
                        &info.name,
                        channels,
                        info.roles.clone(),
                        payloads::perms::GAME_CHANNEL,
                        state.started_ms,
                    );
                    guild["threads"] = json!(threads);
                    guild
                })
                .collect::<Vec<Value>>()
        });
        self.seq = 0;
        let ids: Vec<u64> = guilds.iter().filter_map(|g| g["id"].as_str()?.parse().ok()).collect();
        let mut ready = payloads::ready(&session_id, &gateway_url, &ids);
        ready["shard"] = json!([shard, total]);
        self.dispatch("READY", ready).await?;
        for guild in guilds {
            self.dispatch("GUILD_CREATE", guild).await?;
        }
        self.identified = true;
        let live = LiveSession { number: self.number, total, tx: self.tx.clone() };
        self.shared.with(|state| {
            state.sessions[self.number as usize - 1].ready = true;
            state.live.insert(shard, live);
        });
        Ok(())
    }
}
