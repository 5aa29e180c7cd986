//! The signed-in session behind a request to the account page's API.

use axum::{extract::FromRequestParts, http::StatusCode, http::request::Parts};

use super::service::{self, ActiveSession};
use crate::http::{error::ApiError, state::AppState};

/// The session cookie's valid session and its account; else the request is refused with 401.
pub struct SignedInSession(pub ActiveSession);

impl FromRequestParts<AppState> for SignedInSession {
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
            .map(SignedInSession)
            .ok_or_else(not_signed_in)
    }
}
