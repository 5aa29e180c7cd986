//! Contact messages and the outbox. Compiled into both backends as part of `store/sql/`:
//! `super` is that module, and through it the backend's `Backend` and `dialect`.

use async_trait::async_trait;

use super::{Backend, dialect::MAIL_CLAIM_LOCK, queue_mail};
use crate::store::{
    contact::{
        ContactMessage, ContactStore, MailLink, MailState, NewContactMessage, NewEnquiry, NewMail,
        OutboxMail,
    },
    error::StoreError,
};

#[async_trait]
impl ContactStore for Backend {
    async fn save_contact_message(
        &self,
        message: &NewContactMessage,
        mail: &NewMail,
    ) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO contact_messages (name, email, subject, message, client_ip, created_at)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        )
        .bind(&message.name)
        .bind(&message.email)
        .bind(&message.subject)
        .bind(&message.message)
        .bind(&message.client_ip)
        .bind(message.created_at)
        .fetch_one(&mut *tx)
        .await?;
        queue_mail(&mut tx, mail, message.created_at, MailLink::None, Some(id)).await?;
        tx.commit().await?;
        Ok(id)
    }

    async fn save_enquiry(&self, enquiry: &NewEnquiry, mail: &NewMail) -> Result<i64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO contact_messages (kind, name, email, phone, course, subject, current_study,
                                           call_time, message, client_ip, created_at)
             VALUES ('enquiry', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(&enquiry.name)
        .bind(&enquiry.email)
        .bind(&enquiry.phone)
        .bind(&enquiry.course)
        .bind(&enquiry.subject)
        .bind(&enquiry.current_study)
        .bind(&enquiry.call_time)
        .bind(&enquiry.message)
        .bind(&enquiry.client_ip)
        .bind(enquiry.created_at)
        .fetch_one(&mut *tx)
        .await?;
        queue_mail(&mut tx, mail, enquiry.created_at, MailLink::None, Some(id)).await?;
        tx.commit().await?;
        Ok(id)
    }

    async fn contact_messages(&self, limit: i64) -> Result<Vec<ContactMessage>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, name, email, subject, message, client_ip, created_at
             FROM contact_messages ORDER BY id DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn claim_due_mail(
        &self,
        now: i64,
        lease_until: i64,
    ) -> Result<Option<OutboxMail>, StoreError> {
        // One statement, so the pick and the lease cannot be split by another writer; what
        // each dialect needs for that is its `MAIL_CLAIM_LOCK`.
        Ok(sqlx::query_as(&format!(
            "UPDATE outbox SET locked_until = $1
             WHERE id = (SELECT id FROM outbox
                         WHERE status = 'pending' AND next_attempt_at <= $2
                           AND (locked_until IS NULL OR locked_until <= $2)
                         ORDER BY next_attempt_at, id LIMIT 1
                         {MAIL_CLAIM_LOCK})
             RETURNING id, recipient, reply_to, subject, body, attempts, message_id"
        ))
        .bind(lease_until)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn mark_mail_sent(&self, id: i64, now: i64) -> Result<(), StoreError> {
        // The text of a reset or verification mail holds its link: once sent, it is not kept.
        sqlx::query(
            "UPDATE outbox SET status = 'sent', sent_at = $1, locked_until = NULL,
                    body = CASE WHEN password_reset IS NULL AND email_verification IS NULL
                                THEN body ELSE '' END
             WHERE id = $2",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn reschedule_mail(
        &self,
        id: i64,
        attempts: i32,
        next_attempt_at: i64,
        error: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET attempts = $1, next_attempt_at = $2, last_error = $3, locked_until = NULL,
                    last_failed_at = $4
             WHERE id = $5",
        )
        .bind(attempts)
        .bind(next_attempt_at)
        .bind(error)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn mark_mail_failed(
        &self,
        id: i64,
        attempts: i32,
        error: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE outbox SET status = 'failed', attempts = $1, last_error = $2, locked_until = NULL,
                    last_failed_at = $3
             WHERE id = $4",
        )
        .bind(attempts)
        .bind(error)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn contact_mail_state(&self, contact_id: i64) -> Result<Option<MailState>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT status, attempts, last_error FROM outbox WHERE contact_id = $1 ORDER BY id LIMIT 1",
        )
        .bind(contact_id)
        .fetch_optional(&self.pool)
        .await?)
    }
}
