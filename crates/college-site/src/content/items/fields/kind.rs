//! The kinds of field, each with its bound, the words that say it is exceeded, and whether it
//! is written on one line.

use serde::Serialize;

/// What a field holds, which decides its bound and how the page shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldKind {
    /// A heading: one line.
    Heading,
    /// A button's or a link's words.
    Label,
    /// A paragraph.
    Paragraph,
    /// Several short lines, one per line of the field (an address).
    Lines,
    /// A phone number as people read it; the link to call it is made from its digits.
    Phone,
    /// An email address, also its `mailto:` link.
    Email,
    /// A list of links, one per line: `Notices | /notices` (see [`crate::content::links`]).
    Links,
    /// Longer text in Markdown (a course's subjects, the steps to apply), made safe HTML on
    /// the server like a notice.
    Text,
    /// An amount in rupees, kept as its digits (`45000`) and shown in Indian grouping.
    Money,
    /// A whole number from 1 to 9,999 (seats, a place in a list).
    Number,
    /// Days, one per line: their words, a bar and the day (`Classes begin | 2027-07-01`).
    Dates,
    /// An `https:` address elsewhere (the admission portal).
    Url,
    /// People, one per line: name, role and how to reach them (see [`members`]).
    Members,
    /// An item's documents: links as [`FieldKind::Links`], up to 20 (as many as it may carry
    /// files).
    Documents,
    /// One of the field's options, as its words.
    Choice,
    /// A calendar day, `2027-05-31`.
    Date,
    /// Appointments, one per line (see [`career`]).
    Appointments,
    /// Qualifications, one per line (see [`career`]).
    Qualifications,
    /// An image uploaded to the item, by its address (`/files/12-ab34.jpg`).
    Photo,
    /// A place on the map: latitude, longitude (`22.3072, 73.1812`).
    Coordinates,
}

impl FieldKind {
    pub fn max_chars(self) -> usize {
        match self {
            FieldKind::Heading => 120,
            FieldKind::Label => 60,
            FieldKind::Paragraph => 600,
            FieldKind::Lines => 300,
            FieldKind::Phone => 40,
            FieldKind::Email => 120,
            FieldKind::Links => 1200,
            FieldKind::Text => 8000,
            FieldKind::Money => 20,
            FieldKind::Number => 4,
            FieldKind::Dates => 800,
            FieldKind::Url => 200,
            FieldKind::Members => 2400,
            FieldKind::Documents => 4000,
            FieldKind::Choice => 60,
            FieldKind::Date => 10,
            FieldKind::Appointments | FieldKind::Qualifications => 3000,
            FieldKind::Photo => 200,
            FieldKind::Coordinates => 40,
        }
    }

    pub(super) fn too_long(self) -> &'static str {
        match self {
            FieldKind::Heading => "Keep this under 120 characters.",
            FieldKind::Label => "Keep this under 60 characters: it is a button's words.",
            FieldKind::Paragraph => "Keep this under 600 characters.",
            FieldKind::Lines => "Keep this under 300 characters, in at most 6 lines.",
            FieldKind::Phone => "Keep the phone number under 40 characters.",
            FieldKind::Email => "Keep the address under 120 characters.",
            FieldKind::Links => "Keep the links under 1,200 characters in all.",
            FieldKind::Text => "Keep this under 8,000 characters: link a document for more.",
            FieldKind::Money => "Write the amount in rupees, like 45000.",
            FieldKind::Number => "Write a whole number from 1 to 9999.",
            FieldKind::Dates => "Keep the dates under 800 characters in all.",
            FieldKind::Url => "Keep the address under 200 characters.",
            FieldKind::Members => "Keep the members under 2,400 characters in all.",
            FieldKind::Documents => "Keep the documents under 4,000 characters in all.",
            FieldKind::Choice => "Choose one of the options.",
            FieldKind::Date => "Write the day as year-month-day, like 2027-05-31.",
            FieldKind::Appointments | FieldKind::Qualifications => {
                "Keep this under 3,000 characters in all."
            }
            FieldKind::Photo => "Choose a photo uploaded below.",
            FieldKind::Coordinates => "Keep the place under 40 characters.",
        }
    }

    pub(super) fn single_line(self) -> bool {
        !matches!(
            self,
            FieldKind::Paragraph
                | FieldKind::Lines
                | FieldKind::Links
                | FieldKind::Text
                | FieldKind::Dates
                | FieldKind::Members
                | FieldKind::Documents
                | FieldKind::Appointments
                | FieldKind::Qualifications
        )
    }
}
