//! The college's people, as content items of kind `person`: the faculty and staff directory
//! at `/people` with the college's leadership first, and each person's page ([`public_routes`],
//! [`html`], [`leadership`], [`profile`]), kept by
//! editors with drafts, schedules and history like the courses ([`staff_routes`]), with dated
//! appointments and qualifications from which the site works out what it says of each
//! ([`person`], [`career`]), and the faculty list NIRF and NAAC ask for as CSV ([`export`]).

mod career;
mod export;
pub mod fields;
pub mod html;
mod kind;
mod leadership;
mod order;
pub mod person;
mod profile;
mod public_routes;
pub mod service;
mod staff_routes;

use axum::Router;

use crate::http::state::AppState;

pub use html::PEOPLE_PATH;
pub use kind::People;
pub use staff_routes::PEOPLE_API;

pub fn router() -> Router<AppState> {
    Router::new()
        .merge(staff_routes::router())
        .merge(public_routes::router())
}
