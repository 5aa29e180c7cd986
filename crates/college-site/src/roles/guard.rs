//! One extractor per role, like the signed-in extractor: a route that takes [`Teacher`] runs
//! only for a signed-in account that holds the teacher role now.

use axum::{extract::FromRequestParts, http::StatusCode, http::request::Parts};

use crate::{
    accounts::session::{service::ActiveSession, signed_in::SignedInSession},
    http::{error::ApiError, state::AppState},
    store::Role,
};

/// A signed-in teacher. 401 when signed out, 403 without the role.
pub struct Teacher(pub ActiveSession);

impl FromRequestParts<AppState> for Teacher {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let SignedInSession(active) = SignedInSession::from_request_parts(parts, state).await?;
        require_role(state, &active, Role::Teacher).await?;
        Ok(Teacher(active))
    }
}

/// Refuses the request unless the account holds `role`.
async fn require_role(
    state: &AppState,
    active: &ActiveSession,
    role: Role,
) -> Result<(), ApiError> {
    match state.store.has_role(&active.account.id, role).await {
        Ok(true) => Ok(()),
        Ok(false) => Err(ApiError::new(
            StatusCode::FORBIDDEN,
            refusal_code(role),
            refusal_message(role),
        )),
        Err(error) => {
            tracing::warn!(%error, role = role.name(), "cannot check a role");
            Err(ApiError::unavailable())
        }
    }
}

fn refusal_code(role: Role) -> &'static str {
    match role {
        Role::Teacher => "not-a-teacher",
    }
}

fn refusal_message(role: Role) -> &'static str {
    match role {
        Role::Teacher => "This page is for teachers. Ask the college office if you teach here.",
    }
}
