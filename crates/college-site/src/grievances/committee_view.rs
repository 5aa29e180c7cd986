//! A grievance as the committee's room reads it (JSON): the summary in the queue, and the
//! whole of it (with the committee's notes and who filed it) when opened.

use serde::Serialize;

use super::clock::due_day;
use super::domain::{category_words, is_open, status_words};
use super::paths::GRIEVANCES_API;
use crate::dates::day_words;
use crate::store::{Grievance, GrievanceEntry, GrievanceFileRow};

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    number: String,
    category: &'static str,
    category_words: String,
    status: String,
    status_words: String,
    received_at: i64,
    /// What is due next, in words ("Refer by 17 November 2026"), and when (ms; none once decided).
    next: String,
    due_at: Option<i64>,
    overdue: bool,
    student_name: String,
}

/// The category's name as a `'static` (an unknown one, which this server never stores, as `other`).
fn category_name(name: &str) -> &'static str {
    super::domain::CATEGORIES
        .iter()
        .find(|(value, _)| *value == name)
        .map_or("other", |(value, _)| value)
}

/// When the college must next act, and what that is.
fn next_due(grievance: &Grievance) -> Option<(&'static str, i64)> {
    match grievance.status.as_str() {
        "received" => Some(("Refer to the committee by", grievance.refer_by)),
        "referred" | "hearing" => Some(("Decide by", grievance.report_by)),
        _ => None,
    }
}

pub fn summary(grievance: &Grievance, now: i64) -> Summary {
    let due = next_due(grievance);
    Summary {
        number: grievance.number.clone(),
        category: category_name(&grievance.category),
        category_words: category_words(&grievance.category).to_owned(),
        status: grievance.status.clone(),
        status_words: status_words(&grievance.status).to_owned(),
        received_at: grievance.received_at,
        next: due.map_or_else(String::new, |(words, at)| {
            format!("{words} {}", day_words(due_day(at)))
        }),
        due_at: due.map(|(_, at)| at),
        overdue: is_open(&grievance.status) && due.is_some_and(|(_, at)| at <= now),
        student_name: grievance.student_name.clone(),
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    at: i64,
    kind: String,
    author_name: String,
    body: String,
    files: Vec<File>,
}

/// A file that came with an entry, and where the committee downloads it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct File {
    name: String,
    content_type: String,
    size: i64,
    path: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Whole {
    #[serde(flatten)]
    summary: Summary,
    student_email: String,
    share_name: bool,
    happened: String,
    asked_for: String,
    refer_by: i64,
    report_by: i64,
    referred_at: Option<i64>,
    hearing_at: Option<i64>,
    hearing_place: Option<String>,
    decided_at: Option<i64>,
    decision: Option<String>,
    appeal_by: Option<i64>,
    appealed_at: Option<i64>,
    entries: Vec<Entry>,
}

/// The grievance whole, for the committee: its entries, each with its files.
pub fn whole(
    grievance: Grievance,
    (entries, files): (Vec<GrievanceEntry>, Vec<GrievanceFileRow>),
    now: i64,
) -> Whole {
    let files_of = |entry_id: i64| -> Vec<File> {
        files
            .iter()
            .filter(|file| file.entry_id == entry_id)
            .map(|file| File {
                name: file.name.clone(),
                content_type: file.content_type.clone(),
                size: file.size,
                path: format!("{GRIEVANCES_API}/{}/files/{}", grievance.number, file.id),
            })
            .collect()
    };
    let entries = entries
        .into_iter()
        .map(|entry| Entry {
            files: files_of(entry.id),
            at: entry.at,
            kind: entry.kind,
            author_name: entry.author_name,
            body: entry.body,
        })
        .collect();
    Whole {
        summary: summary(&grievance, now),
        student_email: grievance.student_email,
        share_name: grievance.share_name,
        happened: grievance.happened,
        asked_for: grievance.asked_for,
        refer_by: grievance.refer_by,
        report_by: grievance.report_by,
        referred_at: grievance.referred_at,
        hearing_at: grievance.hearing_at,
        hearing_place: grievance.hearing_place,
        decided_at: grievance.decided_at,
        decision: grievance.decision,
        appeal_by: grievance.appeal_by,
        appealed_at: grievance.appealed_at,
        entries,
    }
}
