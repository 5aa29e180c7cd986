//! The editors' API over items edited as fields ([`crate::content::items::service::ItemKind`]): the site's pages at
//! `/api/content/pages/...`, the courses at `/api/content/courses/...` and the disclosure's
//! items at `/api/content/disclosure/...`, by slug. Every route
//! takes [`Editor`]; every answer is `no-store`. A page is never taken down (the site always
//! shows one), nor is an item of the disclosure (the regulator asks for each); a course can be
//! hidden, and shown again by publishing it. A version with a field empty or unfinished is
//! never published.

use axum::{
    Json, Router,
    extract::{Path, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::content::error::ContentError;
use crate::content::items::fields::{self, Field, Fields, ItemSchema};
use crate::content::items::service::{self as items, ItemKind, fields_of, schema_of};
use crate::content::publishing::editor::{actor, number};
use crate::content::publishing::revisions::{revision_answer, revisions_answer, state_of};
use crate::content::publishing::service::{self, PublishInput};
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::{ItemRow, now_millis},
};

/// The routes of kind `R` below `base` (`/api/content/pages`), beside its list; `hideable`
/// adds `/{slug}/unpublish`.
pub fn routes<R: ItemKind>(base: &str, hideable: bool) -> Router<AppState> {
    let router = Router::new()
        .route(&format!("{base}/{{slug}}"), get(open::<R>).put(save::<R>))
        .route(&format!("{base}/{{slug}}/publish"), post(publish::<R>))
        .route(&format!("{base}/{{slug}}/revisions"), get(revisions::<R>))
        .route(
            &format!("{base}/{{slug}}/revisions/{{number}}"),
            get(revision::<R>),
        )
        .route(
            &format!("{base}/{{slug}}/revisions/{{number}}/restore"),
            post(restore::<R>),
        );
    if hideable {
        router.route(&format!("{base}/{{slug}}/unpublish"), post(unpublish::<R>))
    } else {
        router
    }
}

/// An item as the staff area lists and opens it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemBody {
    slug: String,
    name: String,
    path: String,
    state: &'static str,
    head: i64,
    live: Option<i64>,
    unpublished_changes: bool,
    scheduled: Option<i64>,
    publish_at: Option<i64>,
    live_since: Option<i64>,
    updated_at: i64,
    updated_by: String,
    /// The newest revision's fields and the item's fields to fill, when one item is opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    fields: Option<Fields>,
    #[serde(skip_serializing_if = "Option::is_none")]
    schema: Option<&'static [Field]>,
}

impl ItemBody {
    /// How the list shows `item` of kind `R`, whose slug names `schema`.
    pub fn summary<R: ItemKind>(item: ItemRow) -> Option<Self> {
        let schema = R::schema(&item.slug)?;
        Some(Self {
            name: R::name(schema, &item),
            path: R::path(schema, &item.slug),
            state: state_of(&item, now_millis()),
            head: item.head,
            live: item.live,
            unpublished_changes: item.live.is_some_and(|live| live != item.head),
            scheduled: item.scheduled,
            publish_at: item.publish_at,
            live_since: item.live_since,
            updated_at: item.updated_at,
            updated_by: item.author_name.unwrap_or(item.author_email),
            slug: item.slug,
            fields: None,
            schema: None,
        })
    }
}

/// The list of kind `R` as the staff area gets it: `{ key: [each item's summary] }`.
pub fn list_answer<R: ItemKind>(key: &str, items: impl IntoIterator<Item = ItemRow>) -> Response {
    let listed: Vec<ItemBody> = items
        .into_iter()
        .filter_map(ItemBody::summary::<R>)
        .collect();
    (no_store(), Json(json!({ key: listed }))).into_response()
}

/// The item as the staff area opens it: its summary, its newest fields and its schema.
pub async fn opened<R: ItemKind>(state: &AppState, item: ItemRow) -> Result<Response, ApiError> {
    let fields = fields_of(&state.store, item.id, item.head)
        .await
        .map_err(ContentError::from)?
        .ok_or(ContentError::UnknownRevision)?;
    let mut body = ItemBody::summary::<R>(item).ok_or_else(R::UNKNOWN)?;
    body.schema = Some(schema_of::<R>(&body.slug)?.fields);
    body.fields = Some(fields);
    Ok((no_store(), Json(json!({ "page": body }))).into_response())
}

