//! Roles. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::{
    Backend, Db,
    audit::insert_audit,
    dialect::{BYTE_ORDER, FOR_UPDATE, begin_admin_change},
};
use crate::store::{
    audit::NewAuditEntry,
    error::StoreError,
    roles::{Role, RoleHolder, RoleRevoked, RoleStore},
};

#[derive(sqlx::FromRow)]
struct HolderRow {
    email: String,
    display_name: Option<String>,
    role: String,
    granted_at: i64,
    chair: bool,
}

#[async_trait]
impl RoleStore for Backend {
    async fn roles_of(&self, account_id: &str) -> Result<Vec<Role>, StoreError> {
        let names: Vec<(String,)> =
            sqlx::query_as("SELECT role FROM account_roles WHERE account_id = $1")
                .bind(account_id)
                .fetch_all(&self.pool)
                .await?;
        // A role this version does not know (written by a newer one) is no role here.
        let mut roles: Vec<Role> = names
            .iter()
            .filter_map(|(name,)| Role::from_name(name))
            .collect();
        roles.sort();
        Ok(roles)
    }

    async fn has_role(&self, account_id: &str, role: Role) -> Result<bool, StoreError> {
        let found: Option<(String,)> =
            sqlx::query_as("SELECT role FROM account_roles WHERE account_id = $1 AND role = $2")
                .bind(account_id)
                .bind(role.name())
                .fetch_optional(&self.pool)
                .await?;
        Ok(found.is_some())
    }

    async fn grant_role(
        &self,
        account_id: &str,
        role: Role,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let granted = sqlx::query(
            "INSERT INTO account_roles (account_id, role, granted_at) VALUES ($1, $2, $3)
             ON CONFLICT (account_id, role) DO NOTHING",
        )
        .bind(account_id)
        .bind(role.name())
        .bind(audit.at)
        .execute(&mut *tx)
        .await?;
        let granted = granted.rows_affected() > 0;
        if granted {
            // A role needs a session that passed the second step: one opened by a password
            // alone, before the grant, ends (its browser signs in again, then sets up the factor).
            sqlx::query("DELETE FROM sessions WHERE account_id = $1 AND second_step_at IS NULL")
                .bind(account_id)
                .execute(&mut *tx)
                .await?;
            insert_audit(&mut tx, audit).await?;
        }
        tx.commit().await?;
        Ok(granted)
    }

    async fn revoke_role(
        &self,
        account_id: &str,
        role: Role,
        audit: &NewAuditEntry,
    ) -> Result<RoleRevoked, StoreError> {
        // The admins are read under lock, so two admins taking their own roles at once
        // cannot both see the other one still there.
        let mut tx = begin_admin_change(&self.pool).await?;
        if role == Role::Admin && is_last_admin(&mut tx, account_id).await? {
            return Ok(RoleRevoked::LastAdmin);
        }
        let revoked = sqlx::query("DELETE FROM account_roles WHERE account_id = $1 AND role = $2")
            .bind(account_id)
            .bind(role.name())
            .execute(&mut *tx)
            .await?;
        if revoked.rows_affected() == 0 {
            return Ok(RoleRevoked::NotHeld);
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(RoleRevoked::Revoked)
    }

    async fn role_holders(&self) -> Result<Vec<RoleHolder>, StoreError> {
        let rows: Vec<HolderRow> = sqlx::query_as(&format!(
            "SELECT a.email_key AS email, u.display_name, r.role, r.granted_at, r.chair
             FROM account_roles r
             JOIN accounts a ON a.id = r.account_id
             LEFT JOIN users u ON u.id = r.account_id
             ORDER BY a.email_key {BYTE_ORDER}, r.role {BYTE_ORDER}"
        ))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .filter_map(|row| {
                Some(RoleHolder {
                    role: Role::from_name(&row.role)?,
                    email: row.email,
                    display_name: row.display_name,
                    granted_at: row.granted_at,
                    chair: row.chair,
                })
            })
            .collect())
    }

    async fn set_grievance_chair(
        &self,
        account_id: &str,
        chair: bool,
        audit: &NewAuditEntry,
    ) -> Result<bool, StoreError> {
        let committee = Role::GrievanceCommittee.name();
        let mut tx = self.pool.begin().await?;
        let (member,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM account_roles WHERE account_id = $1 AND role = $2",
        )
        .bind(account_id)
        .bind(committee)
        .fetch_one(&mut *tx)
        .await?;
        if member == 0 {
            return Ok(false);
        }
        // One chairperson: marking one unmarks the rest.
        let statement = if chair {
            "UPDATE account_roles SET chair = (account_id = $1) WHERE role = $2"
        } else {
            "UPDATE account_roles SET chair = FALSE WHERE account_id = $1 AND role = $2"
        };
        sqlx::query(statement)
            .bind(account_id)
            .bind(committee)
            .execute(&mut *tx)
            .await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// Whether `account_id` is the only admin whose account is enabled: a disabled admin cannot
/// sign in, so does not count. Call it in a transaction begun by `begin_admin_change`: the
/// admins are read under lock, so two changes at once cannot both see the other admin there.
pub(super) async fn is_last_admin(
    tx: &mut sqlx::Transaction<'static, Db>,
    account_id: &str,
) -> Result<bool, StoreError> {
    let admins: Vec<(String,)> = sqlx::query_as(&format!(
        "SELECT r.account_id FROM account_roles r JOIN accounts a ON a.id = r.account_id
         WHERE r.role = $1 AND a.disabled_at IS NULL {FOR_UPDATE}"
    ))
    .bind(Role::Admin.name())
    .fetch_all(&mut **tx)
    .await?;
    Ok(matches!(admins.as_slice(), [(only,)] if only == account_id))
}
