//! `GET /api/staff/messages.csv`: the inbox as filtered (the same query as the list, every
//! page of it, up to [`EXPORT_MAX`] rows), as CSV for the admissions desk. Streamed: a task
//! reads the rows a chunk at a time and hands the lines on through a short queue, so an export
//! of thousands of rows never holds them all.

use axum::{
    body::{Body, Bytes},
    extract::{Query, State},
    http::header,
    response::{IntoResponse, Response},
};
use futures_util::StreamExt;

use super::{domain::InboxParams, error::StaffError, limit::within_staff_limit};
use crate::{
    csv::csv_line,
    dates,
    error_chain::Chain,
    http::{error::ApiError, state::AppState},
    roles::guard::Office,
    store::{InboxMessage, now_millis},
};

/// The most rows one export holds.
pub const EXPORT_MAX: i64 = 50_000;
/// Bytes gathered before they are sent on.
const CHUNK_BYTES: usize = 64 * 1024;

const HEADER: [&str; 12] = [
    "Received",
    "Kind",
    "Course",
    "Name",
    "Phone",
    "Email",
    "Studies now",
    "When to call",
    "Status",
    "Call again on",
    "Subject",
    "Message",
];

fn line(message: &InboxMessage) -> String {
    let received = dates::college_date_time(message.created_at);
    let cells = [
        received.as_str(),
        &message.kind,
        message.course.as_deref().unwrap_or_default(),
        &message.name,
        message.phone.as_deref().unwrap_or_default(),
        &message.email,
        message.current_study.as_deref().unwrap_or_default(),
        message.call_time.as_deref().unwrap_or_default(),
        &message.status,
        message.follow_up_on.as_deref().unwrap_or_default(),
        &message.subject,
        &message.message,
    ];
    csv_line(cells.into_iter())
}

pub async fn messages_csv(
    State(state): State<AppState>,
    office: Office,
    Query(params): Query<InboxParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &office.session)?;
    let (mut query, _) = params.parse()?;
    query.offset = 0;
    query.limit = EXPORT_MAX;
    let (sender, receiver) = tokio::sync::mpsc::channel::<Result<Bytes, StaffError>>(4);
    let store = state.store.clone();
    tokio::spawn(async move {
        let mut rows = store.inbox_rows(&query);
        let mut chunk = csv_line(HEADER.into_iter());
        while let Some(row) = rows.next().await {
            match row {
                Ok(message) => chunk.push_str(&line(&message)),
                Err(error) => {
                    // The download ends short; the browser reports it failed.
                    tracing::error!(error = %Chain(&error), "an inbox export stopped");
                    let _ = sender.send(Err(StaffError::from(error))).await;
                    return;
                }
            }
            if chunk.len() >= CHUNK_BYTES
                && sender
                    .send(Ok(Bytes::from(std::mem::take(&mut chunk))))
                    .await
                    .is_err()
            {
                // The download was cancelled.
                return;
            }
        }
        let _ = sender.send(Ok(Bytes::from(chunk))).await;
    });
    let body = futures_util::stream::unfold(receiver, |mut receiver| async move {
        receiver.recv().await.map(|item| (item, receiver))
    });
    let name = format!("inbox-{}.csv", dates::compact_iso_8601(now_millis()));
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        Body::from_stream(body),
    )
        .into_response())
}
