//! What every handler can reach. `app.rs` builds it once at start-up.

use std::sync::Arc;

use tokio::sync::{Notify, Semaphore, watch};
use tokio_util::sync::CancellationToken;

use crate::{
    accounts::{google::client::GoogleSignIn, session::cookies::SessionCookies},
    config::Config,
    content::{
        files::cache::FileCache,
        render::{page_cache::RenderedPages, per_generation::PerGeneration},
    },
    outbox::OutboxSignal,
    rate_limit::{AccountLimiter, IpFailures, IpLimiter, OpenPerAccount},
    store::SharedStore,
};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub store: SharedStore,
    pub outbox: OutboxSignal,
    pub contact_limiter: IpLimiter,
    /// Shared by password reset, email links and the account page's sensitive changes.
    pub auth_limiter: IpLimiter,
    /// Sign-in and registration requests per address, right or wrong: a bound on a flood.
    pub sign_in_limiter: IpLimiter,
    /// Failed logins per address: spent, only a browser that signed in to the account before
    /// (its device cookie) may try its password from there.
    pub failed_sign_ins: IpFailures,
    /// Registrations per IP address and day.
    pub registration_limiter: IpLimiter,
    /// Sensitive changes (email, password, deletion, ending sessions) per account.
    pub account_limiter: AccountLimiter,
    /// Saves of tutorial progress per account.
    pub progress_limiter: AccountLimiter,
    /// Data downloads per account.
    pub download_limiter: AccountLimiter,
    /// Data downloads built at once on this server, whoever asks: each is held in memory
    /// while it is built, so this bounds the memory they take together.
    pub downloads: Arc<Semaphore>,
    /// A teacher's calls to the classes API, per account.
    pub teach_limiter: AccountLimiter,
    /// Attempts at join codes, per connection and per account: guessing codes stays hopeless.
    pub join_ip_limiter: IpLimiter,
    pub join_account_limiter: AccountLimiter,
    /// Searches at `/search` per address.
    pub search_limiter: IpLimiter,
    /// Calls to the staff API, per staff member.
    pub staff_limiter: AccountLimiter,
    /// Test mails, per admin: each talks to the mail server.
    pub test_mail_limiter: AccountLimiter,
    /// The live class views each account holds open on this server.
    pub live_views: OpenPerAccount,
    /// Moves whenever this server saved something a class's teacher may see (a student's
    /// progress, a join, a leave): the live class views on this server look at once, instead
    /// of at their next poll (which finds changes saved by other instances).
    pub progress_changed: watch::Sender<u64>,
    /// Told when an editor on this server changes what is published or scheduled: the content
    /// schedule plans again at once.
    pub content_changed: Arc<Notify>,
    /// The content pages visitors read, as rendered, until what they show changes.
    pub rendered_pages: Arc<RenderedPages>,
    /// The disclosure's items needing an editor, as the staff area's banner counts them.
    pub disclosure_attention: Arc<PerGeneration<usize>>,
    /// The bytes of attached files, one shared buffer each, bounded.
    pub file_cache: FileCache,
    /// Megabytes of large files each address downloads: a burst, then a steady rate.
    pub download_mb_limiter: IpLimiter,
    /// Cancelled when the server stops: live views end, so that draining does not wait for them.
    pub shutdown: CancellationToken,
    /// Cancelled when the server is asked to stop, before it stops taking connections:
    /// `/readyz` then answers 503.
    pub draining: CancellationToken,
    pub cookies: SessionCookies,
    pub google: Arc<GoogleSignIn>,
    /// The origin links in mails point to: PUBLIC_URL, else the loopback address the server
    /// listens on (a development machine). Never taken from a request, whose Host header anyone
    /// can forge. `None` when neither is known: mails with links are then not offered.
    pub site_origin: Option<Arc<str>>,
}

impl AppState {
    /// Tells this server's live class views to look now: something a teacher may see was
    /// saved (see [`AppState::progress_changed`]).
    pub fn announce_progress_change(&self) {
        self.progress_changed
            .send_modify(|count| *count = count.wrapping_add(1));
    }

    /// An editor on this server changed what visitors see, or when: the content schedule plans
    /// again at once, and the pages kept as rendered are dropped.
    pub fn announce_content_change(&self) {
        self.content_changed.notify_one();
        self.rendered_pages.forget();
    }
}
