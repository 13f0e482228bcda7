//! The HTTP side: reads each request (JSON or multipart), answers it through the route table, records both.

use std::sync::Arc;
use std::time::Instant;

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use super::recorded::{RecordedFile, RecordedRequest};
use super::routes::{self, Ctx, Reply};
use super::state::Shared;

/// Uploads bigger than Discord's limits must reach the checker (and be refused there), not be cut by axum.
pub(crate) const BODY_LIMIT: usize = 64 * 1024 * 1024;

/// Every request that is not the gateway lands here.
pub(crate) async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let at = Instant::now();
    let method = request.method().as_str().to_string();
    let uri = request.uri().clone();
    let headers = request.headers().clone();
    let raw_path = uri.path();
    let path = strip_version(raw_path).to_string();
    let mut recorded = RecordedRequest {
        seq: 0,
        method,
        token: interaction_token(&path),
        path,
        query: uri.query().unwrap_or("").to_string(),
        body: Value::Null,
        raw_body: None,
        files: Vec::new(),
        authorization: headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).map(str::to_string),
        status: 0,
        response: Value::Null,
        at,
    };
    if let Err(problem) = read_body(request, &headers, &mut recorded).await {
        recorded.raw_body = Some(problem);
    }
    let line = format!("{} {}", recorded.method, recorded.path);
    if shared.with(|state| state.settings.stall.then(|| state.stalled.push(line)).is_some()) {
        return std::future::pending().await;
    }
    let gateway_url = shared.gateway_url();
    let reply = shared.with(|state| {
        recorded.seq = state.requests.len();
        let mut ctx = Ctx {
            state,
            base_url: &shared.base_url,
            gateway_url: &gateway_url,
            req: &recorded,
            violations: Vec::new(),
        };
        let reply = routes::answer(&mut ctx);
        let violations = std::mem::take(&mut ctx.violations);
        state.violations.extend(violations);
        recorded.status = reply.status();
        recorded.response = reply.body();
        if state.settings.forget_uploads {
            recorded.files.iter_mut().for_each(|f| f.bytes = Vec::new());
        }
        state.requests.push(recorded);
        reply
    });
    into_response(reply)
}

/// `/api/v10/channels/1` -> `/channels/1`; anything else stays as it came.
fn strip_version(path: &str) -> &str {
    let Some(rest) = path.strip_prefix("/api/v") else { return path };
    match rest.find('/') {
        Some(slash) if rest[..slash].chars().all(|c| c.is_ascii_digit()) => &rest[slash..],
        _ => path,
    }
}

/// The interaction token in `/interactions/{id}/{token}/callback` or `/webhooks/{app}/{token}/...`.
fn interaction_token(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    match segments.as_slice() {
        ["interactions", _, token, ..] | ["webhooks", _, token, ..] => Some((*token).to_string()),
        _ => None,
    }
}

/// Reads a JSON body, or a multipart body's `payload_json` and files. `Err` carries a description of a body
/// that could not be read, kept in `raw_body` so the checker flags it.
async fn read_body(request: Request, headers: &HeaderMap, recorded: &mut RecordedRequest) -> Result<(), String> {
    let content_type = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if content_type.starts_with("multipart/form-data") {
        let mut form = Multipart::from_request(request, &()).await.map_err(|e| format!("bad multipart: {e}"))?;
        while let Some(field) = form.next_field().await.map_err(|e| format!("bad multipart field: {e}"))? {
            let name = field.name().unwrap_or("").to_string();
            let filename = field.file_name().map(str::to_string);
            let part_type = field.content_type().map(str::to_string);
            let bytes = field.bytes().await.map_err(|e| format!("multipart field {name}: {e}"))?;
            if name == "payload_json" {
                recorded.body = parse_json(&bytes, &mut recorded.raw_body);
            } else if let Some(filename) = filename {
                recorded.files.push(RecordedFile {
                    field: name,
                    filename,
                    content_type: part_type,
                    bytes: bytes.to_vec(),
                });
            }
        }
        return Ok(());
    }
    let bytes =
        axum::body::to_bytes(request.into_body(), BODY_LIMIT).await.map_err(|e| format!("unreadable body: {e}"))?;
    if !bytes.is_empty() {
        recorded.body = parse_json(&bytes, &mut recorded.raw_body);
    }
    Ok(())
}

fn parse_json(bytes: &Bytes, raw: &mut Option<String>) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|_| {
        *raw = Some(String::from_utf8_lossy(bytes).into_owned());
        Value::Null
    })
}

fn into_response(reply: Reply) -> Response {
    match reply {
        Reply::Json(status, body) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            (status, axum::Json(body)).into_response()
        }
        Reply::Empty(status) => StatusCode::from_u16(status).unwrap_or(StatusCode::NO_CONTENT).into_response(),
        Reply::Bytes(content_type, bytes) => {
            let mut response = Response::new(Body::from(bytes));
            if let Ok(value) = HeaderValue::from_str(&content_type) {
                response.headers_mut().insert(header::CONTENT_TYPE, value);
            }
            response
        }
    }
}
