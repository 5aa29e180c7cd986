//! The items of the public self-disclosure, in the order the page shows them: each is a set of
//! fields ([`crate::content::items::fields`]) an editor fills in, under one of the ten
//! sections ([`super::sections`]), read at its own address and at its anchor on the page.

pub use super::sections::DISCLOSURE_PATH;
use super::sections::{SECTIONS, Section};
use crate::content::items::fields::ItemSchema;

/// Every item, in the page's order.
pub fn all_items() -> impl Iterator<Item = &'static ItemSchema> {
    SECTIONS.iter().flat_map(|section| section.items.iter())
}

/// Where visitors read the item `slug`: its own page (it is also at its anchor on the whole
/// disclosure, `/disclosure#slug`).
pub fn item_path(slug: &str) -> String {
    format!("{DISCLOSURE_PATH}/{slug}")
}

/// The item `slug`, if the disclosure has one.
pub fn item_schema(slug: &str) -> Option<&'static ItemSchema> {
    all_items().find(|item| item.slug == slug)
}

/// The section the item `slug` is in.
pub fn section_of(slug: &str) -> Option<&'static Section> {
    SECTIONS
        .iter()
        .find(|section| section.items.iter().any(|item| item.slug == slug))
}
