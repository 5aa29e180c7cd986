//! What a student's grievance pages share: what the page says first after the student's
//! last step, and text with lines as paragraphs.

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
