//! Fields: what the items edited as fields (the site's pages, the courses, the disclosure's
//! items) are made of. Each
//! field has a kind, which decides its bound, how it is cleaned and checked
//! ([`values`], [`links`], [`documents`], [`members`]) and how a page shows it; a schema names an item's fields in order.
//! A revision keeps them as one JSON object in its body.

pub mod career;
pub mod documents;
mod kind;
pub mod links;
pub mod members;
pub mod values;

use serde_json::{Map, Value};

pub use self::kind::FieldKind;
pub use self::values::phone_digits;
use self::values::{is_email, is_phone};
use crate::content::error::ContentError;
use crate::content::render::markdown::NESTED_TOO_DEEP;
use crate::content::render::markdown::{MAX_NESTING, nesting_depth};
use crate::text;

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
impl serde::Serialize for Field {
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

/// Fields from `(key, text)` pairs, as the unit tests of the pages and items write them.
#[cfg(test)]
pub fn fields_of(pairs: &[(&str, &str)]) -> Fields {
    pairs
        .iter()
        .map(|(key, value)| ((*key).to_owned(), Value::String((*value).to_owned())))
        .collect()
}

/// The field whose words, when given, say that an item does not apply to the college (the
/// disclosure's "The college has no hostel."): its other fields may then be left empty.
pub const NOT_APPLICABLE: &str = "notApplicable";

/// Checks every field of `page` in `input`, answering the fields to keep (only the schema's,
/// trimmed, line ends made `\n`) or the first problem, named by the field's key.
pub fn parse(page: &ItemSchema, input: &Fields) -> Result<Fields, ContentError> {
    let text_of = |key: &str| input.get(key).and_then(Value::as_str).unwrap_or("");
    let not_applicable = page
        .field(NOT_APPLICABLE)
        .is_some_and(|field| !clean(field.kind, text_of(NOT_APPLICABLE)).is_empty());
    let mut fields = Fields::new();
    for field in page.fields {
        let value = clean(field.kind, text_of(field.key));
        if !(not_applicable && value.is_empty()) {
            check(field, &value)?;
        }
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
        FieldKind::Documents => documents::parse(value).map(|_| ()).or_else(problem),
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
        FieldKind::Coordinates if values::coordinates(value).is_none() => problem(
            "Write the place as latitude, longitude in degrees, like 22.3072, 73.1812 (a map app shows them for a place).",
        ),
        FieldKind::Photo if !values::is_image_address(value) => {
            problem("Choose a photo uploaded below: upload a JPEG, PNG or WebP image first.")
        }
        _ => Ok(()),
    }
}

/// A revision's body as fields; an unreadable one (never written by this server) as none.
pub fn from_body(body: &str) -> Option<Fields> {
    serde_json::from_str::<Fields>(body).ok()
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
