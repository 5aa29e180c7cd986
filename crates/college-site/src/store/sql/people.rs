//! The people list and an admin's changes to accounts. Compiled into both backends as part
//! of `store/sql/`.

use async_trait::async_trait;
use sqlx::QueryBuilder;

use super::{
    Backend, Db,
    audit::insert_audit,
    dialect::{BYTE_ORDER, LIKE_ANY_CASE, TEXT_LIST, begin_admin_change},
    inbox::contains_pattern,
    roles::is_last_admin,
};
use crate::store::{
    audit::NewAuditEntry,
    error::StoreError,
    people::{AccountSwitch, PeopleStore, Person, PersonClass},
};

/// An account with what the list shows of it, one row each (roles and classes are counted
/// in the row, not read per account).
fn person_select() -> String {
    format!(
        "SELECT a.id, COALESCE(u.email, a.email_key) AS email, u.display_name, a.created_at,
            a.password_hash IS NOT NULL AS has_password, a.google_sub IS NOT NULL AS has_google,
            EXISTS (SELECT 1 FROM second_factors f
                    WHERE f.account_id = a.id AND f.confirmed_at IS NOT NULL) AS has_second_factor,
            a.email_verified_at, a.last_active_at, a.disabled_at,
            COALESCE((SELECT {TEXT_LIST}(r.role, ',') FROM account_roles r
                      WHERE r.account_id = a.id), '') AS roles,
            EXISTS (SELECT 1 FROM account_roles r
                    WHERE r.account_id = a.id AND r.chair) AS grievance_chair,
            (SELECT COUNT(*) FROM classes c WHERE c.teacher_id = a.id) AS classes_taught,
            (SELECT COUNT(*) FROM class_members cm WHERE cm.account_id = a.id) AS classes_joined
         FROM accounts a LEFT JOIN users u ON u.id = a.id"
    )
}

fn filter<'a>(statement: &mut QueryBuilder<'a, Db>, pattern: Option<&'a str>) {
    if let Some(pattern) = pattern {
        statement
            .push(format!(" WHERE a.email_key {LIKE_ANY_CASE} "))
            .push_bind(pattern)
            .push(format!(" ESCAPE '\\' OR u.display_name {LIKE_ANY_CASE} "))
            .push_bind(pattern)
            .push(" ESCAPE '\\'");
    }
}

#[async_trait]
impl PeopleStore for Backend {
    async fn people_page(
        &self,
        text: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Person>, i64), StoreError> {
        let pattern = text.map(contains_pattern);
        let mut count = QueryBuilder::<Db>::new(
            "SELECT COUNT(*) FROM accounts a LEFT JOIN users u ON u.id = a.id",
        );
        filter(&mut count, pattern.as_deref());
        let (total,): (i64,) = count.build_query_as().fetch_one(&self.pool).await?;
        let mut page = QueryBuilder::<Db>::new(person_select());
        filter(&mut page, pattern.as_deref());
        page.push(format!(" ORDER BY a.email_key {BYTE_ORDER} LIMIT "))
            .push_bind(limit)
            .push(" OFFSET ")
            .push_bind(offset);
        let people = page.build_query_as().fetch_all(&self.pool).await?;
        Ok((people, total))
    }

    async fn person(&self, id: &str) -> Result<Option<Person>, StoreError> {
        Ok(
            sqlx::query_as(&format!("{} WHERE a.id = $1", person_select()))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    async fn person_classes(
        &self,
        id: &str,
    ) -> Result<(Vec<PersonClass>, Vec<PersonClass>), StoreError> {
        let taught = sqlx::query_as(&format!(
            "SELECT c.id, c.name, NULL AS teacher FROM classes c WHERE c.teacher_id = $1
             ORDER BY c.name {BYTE_ORDER}, c.id"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let joined = sqlx::query_as(&format!(
            "SELECT c.id, c.name, COALESCE(u.display_name, u.email) AS teacher
             FROM class_members m JOIN classes c ON c.id = m.class_id
             LEFT JOIN users u ON u.id = c.teacher_id
             WHERE m.account_id = $1 ORDER BY c.name {BYTE_ORDER}, c.id"
        ))
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        Ok((taught, joined))
    }

    async fn set_account_disabled(
        &self,
        id: &str,
        disabled: bool,
        audit: &NewAuditEntry,
    ) -> Result<AccountSwitch, StoreError> {
        let mut tx = begin_admin_change(&self.pool).await?;
        if disabled && is_last_admin(&mut tx, id).await? {
            return Ok(AccountSwitch::LastAdmin);
        }
        let changed = if disabled {
            sqlx::query(
                "UPDATE accounts SET disabled_at = $1 WHERE id = $2 AND disabled_at IS NULL",
            )
            .bind(audit.at)
            .bind(id)
            .execute(&mut *tx)
            .await?
        } else {
            sqlx::query(
                "UPDATE accounts SET disabled_at = NULL WHERE id = $1 AND disabled_at IS NOT NULL",
            )
            .bind(id)
            .execute(&mut *tx)
            .await?
        };
        if changed.rows_affected() == 0 {
            let exists: Option<(String,)> = sqlx::query_as("SELECT id FROM accounts WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return Ok(if exists.is_some() {
                AccountSwitch::Unchanged
            } else {
                AccountSwitch::NotFound
            });
        }
        if disabled {
            sqlx::query("DELETE FROM sessions WHERE account_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(AccountSwitch::Changed)
    }

    async fn end_all_sessions(&self, id: &str, audit: &NewAuditEntry) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        let ended = sqlx::query("DELETE FROM sessions WHERE account_id = $1")
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(ended)
    }

    async fn confirm_session_identity(&self, token_hash: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE sessions SET identity_confirmed_at = $1 WHERE token_hash = $2")
            .bind(now)
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
