//! The committee's reminders, looked for every minute by each instance: a grievance whose due
//! day is three working days away or nearer, and one whose due day has passed, are mailed to
//! every member once per due day (the store lets one instance claim each). The mails say which
//! grievance and what is due, never what it says.

use lettre::message::Mailbox;

use super::clock::{Holidays, day_of, due_day, working_days_until};
use super::committee_mails::{self, to_member};
use super::domain::category_words;
use crate::dates::day_words;
use crate::store::{DueGrievance, Reminder, SharedStore, StoreError};

/// Reminded when this many working days, or fewer, are left.
pub const REMIND_WITHIN_WORKING_DAYS: i64 = 3;
/// Three working days are never more than this many calendar days away.
const LOOK_AHEAD_MS: i64 = 14 * 86_400_000;

fn what_is_due(grievance: &DueGrievance) -> &'static str {
    if grievance.status == "received" {
        "referring it to the committee"
    } else {
        "the committee's decision"
    }
}

/// The reminder `grievance` needs at `now`, if any.
fn reminder_for(grievance: &DueGrievance, now: i64, holidays: &Holidays) -> Option<Reminder> {
    if grievance.due <= now {
        return (grievance.overdue_for != Some(grievance.due)).then_some(Reminder::Overdue);
    }
    let left = working_days_until(day_of(now), due_day(grievance.due), holidays);
    (left <= REMIND_WITHIN_WORKING_DAYS && grievance.reminded_for != Some(grievance.due))
        .then_some(Reminder::DueSoon)
}

/// Mails the committee about grievances near or past their due day; answers how many.
pub async fn remind(
    store: &SharedStore,
    reply_to: &Mailbox,
    origin: Option<&str>,
    now: i64,
) -> Result<usize, StoreError> {
    let due = store.grievances_due_by(now + LOOK_AHEAD_MS).await?;
    if due.is_empty() {
        return Ok(0);
    }
    let members = committee_mails::recipients(store).await?;
    // Nobody sits on the committee yet: nothing is marked told, so that the first member
    // granted the role hears of it.
    if members.is_empty() {
        return Ok(0);
    }
    let holidays = store.college_holidays().await?;
    let holidays = Holidays::from_iso_days(holidays.iter().map(String::as_str));
    let room = origin.map_or_else(
        || "the staff area, under Grievances".to_owned(),
        |origin| format!("{origin}/staff/grievances/{{number}}"),
    );
    let mut sent = 0;
    for grievance in &due {
        let Some(reminder) = reminder_for(grievance, now, &holidays) else {
            continue;
        };
        let day = day_words(due_day(grievance.due));
        let (subject, lead) = match reminder {
            Reminder::DueSoon => (
                format!("Grievance {} is due on {day}", grievance.number),
                format!("is due for {} on {day}", what_is_due(grievance)),
            ),
            Reminder::Overdue => (
                format!("Grievance {} is overdue", grievance.number),
                format!(
                    "was due for {} on {day}, and is overdue",
                    what_is_due(grievance)
                ),
            ),
        };
        let body = format!(
            "Grievance {} ({}) {lead}.\n\nOpen it: {}\n",
            grievance.number,
            category_words(&grievance.category),
            room.replace("{number}", &grievance.number),
        );
        let mails: Vec<_> = members
            .iter()
            .map(|member| to_member(member, reply_to, &subject, &body))
            .collect();
        if store
            .claim_grievance_reminder(grievance.id, reminder, grievance.due, &mails, now)
            .await?
        {
            sent += 1;
        }
    }
    Ok(sent)
}
