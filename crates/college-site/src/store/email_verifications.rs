//! Links that confirm an email address, sent by mail: the account's current address, or a new
//! one, which becomes the sign-in email only when its link is used.

use async_trait::async_trait;

use super::{contact::NewMail, error::StoreError, password_resets::RecentLinks};

/// A verification link just asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEmailVerification {
    /// SHA-256 of the link's token, hex.
    pub token_hash: String,
    pub account_id: String,
    /// The address the link confirms, as typed.
    pub email: String,
    /// Its trimmed, lower-cased form, as `accounts.email_key` holds it.
    pub email_key: String,
    pub created_at: i64,
    pub expires_at: i64,
}

/// A link that can still be used.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct EmailVerification {
    pub account_id: String,
    pub email: String,
    pub email_key: String,
}

/// What using a link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedEmail {
    pub account_id: String,
    /// The address now confirmed, as typed.
    pub email: String,
    /// Whether it replaced the account's address (else it confirmed the current one).
    pub changed: bool,
}

#[async_trait]
pub trait EmailVerificationStore {
    /// Stores a link and the mail that carries it, in one transaction, unless the account
    /// already has `recent.max` links asked for at or after `recent.since`. Returns whether it
    /// stored them. The count and the insert are one step, so parallel requests cannot both
    /// slip under the limit.
    ///
    /// Only the newest link of an account works: when the link is stored, every earlier link
    /// of the account expires at `link.created_at`, in the same transaction, so a link sent to
    /// a mistyped address stops working once the user asks again. Those links stay stored and
    /// still count toward the limit until [`purge_expired_email_verifications`] deletes them.
    /// Their mails, if not yet sent, may still go out; their links then answer as expired ones.
    ///
    /// [`purge_expired_email_verifications`]: Self::purge_expired_email_verifications
    async fn save_email_verification(
        &self,
        link: &NewEmailVerification,
        mail: &NewMail,
        recent: RecentLinks,
    ) -> Result<bool, StoreError>;

    /// How many links of `account_id`, still stored, were asked for at or after `since`,
    /// whether they still work or not.
    async fn email_verifications_since(
        &self,
        account_id: &str,
        since: i64,
    ) -> Result<i64, StoreError>;

    /// The link, while it is unused and not expired (a link superseded by a newer one has
    /// expired).
    async fn email_verification(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<EmailVerification>, StoreError>;

    /// Uses a link, in one transaction. When it is for the account's current address, the
    /// address is marked verified and the links for it are removed. When it is for another
    /// address, that becomes the account's sign-in email and its profile's email, verified; all
    /// the account's links are removed and `notice` (the mail to the old address) is queued.
    /// `None` (and nothing changed) when the link is unknown, used or expired; `Conflict` (and
    /// nothing changed) when another account has the new address.
    ///
    /// The caller builds `notice` from the account as it read it: a link still stored means the
    /// address has not changed since, as any change removes all the account's links.
    async fn complete_email_verification(
        &self,
        token_hash: &str,
        now: i64,
        notice: Option<&NewMail>,
    ) -> Result<Option<VerifiedEmail>, StoreError>;

    /// The new address a usable link of the account would change it to. Only the newest link
    /// is usable, so when that link confirms the current address, no change is pending.
    async fn pending_email_change(
        &self,
        account_id: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError>;

    /// Records that the account's current address was proved at `now` (Google vouched for it).
    async fn mark_email_verified(&self, account_id: &str, now: i64) -> Result<(), StoreError>;

    /// Links a Google account to an account whose address was never verified, in one
    /// transaction: the password is removed, every session and every verification link of the
    /// account ends, and the address counts as verified at `now`, as Google vouched for it.
    /// Whoever set that password never proved they own the address, so nothing they started
    /// (a session, a link to move the account to their own address) may outlive the link.
    /// Only while the account still has `email_key`; returns whether it linked.
    async fn link_google_ending_access(
        &self,
        account_id: &str,
        email_key: &str,
        sub: &str,
        now: i64,
    ) -> Result<bool, StoreError>;

    /// Links a Google account to an account whose address is verified, keeping its password and
    /// sessions: whoever set them proved they own the address. `Conflict` when the Google
    /// account is linked elsewhere.
    async fn link_google_keeping_access(
        &self,
        account_id: &str,
        sub: &str,
    ) -> Result<(), StoreError>;

    /// Deletes the links that expired at or before `now` and were asked for before
    /// `created_before`, and with them any mail not yet sent. The caller passes the start of
    /// the limit's window as `created_before`: a link superseded by a newer one expires early,
    /// yet must keep counting toward the limit of recent links for as long as it is recent.
    async fn purge_expired_email_verifications(
        &self,
        now: i64,
        created_before: i64,
    ) -> Result<(), StoreError>;
}
