//! The office's inbox. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;
use sqlx::QueryBuilder;

use super::{Backend, Db, audit::insert_audit};
use crate::store::{
    audit::NewAuditEntry,
    error::StoreError,
    inbox::{
        InboxMessage, InboxNote, InboxQuery, InboxStore, MessageKind, MessageStatus, Resent,
        StatusFilter,
    },
};

/// A message with its mail: each contact message has at most one outbox row (a resend
/// queues the same row again).
const MESSAGE_COLUMNS: &str = "SELECT m.id, m.kind, m.name, m.email, m.subject, m.message,
        m.created_at, m.status, m.status_changed_at, m.status_changed_by,
        m.course, m.phone, m.current_study, m.call_time, m.follow_up_on,
        o.status AS mail_status, o.attempts AS mail_attempts,
        o.next_attempt_at AS mail_next_attempt_at, o.sent_at AS mail_sent_at,
        o.last_error AS mail_last_error";
const MESSAGE_FROM: &str = " FROM contact_messages m LEFT JOIN outbox o ON o.contact_id = m.id";

/// Rows an export reads at a time: it holds no more than these.
const ROWS_PER_READ: i64 = 2_000;

/// A message of a search's page, with how many the whole search found.
#[derive(sqlx::FromRow)]
struct Counted {
    #[sqlx(flatten)]
    message: InboxMessage,
    total: i64,
}

/// `text` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken as they
/// are.
pub(super) fn contains_pattern(text: &str) -> String {
    let mut pattern = String::with_capacity(text.len() + 2);
    pattern.push('%');
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// Whether message `id` exists, read in the caller's transaction: a change that changed
/// nothing says whether there was nothing to change or nothing there.
async fn message_exists(
    tx: &mut sqlx::Transaction<'static, Db>,
    id: i64,
) -> Result<bool, StoreError> {
    let found: Option<(i64,)> = sqlx::query_as("SELECT id FROM contact_messages WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(found.is_some())
}

/// Adds the query's conditions to a statement that ends in `MESSAGE_FROM`.
fn filter<'a>(statement: &mut QueryBuilder<'a, Db>, query: &'a InboxQuery, pattern: &'a str) {
    statement.push(" WHERE 1 = 1");
    match query.status {
        StatusFilter::Open => {
            statement.push(" AND m.status NOT IN (");
            let mut done = statement.separated(", ");
            for status in MessageStatus::DONE {
                done.push_bind(status.name());
            }
            statement.push(")");
        }
        StatusFilter::Only(status) => {
            statement.push(" AND m.status = ").push_bind(status.name());
        }
        StatusFilter::All => {}
    }
    if let Some(kind) = query.kind {
        statement.push(" AND m.kind = ").push_bind(kind.name());
    }
    if let Some(course) = &query.course {
        statement.push(" AND m.course = ").push_bind(course);
    }
    if let Some(since) = query.since {
        statement.push(" AND m.created_at >= ").push_bind(since);
    }
    if let Some(until) = query.until {
        statement.push(" AND m.created_at < ").push_bind(until);
    }
    if let Some(day) = &query.due_by {
        statement
            .push(" AND m.follow_up_on <= ")
            .push_bind(day)
            .push(" AND m.status = ")
            .push_bind(MessageStatus::FollowUp.name());
    }
    if let Some(mail) = query.mail {
        statement
            .push(" AND o.status = ")
            .push_bind(mail.outbox_status());
    }
    if query.text.is_some() {
        // `search_text` joins the four fields (migration 0008); on PostgreSQL it is stored
        // lower-cased, and on SQLite LIKE ignores case by itself.
        statement
            .push(" AND m.search_text LIKE lower(")
            .push_bind(pattern)
            .push(") ESCAPE '\\'");
    }
}

/// Adds the query's conditions, the newest first, and its page.
fn page_of<'a>(statement: &mut QueryBuilder<'a, Db>, query: &'a InboxQuery, pattern: &'a str) {
    filter(statement, query, pattern);
    statement
        .push(" ORDER BY m.id DESC LIMIT ")
        .push_bind(query.limit)
        .push(" OFFSET ")
        .push_bind(query.offset);
}

