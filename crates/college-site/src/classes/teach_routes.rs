//! `/api/teach/...`: a teacher's classes. Every route takes [`Teacher`], which checks the role
//! in the store on every request; the service finds only the teacher's own classes.

use axum::{
    Json, Router,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::{get, patch, post},
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower_http::compression::CompressionLayer;

use super::{
    error::ClassError,
    live,
    service::{self, ClassChange},
    table::{ClassBody, StudentRows},
    teach_limit::within_teach_limit,
};
use crate::{
    http::{error::ApiError, no_store, same_origin_json::SameOriginJson, state::AppState},
    roles::guard::Teacher,
    web::assets,
};

pub fn router() -> Router<AppState> {
    // A class of 500 reads as 200 KB of JSON, 30 KB compressed: the answers that grow with the
    // class are compressed (the site's files are compressed at build time instead; the live
    // view's events are not, so that each arrives at once).
    let compressed = CompressionLayer::new;
    Router::new()
        .route("/api/teach/classes", get(list).post(create))
        .route("/api/teach/classes/{id}", patch(change).delete(delete))
        .route("/api/teach/classes/{id}/code", post(new_code))
        .route(
            "/api/teach/classes/{id}/table",
            get(table).layer(compressed()),
        )
        .route("/api/teach/classes/{id}/events", get(live::events))
        .route("/api/teach/classes/{id}/csv", get(csv).layer(compressed()))
        .route(
            "/api/teach/classes/{id}/students/{student}",
            get(student).layer(compressed()).delete(remove_student),
        )
}

/// Takes one from the teacher's allowance of calls.
fn class_answer(status: StatusCode, class: impl Into<ClassBody>) -> Response {
    (status, no_store(), Json(json!({ "class": class.into() }))).into_response()
}

async fn list(State(state): State<AppState>, teacher: Teacher) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let classes: Vec<ClassBody> = state
        .store
        .classes_of_teacher(&teacher_id)
        .await
        .map_err(ClassError::from)?
        .into_iter()
        .map(ClassBody::from)
        .collect();
    Ok((no_store(), Json(json!({ "classes": classes }))).into_response())
}

#[derive(Deserialize)]
struct NewClassBody {
    #[serde(default)]
    name: String,
}

async fn create(
    State(state): State<AppState>,
    teacher: Teacher,
    SameOriginJson(body): SameOriginJson<NewClassBody>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let class = service::create_class(&state.store, &teacher_id, &body.name).await?;
    Ok(class_answer(StatusCode::CREATED, class))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChangeBody {
    name: Option<String>,
    joining: Option<bool>,
    archived: Option<bool>,
}

async fn change(
    State(state): State<AppState>,
    teacher: Teacher,
    Path(class_id): Path<String>,
    SameOriginJson(body): SameOriginJson<ChangeBody>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let change = ClassChange {
        name: body.name,
        joining: body.joining,
        archived: body.archived,
    };
    let class = service::change_class(&state.store, &teacher_id, &class_id, change).await?;
    Ok(class_answer(StatusCode::OK, class))
}

async fn delete(
    State(state): State<AppState>,
    teacher: Teacher,
    Path(class_id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    service::delete_class(&state.store, &teacher_id, &class_id).await?;
    Ok((no_store(), Json(json!({ "deleted": true }))).into_response())
}

async fn new_code(
    State(state): State<AppState>,
    teacher: Teacher,
    Path(class_id): Path<String>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let class = service::new_code(&state.store, &teacher_id, &class_id).await?;
    Ok(class_answer(StatusCode::OK, class))
}

#[derive(Serialize)]
struct TableBody {
    class: ClassBody,
    #[serde(flatten)]
    rows: StudentRows,
}

async fn table(
    State(state): State<AppState>,
    teacher: Teacher,
    Path(class_id): Path<String>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let (class, progress) = service::class_progress(&state.store, &teacher_id, &class_id).await?;
    let body = TableBody {
        class: class.into(),
        rows: StudentRows::new(progress, &assets::lesson_titles()),
    };
    Ok((no_store(), Json(body)).into_response())
}

async fn csv(
    State(state): State<AppState>,
    teacher: Teacher,
    Path(class_id): Path<String>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let (class, progress) = service::class_progress(&state.store, &teacher_id, &class_id).await?;
    let tutorial = assets::lesson_titles();
    let csv = StudentRows::new(progress, &tutorial).to_csv(&tutorial);
    let disposition = content_disposition(&class.name);
    Ok((
        no_store(),
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        // A byte order mark, so that spreadsheets read the names as UTF-8.
        format!("\u{feff}{csv}"),
    )
        .into_response())
}

/// `attachment` named after the class: an ASCII name for every browser, and the class's own
/// name (RFC 5987) for those that read it.
fn content_disposition(class_name: &str) -> HeaderValue {
    let ascii: String = class_name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | ',') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let ascii = ascii.trim().trim_matches('.');
    let ascii = if ascii.is_empty() { "class" } else { ascii };
    let encoded: String =
        url::form_urlencoded::byte_serialize(format!("{class_name}.csv").as_bytes())
            .collect::<String>()
            .replace('+', "%20");
    HeaderValue::from_str(&format!(
        "attachment; filename=\"{ascii}.csv\"; filename*=UTF-8''{encoded}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("attachment; filename=\"class.csv\""))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PassBody {
    challenge: String,
    passed_at: i64,
    files: std::collections::BTreeMap<String, String>,
}

async fn student(
    State(state): State<AppState>,
    teacher: Teacher,
    Path((class_id, student_id)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    let (progress, passes) =
        service::student_passes(&state.store, &teacher_id, &class_id, &student_id).await?;
    let student = &progress.students[0];
    let passes: Vec<PassBody> = passes
        .into_iter()
        .map(|pass| PassBody {
            challenge: pass.challenge,
            passed_at: pass.passed_at,
            files: pass.files,
        })
        .collect();
    let body = json!({
        "student": { "id": student.id, "name": student.name, "email": student.email },
        "passes": passes,
    });
    Ok((no_store(), Json(body)).into_response())
}

async fn remove_student(
    State(state): State<AppState>,
    teacher: Teacher,
    Path((class_id, student_id)): Path<(String, String)>,
    SameOriginJson(_): SameOriginJson<serde_json::Value>,
) -> Result<Response, ApiError> {
    let teacher_id = within_teach_limit(&state, &teacher)?;
    service::remove_student(&state.store, &teacher_id, &class_id, &student_id).await?;
    state.announce_progress_change();
    Ok((no_store(), Json(json!({ "removed": true }))).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_after_the_class() {
        let value = content_disposition("BCA 2, division A");
        assert_eq!(
            value.to_str().unwrap(),
            "attachment; filename=\"BCA 2, division A.csv\"; filename*=UTF-8''BCA%202%2C%20division%20A.csv"
        );
        let value = content_disposition("कक्षा \"A\"");
        assert_eq!(
            value.to_str().unwrap(),
            "attachment; filename=\"_____ _A_.csv\"; filename*=UTF-8''%E0%A4%95%E0%A4%95%E0%A5%8D%E0%A4%B7%E0%A4%BE%20%22A%22.csv"
        );
    }
}
