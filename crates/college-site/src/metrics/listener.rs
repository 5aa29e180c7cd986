//! The metrics listener: `GET /metrics`, on its own address, nothing else. The gauges kept in
//! the database are read at each scrape, so they are as fresh as Prometheus asks.

use std::{net::SocketAddr, time::Duration};

use axum::{
    Router,
    extract::State,
    http::{StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use metrics_exporter_prometheus::PrometheusHandle;
use tokio::{net::TcpListener, task::JoinHandle};
use tokio_util::sync::CancellationToken;

use super::{
    ACTIVE_SESSIONS, DB_CONNECTIONS, DB_MAX_CONNECTIONS, MAIL_OLDEST_WAITING, MAIL_WAITING,
};
use crate::store::{SharedStore, now_millis};

#[derive(Clone)]
struct Scrape {
    handle: PrometheusHandle,
    store: SharedStore,
}

/// Binds `addr` (so that a taken port stops start-up) and serves `/metrics` there until
/// `shutdown`.
pub async fn spawn(
    addr: SocketAddr,
    handle: PrometheusHandle,
    store: SharedStore,
    shutdown: CancellationToken,
) -> anyhow::Result<(SocketAddr, JoinHandle<()>)> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|error| anyhow::anyhow!("METRICS_LISTEN {addr}: {error}"))?;
    let bound = listener.local_addr()?;
    let handle_for_upkeep = handle.clone();
    let router = Router::new()
        .route("/metrics", get(metrics))
        .with_state(Scrape { handle, store });
    tracing::info!(addr = %bound, "metrics listening");
    let upkeep = handle_for_upkeep;
    let task = tokio::spawn(async move {
        // Folds the latencies recorded since into the histograms, so that memory stays flat
        // when nobody scrapes.
        let stopped = shutdown.clone();
        let upkeep = tokio::spawn(async move {
            let mut every = tokio::time::interval(Duration::from_secs(5));
            loop {
                tokio::select! {
                    () = stopped.cancelled() => break,
                    _ = every.tick() => upkeep.run_upkeep(),
                }
            }
        });
        let served = axum::serve(listener, router)
            .with_graceful_shutdown(async move { shutdown.cancelled().await })
            .await;
        let _ = upkeep.await;
        if let Err(error) = served {
            tracing::error!(error = %crate::error_chain::Chain(&error), "metrics listener stopped");
        }
    });
    Ok((bound, task))
}

async fn metrics(State(scrape): State<Scrape>) -> Response {
    // A slow database must not hang the scrape: the figures from the store are then left as
    // they were, and the rest is still served.
    let refreshed = tokio::time::timeout(Duration::from_secs(5), refresh(&scrape.store)).await;
    if !matches!(refreshed, Ok(Ok(()))) {
        tracing::warn!("metrics: the database's figures could not be read");
    }
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        scrape.handle.render(),
    )
        .into_response()
}

async fn refresh(store: &SharedStore) -> Result<(), crate::store::StoreError> {
    let pool = store.pool_use();
    metrics::gauge!(DB_CONNECTIONS, "state" => "in_use").set(f64::from(pool.in_use));
    metrics::gauge!(DB_CONNECTIONS, "state" => "idle").set(f64::from(pool.idle));
    metrics::gauge!(DB_MAX_CONNECTIONS).set(f64::from(pool.max));
    let now = now_millis();
    let sessions = store.active_sessions(now).await?;
    metrics::gauge!(ACTIVE_SESSIONS).set(sessions as f64);
    // The outbox's figures the staff area shows; only the waiting ones are read here (sent
    // and failed are this instance's counters), so `since` does not matter.
    let mail = store.mail_health(now).await?;
    metrics::gauge!(MAIL_WAITING).set(mail.waiting as f64);
    let oldest_age_ms = mail
        .oldest_waiting_at
        .map_or(0, |at| now.saturating_sub(at).max(0));
    metrics::gauge!(MAIL_OLDEST_WAITING).set(oldest_age_ms as f64 / 1000.0);
    Ok(())
}
