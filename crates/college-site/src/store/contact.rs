//! Contact messages and the outbox of mail: what the contact form stores, and the mails the
//! outbox worker delivers (the contact form's, and the account links').

use async_trait::async_trait;

use super::error::StoreError;

/// A message from the contact form, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewContactMessage {
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub client_ip: Option<String>,
    pub created_at: i64,
}

/// An admission enquiry from a course's page, validated: reachable by email (empty when
/// none), by phone (`+919876543210`), or both.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEnquiry {
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// The course's slug.
    pub course: String,
    /// The inbox's subject line: "Enquiry about BCA".
    pub subject: String,
    pub current_study: String,
    pub call_time: String,
    pub message: String,
    pub client_ip: Option<String>,
    pub created_at: i64,
}

/// A stored contact message.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ContactMessage {
    pub id: i64,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    /// Where the message was sent from, as the per-IP limit saw it.
    pub client_ip: Option<String>,
    pub created_at: i64,
}

/// A mail to put in the outbox. Addresses are in RFC 5322 mailbox form (`Name <a@b>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMail {
    pub recipient: String,
    pub reply_to: String,
    pub subject: String,
    pub body: String,
}

/// The link a queued mail carries, if any: the mail goes with the link's row, so once the link
/// is used or expires, its text (which holds the link) is not kept or sent.
#[derive(Debug, Clone, Copy)]
pub(super) enum MailLink<'a> {
    None,
    PasswordReset(&'a str),
    EmailVerification(&'a str),
}

impl<'a> MailLink<'a> {
    /// The table the link's row is in, and its token's hash.
    pub(super) fn row(self) -> Option<(&'static str, &'a str)> {
        match self {
            Self::None => None,
            Self::PasswordReset(token_hash) => Some(("password_resets", token_hash)),
            Self::EmailVerification(token_hash) => Some(("email_verifications", token_hash)),
        }
    }

    pub(super) fn password_reset(self) -> Option<&'a str> {
        match self {
            Self::PasswordReset(token_hash) => Some(token_hash),
            _ => None,
        }
    }

    pub(super) fn email_verification(self) -> Option<&'a str> {
        match self {
            Self::EmailVerification(token_hash) => Some(token_hash),
            _ => None,
        }
    }
}

/// A mail claimed from the outbox by a worker.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OutboxMail {
    pub id: i64,
    pub recipient: String,
    pub reply_to: String,
    pub subject: String,
    pub body: String,
    /// Failed attempts so far.
    pub attempts: i32,
    /// The unique part of the mail's Message-ID, fixed when it was queued; `None` for mail
    /// queued before the ids were kept.
    pub message_id: Option<String>,
}

/// Where a mail stands in the outbox.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MailState {
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
}

/// Contact messages and the outbox of mail.
#[async_trait]
pub trait ContactStore {
    /// Stores a contact message and its mail in one transaction: either both are kept or
    /// neither. Returns the message's id.
    async fn save_contact_message(
        &self,
        message: &NewContactMessage,
        mail: &NewMail,
    ) -> Result<i64, StoreError>;

    /// Stores an enquiry and its mail to the college in one transaction, as a message of kind
    /// `enquiry`. Returns its id.
    async fn save_enquiry(&self, enquiry: &NewEnquiry, mail: &NewMail) -> Result<i64, StoreError>;

    /// The most recent contact messages, newest first.
    async fn contact_messages(&self, limit: i64) -> Result<Vec<ContactMessage>, StoreError>;

    /// Takes the oldest pending mail that is due at `now` and not leased by another worker,
    /// and leases it until `lease_until`, so that several server instances never send the same
    /// mail at once.
    async fn claim_due_mail(
        &self,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<OutboxMail>, StoreError>;

    async fn mark_mail_sent(&self, id: i64, now: i64) -> Result<(), StoreError>;

    /// Records a failed attempt at `now` and when to try again.
    async fn reschedule_mail(
        &self,
        id: i64,
        attempts: i32,
        next_attempt_at: i64,
        error: &str,
        now: i64,
    ) -> Result<(), StoreError>;

    /// Records the last failed attempt, at `now`: the mail will not be tried again.
    async fn mark_mail_failed(
        &self,
        id: i64,
        attempts: i32,
        error: &str,
        now: i64,
    ) -> Result<(), StoreError>;

    /// The outbox state of the mail sent for a contact message.
    async fn contact_mail_state(&self, contact_id: i64) -> Result<Option<MailState>, StoreError>;
}
