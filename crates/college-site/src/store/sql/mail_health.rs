//! How the mail is going. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::Backend;
use crate::store::{
    error::StoreError,
    mail_health::{MailHealth, MailHealthStore},
};

#[async_trait]
impl MailHealthStore for Backend {
    async fn mail_health(&self, since: i64) -> Result<MailHealth, StoreError> {
        let (waiting, oldest_waiting_at, sent_since, failed_since, failed_total): (
            i64,
            Option<i64>,
            i64,
            i64,
            i64,
        ) = sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM outbox WHERE status = 'pending'),
                    (SELECT MIN(created_at) FROM outbox WHERE status = 'pending'),
                    (SELECT COUNT(*) FROM outbox WHERE status = 'sent' AND sent_at >= $1),
                    (SELECT COUNT(*) FROM outbox WHERE status = 'failed' AND last_failed_at >= $1),
                    (SELECT COUNT(*) FROM outbox WHERE status = 'failed')",
        )
        .bind(since)
        .fetch_one(&self.pool)
        .await?;
        let last_error: Option<(i64, String)> = sqlx::query_as(
            "SELECT last_failed_at, last_error FROM outbox
             WHERE last_failed_at IS NOT NULL AND last_error IS NOT NULL
             ORDER BY last_failed_at DESC LIMIT 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(MailHealth {
            waiting,
            oldest_waiting_at,
            sent_since,
            failed_since,
            failed_total,
            last_error,
        })
    }
}
