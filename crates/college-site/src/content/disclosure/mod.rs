//! The mandatory disclosure: the items the UGC asks every college to publish ([`items`]), each
//! filled in by editors with drafts, schedules and history like the pages ([`staff_routes`]),
//! and read by visitors at `/disclosure`, linked from every page's footer ([`public_routes`],
//! [`html`]). A fresh installation starts every item as an empty draft ([`service::seed`]),
//! which the staff area's checklist flags until it is published.

pub mod committees;
mod documents_html;
mod field_sets;
mod html;
pub mod items;
pub mod linked_members;
mod location_html;
mod parts_html;
mod public_routes;
pub mod sections;
pub mod service;
mod staff_routes;
pub mod standing;

use axum::Router;

pub use staff_routes::{DISCLOSURE_API, Disclosure};

use crate::http::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(staff_routes::router())
        .merge(public_routes::router())
}
