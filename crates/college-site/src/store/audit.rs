//! The audit log: every staff action, with who did it, to whom or what, when and from where.
//! An entry is written in the same transaction as the change it records, so no change goes
//! unrecorded; the server deletes entries older than its retention setting.

use async_trait::async_trait;

use super::error::StoreError;

/// What a staff member (or the site's operator) did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuditAction {
    RoleGranted,
    RoleRevoked,
    AccountDisabled,
    AccountEnabled,
    AccountSignedOut,
    MessageStatusChanged,
    MailResent,
    MessageNoteAdded,
    TestMailSent,
    ContentPublished,
    ContentScheduled,
    ContentUnpublished,
    ContentDeleted,
    /// An editor checked that a published item still holds, and changed nothing.
    ContentReviewed,
    FileUploaded,
    FileDeleted,
    SecondFactorOn,
    SecondFactorOff,
    RecoveryCodesRenewed,
    SecondFactorReset,
    PasskeyAdded,
    PasskeyRemoved,
    /// A committee member opened a grievance: who read it is part of its record.
    GrievanceViewed,
    GrievanceChanged,
    HolidaysChanged,
}

impl AuditAction {
    pub const ALL: [AuditAction; 25] = [
        AuditAction::RoleGranted,
        AuditAction::RoleRevoked,
        AuditAction::AccountDisabled,
        AuditAction::AccountEnabled,
        AuditAction::AccountSignedOut,
        AuditAction::MessageStatusChanged,
        AuditAction::MailResent,
        AuditAction::MessageNoteAdded,
        AuditAction::TestMailSent,
        AuditAction::ContentPublished,
        AuditAction::ContentScheduled,
        AuditAction::ContentUnpublished,
        AuditAction::ContentDeleted,
        AuditAction::ContentReviewed,
        AuditAction::FileUploaded,
        AuditAction::FileDeleted,
        AuditAction::SecondFactorOn,
        AuditAction::SecondFactorOff,
        AuditAction::RecoveryCodesRenewed,
        AuditAction::SecondFactorReset,
        AuditAction::PasskeyAdded,
        AuditAction::PasskeyRemoved,
        AuditAction::GrievanceViewed,
        AuditAction::GrievanceChanged,
        AuditAction::HolidaysChanged,
    ];

    /// The action's name, as stored and as the staff area filters by it.
    pub fn name(self) -> &'static str {
        match self {
            AuditAction::RoleGranted => "role-granted",
            AuditAction::RoleRevoked => "role-revoked",
            AuditAction::AccountDisabled => "account-disabled",
            AuditAction::AccountEnabled => "account-enabled",
            AuditAction::AccountSignedOut => "account-signed-out",
            AuditAction::MessageStatusChanged => "message-status-changed",
            AuditAction::MailResent => "mail-resent",
            AuditAction::MessageNoteAdded => "message-note-added",
            AuditAction::TestMailSent => "test-mail-sent",
            AuditAction::ContentPublished => "content-published",
            AuditAction::ContentScheduled => "content-scheduled",
            AuditAction::ContentUnpublished => "content-unpublished",
            AuditAction::ContentDeleted => "content-deleted",
            AuditAction::ContentReviewed => "content-reviewed",
            AuditAction::FileUploaded => "file-uploaded",
            AuditAction::FileDeleted => "file-deleted",
            AuditAction::SecondFactorOn => "second-factor-on",
            AuditAction::SecondFactorOff => "second-factor-off",
            AuditAction::RecoveryCodesRenewed => "recovery-codes-renewed",
            AuditAction::SecondFactorReset => "second-factor-reset",
            AuditAction::PasskeyAdded => "passkey-added",
            AuditAction::PasskeyRemoved => "passkey-removed",
            AuditAction::GrievanceViewed => "grievance-viewed",
            AuditAction::GrievanceChanged => "grievance-changed",
            AuditAction::HolidaysChanged => "holidays-changed",
        }
    }

    pub fn from_name(name: &str) -> Option<AuditAction> {
        AuditAction::ALL
            .into_iter()
            .find(|action| action.name() == name)
    }
}

/// Who acted: a signed-in staff member, or the command line on the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    Staff {
        email: String,
        name: Option<String>,
        ip: Option<String>,
    },
    CommandLine,
}

/// An entry to write beside the change it records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAuditEntry {
    pub at: i64,
    pub actor: Actor,
    pub action: AuditAction,
    /// The account acted on, if any (its email), so the log can be filtered by person.
    pub target_email: Option<String>,
    /// What was done, in words: "teacher for asha@example.com", "message 17: answered".
    pub target: String,
}

/// A stored entry.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditEntry {
    pub id: i64,
    pub at: i64,
    /// `None` for the command line.
    pub actor_email: Option<String>,
    pub actor_name: Option<String>,
    pub action: String,
    pub target_email: Option<String>,
    pub target: String,
    pub ip: Option<String>,
}

/// Which entries to list: `person` matches who acted or whom it was done to (an email key).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditQuery {
    pub person: Option<String>,
    pub action: Option<AuditAction>,
    pub offset: i64,
    pub limit: i64,
}

#[async_trait]
pub trait AuditStore {
    /// Writes an entry for an action that changes nothing else in the store (a test mail).
    async fn record_audit(&self, entry: &NewAuditEntry) -> Result<(), StoreError>;
    /// One page of entries, newest first, and how many match in all.
    async fn audit_page(&self, query: &AuditQuery) -> Result<(Vec<AuditEntry>, i64), StoreError>;
    /// Deletes the entries written before `cutoff`; returns how many.
    async fn purge_audit_before(&self, cutoff: i64) -> Result<u64, StoreError>;
}
