//! What the store keeps for accounts: credentials, the users profile record, sessions, failed
//! logins (counted here so the limit holds across server instances) and pending Google
//! sign-ins.

use async_trait::async_trait;

use super::error::StoreError;

/// Credentials of one account. The id is also the key of its profile record.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Account {
    pub id: String,
    /// Trimmed, lower-cased email: unique without regard to case.
    pub email_key: String,
    /// argon2id PHC string; `None` for accounts that sign in with Google only.
    pub password_hash: Option<String>,
    pub google_sub: Option<String>,
    pub created_at: i64,
    /// When the email was last proved to be the account holder's; `None` until then.
    pub email_verified_at: Option<i64>,
    /// When an admin disabled the account: it cannot sign in until enabled again.
    pub disabled_at: Option<i64>,
}

/// The profile record (`users/{id}`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub id: String,
    pub display_name: Option<String>,
    pub email: String,
    pub mobile: Option<String>,
    /// Fields callers merged in, as a JSON object.
    pub extra: serde_json::Map<String, serde_json::Value>,
    pub created_at: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    /// SHA-256 of the cookie's token, hex.
    pub token_hash: String,
    /// How the account page names the session; random, unrelated to the token.
    pub public_id: String,
    pub account_id: String,
    pub remember: bool,
    /// The browser's User-Agent at sign-in, at most [`USER_AGENT_MAX`] characters.
    pub user_agent: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
    /// When the session passed the second step, if it did at sign-in (see
    /// [`SessionRecord::second_step_at`]).
    pub second_step_at: Option<i64>,
}

/// How much of a User-Agent is kept: enough to name a browser and a system.
pub const USER_AGENT_MAX: usize = 512;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionRecord {
    pub public_id: String,
    pub account_id: String,
    pub remember: bool,
    pub user_agent: Option<String>,
    /// When the user signed in: "recent sign-in" is measured from here.
    pub created_at: i64,
    pub last_seen_at: i64,
    pub expires_at: i64,
    /// When the session last passed the identity check (the password again).
    pub identity_confirmed_at: Option<i64>,
    /// When the session passed the second step (a code, a passkey or security key, or setting
    /// the factor up): a staff route needs a session that did, whenever the role or the factor
    /// came. `None` for a session opened by a first factor alone.
    pub second_step_at: Option<i64>,
    /// Whether the account has a second factor on, read with the session (by
    /// `AccountStore::session` only; other reads leave it false).
    #[sqlx(default)]
    pub account_has_factor: bool,
}

/// A Google sign-in between the redirect to the provider and its callback.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OidcFlow {
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
    /// Path on this site to return to afterwards.
    pub return_to: String,
    /// Whether the flow runs in a popup (else a full-page redirect).
    pub popup: bool,
    pub created_at: i64,
}

/// The failed-login count every client without a device cookie of the account shares.
pub const ANY_CLIENT: &str = "anyone";

/// How long a device cookie vouches for the browser it was given to: a year.
pub const DEVICE_COOKIE_LIFETIME_MS: i64 = 365 * 24 * 60 * 60 * 1000;

#[async_trait]
pub trait AccountStore {
    /// Creates an account and its profile record in one transaction. `Conflict` when the email
    /// or the Google account is already taken.
    async fn create_account(&self, account: &Account, profile: &Profile) -> Result<(), StoreError>;

    async fn account(&self, id: &str) -> Result<Option<Account>, StoreError>;

    async fn account_by_email(&self, email_key: &str) -> Result<Option<Account>, StoreError>;

    async fn account_by_google_sub(&self, sub: &str) -> Result<Option<Account>, StoreError>;

    async fn profile(&self, id: &str) -> Result<Option<Profile>, StoreError>;

    /// Creates the profile record unless one exists. Returns whether it was created.
    async fn create_profile_if_missing(&self, profile: &Profile) -> Result<bool, StoreError>;

    /// Merges `extra` into the profile's extra fields (keys in `extra` win; callers pass no null
    /// values, which the backends would treat differently). Returns whether the
    /// profile exists.
    async fn merge_profile_extra(
        &self,
        id: &str,
        extra: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<bool, StoreError>;

    /// Creates a session, unless the account is disabled (false).
    async fn create_session(&self, session: &NewSession) -> Result<bool, StoreError>;

    /// The session of `token_hash`, unless its account is disabled: every request's session
    /// check, and the live views' too, go through here.
    async fn session(&self, token_hash: &str) -> Result<Option<SessionRecord>, StoreError>;

    /// Records activity, which keeps an idle session from expiring.
    async fn touch_session(&self, token_hash: &str, now: i64) -> Result<(), StoreError>;

    async fn delete_session(&self, token_hash: &str) -> Result<(), StoreError>;

    /// Records a failed login for `email_key` from `client` (a device's key, or
    /// [`ANY_CLIENT`]).
    async fn record_login_failure(
        &self,
        email_key: &str,
        client: &str,
        at: i64,
    ) -> Result<(), StoreError>;

    /// Times of the failed logins for `email_key` from `client` at or after `since`, oldest
    /// first.
    async fn login_failures_since(
        &self,
        email_key: &str,
        client: &str,
        since: i64,
    ) -> Result<Vec<i64>, StoreError>;

    /// Forgets the failed logins for `email_key` from `client`.
    async fn clear_login_failures(&self, email_key: &str, client: &str) -> Result<(), StoreError>;

    /// Remembers the device cookie `token_hash`, given at a sign-in to `email_key`.
    async fn remember_device(
        &self,
        token_hash: &str,
        email_key: &str,
        at: i64,
    ) -> Result<(), StoreError>;

    /// Whether `token_hash` is a device cookie given at a sign-in to `email_key` after
    /// `since`.
    async fn is_device_of(
        &self,
        token_hash: &str,
        email_key: &str,
        since: i64,
    ) -> Result<bool, StoreError>;

    async fn save_oidc_flow(&self, flow: &OidcFlow) -> Result<(), StoreError>;

    /// Takes (reads and deletes) a pending sign-in, so a state is used at most once.
    async fn take_oidc_flow(&self, state: &str) -> Result<Option<OidcFlow>, StoreError>;

    /// Deletes expired sessions, sign-ins started before `flows_before` and failures before
    /// `failures_before`.
    async fn purge_expired(
        &self,
        now: i64,
        flows_before: i64,
        failures_before: i64,
    ) -> Result<(), StoreError>;
}

/// A profile row as stored: `extra` is JSON text on both backends.
#[derive(sqlx::FromRow)]
pub(super) struct ProfileRow {
    pub id: String,
    pub display_name: Option<String>,
    pub email: String,
    pub mobile: Option<String>,
    pub extra: String,
    pub created_at: i64,
}

impl From<ProfileRow> for Profile {
    fn from(row: ProfileRow) -> Self {
        Profile {
            id: row.id,
            display_name: row.display_name,
            email: row.email,
            mobile: row.mobile,
            extra: serde_json::from_str(&row.extra).unwrap_or_default(),
            created_at: row.created_at,
        }
    }
}

pub(super) fn extra_json(extra: &serde_json::Map<String, serde_json::Value>) -> String {
    serde_json::Value::Object(extra.clone()).to_string()
}
