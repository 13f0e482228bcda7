//! The HTTP listener: `/healthz` (200 when the database takes writes and the gateway is connected, 503
//! otherwise, with a JSON body saying which) and `/metrics` (Prometheus' text format).

use super::Health;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use axum::routing::get;
use std::net::SocketAddr;
use std::sync::Arc;

/// A boxed future, as a trait object's method returns it.
pub type Ask<'a, T> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, String>> + Send + 'a>>;

/// What the listener asks of the database: handed in by whoever owns it (the game service), so this
/// layer needs nothing above it.
pub trait Probe: Send + Sync + 'static {
    /// Whether a write reaches the disk now (the error in words when it does not).
    fn check_writable(&self) -> Ask<'_, ()>;
    /// Games by status, for the metrics page.
    fn count_by_status(&self) -> Ask<'_, Vec<(&'static str, i64)>>;
}

#[derive(Clone)]
struct Shared {
    health: Arc<Health>,
    store: Arc<dyn Probe>,
    metrics: Option<metrics_exporter_prometheus::PrometheusHandle>,
}

/// Bind `addr` and serve until the process ends. Returns the bound address (port 0 picks a free one).
pub async fn listen(addr: SocketAddr, health: Arc<Health>, store: Arc<dyn Probe>) -> std::io::Result<SocketAddr> {
    let metrics = super::metrics::install();
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    let app = Router::new().route("/healthz", get(healthz)).route("/metrics", get(metrics_page)).with_state(Shared {
        health,
        store,
        metrics,
    });
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::warn!(error = %e, "the health and metrics listener stopped");
        }
    });
    tracing::info!(address = %bound, "health and metrics listener ready");
    Ok(bound)
}

async fn healthz(State(s): State<Shared>) -> impl IntoResponse {
    let database = match s.store.check_writable().await {
        Ok(()) => "ok".to_string(),
        Err(e) => e,
    };
    let gateway = if s.health.gateway() { "connected" } else { "not connected" };
    let stopping = s.health.stopping();
    let ok = database == "ok" && s.health.gateway() && !stopping;
    let body = serde_json::json!({ "ok": ok, "database": database, "gateway": gateway, "stopping": stopping });
    let status = if ok { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, [(header::CONTENT_TYPE, "application/json")], body.to_string())
}

async fn metrics_page(State(s): State<Shared>) -> impl IntoResponse {
    let Some(handle) = s.metrics else {
        return (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/plain")], "metrics are off\n".into());
    };
    // Games by status are counted when asked, not kept up to date on every move.
    if let Ok(counts) = s.store.count_by_status().await {
        for (status, n) in counts {
            ::metrics::gauge!(super::metrics::GAMES, "status" => status).set(n as f64);
        }
    }
    handle.run_upkeep();
    (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; version=0.0.4")], handle.render())
}
