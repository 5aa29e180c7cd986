//! The rules of publishing over the store: saves on top of the revision the editor opened, a
//! restore as a new revision, publishing now or at a time, and an audit entry for every change
//! visitors can see.

use serde::Deserialize;

use super::rules::REVISIONS_KEPT;
use crate::content::error::ContentError;
use crate::{
    roles::actor::StaffActor,
    store::{
        AuditAction, Author, ContentChange, ContentKind, ItemRow, NewRevision, Publish,
        RevisionText, SharedStore, now_millis,
    },
};

/// What an editor asks of a publish: which revision (the one they see), and when.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublishInput {
    pub revision: i64,
    /// Unix milliseconds; none publishes now.
    pub publish_at: Option<i64>,
    /// Unix milliseconds; none keeps it up until it is unpublished.
    pub expires_at: Option<i64>,
}

pub(in crate::content) fn author_of(actor: &StaffActor) -> Author {
    Author {
        email: actor.email.to_lowercase(),
        name: actor.name.clone(),
    }
}

/// The item `id` of `kind`.
pub async fn item(
    store: &SharedStore,
    kind: ContentKind,
    id: i64,
) -> Result<ItemRow, ContentError> {
    store.item(kind, id).await?.ok_or(match kind {
        ContentKind::Notice => ContentError::UnknownNotice,
        ContentKind::Page => ContentError::UnknownPage,
        ContentKind::Course => ContentError::UnknownCourse,
        ContentKind::Disclosure => ContentError::UnknownDisclosure,
        ContentKind::Person => ContentError::UnknownPerson,
    })
}

pub(in crate::content) fn changed(change: ContentChange) -> Result<(), ContentError> {
    match change {
        ContentChange::Done => Ok(()),
        ContentChange::Unknown => Err(ContentError::UnknownNotice),
        ContentChange::Stale { head } => Err(ContentError::Stale { head }),
        ContentChange::Full => Err(ContentError::Full),
    }
}

pub async fn save_text(
    store: &SharedStore,
    actor: &StaffActor,
    kind: ContentKind,
    id: i64,
    base: i64,
    text: &RevisionText,
    restored_from: Option<i64>,
) -> Result<ItemRow, ContentError> {
    let revision = NewRevision {
        base,
        text,
        author: &author_of(actor),
        restored_from,
        keep: REVISIONS_KEPT,
        now: now_millis(),
    };
    changed(store.save_revision(id, &revision).await?)?;
    item(store, kind, id).await
}

/// Saves revision `number` again, as the newest: nothing in the history is overwritten.
pub async fn restore(
    store: &SharedStore,
    actor: &StaffActor,
    kind: ContentKind,
    id: i64,
    number: i64,
    base: i64,
) -> Result<ItemRow, ContentError> {
    item(store, kind, id).await?;
    let old = store
        .revision(id, number)
        .await?
        .ok_or(ContentError::UnknownRevision)?;
    let text = RevisionText {
        title: old.title,
        category: old.category,
        pinned: old.pinned,
        body: old.body,
    };
    save_text(store, actor, kind, id, base, &text, Some(number)).await
}

pub async fn publish(
    store: &SharedStore,
    actor: &StaffActor,
    kind: ContentKind,
    id: i64,
    input: PublishInput,
) -> Result<ItemRow, ContentError> {
    let row = item(store, kind, id).await?;
    let kind_name = kind.name();
    let now = now_millis();
    let publish = match input.publish_at {
        Some(at) if at <= now => return Err(ContentError::PublishInThePast),
        Some(at) => Publish::At {
            revision: input.revision,
            at,
        },
        None => Publish::Now {
            revision: input.revision,
        },
    };
    let goes_live = input.publish_at.unwrap_or(now);
    // A notice that would expire before anyone saw it is a mistake; a person who has left is
    // published as a record, already over (their page and photo are not shown).
    if kind == ContentKind::Notice && input.expires_at.is_some_and(|expires| expires <= goes_live) {
        return Err(ContentError::ExpiresFirst);
    }
    let (action, target) = match input.publish_at {
        Some(at) => (
            AuditAction::ContentScheduled,
            format!(
                "{kind_name} {id} \"{}\" (revision {}) at {}",
                row.title,
                input.revision,
                crate::dates::iso_8601(at)
            ),
        ),
        None => (
            AuditAction::ContentPublished,
            format!(
                "{kind_name} {id} \"{}\" (revision {})",
                row.title, input.revision
            ),
        ),
    };
    let change = store
        .publish(
            id,
            publish,
            input.expires_at,
            &actor.entry(action, None, target),
        )
        .await?;
    if change == ContentChange::Unknown {
        return Err(ContentError::UnknownRevision);
    }
    changed(change)?;
    item(store, kind, id).await
}

/// Takes the item down (a notice, or a course hidden from the site): visitors no longer see it.
pub async fn unpublish(
    store: &SharedStore,
    actor: &StaffActor,
    kind: ContentKind,
    id: i64,
) -> Result<ItemRow, ContentError> {
    let row = item(store, kind, id).await?;
    let target = format!("{} {id} \"{}\"", kind.name(), row.title);
    let entry = actor.entry(AuditAction::ContentUnpublished, None, target);
    changed(store.unpublish(id, &entry).await?)?;
    item(store, kind, id).await
}
