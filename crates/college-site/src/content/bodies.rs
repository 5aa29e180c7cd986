//! What the staff API sends of notices and revisions, in the web app's camelCase.

use axum::{
    Json,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use serde_json::json;

use super::{domain::category_label, error::ContentError, images};
use crate::{
    http::no_store,
    store::{ItemRow, RevisionRow, SharedStore, now_millis},
};

/// Where a notice stands, in one word the staff list can filter and show.
pub(super) fn state_of(item: &ItemRow, now: i64) -> &'static str {
    match (item.live, item.scheduled) {
        (_, Some(_)) => "scheduled",
        (Some(_), None) if item.expires_at.is_some_and(|at| at <= now) => "expired",
        (Some(_), None) => "published",
        (None, None) => "draft",
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeBody {
    id: i64,
    slug: String,
    /// Where visitors read it once it is published.
    path: String,
    title: String,
    category: String,
    category_label: &'static str,
    pinned: bool,
    state: &'static str,
    head: i64,
    live: Option<i64>,
    /// Whether the newest revision differs from what visitors see.
    unpublished_changes: bool,
    scheduled: Option<i64>,
    publish_at: Option<i64>,
    expires_at: Option<i64>,
    first_published_at: Option<i64>,
    live_since: Option<i64>,
    created_at: i64,
    updated_at: i64,
    updated_by: String,
    /// The newest revision's Markdown and its HTML, when one notice is opened.
    #[serde(skip_serializing_if = "Option::is_none")]
    body: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    html: Option<String>,
}

impl NoticeBody {
    pub fn summary(item: ItemRow) -> Self {
        let state = state_of(&item, now_millis());
        Self {
            path: format!("/notices/{}", item.slug),
            category_label: category_label(&item.category),
            state,
            unpublished_changes: item.live.is_some_and(|live| live != item.head),
            updated_by: item.author_name.unwrap_or(item.author_email),
            id: item.id,
            slug: item.slug,
            title: item.title,
            category: item.category,
            pinned: item.pinned,
            head: item.head,
            live: item.live,
            scheduled: item.scheduled,
            publish_at: item.publish_at,
            expires_at: item.expires_at,
            first_published_at: item.first_published_at,
            live_since: item.live_since,
            created_at: item.created_at,
            updated_at: item.updated_at,
            body: None,
            html: None,
        }
    }

    /// The notice with its newest revision's text and how visitors would see it.
    pub async fn with_head(store: &SharedStore, item: ItemRow) -> Result<Self, ContentError> {
        let head = store
            .revision(item.id, item.head)
            .await?
            .ok_or(ContentError::UnknownRevision)?;
        let mut body = Self::summary(item);
        body.html = Some(images::body_html(store, &head.body).await?);
        body.body = Some(head.body);
        Ok(body)
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
