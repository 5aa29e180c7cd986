//! Accounts, one folder per concern, each with its rules (`service.rs`) and routes together:
//!
//! - `session/`: sessions and their cookie, the signed-in user, logout;
//! - `password/`: registration and login with a password, the identity check before a
//!   sensitive change, hashing, and reset links;
//! - `google/`: "Login with Google" over OpenID Connect;
//! - `email/`: confirming an address by a link, and changing it;
//! - `second_factor/`: authenticator codes and recovery codes, the sign-in's second step;
//! - `passkeys/`: passkeys and security keys (WebAuthn), to sign in and as a second step;
//! - `settings/`: the account page (profile, password, sessions, data download, deletion).
//!
//! - `dormant.rs`: deleting accounts that never proved their address and lie unused.
//!
//! Shared by them: the account fields (`domain.rs`), errors (`error.rs`, and how they answer
//! over HTTP in `error_response.rs`), tokens and durations. The HTTP pieces every route uses
//! are in [`crate::http`].

pub mod domain;
pub mod dormant;
pub mod email;
pub mod error;
mod error_response;
pub mod google;
pub mod greeting;
pub mod passkeys;
pub mod password;
pub mod second_factor;
pub mod session;
pub mod settings;
pub mod time;
pub mod tokens;

use axum::Router;

use crate::{
    http::state::AppState,
    store::{SharedStore, StoreError},
};

/// Every route of the accounts: the JSON API under `/api/auth/` and `/api/account/`, the
/// account page, and Google sign-in's browser routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .merge(session::routes::router())
        .merge(password::routes::router())
        .merge(password::reset_routes::router())
        .merge(email::routes::router())
        .merge(settings::routes::router())
        .merge(google::routes::router())
        .merge(second_factor::routes::router())
        .merge(second_factor::sign_in_routes::router())
        .merge(passkeys::routes::router())
        .merge(passkeys::sign_in_routes::router())
}

/// Deletes what has expired: sessions, unfinished Google sign-ins, failed logins out of their
/// window, and reset and verification links once they no longer count toward their limits.
pub async fn purge_expired(store: &SharedStore, now: i64) -> Result<(), StoreError> {
    store.purge_pending_sign_ins(now).await?;
    store.purge_passkey_ceremonies(now).await?;
    store
        .purge_expired(
            now,
            now - google::client::OIDC_FLOW_LIFETIME_MS,
            now - password::service::FAILURE_WINDOW_MS,
        )
        .await?;
    // Reset links count toward their limit for a link's lifetime, those ended early by a newer
    // link included.
    store
        .purge_expired_password_resets(now, now - password::reset::RESET_LINK_LIFETIME_MS)
        .await?;
    // Links superseded by a newer one have expired early, but count toward the limit of links
    // an hour until they leave its window.
    store
        .purge_expired_email_verifications(now, now - email::verification::LINK_LIMIT_WINDOW_MS)
        .await
}
