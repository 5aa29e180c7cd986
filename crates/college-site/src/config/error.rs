//! Why a setting was refused. One enum for every concern, so that each message an operator may
//! meet at start-up is in one list; in a file of its own, so that the concerns' files and
//! `mod.rs` share it without importing one another.

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("CONTACT_INBOX is not a valid email address ({0})")]
    ContactInbox(String),
    #[error("MAIL_FROM is not a valid mailbox ({0})")]
    MailFrom(String),
    #[error("PUBLIC_URL must be an absolute http:// or https:// URL, got {0:?}")]
    PublicUrl(String),
    #[error("DATABASE_URL must start with sqlite:// or postgres://")]
    DatabaseScheme,
    #[error("TRUSTED_PROXIES: {0}")]
    TrustedProxy(String),
    #[error("OIDC_ISSUER must be an https:// URL (http:// only on loopback), got {0:?}")]
    OidcIssuer(String),
    #[error("{0}")]
    Ops(String),
    #[error(
        "SECOND_FACTOR_KEY must be 32 random bytes in base64, for example the output of `head -c 32 /dev/urandom | base64`"
    )]
    SecondFactorKey,
}
