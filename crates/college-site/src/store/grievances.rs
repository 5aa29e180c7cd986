//! Students' grievances: filed by a signed-in student, numbered per year (`GRV-2026-0042`),
//! kept with the days by which the college must act, and read by the student who filed them
//! (and, through the committee's own routes, by the grievance committee). Filing stores the
//! grievance and queues its mails in one transaction: a student who was not acknowledged
//! still finds the grievance in their list.

use async_trait::async_trait;

use super::{
    contact::NewMail,
    error::StoreError,
    grievance_files::{FileBounds, FilesRefused, NewGrievanceFile},
};

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
    /// What the student attached, kept with the filing's entry.
    pub files: Vec<NewGrievanceFile>,
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
    /// Its files would pass a bound: nothing stored.
    Files(FilesRefused),
}

/// What became of a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrievanceUpdated {
    Done,
    /// The grievance is not in a status the change allows: nothing changed.
    MovedOn,
    /// The grievance holds as many entries as it may: nothing changed.
    Full,
    /// Its files would pass a bound: nothing changed.
    Files(FilesRefused),
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
    /// `allowance`, or its files would pass `bounds`.
    async fn file_grievance(
        &self,
        grievance: &NewGrievance,
        max_open: i64,
        allowance: DailyAllowance,
        bounds: FileBounds,
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

    /// Open grievances next due at or before `until`.
    async fn grievances_due_by(&self, until: i64) -> Result<Vec<DueGrievance>, StoreError>;

    /// Marks `reminder` sent for grievance `id`'s due moment `due` and queues `mails` at `now`,
    /// unless it was sent for that moment already (by this instance or another): false then.
    async fn claim_grievance_reminder(
        &self,
        id: i64,
        reminder: Reminder,
        due: i64,
        mails: &[NewMail],
        now: i64,
    ) -> Result<bool, StoreError>;

    /// What the public statistics count, of every grievance: no name, no words.
    async fn grievance_tally(&self) -> Result<Vec<GrievanceTallyRow>, StoreError>;

    /// The committee's queue: a page of the grievances `query` asks for, most urgent first
    /// (the soonest due), and how many there are in all.
    async fn grievance_queue(
        &self,
        query: &GrievanceQuery,
    ) -> Result<(Vec<Grievance>, i64), StoreError>;

    /// Makes `update` to grievance `id` at `update.entry.at` with its entry, files, audit entry
    /// and mails, unless the grievance is not in a status it allows or the files pass a bound.
    async fn update_grievance(
        &self,
        id: i64,
        update: &GrievanceUpdate<'_>,
    ) -> Result<GrievanceUpdated, StoreError>;
}

/// What the committee's queue shows, filtered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GrievanceQuery {
    /// One status, `open` for any the college is still working on, or none for all.
    pub status: Option<String>,
    pub category: Option<String>,
    /// Only those past the day they were due at `now`.
    pub overdue: bool,
    /// Only those due before this moment (and not yet overdue at `now`).
    pub due_before: Option<i64>,
    pub now: i64,
    pub offset: i64,
    pub limit: i64,
}

/// What the public statistics count of one grievance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct GrievanceTallyRow {
    pub received_at: i64,
    pub status_open: bool,
    pub decided_at: Option<i64>,
    pub report_by: i64,
    pub appealed_at: Option<i64>,
}

/// An open grievance whose next due day is near or past, for the committee's reminders.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DueGrievance {
    pub id: i64,
    pub number: String,
    pub category: String,
    pub status: String,
    /// When it is next due: to be referred, or reported on.
    pub due: i64,
    pub reminded_for: Option<i64>,
    pub overdue_for: Option<i64>,
}

/// Which reminder: the due day is near, or it has passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reminder {
    DueSoon,
    Overdue,
}

/// A change the committee (or, for a reply or an appeal, the student) makes to a grievance,
/// allowed only from the statuses it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GrievanceChange {
    Refer {
        report_by: i64,
    },
    Hearing {
        at: i64,
        place: String,
    },
    Decide {
        decision: String,
        appeal_by: i64,
    },
    /// The student appealed to the ombudsperson on the day that begins at `on`.
    Appeal {
        on: i64,
    },
    Close,
    /// A note only the committee reads, a message to the student, or the student's reply:
    /// the entry alone.
    Entry,
}

impl GrievanceChange {
    /// The statuses it may be made from (none: any).
    pub fn from_statuses(&self) -> &'static [&'static str] {
        match self {
            GrievanceChange::Refer { .. } => &["received"],
            GrievanceChange::Hearing { .. } => &["referred", "hearing"],
            GrievanceChange::Decide { .. } => &["received", "referred", "hearing"],
            GrievanceChange::Appeal { .. } => &["decided"],
            GrievanceChange::Close => &["decided", "appealed"],
            GrievanceChange::Entry => &[],
        }
    }
}

/// An entry to add beside a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewGrievanceEntry {
    pub at: i64,
    /// `student`, `committee` (a message to the student), `note` or `status`.
    pub kind: String,
    pub author_name: String,
    pub body: String,
}

/// A change with everything that goes with it, in one transaction.
pub struct GrievanceUpdate<'a> {
    pub change: GrievanceChange,
    pub entry: &'a NewGrievanceEntry,
    pub audit: Option<&'a super::audit::NewAuditEntry>,
    pub mails: &'a [NewMail],
    /// Kept with the entry: the student's when the entry is the student's, the committee's
    /// otherwise.
    pub files: &'a [NewGrievanceFile],
    pub bounds: FileBounds,
    /// Entries the grievance may hold, this one included.
    pub max_entries: i64,
}
