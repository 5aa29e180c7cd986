//! What the staff API sends of a notice, in the web app's camelCase.

use serde::Serialize;

use super::domain::category_label;
use crate::content::error::ContentError;
use crate::content::publishing::revisions::state_of;
use crate::content::render::images;
use crate::store::{ItemRow, SharedStore, now_millis};

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
        body.html = Some(images::body_html(store, &head.body).await?.into_string());
        body.body = Some(head.body);
        Ok(body)
    }
}
