//! The roles an account holds. The site's operator grants them (`college-site roles`), and so
//! does an admin in the staff area; every route that needs one checks it in the store on every
//! request.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, error::StoreError};

/// A role an account can hold. Stored by its name, so that adding a role needs no migration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Role {
    /// Runs classes and sees the progress of the students who joined them.
    Teacher,
    /// Reads the contact messages in the staff area and sees how their mail went.
    Office,
    /// Everything the office does, and the people, roles, audit log and mail health.
    Admin,
    /// Writes and publishes the college's notices.
    Editor,
    /// Sits on the Students' Grievance Redressal Committee: the only role that reads students'
    /// grievances.
    GrievanceCommittee,
}

impl Role {
    pub const ALL: [Role; 5] = [
        Role::Teacher,
        Role::Office,
        Role::Admin,
        Role::Editor,
        Role::GrievanceCommittee,
    ];

    /// The role's name, as stored, typed on the command line and sent to the web app.
    pub fn name(self) -> &'static str {
        match self {
            Role::Teacher => "teacher",
            Role::Office => "office",
            Role::Admin => "admin",
            Role::Editor => "editor",
            Role::GrievanceCommittee => "grievance-committee",
        }
    }

    /// The role named `name` (any case), if there is one.
    pub fn from_name(name: &str) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|role| role.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl serde::Serialize for Role {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// What became of a revocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoleRevoked {
    Revoked,
    /// The account did not hold the role: nothing changed.
    NotHeld,
    /// It is the only admin's admin role, which is kept: someone must be able to grant roles.
    LastAdmin,
}

/// One role held by one account, as `college-site roles list` shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleHolder {
    pub email: String,
    pub display_name: Option<String>,
    pub role: Role,
    pub granted_at: i64,
    /// Marked as the grievance committee's chairperson (a member only).
    pub chair: bool,
}

#[async_trait]
pub trait RoleStore {
    /// The roles `account_id` holds, in the order of [`Role::ALL`].
    async fn roles_of(&self, account_id: &str) -> Result<Vec<Role>, StoreError>;
    /// Whether `account_id` holds `role`.
    async fn has_role(&self, account_id: &str, role: Role) -> Result<bool, StoreError>;
    /// Gives `role` to `account_id` at `audit.at`, ends the account's sessions that did not pass
    /// the second step, and records `audit`; false (and nothing recorded) when it held it
    /// already.
    async fn grant_role(
        &self,
        account_id: &str,
        role: Role,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError>;
    /// Takes `role` from `account_id` and records `audit`, unless that would leave the site
    /// with no admin.
    async fn revoke_role(
        &self,
        account_id: &str,
        role: Role,
        audit: &NewAuditEntry,
    ) -> Result<RoleRevoked, StoreError>;
    /// Every role held, by email then role.
    async fn role_holders(&self) -> Result<Vec<RoleHolder>, StoreError>;
    /// Marks `account_id` as the grievance committee's chairperson (the one: whoever was is no
    /// longer), or unmarks them, and records `audit`; false (nothing changed) when they are not
    /// on the committee.
    async fn set_grievance_chair(
        &self,
        account_id: &str,
        chair: bool,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError>;
}
