//! Sign-ins waiting for their second step: the password (or Google, or a first-step passkey)
//! was right, and the account's code is asked for next.

use async_trait::async_trait;

use super::error::StoreError;

/// A sign-in waiting for its second factor.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PendingSignIn {
    pub token_hash: String,
    pub account_id: String,
    pub remember: bool,
    pub user_agent: Option<String>,
    pub created_at: i64,
    pub expires_at: i64,
}

#[async_trait]
pub trait PendingSignInStore {
    async fn create_pending_sign_in(&self, pending: &PendingSignIn) -> Result<(), StoreError>;

    /// The waiting sign-in of this token, if it has not expired at `now`.
    async fn pending_sign_in(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<PendingSignIn>, StoreError>;

    /// Ends a waiting sign-in (finished, or given up); returns whether it was there, so two
    /// requests finishing one sign-in cannot both start a session.
    async fn take_pending_sign_in(&self, token_hash: &str) -> Result<bool, StoreError>;

    /// Deletes the waiting sign-ins expired at `now`.
    async fn purge_pending_sign_ins(&self, now: i64) -> Result<(), StoreError>;
}
