//! Students' grievances. Compiled into both backends as part of `store/sql/`.

use async_trait::async_trait;
use sqlx::QueryBuilder;

use super::grievance_files::{FilesOf, insert_files};
use super::grievance_statements::{DUE, GRIEVANCE_COLUMNS, OPEN, change_statement, queue_filter};
use super::{Backend, Db, audit::insert_audit, content::bump_generation, queue_mail};
use crate::store::{
    contact::{MailLink, NewMail},
    error::StoreError,
    grievance_files::FileBounds,
    grievances::{
        DailyAllowance, DueGrievance, FilingMails, Grievance, GrievanceChange, GrievanceEntry,
        GrievanceFiled, GrievanceQuery, GrievanceStore, GrievanceTallyRow, GrievanceUpdate,
        GrievanceUpdated, NewGrievance, Reminder,
    },
};

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
        bounds: FileBounds,
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
        let (entry_id,): (i64,) = sqlx::query_as(
            "INSERT INTO grievance_entries (grievance_id, at, kind, author_name, body)
             VALUES ($1, $2, 'status', $3, 'received') RETURNING id",
        )
        .bind(id)
        .bind(grievance.received_at)
        .bind(&grievance.student_name)
        .fetch_one(&mut *tx)
        .await?;
        let files_of = FilesOf {
            grievance_id: id,
            entry_id,
            student: Some(&grievance.account_id),
            at: grievance.received_at,
        };
        if let Err(refused) = insert_files(&mut tx, &files_of, &grievance.files, bounds).await? {
            return Ok(GrievanceFiled::Files(refused));
        }
        for mail in mails(&number) {
            queue_mail(&mut tx, &mail, grievance.received_at, MailLink::None, None).await?;
        }
        // The disclosure counts grievances: its kept page is drawn again.
        bump_generation(&mut tx).await?;
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

    async fn grievance_queue(
        &self,
        query: &GrievanceQuery,
    ) -> Result<(Vec<Grievance>, i64), StoreError> {
        let mut count = QueryBuilder::<Db>::new("SELECT COUNT(*) FROM grievances");
        queue_filter(&mut count, query);
        let (total,): (i64,) = count.build_query_as().fetch_one(&self.pool).await?;
        let mut page =
            QueryBuilder::<Db>::new(format!("SELECT {GRIEVANCE_COLUMNS} FROM grievances"));
        queue_filter(&mut page, query);
        // Those the college is still working on first, the soonest due first; then the rest,
        // newest first.
        page.push(format!(
            " ORDER BY CASE WHEN {OPEN} THEN 0 ELSE 1 END, {DUE}, received_at DESC, id DESC LIMIT "
        ))
        .push_bind(query.limit)
        .push(" OFFSET ")
        .push_bind(query.offset);
        let grievances = page.build_query_as().fetch_all(&self.pool).await?;
        Ok((grievances, total))
    }

    async fn update_grievance(
        &self,
        id: i64,
        update: &GrievanceUpdate<'_>,
    ) -> Result<GrievanceUpdated, StoreError> {
        let at = update.entry.at;
        let mut tx = self.pool.begin().await?;
        let changed = change_statement(id, at, &update.change)
            .build()
            .execute(&mut *tx)
            .await?;
        if changed.rows_affected() != 1 {
            return Ok(GrievanceUpdated::MovedOn);
        }
        let (held,): (i64,) =
            sqlx::query_as("SELECT COUNT(*) FROM grievance_entries WHERE grievance_id = $1")
                .bind(id)
                .fetch_one(&mut *tx)
                .await?;
        if held >= update.max_entries {
            return Ok(GrievanceUpdated::Full);
        }
        let entry = update.entry;
        let (entry_id,): (i64,) = sqlx::query_as(
            "INSERT INTO grievance_entries (grievance_id, at, kind, author_name, body)
             VALUES ($1, $2, $3, $4, $5) RETURNING id",
        )
        .bind(id)
        .bind(at)
        .bind(&entry.kind)
        .bind(&entry.author_name)
        .bind(&entry.body)
        .fetch_one(&mut *tx)
        .await?;
        if !update.files.is_empty() {
            // A student's files count against their account; the committee's do not.
            let (account_id,): (Option<String>,) =
                sqlx::query_as("SELECT account_id FROM grievances WHERE id = $1")
                    .bind(id)
                    .fetch_one(&mut *tx)
                    .await?;
            let from_student = entry.kind == "student";
            let files_of = FilesOf {
                grievance_id: id,
                entry_id,
                student: from_student.then_some(account_id.as_deref().unwrap_or_default()),
                at,
            };
            if let Err(refused) =
                insert_files(&mut tx, &files_of, update.files, update.bounds).await?
            {
                return Ok(GrievanceUpdated::Files(refused));
            }
        }
        if let Some(audit) = update.audit {
            insert_audit(&mut tx, audit).await?;
        }
        for mail in update.mails {
            queue_mail(&mut tx, mail, at, MailLink::None, None).await?;
        }
        if update.change != GrievanceChange::Entry {
            // A change of status changes the disclosure's counts.
            bump_generation(&mut tx).await?;
        }
        tx.commit().await?;
        Ok(GrievanceUpdated::Done)
    }

    async fn grievances_due_by(&self, until: i64) -> Result<Vec<DueGrievance>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT id, number, category, status, {DUE} AS due, reminded_for, overdue_for
             FROM grievances WHERE {OPEN} AND {DUE} <= $1 ORDER BY id"
        ))
        .bind(until)
        .fetch_all(&self.pool)
        .await?)
    }

    async fn claim_grievance_reminder(
        &self,
        id: i64,
        reminder: Reminder,
        due: i64,
        mails: &[NewMail],
        now: i64,
    ) -> Result<bool, StoreError> {
        let column = match reminder {
            Reminder::DueSoon => "reminded_for",
            Reminder::Overdue => "overdue_for",
        };
        let mut tx = self.pool.begin().await?;
        let claimed = sqlx::query(&format!(
            "UPDATE grievances SET {column} = $2
             WHERE id = $1 AND ({column} IS NULL OR {column} <> $2)"
        ))
        .bind(id)
        .bind(due)
        .execute(&mut *tx)
        .await?;
        if claimed.rows_affected() != 1 {
            return Ok(false);
        }
        for mail in mails {
            queue_mail(&mut tx, mail, now, MailLink::None, None).await?;
        }
        tx.commit().await?;
        Ok(true)
    }

    async fn grievance_tally(&self) -> Result<Vec<GrievanceTallyRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "SELECT received_at, {OPEN} AS status_open, decided_at, report_by, appealed_at
             FROM grievances ORDER BY received_at"
        ))
        .fetch_all(&self.pool)
        .await?)
    }
}
