//! The audit log. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;
use sqlx::QueryBuilder;

use super::{Backend, Db};
use crate::store::{
    audit::{Actor, AuditEntry, AuditQuery, AuditStore, NewAuditEntry},
    error::StoreError,
};

/// Writes `entry` as part of the caller's transaction: the change and its record are kept
/// together or not at all.
pub(super) async fn insert_audit(
    tx: &mut sqlx::Transaction<'static, Db>,
    entry: &NewAuditEntry,
) -> Result<(), StoreError> {
    let (actor_email, actor_name, ip) = match &entry.actor {
        Actor::Staff { email, name, ip } => (Some(email), name.as_ref(), ip.as_ref()),
        Actor::CommandLine => (None, None, None),
    };
    sqlx::query(
        "INSERT INTO audit_log (at, actor_email, actor_name, action, target_email, target, ip)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(entry.at)
    .bind(actor_email)
    .bind(actor_name)
    .bind(entry.action.name())
    .bind(&entry.target_email)
    .bind(&entry.target)
    .bind(ip)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Adds the query's conditions to a statement that ends in `FROM audit_log`.
fn filter<'a>(statement: &mut QueryBuilder<'a, Db>, query: &'a AuditQuery) {
    statement.push(" WHERE 1 = 1");
    if let Some(person) = &query.person {
        statement
            .push(" AND (actor_email = ")
            .push_bind(person)
            .push(" OR target_email = ")
            .push_bind(person)
            .push(")");
    }
    if let Some(action) = query.action {
        statement.push(" AND action = ").push_bind(action.name());
    }
}

#[async_trait]
impl AuditStore for Backend {
    async fn record_audit(&self, entry: &NewAuditEntry) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        insert_audit(&mut tx, entry).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn audit_page(&self, query: &AuditQuery) -> Result<(Vec<AuditEntry>, i64), StoreError> {
        let mut count = QueryBuilder::<Db>::new("SELECT COUNT(*) FROM audit_log");
        filter(&mut count, query);
        let (total,): (i64,) = count.build_query_as().fetch_one(&self.pool).await?;
        let mut page = QueryBuilder::<Db>::new(
            "SELECT id, at, actor_email, actor_name, action, target_email, target, ip FROM audit_log",
        );
        filter(&mut page, query);
        page.push(" ORDER BY at DESC, id DESC LIMIT ")
            .push_bind(query.limit)
            .push(" OFFSET ")
            .push_bind(query.offset);
        let entries = page.build_query_as().fetch_all(&self.pool).await?;
        Ok((entries, total))
    }

    async fn purge_audit_before(&self, cutoff: i64) -> Result<u64, StoreError> {
        let purged = sqlx::query("DELETE FROM audit_log WHERE at < $1")
            .bind(cutoff)
            .execute(&self.pool)
            .await?;
        Ok(purged.rows_affected())
    }
}