/// How many messages the query finds in all.
async fn count(
    pool: &sqlx::Pool<Db>,
    query: &InboxQuery,
    pattern: &str,
) -> Result<i64, StoreError> {
    // The outbox is read only when the mail's state is asked about.
    let mut count = QueryBuilder::<Db>::new(if query.mail.is_some() {
        format!("SELECT COUNT(*){MESSAGE_FROM}")
    } else {
        "SELECT COUNT(*) FROM contact_messages m".to_owned()
    });
    filter(&mut count, query, pattern);
    let (total,): (i64,) = count.build_query_as().fetch_one(pool).await?;
    Ok(total)
}

#[async_trait]
impl InboxStore for Backend {
    async fn inbox_page(&self, query: &InboxQuery) -> Result<(Vec<InboxMessage>, i64), StoreError> {
        let pattern = contains_pattern(query.text.as_deref().unwrap_or(""));
        if query.text.is_none() {
            // The newest come from the index on id; the count is a separate, quick read.
            let mut page = QueryBuilder::<Db>::new(format!("{MESSAGE_COLUMNS}{MESSAGE_FROM}"));
            page_of(&mut page, query, &pattern);
            let messages = page.build_query_as().fetch_all(&self.pool).await?;
            return Ok((messages, count(&self.pool, query, &pattern).await?));
        }
        // A search reads every row whatever it finds, so the page and the count come from
        // that one scan. An empty first page found nothing; only a page past the last needs
        // the count asked for.
        let mut page = QueryBuilder::<Db>::new(format!(
            "{MESSAGE_COLUMNS}, COUNT(*) OVER () AS total{MESSAGE_FROM}"
        ));
        page_of(&mut page, query, &pattern);
        let rows: Vec<Counted> = page.build_query_as().fetch_all(&self.pool).await?;
        let total = match rows.first() {
            Some(row) => row.total,
            None if query.offset == 0 => 0,
            None => count(&self.pool, query, &pattern).await?,
        };
        Ok((rows.into_iter().map(|row| row.message).collect(), total))
    }

