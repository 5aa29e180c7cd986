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

use super::attachments;
use super::clock::Holidays;
use super::committee_changes::{ActInput, change_for, document_of, refused};
use super::committee_mails;
use super::committee_view::{summary, whole};
use super::domain::CATEGORIES;
use super::paths::GRIEVANCES_API;
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::{actor::StaffActor, guard::GrievanceCommittee},
    staff::limit::within_staff_limit,
    store::{
        AuditAction, Grievance, GrievanceEntry, GrievanceFileRow, GrievanceQuery, GrievanceUpdate,
        GrievanceUpdated, NewGrievanceEntry, now_millis,
    },
};

const PAGE_SIZE: i64 = 50;
/// Entries one grievance keeps at most: a long hearing's worth of notes and messages.
pub const MAX_ENTRIES: i64 = 300;
const WEEK_MS: i64 = 7 * 86_400_000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route(GRIEVANCES_API, get(queue))
        .route(&format!("{GRIEVANCES_API}/{{number}}"), get(open))
}

/// The committee's actions, whose message or decision may carry a document: their body limit
/// is larger. Only a member's body is read (the guard comes first).
pub fn file_router() -> Router<AppState> {
    Router::new()
        .route(
            &format!("{GRIEVANCES_API}/{{number}}/{{action}}"),
            post(act),
        )
        .route(
            &format!("{GRIEVANCES_API}/{{number}}/files/{{file}}"),
            get(super::file_download::committee_download),
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
    let chair = committee_mails::chair(&state.store)
        .await
        .map_err(|error| unavailable(&error))?;
    Ok((
        no_store(),
        Json(
            json!({ "grievances": listed, "total": total, "pageSize": PAGE_SIZE, "chair": chair }),
        ),
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
    let history = history_of(&state, &grievance).await?;
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
        Json(json!({ "grievance": whole(grievance, history, now) })),
    )
        .into_response())
}

/// The grievance's entries, notes included, and their files.
async fn history_of(
    state: &AppState,
    grievance: &Grievance,
) -> Result<(Vec<GrievanceEntry>, Vec<GrievanceFileRow>), ApiError> {
    let entries = state.store.grievance_entries(grievance.id, true);
    let files = state.store.grievance_files(grievance.id);
    let (entries, files) = tokio::try_join!(entries, files).map_err(|error| unavailable(&error))?;
    Ok((entries, files))
}

async fn act(
    State(state): State<AppState>,
    GrievanceCommittee(member): GrievanceCommittee,
    ClientIp(ip): ClientIp,
    Path((number, action)): Path<(String, String)>,
    SameOriginJson(mut input): SameOriginJson<ActInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &member)?;
    let grievance = grievance_named(&state, &number).await?;
    let now = now_millis();
    // Only a referral counts working days.
    let holidays = if action == "refer" {
        let days = state
            .store
            .college_holidays()
            .await
            .map_err(|error| unavailable(&error))?;
        Holidays::from_iso_days(days.iter().map(String::as_str))
    } else {
        Holidays::default()
    };
    let (change, kind, body, tell_student) =
        change_for(&action, &input, &grievance, &holidays, now)?;
    let files = document_of(&action, &mut input, state.config.uploads.max_file_bytes).await?;
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
        files: &files,
        bounds: attachments::bounds(state.config.uploads.budget_bytes),
        max_entries: MAX_ENTRIES,
    };
    let updated = state
        .store
        .update_grievance(grievance.id, &update)
        .await
        .map_err(|error| unavailable(&error))?;
    match updated {
        GrievanceUpdated::Done => {}
        GrievanceUpdated::MovedOn => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "grievance-moved-on",
                "This grievance has moved on since you opened it: open it again to see where it stands.",
            ));
        }
        GrievanceUpdated::Full => {
            return Err(refused(
                "text",
                format!("This grievance holds {MAX_ENTRIES} entries, the most it keeps."),
            ));
        }
        GrievanceUpdated::Files(refusal) => {
            return Err(refused("document", attachments::committee_refusal(refusal)));
        }
    }
    if !mails.is_empty() {
        state.outbox.mail_added();
    }
    open_again(&state, &number, now).await
}

async fn open_again(state: &AppState, number: &str, now: i64) -> Result<Response, ApiError> {
    let grievance = grievance_named(state, number).await?;
    let history = history_of(state, &grievance).await?;
    Ok((
        no_store(),
        Json(json!({ "grievance": whole(grievance, history, now) })),
    )
        .into_response())
}
