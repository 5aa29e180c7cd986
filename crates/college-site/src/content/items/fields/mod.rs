//! Fields: what the items edited as fields (the site's pages, the courses, the disclosure's
//! items) are made of. Each
//! field has a kind, which decides its bound, how it is cleaned and checked
//! ([`values`], [`links`], [`members`]) and how a page shows it; a schema names an item's fields in order.
//! A revision keeps them as one JSON object in its body.

pub mod career;
pub mod links;
pub mod members;
pub mod values;

use serde::Serialize;
use serde_json::{Map, Value};

pub use self::values::phone_digits;
use self::values::{is_email, is_phone};
use crate::content::error::ContentError;
use crate::content::render::markdown::NESTED_TOO_DEEP;
use crate::content::render::markdown::{MAX_NESTING, nesting_depth};
use crate::text;

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
        }
    }

    fn too_long(self) -> &'static str {
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
        }
    }

    fn single_line(self) -> bool {
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

#[derive(Debug)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
    /// May be left empty (a course's downloads); every other field must be filled.
    pub optional: bool,
    /// What a [`FieldKind::Choice`] may be, the first being what a new item starts with.
    pub options: &'static [&'static str],
}

/// As the staff area gets it, with its bound: `{key, label, kind, maxChars, required}`, and a
/// choice's `options`.
impl Serialize for Field {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut field = serializer.serialize_struct("Field", 6)?;
        field.serialize_field("key", self.key)?;
        field.serialize_field("label", self.label)?;
        field.serialize_field("kind", &self.kind)?;
        field.serialize_field("maxChars", &self.kind.max_chars())?;
        field.serialize_field("required", &!self.optional)?;
        if self.options.is_empty() {
            field.skip_field("options")?;
        } else {
            field.serialize_field("options", self.options)?;
        }
        field.end()
    }
}

pub const fn field(key: &'static str, label: &'static str, kind: FieldKind) -> Field {
    Field {
        key,
        label,
        kind,
        optional: false,
        options: &[],
    }
}

/// A field that may be left empty.
pub const fn optional(key: &'static str, label: &'static str, kind: FieldKind) -> Field {
    Field {
        key,
        label,
        kind,
        optional: true,
        options: &[],
    }
}

/// A field whose value is one of `options` (the first is what a new item starts with).
pub const fn choice(
    key: &'static str,
    label: &'static str,
    options: &'static [&'static str],
) -> Field {
    Field {
        key,
        label,
        kind: FieldKind::Choice,
        optional: false,
        options,
    }
}

/// An item's fields: its slug (the item's, for the site's pages), its name in the staff area,
/// where visitors read it, and its fields in the order the page shows them.
#[derive(Debug)]
pub struct ItemSchema {
    pub slug: &'static str,
    pub name: &'static str,
    pub path: &'static str,
    pub fields: &'static [Field],
}

impl ItemSchema {
    pub fn field(&self, key: &str) -> Option<&'static Field> {
        self.fields.iter().find(|field| field.key == key)
    }
}

/// A page's fields, each key of its schema with its text.
pub type Fields = Map<String, Value>;

/// Checks every field of `page` in `input`, answering the fields to keep (only the schema's,
/// trimmed, line ends made `\n`) or the first problem, named by the field's key.
pub fn parse(page: &ItemSchema, input: &Fields) -> Result<Fields, ContentError> {
    let mut fields = Fields::new();
    for field in page.fields {
        let raw = input.get(field.key).and_then(Value::as_str).unwrap_or("");
        let value = clean(field.kind, raw);
        check(field, &value)?;
        fields.insert(field.key.to_owned(), Value::String(value));
    }
    Ok(fields)
}

fn clean(kind: FieldKind, raw: &str) -> String {
    let text = raw.replace("\r\n", "\n");
    if matches!(kind, FieldKind::Money | FieldKind::Number) {
        values::normal_amount(&text)
    } else if kind.single_line() {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    } else if matches!(
        kind,
        FieldKind::Lines
            | FieldKind::Links
            | FieldKind::Dates
            | FieldKind::Members
            | FieldKind::Documents
    ) {
        text.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        text.trim().to_owned()
    }
}