    async fn inbox_message(&self, id: i64) -> Result<Option<InboxMessage>, StoreError> {
        Ok(
            sqlx::query_as(&format!("{MESSAGE_COLUMNS}{MESSAGE_FROM} WHERE m.id = $1"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    async fn open_inbox_message(
        &self,
        id: i64,
        now: i64,
    ) -> Result<Option<InboxMessage>, StoreError> {
        sqlx::query(
            // An enquiry stays new until the office has contacted the student.
            "UPDATE contact_messages SET status = 'read', status_changed_at = $1
             WHERE id = $2 AND status = 'new' AND kind = 'message'",
        )
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        self.inbox_message(id).await
    }

    async fn set_message_status(
        &self,
        id: i64,
        kind: MessageKind,
        status: MessageStatus,
        follow_up_on: Option<&str>,
        changed_by: &str,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let changed = sqlx::query(
            "UPDATE contact_messages
             SET status = $1, follow_up_on = $2, status_changed_at = $3, status_changed_by = $4
             WHERE id = $5 AND kind = $6
               AND (status <> $1 OR coalesce(follow_up_on, '') <> coalesce($2, ''))",
        )
        .bind(status.name())
        .bind(follow_up_on)
        .bind(audit.at)
        .bind(changed_by)
        .bind(id)
        .bind(kind.name())
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() > 0 {
            insert_audit(&mut tx, audit).await?;
            tx.commit().await?;
            return Ok(true);
        }
        let found: Option<(i64,)> =
            sqlx::query_as("SELECT id FROM contact_messages WHERE id = $1 AND kind = $2")
                .bind(id)
                .bind(kind.name())
                .fetch_optional(&mut *tx)
                .await?;
        Ok(found.is_some())
    }

    async fn add_inbox_note(
        &self,
        id: i64,
        author: &str,
        text: &str,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        if !message_exists(&mut tx, id).await? {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO inbox_notes (contact_id, at, author, text) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(audit.at)
        .bind(author)
        .bind(text)
        .execute(&mut *tx)
        .await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn enquiry_courses(&self) -> Result<Vec<String>, StoreError> {
        // One step of the course index per course, in order, rather than every enquiry's
        // entry: on PostgreSQL, DISTINCT over 50,000 enquiries took about 20 ms of every inbox
        // page; this takes under 1 ms (a "loose index scan").
        let rows: Vec<(String,)> = sqlx::query_as(
            "WITH RECURSIVE courses (course) AS (
                 SELECT MIN(course) FROM contact_messages WHERE course IS NOT NULL
                 UNION ALL
                 SELECT (SELECT MIN(m.course) FROM contact_messages m WHERE m.course > c.course)
                 FROM courses c WHERE c.course IS NOT NULL
             )
             SELECT course FROM courses WHERE course IS NOT NULL",
        )
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(|(course,)| course).collect())
    }

    async fn inbox_notes(&self, id: i64) -> Result<Vec<InboxNote>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, at, author, text FROM inbox_notes WHERE contact_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    fn inbox_rows<'a>(
        &'a self,
        query: &'a InboxQuery,
    ) -> futures_util::stream::BoxStream<'a, Result<InboxMessage, StoreError>> {
        use futures_util::{StreamExt, TryStreamExt, stream};
        // A chunk at a time, each after the last one's oldest id (the primary key's order).
        let chunks = stream::try_unfold(
            (None::<i64>, query.limit),
            move |(before, left)| async move {
                if left <= 0 {
                    return Ok(None);
                }
                let pattern = contains_pattern(query.text.as_deref().unwrap_or(""));
                let mut statement =
                    QueryBuilder::<Db>::new(format!("{MESSAGE_COLUMNS}{MESSAGE_FROM}"));
                filter(&mut statement, query, &pattern);
                if let Some(before) = before {
                    statement.push(" AND m.id < ").push_bind(before);
                }
                let size = left.min(ROWS_PER_READ);
                statement.push(" ORDER BY m.id DESC LIMIT ").push_bind(size);
                let rows: Vec<InboxMessage> =
                    statement.build_query_as().fetch_all(&self.pool).await?;
                let Some(oldest) = rows.last().map(|row| row.id) else {
                    return Ok(None);
                };
                let read = i64::try_from(rows.len()).unwrap_or(size);
                let left = if read < size { 0 } else { left - read };
                Ok::<_, StoreError>(Some((
                    stream::iter(rows.into_iter().map(Ok)),
                    (Some(oldest), left),
                )))
            },
        );
        chunks.try_flatten().boxed()
    }

    async fn resend_contact_mail(
        &self,
        id: i64,
        audit: &NewAuditEntry,
    ) -> Result<Resent, StoreError> {
        let mut tx = self.pool.begin().await?;
        let queued = sqlx::query(
            "UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $1,
                    locked_until = NULL
             WHERE contact_id = $2 AND status = 'failed'",
        )
        .bind(audit.at)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if queued.rows_affected() > 0 {
            insert_audit(&mut tx, audit).await?;
            tx.commit().await?;
            return Ok(Resent::Queued);
        }
        Ok(if message_exists(&mut tx, id).await? {
            Resent::NotFailed
        } else {
            Resent::NotFound
        })
    }

    async fn inbox_counts(&self, today: &str) -> Result<(i64, i64, i64), StoreError> {
        Ok(sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM contact_messages WHERE status = 'new'),
                    (SELECT COUNT(*) FROM outbox WHERE contact_id IS NOT NULL AND status = 'failed'),
                    (SELECT COUNT(*) FROM contact_messages
                     WHERE status = 'follow-up' AND follow_up_on <= $1)",
        )
        .bind(today)
        .fetch_one(&self.pool)
        .await?)
    }
}
