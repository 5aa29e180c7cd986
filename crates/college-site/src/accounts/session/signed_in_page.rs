//! The prerendered shell of a page that reads its data from the API once signed in (the
//! teacher's pages, the join page, the staff area): it holds no data, and a signed-out visitor
//! is sent to sign in first, and back to the page after.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, HeaderValue, Uri, header},
    response::{IntoResponse, Redirect, Response},
    routing::get,
};

use super::service::{ActiveSession, current_session};
use crate::{
    http::{no_store, state::AppState},
    web::assets,
};

/// `shell`, `shell/` and every path below it, each answered by [`shell_for_signed_in`]: the
/// pages of a part of the site that a signed-in visitor's browser routes by itself.
pub fn signed_in_pages(shell: &'static str) -> Router<AppState> {
    signed_in_pages_with_subpath_shell(shell, shell)
}

/// As [`signed_in_pages`], the paths below `shell` answered with the prerendered page
/// `subpath_shell` instead: `/join` paints its form for a code at once, where every
/// `/join/CODE` shows that the class is being looked up (`JOIN_CODE_SHELL` in
/// web/src/shared/paths/join.ts).
pub fn signed_in_pages_with_subpath_shell(
    shell: &'static str,
    subpath_shell: &'static str,
) -> Router<AppState> {
    signed_in_pages_chosen(
        shell,
        shell,
        subpath_shell,
        move |_, _| async move { shell },
    )
}

/// `path` and `path/` answered with the shell `choose` picks for the signed-in visitor (one
/// that paints what their role sees at once), or `page_shell` when the session cannot be
/// looked up; every path below `path` with `subpath_shell`. Anyone signed out goes to sign in.
pub fn signed_in_pages_chosen<Choose, Chosen>(
    path: &'static str,
    page_shell: &'static str,
    subpath_shell: &'static str,
    choose: Choose,
) -> Router<AppState>
where
    Choose: Fn(AppState, ActiveSession) -> Chosen + Clone + Send + Sync + 'static,
    Chosen: Future<Output = &'static str> + Send + 'static,
{
    let page = move |state: State<AppState>, headers: HeaderMap, uri: Uri| {
        chosen_shell_for_signed_in(state, headers, uri, page_shell, choose.clone())
    };
    let subpage = move |state: State<AppState>, headers: HeaderMap, uri: Uri| {
        shell_for_signed_in(state, headers, uri, subpath_shell)
    };
    Router::new()
        .route(path, get(page.clone()))
        .route(&format!("{path}/"), get(page))
        .route(&format!("{path}/{{*rest}}"), get(subpage))
}

/// The prerendered page `shell` for a signed-in visitor, whatever follows it in the path;
/// anyone else goes to the login page, which brings them back to `uri` after.
pub async fn shell_for_signed_in(
    state: State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    shell: &'static str,
) -> Response {
    chosen_shell_for_signed_in(state, headers, uri, shell, |_, _| async move { shell }).await
}

/// As [`shell_for_signed_in`], with the shell `choose` picks for the signed-in visitor (one
/// that paints what their role sees at once); `shell` when the session cannot be looked up.
async fn chosen_shell_for_signed_in<Choose, Chosen>(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    shell: &'static str,
    choose: Choose,
) -> Response
where
    Choose: FnOnce(AppState, ActiveSession) -> Chosen,
    Chosen: Future<Output = &'static str>,
{
    let session = match state.cookies.read(&headers) {
        Some(token) => current_session(&state.store, &token).await,
        None => Ok(None),
    };
    let mut response = match session {
        Ok(Some(active)) => assets::respond(choose(state.clone(), active).await, &headers),
        Ok(None) => (no_store(), Redirect::to(&login_path(uri.path()))).into_response(),
        // The page still loads, and says itself that the service cannot be reached.
        Err(error) => {
            tracing::warn!(error = %crate::error_chain::Chain(&error), page = shell, "cannot look up the session");
            assets::respond(shell, &headers)
        }
    };
    let headers = response.headers_mut();
    // The answer depends on the session cookie, and the page holds nothing worth keeping.
    headers.append(header::VARY, HeaderValue::from_static("Cookie"));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `/login?returnTo=<path>`.
pub fn login_path(path: &str) -> String {
    let return_to: String = url::form_urlencoded::byte_serialize(path.as_bytes()).collect();
    format!("/login?returnTo={return_to}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_login_page_brings_the_visitor_back() {
        assert_eq!(
            login_path("/join/K7MXQ3PR"),
            "/login?returnTo=%2Fjoin%2FK7MXQ3PR"
        );
    }
}