fn check(field: &Field, value: &str) -> Result<(), ContentError> {
    let problem = |message| Err(ContentError::Field(field.key, message));
    if value.is_empty() {
        return if field.optional {
            Ok(())
        } else {
            problem("Fill in this field: the page shows it.")
        };
    }
    if value.chars().count() > field.kind.max_chars()
        || (field.kind == FieldKind::Lines && value.lines().count() > 6)
    {
        return problem(field.kind.too_long());
    }
    // Markdown is checked like a notice's body (tabs are fine there); every other field like a name.
    let unfit = text::has_stray_control(value)
        || (field.kind != FieldKind::Text && text::unfit_for_a_name(&value.replace('\n', " ")));
    if unfit {
        return problem("This holds a character that cannot be shown: type it again.");
    }
    if field.kind == FieldKind::Text && nesting_depth(value) > MAX_NESTING {
        return problem(NESTED_TOO_DEEP);
    }
    match field.kind {
        FieldKind::Phone if phone_digits(value).len() < 6 || !is_phone(value) => {
            problem("Write the number with digits, spaces, + and brackets only.")
        }
        FieldKind::Email if !is_email(value) => {
            problem("Write one email address, like office@college.example.")
        }
        FieldKind::Links => links::parse(value).map(|_| ()).or_else(problem),
        FieldKind::Money if values::amount(value).is_none() => {
            problem("Write the amount in rupees with digits only, like 45000 (at most one crore).")
        }
        FieldKind::Number if values::whole_number(value).is_none() => {
            problem("Write a whole number from 1 to 9999.")
        }
        FieldKind::Dates => values::dated_lines(value).map(|_| ()).or_else(problem),
        FieldKind::Members => members::parse(value).map(|_| ()).or_else(problem),
        FieldKind::Documents => links::parse_documents(value).map(|_| ()).or_else(problem),
        FieldKind::Url if !values::is_https_address(value) => {
            problem("Write the whole address, starting with https://")
        }
        FieldKind::Choice if !field.options.contains(&value) => {
            problem("Choose one of the options.")
        }
        FieldKind::Date if crate::dates::parse_iso_day(value).is_none() => {
            problem("Write the day as year-month-day, like 2027-05-31.")
        }
        FieldKind::Appointments => career::appointments(value).map(|_| ()).or_else(problem),
        FieldKind::Qualifications => career::qualifications(value).map(|_| ()).or_else(problem),
        FieldKind::Photo if !values::is_image_address(value) => {
            problem("Choose a photo uploaded below: upload a JPEG, PNG or WebP image first.")
        }
        _ => Ok(()),
    }
}

/// A revision's body as fields; an unreadable one (never written by this server) as none.
pub fn from_body(body: &str) -> Option<Fields> {
    serde_json::from_str::<Value>(body)
        .ok()?
        .as_object()
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_are_dialled_and_lines_are_trimmed() {
        assert_eq!(phone_digits("+91 20 4567 8900"), "+912045678900");
        assert_eq!(phone_digits("020-4567 8900"), "02045678900");
        assert_eq!(
            clean(FieldKind::Lines, " 14 Riverbank Road \n\n Vadodara \r\n"),
            "14 Riverbank Road\nVadodara"
        );
    }

    #[test]
    fn an_optional_field_may_be_empty_and_a_required_one_may_not() {
        const SCHEMA: ItemSchema = ItemSchema {
            slug: "course",
            name: "Course",
            path: "/courses",
            fields: &[
                field("name", "Name", FieldKind::Heading),
                optional("downloads", "Downloads", FieldKind::Links),
                field("fee", "Fee", FieldKind::Money),
            ],
        };
        let schema = &SCHEMA;
        let input = |name: &str, fee: &str| -> Fields {
            [("name", name), ("downloads", ""), ("fee", fee)]
                .into_iter()
                .map(|(key, value)| (key.to_owned(), Value::String(value.to_owned())))
                .collect()
        };
        let fields = parse(schema, &input("BCA", "Rs 45,000")).expect("parses");
        assert_eq!(fields["downloads"], "");
        assert_eq!(fields["fee"], "45000");
        assert!(matches!(
            parse(schema, &input(" ", "45000")),
            Err(ContentError::Field("name", _))
        ));
        assert!(matches!(
            parse(schema, &input("BCA", "45,000.50")),
            Err(ContentError::Field("fee", _))
        ));
    }
}
