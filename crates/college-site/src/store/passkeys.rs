//! Passkeys and security keys (WebAuthn), and the ceremonies under way that add one or sign in
//! with one. Adding and removing are written with their audit entry and the owner's mail, in
//! one transaction, as every change to a second factor is.

use async_trait::async_trait;

use super::{error::StoreError, second_factors::FactorChange};

/// A passkey or security key as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PasskeyRecord {
    pub id: String,
    pub account_id: String,
    /// The credential's id, base64url: unique across accounts.
    pub credential_id: String,
    /// The account's WebAuthn id (a random UUID), the same on all its passkeys.
    pub user_handle: String,
    /// `passkey` (signs in alone) or `security-key` (a second factor only).
    pub kind: String,
    pub name: String,
    /// The public key, counter and flags (JSON, as the WebAuthn library keeps them).
    pub credential: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    /// Added by a session that had passed the second step: it signs in alone, and answers a
    /// sign-in's second step. One added without it (before the account had a factor) is a
    /// first step only once the account must have one.
    pub with_second_step: bool,
}

/// A WebAuthn challenge waiting for the browser's answer.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PasskeyCeremony {
    pub token_hash: String,
    /// Whose it is; `None` for a sign-in with a passkey, which learns it from the answer.
    pub account_id: Option<String>,
    pub purpose: String,
    /// The library's state of the ceremony (JSON).
    pub state: String,
    pub expires_at: i64,
}

/// What adding a passkey did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddedPasskey {
    Added,
    /// The account already has as many as it may.
    TooMany,
    /// This credential is already registered (to this account or another).
    AlreadyRegistered,
}

#[async_trait]
pub trait PasskeyStore {
    /// The account's passkeys and security keys, oldest first.
    async fn passkeys_of(&self, account_id: &str) -> Result<Vec<PasskeyRecord>, StoreError>;

    async fn passkey_by_credential_id(
        &self,
        credential_id: &str,
    ) -> Result<Option<PasskeyRecord>, StoreError>;

    /// Stores a new passkey unless the account already has `max`, with the change's audit entry
    /// and mail.
    async fn add_passkey(
        &self,
        passkey: &PasskeyRecord,
        max: i64,
        change: FactorChange<'_>,
    ) -> Result<AddedPasskey, StoreError>;

    /// Keeps the credential's new counter and when it was used.
    async fn record_passkey_use(
        &self,
        id: &str,
        credential: &str,
        now: i64,
    ) -> Result<(), StoreError>;

    /// Removes one of the account's passkeys, with the change; false when it has none of that id.
    async fn remove_passkey(
        &self,
        account_id: &str,
        id: &str,
        change: FactorChange<'_>,
    ) -> Result<bool, StoreError>;

    /// Keeps a ceremony; an account's earlier ceremony of the same purpose ends (one at a time).
    async fn create_passkey_ceremony(&self, ceremony: &PasskeyCeremony) -> Result<(), StoreError>;

    /// Takes the ceremony of this token and purpose if it has not expired at `now`: it is gone
    /// after, so an answer works once.
    async fn take_passkey_ceremony(
        &self,
        token_hash: &str,
        purpose: &str,
        now: i64,
    ) -> Result<Option<PasskeyCeremony>, StoreError>;

    /// Deletes the ceremonies expired at `now`.
    async fn purge_passkey_ceremonies(&self, now: i64) -> Result<(), StoreError>;
}
