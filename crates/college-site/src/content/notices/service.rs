//! A notice's own rules over the store: made from what the editor wrote, with an address
//! from its title, within the site's bound of notices; saved and deleted with an audit entry.
//! Publishing, restoring and history are every kind's ([`crate::content::publishing::service`]).

use super::domain::{MAX_NOTICES, NoticeInput, slug_of};
use crate::content::error::ContentError;
use crate::content::publishing::rules::LANGUAGE;
use crate::content::publishing::service::{author_of, changed, item, save_text};
use crate::{
    roles::actor::StaffActor,
    store::{AuditAction, ContentKind, ItemRow, NewItem, SharedStore, now_millis},
};

/// The notice `id`, as the staff area shows it.
pub async fn notice(store: &SharedStore, id: i64) -> Result<ItemRow, ContentError> {
    item(store, ContentKind::Notice, id).await
}

pub async fn create(
    store: &SharedStore,
    actor: &StaffActor,
    input: NoticeInput,
) -> Result<ItemRow, ContentError> {
    let text = input.parse()?;
    let slug = slug_of(&text.title);
    let item = NewItem {
        kind: ContentKind::Notice,
        language: LANGUAGE,
        slug: &slug,
        text: &text,
        author: &author_of(actor),
        now: now_millis(),
    };
    let id = store
        .create_item(&item, MAX_NOTICES)
        .await?
        .ok_or(ContentError::Full)?;
    notice(store, id).await
}

/// Saves the editor's text as a new draft revision on top of `base`.
pub async fn save(
    store: &SharedStore,
    actor: &StaffActor,
    id: i64,
    base: i64,
    input: NoticeInput,
) -> Result<ItemRow, ContentError> {
    let text = input.parse()?;
    save_text(store, actor, ContentKind::Notice, id, base, &text, None).await
}

pub async fn delete(store: &SharedStore, actor: &StaffActor, id: i64) -> Result<(), ContentError> {
    let item = notice(store, id).await?;
    let target = format!("notice {id} \"{}\"", item.title);
    let entry = actor.entry(AuditAction::ContentDeleted, None, target);
    changed(store.delete_item(id, &entry).await?)
}
