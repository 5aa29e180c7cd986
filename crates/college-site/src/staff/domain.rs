//! The staff area's rules: page sizes, what a search or filter may be, and how long an
//! admin's identity check lasts.

use std::time::Duration;

use crate::dates;
use crate::store::{InboxQuery, MailFilter, MessageKind, MessageStatus, StatusFilter};

use super::error::StaffError;

/// Rows on one page of the inbox, the people list and the audit log.
pub const PAGE_SIZE: i64 = 50;
/// The longest search text, in characters.
pub const SEARCH_MAX: usize = 200;
/// The highest page asked for; past the last page a request finds an empty one.
pub const PAGE_MAX: i64 = 100_000;
/// How long a passed identity check lets an admin change roles and disable accounts.
pub const IDENTITY_WINDOW_MS: i64 = 10 * 60 * 1000;

/// Calls one staff member may make to the staff API: a burst, then one a refill.
pub const STAFF_CALLS_BURST: u32 = 120;
pub const STAFF_CALLS_REFILL: Duration = Duration::from_millis(500);
/// Test mails one admin may send: a few, then one every few minutes.
pub const TEST_MAILS_BURST: u32 = 3;
pub const TEST_MAILS_REFILL: Duration = Duration::from_secs(120);
/// How many characters of a message the inbox list shows.
pub const PREVIEW_CHARS: usize = 140;

/// The inbox's query string, as sent: every field is checked here, so odd input gets a
/// clear error naming it.
#[derive(Debug, Default, serde::Deserialize)]
pub struct InboxParams {
    pub q: Option<String>,
    pub status: Option<String>,
    pub mail: Option<String>,
    pub page: Option<String>,
    /// `message` or `enquiry`; none: both.
    pub kind: Option<String>,
    /// An enquiry's course, by slug.
    pub course: Option<String>,
    /// Sent on or after this day, and on or before that (`2026-11-01`, the college's days).
    pub from: Option<String>,
    pub to: Option<String>,
    /// `today`: enquiries to call again today or before.
    pub due: Option<String>,
}

impl InboxParams {
    pub fn parse(&self) -> Result<(InboxQuery, i64), StaffError> {
        let status = match self.status.as_deref().map(str::trim) {
            None | Some("") | Some("open") => StatusFilter::Open,
            Some("all") => StatusFilter::All,
            Some(name) => {
                StatusFilter::Only(MessageStatus::from_name(name).ok_or(StaffError::BadFilter {
                    field: "status",
                    message: "Choose a status: open, new, read, answered, archived, contacted, follow-up, enrolled, closed or all.",
                })?)
            }
        };
        let mail = match self.mail.as_deref().map(str::trim) {
            None | Some("") | Some("any") => None,
            Some("queued") => Some(MailFilter::Pending),
            Some("sent") => Some(MailFilter::Sent),
            Some("failed") => Some(MailFilter::Failed),
            Some(_) => {
                return Err(StaffError::BadFilter {
                    field: "mail",
                    message: "Choose a mail state: any, queued, sent or failed.",
                });
            }
        };
        let page = parse_page(self.page.as_deref())?;
        let kind = match self.kind.as_deref().map(str::trim) {
            None | Some("") | Some("all") => None,
            Some(name) => Some(MessageKind::from_name(name).ok_or(StaffError::BadFilter {
                field: "kind",
                message: "Choose a kind: message, enquiry or all.",
            })?),
        };
        let course = match self.course.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(slug) if crate::content::publishing::rules::is_slug(slug) => Some(slug.to_owned()),
            Some(_) => {
                return Err(StaffError::BadFilter {
                    field: "course",
                    message: "Choose a course from the list.",
                });
            }
        };
        let day = |raw: Option<&str>, field: &'static str| match raw.map(str::trim) {
            None | Some("") => Ok(None),
            Some(text) => dates::parse_iso_day(text)
                .map(|day| Some(dates::college_midnight(day)))
                .ok_or(StaffError::BadFilter {
                    field,
                    message: "Write the day as year-month-day, like 2026-11-27.",
                }),
        };
        let since = day(self.from.as_deref(), "from")?;
        // Up to the end of that day: the next day's first moment.
        let until = day(self.to.as_deref(), "to")?.map(|start| start + 86_400_000);
        let due_by = match self.due.as_deref().map(str::trim) {
            None | Some("") => None,
            Some("today") => Some(dates::college_iso_day(crate::store::now_millis())),
            Some(_) => {
                return Err(StaffError::BadFilter {
                    field: "due",
                    message: "Ask for the calls due today, or for none.",
                });
            }
        };
        Ok((
            InboxQuery {
                text: parse_search(self.q.as_deref())?,
                status,
                mail,
                kind,
                course,
                since,
                until,
                due_by,
                offset: (page - 1) * PAGE_SIZE,
                limit: PAGE_SIZE,
            },
            page,
        ))
    }
}

