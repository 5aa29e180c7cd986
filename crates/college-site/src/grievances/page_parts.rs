//! What a student's grievance pages share: what the page says first after the student's
//! last step, and text with lines as paragraphs.

use super::paths::grievance_path;
use crate::store::GrievanceFileRow;
use crate::web::html::{Html, html};

/// What the student's page says first, after what they just did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Nothing,
    Filed,
    Replied,
    Appealed,
    /// A reply or an appeal was refused: the field, what to fix, and the text to keep.
    Problem {
        field: &'static str,
        message: String,
        kept: String,
    },
}

/// Text with lines, as paragraphs.
pub fn paragraphs(text: &str) -> Html {
    text.split("\n\n")
        .map(|paragraph| {
            let lines: Vec<Html> = paragraph.lines().map(|line| html!("{}", line)).collect();
            let joined: Html = lines
                .iter()
                .enumerate()
                .map(|(index, line)| {
                    if index == 0 {
                        line.clone()
                    } else {
                        html!("<br>{}", line.clone())
                    }
                })
                .collect();
            html!("<p>{}</p>", joined)
        })
        .collect()
}

/// The file input of a filing or a reply (`files`, up to three), with its hint and its
/// `problem`, if any, announced and focused when the page comes back with it.
pub fn files_field(id: &str, label: &str, problem: Option<&str>, max_file_bytes: usize) -> Html {
    let (described_by, error, invalid) = match problem {
        Some(message) => (
            format!("{id}-hint {id}-error"),
            html!(
                r#"<p id="{}-error" class="field__error" role="alert">{}</p>"#,
                id,
                message
            ),
            html!(r#" aria-invalid="true" autofocus"#),
        ),
        None => (format!("{id}-hint"), Html::new(), Html::new()),
    };
    html!(
        concat!(
            r#"<div class="field"><label for="{id}">{label}</label>"#,
            r#"<p id="{id}-hint" class="field__hint">Up to {max} files, each a PDF or a photo (JPEG, PNG or WebP) of up to {mb} MB. Only you and the committee can open them.</p>{error}"#,
            r#"<input id="{id}" name="files" type="file" multiple accept="application/pdf,image/jpeg,image/png,image/webp" aria-describedby="{described_by}"{invalid}></div>"#,
        ),
        id = id,
        label = label,
        max = super::attachments::MAX_FILES_PER_POST,
        mb = max_file_bytes / (1024 * 1024),
        error = error,
        described_by = described_by,
        invalid = invalid,
    )
}

/// What a student's page needs besides the grievance: the time, the ombudsperson (for a
/// decided grievance) and the largest file a reply may carry.
#[derive(Debug, Clone, Copy)]
pub struct Reading<'a> {
    pub now: i64,
    pub ombudsperson: Option<&'a str>,
    pub max_file_bytes: usize,
}

/// A size in words: "820 KB", "2.4 MB".
fn size_words(bytes: i64) -> String {
    const MB: i64 = 1024 * 1024;
    if bytes >= MB {
        format!("{:.1} MB", bytes as f64 / MB as f64)
    } else {
        format!("{} KB", (bytes / 1024).max(1))
    }
}

/// Links to the `files` that came with entry `entry_id` of grievance `number` (none: nothing).
pub fn file_links(number: &str, entry_id: i64, files: &[GrievanceFileRow]) -> Html {
    let items: Html = files
        .iter()
        .filter(|file| file.entry_id == entry_id)
        .map(|file| {
            let kind = if file.content_type == "application/pdf" {
                "PDF"
            } else {
                "image"
            };
            html!(
                r#"<li><a href="{path}/files/{id}" download>{name}</a> ({kind}, {size})</li>"#,
                path = grievance_path(number),
                id = file.id,
                name = file.name.as_str(),
                kind = kind,
                size = size_words(file.size),
            )
        })
        .collect();
    if items.is_empty() {
        Html::new()
    } else {
        html!(r#"<ul class="grievance-files">{}</ul>"#, items)
    }
}
