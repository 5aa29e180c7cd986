//! Links to choose a new password, sent by mail.

use async_trait::async_trait;

use super::{NewMail, StoreError};

/// A reset link just asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPasswordReset {
    /// SHA-256 of the link's token, hex.
    pub token_hash: String,
    pub account_id: String,
    pub created_at: i64,
    pub expires_at: i64,
}

/// How many reset links an account may have been sent recently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecentLinks {
    pub since: i64,
    pub max: i64,
}

#[async_trait]
pub trait PasswordResetStore {
    /// Stores a reset link and the mail that carries it, in one transaction, unless the account
    /// already has `recent.max` links asked for at or after `recent.since`. Returns whether it
    /// stored them. The count and the insert are one step, so parallel requests cannot both
    /// slip under the limit.
    async fn save_password_reset(
        &self,
        reset: &NewPasswordReset,
        mail: &NewMail,
        recent: RecentLinks,
    ) -> Result<bool, StoreError>;

    /// How many reset links of `account_id`, still stored, were asked for at or after `since`.
    async fn password_resets_since(&self, account_id: &str, since: i64) -> Result<i64, StoreError>;

    /// The account whose reset link this is, while the link is unused and not expired.
    async fn password_reset_account(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError>;

    /// Uses a reset link, in one transaction: sets the new password, ends every session of the
    /// account, forgets its failed logins and removes all its reset links. Returns the
    /// account's id, or `None` (and changes nothing) when the link is unknown, used or expired.
    async fn complete_password_reset(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError>;

    /// Deletes the reset links that expired before `now`.
    async fn purge_expired_password_resets(&self, now: i64) -> Result<(), StoreError>;
}
