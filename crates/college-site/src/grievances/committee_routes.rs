//! The committee's API (`/api/grievances`), for the grievance committee only: the queue with
//! its filters, a grievance opened whole (recorded in the audit log: who read it, when), and
//! what the committee does with it: refer it, keep a note, write to the student, set the
//! hearing, record the decision, close it. Each change is stored with its entry, its audit
//! entry and the student's mail in one transaction.

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::clock::Holidays;
use super::committee_changes::{ActInput, change_for, refused};
use super::committee_mails;
use super::committee_view::{summary, whole};
use super::domain::CATEGORIES;
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::{actor::StaffActor, guard::GrievanceCommittee},
    staff::limit::within_staff_limit,
    store::{
        AuditAction, Grievance, GrievanceQuery, GrievanceUpdate, NewGrievanceEntry, now_millis,
    },
};

pub const GRIEVANCES_API: &str = "/api/grievances";
const PAGE_SIZE: i64 = 50;
/// Entries one grievance keeps at most: a long hearing's worth of notes and messages.
pub const MAX_ENTRIES: usize = 300;
const WEEK_MS: i64 = 7 * 86_400_000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(GRIEVANCES_API, get(queue))
        .route(&format!("{GRIEVANCES_API}/{{number}}"), get(open))
        .route(
            &format!("{GRIEVANCES_API}/{{number}}/{{action}}"),
            post(act),
        )
}

fn unavailable(error: &(dyn std::error::Error + 'static)) -> ApiError {
    ApiError::unavailable_because(error)
}

#[derive(Debug, Deserialize, Default)]
#[serde(default)]
struct QueueParams {
    status: Option<String>,
    category: Option<String>,
    /// `overdue`, or `week`: due within seven days.
    due: Option<String>,
    page: Option<i64>,
}

async fn queue(
    State(state): State<AppState>,
    GrievanceCommittee(member): GrievanceCommittee,
    Query(params): Query<QueueParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &member)?;
    let now = now_millis();
    let status = params
        .status
        .filter(|status| status != "all" && !status.is_empty());
    let category = params
        .category
        .filter(|category| CATEGORIES.iter().any(|(value, _)| value == category));
    let query = GrievanceQuery {
        status,
        category,
        overdue: params.due.as_deref() == Some("overdue"),
        due_before: (params.due.as_deref() == Some("week")).then_some(now + WEEK_MS),
        now,
        offset: params.page.unwrap_or(0).clamp(0, 10_000) * PAGE_SIZE,
        limit: PAGE_SIZE,
    };
    let (grievances, total) = state
        .store
        .grievance_queue(&query)
        .await
        .map_err(|error| unavailable(&error))?;
    let listed: Vec<_> = grievances
        .iter()
        .map(|grievance| summary(grievance, now))
        .collect();
    Ok((
        no_store(),
        Json(json!({ "grievances": listed, "total": total, "pageSize": PAGE_SIZE })),
    )
        .into_response())
}

fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no-such-grievance",
        "There is no grievance with this number.",
    )
}

async fn grievance_named(state: &AppState, number: &str) -> Result<Grievance, ApiError> {
    state
        .store
        .grievance(number)
        .await
        .map_err(|error| unavailable(&error))?
        .ok_or_else(not_found)
}

async fn open(
    State(state): State<AppState>,
    GrievanceCommittee(member): GrievanceCommittee,
    ClientIp(ip): ClientIp,
    Path(number): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &member)?;
    let grievance = grievance_named(&state, &number).await?;
    let entries = state
        .store
        .grievance_entries(grievance.id, true)
        .await
        .map_err(|error| unavailable(&error))?;
    let actor = StaffActor::of(&state.store, &member, ip)
        .await
        .map_err(|error| unavailable(&error))?;
    // Who read it, and when, without a word of it.
    let viewed = actor.entry(AuditAction::GrievanceViewed, None, number.clone());
    state
        .store
        .record_audit(&viewed)
        .await
        .map_err(|error| unavailable(&error))?;
    let now = now_millis();
    Ok((
        no_store(),
        Json(json!({ "grievance": whole(grievance, entries, now) })),
    )
        .into_response())
}

async fn act(
    State(state): State<AppState>,
    GrievanceCommittee(member): GrievanceCommittee,
    ClientIp(ip): ClientIp,
    Path((number, action)): Path<(String, String)>,
    SameOriginJson(input): SameOriginJson<ActInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &member)?;
    let grievance = grievance_named(&state, &number).await?;
    let now = now_millis();
    let holidays = state
        .store
        .college_holidays()
        .await
        .map_err(|error| unavailable(&error))?;
    let holidays = Holidays::from_iso_days(holidays.iter().map(String::as_str));
    let (change, kind, body, tell_student) =
        change_for(&action, &input, &grievance, &holidays, now)?;
    let entries = state
        .store
        .grievance_entries(grievance.id, true)
        .await
        .map_err(|error| unavailable(&error))?;
    if entries.len() >= MAX_ENTRIES {
        return Err(refused(
            "text",
            format!("This grievance holds {MAX_ENTRIES} entries, the most it keeps."),
        ));
    }
    let actor = StaffActor::of(&state.store, &member, ip)
        .await
        .map_err(|error| unavailable(&error))?;
    let author_name = actor.name.clone().unwrap_or_else(|| actor.email.clone());
    let entry = NewGrievanceEntry {
        at: now,
        kind: kind.to_owned(),
        author_name,
        body,
    };
    let audit = actor.entry(
        AuditAction::GrievanceChanged,
        None,
        format!("{number}: {action}"),
    );
    let origin = state.site_origin.as_deref();
    let mails: Vec<_> = tell_student
        .map(|what| {
            committee_mails::to_student(
                &grievance,
                &state.config.contact_inbox,
                what,
                &change,
                origin,
            )
        })
        .into_iter()
        .collect();
    let update = GrievanceUpdate {
        change,
        entry: &entry,
        audit: Some(&audit),
        mails: &mails,
    };
    let changed = state
        .store
        .update_grievance(grievance.id, &update)
        .await
        .map_err(|error| unavailable(&error))?;
    if !changed {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "grievance-moved-on",
            "This grievance has moved on since you opened it: open it again to see where it stands.",
        ));
    }
    if !mails.is_empty() {
        state.outbox.mail_added();
    }
    open_again(&state, &number, now).await
}

async fn open_again(state: &AppState, number: &str, now: i64) -> Result<Response, ApiError> {
    let grievance = grievance_named(state, number).await?;
    let entries = state
        .store
        .grievance_entries(grievance.id, true)
        .await
        .map_err(|error| unavailable(&error))?;
    Ok((
        no_store(),
        Json(json!({ "grievance": whole(grievance, entries, now) })),
    )
        .into_response())
}
