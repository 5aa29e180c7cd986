//! `/api/auth/session` and `/api/auth/logout`, and the answer every sign-in gives: the session
//! cookie and the user.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{AppendHeaders, IntoResponse, Response},
    routing::{get, post},
};
use serde::Serialize;

use super::service::{self, CurrentUser, Device, SignedIn};
use crate::http::{error::ApiError, no_store, same_origin_json::SameOriginJson, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/logout", post(logout))
        .route("/api/auth/session", get(session))
}

#[derive(Serialize)]
struct UserBody {
    user: Option<CurrentUser>,
}

async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    if let Some(token) = state.cookies.read(&headers) {
        service::logout(&state.store, &token).await?;
    }
    Ok((
        StatusCode::OK,
        [(header::SET_COOKIE, state.cookies.clear())],
        no_store(),
        Json(UserBody { user: None }),
    )
        .into_response())
}

async fn session(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let user = match state.cookies.read(&headers) {
        Some(token) => service::current_user(&state.store, &token).await?,
        None => None,
    };
    Ok((no_store(), Json(UserBody { user })).into_response())
}

/// Sets the session cookie (and a new device cookie, when there is one) and answers with the
/// user.
pub fn signed_in_response(state: &AppState, status: StatusCode, signed_in: SignedIn) -> Response {
    let cookie = state.cookies.set(&signed_in.token, signed_in.remember);
    let device = signed_in
        .device_token
        .as_deref()
        .map(|token| state.cookies.set_device(token));
    let cookies = AppendHeaders(
        std::iter::once(cookie)
            .chain(device)
            .map(|cookie| (header::SET_COOKIE, cookie)),
    );
    (
        status,
        cookies,
        no_store(),
        Json(UserBody {
            user: Some(signed_in.user),
        }),
    )
        .into_response()
}

/// The browser a request comes from, for the session it may start.
pub fn device_of(headers: &HeaderMap) -> Device {
    Device::from_user_agent(
        headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok()),
    )
}
