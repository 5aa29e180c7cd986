//! The college's holidays. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::{Backend, audit::insert_audit};
use crate::store::{audit::NewAuditEntry, college_holidays::HolidayStore, error::StoreError};

#[async_trait]
impl HolidayStore for Backend {
    async fn holiday_list(&self) -> Result<Vec<(String, String)>, StoreError> {
        Ok(
            sqlx::query_as("SELECT day, name FROM college_holidays ORDER BY day")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    async fn replace_holidays(
        &self,
        holidays: &[(String, String)],
        audit: &NewAuditEntry,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM college_holidays")
            .execute(&mut *tx)
            .await?;
        for (day, name) in holidays {
            sqlx::query("INSERT INTO college_holidays (day, name) VALUES ($1, $2)")
                .bind(day)
                .bind(name)
                .execute(&mut *tx)
                .await?;
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(())
    }

    async fn college_holidays(&self) -> Result<Vec<String>, StoreError> {
        let days: Vec<(String,)> = sqlx::query_as("SELECT day FROM college_holidays ORDER BY day")
            .fetch_all(&self.pool)
            .await?;
        Ok(days.into_iter().map(|(day,)| day).collect())
    }
}
