//! `/api/staff/summary` and `/api/staff/messages/...`: the office's inbox. Every message route
//! takes [`Office`], which checks the role in the store on every request; the summary takes
//! [`StaffMember`], as every staff page reads it.

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::{
    bodies::MessageBody,
    domain::{InboxParams, PAGE_SIZE},
    error::StaffError,
    limit::within_staff_limit,
    service,
};
use crate::{
    content::disclosure::standing::attention_count,
    dates,
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::actor::StaffActor,
    roles::guard::{Office, StaffMember},
    store::{GrievanceQuery, InboxMessage, Role, now_millis},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/staff/summary", get(summary))
        .route("/api/staff/messages", get(list))
        .route("/api/staff/messages/{id}", get(open))
        .route("/api/staff/messages/{id}/status", post(set_status))
        .route("/api/staff/messages/{id}/resend", post(resend))
        .route("/api/staff/messages/{id}/notes", post(add_note))
        .route("/api/staff/messages.csv", get(super::export::messages_csv))
}

/// A message id from the path; anything else names no message.
fn message_id(raw: &str) -> Result<i64, StaffError> {
    raw.parse().map_err(|_| StaffError::UnknownMessage)
}

/// The message as it is now, with its notes.
async fn message_answer(state: &AppState, message: InboxMessage) -> Result<Response, ApiError> {
    let notes = state
        .store
        .inbox_notes(message.id)
        .await
        .map_err(StaffError::from)?;
    let body = MessageBody::full(message, notes);
    Ok((no_store(), Json(json!({ "message": body }))).into_response())
}

/// Who is in the staff area and what it shows them. An editor without the office role gets
/// no figures of the inbox they cannot open.
async fn summary(State(state): State<AppState>, member: StaffMember) -> Result<Response, ApiError> {
    within_staff_limit(&state, &member.session)?;
    let reads_inbox = member
        .roles
        .iter()
        .any(|role| matches!(role, Role::Office | Role::Admin));
    let (new_messages, failed_mail, due_calls) = if reads_inbox {
        let today = dates::college_iso_day(now_millis());
        state
            .store
            .inbox_counts(&today)
            .await
            .map_err(StaffError::from)?
    } else {
        (0, 0, 0)
    };
    // How many grievances are overdue, as a number only: an admin sees that the clock is
    // slipping without reading a grievance.
    let counts_grievances = member
        .roles
        .iter()
        .any(|role| matches!(role, Role::Admin | Role::GrievanceCommittee));
    let overdue_grievances = if counts_grievances {
        let overdue = GrievanceQuery {
            status: Some("open".to_owned()),
            overdue: true,
            now: now_millis(),
            ..GrievanceQuery::default()
        };
        state
            .store
            .grievance_queue(&overdue)
            .await
            .map_err(StaffError::from)?
            .1
    } else {
        0
    };
    // The disclosure's items never published or needing review: what the regulator would
    // find missing or stale, for the admin and the editors who fix it.
    let counts_disclosure = member
        .roles
        .iter()
        .any(|role| matches!(role, Role::Admin | Role::Editor));
    let disclosure_attention = if counts_disclosure {
        state
            .disclosure_attention
            .get_or_work_out(&state.store, || attention_count(&state.store))
            .await
            .map_err(StaffError::from)?
    } else {
        0
    };
    Ok((
        no_store(),
        Json(json!({
            "roles": member.roles,
            "disclosureAttention": disclosure_attention,
            "newMessages": new_messages,
            "failedMail": failed_mail,
            "dueCalls": due_calls,
            "overdueGrievances": overdue_grievances,
        })),
    )
        .into_response())
}

async fn list(
    State(state): State<AppState>,
    office: Office,
    Query(params): Query<InboxParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &office.session)?;
    let (query, page) = params.parse()?;
    let (messages, total) = state
        .store
        .inbox_page(&query)
        .await
        .map_err(StaffError::from)?;
    let messages: Vec<MessageBody> = messages.into_iter().map(MessageBody::summary).collect();
    let courses = state
        .store
        .enquiry_courses()
        .await
        .map_err(StaffError::from)?;
    Ok((
        no_store(),
        Json(json!({
            "messages": messages,
            "total": total,
            "page": page,
            "pageSize": PAGE_SIZE,
            "courses": courses,
        })),
    )
        .into_response())
}

async fn open(
    State(state): State<AppState>,
    office: Office,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &office.session)?;
    let message = service::open_message(&state.store, message_id(&id)?).await?;
    message_answer(&state, message).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StatusBody {
    #[serde(default)]
    status: String,
    /// An enquiry's day to call again, with the status `follow-up`.
    #[serde(default)]
    follow_up_on: Option<String>,
}

async fn set_status(
    State(state): State<AppState>,
    office: Office,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(body): SameOriginJson<StatusBody>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &office.session)?;
    let id = message_id(&id)?;
    let actor = StaffActor::of(&state.store, &office.session, ip)
        .await
        .map_err(StaffError::from)?;
    let message = service::set_status(
        &state.store,
        &actor,
        id,
        &body.status,
        body.follow_up_on.as_deref(),
    )
    .await?;
    message_answer(&state, message).await
}

async fn resend(
    State(state): State<AppState>,
    office: Office,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &office.session)?;
    let id = message_id(&id)?;
    let actor = StaffActor::of(&state.store, &office.session, ip)
        .await
        .map_err(StaffError::from)?;
    let message = service::resend(&state.store, &actor, id).await?;
    state.outbox.mail_added();
    message_answer(&state, message).await
}

#[derive(Deserialize)]
struct NoteInput {
    #[serde(default)]
    text: String,
}

async fn add_note(
    State(state): State<AppState>,
    office: Office,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(input): SameOriginJson<NoteInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &office.session)?;
    let id = message_id(&id)?;
    let actor = StaffActor::of(&state.store, &office.session, ip)
        .await
        .map_err(StaffError::from)?;
    service::add_note(&state.store, &actor, id, &input.text).await?;
    let message = service::reread_message(&state.store, id).await?;
    message_answer(&state, message).await
}
