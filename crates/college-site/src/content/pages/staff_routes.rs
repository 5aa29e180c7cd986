//! `/api/content/pages/...`: the site's pages as editors change them, by slug (`about`). Every
//! route takes [`Editor`]; every answer is `no-store`. A page is never unpublished or deleted:
//! the site always shows one.

use axum::{
    Json, Router,
    extract::{Path, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::fields::{self, EDITABLE, Field, Fields, PageSchema};
use super::service as pages;
use crate::content::bodies::{revision_answer, revisions_answer, state_of};
use crate::content::error::ContentError;
use crate::content::service::{self, PublishInput};
use crate::content::staff_routes::{actor, number};
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::{ContentKind, ItemRow, now_millis},
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/content/pages", get(list))
        .route("/api/content/pages/{slug}", get(open).put(save))
        .route("/api/content/pages/{slug}/publish", post(publish))
        .route("/api/content/pages/{slug}/revisions", get(revisions))
        .route(
            "/api/content/pages/{slug}/revisions/{number}",
            get(revision),
        )
        .route(
            "/api/content/pages/{slug}/revisions/{number}/restore",
            post(restore),
        )
}

/// A page as the staff area lists and opens it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PageBody {
    slug: &'static str,
    name: &'static str,
    path: &'static str,
    state: &'static str,
    head: i64,
    live: Option<i64>,
    unpublished_changes: bool,
    scheduled: Option<i64>,
    publish_at: Option<i64>,
    live_since: Option<i64>,
    updated_at: i64,
    updated_by: String,
    /// The newest revision's fields and the page's fields to fill, when one page is opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<Fields>,
    #[serde(skip_serializing_if = "Option::is_none")]
    schema: Option<&'static [Field]>,
}

impl PageBody {
    fn summary(page: &'static PageSchema, item: ItemRow) -> Self {
        Self {
            slug: page.slug,
            name: page.name,
            path: page.path,
            state: state_of(&item, now_millis()),
            head: item.head,
            live: item.live,
            unpublished_changes: item.live.is_some_and(|live| live != item.head),
            scheduled: item.scheduled,
            publish_at: item.publish_at,
            live_since: item.live_since,
            updated_at: item.updated_at,
            updated_by: item.author_name.unwrap_or(item.author_email),
            fields: None,
            schema: None,
        }
    }
}

async fn opened(
    state: &AppState,
    page: &'static PageSchema,
    item: ItemRow,
) -> Result<Response, ApiError> {
    let fields = pages::fields_of(&state.store, item.id, item.head)
        .await
        .map_err(ContentError::from)?
        .ok_or(ContentError::UnknownRevision)?;
    let mut body = PageBody::summary(page, item);
    body.fields = Some(fields);
    body.schema = Some(page.fields);
    Ok((no_store(), Json(json!({ "page": body }))).into_response())
}

fn schema_of(slug: &str) -> Result<&'static PageSchema, ContentError> {
    fields::page(slug).ok_or(ContentError::UnknownPage)
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let mut listed = Vec::new();
    for page in EDITABLE {
        // A page the store lacks (a server built without the web app) is not listed.
        if let Ok(item) = pages::item(&state.store, page).await {
            listed.push(PageBody::summary(page, item));
        }
    }
    Ok((no_store(), Json(json!({ "pages": listed }))).into_response())
}

async fn open(
    State(state): State<AppState>,
    editor: Editor,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let page = schema_of(&slug)?;
    let item = pages::item(&state.store, page).await?;
    opened(&state, page, item).await
}

#[derive(Debug, Deserialize)]
struct SaveInput {
    base: i64,
    fields: Fields,
}

async fn save(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(slug): Path<String>,
    SameOriginJson(input): SameOriginJson<SaveInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let page = schema_of(&slug)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = pages::save(&state.store, &actor, page, input.base, &input.fields).await?;
    opened(&state, page, item).await
}

/// When to publish; a page has no expiry (the site always shows one).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PagePublishInput {
    revision: i64,
    publish_at: Option<i64>,
}

async fn publish(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(slug): Path<String>,
    SameOriginJson(input): SameOriginJson<PagePublishInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let page = schema_of(&slug)?;
    let actor = actor(&state, &editor, ip).await?;
    let id = pages::item(&state.store, page).await?.id;
    let input = PublishInput {
        revision: input.revision,
        publish_at: input.publish_at,
        expires_at: None,
    };
    let item = service::publish(&state.store, &actor, ContentKind::Page, id, input).await?;
    state.announce_content_change();
    opened(&state, page, item).await
}

async fn revisions(
    State(state): State<AppState>,
    editor: Editor,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let item = pages::item(&state.store, schema_of(&slug)?).await?;
    Ok(revisions_answer(&state.store, item.id).await?)
}

async fn revision(
    State(state): State<AppState>,
    editor: Editor,
    Path((slug, revision)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let item = pages::item(&state.store, schema_of(&slug)?).await?;
    let revision = number(&revision, ContentError::UnknownRevision)?;
    Ok(revision_answer(&state.store, item.id, revision).await?)
}

#[derive(Debug, Deserialize)]
struct RestoreInput {
    base: i64,
}

async fn restore(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path((slug, revision)): Path<(String, String)>,
    SameOriginJson(input): SameOriginJson<RestoreInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let page = schema_of(&slug)?;
    let revision = number(&revision, ContentError::UnknownRevision)?;
    let actor = actor(&state, &editor, ip).await?;
    let id = pages::item(&state.store, page).await?.id;
    let item = service::restore(
        &state.store,
        &actor,
        ContentKind::Page,
        id,
        revision,
        input.base,
    )
    .await?;
    opened(&state, page, item).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_is_named_by_its_slug_and_nothing_else_is() {
        for page in EDITABLE {
            assert_eq!(schema_of(page.slug).expect("known").path, page.path);
        }
        assert!(schema_of("../about").is_err());
        assert!(schema_of("About").is_err());
    }
}
