//! `/api/staff/confirm` and `/api/staff/people/...`: an admin's view of the accounts, and the
//! changes to them. Every route takes [`Admin`]; granting or revoking a role and disabling an
//! account also need an identity check of this session within the last ten minutes.

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::{
    bodies::{ClassBody, PersonBody},
    domain::{PAGE_SIZE, parse_page, parse_search},
    error::StaffError,
    limit::within_staff_limit,
    service::{self, require_recent_identity},
};
use crate::{
    accounts::password::service::{Proof, confirm_identity},
    accounts::session::service::ActiveSession,
    http::{
        client_ip::ClientIp, error::ApiError, limits::limit_sensitive, no_store,
        same_origin_json::SameOriginJson, state::AppState,
    },
    roles::actor::StaffActor,
    roles::guard::Admin,
    store::now_millis,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/staff/confirm", post(confirm))
        .route("/api/staff/people", get(list))
        .route("/api/staff/people/{id}", get(one))
        .route("/api/staff/people/{id}/roles", post(change_role))
        .route(
            "/api/staff/people/{id}/grievance-chair",
            post(grievance_chair),
        )
        .route("/api/staff/people/{id}/sign-out", post(sign_out))
        .route("/api/staff/people/{id}/disable", post(disable))
        .route("/api/staff/people/{id}/enable", post(enable))
        .route(
            "/api/staff/people/{id}/second-factor/reset",
            post(reset_second_factor),
        )
}

/// How recently the admin must have confirmed who they are for a change.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Confirmed {
    /// Within the last ten minutes: a change that grants, takes away or locks out.
    Recently,
    /// At sign-in is enough.
    AnyTime,
}

/// What every change to a person starts with: the admin's allowance of staff requests, the
/// identity check the change needs, and the admin as the audit log names them.
async fn acting_admin(
    state: &AppState,
    admin: &ActiveSession,
    ip: std::net::IpAddr,
    confirmed: Confirmed,
) -> Result<StaffActor, ApiError> {
    within_staff_limit(state, admin)?;
    if confirmed == Confirmed::Recently {
        require_recent_identity(admin, now_millis())?;
    }
    Ok(StaffActor::of(&state.store, admin, ip)
        .await
        .map_err(StaffError::from)?)
}

fn person_answer(person: impl Into<PersonBody>) -> Response {
    (no_store(), Json(json!({ "person": person.into() }))).into_response()
}

#[derive(Deserialize)]
struct ConfirmBody {
    #[serde(default)]
    password: String,
    /// A second factor's code, when the account has one.
    #[serde(default)]
    code: Option<String>,
}

/// The identity check: the password again (or, without one, a recent sign-in). It lets this
/// session make an admin's guarded changes for ten minutes.
async fn confirm(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    SameOriginJson(body): SameOriginJson<ConfirmBody>,
) -> Result<Response, ApiError> {
    limit_sensitive(&state, ip, &admin.account.id)?;
    let proof = Proof::new(&state.config, Some(&body.password), body.code.as_deref());
    confirm_identity(&state.store, &admin, proof).await?;
    let now = now_millis();
    state
        .store
        .confirm_session_identity(&admin.token_hash, now)
        .await
        .map_err(StaffError::from)?;
    Ok((
        no_store(),
        Json(json!({ "confirmedUntil": now + super::domain::IDENTITY_WINDOW_MS })),
    )
        .into_response())
}

#[derive(Deserialize, Default)]
struct PeopleParams {
    q: Option<String>,
    page: Option<String>,
}

async fn list(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(params): Query<PeopleParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &admin)?;
    let text = parse_search(params.q.as_deref())?;
    let page = parse_page(params.page.as_deref())?;
    let (people, total) = state
        .store
        .people_page(text.as_deref(), (page - 1) * PAGE_SIZE, PAGE_SIZE)
        .await
        .map_err(StaffError::from)?;
    let people: Vec<PersonBody> = people.into_iter().map(PersonBody::from).collect();
    Ok((
        no_store(),
        Json(json!({ "people": people, "total": total, "page": page, "pageSize": PAGE_SIZE })),
    )
        .into_response())
}

async fn one(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &admin)?;
    let person = service::person(&state.store, &id).await?;
    let (taught, joined) = state
        .store
        .person_classes(&id)
        .await
        .map_err(StaffError::from)?;
    let mut body = serde_json::to_value(PersonBody::from(person)).unwrap_or_default();
    body["classes"] = json!({
        "taught": taught.into_iter().map(ClassBody::from).collect::<Vec<_>>(),
        "joined": joined.into_iter().map(ClassBody::from).collect::<Vec<_>>(),
    });
    Ok((no_store(), Json(json!({ "person": body }))).into_response())
}

#[derive(Deserialize)]
struct ChairBody {
    chair: bool,
}

/// Marks a member of the grievance committee as its chairperson, or unmarks them: a change
/// of who answers for the committee, guarded like a role.
async fn grievance_chair(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(body): SameOriginJson<ChairBody>,
) -> Result<Response, ApiError> {
    let actor = acting_admin(&state, &admin, ip, Confirmed::Recently).await?;
    let person = service::set_grievance_chair(&state.store, &actor, &id, body.chair).await?;
    Ok(person_answer(person))
}

#[derive(Deserialize)]
struct RoleBody {
    #[serde(default)]
    role: String,
    grant: bool,
}

async fn change_role(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(body): SameOriginJson<RoleBody>,
) -> Result<Response, ApiError> {
    let actor = acting_admin(&state, &admin, ip, Confirmed::Recently).await?;
    let person = service::change_role(&state.store, &actor, &id, &body.role, body.grant).await?;
    Ok(person_answer(person))
}

async fn sign_out(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    let actor = acting_admin(&state, &admin, ip, Confirmed::AnyTime).await?;
    let (person, ended) = service::sign_out_everywhere(&state.store, &actor, &id).await?;
    Ok((
        no_store(),
        Json(json!({ "person": PersonBody::from(person), "sessionsEnded": ended })),
    )
        .into_response())
}

async fn disable(
    state: State<AppState>,
    admin: Admin,
    ip: ClientIp,
    Path(id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    switch(state, admin, ip, id, true).await
}

async fn enable(
    state: State<AppState>,
    admin: Admin,
    ip: ClientIp,
    Path(id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    switch(state, admin, ip, id, false).await
}

/// Turns off a colleague's second factor, after the admin's recent identity check.
async fn reset_second_factor(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    let actor = acting_admin(&state, &admin, ip, Confirmed::Recently).await?;
    let reply_to = &state.config.contact_inbox;
    let person = service::reset_second_factor(&state.store, &actor, &id, reply_to).await?;
    state.outbox.mail_added();
    Ok(person_answer(person))
}

/// Disables or enables an account. Disabling needs a recent identity check; enabling gives
/// back only what an admin took, so it does not.
async fn switch(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    id: String,
    disabled: bool,
) -> Result<Response, ApiError> {
    // Enabling gives back only what an admin took, so it needs no fresh identity check.
    let confirmed = if disabled {
        Confirmed::Recently
    } else {
        Confirmed::AnyTime
    };
    let actor = acting_admin(&state, &admin, ip, confirmed).await?;
    let person = service::set_disabled(&state.store, &actor, &id, disabled).await?;
    Ok(person_answer(person))
}
