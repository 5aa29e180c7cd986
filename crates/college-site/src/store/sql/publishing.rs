//! Publishing notices: now, at a time, unpublished, deleted, and the due publishes of the
//! server's timer. Compiled into both backends as part of `store/sql/`. Every change takes the
//! content lock first (`begin_content_write`), so a due publish is made once, on whichever
//! instance asks first.

use async_trait::async_trait;
use sqlx::QueryBuilder;

use super::{
    Backend, Db,
    audit::insert_audit,
    content::{bump_generation, item_state, revision_exists},
    dialect::{LIKE_ANY_CASE, begin_content_write},
    inbox::contains_pattern,
};
use crate::store::{
    audit::NewAuditEntry,
    content::ContentChange,
    error::StoreError,
    publishing::{Publish, PublishedRow, PublishingStore},
};

/// A live notice with its live revision, for visitors.
const PUBLISHED_SELECT: &str = "SELECT i.id, i.slug, i.first_published_at, i.live_since,
        i.expires_at, r.title, r.category, r.pinned, r.body
    FROM content_items i JOIN content_revisions r ON r.item_id = i.id AND r.number = i.live";

fn published_filter<'a>(
    statement: &mut QueryBuilder<'a, Db>,
    language: &'a str,
    category: Option<&'a str>,
    now: i64,
) {
    statement
        .push(" WHERE i.kind = 'notice' AND i.live IS NOT NULL AND i.language = ")
        .push_bind(language)
        .push(" AND (i.expires_at IS NULL OR i.expires_at > ")
        .push_bind(now)
        .push(")");
    if let Some(category) = category {
        statement.push(" AND r.category = ").push_bind(category);
    }
}

#[async_trait]
impl PublishingStore for Backend {
    async fn publish(
        &self,
        id: i64,
        publish: Publish,
        expires_at: Option<i64>,
        audit: &NewAuditEntry,
    ) -> Result<ContentChange, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let revision = match publish {
            Publish::Now { revision } | Publish::At { revision, .. } => revision,
        };
        if item_state(&mut tx, id).await?.is_none()
            || !revision_exists(&mut tx, id, revision).await?
        {
            return Ok(ContentChange::Unknown);
        }
        match publish {
            Publish::Now { revision } => {
                sqlx::query(
                    "UPDATE content_items SET live = $1, live_since = $2,
                         first_published_at = COALESCE(first_published_at, $2),
                         scheduled = NULL, publish_at = NULL, expires_at = $3
                     WHERE id = $4",
                )
                .bind(revision)
                .bind(audit.at)
                .bind(expires_at)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
            Publish::At { revision, at } => {
                sqlx::query(
                    "UPDATE content_items SET scheduled = $1, publish_at = $2, expires_at = $3
                     WHERE id = $4",
                )
                .bind(revision)
                .bind(at)
                .bind(expires_at)
                .bind(id)
                .execute(&mut *tx)
                .await?;
            }
        }
        bump_generation(&mut tx).await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(ContentChange::Done)
    }

