//! A small OpenID Connect provider for development and tests. It stands in for Google sign-in:
//! discovery, the authorization code flow with PKCE (S256), RS256 ID tokens checked against
//! its JWKS, and an account chooser shown on every authorization request (as Google does with
//! `prompt=select_account`). It keeps everything in memory and is not meant for production.
//!
//! In a test of another crate:
//!
//! ```no_run
//! # async fn example() -> Result<(), dev_oidc::Error> {
//! let oidc = dev_oidc::start(dev_oidc::Settings::default()).await?;
//! // Point the client at `oidc.issuer`, with `oidc.client_id` / `oidc.client_secret`.
//! // A browser-less test can skip the chooser page:
//! // let callback = oidc.sign_in(&authorize_url, &dev_oidc::Account::defaults()[0])?;
//! oidc.stop().await;
//! # Ok(()) }
//! ```

mod account;
mod authorize;
mod discovery;
mod grants;
mod keys;
mod pages;
mod token;

use std::fmt;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::routing::{get, post};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::RngCore;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;
use url::Url;

pub use account::Account;
pub use keys::SigningKey;

/// How the provider is set up. Start from [`Settings::default`] and change what you need:
///
/// ```
/// let settings = dev_oidc::Settings {
///     accounts: vec![dev_oidc::Account::new("Test User", "test@example.com", true)],
///     ..dev_oidc::Settings::default()
/// };
/// ```
#[derive(Clone, Debug)]
pub struct Settings {
    /// Where [`start`] listens. Default `127.0.0.1:0` (any free port).
    pub listen: SocketAddr,
    /// The issuer URL, used verbatim in discovery and as the ID token's `iss`.
    /// Default (`None`): `http://<the address actually bound>`.
    pub issuer: Option<String>,
    /// The one client allowed to sign in. Default `college-site-dev`.
    pub client_id: String,
    /// That client's secret. Default `dev-secret`.
    pub client_secret: String,
    /// Redirect URIs accepted by exact match, besides any http(s) URI on a loopback host
    /// (`localhost`, `127.0.0.0/8`, `[::1]`), which is always accepted. Default: none.
    pub redirect_uris: Vec<String>,
    /// The accounts listed in the chooser. Default: [`Account::defaults`].
    pub accounts: Vec<Account>,
    /// The ID token signing key. Default (`None`): [`SigningKey::shared`], one key generated
    /// per process.
    pub signing_key: Option<SigningKey>,
    /// How long an authorization code may be exchanged. Default 2 minutes.
    pub code_lifetime: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            issuer: None,
            client_id: "college-site-dev".to_owned(),
            client_secret: "dev-secret".to_owned(),
            redirect_uris: Vec::new(),
            accounts: Account::defaults(),
            signing_key: None,
            code_lifetime: Duration::from_secs(120),
        }
    }
}

/// What can go wrong when setting up or starting the provider.
#[derive(Debug)]
pub enum Error {
    /// Binding the listening socket failed.
    Io(std::io::Error),
    /// A setting is unusable (the message says which).
    Settings(String),
    /// The signing key could not be made, read or written.
    Key(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "{e}"),
            Error::Settings(msg) | Error::Key(msg) => f.write_str(msg),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e)
    }
}

/// The provider itself: its settings, key and in-memory grants. Serve [`Provider::router`]
/// yourself, or let [`start`] do it.
#[derive(Clone)]
pub struct Provider {
    inner: Arc<Inner>,
}

pub(crate) struct Inner {
    pub(crate) issuer: String,
    pub(crate) settings: Settings,
    pub(crate) key: SigningKey,
    pub(crate) grants: grants::Grants,
}

impl Provider {
    /// Builds a provider. Its issuer is `settings.issuer`, or `http://<settings.listen>`.
    /// Without `settings.signing_key` this generates (once per process) a key, which blocks
    /// for a moment.
    pub fn new(settings: Settings) -> Result<Self, Error> {
        let issuer = settings
            .issuer
            .clone()
            .unwrap_or_else(|| format!("http://{}", settings.listen));
        check_issuer(&issuer)?;
        if settings.client_id.is_empty() || settings.client_secret.is_empty() {
            return Err(Error::Settings(
                "the client id and secret must not be empty".into(),
            ));
        }
        for account in &settings.accounts {
            account
                .validate()
                .map_err(|why| Error::Settings(format!("account {account}: {why}")))?;
        }
        for uri in &settings.redirect_uris {
            authorize::check_redirect_shape(uri)
                .map_err(|why| Error::Settings(format!("redirect URI {uri:?}: {why}")))?;
        }
        let key = match &settings.signing_key {
            Some(key) => key.clone(),
            None => SigningKey::shared()?,
        };
        Ok(Self {
            inner: Arc::new(Inner {
                issuer,
                settings,
                key,
                grants: grants::Grants::default(),
            }),
        })
    }

    /// The issuer URL, exactly as in discovery and in the ID tokens' `iss`.
    pub fn issuer(&self) -> &str {
        &self.inner.issuer
    }

    /// The public key tokens are signed with.
    pub fn signing_key(&self) -> &SigningKey {
        &self.inner.key
    }

