//! `/healthz` and `/readyz`, for a service manager and a load balancer.
//!
//! - `/healthz` (liveness): 200 when the database answers. A failing one means "restart me".
//! - `/readyz` (readiness): 200 when the database answers and every migration this binary
//!   knows is applied; 503 from the moment the server is asked to stop (SIGTERM), while it
//!   still serves and then finishes the requests in flight. A failing one means "send
//!   visitors elsewhere".

use axum::{
    Extension, Router,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};

use crate::{
    http::{no_store, state::AppState},
    logs::requests::QuietLine,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

async fn healthz(State(state): State<AppState>) -> Response {
    match state.store.ping().await {
        // Asked every few seconds by machines: their lines stay out of the info log.
        Ok(()) => (StatusCode::OK, Extension(QuietLine), "ok").into_response(),
        Err(error) => {
            tracing::warn!(error = %crate::error_chain::Chain(&error), "health check: store unreachable");
            (StatusCode::SERVICE_UNAVAILABLE, "store unreachable").into_response()
        }
    }
}

async fn readyz(State(state): State<AppState>) -> Response {
    let (status, said) = if state.draining.is_cancelled() {
        (StatusCode::SERVICE_UNAVAILABLE, "draining")
    } else {
        match state.store.migrations_applied().await {
            Ok(true) => (StatusCode::OK, "ready"),
            Ok(false) => (StatusCode::SERVICE_UNAVAILABLE, "migrations not applied"),
            Err(error) => {
                tracing::warn!(error = %crate::error_chain::Chain(&error), "readiness check: store unreachable");
                (StatusCode::SERVICE_UNAVAILABLE, "store unreachable")
            }
        }
    };
    (status, no_store(), Extension(QuietLine), said).into_response()
}
