//! How the mail is going, in figures: what the staff area's mail health page and the metrics
//! show.

use async_trait::async_trait;

use super::error::StoreError;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct MailHealth {
    /// Mails not yet delivered that will be tried again.
    pub waiting: i64,
    /// When the oldest of those was queued.
    pub oldest_waiting_at: Option<i64>,
    /// Mails delivered since the time asked about.
    pub sent_since: i64,
    /// Mails that failed for good since the time asked about.
    pub failed_since: i64,
    /// Mails that failed for good and were not sent again.
    pub failed_total: i64,
    /// The newest delivery error: when, and what it said.
    pub last_error: Option<(i64, String)>,
}

#[async_trait]
pub trait MailHealthStore {
    /// The outbox's figures, counting sent and failed mail from `since` (Unix ms).
    async fn mail_health(&self, since: i64) -> Result<MailHealth, StoreError>;
}
