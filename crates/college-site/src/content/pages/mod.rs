//! The site's pages (Home, About, Contact) and the footer every page ends with, as content
//! items of kind `page`, one each: a fresh installation starts them from the build's text
//! ([`service::seed`]), editors save, schedule and restore them like notices
//! ([`staff_routes`]), and visitors get the live revision's fields in the page
//! ([`public_routes`], [`text`]), the footer's in every page ([`site_wide`]).

mod built_page;
pub mod fields;
mod public_routes;
pub mod service;
pub mod site_wide;
mod staff_routes;
pub mod text;

use axum::Router;

use crate::http::state::AppState;

/// The editors' API (`/api/content/pages`) and the pages visitors read (`/`, `/about`, `/contact`).
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(staff_routes::router())
        .merge(public_routes::router())
}
