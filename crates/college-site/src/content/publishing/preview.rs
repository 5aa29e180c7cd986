//! An editor's preview of what is not yet published, in the public page's own shell and
//! styles: only editors open it; it is never cached, never indexed, and tells anyone else
//! nothing (a signed-out visitor is asked to sign in, anyone without the role gets the 404
//! page). Each kind renders its own preview; this decides who may see it.

use axum::{
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
};

use crate::{
    accounts::session::{
        second_step::must_set_up, service::current_session, signed_in_page::login_path,
    },
    error_chain::Chain,
    http::state::AppState,
    store::{Role, StoreError},
    web::assets,
};

/// Who is asking, as far as a preview cares.
pub(in crate::content) enum Viewer {
    SignedOut,
    NotAnEditor,
    Editor,
}

pub(in crate::content) async fn viewer(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Viewer, String> {
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

/// A preview, rendered by `render` for an editor only (a signed-out visitor is sent to sign in
/// and come back to `here`; anyone else, and a preview of nothing, gets the 404 page), and
/// never cached or indexed.
pub(in crate::content) async fn editors_only<F, Fut>(
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
