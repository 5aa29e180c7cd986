//! The committees' members written as text before the college's people had records
//! (`Dr Meera Shah | Chairperson | meera.shah@college.example`) become links to the records, once,
//! at the first start of the version that has people: a line whose name is a person's links
//! to them; any other becomes a person record of its own, a draft for the office to fill in
//! (the directory's room flags it "Needs details"), keeping the email or phone the line gave.
//! Nothing is lost: the role stays on the line, and a way to reach a member on this committee
//! stays there too when the person's record does not publish one. An item whose newest version
//! was live is published again with its members linked, so visitors see no gap.

use std::collections::HashMap;

use super::items::all_items;
use crate::content::error::ContentError;
use crate::content::items::fields::members::{self, Reach};
use crate::content::items::fields::{FieldKind, Fields};
use crate::content::items::service::{self as items, fields_of, revision_text};
use crate::content::people::service::{add_record, people};
use crate::content::publishing::rules::REVISIONS_KEPT;
use crate::error_chain::Chain;
use crate::store::{
    Actor, AuditAction, Author, ContentKind, NewAuditEntry, NewRevision, Publish, SharedStore,
    Version, now_millis,
};

/// The upgrade's name in the store: it is made once, by one instance.
const UPGRADE: &str = "committee-members-to-people";

fn author() -> Author {
    Author {
        email: "college-site".to_owned(),
        name: Some("The site, linking committees to people".to_owned()),
    }
}

/// Links every committee's members to the people's records, unless done before.
pub async fn link_once(store: &SharedStore) {
    if let Err(error) = link(store).await {
        tracing::warn!(error = %Chain(&error), "cannot link the committees' members to people");
    }
}

async fn link(store: &SharedStore) -> Result<(), ContentError> {
    if !store.claim_upgrade(UPGRADE, now_millis()).await? {
        return Ok(());
    }
    let mut by_name: HashMap<String, (String, bool)> = people(store, Version::Head)
        .await?
        .into_iter()
        .map(|(_, person)| {
            let reachable = !person.text("email").is_empty() || !person.text("phone").is_empty();
            (
                person.name().to_lowercase(),
                (person.slug.clone(), reachable),
            )
        })
        .collect();
    for schema in all_items() {
        let Some(row) = items::find(store, ContentKind::Disclosure, schema.slug).await? else {
            continue;
        };
        let Some(mut fields) = fields_of(store, row.id, row.head).await? else {
            continue;
        };
        let mut changed = false;
        for field in schema
            .fields
            .iter()
            .filter(|field| field.kind == FieldKind::Members)
        {
            let value = fields
                .get(field.key)
                .and_then(|value| value.as_str())
                .unwrap_or_default()
                .to_owned();
            let linked = linked_lines(store, &value, &mut by_name).await?;
            if linked != value {
                fields.insert(field.key.to_owned(), linked.into());
                changed = true;
            }
        }
        if changed {
            save(store, &row, &fields).await?;
        }
    }
    Ok(())
}

/// `value` with each member written as text linked to a person's record.
async fn linked_lines(
    store: &SharedStore,
    value: &str,
    by_name: &mut HashMap<String, (String, bool)>,
) -> Result<String, ContentError> {
    let mut lines = Vec::new();
    for line in value.lines() {
        let Ok([member]) = <[_; 1]>::try_from(members::parse(line).unwrap_or_default()) else {
            lines.push(line.to_owned());
            continue;
        };
        if member.is_person {
            lines.push(line.to_owned());
            continue;
        }
        let reach = match member.reach {
            Some(Reach::Email(email)) => Some(("email", email)),
            Some(Reach::Phone(phone)) => Some(("phone", phone)),
            None => None,
        };
        let key = member.name.to_lowercase();
        let (slug, reachable) = match by_name.get(&key) {
            Some(found) => found.clone(),
            None => {
                // The line was published with its contact: the new record publishes it too.
                let mut known: Vec<(&str, &str)> = reach.into_iter().collect();
                if reach.is_some() {
                    known.push((
                        "showContact",
                        crate::content::people::fields::SHOW_CONTACT[1],
                    ));
                }
                let added = add_record(store, &author(), member.name, &known).await?;
                let found = (added.slug, reach.is_some());
                by_name.insert(key, found.clone());
                found
            }
        };
        let kept_reach = match reach {
            Some((_, how)) if !reachable => format!(" | {how}"),
            _ => String::new(),
        };
        lines.push(format!("@{slug} | {}{kept_reach}", member.role));
    }
    Ok(lines.join("\n"))
}

/// Saves `fields` as the item's newest revision, published again if its newest was live.
async fn save(
    store: &SharedStore,
    row: &crate::store::ItemRow,
    fields: &Fields,
) -> Result<(), ContentError> {
    let now = now_millis();
    let text = revision_text(row.title.clone(), fields);
    let revision = NewRevision {
        base: row.head,
        text: &text,
        author: &author(),
        restored_from: None,
        keep: REVISIONS_KEPT,
        now,
    };
    crate::content::publishing::service::changed(store.save_revision(row.id, &revision).await?)?;
    if row.live == Some(row.head) {
        let audit = NewAuditEntry {
            at: now,
            actor: Actor::CommandLine,
            action: AuditAction::ContentPublished,
            target_email: None,
            target: format!(
                "disclosure {} \"{}\" (revision {}): its members linked to people",
                row.id,
                row.title,
                row.head + 1
            ),
        };
        let publish = Publish::Now {
            revision: row.head + 1,
        };
        crate::content::publishing::service::changed(
            store.publish(row.id, publish, None, &audit).await?,
        )?;
    }
    Ok(())
}
