//! `POST /api/content/people-order`: the editors' order of a department's people, as the list
//! of their addresses. Each person whose place changes gets a revision with their new place,
//! published at once (a draft waiting to be published is saved again on top, with its new
//! place, still a draft; a record never published just gets its place): the directory shows
//! the order at once, and the history says who moved whom.

use axum::{Json, extract::State, response::IntoResponse, response::Response};
use serde::Deserialize;
use serde_json::json;

use super::fields::text;
use super::kind::People;
use crate::content::error::ContentError;
use crate::content::items::fields::Fields;
use crate::content::items::service::{self as items, ItemKind, fields_of};
use crate::content::publishing::editor::actor;
use crate::content::publishing::service::{self, PublishInput};
use crate::{
    http::{
        client_ip::ClientIp, error::ApiError, no_store, same_origin_json::SameOriginJson,
        state::AppState,
    },
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::ContentKind,
};

/// People one order names at most: a department's.
const MAX_ORDERED: usize = 200;

#[derive(Debug, Deserialize)]
pub struct OrderInput {
    slugs: Vec<String>,
}

pub async fn put_in_order(
    State(state): State<AppState>,
    editor: Editor,
    ClientIp(ip): ClientIp,
    SameOriginJson(input): SameOriginJson<OrderInput>,
) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    if input.slugs.is_empty() || input.slugs.len() > MAX_ORDERED {
        return Err(
            ContentError::Field("slugs", "Name from 1 to 200 people, in their new order.").into(),
        );
    }
    let actor = actor(&state, &editor, ip).await?;
    let store = &state.store;
    // Every one is found before anyone is moved: an order naming a stranger changes nothing.
    let mut rows = Vec::with_capacity(input.slugs.len());
    for slug in &input.slugs {
        rows.push(items::item::<People>(store, slug).await?);
    }
    let mut moved = 0;
    for (index, row) in rows.into_iter().enumerate() {
        let place = (index + 1).to_string();
        let (newest, newest_moves) = at_place(store, row.id, row.head, &place).await?;
        let shown = match row.live {
            Some(live) if live == row.head => Some((newest.clone(), newest_moves)),
            Some(live) => Some(at_place(store, row.id, live, &place).await?),
            None => None,
        };
        match shown {
            // What visitors see moves now: the version they see, with its new place, is
            // published; a draft waiting on top of it is saved again as the newest, with its
            // new place too, still a draft.
            Some((shown, true)) => {
                let saved =
                    items::save::<People>(store, &actor, &row.slug, row.head, &shown).await?;
                let input = PublishInput {
                    revision: saved.head,
                    publish_at: None,
                    expires_at: People::expires_at(&shown),
                };
                service::publish(store, &actor, ContentKind::Person, row.id, input).await?;
                if row.live != Some(row.head) {
                    items::save::<People>(store, &actor, &row.slug, saved.head, &newest).await?;
                }
            }
            _ if newest_moves => {
                items::save::<People>(store, &actor, &row.slug, row.head, &newest).await?;
            }
            _ => continue,
        }
        moved += 1;
    }
    if moved > 0 {
        state.announce_content_change();
    }
    Ok((no_store(), Json(json!({ "moved": moved }))).into_response())
}

/// The fields of revision `number` at `place`, and whether that moves them.
async fn at_place(
    store: &crate::store::SharedStore,
    id: i64,
    number: i64,
    place: &str,
) -> Result<(Fields, bool), ContentError> {
    let mut fields = fields_of(store, id, number)
        .await?
        .ok_or(ContentError::UnknownRevision)?;
    let moves = text(&fields, "position") != place;
    fields.insert("position".to_owned(), place.into());
    Ok((fields, moves))
}
