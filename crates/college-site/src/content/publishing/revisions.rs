//! An item's history as the staff API sends it, in the web app's camelCase: every kind keeps
//! its revisions the same way.

use axum::{
    Json,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use serde_json::json;

use crate::content::error::ContentError;
use crate::{
    http::no_store,
    store::{ItemRow, RevisionRow, SharedStore},
};

/// Where an item stands, in one word the staff lists can filter and show.
pub fn state_of(item: &ItemRow, now: i64) -> &'static str {
    match (item.live, item.scheduled) {
        (_, Some(_)) => "scheduled",
        (Some(_), None) if item.expires_at.is_some_and(|at| at <= now) => "expired",
        (Some(_), None) => "published",
        (None, None) => "draft",
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevisionBody {
    number: i64,
    created_at: i64,
    author: String,
    title: String,
    category: String,
    pinned: bool,
    restored_from: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<String>,
}

impl RevisionBody {
    pub fn listed(revision: RevisionRow) -> Self {
        Self {
            number: revision.number,
            created_at: revision.created_at,
            author: revision.author_name.unwrap_or(revision.author_email),
            title: revision.title,
            category: revision.category,
            pinned: revision.pinned,
            restored_from: revision.restored_from,
            body: None,
        }
    }

    pub fn whole(mut revision: RevisionRow) -> Self {
        let body = std::mem::take(&mut revision.body);
        Self {
            body: Some(body),
            ..Self::listed(revision)
        }
    }
}

/// The history of item `id` (a notice's or a page's), newest first, without the texts.
pub async fn revisions_answer(store: &SharedStore, id: i64) -> Result<Response, ContentError> {
    let revisions: Vec<RevisionBody> = store
        .revisions(id)
        .await?
        .into_iter()
        .map(RevisionBody::listed)
        .collect();
    Ok((no_store(), Json(json!({ "revisions": revisions }))).into_response())
}

/// Revision `number` of item `id`, with its text.
pub async fn revision_answer(
    store: &SharedStore,
    id: i64,
    number: i64,
) -> Result<Response, ContentError> {
    let found = store
        .revision(id, number)
        .await?
        .ok_or(ContentError::UnknownRevision)?;
    Ok((
        no_store(),
        Json(json!({ "revision": RevisionBody::whole(found) })),
    )
        .into_response())
}
