//! The office's inbox: contact messages and admission enquiries (two kinds of message), with
//! what the office did with each (its status, an enquiry's day to call again, its notes) and
//! what its mail did (its outbox row), kept apart.

use async_trait::async_trait;

use super::{audit::NewAuditEntry, error::StoreError};

/// What a message is: one from the contact form, or an enquiry about a course.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    Message,
    Enquiry,
}

impl MessageKind {
    pub fn name(self) -> &'static str {
        match self {
            MessageKind::Message => "message",
            MessageKind::Enquiry => "enquiry",
        }
    }

    pub fn from_name(name: &str) -> Option<MessageKind> {
        [MessageKind::Message, MessageKind::Enquiry]
            .into_iter()
            .find(|kind| kind.name() == name)
    }
}

/// What the office did with a message. A contact message is read, answered, archived; an
/// enquiry's student is contacted, called again on a day, enrolled, or the enquiry closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageStatus {
    New,
    Read,
    Answered,
    Archived,
    Contacted,
    FollowUp,
    Enrolled,
    Closed,
}

impl MessageStatus {
    pub const ALL: [MessageStatus; 8] = [
        MessageStatus::New,
        MessageStatus::Read,
        MessageStatus::Answered,
        MessageStatus::Archived,
        MessageStatus::Contacted,
        MessageStatus::FollowUp,
        MessageStatus::Enrolled,
        MessageStatus::Closed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            MessageStatus::New => "new",
            MessageStatus::Read => "read",
            MessageStatus::Answered => "answered",
            MessageStatus::Archived => "archived",
            MessageStatus::Contacted => "contacted",
            MessageStatus::FollowUp => "follow-up",
            MessageStatus::Enrolled => "enrolled",
            MessageStatus::Closed => "closed",
        }
    }

    /// Whether a message of `kind` can stand so (the store's CHECK says the same).
    pub fn fits(self, kind: MessageKind) -> bool {
        match self {
            MessageStatus::New => true,
            MessageStatus::Read | MessageStatus::Answered | MessageStatus::Archived => {
                kind == MessageKind::Message
            }
            MessageStatus::Contacted
            | MessageStatus::FollowUp
            | MessageStatus::Enrolled
            | MessageStatus::Closed => kind == MessageKind::Enquiry,
        }
    }

    /// Done with: the inbox's open view leaves it out.
    pub const DONE: [MessageStatus; 3] = [
        MessageStatus::Archived,
        MessageStatus::Enrolled,
        MessageStatus::Closed,
    ];

    pub fn from_name(name: &str) -> Option<MessageStatus> {
        MessageStatus::ALL
            .into_iter()
            .find(|status| status.name() == name)
    }
}

/// Which messages by office status: `Open` is every one not done with (archived, enrolled,
/// closed).
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

/// One page of the inbox. `text` is matched, ignoring case, against the sender's name, email
/// and phone, the subject and the message.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InboxQuery {
    pub text: Option<String>,
    pub status: StatusFilter,
    pub mail: Option<MailFilter>,
    pub kind: Option<MessageKind>,
    /// An enquiry's course, by slug.
    pub course: Option<String>,
    /// Sent at or after, and before (Unix milliseconds).
    pub since: Option<i64>,
    pub until: Option<i64>,
    /// Enquiries to call again on or before this day (`2026-11-27`), not yet done with.
    pub due_by: Option<String>,
    pub offset: i64,
    pub limit: i64,
}

/// A contact message as the office sees it, with the state of its mail.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct InboxMessage {
    pub id: i64,
    /// `message` or `enquiry`.
    pub kind: String,
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
    /// An enquiry's: its course (slug), phone, what the student studies, when to call, and
    /// the day to call again.
    pub course: Option<String>,
    pub phone: Option<String>,
    pub current_study: Option<String>,
    pub call_time: Option<String>,
    pub follow_up_on: Option<String>,
}

/// A note the office wrote on a message.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct InboxNote {
    pub id: i64,
    pub at: i64,
    /// "Name <email>" at the time.
    pub author: String,
    pub text: String,
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

    /// One message; a new contact message becomes read at `now` (opening it is reading it;
    /// an enquiry stays new until the office contacts the student).
    async fn open_inbox_message(
        &self,
        id: i64,
        now: i64,
    ) -> Result<Option<InboxMessage>, StoreError>;

    /// Sets a message's status (and an enquiry's day to call again, which only a follow-up
    /// has), by `changed_by` ("Name <email>"), and records `audit`; false when there is no such
    /// message of `kind`. Setting what it has changes and records nothing.
    async fn set_message_status(
        &self,
        id: i64,
        kind: MessageKind,
        status: MessageStatus,
        follow_up_on: Option<&str>,
        changed_by: &str,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError>;

    /// Adds a note to message `id` and records `audit`; false when there is no such message.
    async fn add_inbox_note(
        &self,
        id: i64,
        author: &str,
        text: &str,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError>;

    /// The courses enquiries were sent about (their slugs), for the inbox's course filter.
    async fn enquiry_courses(&self) -> Result<Vec<String>, StoreError>;

    /// The notes on message `id`, oldest first.
    async fn inbox_notes(&self, id: i64) -> Result<Vec<InboxNote>, StoreError>;

    /// Every message the query finds (its page aside), newest first, one at a time: an
    /// export of thousands of rows never holds them all.
    fn inbox_rows<'a>(
        &'a self,
        query: &'a InboxQuery,
    ) -> futures_util::stream::BoxStream<'a, Result<InboxMessage, StoreError>>;

    /// Queues a message's failed mail again, due now, with its attempts counted afresh and
    /// the same Message-ID, and records `audit`.
    async fn resend_contact_mail(
        &self,
        id: i64,
        audit: &NewAuditEntry,
    ) -> Result<Resent, StoreError>;

    /// How many messages are new, how many messages' mail has failed for good, and how many
    /// enquiries are due a call on or before `today`.
    async fn inbox_counts(&self, today: &str) -> Result<(i64, i64, i64), StoreError>;
}