/// The item `slug` of kind `R` that an editor's call names, with its schema, once the call is
/// within the editor's allowance.
pub(in crate::content) async fn target<R: ItemKind>(
    state: &AppState,
    editor: &Editor,
    slug: &str,
) -> Result<(&'static ItemSchema, ItemRow), ApiError> {
    within_staff_limit(state, &editor.0)?;
    let schema = schema_of::<R>(slug)?;
    let item = items::item::<R>(&state.store, slug).await?;
    Ok((schema, item))
}

async fn open<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    let (_, item) = target::<R>(&state, &editor, &slug).await?;
    opened::<R>(&state, item).await
}

#[derive(Debug, Deserialize)]
struct SaveInput {
    base: i64,
    fields: Fields,
}

async fn save<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(slug): Path<String>,
    SameOriginJson(input): SameOriginJson<SaveInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    schema_of::<R>(&slug)?;
    let actor = actor(&state, &editor, ip).await?;
    let item = items::save::<R>(&state.store, &actor, &slug, input.base, &input.fields).await?;
    opened::<R>(&state, item).await
}

/// When to publish; these items have no expiry.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FieldedPublishInput {
    revision: i64,
    publish_at: Option<i64>,
}

async fn publish<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(slug): Path<String>,
    SameOriginJson(input): SameOriginJson<FieldedPublishInput>,
) -> Result<Response, ApiError> {
    let (schema, item) = target::<R>(&state, &editor, &slug).await?;
    let actor = actor(&state, &editor, ip).await?;
    let id = item.id;
    // What visitors would see must be whole: a draft made empty (a disclosure item as
    // installed) or restored from before a field existed is refused.
    let fields = fields_of(&state.store, id, input.revision)
        .await
        .map_err(ContentError::from)?
        .ok_or(ContentError::UnknownRevision)?;
    if let Err(ContentError::Field(key, _)) = fields::parse(schema, &fields) {
        let label = schema.field(key).map_or(key, |field| field.label);
        return Err(ContentError::Unfinished(label).into());
    }
    let input = PublishInput {
        revision: input.revision,
        publish_at: input.publish_at,
        expires_at: R::expires_at(&fields),
    };
    let item = service::publish(&state.store, &actor, R::KIND, id, input).await?;
    state.announce_content_change();
    opened::<R>(&state, item).await
}

async fn unpublish<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    let (_, item) = target::<R>(&state, &editor, &slug).await?;
    let actor = actor(&state, &editor, ip).await?;
    let item = service::unpublish(&state.store, &actor, R::KIND, item.id).await?;
    state.announce_content_change();
    opened::<R>(&state, item).await
}

async fn revisions<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    Path(slug): Path<String>,
) -> Result<Response, ApiError> {
    let (_, item) = target::<R>(&state, &editor, &slug).await?;
    Ok(revisions_answer(&state.store, item.id).await?)
}

async fn revision<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    Path((slug, revision)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let (_, item) = target::<R>(&state, &editor, &slug).await?;
    let revision = number(&revision, ContentError::UnknownRevision)?;
    Ok(revision_answer(&state.store, item.id, revision).await?)
}

#[derive(Debug, Deserialize)]
struct RestoreInput {
    base: i64,
}

async fn restore<R: ItemKind>(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path((slug, revision)): Path<(String, String)>,
    SameOriginJson(input): SameOriginJson<RestoreInput>,
) -> Result<Response, ApiError> {
    let (_, item) = target::<R>(&state, &editor, &slug).await?;
    let revision = number(&revision, ContentError::UnknownRevision)?;
    let actor = actor(&state, &editor, ip).await?;
    let item =
        service::restore(&state.store, &actor, R::KIND, item.id, revision, input.base).await?;
    opened::<R>(&state, item).await
}
