//! `/api/account/passkeys`: the account page's passkeys and security keys. Adding one and
//! removing one need the identity check (password, and a code when two-step sign-in is on),
//! as every change to how the account signs in does.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;
use webauthn_rs::prelude::RegisterPublicKeyCredential;

use super::{
    relying_party::relying_party,
    service::{self, Kind, MAX_PASSKEYS},
};
use crate::{
    accounts::{
        second_factor::routes::{ProofBody, changed_by, owner_proved},
        session::{service::ActiveSession, signed_in::SignedInSession},
    },
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/account/passkeys", get(list).post(add))
        .route("/api/account/passkeys/challenge", post(challenge))
        .route("/api/account/passkeys/{id}/remove", post(remove))
}

#[derive(Deserialize)]
struct ChallengeBody {
    kind: Kind,
    #[serde(flatten)]
    proof: ProofBody,
}

#[derive(Deserialize)]
struct AddBody {
    token: String,
    #[serde(default)]
    name: String,
    credential: RegisterPublicKeyCredential,
}

/// `{"passkeys": [...], "max": 10}`.
async fn list(
    State(state): State<AppState>,
    SignedInSession(active): SignedInSession,
) -> Result<Response, ApiError> {
    list_answer(&state, &active, StatusCode::OK).await
}

/// After the identity check, the options for the browser to make a new credential.
async fn challenge(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<ChallengeBody>,
) -> Result<Response, ApiError> {
    owner_proved(&state, client, &active, &body.proof).await?;
    let plain_keys = body.kind == Kind::SecurityKey;
    let rp = relying_party(state.site_origin.as_deref(), &headers, plain_keys)?;
    let challenge = service::begin_adding(&state.store, &rp, &active.account, body.kind).await?;
    Ok((no_store(), Json(challenge)).into_response())
}

/// The browser's answer: the new credential is kept (201) and the owner mailed. Its limit is
/// the challenge's: each challenge, made after the identity check within the allowance of
/// sensitive changes, adds one passkey at most.
async fn add(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<AddBody>,
) -> Result<Response, ApiError> {
    let rp = relying_party(state.site_origin.as_deref(), &headers, false)?;
    let by = changed_by(&state, &active, client).await?;
    let new = service::NewPasskey {
        token: &body.token,
        name: &body.name,
        answer: &body.credential,
        with_second_step: active.session.second_step_at.is_some(),
    };
    service::finish_adding(&state.store, &rp, &active.account, new, &by).await?;
    state.outbox.mail_added();
    list_answer(&state, &active, StatusCode::CREATED).await
}

async fn remove(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    Path(id): Path<String>,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<ProofBody>,
) -> Result<Response, ApiError> {
    let by = owner_proved(&state, client, &active, &body).await?;
    service::remove(&state.store, &active.account, &id, &by).await?;
    state.outbox.mail_added();
    list_answer(&state, &active, StatusCode::OK).await
}

async fn list_answer(
    state: &AppState,
    active: &ActiveSession,
    status: StatusCode,
) -> Result<Response, ApiError> {
    let passkeys = service::list(&state.store, &active.account.id).await?;
    let body = json!({ "passkeys": passkeys, "max": MAX_PASSKEYS });
    Ok((status, no_store(), Json(body)).into_response())
}
