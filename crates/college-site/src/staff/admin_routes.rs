//! `/api/staff/audit` and `/api/staff/mail-health`: an admin's audit log and the health of
//! the mail, with a test mail to the admin's own address.

use axum::{
    Json, Router,
    extract::{Query, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use lettre::message::Mailbox;
use serde::Deserialize;
use serde_json::json;

use super::{
    bodies::AuditBody,
    domain::{PAGE_SIZE, parse_page},
    error::StaffError,
    limit::{within_staff_limit, within_test_mail_limit},
    service,
};
use crate::{
    accounts::domain::Email,
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    outbox::{Mailer, send_test_mail},
    roles::actor::StaffActor,
    roles::guard::Admin,
    store::{AuditAction, AuditQuery, now_millis},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/staff/audit", get(audit))
        .route("/api/staff/mail-health", get(mail_health))
        .route("/api/staff/mail-health/test", post(test_mail))
}

#[derive(Deserialize, Default)]
struct AuditParams {
    actor: Option<String>,
    action: Option<String>,
    page: Option<String>,
}

async fn audit(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(params): Query<AuditParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &admin)?;
    let person = match params.actor.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(raw) => Some(
            Email::parse(raw)
                .map_err(|_| StaffError::BadFilter {
                    field: "actor",
                    message: "Filter by a person's full email address.",
                })?
                .key()
                .to_owned(),
        ),
    };
    let action = match params.action.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(name) => Some(AuditAction::from_name(name).ok_or(StaffError::BadFilter {
            field: "action",
            message: "Choose one of the actions listed.",
        })?),
    };
    let page = parse_page(params.page.as_deref())?;
    let query = AuditQuery {
        person,
        action,
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
    };
    let (entries, total) = state
        .store
        .audit_page(&query)
        .await
        .map_err(StaffError::from)?;
    let entries: Vec<AuditBody> = entries.into_iter().map(AuditBody::from).collect();
    let actions: Vec<&str> = AuditAction::ALL.iter().map(|a| a.name()).collect();
    Ok((
        no_store(),
        Json(json!({
            "entries": entries, "total": total, "page": page, "pageSize": PAGE_SIZE,
            "actions": actions,
        })),
    )
        .into_response())
}

#[derive(Deserialize, Default)]
struct HealthParams {
    /// The start of the admin's day (Unix ms), from the browser, which knows its time zone;
    /// midnight UTC when absent or unlikely.
    since: Option<String>,
}

const DAY_MS: i64 = 86_400_000;

async fn mail_health(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(params): Query<HealthParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &admin)?;
    let now = now_millis();
    let since = params
        .since
        .as_deref()
        .and_then(|raw| raw.trim().parse::<i64>().ok())
        .filter(|since| (now - DAY_MS..=now).contains(since))
        .unwrap_or(now - now.rem_euclid(DAY_MS));
    let health = state
        .store
        .mail_health(since)
        .await
        .map_err(StaffError::from)?;
    let mailer = match Mailer::from_config(&state.config) {
        Ok(mailer) => mailer.describe(),
        Err(error) => error.to_string(),
    };
    let last_error = health
        .last_error
        .map(|(at, error)| json!({ "at": at, "error": error }));
    Ok((
        no_store(),
        Json(json!({
            "mailer": mailer,
            "waiting": health.waiting,
            "oldestWaitingAt": health.oldest_waiting_at,
            "sentToday": health.sent_since,
            "failedToday": health.failed_since,
            "failedTotal": health.failed_total,
            "lastError": last_error,
        })),
    )
        .into_response())
}

/// Sends a mail straight away to the admin's own address and answers with what the mail
/// server said.
async fn test_mail(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ClientIp(ip): ClientIp,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &admin)?;
    within_test_mail_limit(&state, &admin)?;
    let actor = StaffActor::of(&state.store, &admin, ip)
        .await
        .map_err(StaffError::from)?;
    let to: Result<Mailbox, String> = actor
        .email
        .parse()
        .map_err(|_| "your address cannot receive mail".to_owned());
    let result = match to {
        Ok(to) => send_test_mail(&state.config, to)
            .await
            .map_err(|error| error.to_string()),
        Err(error) => Err(error),
    };
    service::record_test_mail(&state.store, &actor, &result).await?;
    let body = match &result {
        Ok(()) => json!({ "sent": true, "to": actor.email }),
        Err(error) => json!({ "sent": false, "to": actor.email, "error": error }),
    };
    Ok((no_store(), Json(body)).into_response())
}
