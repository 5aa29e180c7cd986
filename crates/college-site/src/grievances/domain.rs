//! What a grievance is made of: its categories and statuses in the words the student reads,
//! and the checks a filing passes, each problem tied to its field so that the form can say
//! what to fix and keep everything the student wrote.

use crate::text::has_stray_control;

/// Open grievances an account may have at once.
pub const MAX_OPEN_PER_ACCOUNT: i64 = 5;
/// Grievances an account may file within a day.
pub const MAX_PER_DAY_PER_ACCOUNT: i64 = 3;
/// The longest account of what happened, and of what the student asks for.
pub const MAX_HAPPENED_CHARS: usize = 5_000;
pub const MAX_ASKED_CHARS: usize = 2_000;

/// The categories, as posted and as the student reads them.
pub const CATEGORIES: [(&str, &str); 8] = [
    ("admission", "Admission"),
    ("fees", "Fees and refunds"),
    ("examinations", "Examinations and evaluation"),
    ("teaching", "Teaching and attendance"),
    ("facilities", "Facilities"),
    ("certificates", "Certificates and documents"),
    ("harassment", "Harassment or discrimination"),
    ("other", "Something else"),
];

/// The category whose grievances may also go to the internal complaints committee.
pub const HARASSMENT: &str = "harassment";

pub fn category_words(name: &str) -> &str {
    CATEGORIES
        .iter()
        .find(|(value, _)| *value == name)
        .map_or(name, |(_, words)| words)
}

/// A status as the student reads it.
pub fn status_words(status: &str) -> &str {
    match status {
        "received" => "Received",
        "referred" => "With the committee",
        "hearing" => "Hearing set",
        "decided" => "Decided",
        "appealed" => "Appealed",
        "closed" => "Closed",
        other => other,
    }
}

/// Whether the college is still working on a grievance with `status`.
pub fn is_open(status: &str) -> bool {
    matches!(status, "received" | "referred" | "hearing")
}

/// The filing form's fields, as posted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilingField {
    Category,
    Happened,
    AskedFor,
    ShareName,
    Files,
}

impl FilingField {
    pub fn id(self) -> &'static str {
        match self {
            FilingField::Category => "grievance-category",
            FilingField::Happened => "grievance-happened",
            FilingField::AskedFor => "grievance-asked-for",
            FilingField::ShareName => "grievance-share-name",
            FilingField::Files => "grievance-files",
        }
    }
}

/// What a student posted, as they wrote it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FilingForm {
    pub category: String,
    pub happened: String,
    pub asked_for: String,
    /// "yes" or "no"; none chosen is a problem.
    pub share_name: String,
}

/// A filing that passed its checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidFiling {
    pub category: String,
    pub happened: String,
    pub asked_for: String,
    pub share_name: bool,
}

/// What is wrong with a filing: the field (none: the whole form) and what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilingProblem {
    pub field: Option<FilingField>,
    pub message: String,
}

fn problem(field: FilingField, message: &str) -> FilingProblem {
    FilingProblem {
        field: Some(field),
        message: message.to_owned(),
    }
}

/// A text with lines, trimmed, or what is wrong with it.
pub(super) fn text_with_lines(
    value: &str,
    field: FilingField,
    max: usize,
    empty: &str,
) -> Result<String, FilingProblem> {
    let text = value.trim();
    if text.is_empty() {
        return Err(problem(field, empty));
    }
    if has_stray_control(text) || text.chars().any(crate::text::is_bidi_control) {
        return Err(problem(
            field,
            "Remove the invisible control characters from this text (they can come with a paste).",
        ));
    }
    if text.chars().count() > max {
        return Err(problem(
            field,
            &format!("Shorten this to {max} characters or fewer."),
        ));
    }
    Ok(text.replace("\r\n", "\n"))
}

impl FilingForm {
    pub fn validate(&self) -> Result<ValidFiling, Vec<FilingProblem>> {
        let mut problems = Vec::new();
        if !CATEGORIES.iter().any(|(value, _)| *value == self.category) {
            problems.push(problem(
                FilingField::Category,
                "Choose what the grievance is about.",
            ));
        }
        let happened = text_with_lines(
            &self.happened,
            FilingField::Happened,
            MAX_HAPPENED_CHARS,
            "Say what happened.",
        )
        .map_err(|found| problems.push(found))
        .ok();
        let asked_for = text_with_lines(
            &self.asked_for,
            FilingField::AskedFor,
            MAX_ASKED_CHARS,
            "Say what you would like the college to do.",
        )
        .map_err(|found| problems.push(found))
        .ok();
        let share_name = match self.share_name.as_str() {
            "yes" => Some(true),
            "no" => Some(false),
            _ => {
                problems.push(problem(
                    FilingField::ShareName,
                    "Choose whether the department concerned may see your name.",
                ));
                None
            }
        };
        match (happened, asked_for, share_name) {
            (Some(happened), Some(asked_for), Some(share_name)) if problems.is_empty() => {
                Ok(ValidFiling {
                    category: self.category.clone(),
                    happened,
                    asked_for,
                    share_name,
                })
            }
            _ => Err(problems),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> FilingForm {
        FilingForm {
            category: "fees".into(),
            happened: "  I paid the fee twice.\r\nThe office has both receipts. ".into(),
            asked_for: "A refund of the second payment.".into(),
            share_name: "no".into(),
        }
    }

    #[test]
    fn a_filing_is_trimmed_and_keeps_its_lines() {
        let valid = form().validate().expect("valid");
        assert_eq!(
            valid.happened,
            "I paid the fee twice.\nThe office has both receipts."
        );
        assert!(!valid.share_name);
    }

    #[test]
    fn each_problem_names_its_field() {
        let bad = FilingForm {
            category: "parking".into(),
            happened: "a\u{0}b".into(),
            asked_for: "x\u{202E}y".into(),
            share_name: String::new(),
        };
        let problems = bad.validate().expect_err("refused");
        let fields: Vec<_> = problems.iter().map(|problem| problem.field).collect();
        assert_eq!(
            fields,
            [
                Some(FilingField::Category),
                Some(FilingField::Happened),
                Some(FilingField::AskedFor),
                Some(FilingField::ShareName)
            ]
        );
        let long = FilingForm {
            happened: "x".repeat(MAX_HAPPENED_CHARS + 1),
            ..form()
        };
        assert!(long.validate().is_err());
    }
}
