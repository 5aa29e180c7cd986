//! Links to choose a new password, sent by mail.

use async_trait::async_trait;

use super::{contact::NewMail, error::StoreError};

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
    ///
    /// Only the newest link of an account works: when the link is stored, every earlier link
    /// of the account expires at `reset.created_at`, in the same transaction, so asking again
    /// ends the links already sent. Those links stay stored and still count toward the limit
    /// until [`purge_expired_password_resets`] deletes them. Their mails, if not yet sent, may
    /// still go out; their links then answer as expired ones.
    ///
    /// [`purge_expired_password_resets`]: Self::purge_expired_password_resets
    async fn save_password_reset(
        &self,
        reset: &NewPasswordReset,
        mail: &NewMail,
        recent: RecentLinks,
    ) -> Result<bool, StoreError>;

    /// How many reset links of `account_id`, still stored, were asked for at or after `since`,
    /// whether they still work or not.
    async fn password_resets_since(&self, account_id: &str, since: i64) -> Result<i64, StoreError>;

    /// The account whose reset link this is, while the link is unused and not expired (a link
    /// superseded by a newer one has expired).
    async fn password_reset_account(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError>;

    /// Uses a reset link, in one transaction: sets the new password, ends every session of the
    /// account, forgets its failed logins and removes all its reset links, superseded ones
    /// included (with any of their mails not yet sent). Returns the account's id, or `None`
    /// (and changes nothing) when the link is unknown, used, expired or superseded.
    async fn complete_password_reset(
        &self,
        token_hash: &str,
        password_hash: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError>;

    /// Deletes the reset links that expired at or before `now` and were asked for before
    /// `created_before`, and with them any mail not yet sent. The caller passes the start of
    /// the limit's window as `created_before`: a link superseded by a newer one expires early,
    /// yet must keep counting toward the limit of recent links for as long as it is recent.
    async fn purge_expired_password_resets(
        &self,
        now: i64,
        created_before: i64,
    ) -> Result<(), StoreError>;
}
