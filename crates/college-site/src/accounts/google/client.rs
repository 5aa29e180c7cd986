//! Google sign-in over OpenID Connect: discovery from the issuer, authorization code with PKCE,
//! state and nonce, and the ID token's signature checked against the provider's JWKS. The
//! issuer is a setting, so development and tests use a local provider.

use std::time::{Duration, Instant};

use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce, PkceCodeChallenge,
    PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
    core::{CoreAuthPrompt, CoreAuthenticationFlow, CoreClient, CoreProviderMetadata},
    reqwest,
};
use tokio::sync::RwLock;

use crate::{
    config::GoogleSettings,
    store::{OidcFlow, SharedStore, StoreError, now_millis},
};

/// A Google sign-in not finished within this time is abandoned.
pub const OIDC_FLOW_LIFETIME_MS: i64 = 10 * 60 * 1000;

/// Provider metadata (with its signing keys) is fetched again after this long, so rotated keys
/// are picked up.
const METADATA_TTL: Duration = Duration::from_secs(60 * 60);

/// What the provider vouches for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoogleIdentity {
    pub sub: String,
    pub email: Option<String>,
    pub email_verified: bool,
    pub name: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum GoogleError {
    #[error("Google sign-in is not set up on this site.")]
    NotConfigured,
    #[error(
        "Google sign-in is unavailable right now: the sign-in service cannot be reached. Please try again later."
    )]
    Unreachable(String),
    #[error("This sign-in link has expired or was already used. Please start again.")]
    UnknownState,
    #[error("Google sign-in was cancelled.")]
    Cancelled,
    #[error("Google sign-in failed: the answer from the sign-in service could not be verified.")]
    Rejected(String),
    #[error("the store failed")]
    Store(#[from] StoreError),
}

pub struct GoogleSignIn {
    settings: Option<GoogleSettings>,
    http: reqwest::Client,
    metadata: RwLock<Option<(Instant, CoreProviderMetadata)>>,
}

impl GoogleSignIn {
    pub fn new(settings: Option<GoogleSettings>) -> Self {
        let http = reqwest::ClientBuilder::new()
            // Following redirects would let a provider send our server elsewhere (SSRF).
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .build()
            .unwrap_or_default();
        Self {
            settings,
            http,
            metadata: RwLock::new(None),
        }
    }

    pub fn is_configured(&self) -> bool {
        self.settings.is_some()
    }

    /// Starts a sign-in: remembers state, nonce and PKCE verifier, and returns the provider's
    /// URL, which always asks the user to choose an account.
    pub async fn start(
        &self,
        store: &SharedStore,
        redirect_uri: &str,
        return_to: &str,
        popup: bool,
    ) -> Result<String, GoogleError> {
        let client = self.client(redirect_uri).await?;
        let (pkce_challenge, pkce_verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .add_prompt(CoreAuthPrompt::SelectAccount)
            .set_pkce_challenge(pkce_challenge)
            .url();
        store
            .save_oidc_flow(&OidcFlow {
                state: state.secret().clone(),
                nonce: nonce.secret().clone(),
                pkce_verifier: pkce_verifier.secret().clone(),
                return_to: return_to.to_owned(),
                popup,
                created_at: now_millis(),
            })
            .await?;
        Ok(url.to_string())
    }

    /// Takes the pending sign-in named by `state`, so it cannot be replayed.
    pub async fn take_flow(
        &self,
        store: &SharedStore,
        state: &str,
    ) -> Result<OidcFlow, GoogleError> {
        let flow = store
            .take_oidc_flow(state)
            .await?
            .ok_or(GoogleError::UnknownState)?;
        if now_millis() - flow.created_at > OIDC_FLOW_LIFETIME_MS {
            return Err(GoogleError::UnknownState);
        }
        Ok(flow)
    }

    /// Exchanges the code (with the PKCE verifier) and verifies the ID token: signature against
    /// the JWKS, issuer, audience, expiry and nonce.
    pub async fn finish(
        &self,
        flow: &OidcFlow,
        code: &str,
        redirect_uri: &str,
    ) -> Result<GoogleIdentity, GoogleError> {
        let client = self.client(redirect_uri).await?;
        let rejected = |e: &dyn std::fmt::Display| GoogleError::Rejected(e.to_string());
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .map_err(|e| rejected(&e))?
            .set_pkce_verifier(PkceCodeVerifier::new(flow.pkce_verifier.clone()))
            .request_async(&self.http)
            .await
            .map_err(|e| rejected(&e))?;
        let id_token = response
            .id_token()
            .ok_or_else(|| GoogleError::Rejected("no ID token".into()))?;
        let claims = id_token
            .claims(&client.id_token_verifier(), &Nonce::new(flow.nonce.clone()))
            .map_err(|e| rejected(&e))?;
        Ok(GoogleIdentity {
            sub: claims.subject().as_str().to_owned(),
            email: claims.email().map(|e| e.as_str().to_owned()),
            email_verified: claims.email_verified().unwrap_or(false),
            name: claims
                .name()
                .and_then(|name| name.get(None))
                .map(|name| name.as_str().to_owned()),
        })
    }

    async fn client(
        &self,
        redirect_uri: &str,
    ) -> Result<
        CoreClient<
            openidconnect::EndpointSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointNotSet,
            openidconnect::EndpointMaybeSet,
            openidconnect::EndpointMaybeSet,
        >,
        GoogleError,
    > {
        let settings = self.settings.as_ref().ok_or(GoogleError::NotConfigured)?;
        let metadata = self.metadata(settings).await?;
        let redirect = RedirectUrl::new(redirect_uri.to_owned())
            .map_err(|e| GoogleError::Rejected(e.to_string()))?;
        Ok(CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(settings.client_id.clone()),
            settings
                .client_secret
                .as_ref()
                .map(|secret| ClientSecret::new(secret.expose().clone())),
        )
        .set_redirect_uri(redirect))
    }

    async fn metadata(
        &self,
        settings: &GoogleSettings,
    ) -> Result<CoreProviderMetadata, GoogleError> {
        if let Some((fetched, metadata)) = self.metadata.read().await.as_ref()
            && fetched.elapsed() < METADATA_TTL
        {
            return Ok(metadata.clone());
        }
        let issuer = IssuerUrl::new(settings.issuer.clone())
            .map_err(|e| GoogleError::Unreachable(e.to_string()))?;
        let metadata = CoreProviderMetadata::discover_async(issuer, &self.http)
            .await
            .map_err(|e| {
                tracing::warn!(error = %e, "OpenID discovery failed");
                GoogleError::Unreachable(e.to_string())
            })?;
        *self.metadata.write().await = Some((Instant::now(), metadata.clone()));
        Ok(metadata)
    }
}
