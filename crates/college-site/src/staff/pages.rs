//! The staff area's pages (`/staff` and everything below it): one prerendered shell, which
//! holds no data; the pages read the API, which checks the role.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, Uri},
    response::Response,
    routing::get,
};

use crate::{accounts::session::signed_in_page::shell_for_signed_in, http::state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/staff", get(staff_page))
        .route("/staff/", get(staff_page))
        .route("/staff/{*rest}", get(staff_page))
}

async fn staff_page(state: State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    shell_for_signed_in(state, headers, uri, "/staff").await
}
