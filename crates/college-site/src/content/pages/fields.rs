//! The site's pages as editors change them: each page is a fixed set of fields (the texts the
//! page shows today, in its places), parsed and bounded here. A page's revision keeps its
//! fields as one JSON object in the body; what a fresh installation starts with is what the web
//! build wrote from `content/college.ts` into `dist/_meta/pages.json`.

use serde::Serialize;
use serde_json::{Map, Value};

use super::links;
use crate::content::error::ContentError;
use crate::{text, web::assets};

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
    /// A list of links, one per line: `Notices | /notices` (see [`super::links`]).
    Links,
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
        }
    }

    fn single_line(self) -> bool {
        !matches!(
            self,
            FieldKind::Paragraph | FieldKind::Lines | FieldKind::Links
        )
    }
}

#[derive(Debug)]
pub struct Field {
    pub key: &'static str,
    pub label: &'static str,
    pub kind: FieldKind,
}

/// As the staff area gets it, with its bound: `{key, label, kind, maxChars}`.
impl Serialize for Field {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut field = serializer.serialize_struct("Field", 4)?;
        field.serialize_field("key", self.key)?;
        field.serialize_field("label", self.label)?;
        field.serialize_field("kind", &self.kind)?;
        field.serialize_field("maxChars", &self.kind.max_chars())?;
        field.end()
    }
}

const fn field(key: &'static str, label: &'static str, kind: FieldKind) -> Field {
    Field { key, label, kind }
}

/// One of the site's pages: its slug (the item's), its name in the staff area, where visitors
/// read it, and its fields in the order the page shows them.
#[derive(Debug)]
pub struct PageSchema {
    pub slug: &'static str,
    pub name: &'static str,
    pub path: &'static str,
    pub fields: &'static [Field],
}

impl PageSchema {
    pub fn field(&self, key: &str) -> Option<&'static Field> {
        self.fields.iter().find(|field| field.key == key)
    }
}

use FieldKind::{Email, Heading, Label, Lines, Links, Paragraph, Phone};

pub const PAGES: [PageSchema; 3] = [
    PageSchema {
        slug: "home",
        name: "Home",
        path: "/",
        fields: &[
            field("heading", "Welcome heading", Heading),
            field("tagline", "Tagline", Paragraph),
            field("text", "Welcome text", Paragraph),
            field("action", "Welcome button", Label),
            field("coursesHeading", "Courses heading", Heading),
            field("coursesIntro", "Courses introduction", Paragraph),
        ],
    },
    PageSchema {
        slug: "about",
        name: "About",
        path: "/about",
        fields: &[
            field("heading", "Heading", Heading),
            field("intro", "Introduction", Paragraph),
            field("points.0.title", "Reason 1: heading", Heading),
            field("points.0.text", "Reason 1: text", Paragraph),
            field("points.1.title", "Reason 2: heading", Heading),
            field("points.1.text", "Reason 2: text", Paragraph),
            field("points.2.title", "Reason 3: heading", Heading),
            field("points.2.text", "Reason 3: text", Paragraph),
            field("points.3.title", "Reason 4: heading", Heading),
            field("points.3.text", "Reason 4: text", Paragraph),
            field("points.4.title", "Reason 5: heading", Heading),
            field("points.4.text", "Reason 5: text", Paragraph),
            field("closing", "Closing words", Paragraph),
            field("action", "Closing button", Label),
        ],
    },
    PageSchema {
        slug: "contact",
        name: "Contact",
        path: "/contact",
        fields: &[
            field("heading", "Heading", Heading),
            field("intro", "Introduction", Paragraph),
            field("detailsHeading", "Heading of the address", Heading),
            field("address", "Address (one line per line)", Lines),
            field("phone", "Phone", Phone),
            field("email", "Email", Email),
            field("formHeading", "Heading of the form", Heading),
        ],
    },
];

/// The footer every page shows: its three columns of links and its copyright years. Not a
/// page of its own: the server puts it into every page it sends (see [`super::site_wide`]).
pub const FOOTER: PageSchema = PageSchema {
    slug: "footer",
    name: "Footer",
    path: "/",
    fields: &[
        field("columns.0.heading", "Column 1: heading", Heading),
        field("columns.0.links", "Column 1: links", Links),
        field("columns.1.heading", "Column 2: heading", Heading),
        field("columns.1.links", "Column 2: links", Links),
        field("columns.2.heading", "Column 3: heading", Heading),
        field("columns.2.links", "Column 3: links", Links),
        field("copyrightYears", "Copyright years", Label),
    ],
};

/// What editors edit: the three pages, then the footer.
pub const EDITABLE: [&PageSchema; 4] = [&PAGES[0], &PAGES[1], &PAGES[2], &FOOTER];

