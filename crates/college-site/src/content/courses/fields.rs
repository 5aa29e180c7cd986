//! A course as editors write it: the fields every course has, checked by the rules every
//! fielded item follows ([`crate::content::items::fields`]), and what the course's page reads from them.

use serde_json::Value;

use crate::content::items::fields::{
    FieldKind, Fields, ItemSchema, field, optional, parse, values,
};
use crate::web::assets;

use FieldKind::{
    Dates, Documents, Email, Heading, Label, Money, Number, Paragraph, Phone, Text, Url,
};

/// Every course's fields, in the order its page shows them. Its slug (`bca`) is the item's.
pub const COURSE: ItemSchema = ItemSchema {
    slug: "course",
    name: "Course",
    path: "/courses",
    fields: &[
        field("name", "Name", Heading),
        field("code", "Short name (BCA)", Label),
        field(
            "summary",
            "Summary, on Home and the list of courses",
            Paragraph,
        ),
        field("position", "Place in the list (1 comes first)", Number),
        field("duration", "Duration", Label),
        field("seats", "Seats", Number),
        field("eligibility", "Who can apply", Paragraph),
        field("feePerYear", "Fee per year, in rupees", Money),
        field("feeIncludes", "What the fee includes", Paragraph),
        field("refundPolicy", "Fee refund policy", Text),
        field("keyDates", "Key dates", Dates),
        field("subjects", "Subjects by year or semester", Text),
        field("howToApply", "How to apply", Text),
        field("applyAddress", "Admission portal's address", Url),
        field("documents", "Documents to keep ready", Text),
        optional(
            "downloads",
            "Syllabus and prospectus (upload a PDF below, then add its link here)",
            Documents,
        ),
        field("contactName", "Whom to call", Paragraph),
        field("contactPhone", "Phone for questions", Phone),
        field("contactEmail", "Email for questions", Email),
    ],
};

/// A field's text, or nothing when the revision lacks it.
pub fn text<'a>(fields: &'a Fields, key: &str) -> &'a str {
    fields.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// The fee per year in rupees (none in a revision that lacks it).
pub fn fee_per_year(fields: &Fields) -> Option<u64> {
    values::amount(text(fields, "feePerYear"))
}

/// Where the course sits in the list: its place, then its name.
pub fn order_key(fields: &Fields) -> (u32, String) {
    (
        values::whole_number(text(fields, "position")).unwrap_or(u32::MAX),
        text(fields, "name").to_owned(),
    )
}

/// What the build wrote of the courses from `content/courses.ts` (none when the web app was
/// not built).
fn meta() -> Option<Value> {
    serde_json::from_str(&assets::text("_meta/courses.json")?).ok()
}

/// The courses a fresh installation starts with, by slug (any course that does not pass the
/// checks is left out).
pub fn starting_courses() -> Vec<(String, Fields)> {
    let Some(Value::Object(courses)) = meta().and_then(|meta| meta.get("courses").cloned()) else {
        return Vec::new();
    };
    courses
        .iter()
        .filter(|(slug, _)| crate::content::publishing::rules::is_slug(slug))
        .filter_map(|(slug, given)| Some((slug.clone(), parse(&COURSE, given.as_object()?).ok()?)))
        .collect()
}
