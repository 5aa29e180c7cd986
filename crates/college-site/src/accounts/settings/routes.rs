//! `/account`, the account page, and `/api/account`, its API. Every call needs a valid session
//! (401 otherwise); changes are same-origin JSON like the rest of the accounts API, and the
//! sensitive ones (password, ending sessions, deletion) are held to the per-IP and per-account
//! limits.

use axum::{
    Json, Router,
    extract::State,
    http::{HeaderMap, StatusCode, Uri, header},
    response::{IntoResponse, Redirect, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::{
    data_download,
    service::{self as settings, EndedSession},
};
use crate::{
    accounts::{
        password::service::Proof,
        session::{
            service::{self, ActiveSession},
            signed_in::SignedInSession,
        },
    },
    http::{
        client_ip::ClientIp,
        error::ApiError,
        limits::{limit_sensitive, within},
        no_store,
        same_origin_json::SameOriginJson,
        state::AppState,
    },
    store::Account,
    web::assets,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/account", get(account_page))
        .route("/account/", get(account_page))
        .route("/api/account", get(overview))
        .route("/api/account/profile", post(update_profile))
        .route("/api/account/password", post(change_password))
        .route("/api/account/sessions/end", post(end_session))
        .route("/api/account/sessions/end-others", post(end_other_sessions))
        .route("/api/account/data", get(download_data))
        .route("/api/account/delete", post(delete_account))
}

/// Where a signed-out visitor of the account page signs in, to come back to it after.
const ACCOUNT_LOGIN_PATH: &str = "/login?returnTo=%2Faccount";

/// The name the data download is saved under.
const DATA_FILE_NAME: &str = "college-account-data.json";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ProfileBody {
    #[serde(default)]
    display_name: String,
    /// Null or empty clears it.
    #[serde(default)]
    mobile: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PasswordBody {
    #[serde(default)]
    current_password: String,
    #[serde(default)]
    new_password: String,
    /// A second factor's code, when the account has one.
    #[serde(default)]
    code: Option<String>,
}

#[derive(Deserialize)]
struct EndSessionBody {
    #[serde(default)]
    id: String,
}

/// `{}`: the call takes nothing, but only as a JSON object, like the others.
#[derive(Deserialize)]
struct NoFields {}

#[derive(Deserialize)]
struct DeleteBody {
    #[serde(default)]
    password: String,
    /// A second factor's code, when the account has one.
    #[serde(default)]
    code: Option<String>,
}

/// `/account`: the prerendered page for a signed-in visitor. Anyone else is sent to the login
/// page by the server, before any page is shown: the page's own script would do it only after
/// the page had painted and its scripts had loaded, so a phone would show the wrong page first
/// and load a second one.
async fn account_page(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    let session = match state.cookies.read(&headers) {
        Some(token) => service::current_session(&state.store, &token).await,
        None => Ok(None),
    };
    let mut response = match session {
        Ok(Some(_)) => assets::respond(uri.path(), &headers),
        Ok(None) => (no_store(), Redirect::to(ACCOUNT_LOGIN_PATH)).into_response(),
        // The page still loads, and says itself that the account cannot be had just now.
        Err(error) => {
            tracing::warn!(error = %crate::error_chain::Chain(&error), "account page: cannot look up the session");
            assets::respond(uri.path(), &headers)
        }
    };
    // The answer depends on the session cookie, so no cache may give one visitor's to another.
    response
        .headers_mut()
        .append(header::VARY, header::HeaderValue::from_static("Cookie"));
    response
}

async fn overview(
    State(state): State<AppState>,
    SignedInSession(active): SignedInSession,
) -> Result<Response, ApiError> {
    account_and_sessions(&state, &active, &active.account).await
}

async fn update_profile(
    State(state): State<AppState>,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<ProfileBody>,
) -> Result<Response, ApiError> {
    let mobile = body.mobile.as_deref().unwrap_or_default();
    settings::update_profile(&state.store, &active, &body.display_name, mobile).await?;
    let account = settings::account_view(&state.store, &active.account, &active.session).await?;
    Ok((no_store(), Json(json!({ "account": account }))).into_response())
}

async fn change_password(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<PasswordBody>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, client, &active.account.id)?;
    let account = settings::change_password(
        &state.store,
        &active,
        Proof::new(
            &state.config,
            Some(&body.current_password),
            body.code.as_deref(),
        ),
        &body.new_password,
        &state.config.contact_inbox,
    )
    .await?;
    state.outbox.mail_added();
    account_and_sessions(&state, &active, &account).await
}

async fn end_session(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<EndSessionBody>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, client, &active.account.id)?;
    match settings::end_session(&state.store, &active, &body.id).await? {
        Some(EndedSession::This) => Ok(signed_out(
            &state,
            json!({ "sessions": [], "signedOut": true }),
        )),
        Some(EndedSession::Other) => sessions_only(&state, &active).await,
        None => Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "session-not-found",
            "That session has already ended.",
        )),
    }
}

async fn end_other_sessions(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(NoFields {}): SameOriginJson<NoFields>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, client, &active.account.id)?;
    settings::end_other_sessions(&state.store, &active).await?;
    sessions_only(&state, &active).await
}

async fn download_data(
    State(state): State<AppState>,
    SignedInSession(active): SignedInSession,
) -> Result<Response, ApiError> {
    within(
        &state.download_limiter,
        &active.account.id,
        "too-many-downloads",
        |wait| {
            format!("You have downloaded your data several times just now. Try again in {wait}.")
        },
    )?;
    // Built a few at a time (see `DOWNLOADS_AT_ONCE`); the permit is let go once the body is
    // built and handed over.
    let _building = state
        .downloads
        .acquire()
        .await
        .map_err(|_| ApiError::unavailable())?;
    let data = data_download::account_data(&state.store, &active).await?;
    let body =
        serde_json::to_vec_pretty(&data).map_err(|error| ApiError::unavailable_because(&error))?;
    drop(data);
    Ok((
        no_store(),
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{DATA_FILE_NAME}\""),
            ),
        ],
        body,
    )
        .into_response())
}

async fn delete_account(
    State(state): State<AppState>,
    ClientIp(client): ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<DeleteBody>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, client, &active.account.id)?;
    settings::delete_account(
        &state.store,
        &active,
        Proof::new(&state.config, Some(&body.password), body.code.as_deref()),
        &state.config.contact_inbox,
    )
    .await?;
    state.outbox.mail_added();
    Ok(signed_out(&state, json!({ "user": null })))
}

/// `{"account", "sessions"}`, with `account` as it is now.
async fn account_and_sessions(
    state: &AppState,
    active: &ActiveSession,
    account: &Account,
) -> Result<Response, ApiError> {
    let view = settings::account_view(&state.store, account, &active.session).await?;
    let sessions = settings::sessions_of(&state.store, active).await?;
    Ok((
        no_store(),
        Json(json!({ "account": view, "sessions": sessions })),
    )
        .into_response())
}

async fn sessions_only(state: &AppState, active: &ActiveSession) -> Result<Response, ApiError> {
    let sessions = settings::sessions_of(&state.store, active).await?;
    Ok((no_store(), Json(json!({ "sessions": sessions }))).into_response())
}

/// The browser's session is over: its cookie is cleared.
fn signed_out(state: &AppState, body: serde_json::Value) -> Response {
    (
        [(header::SET_COOKIE, state.cookies.clear())],
        no_store(),
        Json(body),
    )
        .into_response()
}
