//! `gambit health`: ask the running bot's listener, with no HTTP client installed (the image has none).

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// Ask `GET /healthz` at `addr`: `Ok` with the body when the bot says it is healthy, `Err` with why not.
pub fn probe(addr: SocketAddr) -> Result<String, String> {
    let timeout = Duration::from_secs(5);
    let mut s = TcpStream::connect_timeout(&addr, timeout).map_err(|e| format!("no answer at {addr}: {e}"))?;
    let _ = s.set_read_timeout(Some(timeout));
    let _ = s.set_write_timeout(Some(timeout));
    s.write_all(format!("GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes())
        .map_err(|e| format!("cannot ask {addr}: {e}"))?;
    let mut reply = String::new();
    s.read_to_string(&mut reply).map_err(|e| format!("no whole answer from {addr}: {e}"))?;
    let status = reply.split_whitespace().nth(1).unwrap_or("");
    let body = reply.split("\r\n\r\n").nth(1).unwrap_or("").trim().to_string();
    if status == "200" { Ok(body) } else { Err(format!("unhealthy ({status}): {body}")) }
}
