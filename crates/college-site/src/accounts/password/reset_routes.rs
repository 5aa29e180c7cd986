//! `/api/auth/password-reset`: ask for a link by mail, check a link, and set a new password
//! with it. Same-origin JSON, like the rest of the accounts API.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
};
use serde::Deserialize;
use serde_json::json;

use super::reset::{self as password_reset, ResetMail};
use crate::{
    accounts::{
        domain::Email,
        error::AccountError,
        session::routes::{device_of, signed_in_response},
    },
    http::{
        client_ip::ClientIp, error::ApiError, limits::limit_per_ip, no_store,
        same_origin_json::SameOriginJson, state::AppState,
    },
};

/// What the page says after a request, whether or not the email has an account.
pub const LINK_SENT_MESSAGE: &str = "If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/password-reset", post(request_link))
        .route("/api/auth/password-reset/check", post(check_link))
        .route("/api/auth/password-reset/confirm", post(confirm))
}

#[derive(Deserialize)]
struct RequestBody {
    #[serde(default)]
    email: String,
}

#[derive(Deserialize)]
struct CheckBody {
    #[serde(default)]
    token: String,
}

#[derive(Deserialize)]
struct ConfirmBody {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

async fn request_link(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SameOriginJson(body): SameOriginJson<RequestBody>,
) -> Result<Response, ApiError> {
    limit_per_ip(&state, client)?;
    let Some(site_origin) = state.site_origin.clone() else {
        tracing::error!("a password reset was asked for, but PUBLIC_URL is not set");
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "password-reset-unavailable",
            "Password reset by mail is not available on this website yet. Please contact the college office.",
        ));
    };
    let email = Email::parse(&body.email).map_err(AccountError::Invalid)?;
    // The work happens after the answer: an email with an account means more of it, and the
    // time taken must not tell who is registered.
    tokio::spawn(async move {
        let mail = ResetMail {
            site_origin: &site_origin,
            reply_to: &state.config.contact_inbox,
        };
        match password_reset::request_password_reset(&state.store, &email, mail).await {
            Ok(true) => state.outbox.mail_added(),
            Ok(false) => {}
            Err(error) => {
                tracing::error!(error = %crate::error_chain::Chain(&error), "cannot queue a password reset link")
            }
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        no_store(),
        Json(json!({ "message": LINK_SENT_MESSAGE })),
    )
        .into_response())
}

/// 200 while the link can be used; else the same 410 as setting a password with it would get.
async fn check_link(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SameOriginJson(body): SameOriginJson<CheckBody>,
) -> Result<Response, ApiError> {
    limit_per_ip(&state, client)?;
    password_reset::check_reset_link(&state.store, &body.token).await?;
    Ok((no_store(), Json(json!({ "valid": true }))).into_response())
}

async fn confirm(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<ConfirmBody>,
) -> Result<Response, ApiError> {
    limit_per_ip(&state, client)?;
    let signed_in = password_reset::reset_password(
        &state.store,
        &body.token,
        &body.password,
        device_of(&headers),
    )
    .await?;
    Ok(signed_in_response(&state, StatusCode::OK, signed_in))
}
