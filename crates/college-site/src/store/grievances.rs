//! Students' grievances: filed by a signed-in student, numbered per year (`GRV-2026-0042`),
//! kept with the days by which the college must act, and read by the student who filed them
//! (and, through the committee's own routes, by the grievance committee). Filing stores the
//! grievance and queues its mails in one transaction: a student who was not acknowledged
//! still finds the grievance in their list.

use async_trait::async_trait;

use super::{contact::NewMail, error::StoreError};

/// A grievance as filed, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGrievance {
    pub account_id: String,
    pub student_email: String,
    pub student_name: String,
    pub category: String,
    pub happened: String,
    pub asked_for: String,
    pub share_name: bool,
    pub received_at: i64,
    pub refer_by: i64,
    pub report_by: i64,
    /// The calendar year its number counts in (the college's own).
    pub year: i64,
    pub client_ip: String,
}

/// A stored grievance.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Grievance {
    pub id: i64,
    pub number: String,
    pub account_id: Option<String>,
    pub student_email: String,
    pub student_name: String,
    pub category: String,
    pub happened: String,
    pub asked_for: String,
    pub share_name: bool,
    pub status: String,
    pub received_at: i64,
    pub refer_by: i64,
    pub report_by: i64,
    pub referred_at: Option<i64>,
    pub hearing_at: Option<i64>,
    pub hearing_place: Option<String>,
    pub decided_at: Option<i64>,
    pub decision: Option<String>,
    pub appeal_by: Option<i64>,
    pub appealed_at: Option<i64>,
    pub closed_at: Option<i64>,
    pub updated_at: i64,
}

/// One thing that happened to a grievance: a reply, a message, a note or a change of status.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GrievanceEntry {
    pub id: i64,
    pub at: i64,
    pub kind: String,
    pub author_name: String,
    pub body: String,
}

/// What became of a filing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrievanceFiled {
    /// Stored under this number, with its mails queued.
    Filed(String),
    /// The account has this many open already: nothing stored.
    TooManyOpen,
    /// The account filed its day's allowance already: nothing stored.
    TooManyToday,
    /// So many were filed from the student's address today that it waits: nothing stored.
    TooManyFromAddress,
}

/// How many grievances one account, and one address, may file since the day began.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DailyAllowance {
    pub per_account: i64,
    pub per_address: i64,
    pub day_start: i64,
}

/// The mails of a filing, written once its number is known.
pub type FilingMails<'a> = &'a (dyn Fn(&str) -> Vec<NewMail> + Send + Sync);

#[async_trait]
pub trait GrievanceStore {
    /// Stores `grievance` under the next number of its year and queues `mails(number)`, unless
    /// the account has `max_open` grievances open, or the account or its address used up
    /// `allowance`.
    async fn file_grievance(
        &self,
        grievance: &NewGrievance,
        max_open: i64,
        allowance: DailyAllowance,
        mails: FilingMails<'_>,
    ) -> Result<GrievanceFiled, StoreError>;

    /// The grievances `account_id` filed, newest first.
    async fn grievances_of(&self, account_id: &str) -> Result<Vec<Grievance>, StoreError>;

    /// The grievance numbered `number`, whoever filed it.
    async fn grievance(&self, number: &str) -> Result<Option<Grievance>, StoreError>;

    /// What happened to grievance `id`, oldest first; the committee's notes only when
    /// `with_notes`.
    async fn grievance_entries(
        &self,
        id: i64,
        with_notes: bool,
    ) -> Result<Vec<GrievanceEntry>, StoreError>;

    /// The college's holidays, as `YYYY-MM-DD`, in order.
    async fn college_holidays(&self) -> Result<Vec<String>, StoreError>;
}
