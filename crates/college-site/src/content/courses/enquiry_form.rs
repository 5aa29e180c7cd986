//! The enquiry form at the end of each course's page: a native form that posts to
//! `/courses/<slug>/enquiry` (see `contact::enquiry`), so it works with JavaScript off. Shown
//! empty on the page as rendered for everyone, and again with the visitor's text and what is
//! wrong with it, each problem linked to its field and announced.

use crate::web::error_summary::error_summary;
use crate::web::html::{Html, html};

/// The times a visitor can ask to be called at: the value posted, and its words.
pub const CALL_TIMES: [(&str, &str); 4] = [
    ("any", "Any time, 10:00 to 18:00"),
    ("morning", "Morning, 10:00 to 12:00"),
    ("afternoon", "Afternoon, 12:00 to 16:00"),
    ("evening", "Evening, 16:00 to 18:00"),
];

/// The words of a time to call, by its value.
pub fn call_time_words(value: &str) -> Option<&'static str> {
    CALL_TIMES
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, words)| *words)
}

/// What the form holds: the visitor's text, as they wrote it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EnquiryValues {
    pub name: String,
    pub phone: String,
    pub email: String,
    pub current_study: String,
    pub call_time: String,
    pub message: String,
    pub consent: bool,
}

/// A field of the form: its name in the post, its input's id and its label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnquiryField {
    Name,
    Phone,
    Email,
    CurrentStudy,
    CallTime,
    Message,
    Consent,
}

impl EnquiryField {
    pub fn id(self) -> &'static str {
        match self {
            EnquiryField::Name => "enquiry-name",
            EnquiryField::Phone => "enquiry-phone",
            EnquiryField::Email => "enquiry-email",
            EnquiryField::CurrentStudy => "enquiry-study",
            EnquiryField::CallTime => "enquiry-call-time",
            EnquiryField::Message => "enquiry-message",
            EnquiryField::Consent => "enquiry-consent",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            EnquiryField::Name => "Your name",
            EnquiryField::Phone => "Phone",
            EnquiryField::Email => "Email",
            EnquiryField::CurrentStudy => "What the student studies now",
            EnquiryField::CallTime => "When to call",
            EnquiryField::Message => "Your question",
            EnquiryField::Consent => "Consent",
        }
    }
}

/// What is wrong with a post: the field (none: the whole form) and the words to fix it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnquiryProblem {
    pub field: Option<EnquiryField>,
    pub message: String,
}

fn problem_of(problems: &[EnquiryProblem], field: EnquiryField) -> Option<&str> {
    problems
        .iter()
        .find(|problem| problem.field == Some(field))
        .map(|problem| problem.message.as_str())
}

