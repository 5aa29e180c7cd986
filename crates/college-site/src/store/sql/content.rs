//! Notices as editors write them: items and revisions. Compiled into both backends as part
//! of `store/sql/`. Every change takes the content lock first ([`begin_content_write`]), so
//! caps, slugs, "is this still the newest revision" and due publishes are decided one change
//! at a time, on every instance.

use async_trait::async_trait;
use sqlx::QueryBuilder;

use super::{
    Backend, Db,
    dialect::{LIKE_ANY_CASE, begin_content_write},
    inbox::contains_pattern,
};
use crate::store::{
    content::{
        ContentChange, ContentKind, ContentStore, ItemQuery, ItemRow, ItemWithBody, NewItem,
        NewRevision, RevisionRow, Version,
    },
    error::StoreError,
};

pub(super) type Tx = sqlx::Transaction<'static, Db>;

/// The item with its head revision's text and author, for the staff area.
macro_rules! item_columns {
    () => {
        "i.id, i.slug, i.language, i.created_at, i.head, i.live, i.first_published_at,
        i.live_since, i.scheduled, i.publish_at, i.expires_at, r.title, r.category, r.pinned,
        r.created_at AS updated_at, r.author_email, r.author_name, i.reviewed_at"
    };
}
macro_rules! item_with_head {
    () => {
        "FROM content_items i JOIN content_revisions r ON r.item_id = i.id AND r.number = i.head"
    };
}
const ITEM_SELECT: &str = concat!("SELECT ", item_columns!(), " ", item_with_head!());
/// As [`ITEM_SELECT`], with the body of the revision `b`, which the query joins.
const ITEM_WITH_BODY_SELECT: &str =
    concat!("SELECT ", item_columns!(), ", b.body ", item_with_head!());
/// As [`ITEM_SELECT`], with the body of the newest revision, which it joins already.
const ITEM_WITH_HEAD_BODY_SELECT: &str =
    concat!("SELECT ", item_columns!(), ", r.body ", item_with_head!());

const REVISION_COLUMNS: &str =
    "number, created_at, author_email, author_name, title, category, pinned, body, restored_from";

/// The item's head, live and scheduled revisions, read under the content lock.
pub(super) async fn item_state(
    tx: &mut Tx,
    id: i64,
) -> Result<Option<(i64, Option<i64>, Option<i64>)>, StoreError> {
    Ok(
        sqlx::query_as("SELECT head, live, scheduled FROM content_items WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut **tx)
            .await?,
    )
}

pub(super) async fn revision_exists(tx: &mut Tx, id: i64, number: i64) -> Result<bool, StoreError> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT number FROM content_revisions WHERE item_id = $1 AND number = $2")
            .bind(id)
            .bind(number)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(found.is_some())
}

/// Tells every instance that what visitors see has changed.
pub(super) async fn bump_generation(tx: &mut Tx) -> Result<(), StoreError> {
    sqlx::query("UPDATE content_generation SET generation = generation + 1 WHERE id = 1")
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn insert_revision(
    tx: &mut Tx,
    id: i64,
    number: i64,
    revision: &NewRevision<'_>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO content_revisions (item_id, number, created_at, author_email, author_name,
                                        title, category, pinned, body, restored_from)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(id)
    .bind(number)
    .bind(revision.now)
    .bind(&revision.author.email)
    .bind(&revision.author.name)
    .bind(&revision.text.title)
    .bind(&revision.text.category)
    .bind(revision.text.pinned)
    .bind(&revision.text.body)
    .bind(revision.restored_from)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn first_revision<'a>(item: &NewItem<'a>) -> NewRevision<'a> {
    NewRevision {
        base: 0,
        text: item.text,
        author: item.author,
        restored_from: None,
        keep: 1,
        now: item.now,
    }
}

/// The first of `slug`, `slug-2`, `slug-3`... that no item of the kind and language has.
async fn free_slug(tx: &mut Tx, item: &NewItem<'_>) -> Result<String, StoreError> {
    let mut candidate = item.slug.to_owned();
    for suffix in 2.. {
        let taken: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM content_items WHERE kind = $1 AND language = $2 AND slug = $3",
        )
        .bind(item.kind.name())
        .bind(item.language)
        .bind(&candidate)
        .fetch_optional(&mut **tx)
        .await?;
        if taken.is_none() {
            break;
        }
        candidate = format!("{}-{suffix}", item.slug);
    }
    Ok(candidate)
}

fn search_filter<'a>(
    statement: &mut QueryBuilder<'a, Db>,
    kind: ContentKind,
    pattern: Option<&'a str>,
) {
    statement.push(" WHERE i.kind = ").push_bind(kind.name());
    if let Some(pattern) = pattern {
        statement
            .push(format!(" AND i.head_title {LIKE_ANY_CASE} "))
            .push_bind(pattern)
            .push(" ESCAPE '\\'");
    }
}

