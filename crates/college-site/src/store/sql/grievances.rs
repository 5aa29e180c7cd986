//! Students' grievances. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;

use super::{Backend, queue_mail};
use crate::store::{
    contact::MailLink,
    error::StoreError,
    grievances::{
        DailyAllowance, FilingMails, Grievance, GrievanceEntry, GrievanceFiled, GrievanceStore,
        NewGrievance,
    },
};

const GRIEVANCE_COLUMNS: &str = "id, number, account_id, student_email, student_name, category,
    happened, asked_for, share_name, status, received_at, refer_by, report_by, referred_at,
    hearing_at, hearing_place, decided_at, decision, appeal_by, appealed_at, closed_at,
    updated_at";

/// The statuses of a grievance the college has not finished with.
const OPEN: &str = "status IN ('received', 'referred', 'hearing')";

/// `GRV-2026-0042`: the year and the grievance's place in it, four digits at least.
fn number_of(year: i64, place: i64) -> String {
    format!("GRV-{year}-{place:04}")
}

#[async_trait]
impl GrievanceStore for Backend {
    async fn file_grievance(
        &self,
        grievance: &NewGrievance,
        max_open: i64,
        allowance: DailyAllowance,
        mails: FilingMails<'_>,
    ) -> Result<GrievanceFiled, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The year's counter is written first: it is the lock that puts filings in a line on
        // both databases, so that the checks below see every filing before this one.
        let (place,): (i64,) = sqlx::query_as(
            "INSERT INTO grievance_numbers (year, last) VALUES ($1, 1)
             ON CONFLICT (year) DO UPDATE SET last = grievance_numbers.last + 1
             RETURNING last",
        )
        .bind(grievance.year)
        .fetch_one(&mut *tx)
        .await?;
        let (open, today): (i64, i64) = sqlx::query_as(&format!(
            "SELECT COALESCE(SUM(CASE WHEN {OPEN} THEN 1 ELSE 0 END), 0),
                    COALESCE(SUM(CASE WHEN received_at >= $2 THEN 1 ELSE 0 END), 0)
             FROM grievances WHERE account_id = $1"
        ))
        .bind(&grievance.account_id)
        .bind(allowance.day_start)
        .fetch_one(&mut *tx)
        .await?;
        let (from_address,): (i64,) = sqlx::query_as(
            "SELECT COUNT(*) FROM grievances WHERE client_ip = $1 AND received_at >= $2",
        )
        .bind(&grievance.client_ip)
        .bind(allowance.day_start)
        .fetch_one(&mut *tx)
        .await?;
        if open >= max_open {
            return Ok(GrievanceFiled::TooManyOpen);
        }
        if today >= allowance.per_account {
            return Ok(GrievanceFiled::TooManyToday);
        }
        if from_address >= allowance.per_address {
            return Ok(GrievanceFiled::TooManyFromAddress);
        }
        let number = number_of(grievance.year, place);
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO grievances (number, account_id, student_email, student_name, category,
                                     happened, asked_for, share_name, status, received_at,
                                     refer_by, report_by, updated_at, client_ip)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'received', $9, $10, $11, $9, $12)
             RETURNING id",
        )
        .bind(&number)
        .bind(&grievance.account_id)
        .bind(&grievance.student_email)
        .bind(&grievance.student_name)
        .bind(&grievance.category)
        .bind(&grievance.happened)
        .bind(&grievance.asked_for)
        .bind(grievance.share_name)
        .bind(grievance.received_at)
        .bind(grievance.refer_by)
        .bind(grievance.report_by)
        .bind(&grievance.client_ip)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO grievance_entries (grievance_id, at, kind, author_name, body)
             VALUES ($1, $2, 'status', $3, 'received')",
        )
        .bind(id)
        .bind(grievance.received_at)
        .bind(&grievance.student_name)
        .execute(&mut *tx)
        .await?;
        for mail in mails(&number) {
            queue_mail(&mut tx, &mail, grievance.received_at, MailLink::None, None).await?;
        }
        tx.commit().await?;
        Ok(GrievanceFiled::Filed(number))
    }

    async fn grievances_of(&self, account_id: &str) -> Result<Vec<Grievance>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {GRIEVANCE_COLUMNS} FROM grievances WHERE account_id = $1
             ORDER BY received_at DESC, id DESC"
        ))
        .bind(account_id)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn grievance(&self, number: &str) -> Result<Option<Grievance>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT {GRIEVANCE_COLUMNS} FROM grievances WHERE number = $1"
        ))
        .bind(number)
        .fetch_optional(&self.pool)
        .await?)
    }

    async fn grievance_entries(
        &self,
        id: i64,
        with_notes: bool,
    ) -> Result<Vec<GrievanceEntry>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, at, kind, author_name, body FROM grievance_entries
             WHERE grievance_id = $1 AND (kind <> 'note' OR $2) ORDER BY id",
        )
        .bind(id)
        .bind(with_notes)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn college_holidays(&self) -> Result<Vec<String>, StoreError> {
        let days: Vec<(String,)> = sqlx::query_as("SELECT day FROM college_holidays ORDER BY day")
            .fetch_all(&self.pool)
            .await?;
        Ok(days.into_iter().map(|(day,)| day).collect())
    }
}
