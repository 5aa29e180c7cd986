//! `/api/content/disclosure`: the disclosure's checklist, every item in the page's order with
//! its section and where it stands ([`super::standing`]); each item's own routes are the
//! fielded items' ([`crate::content::items::routes`]), by slug (`iqac`), and
//! `.../{slug}/reviewed` marks what visitors read as still holding. An item is never taken
//! down: the regulator asks for all of them.

use std::collections::HashMap;

use axum::{
    Json, Router,
    extract::{Path, State},
    response::{IntoResponse, Response},
    routing::{get, post},
};
use serde_json::{Value, json};

use super::items::{all_items, item_path, item_schema, section_of};
use super::service::{self, MAX_ITEMS, Version};
use super::standing::{Standing, standing, standings};
use crate::content::error::ContentError;
use crate::content::items::fields::ItemSchema;
use crate::content::items::routes::{self as item_routes, ItemBody, target};
use crate::content::items::service::{self as items, ItemKind};
use crate::content::publishing::editor::actor;
use crate::content::publishing::rules::LANGUAGE;
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::{self, AuditAction, ContentChange, ContentKind, ItemRow, now_millis},
};

/// The disclosure's items, edited as fields.
pub struct Disclosure;

impl ItemKind for Disclosure {
    const KIND: ContentKind = ContentKind::Disclosure;
    const UNKNOWN: fn() -> ContentError = || ContentError::UnknownDisclosure;

    fn schema(slug: &str) -> Option<&'static ItemSchema> {
        item_schema(slug)
    }

    fn path(schema: &'static ItemSchema, _: &str) -> String {
        item_path(schema.slug)
    }
}

pub const DISCLOSURE_API: &str = "/api/content/disclosure";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(DISCLOSURE_API, get(list))
        .route(
            &format!("{DISCLOSURE_API}/{{slug}}/reviewed"),
            post(reviewed),
        )
        .merge(item_routes::routes::<Disclosure>(DISCLOSURE_API, false))
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    // Two queries for the whole checklist, however many items it has.
    let mut rows: HashMap<String, ItemRow> = state
        .store
        .items_with_bodies(
            ContentKind::Disclosure,
            LANGUAGE,
            store::Version::Head,
            MAX_ITEMS,
        )
        .await
        .map_err(ContentError::from)?
        .into_iter()
        .map(|row| (row.item.slug.clone(), row.item))
        .collect();
    let standings = standings(&state.store).await.map_err(ContentError::from)?;
    let listed: Vec<Value> = all_items()
        .filter_map(|item| rows.remove(item.slug))
        .filter_map(|row| with_standing(row, &standings))
        .collect();
    Ok((no_store(), Json(json!({ "items": listed }))).into_response())
}

/// Marks the item as reviewed: what visitors read still holds, and nothing changed.
async fn reviewed(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    Path(slug): Path<String>,
    SameOriginJson(_): SameOriginJson<Value>,
) -> Result<Response, ApiError> {
    let (schema, item) = target::<Disclosure>(&state, &editor, &slug).await?;
    let actor = actor(&state, &editor, ip).await?;
    let target = format!("disclosure {} \"{}\"", item.id, schema.name);
    let entry = actor.entry(AuditAction::ContentReviewed, None, target);
    let change = state
        .store
        .mark_reviewed(item.id, now_millis(), &entry)
        .await
        .map_err(ContentError::from)?;
    if change != ContentChange::Done {
        return Err(ContentError::NeverPublished.into());
    }
    state.announce_content_change();
    let item = items::item::<Disclosure>(&state.store, &slug).await?;
    // Where this one item stands, read alone: the checklist's other items have not changed.
    let live = service::entry(&state.store, schema, Version::Live)
        .await
        .map_err(ContentError::from)?;
    let one = HashMap::from([(schema.slug, standing(&live, now_millis()))]);
    let body = with_standing(item, &one).ok_or(ContentError::UnknownDisclosure)?;
    Ok((no_store(), Json(json!({ "item": body }))).into_response())
}

/// The item's summary as the list shows it, with its section, where it stands and when it
/// was last reviewed.
fn with_standing(
    row: ItemRow,
    standings: &HashMap<&'static str, (Standing, Option<String>)>,
) -> Option<Value> {
    let (slug, reviewed_at) = (row.slug.clone(), row.reviewed_at);
    let mut body = serde_json::to_value(ItemBody::summary::<Disclosure>(row)?).ok()?;
    let (standing, why) = standings
        .get(slug.as_str())
        .cloned()
        .unwrap_or((Standing::NeverPublished, None));
    body["section"] = json!(section_of(&slug).map(|section| section.name));
    body["standing"] = json!(standing);
    body["standingWhy"] = json!(why);
    body["reviewedAt"] = json!(reviewed_at);
    Some(body)
}