    /// All the endpoints, to serve at the root of the issuer URL.
    pub fn router(&self) -> Router {
        Router::new()
            .route(
                "/.well-known/openid-configuration",
                get(discovery::configuration),
            )
            .route("/jwks", get(discovery::jwks))
            .route(
                "/authorize",
                get(authorize::show_chooser).post(authorize::choose),
            )
            .route("/token", post(token::token))
            .route("/userinfo", get(token::userinfo).post(token::userinfo))
            .route("/healthz", get(|| async { "ok" }))
            .with_state(self.inner.clone())
    }

    /// Does what choosing `account` on the chooser page for `authorize_url` would do, without
    /// HTML: returns the URL the browser would be redirected to (the client's redirect URI with
    /// `code` and `state`, or with `error` if the request is invalid). Fails with
    /// [`Error::Settings`] where the provider would show its error page instead (unknown
    /// client or redirect URI). `account` need not be one of the listed accounts.
    pub fn sign_in(&self, authorize_url: &str, account: &Account) -> Result<Url, Error> {
        authorize::sign_in(&self.inner, authorize_url, account)
    }
}

/// A provider serving on a socket, from [`start`]. Dropping it stops the server too, without
/// waiting; [`RunningProvider::stop`] waits.
pub struct RunningProvider {
    /// The address actually bound (the real port when `listen` had port 0).
    pub addr: SocketAddr,
    /// The issuer URL, e.g. `http://127.0.0.1:41234`; discovery is at
    /// `{issuer}/.well-known/openid-configuration`.
    pub issuer: String,
    /// The client id the provider accepts.
    pub client_id: String,
    /// The client secret the provider accepts.
    pub client_secret: String,
    provider: Provider,
    shutdown: oneshot::Sender<()>,
    task: JoinHandle<std::io::Result<()>>,
}

impl RunningProvider {
    /// The provider being served, e.g. for [`Provider::sign_in`].
    pub fn provider(&self) -> &Provider {
        &self.provider
    }

    /// `{issuer}{path}`, e.g. `url("/token")`.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.issuer.trim_end_matches('/'))
    }

    /// Same as [`Provider::sign_in`].
    pub fn sign_in(&self, authorize_url: &str, account: &Account) -> Result<Url, Error> {
        self.provider.sign_in(authorize_url, account)
    }

    /// Stops accepting requests and waits (at most 5 seconds) for those in flight.
    pub async fn stop(self) {
        let _ = self.shutdown.send(());
        let mut task = self.task;
        if tokio::time::timeout(Duration::from_secs(5), &mut task)
            .await
            .is_err()
        {
            tracing::warn!("the provider did not stop within 5 seconds; aborting it");
            task.abort();
        }
    }
}

impl fmt::Debug for RunningProvider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RunningProvider")
            .field("addr", &self.addr)
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// Binds `settings.listen`, builds the [`Provider`] (its issuer defaulting to the bound
/// address) and serves it in a background task.
pub async fn start(mut settings: Settings) -> Result<RunningProvider, Error> {
    let listener = tokio::net::TcpListener::bind(settings.listen).await?;
    let addr = listener.local_addr()?;
    settings.listen = addr;
    // Key generation is CPU-bound: keep it off the async workers.
    let provider = tokio::task::spawn_blocking(move || Provider::new(settings))
        .await
        .map_err(|e| Error::Key(format!("key generation failed: {e}")))??;
    let (shutdown, stopped) = oneshot::channel::<()>();
    let router = provider.router();
    let task = tokio::spawn(async move {
        axum::serve(listener, router)
            .with_graceful_shutdown(async {
                // A dropped sender (the RunningProvider was dropped) stops the server too.
                let _ = stopped.await;
            })
            .await
    });
    tracing::info!(%addr, issuer = provider.issuer(), "development OpenID provider listening");
    Ok(RunningProvider {
        addr,
        issuer: provider.issuer().to_owned(),
        client_id: provider.inner.settings.client_id.clone(),
        client_secret: provider.inner.settings.client_secret.clone(),
        provider,
        shutdown,
        task,
    })
}

fn check_issuer(issuer: &str) -> Result<(), Error> {
    let url = Url::parse(issuer)
        .map_err(|e| Error::Settings(format!("issuer {issuer:?} is not a URL: {e}")))?;
    // OpenID Connect Discovery 1.0 §3: a URL with no query or fragment.
    if !matches!(url.scheme(), "http" | "https")
        || url.query().is_some()
        || url.fragment().is_some()
    {
        return Err(Error::Settings(format!(
            "issuer {issuer:?} must be an http(s) URL without query or fragment"
        )));
    }
    Ok(())
}

/// A fresh unguessable token (256 bits), URL-safe.
pub(crate) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Seconds since the Unix epoch, for JWT time claims.
pub(crate) fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issuer_defaults_to_the_listen_address() {
        let settings = Settings {
            listen: "127.0.0.1:8081".parse().unwrap(),
            ..Settings::default()
        };
        assert_eq!(
            Provider::new(settings).unwrap().issuer(),
            "http://127.0.0.1:8081"
        );
    }

    #[test]
    fn rejects_an_issuer_with_a_query() {
        let settings = Settings {
            issuer: Some("http://localhost:1/?x=1".into()),
            ..Settings::default()
        };
        assert!(matches!(Provider::new(settings), Err(Error::Settings(_))));
    }
}
