//! `/grievances/new`: the process and its clock in plain words, then the filing form: a native
//! form, so it works with JavaScript off. Shown again with the student's text and what is
//! wrong with it, each problem linked to its field and announced.

use super::clock::{APPEAL_WITHIN_DAYS, REFER_WITHIN_DAYS, REPORT_WITHIN_WORKING_DAYS};
use super::domain::{
    CATEGORIES, FilingField, FilingForm, FilingProblem, MAX_ASKED_CHARS, MAX_HAPPENED_CHARS,
    MAX_OPEN_PER_ACCOUNT,
};
use super::page_parts::files_field;
use super::paths::{GRIEVANCES_PATH, NEW_GRIEVANCE_PATH};
use crate::web::error_summary::error_summary;
use crate::web::html::{Html, html};

fn problem_of(problems: &[FilingProblem], field: FilingField) -> Option<&str> {
    problems
        .iter()
        .find(|problem| problem.field == Some(field))
        .map(|problem| problem.message.as_str())
}

/// The attributes and the message that tie `field`'s problem, if any, to its control.
fn described(field: FilingField, hint: bool, problems: &[FilingProblem]) -> (Html, Html) {
    let id = field.id();
    let problem = problem_of(problems, field);
    let ids: Vec<String> = [
        hint.then(|| format!("{id}-hint")),
        problem.map(|_| format!("{id}-error")),
    ]
    .into_iter()
    .flatten()
    .collect();
    let describedby = if ids.is_empty() {
        Html::new()
    } else {
        html!(r#" aria-describedby="{}""#, ids.join(" "))
    };
    match problem {
        Some(problem) => (
            html!(r#"{} aria-invalid="true""#, describedby),
            html!(
                r#"<p id="{}-error" class="field__error">{}</p>"#,
                id,
                problem
            ),
        ),
        None => (describedby, Html::new()),
    }
}

fn category(chosen: &str, problems: &[FilingProblem]) -> Html {
    let field = FilingField::Category;
    let (attributes, error) = described(field, false, problems);
    let options: Html = std::iter::once(html!(r#"<option value="">Choose one</option>"#))
        .chain(CATEGORIES.iter().map(|(value, words)| {
            let selected = if *value == chosen {
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
        }))
        .collect();
    html!(
        r#"<div class="field"><label for="{id}">What is it about?</label>{error}<select id="{id}" name="category"{attributes}>{options}</select></div>"#,
        id = field.id(),
        error = error,
        attributes = attributes,
        options = options,
    )
}

fn text_area(
    field: FilingField,
    name: &str,
    label: &str,
    hint: &str,
    (value, max): (&str, usize),
    problems: &[FilingProblem],
) -> Html {
    let (attributes, error) = described(field, true, problems);
    html!(
        r#"<div class="field"><label for="{id}">{label}</label><p id="{id}-hint" class="field__hint">{hint}</p>{error}<textarea id="{id}" name="{name}" rows="8" maxlength="{max}"{attributes}>{value}</textarea></div>"#,
        id = field.id(),
        label = label,
        hint = hint,
        error = error,
        name = name,
        max = max,
        attributes = attributes,
        value = value,
    )
}

fn share_name(chosen: &str, problems: &[FilingProblem]) -> Html {
    let field = FilingField::ShareName;
    let (attributes, error) = described(field, true, problems);
    let choice = |value: &str, words: &str| {
        let checked = if chosen == value {
            html!(" checked")
        } else {
            Html::new()
        };
        html!(
            r#"<div class="field--check"><input id="{id}-{value}" name="shareName" type="radio" value="{value}"{checked}><label for="{id}-{value}">{words}</label></div>"#,
            id = field.id(),
            value = value,
            checked = checked,
            words = words,
        )
    };
    html!(
        r#"<fieldset class="field" id="{id}"{attributes}><legend>May the department concerned see your name?</legend><p id="{id}-hint" class="field__hint">The committee always knows who filed a grievance. If you say no, it tells the department what happened without naming you.</p>{error}{yes}{no}</fieldset>"#,
        id = field.id(),
        attributes = attributes,
        error = error,
        yes = choice("yes", "Yes"),
        no = choice("no", "No, keep my name within the committee"),
    )
}

fn summary(problems: &[FilingProblem]) -> Html {
    let listed = problems
        .iter()
        .map(|problem| (problem.field.map(FilingField::id), problem.message.as_str()));
    error_summary("grievance-errors", 2, listed)
}

/// What happens to a grievance, before the form: the steps and their days.
fn process() -> Html {
    html!(
        concat!(
            "<h2>How it works</h2><ol class=\"grievance-steps\">",
            "<li>You get a number at once, here and by email.</li>",
            "<li>Within {refer} days the college refers your grievance to its Students’ Grievance Redressal Committee.</li>",
            "<li>The committee hears you (it tells you when and where) and decides within {report} working days of the referral.</li>",
            "<li>You read the decision here and by email. If you are not satisfied, you may appeal to the university’s ombudsperson within {appeal} days.</li>",
            "</ol><p>Only you and the committee can read your grievance. You can follow it, and add to it, under <a href=\"{list}\">My grievances</a>.</p>",
        ),
        refer = REFER_WITHIN_DAYS,
        report = REPORT_WITHIN_WORKING_DAYS,
        appeal = APPEAL_WITHIN_DAYS,
        list = GRIEVANCES_PATH,
    )
}

/// The filing page's main part, with `form`'s text and its `problems` (none: a fresh form).
/// Its files cannot be kept: a page sent again asks for them again.
pub fn filing_page(form: &FilingForm, problems: &[FilingProblem], max_file_bytes: usize) -> Html {
    html!(
        concat!(
            r#"<div class="section container grievance"><h1>File a grievance</h1>"#,
            "<p class=\"lead\">If something at the college has gone wrong for you (admission, fees, examinations, teaching, facilities, certificates, or how you were treated), tell us here. The University Grants Commission’s regulations of 2023 set the days within which we must act.</p>",
            "{process}",
            r#"<form method="post" action="{new}" enctype="multipart/form-data" novalidate class="grievance-form">{summary}"#,
            "{category}{happened}{asked}{files}{share}",
            r#"<p>You can have {max_open} grievances open at once.</p>"#,
            r#"<button type="submit" class="button">File the grievance</button></form></div>"#,
        ),
        process = process(),
        new = NEW_GRIEVANCE_PATH,
        summary = summary(problems),
        category = category(&form.category, problems),
        happened = text_area(
            FilingField::Happened,
            "happened",
            "What happened?",
            "When and where, who was involved, and what you have tried already.",
            (&form.happened, MAX_HAPPENED_CHARS),
            problems
        ),
        asked = text_area(
            FilingField::AskedFor,
            "askedFor",
            "What would you like the college to do?",
            "For example a refund, a re-evaluation, a corrected certificate.",
            (&form.asked_for, MAX_ASKED_CHARS),
            problems
        ),
        files = files_field(
            FilingField::Files.id(),
            "Documents (if any)",
            problem_of(problems, FilingField::Files),
            max_file_bytes
        ),
        share = share_name(&form.share_name, problems),
        max_open = MAX_OPEN_PER_ACCOUNT,
    )
}
