//! The email part of the account API: send a link again, change the email, and use a link.
//! Same-origin JSON, like the rest of the accounts API; the link's page needs no session, as
//! it may be opened in another browser.

use axum::{
    Json, Router,
    extract::State,
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::post,
};
use serde::Deserialize;
use serde_json::json;

use super::verification::{self as email_verification, EmailError, LinkMail};
use crate::{
    accounts::{password::service::Proof, session::signed_in::SignedInSession},
    http::{
        client_ip::ClientIp,
        error::ApiError,
        limits::{limit_per_ip, limit_sensitive},
        no_store,
        same_origin_json::SameOriginJson,
        state::AppState,
    },
};

/// What the page says after "Send the link again", whatever happened: a new link, none because
/// of the limit, or none because there is nothing to confirm.
pub const RESEND_MESSAGE: &str = "If an email address of yours is waiting to be confirmed, we have sent a new link to it. The link works for 24 hours. If no mail arrives within a few minutes, look in your spam folder.";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account/email", post(change_email))
        .route("/api/account/email/resend", post(resend))
        .route("/api/auth/verify-email", post(verify))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ChangeBody {
    #[serde(default)]
    new_email: String,
    #[serde(default)]
    password: Option<String>,
    /// A second factor's code, when the account has one.
    #[serde(default)]
    code: Option<String>,
}

#[derive(Deserialize)]
struct VerifyBody {
    #[serde(default)]
    token: String,
}

impl From<EmailError> for ApiError {
    fn from(error: EmailError) -> Self {
        match error {
            EmailError::LinkInvalid => Self::new(
                StatusCode::GONE,
                "verification-link-invalid",
                error.to_string(),
            ),
            EmailError::EmailTaken => Self::new(
                StatusCode::CONFLICT,
                "email-already-in-use",
                error.to_string(),
            ),
            // The oldest link leaves the window within the hour.
            EmailError::TooManyLinks => Self::too_many("too-many-links", error.to_string(), 3600),
            EmailError::Account(error) => error.into(),
        }
    }
}

/// Queues the verification mail of a new account. The work happens after the answer, as for a
/// reset link, so registering never waits for it.
pub fn send_registration_link(state: &AppState, account_id: String) {
    let Some(site_origin) = state.site_origin.clone() else {
        tracing::warn!(uid = %account_id, "no verification mail: the site's address is unknown (set PUBLIC_URL)");
        return;
    };
    let state = state.clone();
    tokio::spawn(async move {
        let mail = LinkMail {
            site_origin: &site_origin,
            reply_to: &state.config.contact_inbox,
        };
        match email_verification::send_registration_link(&state.store, &account_id, mail).await {
            Ok(true) => state.outbox.mail_added(),
            Ok(false) => {}
            Err(error) => {
                tracing::error!(uid = %account_id, error = %crate::error_chain::Chain(&error), "cannot queue a verification link");
            }
        }
    });
}

async fn resend(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    limit_per_ip(&state, client)?;
    let site_origin = site_origin(&state)?;
    let mail = LinkMail {
        site_origin: &site_origin,
        reply_to: &state.config.contact_inbox,
    };
    if email_verification::resend(&state.store, &active, mail).await? {
        state.outbox.mail_added();
    }
    Ok((
        StatusCode::ACCEPTED,
        no_store(),
        Json(json!({ "message": RESEND_MESSAGE })),
    )
        .into_response())
}

async fn change_email(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<ChangeBody>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, client, &active.account.id)?;
    let site_origin = site_origin(&state)?;
    let mail = LinkMail {
        site_origin: &site_origin,
        reply_to: &state.config.contact_inbox,
    };
    let email = email_verification::request_email_change(
        &state.store,
        &active,
        &body.new_email,
        Proof::new(
            &state.config,
            body.password.as_deref(),
            body.code.as_deref(),
        ),
        mail,
    )
    .await?;
    state.outbox.mail_added();
    let message = format!(
        "We have sent a link to {}. Open it within 24 hours to start using that address. Until then, keep signing in with your current address.",
        email.as_str()
    );
    Ok((
        StatusCode::ACCEPTED,
        no_store(),
        Json(json!({ "message": message, "pendingEmail": email.as_str() })),
    )
        .into_response())
}

async fn verify(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SameOriginJson(body): SameOriginJson<VerifyBody>,
) -> Result<Response, ApiError> {
    limit_per_ip(&state, client)?;
    let (email, changed) =
        email_verification::verify_email(&state.store, &body.token, &state.config.contact_inbox)
            .await?;
    if changed {
        state.outbox.mail_added();
    }
    Ok((
        no_store(),
        Json(json!({ "email": email, "changed": changed })),
    )
        .into_response())
}

/// Links in mails need the site's own address; without it, none are offered.
fn site_origin(state: &AppState) -> Result<std::sync::Arc<str>, ApiError> {
    state.site_origin.clone().ok_or_else(|| {
        tracing::error!("an email link was asked for, but PUBLIC_URL is not set");
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "email-verification-unavailable",
            "Confirming email addresses by mail is not available on this website yet. Please contact the college office.",
        )
    })
}
