//! `/api/progress`: read and save the signed-in student's progress.
//!
//! Saves are same-origin JSON like the accounts API. They are not counted against the sign-in
//! limit: a student's browser saves in the background as they work.

use std::collections::BTreeMap;

use axum::{
    Json, Router,
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::{Deserialize, Serialize};

use super::{
    limits::ACCOUNT_LIMITS,
    rules::{self, ProgressError, SaveContext, WriteInput},
    tutorial,
};
use crate::{
    accounts::session::{second_step::must_set_up, service, signed_in::second_factor_required},
    http::{
        error::ApiError, limits::within, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    store::{Account, OtherVersion, Progress, SaveOutcome, SavedFile, StoreError, now_millis},
};

pub fn router() -> Router<AppState> {
    Router::new().route("/api/progress", get(read).post(save))
}

#[derive(Deserialize)]
struct ReadQuery {
    lesson: Option<String>,
    /// The account the page reads for: see [`for_this_account`].
    account: Option<String>,
}

/// Every mark and pass, and the saved files of the lesson asked for.
#[derive(Serialize)]
struct ProgressBody {
    lessons: BTreeMap<String, MarkBody>,
    passes: BTreeMap<String, PassBody>,
    files: Vec<FileBody>,
}

/// A lesson's mark, as the API and the data download show it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct MarkBody {
    pub done: bool,
    pub changed_at: i64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PassBody {
    passed_at: i64,
}

/// A saved file, as the API and the data download show it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct FileBody {
    lesson: String,
    demo: String,
    file: String,
    code: Option<String>,
    base: String,
    edited_at: i64,
    other: Option<OtherBody>,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OtherBody {
    code: String,
    edited_at: i64,
}

/// The stored version of each file a save named, so a browser whose edit lost learns the
/// newer one.
#[derive(Serialize)]
struct SavedBody {
    files: Vec<FileBody>,
}

/// `GET /api/progress?lesson=...&account=...`: what a lesson's page needs when it opens.
async fn read(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<ReadQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let account_id = signed_in_account(&state, &headers).await?.id;
    // 422 like an invalid save, so that a browser tells input refusals one way.
    let bad_query =
        |message: String| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid-input", message);
    let Query(query) = query.map_err(|rejection| bad_query(rejection.body_text()))?;
    for_this_account(&account_id, query.account.as_deref())?;
    let lesson = query
        .lesson
        .as_deref()
        .map(rules::parse_lesson)
        .transpose()
        .map_err(|error| bad_query(error.to_string()))?;
    let progress = state
        .store
        .progress(&account_id, lesson.as_deref())
        .await
        .map_err(unavailable)?;
    Ok((no_store(), Json(ProgressBody::from(progress))).into_response())
}

/// `POST /api/progress`: a background save, or (`merge`) what a browser held before sign-in.
async fn save(
    State(state): State<AppState>,
    headers: HeaderMap,
    SameOriginJson(body): SameOriginJson<WriteInput>,
) -> Result<Response, ApiError> {
    let account = signed_in_account(&state, &headers).await?;
    let account_id = account.id;
    limit_saves(&state, &account_id)?;
    for_this_account(&account_id, body.account.as_deref())?;
    let write = rules::parse_write(
        body,
        SaveContext {
            now: now_millis(),
            account_created_at: account.created_at,
            tutorial: tutorial::of_this_build(),
        },
    )?;
    let outcome = state
        .store
        .save_progress(&account_id, &write, &ACCOUNT_LIMITS)
        .await
        .map_err(unavailable)?;
    match outcome {
        SaveOutcome::Saved { files } => {
            // A teacher's open class view may show this student.
            state.announce_progress_change();
            Ok((
                no_store(),
                Json(SavedBody {
                    files: files.into_iter().map(FileBody::from).collect(),
                }),
            )
                .into_response())
        }
        SaveOutcome::TooManyFiles => Err(ProgressError::TooManyFiles.into()),
        SaveOutcome::TooManyPasses => Err(ProgressError::TooManyPasses.into()),
        SaveOutcome::TooManyMarks => Err(ProgressError::TooManyMarks.into()),
        SaveOutcome::TooManyBytes => Err(ProgressError::TooManyBytes.into()),
    }
}

/// 429 with `Retry-After` past the account's allowance of saves; the page keeps the work and
/// sends it once the wait is over.
fn limit_saves(state: &AppState, account_id: &str) -> Result<(), ApiError> {
    within(
        &state.progress_limiter,
        &account_id.to_owned(),
        "too-many-saves",
        |wait| {
            format!(
                "Saving paused for {wait}: your work is kept in this browser and saved after that."
            )
        },
    )
}

/// The account of the session cookie, else 401 (or 403 for staff who have not set up their
/// second factor, as everywhere).
async fn signed_in_account(state: &AppState, headers: &HeaderMap) -> Result<Account, ApiError> {
    let session = match state.cookies.read(headers) {
        Some(token) => service::current_session(&state.store, &token).await?,
        None => None,
    };
    let session = session.ok_or_else(|| {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "not-signed-in",
            "Sign in to keep your progress in your account.",
        )
    })?;
    let set_up_first = must_set_up(&state.store, &session)
        .await
        .map_err(|error| ApiError::unavailable_because(&error))?;
    if set_up_first {
        return Err(second_factor_required());
    }
    Ok(session.account)
}

/// Refuses a request from a page opened for another account than the session's (409): on a
/// shared computer, a tab student A left open must not save A's work into B's account, nor
/// read B's progress into A's page, once B has signed in in another tab. The page names its
/// account in the save's `account` or the read's `?account=`; one that names none (an older
/// page) is not checked.
fn for_this_account(signed_in: &str, named: Option<&str>) -> Result<(), ApiError> {
    match named {
        Some(named) if named != signed_in => Err(ApiError::new(
            StatusCode::CONFLICT,
            "other-account",
            "This page belongs to another sign-in: someone else has signed in on this browser since it was opened. Reload the page.",
        )),
        _ => Ok(()),
    }
}

/// A store failure: 503, logged with its causes (never the body, which holds the student's
/// code).
fn unavailable(error: StoreError) -> ApiError {
    ApiError::unavailable_because(&error)
}

impl From<ProgressError> for ApiError {
    fn from(error: ProgressError) -> Self {
        let (status, code) = match &error {
            ProgressError::Invalid(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid-input"),
            ProgressError::TooLarge { .. } => (StatusCode::PAYLOAD_TOO_LARGE, "file-too-large"),
            ProgressError::TooManyFiles => (StatusCode::UNPROCESSABLE_ENTITY, "too-many-files"),
            ProgressError::TooManyPasses => (StatusCode::UNPROCESSABLE_ENTITY, "too-many-passes"),
            ProgressError::TooManyMarks => (StatusCode::UNPROCESSABLE_ENTITY, "too-many-marks"),
            ProgressError::TooManyBytes => {
                (StatusCode::UNPROCESSABLE_ENTITY, "account-storage-full")
            }
        };
        ApiError::new(status, code, error.to_string())
    }
}

impl From<Progress> for ProgressBody {
    fn from(progress: Progress) -> Self {
        Self {
            lessons: progress
                .lessons
                .into_iter()
                .map(|mark| {
                    let body = MarkBody {
                        done: mark.done,
                        changed_at: mark.changed_at,
                    };
                    (mark.lesson, body)
                })
                .collect(),
            passes: progress
                .passes
                .into_iter()
                .map(|pass| {
                    let body = PassBody {
                        passed_at: pass.passed_at,
                    };
                    (pass.challenge, body)
                })
                .collect(),
            files: progress.files.into_iter().map(FileBody::from).collect(),
        }
    }
}

impl From<SavedFile> for FileBody {
    fn from(file: SavedFile) -> Self {
        Self {
            lesson: file.lesson,
            demo: file.demo,
            file: file.file,
            code: file.code,
            base: file.base,
            edited_at: file.edited_at,
            other: file
                .other
                .map(|OtherVersion { code, edited_at }| OtherBody { code, edited_at }),
        }
    }
}
