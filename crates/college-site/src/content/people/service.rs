//! The people over the store: items of kind `person`, one per person, whose revisions keep
//! their fields as JSON like a course's. A whole kind is read in one query: the directory
//! lists everyone at once.

use serde_json::Value;

use super::fields::{NEW_PERSON, starting_fields};
use super::person::Person;
use crate::content::error::ContentError;
use crate::content::items::fields::{self, Fields};
use crate::content::items::service::{self as items, revision_text};
use crate::content::publishing::rules::{LANGUAGE, slug_from};
use crate::content::publishing::service::author_of;
use crate::{
    roles::actor::StaffActor,
    store::{Author, ContentKind, ItemRow, NewItem, SharedStore, StoreError, Version, now_millis},
};

/// People the site keeps at most, former staff included: a college's twenty years of staff.
pub const MAX_PEOPLE: i64 = 5_000;

/// Every person with the fields of `version` (the newest for editors, the live one for
/// visitors: a person never published, or taken down, is left out of the live ones).
pub async fn people(
    store: &SharedStore,
    version: Version,
) -> Result<Vec<(ItemRow, Person)>, StoreError> {
    let rows = store
        .items_with_bodies(ContentKind::Person, LANGUAGE, version, MAX_PEOPLE)
        .await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let fields = fields::from_body(&row.body)?;
            let person = Person {
                slug: row.item.slug.clone(),
                fields,
                live_since: row.item.live_since,
            };
            Some((row.item, person))
        })
        .collect())
}

/// The people visitors see (published), whether or not they have left since.
pub async fn live_people(store: &SharedStore) -> Result<Vec<Person>, StoreError> {
    Ok(people(store, Version::Live)
        .await?
        .into_iter()
        .map(|(_, person)| person)
        .collect())
}

/// The person `slug` at the revision `pick` chooses (none: no such person or revision).
pub async fn person_at(
    store: &SharedStore,
    slug: &str,
    pick: fn(&ItemRow) -> Option<i64>,
) -> Result<Option<(i64, Person)>, StoreError> {
    let Some(row) = items::find(store, ContentKind::Person, slug).await? else {
        return Ok(None);
    };
    let Some(number) = pick(&row) else {
        return Ok(None);
    };
    Ok(items::fields_of(store, row.id, number)
        .await?
        .map(|fields| {
            let person = Person {
                slug: row.slug.clone(),
                fields,
                live_since: row.live_since,
            };
            (number, person)
        }))
}

/// Adds a person by name, as a draft for the editor to fill in; the address is made from the
/// name (`meera-shah`, `meera-shah-2` for a second one).
pub async fn add(
    store: &SharedStore,
    actor: &StaffActor,
    name: &str,
) -> Result<ItemRow, ContentError> {
    add_record(store, &author_of(actor), name, &[]).await
}

/// Adds a person by name as a draft, by `author`, with `known` fields filled in besides the
/// starting ones (an email, a phone). Only the name is checked now: the rest is checked when
/// an editor saves the record.
pub async fn add_record(
    store: &SharedStore,
    author: &Author,
    name: &str,
    known: &[(&str, &str)],
) -> Result<ItemRow, ContentError> {
    let mut given = Fields::new();
    given.insert("name".to_owned(), Value::String(name.to_owned()));
    let checked = fields::parse(&NEW_PERSON, &given)?;
    let name = super::fields::text(&checked, "name").to_owned();
    let mut fields = starting_fields(&name);
    for (key, value) in known {
        fields.insert((*key).to_owned(), Value::String((*value).to_owned()));
    }
    let slug = slug_from(&name, "person");
    let text = revision_text(name, &fields);
    let item = NewItem {
        kind: ContentKind::Person,
        language: LANGUAGE,
        slug: &slug,
        text: &text,
        author,
        now: now_millis(),
    };
    let id = store
        .create_item(&item, MAX_PEOPLE)
        .await?
        .ok_or(ContentError::TooManyPeople)?;
    crate::content::publishing::service::item(store, ContentKind::Person, id).await
}
