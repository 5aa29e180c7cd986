//! The sets of fields the disclosure's items are made of: most items' text and documents, a
//! committee's members and email, an office's holders, the telephone directory and the
//! location; and the two fields many items share, the documents and "not applicable".

use crate::content::items::fields::{self, Field, FieldKind, field, optional};

use FieldKind::{Coordinates, Documents, Email, Lines, Members, Paragraph, Photo, Text};

pub(super) const DOCUMENTS: Field = optional(
    "documents",
    "Documents (upload a PDF below, then add its link here)",
    Documents,
);
pub(super) const MEMBERS: Field = field("members", "Members", Members);
/// Given, the item says it does not apply to the college, and why; the rest may stay empty.
pub(super) const NOT_APPLICABLE: Field = optional(
    fields::NOT_APPLICABLE,
    "Not applicable to the college? Say why in one line (leave empty when it applies), for example: The college has no hostel.",
    Paragraph,
);
pub(super) const COMMITTEE_EMAIL: Field = field("email", "The committee's email", Email);

/// What most items hold: the college's words, and any documents.
pub(super) const TEXT: &[Field] = &[
    field("text", "What the college publishes here", Text),
    DOCUMENTS,
    NOT_APPLICABLE,
];
/// A cell or a committee: what it does, its members, how to write to it.
pub(super) const COMMITTEE: &[Field] = &[
    field("text", "What it does, and how to reach it", Text),
    MEMBERS,
    COMMITTEE_EMAIL,
    DOCUMENTS,
    NOT_APPLICABLE,
];
/// Office holders: who they are (from People, `@their-page | role`), and a word on the office.
pub(super) const OFFICE: &[Field] = &[
    field("text", "The office, and how to reach it", Text),
    MEMBERS,
    DOCUMENTS,
    NOT_APPLICABLE,
];

/// Whom to phone: the offices, from People (`@their-page | Principal's office`) and lines of
/// their own (`Admissions desk | Admissions | 0265 234 5678`), each with its number.
pub(super) const DIRECTORY: &[Field] = &[
    optional(
        "text",
        "A word before the directory (the office's hours, the switchboard)",
        Text,
    ),
    field("directory", "The directory: one line per office", Members),
    NOT_APPLICABLE,
];
/// Where the college is: its address as text, a map image an editor uploads, and links that
/// open the place in the visitor's own map app; no map service's script or frame.
pub(super) const LOCATION: &[Field] = &[
    field("address", "The college's address, one line each", Lines),
    optional(
        "coordinates",
        "Where it is on a map: latitude, longitude (like 22.3072, 73.1812)",
        Coordinates,
    ),
    optional(
        "map",
        "A map image (upload it below, then use it as the map)",
        Photo,
    ),
    optional(
        "mapDescription",
        "What the map shows, for someone who cannot see it",
        Paragraph,
    ),
    optional(
        "text",
        "How to get there (buses, the nearest station)",
        Text,
    ),
    NOT_APPLICABLE,
];
