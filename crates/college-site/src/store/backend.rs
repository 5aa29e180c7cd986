//! What each backend implements: every part of the store, behind one handle.

use std::sync::Arc;

use async_trait::async_trait;

use super::{
    account_settings::AccountSettingsStore, accounts::AccountStore, audit::AuditStore,
    classes::ClassStore, college_holidays::HolidayStore, contact::ContactStore,
    content::ContentStore, dormant::DormantAccountStore,
    email_verifications::EmailVerificationStore, error::StoreError, files::FileStore,
    grievance_files::GrievanceFileStore, grievances::GrievanceStore, inbox::InboxStore,
    mail_health::MailHealthStore, passkeys::PasskeyStore, password_resets::PasswordResetStore,
    pending_sign_ins::PendingSignInStore, people::PeopleStore, progress::ProgressStore,
    publishing::PublishingStore, roles::RoleStore, second_factors::SecondFactorStore,
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
    + InboxStore
    + PeopleStore
    + AuditStore
    + MailHealthStore
    + ContentStore
    + DormantAccountStore
    + FileStore
    + GrievanceStore
    + GrievanceFileStore
    + HolidayStore
    + PublishingStore
    + SecondFactorStore
    + PendingSignInStore
    + PasskeyStore
    + Send
    + Sync
    + 'static
{
    /// Answers when the database can be reached.
    async fn ping(&self) -> Result<(), StoreError>;

    /// Whether every migration this binary carries is applied to the database (a database
    /// restored from an older backup under a running server is not).
    async fn migrations_applied(&self) -> Result<bool, StoreError>;

    /// Sessions not yet expired at `now`, of every account.
    async fn active_sessions(&self, now: i64) -> Result<i64, StoreError>;

    /// How much of its connection pool this instance uses.
    fn pool_use(&self) -> PoolUse;
}

/// Connections of one instance's pool.
#[derive(Debug, Clone, Copy)]
pub struct PoolUse {
    pub in_use: u32,
    pub idle: u32,
    pub max: u32,
}
