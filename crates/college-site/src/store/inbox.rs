//! The office's inbox: contact messages with what the office did with each (its status) and
//! what its mail did (its outbox row), kept apart.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, error::StoreError};

/// What the office did with a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageStatus {
    New,
    Read,
    Answered,
    Archived,
}

impl MessageStatus {
    pub const ALL: [MessageStatus; 4] = [
        MessageStatus::New,
        MessageStatus::Read,
        MessageStatus::Answered,
        MessageStatus::Archived,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MessageStatus::New => "new",
            MessageStatus::Read => "read",
            MessageStatus::Answered => "answered",
            MessageStatus::Archived => "archived",
        }
    }

    pub fn from_name(name: &str) -> Option<MessageStatus> {
        MessageStatus::ALL
            .into_iter()
            .find(|status| status.name() == name)
    }
}

/// Which messages by office status: `Open` is every one not archived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StatusFilter {
    #[default]
    Open,
    Only(MessageStatus),
    All,
}

/// Which messages by what their mail did. The names are the outbox's statuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailFilter {
    Pending,
    Sent,
    Failed,
}

impl MailFilter {
    pub(super) fn outbox_status(self) -> &'static str {
        match self {
            MailFilter::Pending => "pending",
            MailFilter::Sent => "sent",
            MailFilter::Failed => "failed",
        }
    }
}

/// One page of the inbox. `text` is matched, ignoring case, against the sender's name and
/// email, the subject and the message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InboxQuery {
    pub text: Option<String>,
    pub status: StatusFilter,
    pub mail: Option<MailFilter>,
    pub offset: i64,
    pub limit: i64,
}

/// A contact message as the office sees it, with the state of its mail.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct InboxMessage {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub created_at: i64,
    pub status: String,
    pub status_changed_at: Option<i64>,
    pub status_changed_by: Option<String>,
    /// The outbox's status (pending, sent, failed); `None` if the message has no mail.
    pub mail_status: Option<String>,
    pub mail_attempts: Option<i32>,
    pub mail_next_attempt_at: Option<i64>,
    pub mail_sent_at: Option<i64>,
    pub mail_last_error: Option<String>,
}

/// What a resend found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resent {
    Queued,
    /// The message's mail has not failed (it is waiting, or was sent): nothing changed.
    NotFailed,
    NotFound,
}

#[async_trait]
pub trait InboxStore {
    /// One page of messages, newest first, and how many match in all.
    async fn inbox_page(&self, query: &InboxQuery) -> Result<(Vec<InboxMessage>, i64), StoreError>;

    /// One message.
    async fn inbox_message(&self, id: i64) -> Result<Option<InboxMessage>, StoreError>;

    /// One message; a new one becomes read at `now` (opening it is reading it).
    async fn open_inbox_message(
        &self,
        id: i64,
        now: i64,
    ) -> Result<Option<InboxMessage>, StoreError>;

    /// Sets a message's status, by `changed_by` ("Name <email>"), and records `audit`; false
    /// when there is no such message. Setting the status it has changes and records nothing.
    async fn set_message_status(
        &self,
        id: i64,
        status: MessageStatus,
        changed_by: &str,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError>;

    /// Queues a message's failed mail again, due now, with its attempts counted afresh and
    /// the same Message-ID, and records `audit`.
    async fn resend_contact_mail(
        &self,
        id: i64,
        audit: &NewAuditEntry,
    ) -> Result<Resent, StoreError>;

    /// How many messages are new, and how many messages' mail has failed for good.
    async fn inbox_counts(&self) -> Result<(i64, i64), StoreError>;
}
