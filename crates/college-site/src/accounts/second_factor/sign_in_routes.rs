//! `/api/auth/second-factor`: the second step of a sign-in. The waiting sign-in's cookie and a
//! right code (from the app, or a recovery code) start the session, with the "Remember me"
//! chosen at the first step. A passkey or security key can answer instead (see
//! `passkeys::sign_in_routes`), ending the same way.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, header},
    response::{AppendHeaders, IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;
use serde_json::json;

use super::service::check_code;
use crate::{
    accounts::{
        error::AccountError,
        passkeys::sign_in::second_step_keys,
        session::{
            routes::device_of,
            service::{Device, SecondStep, start_session, user_of},
        },
        tokens::token_hash,
    },
    http::{
        client_ip::ClientIp, error::ApiError, limits::limit_sign_ins, no_store,
        same_origin_json::SameOriginJson, state::AppState,
    },
    metrics::{self, SignIn},
    store::{Account, PendingSignIn, now_millis},
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/auth/second-factor", get(ways_in).post(finish_sign_in))
}

#[derive(Deserialize)]
struct CodeBody {
    #[serde(default)]
    code: String,
}

/// `{"passkeys": bool}`: whether the waiting account can answer with a passkey or security
/// key, besides a code.
async fn ways_in(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    limit_sign_ins(&state, client)?;
    let (_, _, account) = waiting_sign_in(&state, &headers).await?;
    let passkeys = second_step_keys(&state.store, &account.id).await?;
    Ok((
        no_store(),
        Json(json!({ "passkeys": !passkeys.is_empty() })),
    )
        .into_response())
}

async fn finish_sign_in(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<CodeBody>,
) -> Result<Response, ApiError> {
    limit_sign_ins(&state, client)?;
    let (hash, waiting, account) = waiting_sign_in(&state, &headers).await?;
    let key = state.config.second_factor_key.as_ref();
    let checked = check_code(
        &state.store,
        key,
        &account,
        &body.code,
        &state.config.contact_inbox,
    )
    .await;
    if let Err(error) = checked {
        if matches!(
            error,
            AccountError::WrongCode | AccountError::CodesLocked { .. }
        ) {
            metrics::sign_in(SignIn::Failed, "second-factor");
            state.outbox.mail_added();
        }
        return Err(error.into());
    }
    start_waited_session(&state, &headers, &hash, waiting, &account, "second-factor").await
}

/// The sign-in this browser's waiting cookie names, not expired: its token's hash, the sign-in
/// and its account.
pub async fn waiting_sign_in(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<(String, PendingSignIn, Account), ApiError> {
    let expired = || ApiError::from(AccountError::SignInExpired);
    let token = state.cookies.read_waiting(headers).ok_or_else(expired)?;
    let hash = token_hash(&token);
    let store = &state.store;
    let waiting = store
        .pending_sign_in(&hash, now_millis())
        .await
        .map_err(AccountError::from)?
        .ok_or_else(expired)?;
    let account = store
        .account(&waiting.account_id)
        .await
        .map_err(AccountError::from)?
        .ok_or_else(expired)?;
    Ok((hash, waiting, account))
}

/// Starts the session a waiting sign-in was waiting for, its second step being done `how`,
/// with the "Remember me" chosen at the first step.
pub async fn start_waited_session(
    state: &AppState,
    headers: &HeaderMap,
    hash: &str,
    waiting: PendingSignIn,
    account: &Account,
    how: &'static str,
) -> Result<Response, ApiError> {
    let store = &state.store;
    // Two right answers racing: one session.
    if !store
        .take_pending_sign_in(hash)
        .await
        .map_err(AccountError::from)?
    {
        return Err(AccountError::SignInExpired.into());
    }
    let user = user_of(store, account).await.map_err(AccountError::from)?;
    let device = Device {
        user_agent: waiting.user_agent,
        ..device_of(headers)
    };
    let signed_in =
        start_session(store, user, waiting.remember, device, SecondStep::Passed).await?;
    metrics::sign_in(SignIn::Succeeded, how);
    tracing::info!(uid = %signed_in.user.uid, how, "signed in with a second factor");
    Ok((
        StatusCode::OK,
        AppendHeaders([
            (
                header::SET_COOKIE,
                state.cookies.set(&signed_in.token, signed_in.remember),
            ),
            (header::SET_COOKIE, state.cookies.clear_waiting()),
        ]),
        no_store(),
        Json(json!({ "user": signed_in.user })),
    )
        .into_response())
}