#[async_trait]
impl ContentStore for Backend {
    async fn create_item(
        &self,
        item: &NewItem<'_>,
        max_items: i64,
    ) -> Result<Option<i64>, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM content_items WHERE kind = $1")
            .bind(item.kind.name())
            .fetch_one(&mut *tx)
            .await?;
        if count >= max_items {
            return Ok(None);
        }
        let slug = free_slug(&mut tx, item).await?;
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO content_items (kind, language, slug, created_at, head, head_title)
             VALUES ($1, $2, $3, $4, 1, $5) RETURNING id",
        )
        .bind(item.kind.name())
        .bind(item.language)
        .bind(&slug)
        .bind(item.now)
        .bind(&item.text.title)
        .fetch_one(&mut *tx)
        .await?;
        insert_revision(&mut tx, id, 1, &first_revision(item)).await?;
        tx.commit().await?;
        Ok(Some(id))
    }

    async fn save_revision(
        &self,
        id: i64,
        revision: &NewRevision<'_>,
    ) -> Result<ContentChange, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let Some((head, live, scheduled)) = item_state(&mut tx, id).await? else {
            return Ok(ContentChange::Unknown);
        };
        if head != revision.base {
            return Ok(ContentChange::Stale { head });
        }
        let number = head + 1;
        insert_revision(&mut tx, id, number, revision).await?;
        sqlx::query("UPDATE content_items SET head = $1, head_title = $2 WHERE id = $3")
            .bind(number)
            .bind(&revision.text.title)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        // The history keeps the newest revisions, and always what visitors see or will see.
        sqlx::query(
            "DELETE FROM content_revisions
             WHERE item_id = $1 AND number <= $2 AND number <> $3 AND number <> $4",
        )
        .bind(id)
        .bind(number - revision.keep)
        .bind(live.unwrap_or(-1))
        .bind(scheduled.unwrap_or(-1))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(ContentChange::Done)
    }

    async fn item(&self, kind: ContentKind, id: i64) -> Result<Option<ItemRow>, StoreError> {
        Ok(
            sqlx::query_as(&format!("{ITEM_SELECT} WHERE i.kind = $1 AND i.id = $2"))
                .bind(kind.name())
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    async fn item_by_slug(
        &self,
        kind: ContentKind,
        language: &str,
        slug: &str,
    ) -> Result<Option<ItemRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "{ITEM_SELECT} WHERE i.kind = $1 AND i.language = $2 AND i.slug = $3"
        ))
        .bind(kind.name())
        .bind(language)
        .bind(slug)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn seed_item(&self, item: &NewItem<'_>, live: bool) -> Result<bool, StoreError> {
        let mut tx = begin_content_write(&self.pool).await?;
        let taken: Option<(i64,)> = sqlx::query_as(
            "SELECT id FROM content_items WHERE kind = $1 AND language = $2 AND slug = $3",
        )
        .bind(item.kind.name())
        .bind(item.language)
        .bind(item.slug)
        .fetch_optional(&mut *tx)
        .await?;
        if taken.is_some() {
            return Ok(false);
        }
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO content_items (kind, language, slug, created_at, head, head_title, live,
                                        first_published_at, live_since)
             VALUES ($1, $2, $3, $4, 1, $5, $6, $7, $7) RETURNING id",
        )
        .bind(item.kind.name())
        .bind(item.language)
        .bind(item.slug)
        .bind(item.now)
        .bind(&item.text.title)
        .bind(live.then_some(1_i64))
        .bind(live.then_some(item.now))
        .fetch_one(&mut *tx)
        .await?;
        insert_revision(&mut tx, id, 1, &first_revision(item)).await?;
        tx.commit().await?;
        Ok(true)
    }

    async fn items_page(
        &self,
        kind: ContentKind,
        query: &ItemQuery,
    ) -> Result<(Vec<ItemRow>, i64), StoreError> {
        let pattern = query.search.as_deref().map(contains_pattern);
        let mut count = QueryBuilder::<Db>::new("SELECT COUNT(*) FROM content_items i");
        search_filter(&mut count, kind, pattern.as_deref());
        let (total,): (i64,) = count.build_query_as().fetch_one(&self.pool).await?;
        let mut page = QueryBuilder::<Db>::new(ITEM_SELECT);
        search_filter(&mut page, kind, pattern.as_deref());
        page.push(" ORDER BY r.created_at DESC, i.id DESC LIMIT ")
            .push_bind(query.limit)
            .push(" OFFSET ")
            .push_bind(query.offset);
        Ok((page.build_query_as().fetch_all(&self.pool).await?, total))
    }

    async fn items_with_bodies(
        &self,
        kind: ContentKind,
        language: &str,
        version: Version,
        limit: i64,
    ) -> Result<Vec<ItemWithBody>, StoreError> {
        let select = match version {
            Version::Head => ITEM_WITH_HEAD_BODY_SELECT.to_owned(),
            Version::Live => format!(
                "{ITEM_WITH_BODY_SELECT} JOIN content_revisions b ON b.item_id = i.id AND b.number = i.live"
            ),
        };
        Ok(sqlx::query_as(&format!(
            "{select} WHERE i.kind = $1 AND i.language = $2 ORDER BY i.id LIMIT $3"
        ))
        .bind(kind.name())
        .bind(language)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn claim_upgrade(&self, name: &str, now: i64) -> Result<bool, StoreError> {
        let claimed = sqlx::query(
            "INSERT INTO content_upgrades (name, done_at) VALUES ($1, $2)
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(claimed.rows_affected() == 1)
    }

    async fn revisions(&self, id: i64) -> Result<Vec<RevisionRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT number, created_at, author_email, author_name, title, category, pinned,
                    '' AS body, restored_from
             FROM content_revisions WHERE item_id = $1 ORDER BY number DESC",
        )
        .bind(id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn revision(&self, id: i64, number: i64) -> Result<Option<RevisionRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {REVISION_COLUMNS} FROM content_revisions WHERE item_id = $1 AND number = $2"
        ))
        .bind(id)
        .bind(number)
        .fetch_optional(&self.pool)
        .await?)
    }
}
