//! The staff area: the office's inbox of contact messages and admission enquiries, with the
//! state of each one's mail, its notes and its CSV export,
//! and an admin's people, roles, audit log and mail health. Every API route checks the role
//! in the store on every request (see [`crate::roles::guard`]); every answer is `no-store`;
//! every change is written to the audit log in the same transaction.

mod admin_routes;
mod bodies;
pub mod cli;
pub mod domain;
mod error;
mod export;
mod inbox_routes;
pub mod limit;
mod people_routes;
mod service;

use axum::Router;

use crate::{accounts::session::signed_in_page::signed_in_pages, http::state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(inbox_routes::router())
        .merge(people_routes::router())
        .merge(admin_routes::router())
        // One prerendered shell, which holds no data: the pages read the API.
        .merge(signed_in_pages("/staff"))
}
