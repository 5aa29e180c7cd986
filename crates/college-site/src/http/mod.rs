//! What every route shares: the state handlers reach ([`state::AppState`]), the client's
//! address, the API's JSON errors (its own and the framework's, see [`api_errors`]), the
//! same-origin JSON body, the body limit, the per-IP and per-account limits, and the
//! `no-store` header.
//!
//! Routes (under `accounts/`, `progress/`, `contact/`) use this module; it uses none of them.

pub mod api_errors;
pub mod body_limit;
pub mod client_ip;
pub mod error;
pub mod limits;
pub mod methods;
pub mod request_address;
pub mod same_origin_json;
pub mod state;

use axum::http::header;

/// `Cache-Control: no-store`, for answers that depend on who asks.
pub fn no_store() -> [(header::HeaderName, &'static str); 1] {
    [(header::CACHE_CONTROL, "no-store")]
}