pub fn page(slug: &str) -> Option<&'static PageSchema> {
    EDITABLE.into_iter().find(|page| page.slug == slug)
}

/// A page's fields, each key of its schema with its text.
pub type Fields = Map<String, Value>;

/// Checks every field of `page` in `input`, answering the fields to keep (only the schema's,
/// trimmed, line ends made `\n`) or the first problem, named by the field's key.
pub fn parse(page: &PageSchema, input: &Fields) -> Result<Fields, ContentError> {
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
    if kind.single_line() {
        text.split_whitespace().collect::<Vec<_>>().join(" ")
    } else if matches!(kind, FieldKind::Lines | FieldKind::Links) {
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
        return problem("Fill in this field: the page shows it.");
    }
    if value.chars().count() > field.kind.max_chars()
        || (field.kind == FieldKind::Lines && value.lines().count() > 6)
    {
        return problem(field.kind.too_long());
    }
    if text::has_stray_control(value) || text::unfit_for_a_name(&value.replace('\n', " ")) {
        return problem("This holds a character that cannot be shown: type it again.");
    }
    match field.kind {
        FieldKind::Phone if phone_digits(value).len() < 6 || !is_phone(value) => {
            problem("Write the number with digits, spaces, + and brackets only.")
        }
        FieldKind::Email if !is_email(value) => {
            problem("Write one email address, like office@college.example.")
        }
        FieldKind::Links => links::parse(value).map(|_| ()).or_else(problem),
        _ => Ok(()),
    }
}

fn is_phone(value: &str) -> bool {
    value
        .chars()
        .all(|c| c.is_ascii_digit() || " +-()".contains(c))
}

fn is_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && value
            .chars()
            .all(|c| c == '@' || (c.is_ascii_graphic() && !"<>\"(),;:[]\\".contains(c)))
        && value.matches('@').count() == 1
}

/// The digits to dial, with a leading `+` kept: `+91 20 4567 8900` is `+912045678900`. The web
/// app makes the same (`telHref` in shared/lib/page-text.ts), or hydration would differ.
pub fn phone_digits(value: &str) -> String {
    let plus = if value.trim_start().starts_with('+') {
        "+"
    } else {
        ""
    };
    let digits: String = value.chars().filter(char::is_ascii_digit).collect();
    format!("{plus}{digits}")
}

/// What a fresh installation shows on `page`: the build's copy of `content/college.ts`, as
/// every field of the schema (none when the web app was not built, or lacks one).
pub fn starting_fields(page: &PageSchema) -> Option<Fields> {
    let meta: Value = serde_json::from_str(&assets::text("_meta/pages.json")?).ok()?;
    let given = meta.get(page.slug)?.as_object()?;
    parse(page, given).ok()
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

    fn about_input(change: &[(&str, &str)]) -> Fields {
        let mut input = Fields::new();
        for field in page("about").expect("about").fields {
            input.insert(
                field.key.into(),
                Value::String(format!("Text of {}", field.key)),
            );
        }
        for (key, value) in change {
            input.insert((*key).into(), Value::String((*value).into()));
        }
        input
    }

    #[test]
    fn fields_are_trimmed_and_bounded_and_named_when_wrong() {
        let about = page("about").expect("about");
        let fields =
            parse(about, &about_input(&[("heading", "  Why \r\n join  us? ")])).expect("parses");
        assert_eq!(fields["heading"], "Why join us?");
        let Err(ContentError::Field(key, _)) = parse(about, &about_input(&[("intro", " ")])) else {
            panic!("an empty field is refused");
        };
        assert_eq!(key, "intro");
        let long = "x".repeat(601);
        assert!(matches!(
            parse(about, &about_input(&[("points.2.text", &long)])),
            Err(ContentError::Field("points.2.text", _))
        ));
        let mut missing = about_input(&[]);
        missing.remove("closing");
        assert!(matches!(
            parse(about, &missing),
            Err(ContentError::Field("closing", _))
        ));
        // Keys the page does not have are not kept.
        let extra = parse(about, &about_input(&[("onclick", "alert(1)")])).expect("parses");
        assert!(!extra.contains_key("onclick"));
    }

    #[test]
    fn phone_numbers_and_addresses_are_checked() {
        assert_eq!(phone_digits("+91 20 4567 8900"), "+912045678900");
        assert_eq!(phone_digits("020-4567 8900"), "02045678900");
        assert!(is_phone("(020) 4567-8900"));
        assert!(!is_phone("call 020 4567"));
        assert!(is_email("office@college.example"));
        assert!(!is_email("office@college"));
        assert!(!is_email("a@b.example,c@d.example"));
        assert!(!is_email("\"x\"@college.example"));
        assert_eq!(
            clean(FieldKind::Lines, " 14 Riverbank Road \n\n Pune \r\n"),
            "14 Riverbank Road\nPune"
        );
    }
}
