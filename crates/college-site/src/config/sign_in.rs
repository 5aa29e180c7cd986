//! "Login with Google": the OpenID issuer and this site's OAuth client there. Email and
//! password sign-in needs no setting.

use clap::Args;

use super::{error::ConfigError, parsers::issuer_is_acceptable, secrets::Secret};

#[derive(Debug, Args)]
pub struct SignInArgs {
    /// OpenID issuer for "Login with Google". Must be https, or http on loopback (a local
    /// development provider).
    #[arg(
        long,
        env = "OIDC_ISSUER",
        default_value = "https://accounts.google.com"
    )]
    pub oidc_issuer: String,

    /// OAuth client id of this site at the issuer. Google sign-in is off when unset.
    #[arg(long, env = "GOOGLE_CLIENT_ID")]
    pub google_client_id: Option<String>,

    /// OAuth client secret of this site at the issuer.
    #[arg(long, env = "GOOGLE_CLIENT_SECRET", hide_env_values = true)]
    pub google_client_secret: Option<Secret<String>>,
}

/// "Login with Google": the OpenID issuer and this site's client there.
#[derive(Debug, Clone)]
pub struct GoogleSettings {
    pub issuer: String,
    pub client_id: String,
    pub client_secret: Option<Secret<String>>,
}

impl SignInArgs {
    /// Google's settings, or `None` (Google sign-in off) without a client id. The issuer is
    /// checked only then: it is not used otherwise.
    pub fn google(self) -> Result<Option<GoogleSettings>, ConfigError> {
        let Some(client_id) = self.google_client_id.filter(|id| !id.trim().is_empty()) else {
            return Ok(None);
        };
        if !issuer_is_acceptable(&self.oidc_issuer) {
            return Err(ConfigError::OidcIssuer(self.oidc_issuer));
        }
        Ok(Some(GoogleSettings {
            issuer: self.oidc_issuer,
            client_id,
            client_secret: self
                .google_client_secret
                .filter(|secret| !secret.expose().is_empty()),
        }))
    }
}
