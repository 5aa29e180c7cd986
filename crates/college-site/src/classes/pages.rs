//! The teacher's pages (`/teach`, `/teach/{class}`) and the join page (`/join/{code}`): the
//! prerendered shells, which hold no class data (the pages read the API). A signed-out visitor
//! is sent to sign in first, and back here after.

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
        .route("/teach", get(teach_page))
        .route("/teach/", get(teach_page))
        .route("/teach/{*class}", get(teach_page))
        .route("/join", get(join_page))
        .route("/join/", get(join_page))
        .route("/join/{*code}", get(join_page))
}

async fn teach_page(state: State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    shell_for_signed_in(state, headers, uri, "/teach").await
}

async fn join_page(state: State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    shell_for_signed_in(state, headers, uri, "/join").await
}
