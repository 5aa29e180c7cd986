//! `/api/auth/passkey`: signing in with a passkey alone; and
//! `/api/auth/second-factor/passkey`: a passkey or security key as a sign-in's second step.
//! Each is a challenge for the browser, then its answer.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::post,
};
use serde::Deserialize;
use webauthn_rs::prelude::PublicKeyCredential;

use super::{relying_party::relying_party, sign_in};
use crate::{
    accounts::{
        error::AccountError,
        second_factor::sign_in_routes::{start_waited_session, waiting_sign_in},
        session::{
            routes::{device_of, signed_in_response},
            second_step,
            service::{SecondStep, start_session, user_of},
        },
    },
    http::{
        client_ip::ClientIp, error::ApiError, limits::limit_sign_ins, no_store,
        same_origin_json::SameOriginJson, state::AppState,
    },
    metrics::{self, SignIn},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/auth/passkey/challenge", post(sign_in_challenge))
        .route("/api/auth/passkey", post(finish_sign_in))
        .route(
            "/api/auth/second-factor/passkey/challenge",
            post(second_step_challenge),
        )
        .route("/api/auth/second-factor/passkey", post(finish_second_step))
}

#[derive(Deserialize)]
struct AnswerBody {
    token: String,
    credential: PublicKeyCredential,
    #[serde(default)]
    remember: bool,
}

async fn sign_in_challenge(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    limit_sign_ins(&state, client)?;
    let rp = relying_party(state.site_origin.as_deref(), &headers, false)?;
    let challenge = sign_in::begin_sign_in(&state.store, &rp).await?;
    Ok((no_store(), Json(challenge)).into_response())
}

/// A passkey checked its user: both factors at once, so the session starts, if the passkey was
/// added by a session that passed the second step.
async fn finish_sign_in(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<AnswerBody>,
) -> Result<Response, ApiError> {
    limit_sign_ins(&state, client)?;
    let rp = relying_party(state.site_origin.as_deref(), &headers, false)?;
    let (account, with_second_step) =
        match sign_in::finish_sign_in(&state.store, &rp, &body.token, &body.credential).await {
            Ok(found) => found,
            Err(error) => {
                metrics::sign_in(SignIn::Failed, "passkey");
                return Err(error.into());
            }
        };
    let store = &state.store;
    let user = user_of(store, &account).await.map_err(AccountError::from)?;
    let device = device_of(&headers);
    let signed_in = if with_second_step {
        start_session(store, user, body.remember, device, SecondStep::Passed).await?
    } else {
        // Added before the account had a factor, by whoever held its password then: a first
        // step, which the code follows where the account has a factor.
        second_step::sign_in(store, user, body.remember, device).await?
    };
    metrics::sign_in(SignIn::Succeeded, "passkey");
    tracing::info!(uid = %signed_in.user.uid, "signed in with a passkey");
    Ok(signed_in_response(&state, StatusCode::OK, signed_in))
}

async fn second_step_challenge(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    limit_sign_ins(&state, client)?;
    let (_, _, account) = waiting_sign_in(&state, &headers).await?;
    let rp = relying_party(state.site_origin.as_deref(), &headers, false)?;
    let challenge = sign_in::begin_second_step(&state.store, &rp, &account.id).await?;
    Ok((no_store(), Json(challenge)).into_response())
}

async fn finish_second_step(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<AnswerBody>,
) -> Result<Response, ApiError> {
    limit_sign_ins(&state, client)?;
    let (hash, waiting, account) = waiting_sign_in(&state, &headers).await?;
    let rp = relying_party(state.site_origin.as_deref(), &headers, false)?;
    let answered = sign_in::finish_second_step(
        &state.store,
        &rp,
        &account.id,
        &body.token,
        &body.credential,
    )
    .await;
    if let Err(error) = answered {
        metrics::sign_in(SignIn::Failed, "second-factor");
        return Err(error.into());
    }
    start_waited_session(
        &state,
        &headers,
        &hash,
        waiting,
        &account,
        "passkey-second-step",
    )
    .await
}
