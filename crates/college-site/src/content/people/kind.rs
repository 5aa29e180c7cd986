//! The people as a kind of item edited as fields: their schema, their title and name in the
//! staff area, where visitors read them, and when a record stops being shown (the day its
//! person leaves).

use super::fields::{PERSON, text};
use super::html::person_path;
use crate::content::error::ContentError;
use crate::content::items::fields::{Fields, ItemSchema};
use crate::content::items::service::ItemKind;
use crate::content::publishing::rules::is_slug;
use crate::dates::college_midnight;
use crate::store::{ContentKind, ItemRow};

/// The people, edited as fields.
pub struct People;

impl ItemKind for People {
    const KIND: ContentKind = ContentKind::Person;
    const UNKNOWN: fn() -> ContentError = || ContentError::UnknownPerson;

    fn schema(slug: &str) -> Option<&'static ItemSchema> {
        is_slug(slug).then_some(&PERSON)
    }

    fn title(_: &'static ItemSchema, fields: &Fields) -> String {
        text(fields, "name").to_owned()
    }

    fn name(_: &'static ItemSchema, item: &ItemRow) -> String {
        item.title.clone()
    }

    fn path(_: &'static ItemSchema, slug: &str) -> String {
        person_path(slug)
    }

    /// A person who leaves leaves the site that day: the page kept of the directory is
    /// dropped at that moment, with no editor's change to drop it.
    fn expires_at(fields: &Fields) -> Option<i64> {
        crate::dates::parse_iso_day(text(fields, "leftOn")).map(college_midnight)
    }
}
