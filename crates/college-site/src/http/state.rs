//! What every handler can reach. `app.rs` builds it once at start-up.

use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::{
    accounts::{google::client::GoogleSignIn, session::cookies::SessionCookies},
    config::Config,
    outbox::OutboxSignal,
    rate_limit::{AccountLimiter, IpLimiter},
    store::SharedStore,
};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: SharedStore,
    pub outbox: OutboxSignal,
    pub contact_limiter: IpLimiter,
    /// Shared by login, registration, password reset and the account page's sensitive changes.
    pub auth_limiter: IpLimiter,
    /// Sensitive changes (email, password, deletion, ending sessions) per account.
    pub account_limiter: AccountLimiter,
    /// Saves of tutorial progress per account.
    pub progress_limiter: AccountLimiter,
    /// Data downloads per account.
    pub download_limiter: AccountLimiter,
    /// Data downloads built at once on this server, whoever asks: each is held in memory
    /// while it is built, so this bounds the memory they take together.
    pub downloads: Arc<Semaphore>,
    pub cookies: SessionCookies,
    pub google: Arc<GoogleSignIn>,
    /// The origin links in mails point to: PUBLIC_URL, else the loopback address the server
    /// listens on (a development machine). Never taken from a request, whose Host header anyone
    /// can forge. `None` when neither is known: mails with links are then not offered.
    pub site_origin: Option<Arc<str>>,
}
