//! `/notices/preview/{id}`: an editor's newest revision of a notice as visitors would get it,
//! in the public page's own shell and styles, with a note that it is a preview. Only editors
//! open it; it is never cached, never indexed, and tells anyone else nothing (a signed-out
//! visitor is asked to sign in, anyone without the role gets the 404 page).

use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{Html, IntoResponse, Redirect, Response},
    routing::get,
};

use super::{
    images,
    public_html::{self, notice_description},
    public_page,
};
use crate::{
    accounts::session::{
        second_step::must_set_up, service::current_session, signed_in_page::login_path,
    },
    error_chain::Chain,
    http::state::AppState,
    store::{ContentKind, PublishedRow, Role, StoreError, now_millis},
    web::assets,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/notices/preview/{id}", get(preview))
}

/// Who is asking, as far as a preview cares.
pub(super) enum Viewer {
    SignedOut,
    NotAnEditor,
    Editor,
}

pub(super) async fn viewer(state: &AppState, headers: &HeaderMap) -> Result<Viewer, String> {
    let Some(token) = state.cookies.read(headers) else {
        return Ok(Viewer::SignedOut);
    };
    let session = current_session(&state.store, &token)
        .await
        .map_err(|error| Chain(&error).to_string())?;
    let Some(session) = session else {
        return Ok(Viewer::SignedOut);
    };
    let roles = state
        .store
        .roles_of(&session.account.id)
        .await
        .map_err(|error| Chain(&error).to_string())?;
    let set_up_first = must_set_up(&state.store, &session)
        .await
        .map_err(|error| Chain(&error).to_string())?;
    Ok(if roles.contains(&Role::Editor) && !set_up_first {
        Viewer::Editor
    } else {
        Viewer::NotAnEditor
    })
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

/// A preview, rendered by `render` for an editor only (a signed-out visitor is sent to sign in
/// and come back to `here`; anyone else, and a preview of nothing, gets the 404 page), and
/// never cached or indexed.
pub(super) async fn editors_only<F, Fut>(
    state: &AppState,
    headers: &HeaderMap,
    here: &str,
    render: F,
) -> Response
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = Result<Option<String>, StoreError>>,
{
    let mut response = match viewer(state, headers).await {
        Ok(Viewer::SignedOut) => Redirect::to(&login_path(here)).into_response(),
        Ok(Viewer::NotAnEditor) => assets::not_found(headers),
        Ok(Viewer::Editor) => match render().await {
            Ok(Some(html)) => Html(html).into_response(),
            Ok(None) => assets::not_found(headers),
            Err(error) => unavailable(&Chain(&error).to_string()),
        },
        Err(error) => unavailable(&error),
    };
    let answer = response.headers_mut();
    answer.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    answer.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    answer.append(header::VARY, HeaderValue::from_static("Cookie"));
    response
}

fn unavailable(error: &str) -> Response {
    tracing::error!(error, "cannot show a preview");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [("retry-after", "5")],
        "The preview cannot be shown just now. Please try again in a moment.",
    )
        .into_response()
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
    let note = format!(
        r#"<p class="container notice__preview" role="note"><strong>Preview of revision {revision}.</strong> This is how the notice will look once published; only editors can open this page. <a href="/staff/notices/{id}">Back to editing</a></p>"#,
        revision = item.head,
    );
    let body = images::body_html(&state.store, &notice.body).await?;
    let main = note + &public_html::notice(&notice, &body, now);
    let title = format!("Preview: {}", notice.title);
    Ok(Some(public_page::page(
        &title,
        &notice_description(&notice),
        &main,
    )))
}