/// A text input (or a textarea) with its label, hint and problem.
fn input(
    field: EnquiryField,
    kind: &str,
    value: &str,
    hint: Option<&str>,
    problems: &[EnquiryProblem],
) -> Html {
    let id = field.id();
    let problem = problem_of(problems, field);
    let described: Vec<String> = [
        hint.map(|_| format!("{id}-hint")),
        problem.map(|_| format!("{id}-error")),
    ]
    .into_iter()
    .flatten()
    .collect();
    let describedby = if described.is_empty() {
        Html::new()
    } else {
        html!(r#" aria-describedby="{}""#, described.join(" "))
    };
    let invalid = if problem.is_some() {
        html!(r#" aria-invalid="true""#)
    } else {
        Html::new()
    };
    let name = match field {
        EnquiryField::CurrentStudy => "currentStudy",
        EnquiryField::Message => "message",
        EnquiryField::Name => "name",
        EnquiryField::Phone => "phone",
        _ => "email",
    };
    let control = match kind {
        "textarea" => html!(
            r#"<textarea id="{id}" name="{name}" rows="4" maxlength="2000"{describedby}{invalid}>{value}</textarea>"#,
            id = id,
            name = name,
            describedby = describedby,
            invalid = invalid,
            value = value,
        ),
        _ => {
            let (input_type, autocomplete) = match field {
                EnquiryField::Phone => ("tel", "tel"),
                EnquiryField::Email => ("email", "email"),
                EnquiryField::Name => ("text", "name"),
                _ => ("text", "off"),
            };
            html!(
                r#"<input id="{id}" name="{name}" type="{input_type}" autocomplete="{autocomplete}" maxlength="200" value="{value}"{describedby}{invalid}>"#,
                id = id,
                name = name,
                input_type = input_type,
                autocomplete = autocomplete,
                value = value,
                describedby = describedby,
                invalid = invalid,
            )
        }
    };
    let hint = hint.map_or_else(Html::new, |hint| {
        html!(r#"<p id="{}-hint" class="field__hint">{}</p>"#, id, hint)
    });
    let error = problem.map_or_else(Html::new, |problem| {
        html!(
            r#"<p id="{}-error" class="field__error">{}</p>"#,
            id,
            problem
        )
    });
    html!(
        r#"<div class="field"><label for="{id}">{label}</label>{control}{hint}{error}</div>"#,
        id = id,
        label = field.label(),
        control = control,
        hint = hint,
        error = error,
    )
}

fn call_times(chosen: &str) -> Html {
    let field = EnquiryField::CallTime;
    let options: Html = CALL_TIMES
        .iter()
        .map(|(value, words)| {
            let selected = if *value == chosen || (chosen.is_empty() && *value == "any") {
                html!(" selected")
            } else {
                Html::new()
            };
            html!(
                r#"<option value="{}"{}>{}</option>"#,
                value,
                selected,
                words
            )
        })
        .collect();
    html!(
        r#"<div class="field"><label for="{id}">{}</label><select id="{id}" name="callTime">{}</select></div>"#,
        field.label(),
        options,
        id = field.id(),
    )
}

fn consent(checked: bool, problems: &[EnquiryProblem]) -> Html {
    let id = EnquiryField::Consent.id();
    let problem = problem_of(problems, EnquiryField::Consent);
    let (describedby, error) = problem.map_or_else(
        || (Html::new(), Html::new()),
        |problem| {
            (
                html!(r#" aria-describedby="{}-error" aria-invalid="true""#, id),
                html!(
                    r#"<p id="{}-error" class="field__error">{}</p>"#,
                    id,
                    problem
                ),
            )
        },
    );
    let checked = if checked {
        html!(" checked")
    } else {
        Html::new()
    };
    html!(
        r#"<div class="field field--check"><input id="{id}" name="consent" type="checkbox" value="yes"{checked}{describedby}><label for="{id}">The college may call or write to me about admission. We use your details for this enquiry only.</label>{error}</div>"#,
        id = id,
        checked = checked,
        describedby = describedby,
        error = error,
    )
}

/// The error summary first in the form: each problem, linked to its field. It takes the focus
/// when the page loads again (`autofocus`: the form is at the page's end), so the visitor is
/// brought to it and a screen reader reads it.
fn summary(problems: &[EnquiryProblem]) -> Html {
    let listed = problems.iter().map(|problem| {
        (
            problem.field.map(|field| field.id()),
            problem.message.as_str(),
        )
    });
    error_summary("enquiry-errors", 3, listed)
}

/// The section with the form for the course `slug` (`code` is what visitors call it).
pub fn section(
    slug: &str,
    code: &str,
    values: &EnquiryValues,
    problems: &[EnquiryProblem],
) -> Html {
    html!(
        concat!(
            r#"<section id="enquire" class="course-enquiry" aria-labelledby="enquire-heading">"#,
            r#"<h2 id="enquire-heading">Ask us about {code}</h2>"#,
            r#"<p>Leave a phone number or an email address, or both. The admissions office answers within one working day.</p>"#,
            r#"<form method="post" action="/courses/{slug}/enquiry" novalidate>{summary}"#,
            "{name}{phone}{email}{study}{call}{message}{consent}",
            r#"<div class="honeypot" aria-hidden="true"><label for="enquiry-website">Website</label><input id="enquiry-website" name="website" type="text" tabindex="-1" autocomplete="off"></div>"#,
            r#"<button type="submit" class="button">Send the enquiry</button></form></section>"#,
        ),
        code = code,
        slug = slug,
        summary = summary(problems),
        name = input(EnquiryField::Name, "text", &values.name, None, problems),
        phone = input(
            EnquiryField::Phone,
            "text",
            &values.phone,
            Some("A mobile or a landline, like 98765 43210."),
            problems
        ),
        email = input(EnquiryField::Email, "text", &values.email, None, problems),
        study = input(
            EnquiryField::CurrentStudy,
            "text",
            &values.current_study,
            Some("For example 12th Commerce, or 12th passed in 2026."),
            problems
        ),
        call = call_times(&values.call_time),
        message = input(
            EnquiryField::Message,
            "textarea",
            &values.message,
            Some("Optional."),
            problems
        ),
        consent = consent(values.consent, problems),
    )
}
