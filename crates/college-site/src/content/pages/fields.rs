//! The site's pages as editors change them: each page is a fixed set of fields (the texts the
//! page shows today, in its places), parsed and bounded by [`crate::content::items::fields`]. What a
//! fresh installation starts with is what the web build wrote from `content/college.ts` into
//! `dist/_meta/pages.json`.

use serde_json::Value;

use crate::content::items::fields::{FieldKind, Fields, ItemSchema, field, parse};
use crate::web::assets;

use FieldKind::{Email, Heading, Label, Lines, Links, Paragraph, Phone};

pub const PAGES: [ItemSchema; 3] = [
    ItemSchema {
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
    ItemSchema {
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
    ItemSchema {
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
pub const FOOTER: ItemSchema = ItemSchema {
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
pub const EDITABLE: [&ItemSchema; 4] = [&PAGES[0], &PAGES[1], &PAGES[2], &FOOTER];

pub fn page(slug: &str) -> Option<&'static ItemSchema> {
    EDITABLE.into_iter().find(|page| page.slug == slug)
}

/// What a fresh installation shows on `page`: the build's copy of `content/college.ts`, as
/// every field of the schema (none when the web app was not built, or lacks one).
pub fn starting_fields(page: &ItemSchema) -> Option<Fields> {
    let meta: Value = serde_json::from_str(&assets::text("_meta/pages.json")?).ok()?;
    let given = meta.get(page.slug)?.as_object()?;
    parse(page, given).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::error::ContentError;

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
}
