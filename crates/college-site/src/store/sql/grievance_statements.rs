//! The statements of students' grievances that are built to fit: the committee's queue with
//! its filters, and each change with the statuses it may be made from. Compiled into both
//! backends as part of `store/sql/`.

use sqlx::QueryBuilder;

use super::Db;
use crate::store::grievances::{GrievanceChange, GrievanceQuery};

pub(super) const GRIEVANCE_COLUMNS: &str =
    "id, number, account_id, student_email, student_name, category,
    happened, asked_for, share_name, status, received_at, refer_by, report_by, referred_at,
    hearing_at, hearing_place, decided_at, decision, appeal_by, appealed_at, closed_at,
    updated_at";

/// The statuses of a grievance the college has not finished with.
pub(super) const OPEN: &str = "status IN ('received', 'referred', 'hearing')";

/// When the college must next act on a grievance: refer it, or report on it; none once decided.
pub(super) const DUE: &str = "CASE WHEN status = 'received' THEN refer_by
    WHEN status IN ('referred', 'hearing') THEN report_by END";

pub(super) fn queue_filter<'a>(statement: &mut QueryBuilder<'a, Db>, query: &'a GrievanceQuery) {
    statement.push(" WHERE 1 = 1");
    match query.status.as_deref() {
        Some("open") => {
            statement.push(format!(" AND {OPEN}"));
        }
        Some(status) => {
            statement.push(" AND status = ").push_bind(status);
        }
        None => {}
    }
    if let Some(category) = &query.category {
        statement.push(" AND category = ").push_bind(category);
    }
    if query.overdue {
        statement
            .push(format!(" AND ({DUE}) <= "))
            .push_bind(query.now);
    }
    if let Some(before) = query.due_before {
        statement
            .push(format!(" AND ({DUE}) > "))
            .push_bind(query.now)
            .push(format!(" AND ({DUE}) <= "))
            .push_bind(before);
    }
}

/// The statement that makes `change` at `at` to grievance `id`, from a status it allows.
pub(super) fn change_statement<'a>(
    id: i64,
    at: i64,
    change: &'a GrievanceChange,
) -> QueryBuilder<'a, Db> {
    let mut statement = QueryBuilder::<Db>::new("UPDATE grievances SET updated_at = ");
    statement.push_bind(at);
    match change {
        GrievanceChange::Refer { report_by } => {
            statement
                .push(", status = 'referred', referred_at = ")
                .push_bind(at)
                .push(", report_by = ")
                .push_bind(*report_by);
        }
        GrievanceChange::Hearing { at: when, place } => {
            statement
                .push(", status = 'hearing', hearing_at = ")
                .push_bind(*when)
                .push(", hearing_place = ")
                .push_bind(place);
        }
        GrievanceChange::Decide {
            decision,
            appeal_by,
        } => {
            statement
                .push(", status = 'decided', decided_at = ")
                .push_bind(at)
                .push(", decision = ")
                .push_bind(decision)
                .push(", appeal_by = ")
                .push_bind(*appeal_by);
        }
        GrievanceChange::Appeal { on } => {
            statement
                .push(", status = 'appealed', appealed_at = ")
                .push_bind(*on);
        }
        GrievanceChange::Close => {
            statement
                .push(", status = 'closed', closed_at = ")
                .push_bind(at);
        }
        GrievanceChange::Entry => {}
    }
    statement.push(" WHERE id = ").push_bind(id);
    let allowed = change.from_statuses();
    if !allowed.is_empty() {
        statement.push(" AND status IN (");
        let mut each = statement.separated(", ");
        for status in allowed {
            each.push_bind(*status);
        }
        statement.push(")");
    }
    statement
}
