//! `/api/classes/...`: a student's side of classes. Joining asks for a code, so attempts are
//! limited per connection and per account: guessing codes stays hopeless.

use axum::{
    Json, Router,
    extract::{Path, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::service;
use crate::{
    accounts::session::signed_in::SignedInSession,
    http::{
        client_ip::ClientIp, error::ApiError, limits::within, no_store,
        same_origin_json::SameOriginJson, state::AppState,
    },
    store::JoinableClass,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/classes", get(list))
        .route("/api/classes/join", post(join))
        .route("/api/classes/join/{code}", get(preview))
        .route("/api/classes/{id}/leave", post(leave))
}

/// Takes one attempt at a code from the connection's and the account's allowances.
fn limit_attempts(state: &AppState, client: ClientIp, account_id: &str) -> Result<(), ApiError> {
    let say = |wait: &str| format!("Too many tries at join codes. Try again in {wait}.");
    within(
        &state.join_ip_limiter,
        &client.0.into(),
        "too-many-attempts",
        say,
    )?;
    within(
        &state.join_account_limiter,
        &account_id.to_owned(),
        "too-many-attempts",
        say,
    )
}

/// A class as a student sees it: its name and its teacher's, nothing else.
fn class_json(class: &JoinableClass) -> serde_json::Value {
    json!({
        "id": class.id,
        "name": class.name,
        "teacher": class.teacher_name.as_deref().unwrap_or("Your teacher"),
    })
}

async fn list(
    State(state): State<AppState>,
    SignedInSession(active): SignedInSession,
) -> Result<Response, ApiError> {
    let classes: Vec<serde_json::Value> = service::classes_joined(&state.store, &active.account.id)
        .await?
        .into_iter()
        .map(|class| {
            json!({
                "id": class.id,
                "name": class.name,
                "teacher": class.teacher_name.as_deref().unwrap_or("Your teacher"),
                "joinedAt": class.joined_at,
            })
        })
        .collect();
    Ok((no_store(), Json(json!({ "classes": classes }))).into_response())
}

async fn preview(
    State(state): State<AppState>,
    client: ClientIp,
    SignedInSession(active): SignedInSession,
    Path(code): Path<String>,
) -> Result<Response, ApiError> {
    let account_id = &active.account.id;
    limit_attempts(&state, client, account_id)?;
    let class = service::class_to_join(&state.store, &code).await?;
    let member = state
        .store
        .is_member(&class.id, account_id)
        .await
        .map_err(service_error)?;
    let body = json!({
        "class": class_json(&class),
        "member": member,
        "ownClass": class.teacher_id == *account_id,
    });
    Ok((no_store(), Json(body)).into_response())
}

#[derive(Deserialize)]
struct JoinBody {
    #[serde(default)]
    code: String,
}

async fn join(
    State(state): State<AppState>,
    client: ClientIp,
    SignedInSession(active): SignedInSession,
    SameOriginJson(body): SameOriginJson<JoinBody>,
) -> Result<Response, ApiError> {
    let account_id = &active.account.id;
    limit_attempts(&state, client, account_id)?;
    let class = service::join(&state.store, account_id, &body.code).await?;
    state.announce_progress_change();
    Ok((no_store(), Json(json!({ "class": class_json(&class) }))).into_response())
}

async fn leave(
    State(state): State<AppState>,
    SignedInSession(active): SignedInSession,
    Path(class_id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    service::leave(&state.store, &active.account.id, &class_id).await?;
    state.announce_progress_change();
    Ok((no_store(), Json(json!({ "left": true }))).into_response())
}

fn service_error(error: crate::store::StoreError) -> ApiError {
    super::error::ClassError::from(error).into()
}
