//! `GET /api/teach/classes/{id}/events`: the teacher's open class view, kept up to date with
//! server-sent events.
//!
//! Each open view polls a change feed: the version of every student's progress in the class
//! (`progress_activity.version`, moved by every save a teacher would see). Comparing versions
//! with the last poll tells who joined, who left and whose row changed, wherever the change
//! was saved: a student and their teacher may be served by different instances on one
//! PostgreSQL. A save on this instance wakes the views at once; changes saved by another
//! instance are found by the next poll, at most [`POLL_EVERY`] later. The poll reads one
//! indexed row per student (500 at most), so it stays cheap; the rows it sends are read only
//! for the students whose version moved.

use std::{
    collections::{HashMap, VecDeque},
    convert::Infallible,
    time::Duration,
};

use axum::{
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{
        IntoResponse, Response,
        sse::{Event, KeepAlive, Sse},
    },
};
use futures_util::stream::{self, Stream};
use serde_json::json;
use tokio::sync::watch;

use super::{service, table::StudentRows, teach_limit::within_teach_limit};
use crate::{
    http::{error::ApiError, state::AppState},
    rate_limit::OpenSlot,
    roles::guard::Teacher,
    store::{MemberStamp, Role, StoreError, now_millis},
    web::assets,
};

/// How often an open view looks for changes saved by other server instances.
pub const POLL_EVERY: Duration = Duration::from_secs(1);
/// Live views one account may hold open at once on one server (a few tabs).
pub const LIVE_VIEWS_PER_ACCOUNT: usize = 6;
const KEEP_ALIVE_EVERY: Duration = Duration::from_secs(20);

pub async fn events(
    State(state): State<AppState>,
    teacher: Teacher,
    Path(class_id): Path<String>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let Teacher(active) = teacher;
    service::class_of(&state.store, &teacher_id, &class_id).await?;
    let slot = state.live_views.open(&teacher_id).ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too-many-live-views",
            "Your classes are open in too many tabs. Close some, then reload this page.",
        )
    })?;
    let stamps = state
        .store
        .member_stamps(&class_id)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    let view = LiveView {
        changed: state.progress_changed.subscribe(),
        state,
        session_hash: active.token_hash,
        teacher_id,
        class_id,
        versions: versions(stamps),
        pending: VecDeque::new(),
        _slot: slot,
    };
    let mut response = Sse::new(view.into_stream())
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE_EVERY))
        .into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    // Proxies such as nginx buffer answers unless told not to: events would arrive late.
    headers.insert("x-accel-buffering", HeaderValue::from_static("no"));
    Ok(response)
}

/// One open view of a class.
struct LiveView {
    state: AppState,
    changed: watch::Receiver<u64>,
    /// The session that opened the view: when it ends (logout), so does the view.
    session_hash: String,
    teacher_id: String,
    class_id: String,
    /// The version of each student's progress the view has shown.
    versions: HashMap<String, i64>,
    /// Events found by the last poll, not yet sent.
    pending: VecDeque<Event>,
    _slot: OpenSlot,
}

impl LiveView {
    fn into_stream(self) -> impl Stream<Item = Result<Event, Infallible>> {
        stream::unfold(self, |mut view| async move {
            loop {
                if let Some(event) = view.pending.pop_front() {
                    return Some((Ok(event), view));
                }
                tokio::select! {
                    () = view.state.shutdown.cancelled() => return None,
                    _ = view.changed.changed() => {}
                    () = tokio::time::sleep(POLL_EVERY) => {}
                }
                match view.poll().await {
                    Ok(true) => {}
                    // The teacher's session, role or class is gone: the view ends, and the
                    // page's reconnection meets the refusal.
                    Ok(false) => return None,
                    Err(error) => {
                        tracing::warn!(error = %crate::error_chain::Chain(&error), "live class view: cannot poll")
                    }
                }
            }
        })
    }

    /// Looks for changes and queues their events; false when the view must end.
    async fn poll(&mut self) -> Result<bool, StoreError> {
        let store = &self.state.store;
        let Some(session) = store.session(&self.session_hash).await? else {
            return Ok(false);
        };
        if session.expires_at <= now_millis()
            || !store.has_role(&self.teacher_id, Role::Teacher).await?
            || store
                .class_of_teacher(&self.teacher_id, &self.class_id)
                .await?
                .is_none()
        {
            return Ok(false);
        }
        let now = versions(store.member_stamps(&self.class_id).await?);
        for (student, version) in &now {
            if self.versions.get(student) == Some(version) {
                continue;
            }
            let progress = store.class_progress(&self.class_id, Some(student)).await?;
            let rows = StudentRows::new(progress, &assets::lesson_titles());
            // Gone between the two reads: the next poll sends "left".
            if rows.students.is_empty() {
                continue;
            }
            let data = json!({ "lessons": rows.lessons, "student": rows.students[0] });
            self.pending
                .push_back(Event::default().event("student").data(data.to_string()));
        }
        for student in self.versions.keys() {
            if !now.contains_key(student) {
                let data = json!({ "id": student });
                self.pending
                    .push_back(Event::default().event("left").data(data.to_string()));
            }
        }
        self.versions = now;
        Ok(true)
    }
}

fn versions(stamps: Vec<MemberStamp>) -> HashMap<String, i64> {
    stamps
        .into_iter()
        .map(|stamp| (stamp.account_id, stamp.version))
        .collect()
}
