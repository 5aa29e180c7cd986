//! A notice as an editor writes it, parsed from what the staff area sends: its title, body,
//! category and pin, each within its bound, and the bounds of what editors can keep.

use serde::Deserialize;

use crate::content::error::ContentError;
use crate::content::publishing::rules::slug_from;
use crate::content::render::markdown::{MAX_NESTING, NESTED_TOO_DEEP, nesting_depth};
use crate::{store::RevisionText, text};

pub const TITLE_MAX_CHARS: usize = 200;
pub const BODY_MAX_CHARS: usize = 50_000;
/// Notices the site keeps in all (published, drafts and expired).
pub const MAX_NOTICES: i64 = 20_000;
/// Items per page of the staff list and of `/notices`.
pub const PAGE_SIZE: i64 = 20;

/// The categories a notice is filed under, with the words the site shows.
pub const CATEGORIES: [(&str, &str); 5] = [
    ("general", "General"),
    ("exams", "Exams"),
    ("admissions", "Admissions"),
    ("events", "Events"),
    ("holidays", "Holidays"),
];

pub fn category_label(category: &str) -> &'static str {
    CATEGORIES
        .iter()
        .find(|(name, _)| *name == category)
        .map_or("General", |(_, label)| label)
}

/// What the editor sends on a save.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeInput {
    pub title: String,
    pub body: String,
    pub category: String,
    #[serde(default)]
    pub pinned: bool,
}

impl NoticeInput {
    /// The text to store, or the first problem with it.
    pub fn parse(self) -> Result<RevisionText, ContentError> {
        let title = self.title.trim().to_owned();
        if title.is_empty() {
            return Err(ContentError::Field("title", "Give the notice a title."));
        }
        if title.chars().count() > TITLE_MAX_CHARS {
            return Err(ContentError::Field(
                "title",
                "Keep the title under 200 characters.",
            ));
        }
        if text::unfit_for_a_name(&title) {
            return Err(ContentError::Field(
                "title",
                "The title holds a character that cannot be shown: type it again.",
            ));
        }
        if self.body.chars().count() > BODY_MAX_CHARS {
            return Err(ContentError::Field(
                "body",
                "The notice is too long: keep it under 50,000 characters, or attach a document.",
            ));
        }
        if nesting_depth(&self.body) > MAX_NESTING {
            return Err(ContentError::Field("body", NESTED_TOO_DEEP));
        }
        if text::has_stray_control(&self.body) {
            return Err(ContentError::Field(
                "body",
                "The text holds a character that cannot be shown: paste it again as plain text.",
            ));
        }
        if !CATEGORIES.iter().any(|(name, _)| *name == self.category) {
            return Err(ContentError::Field(
                "category",
                "Choose a category: General, Exams, Admissions, Events or Holidays.",
            ));
        }
        Ok(RevisionText {
            title,
            category: self.category,
            pinned: self.pinned,
            body: self.body.replace("\r\n", "\n"),
        })
    }
}

/// The address of a notice made from its title (see [`slug_from`]); a title with no ASCII
/// letter or digit (one in Gujarati, say) gets "notice".
pub fn slug_of(title: &str) -> String {
    slug_from(title, "notice")
}
