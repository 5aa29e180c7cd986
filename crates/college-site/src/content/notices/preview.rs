//! `/notices/preview/{id}`: an editor's newest revision of a notice as visitors would get it,
//! with a note that it is a preview (who may open it: [`crate::content::publishing::preview`]).

use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, Uri},
    response::Response,
    routing::get,
};

use super::html::{self, notice_description};
use crate::content::publishing::preview::editors_only;
use crate::content::render::{images, template};
use crate::{
    http::state::AppState,
    store::{ContentKind, PublishedRow, StoreError, now_millis},
    web::html::html,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/notices/preview/{id}", get(preview))
}

async fn preview(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(id): Path<String>,
) -> Response {
    editors_only(&state, &headers, uri.path(), || async {
        match id.parse::<i64>() {
            Ok(id) => page(&state, id).await,
            Err(_) => Ok(None),
        }
    })
    .await
}

/// The page of notice `id`'s newest revision, or none when there is no such notice.
async fn page(state: &AppState, id: i64) -> Result<Option<String>, StoreError> {
    let Some(item) = state.store.item(ContentKind::Notice, id).await? else {
        return Ok(None);
    };
    let Some(head) = state.store.revision(id, item.head).await? else {
        return Ok(None);
    };
    let now = now_millis();
    let notice = PublishedRow {
        id,
        slug: item.slug,
        first_published_at: item.first_published_at.unwrap_or(now),
        live_since: now,
        expires_at: item.expires_at,
        title: head.title,
        category: head.category,
        pinned: head.pinned,
        body: head.body,
    };
    let note = html!(
        r#"<p class="container notice__preview" role="note"><strong>Preview of revision {revision}.</strong> This is how the notice will look once published; only editors can open this page. <a href="/staff/notices/{id}">Back to editing</a></p>"#,
        revision = item.head,
        id = id,
    );
    let body = images::body_html(&state.store, &notice.body).await?;
    let main = html!("{}{}", note, html::notice(&notice, &body, now));
    let title = format!("Preview: {}", notice.title);
    Ok(Some(template::page(
        &title,
        &notice_description(&notice),
        &main,
    )))
}