/// A search text: trimmed, `None` when empty, refused when longer than [`SEARCH_MAX`].
pub fn parse_search(raw: Option<&str>) -> Result<Option<String>, StaffError> {
    let text = raw.unwrap_or("").trim();
    if text.chars().count() > SEARCH_MAX {
        return Err(StaffError::BadFilter {
            field: "q",
            message: "Search for at most 200 characters.",
        });
    }
    Ok((!text.is_empty()).then(|| text.to_owned()))
}

/// A 1-based page number; 1 when absent.
pub fn parse_page(raw: Option<&str>) -> Result<i64, StaffError> {
    match raw.map(str::trim) {
        None | Some("") => Ok(1),
        Some(text) => text
            .parse::<i64>()
            .ok()
            .filter(|page| (1..=PAGE_MAX).contains(page))
            .ok_or(StaffError::BadFilter {
                field: "page",
                message: "The page must be a whole number from 1.",
            }),
    }
}

/// The start of a message, for the inbox list: at most [`PREVIEW_CHARS`] characters, with
/// line breaks and runs of spaces as one space.
pub fn preview(message: &str) -> String {
    let flat: Vec<&str> = message.split_whitespace().collect();
    let flat = flat.join(" ");
    match flat.char_indices().nth(PREVIEW_CHARS) {
        Some((cut, _)) => format!("{}…", flat[..cut].trim_end()),
        None => flat,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_parse_and_refuse_odd_input() {
        let (query, page) = InboxParams::default().parse().expect("defaults");
        assert_eq!(
            (query.status, query.mail, query.offset, page),
            (StatusFilter::Open, None, 0, 1)
        );
        let params = InboxParams {
            q: Some("  fees  ".into()),
            status: Some("answered".into()),
            mail: Some("failed".into()),
            page: Some("3".into()),
            ..InboxParams::default()
        };
        let (query, page) = params.parse().expect("valid");
        assert_eq!(query.text.as_deref(), Some("fees"));
        assert_eq!(query.status, StatusFilter::Only(MessageStatus::Answered));
        assert_eq!(query.mail, Some(MailFilter::Failed));
        assert_eq!((query.offset, page), (100, 3));
        for (status, mail, page) in [
            ("unread", "any", "1"),
            ("new", "bounced", "1"),
            ("new", "any", "0"),
            ("new", "any", "-2"),
            ("new", "any", "2.5"),
            ("new", "any", "99999999999999999999"),
        ] {
            let params = InboxParams {
                status: Some(status.into()),
                mail: Some(mail.into()),
                page: Some(page.into()),
                ..InboxParams::default()
            };
            assert!(params.parse().is_err(), "{status} {mail} {page}");
        }
        let enquiries = InboxParams {
            kind: Some("enquiry".into()),
            course: Some("bca".into()),
            status: Some("follow-up".into()),
            from: Some("2026-11-01".into()),
            to: Some("2026-11-30".into()),
            ..InboxParams::default()
        };
        let (query, _) = enquiries.parse().expect("valid");
        assert_eq!(query.kind, Some(MessageKind::Enquiry));
        assert_eq!(query.course.as_deref(), Some("bca"));
        assert_eq!(query.status, StatusFilter::Only(MessageStatus::FollowUp));
        assert_eq!(
            query.since.map(dates::college_iso_day).as_deref(),
            Some("2026-11-01")
        );
        assert_eq!(
            query
                .until
                .map(|until| dates::college_iso_day(until - 1))
                .as_deref(),
            Some("2026-11-30")
        );
        for odd in [
            InboxParams {
                kind: Some("letter".into()),
                ..InboxParams::default()
            },
            InboxParams {
                course: Some("../bca".into()),
                ..InboxParams::default()
            },
            InboxParams {
                from: Some("1 Nov".into()),
                ..InboxParams::default()
            },
            InboxParams {
                to: Some("2026-02-30".into()),
                ..InboxParams::default()
            },
            InboxParams {
                due: Some("tomorrow".into()),
                ..InboxParams::default()
            },
        ] {
            assert!(odd.parse().is_err(), "{odd:?}");
        }
        assert!(parse_search(Some(&"x".repeat(201))).is_err());
        assert_eq!(parse_search(Some("   ")).expect("blank"), None);
    }

    #[test]
    fn a_preview_is_one_short_line() {
        assert_eq!(preview("Hello\n\n  there"), "Hello there");
        let long = "word ".repeat(100);
        let shown = preview(&long);
        assert!(shown.ends_with('…'));
        assert!(shown.chars().count() <= PREVIEW_CHARS + 1);
    }
}
