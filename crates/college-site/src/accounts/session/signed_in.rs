//! The signed-in session behind a request to the account page's API.

use axum::{extract::FromRequestParts, http::StatusCode, http::request::Parts};

use super::{
    second_step::must_set_up,
    service::{self, ActiveSession},
};
use crate::http::{error::ApiError, state::AppState};

/// The session cookie's valid session and its account; else the request is refused with 401.
/// An account that must set up a second factor and has not (staff) is refused with 403
/// `second-factor-required` here, so every signed-in route, and every role's, stays closed to
/// it until it does.
pub struct SignedInSession(pub ActiveSession);

/// A signed-in session, whether or not its account still has to set up a second factor: for
/// the routes that set one up.
pub struct AnySignedInSession(pub ActiveSession);

impl FromRequestParts<AppState> for AnySignedInSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let not_signed_in = || {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                "not-signed-in",
                "You are signed out. Sign in again to manage your account.",
            )
        };
        let token = state
            .cookies
            .read(&parts.headers)
            .ok_or_else(not_signed_in)?;
        service::current_session(&state.store, &token)
            .await?
            .map(AnySignedInSession)
            .ok_or_else(not_signed_in)
    }
}

impl FromRequestParts<AppState> for SignedInSession {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let AnySignedInSession(active) =
            AnySignedInSession::from_request_parts(parts, state).await?;
        let set_up_first = must_set_up(&state.store, &active)
            .await
            .map_err(|error| ApiError::unavailable_because(&error))?;
        if set_up_first {
            return Err(second_factor_required());
        }
        Ok(SignedInSession(active))
    }
}

/// The refusal of every signed-in route to a staff account without a second factor.
pub fn second_factor_required() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "second-factor-required",
        "Staff accounts sign in in two steps. Set up two-step sign-in on your account page first.",
    )
}
