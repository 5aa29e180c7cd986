//! What each backend implements: every part of the store, behind one handle.

use std::sync::Arc;

use async_trait::async_trait;

use super::{
    account_settings::AccountSettingsStore, accounts::AccountStore, classes::ClassStore,
    contact::ContactStore, email_verifications::EmailVerificationStore, error::StoreError,
    password_resets::PasswordResetStore, progress::ProgressStore, roles::RoleStore,
};

/// The store the server uses, whichever backend it is.
pub type SharedStore = Arc<dyn Store>;

/// Everything the server stores. Each backend implements the parts.
#[async_trait]
pub trait Store:
    ContactStore
    + AccountStore
    + AccountSettingsStore
    + PasswordResetStore
    + EmailVerificationStore
    + ProgressStore
    + RoleStore
    + ClassStore
    + Send
    + Sync
    + 'static
{
    /// Answers when the database can be reached.
    async fn ping(&self) -> Result<(), StoreError>;
}
