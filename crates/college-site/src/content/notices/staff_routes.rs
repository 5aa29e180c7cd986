//! `/api/content/notices/...`: an editor's notices. Every route takes [`Editor`], which checks
//! the role in the store on every request; every answer is `no-store`.

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::Deserialize;
use serde_json::json;

use super::bodies::NoticeBody;
use super::service as notices;
use crate::content::error::ContentError;
use crate::content::notices::domain::{NoticeInput, PAGE_SIZE};
use crate::content::publishing::editor::{actor, number};
use crate::content::publishing::revisions::{revision_answer, revisions_answer};
use crate::content::publishing::service::{self, PublishInput};
use crate::content::render::images;
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::guard::Editor,
    // Editors share the staff area's allowance of calls, one per account.
    staff::limit::within_staff_limit,
    store::{ContentKind, ItemQuery},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/content/notices", get(list).post(create))
        .route(
            "/api/content/notices/{id}",
            get(open).put(save).delete(delete),
        )
        .route("/api/content/notices/{id}/publish", post(publish))
        .route("/api/content/notices/{id}/unpublish", post(unpublish))
        .route("/api/content/notices/{id}/revisions", get(revisions))
        .route(
            "/api/content/notices/{id}/revisions/{number}",
            get(revision),
        )
        .route(
            "/api/content/notices/{id}/revisions/{number}/restore",
            post(restore),
        )
        .route("/api/content/preview", post(preview))
}

fn notice_answer(status: StatusCode, body: NoticeBody) -> Response {
    (status, no_store(), Json(json!({ "notice": body }))).into_response()
}

#[derive(Debug, Deserialize)]
struct ListParams {
    q: Option<String>,
    page: Option<i64>,
}

async fn list(
    State(state): State<AppState>,
    editor: Editor,
    Query(params): Query<ListParams>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let page = params.page.unwrap_or(1).clamp(1, 100_000);
    let search = params
        .q
        .map(|q| q.trim().chars().take(100).collect::<String>())
        .filter(|q| !q.is_empty());
    let query = ItemQuery {
        search,
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
    };
    let (items, total) = state
        .store
        .items_page(ContentKind::Notice, &query)
        .await
        .map_err(ContentError::from)?;
    let notices: Vec<NoticeBody> = items.into_iter().map(NoticeBody::summary).collect();
    Ok((
        no_store(),
        Json(json!({ "notices": notices, "total": total, "page": page, "pageSize": PAGE_SIZE })),
    )
        .into_response())
}

async fn create(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    SameOriginJson(input): SameOriginJson<NoticeInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = notices::create(&state.store, &actor, input).await?;
    let body = NoticeBody::with_head(&state.store, item).await?;
    Ok(notice_answer(StatusCode::CREATED, body))
}

async fn open(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let item = notices::notice(&state.store, id).await?;
    Ok(notice_answer(
        StatusCode::OK,
        NoticeBody::with_head(&state.store, item).await?,
    ))
}

/// A save names the revision it was made on, so that a second editor's save is not lost.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SaveInput {
    base: i64,
    #[serde(flatten)]
    notice: NoticeInput,
}

async fn save(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(input): SameOriginJson<SaveInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = notices::save(&state.store, &actor, id, input.base, input.notice).await?;
    Ok(notice_answer(
        StatusCode::OK,
        NoticeBody::with_head(&state.store, item).await?,
    ))
}

async fn delete(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let actor = actor(&state, &editor, ip).await?;
    notices::delete(&state.store, &actor, id).await?;
    state.announce_content_change();
    Ok((StatusCode::NO_CONTENT, no_store()).into_response())
}

async fn publish(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    SameOriginJson(input): SameOriginJson<PublishInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = service::publish(&state.store, &actor, ContentKind::Notice, id, input).await?;
    state.announce_content_change();
    Ok(notice_answer(
        StatusCode::OK,
        NoticeBody::with_head(&state.store, item).await?,
    ))
}

async fn unpublish(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = service::unpublish(&state.store, &actor, ContentKind::Notice, id).await?;
    state.announce_content_change();
    Ok(notice_answer(
        StatusCode::OK,
        NoticeBody::with_head(&state.store, item).await?,
    ))
}

async fn revisions(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    notices::notice(&state.store, id).await?;
    Ok(revisions_answer(&state.store, id).await?)
}

async fn revision(
    State(state): State<AppState>,
    editor: Editor,
    Path((id, revision)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let revision = number(&revision, ContentError::UnknownRevision)?;
    notices::notice(&state.store, id).await?;
    Ok(revision_answer(&state.store, id, revision).await?)
}

#[derive(Debug, Deserialize)]
struct RestoreInput {
    base: i64,
}

async fn restore(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path((id, revision)): Path<(String, String)>,
    SameOriginJson(input): SameOriginJson<RestoreInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let id = number(&id, ContentError::UnknownNotice)?;
    let revision = number(&revision, ContentError::UnknownRevision)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = service::restore(
        &state.store,
        &actor,
        ContentKind::Notice,
        id,
        revision,
        input.base,
    )
    .await?;
    Ok(notice_answer(
        StatusCode::OK,
        NoticeBody::with_head(&state.store, item).await?,
    ))
}

#[derive(Debug, Deserialize)]
struct PreviewInput {
    body: String,
}

/// The editor's Markdown as visitors would get it, for the preview beside the field: the
/// browser shows the server's sanitised HTML, never its own rendering.
async fn preview(
    State(state): State<AppState>,
    editor: Editor,
    SameOriginJson(input): SameOriginJson<PreviewInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let checked = NoticeInput {
        title: "Preview".to_owned(),
        body: input.body,
        category: "general".to_owned(),
        pinned: false,
    }
    .parse()?;
    let html = images::body_html(&state.store, &checked.body)
        .await
        .map_err(ContentError::from)?;
    Ok((no_store(), Json(json!({ "html": html.as_str() }))).into_response())
}
