//! The mails of a grievance, in plain text. A student's says what they filed and the days by
//! which the college must act; a committee member's says only that one arrived and where to
//! read it: a grievance's words stay on the site, where only the committee and the student
//! can read them, and out of mailboxes others may share.

use super::clock::due_day;
use super::domain::category_words;
use super::paths::grievance_path;
use crate::dates::{college_date_time, day_words};

/// `origin` is where links point (none: the site's address is not known, and the mail names
/// the page instead).
fn link(origin: Option<&str>, path: &str) -> String {
    origin.map_or_else(
        || format!("the college website, under {path}"),
        |origin| format!("{origin}{path}"),
    )
}

pub struct Filed<'a> {
    pub number: &'a str,
    pub category: &'a str,
    pub received_at: i64,
    pub refer_by: i64,
    pub report_by: i64,
}

/// To the student: the acknowledgement.
pub fn acknowledgement(filed: &Filed, origin: Option<&str>) -> String {
    format!(
        "Your grievance is filed. Its number is {number}: keep it, it is how the college refers to your grievance.\n\n\
         About: {category}\n\
         Filed: {received}\n\n\
         What happens next, under the UGC (Redressal of Grievances of Students) Regulations, 2023:\n\
         - the college refers it to its Students' Grievance Redressal Committee by {refer_by};\n\
         - the committee hears you and decides by {report_by} at the latest.\n\n\
         Follow it, and add to it, at {link}\n\n\
         Only you and the committee can read it.\n",
        number = filed.number,
        category = category_words(filed.category),
        received = college_date_time(filed.received_at),
        refer_by = day_words(due_day(filed.refer_by)),
        report_by = day_words(due_day(filed.report_by)),
        link = link(origin, &grievance_path(filed.number)),
    )
}

/// To each member of the committee: that one arrived, without its words.
pub fn arrived(filed: &Filed, origin: Option<&str>) -> String {
    format!(
        "A student filed grievance {number} ({category}) on {received}.\n\n\
         Refer it to the committee by {refer_by}; the committee decides by {report_by} at the latest.\n\n\
         Read it in the staff area: {link}\n",
        number = filed.number,
        category = category_words(filed.category),
        received = college_date_time(filed.received_at),
        refer_by = day_words(due_day(filed.refer_by)),
        report_by = day_words(due_day(filed.report_by)),
        link = link(origin, "/staff/grievances"),
    )
}
