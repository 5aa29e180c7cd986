//! The signed-in session behind a request to the account page's API.

use std::net::IpAddr;

use axum::{extract::FromRequestParts, http::StatusCode, http::request::Parts};

use super::{
    routes::{ApiError, describe_wait, limit},
    service::{self, ActiveSession},
};
use crate::{app::AppState, rate_limit::retry_after_secs};

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

/// The limits on a sensitive change (email, password, deletion, ending sessions): the sign-in
/// limit of the connection, and the account's own, so neither many addresses nor one busy
/// address can hammer one account.
pub fn limit_sensitive(state: &AppState, client: IpAddr, account_id: &str) -> Result<(), ApiError> {
    limit(state, client)?;
    state
        .account_limiter
        .check(&account_id.to_owned())
        .map_err(|wait| {
            let seconds = retry_after_secs(wait);
            ApiError::too_many(
                "too-many-changes",
                format!(
                    "Too many changes to this account in a short time. Try again in {}.",
                    describe_wait(seconds)
                ),
                seconds,
            )
        })
}