    async fn unpublish(&self, id: i64, audit: &NewAuditEntry) -> Result<ContentChange, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let changed = sqlx::query(
            "UPDATE content_items SET live = NULL, live_since = NULL, scheduled = NULL,
                 publish_at = NULL
             WHERE id = $1",
        )
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() == 0 {
            return Ok(ContentChange::Unknown);
        }
        bump_generation(&mut tx).await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(ContentChange::Done)
    }

    async fn mark_reviewed(
        &self,
        id: i64,
        now: i64,
        audit: &NewAuditEntry,
    ) -> Result<ContentChange, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let marked = sqlx::query(
            "UPDATE content_items SET reviewed_at = $2 WHERE id = $1 AND live IS NOT NULL",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() == 0 {
            return Ok(ContentChange::Unknown);
        }
        // Visitors read the day it was reviewed.
        bump_generation(&mut tx).await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(ContentChange::Done)
    }

    async fn delete_item(
        &self,
        id: i64,
        audit: &NewAuditEntry,
    ) -> Result<ContentChange, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let deleted = sqlx::query("DELETE FROM content_items WHERE id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        if deleted.rows_affected() == 0 {
            return Ok(ContentChange::Unknown);
        }
        bump_generation(&mut tx).await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(ContentChange::Done)
    }

    async fn publish_due(&self, now: i64) -> Result<u64, StoreError> {
        // Under the content lock, an instance that asks second finds nothing left to do.
        let mut tx = begin_content_write(&self.pool).await?;
        let published = sqlx::query(
            "UPDATE content_items SET live = scheduled, live_since = publish_at,
                 first_published_at = COALESCE(first_published_at, publish_at),
                 scheduled = NULL, publish_at = NULL
             WHERE scheduled IS NOT NULL AND publish_at <= $1",
        )
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if published > 0 {
            bump_generation(&mut tx).await?;
        }
        tx.commit().await?;
        Ok(published)
    }

    async fn next_content_event(&self, now: i64) -> Result<Option<i64>, StoreError> {
        let (next,): (Option<i64>,) = sqlx::query_as(
            "SELECT MIN(at) FROM (
                 SELECT publish_at AS at FROM content_items WHERE scheduled IS NOT NULL
                 UNION ALL
                 SELECT expires_at AS at FROM content_items
                 WHERE live IS NOT NULL AND expires_at > $1
             ) AS events",
        )
        .bind(now)
        .fetch_one(&self.pool)
        .await?;
        Ok(next)
    }

    async fn content_generation(&self) -> Result<i64, StoreError> {
        let (generation,): (i64,) =
            sqlx::query_as("SELECT generation FROM content_generation WHERE id = 1")
                .fetch_one(&self.pool)
                .await?;
        Ok(generation)
    }

    async fn published_notices(
        &self,
        language: &str,
        category: Option<&str>,
        now: i64,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<PublishedRow>, i64), StoreError> {
        let mut count = QueryBuilder::<Db>::new(
            "SELECT COUNT(*) FROM content_items i
             JOIN content_revisions r ON r.item_id = i.id AND r.number = i.live",
        );
        published_filter(&mut count, language, category, now);
        let (total,): (i64,) = count.build_query_as().fetch_one(&self.pool).await?;
        let mut page = QueryBuilder::<Db>::new(PUBLISHED_SELECT);
        published_filter(&mut page, language, category, now);
        page.push(" ORDER BY r.pinned DESC, i.first_published_at DESC, i.id DESC LIMIT ")
            .push_bind(limit)
            .push(" OFFSET ")
            .push_bind(offset);
        Ok((page.build_query_as().fetch_all(&self.pool).await?, total))
    }

    async fn search_notices(
        &self,
        language: &str,
        words: &[String],
        now: i64,
        limit: i64,
    ) -> Result<Vec<PublishedRow>, StoreError> {
        let patterns: Vec<String> = words.iter().map(|word| contains_pattern(word)).collect();
        // The live notices first, then the words: a filter on the revisions' text would
        // otherwise be run on every revision kept (ten times the notices), before the join.
        let mut page = QueryBuilder::<Db>::new("WITH live AS MATERIALIZED (");
        page.push(PUBLISHED_SELECT);
        published_filter(&mut page, language, None, now);
        page.push(") SELECT * FROM live WHERE 1 = 1");
        for pattern in &patterns {
            page.push(format!(" AND (title {LIKE_ANY_CASE} "))
                .push_bind(pattern)
                .push(format!(" ESCAPE '\\' OR body {LIKE_ANY_CASE} "))
                .push_bind(pattern)
                .push(" ESCAPE '\\')");
        }
        page.push(" ORDER BY pinned DESC, first_published_at DESC, id DESC LIMIT ")
            .push_bind(limit);
        Ok(page.build_query_as().fetch_all(&self.pool).await?)
    }

    async fn expired_notices(
        &self,
        language: &str,
        now: i64,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<PublishedRow>, i64), StoreError> {
        const EXPIRED: &str = " WHERE i.kind = 'notice' AND i.live IS NOT NULL AND i.language = $1
            AND i.expires_at <= $2";
        let (total,): (i64,) =
            sqlx::query_as(&format!("SELECT COUNT(*) FROM content_items i{EXPIRED}"))
                .bind(language)
                .bind(now)
                .fetch_one(&self.pool)
                .await?;
        let page = sqlx::query_as(&format!(
            "{PUBLISHED_SELECT}{EXPIRED} ORDER BY i.expires_at DESC, i.id DESC LIMIT $3 OFFSET $4"
        ))
        .bind(language)
        .bind(now)
        .bind(limit)
        .bind(offset)
        .fetch_all(&self.pool)
        .await?;
        Ok((page, total))
    }

    async fn published_notice(
        &self,
        language: &str,
        slug: &str,
    ) -> Result<Option<PublishedRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "{PUBLISHED_SELECT} WHERE i.kind = 'notice' AND i.language = $1 AND i.slug = $2"
        ))
        .bind(language)
        .bind(slug)
        .fetch_optional(&self.pool)
        .await?)
    }
}
