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

/// How long `/healthz` waits for the database before it answers that it did not answer: well inside a
/// container health check's usual 5 s, so an outage is told as one, never as a timed-out check.
const DATABASE_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

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
    let database = match tokio::time::timeout(DATABASE_BUDGET, s.store.check_writable()).await {
        Ok(Ok(())) => "ok".to_string(),
        Ok(Err(e)) => e,
        Err(_) => format!("no answer within {} s", DATABASE_BUDGET.as_secs()),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A database that never answers (an outage, a lost connection waiting on its pool).
    struct Silent;

    impl Probe for Silent {
        fn check_writable(&self) -> Ask<'_, ()> {
            Box::pin(std::future::pending())
        }
        fn count_by_status(&self) -> Ask<'_, Vec<(&'static str, i64)>> {
            Box::pin(std::future::pending())
        }
    }

    /// During an outage the health check is answered within its budget, unhealthy, saying why.
    #[tokio::test]
    async fn a_database_that_does_not_answer_is_told_within_the_budget() {
        let shared = Shared { health: Arc::new(Health::default()), store: Arc::new(Silent), metrics: None };
        let answer = tokio::time::timeout(DATABASE_BUDGET * 2, healthz(State(shared))).await;
        let response = answer.expect("answered within the budget").into_response();
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        let body = axum::body::to_bytes(response.into_body(), 4096).await.unwrap();
        let text = String::from_utf8_lossy(&body);
        assert!(text.contains("no answer within 2 s"), "{text}");
    }
}
