//! The committees' members who are the college's people, as their records have them today:
//! each named member's name, page and published contact, and the day the membership last
//! changed (a member who left the college leaves every committee that day, with no editor's
//! change, so the item's own "last updated" would not say it); and, for a person's page, the
//! committees they sit on.

use std::collections::HashMap;

use super::items::item_path;
use super::service::{Version as DisclosureVersion, entries};
use crate::content::items::fields::FieldKind;
use crate::content::items::fields::members::{self, Resolved, people_named};
use crate::content::people::html::person_path;
use crate::content::people::person::{Person, today};
use crate::content::people::service::people;
use crate::dates::college_midnight;
use crate::store::{SharedStore, StoreError, Version, now_millis};

/// A person as committees name them, and when they left (when they have).
struct Named {
    resolved: Option<Resolved>,
    left_at: Option<i64>,
}

/// Every person record, as committees name them.
#[derive(Default)]
pub struct Roster {
    people: HashMap<String, Named>,
}

fn named(person: &Person, published: bool) -> Named {
    let day = today();
    let resolved = person.is_current(day).then(|| {
        let contact = |key: &str| {
            let value = person.text(key);
            (published && person.shows_contact() && !value.is_empty()).then(|| value.to_owned())
        };
        Resolved {
            name: person.name().to_owned(),
            href: published.then(|| person_path(&person.slug)),
            email: contact("email"),
            phone: contact("phone"),
        }
    });
    Named {
        resolved,
        left_at: person.left_on().map(college_midnight),
    }
}

impl Roster {
    /// Every record: the published version of those published (what visitors see of them),
    /// the newest of the others (named, never linked: a record still to be filled in).
    pub async fn read(store: &SharedStore) -> Result<Self, StoreError> {
        let mut live: HashMap<String, Person> = people(store, Version::Live)
            .await?
            .into_iter()
            .map(|(_, person)| (person.slug.clone(), person))
            .collect();
        let mut roster = Roster::default();
        for (_, newest) in people(store, Version::Head).await? {
            let entry = match live.remove(&newest.slug) {
                Some(published) => named(&published, true),
                None => named(&newest, false),
            };
            roster.people.insert(newest.slug, entry);
        }
        Ok(roster)
    }

    /// The member named `slug`, unless they have left (or there is no such record).
    pub fn resolve(&self, slug: &str) -> Option<Resolved> {
        self.people.get(slug)?.resolved.clone()
    }

    /// When the members of `value` last changed: the item's publish (`since`), or a named
    /// member's leaving since.
    pub fn members_changed(&self, value: &str, since: Option<i64>) -> Option<i64> {
        let now = now_millis();
        people_named(value)
            .into_iter()
            .filter_map(|slug| self.people.get(slug)?.left_at)
            .filter(|left| *left <= now)
            .chain(since)
            .max()
    }
}

/// A committee a person sits on, as their page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub committee: &'static str,
    pub role: String,
    /// The committee's place on `/disclosure`.
    pub path: String,
}

/// The committees, as published, that name the person `slug` among their members.
pub async fn seats_of(store: &SharedStore, slug: &str) -> Result<Vec<Seat>, StoreError> {
    let mut seats = Vec::new();
    for entry in entries(store, DisclosureVersion::Live).await? {
        let Some(fields) = &entry.fields else {
            continue;
        };
        for field in entry.schema.fields {
            if field.kind != FieldKind::Members {
                continue;
            }
            let value = fields.get(field.key).and_then(|value| value.as_str());
            let members = members::parse(value.unwrap_or_default()).unwrap_or_default();
            seats.extend(
                members
                    .iter()
                    .filter(|member| member.is_person && member.name == slug)
                    .map(|member| Seat {
                        committee: entry.schema.name,
                        role: member.role.to_owned(),
                        path: item_path(entry.schema.slug),
                    }),
            );
        }
    }
    Ok(seats)
}
