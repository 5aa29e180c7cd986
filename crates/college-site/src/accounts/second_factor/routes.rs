//! `/api/account/second-factor`: the account page's two-step sign-in. Setting one up is open
//! to a staff account that has none yet (it can reach nothing else), after the password; it
//! ends the account's other sessions and mails the owner. New recovery codes and turning the
//! factor off need the identity check, second factor included.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::service::{self, ChangedBy};
use crate::{
    accounts::{
        error::AccountError,
        password::service::{Proof, confirm_identity},
        session::{
            service::ActiveSession,
            signed_in::{AnySignedInSession, SignedInSession},
        },
    },
    http::{
        client_ip::ClientIp, error::ApiError, limits::limit_sensitive, no_store,
        same_origin_json::SameOriginJson, state::AppState,
    },
    roles::actor::StaffActor,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account/second-factor", get(status))
        .route("/api/account/second-factor/start", post(start))
        .route("/api/account/second-factor/confirm", post(confirm))
        .route(
            "/api/account/second-factor/recovery-codes",
            post(renew_codes),
        )
        .route("/api/account/second-factor/off", post(turn_off))
}

#[derive(Deserialize)]
struct CodeBody {
    #[serde(default)]
    code: String,
}

/// What the identity check asks for (see `password::service::Proof`).
#[derive(Deserialize)]
pub(crate) struct ProofBody {
    #[serde(default)]
    pub password: Option<String>,
    #[serde(default)]
    pub code: Option<String>,
}

async fn status(
    State(state): State<AppState>,
    AnySignedInSession(active): AnySignedInSession,
) -> Result<Response, ApiError> {
    status_answer(&state, &active, None).await
}

/// A new key, after the identity check (the password, or a sign-in in the last minutes for an
/// account without one): a session left open somewhere must not set up its own authenticator
/// on the account.
async fn start(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    AnySignedInSession(active): AnySignedInSession,
    SameOriginJson(body): SameOriginJson<ProofBody>,
) -> Result<Response, ApiError> {
    owner_proved(&state, client, &active, &body).await?;
    let key = state.config.second_factor_key.as_ref();
    let issuer = issuer(&state, &headers);
    let new_key = service::begin(&state.store, key, &active.account, &issuer).await?;
    Ok((no_store(), Json(json!({ "setup": new_key }))).into_response())
}

async fn confirm(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    AnySignedInSession(active): AnySignedInSession,
    SameOriginJson(body): SameOriginJson<CodeBody>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, client, &active.account.id)?;
    let key = state.config.second_factor_key.as_ref();
    let by = changed_by(&state, &active, client).await?;
    let codes = service::confirm(&state.store, key, &active, &body.code, &by).await?;
    state.outbox.mail_added();
    status_answer(&state, &active, Some(codes)).await
}

async fn renew_codes(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<ProofBody>,
) -> Result<Response, ApiError> {
    let by = owner_proved(&state, client, &active, &body).await?;
    let codes = service::renew_codes(&state.store, &active.account, &by).await?;
    state.outbox.mail_added();
    status_answer(&state, &active, Some(codes)).await
}

async fn turn_off(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<ProofBody>,
) -> Result<Response, ApiError> {
    let by = owner_proved(&state, client, &active, &body).await?;
    service::turn_off(&state.store, &active.account, &by, false).await?;
    state.outbox.mail_added();
    status_answer(&state, &active, None).await
}

/// The identity check (password and code) before the owner changes how they sign in, within
/// the limit of sensitive changes; then who is changing it.
pub(crate) async fn owner_proved(
    state: &AppState,
    client: std::net::IpAddr,
    active: &ActiveSession,
    body: &ProofBody,
) -> Result<ChangedBy, ApiError> {
    limit_sensitive(state, client, &active.account.id)?;
    let proof = Proof::new(
        &state.config,
        body.password.as_deref(),
        body.code.as_deref(),
    );
    confirm_identity(&state.store, active, proof).await?;
    changed_by(state, active, client).await
}

/// `{"status", "recoveryCodes"?}`: the codes only in the answer that made them.
async fn status_answer(
    state: &AppState,
    active: &ActiveSession,
    codes: Option<Vec<String>>,
) -> Result<Response, ApiError> {
    let key = state.config.second_factor_key.as_ref();
    let status = service::status(&state.store, key, &active.account).await?;
    let body = match codes {
        Some(codes) => json!({ "status": status, "recoveryCodes": codes }),
        None => json!({ "status": status }),
    };
    Ok((no_store(), Json(body)).into_response())
}

/// The owner, as the audit log names a staff member: "Name <email>".
pub(crate) async fn changed_by(
    state: &AppState,
    active: &ActiveSession,
    client: std::net::IpAddr,
) -> Result<ChangedBy, ApiError> {
    let actor = StaffActor::of(&state.store, active, client)
        .await
        .map_err(AccountError::from)?;
    Ok(ChangedBy {
        actor: actor.actor(),
        reply_to: state.config.contact_inbox.clone(),
    })
}

/// What the authenticator app calls this site: its public host, else the host asked for.
fn issuer(state: &AppState, headers: &HeaderMap) -> String {
    let host = state
        .site_origin
        .as_deref()
        .and_then(|origin| origin.split("://").nth(1).map(str::to_owned))
        .or_else(|| {
            headers
                .get(header::HOST)
                .and_then(|host| host.to_str().ok())
                .map(str::to_owned)
        })
        .unwrap_or_else(|| "College website".to_owned());
    // The issuer is shown beside the code and must not hold the label's colon: the port goes.
    let host = host.split(':').next().unwrap_or_default();
    host.chars().filter(|c| !c.is_control()).take(64).collect()
}
