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

use super::service::{self, CurrentUser, Device, SignInStep, SignedIn};
use crate::accounts::tokens::token_hash;
use crate::http::{error::ApiError, no_store, same_origin_json::SameOriginJson, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/logout", post(logout))
        .route("/api/auth/session", get(session))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UserBody {
    user: Option<CurrentUser>,
    /// The sign-in waits for its second factor.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    second_factor: bool,
}

async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    if let Some(token) = state.cookies.read(&headers) {
        service::logout(&state.store, &token).await?;
    }
    // A sign-in waiting for its code is given up too.
    if let Some(token) = state.cookies.read_waiting(&headers) {
        state
            .store
            .take_pending_sign_in(&token_hash(&token))
            .await
            .map_err(|error| ApiError::unavailable_because(&error))?;
    }
    Ok((
        StatusCode::OK,
        AppendHeaders([
            (header::SET_COOKIE, state.cookies.clear()),
            (header::SET_COOKIE, state.cookies.clear_waiting()),
        ]),
        no_store(),
        Json(UserBody {
            user: None,
            second_factor: false,
        }),
    )
        .into_response())
}

async fn session(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let user = match state.cookies.read(&headers) {
        Some(token) => service::current_user(&state.store, &token).await?,
        None => None,
    };
    Ok((
        no_store(),
        Json(UserBody {
            user,
            second_factor: false,
        }),
    )
        .into_response())
}

/// Sets the session cookie (and a new device cookie, when there is one) and answers with the
/// user; for an account with a second factor, sets the waiting sign-in's cookie instead and
/// answers `{"user": null, "secondFactor": true}`, which sends the page to ask for the code.
pub fn signed_in_response(state: &AppState, status: StatusCode, signed_in: SignedIn) -> Response {
    let waiting = signed_in.step == SignInStep::SecondFactor;
    let cookie = if waiting {
        state.cookies.set_waiting(&signed_in.token)
    } else {
        state.cookies.set(&signed_in.token, signed_in.remember)
    };
    let device = signed_in
        .device_token
        .as_deref()
        .map(|token| state.cookies.set_device(token));
    let cookies = AppendHeaders(
        std::iter::once(cookie)
            .chain(device)
            .map(|cookie| (header::SET_COOKIE, cookie)),
    );
    let body = if waiting {
        UserBody {
            user: None,
            second_factor: true,
        }
    } else {
        UserBody {
            user: Some(signed_in.user),
            second_factor: false,
        }
    };
    (status, cookies, no_store(), Json(body)).into_response()
}

/// The browser a request comes from, for the session it may start.
pub fn device_of(headers: &HeaderMap) -> Device {
    Device::from_user_agent(
        headers
            .get(header::USER_AGENT)
            .and_then(|value| value.to_str().ok()),
    )
}
