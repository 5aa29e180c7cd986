//! Accounts: registration, login, sessions, logout and the users profile record.

mod account_data;
pub mod cookies;
pub mod domain;
mod email_routes;
mod email_texts;
pub mod email_verification;
pub mod google;
mod google_routes;
pub mod hashing;
pub mod password_reset;
mod password_reset_routes;
mod routes;
pub mod service;
pub mod settings;
mod settings_routes;
pub mod signed_in;
pub mod user_agent;

pub use routes::router;

/// What the other JSON APIs share with the accounts API: its errors, its same-origin JSON
/// body and its no-store header.
pub(crate) use routes::{ApiError, SameOriginJson, no_store};

/// Routes of "Login with Google".
pub use google_routes::router as google_router;
