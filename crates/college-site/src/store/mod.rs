//! Persistence: one [`Store`] trait, a SQLite backend (the embedded default) and a PostgreSQL
//! backend (for several server instances), chosen by the URL scheme. Each backend has its own
//! migrations folder with the same numbering; they are embedded and run at start-up. The SQL is
//! written once, in `sql/`, which each backend compiles against its own driver; its
//! `dialect.rs` holds the few fragments where SQLite and PostgreSQL really differ.
//!
//! The store holds SQL and nothing of HTTP; times are Unix milliseconds on both backends.

mod account_settings;
mod accounts;
mod email_verifications;
mod password_resets;
mod postgres;
mod progress;
mod progress_limits;
mod sqlite;

use std::sync::Arc;

use async_trait::async_trait;

pub use account_settings::*;
pub use accounts::*;
pub use email_verifications::*;
pub use password_resets::*;
pub use postgres::PostgresStore;
pub use progress::*;
pub use progress_limits::ProgressLimits;
pub use sqlite::SqliteStore;

pub type SharedStore = Arc<dyn Store>;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A row with the same unique key (an email, a Google account) already exists.
    #[error("already exists")]
    Conflict,
    #[error("database error: {0}")]
    Database(sqlx::Error),
    #[error("migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("unsupported database URL (use sqlite:// or postgres://)")]
    UnsupportedUrl,
    #[error("cannot create the database directory: {0}")]
    Io(#[from] std::io::Error),
}

impl From<sqlx::Error> for StoreError {
    fn from(error: sqlx::Error) -> Self {
        match &error {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            _ => StoreError::Database(error),
        }
    }
}

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
enum MailLink<'a> {
    None,
    PasswordReset(&'a str),
    EmailVerification(&'a str),
}

impl<'a> MailLink<'a> {
    /// The table the link's row is in, and its token's hash.
    fn row(self) -> Option<(&'static str, &'a str)> {
        match self {
            Self::None => None,
            Self::PasswordReset(token_hash) => Some(("password_resets", token_hash)),
            Self::EmailVerification(token_hash) => Some(("email_verifications", token_hash)),
        }
    }

    fn password_reset(self) -> Option<&'a str> {
        match self {
            Self::PasswordReset(token_hash) => Some(token_hash),
            _ => None,
        }
    }

    fn email_verification(self) -> Option<&'a str> {
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
}

/// Where a mail stands in the outbox.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct MailState {
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
}

/// Everything the server stores. Each backend implements the parts.
#[async_trait]
pub trait Store:
    ContactStore
    + AccountStore
    + AccountSettingsStore
    + PasswordResetStore
    + EmailVerificationStore
    + ProgressStore
    + Send
    + Sync
    + 'static
{
    /// Answers when the database can be reached.
    async fn ping(&self) -> Result<(), StoreError>;
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

    /// Records a failed attempt and when to try again.
    async fn reschedule_mail(
        &self,
        id: i64,
        attempts: i32,
        next_attempt_at: i64,
        error: &str,
    ) -> Result<(), StoreError>;

    /// Records the last failed attempt: the mail will not be tried again.
    async fn mark_mail_failed(&self, id: i64, attempts: i32, error: &str)
    -> Result<(), StoreError>;

    /// The outbox state of the mail sent for a contact message.
    async fn contact_mail_state(&self, contact_id: i64) -> Result<Option<MailState>, StoreError>;
}

/// Opens the store named by `url` and runs its migrations.
pub async fn connect(url: &str) -> Result<SharedStore, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(Arc::new(SqliteStore::connect(url).await?))
    } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        Ok(Arc::new(PostgresStore::connect(url).await?))
    } else {
        Err(StoreError::UnsupportedUrl)
    }
}

/// The current time in Unix milliseconds.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}
