//! What an admin reads and changes of the site's accounts: the people list, disabling an
//! account, ending its sessions, and the identity check that guards those changes.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, error::StoreError};

/// An account as the people list shows it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Person {
    pub id: String,
    pub email: String,
    pub display_name: Option<String>,
    pub created_at: i64,
    pub has_password: bool,
    pub has_google: bool,
    pub has_second_factor: bool,
    pub email_verified_at: Option<i64>,
    pub last_active_at: Option<i64>,
    pub disabled_at: Option<i64>,
    /// Role names, comma-separated ("" for none).
    pub roles: String,
    /// The grievance committee's chairperson.
    pub grievance_chair: bool,
    pub classes_taught: i64,
    pub classes_joined: i64,
}

/// A class a person teaches or joined, for their page.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonClass {
    pub id: String,
    pub name: String,
    /// The teacher's name or email, for a class joined.
    pub teacher: Option<String>,
}

/// What became of a disable or enable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountSwitch {
    Changed,
    /// It was already so: nothing changed.
    Unchanged,
    NotFound,
    /// Disabling it would leave no enabled admin: nothing changed.
    LastAdmin,
}

#[async_trait]
pub trait PeopleStore {
    /// One page of accounts whose email or name contains `text` (any case), by email, and how
    /// many match in all.
    async fn people_page(
        &self,
        text: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Person>, i64), StoreError>;

    async fn person(&self, id: &str) -> Result<Option<Person>, StoreError>;

    /// The classes `id` teaches, and those they joined.
    async fn person_classes(
        &self,
        id: &str,
    ) -> Result<(Vec<PersonClass>, Vec<PersonClass>), StoreError>;

    /// Disables the account (`disabled` true) and ends its sessions, or enables it again, and
    /// records `audit`.
    async fn set_account_disabled(
        &self,
        id: &str,
        disabled: bool,
        audit: &NewAuditEntry,
    ) -> Result<AccountSwitch, StoreError>;

    /// Ends every session of the account and records `audit`; returns how many were ended.
    async fn end_all_sessions(&self, id: &str, audit: &NewAuditEntry) -> Result<u64, StoreError>;

    /// Notes that the session `token_hash` passed the identity check at `now`.
    async fn confirm_session_identity(&self, token_hash: &str, now: i64) -> Result<(), StoreError>;
}
