//! Where each item of the disclosure stands for the editors: published, not applicable (with
//! the college's reason), needing review, or never published. An item needs review when no
//! editor has published or reviewed it for a year, or when one of its documents is past its
//! last day: what the UGC asks is that nothing on the page is silently stale.

use std::collections::HashMap;

use serde::Serialize;

use super::documents_html::{Day, first_expired};
use super::service::{self, Entry, Version};
use crate::content::items::fields::{FieldKind, NOT_APPLICABLE};
use crate::dates::{self, day_words};
use crate::store::{SharedStore, StoreError, now_millis};

/// How long what visitors read may go without an editor looking at it.
pub const REVIEW_EVERY_MILLIS: i64 = 365 * 24 * 60 * 60 * 1000;

/// Where an item stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Standing {
    Published,
    NotApplicable,
    NeedsReview,
    NeverPublished,
}

impl Standing {
    /// Whether an editor must act on it: the admin's summary counts these.
    pub fn needs_attention(self) -> bool {
        matches!(self, Standing::NeedsReview | Standing::NeverPublished)
    }
}

/// Where `entry` (as visitors read it) stands at `now`, with the reason an item needs review.
pub fn standing(entry: &Entry, now: i64) -> (Standing, Option<String>) {
    let Some(fields) = &entry.fields else {
        return (Standing::NeverPublished, None);
    };
    let today: Day = dates::college_date(now);
    let expired = entry
        .schema
        .fields
        .iter()
        .filter(|field| field.kind == FieldKind::Documents)
        .filter_map(|field| fields.get(field.key)?.as_str())
        .find_map(|value| first_expired(value, today));
    if let Some((document, last)) = expired {
        let why = format!("“{document}” expired on {}.", day_words(last));
        return (Standing::NeedsReview, Some(why));
    }
    let looked_at = entry.live_since.max(entry.reviewed_at).unwrap_or(now);
    if now - looked_at > REVIEW_EVERY_MILLIS {
        let why = format!("Not reviewed since {}.", dates::college_day(looked_at));
        return (Standing::NeedsReview, Some(why));
    }
    let not_applicable = fields
        .get(NOT_APPLICABLE)
        .and_then(|value| value.as_str())
        .is_some_and(|reason| !reason.is_empty());
    match not_applicable {
        true => (Standing::NotApplicable, None),
        false => (Standing::Published, None),
    }
}

/// Where each item stands now, as visitors read it, and why one needs review.
pub async fn standings(
    store: &SharedStore,
) -> Result<HashMap<&'static str, (Standing, Option<String>)>, StoreError> {
    let now = now_millis();
    Ok(service::entries(store, Version::Live)
        .await?
        .iter()
        .map(|entry| (entry.schema.slug, standing(entry, now)))
        .collect())
}

/// How many items need an editor's attention: the staff area's banner, for the admin and the
/// editors (kept per content generation in `AppState::disclosure_attention`).
pub async fn attention_count(store: &SharedStore) -> Result<usize, StoreError> {
    Ok(standings(store)
        .await?
        .values()
        .filter(|(standing, _)| standing.needs_attention())
        .count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::disclosure::items::item_schema;
    use crate::content::items::fields::fields_of;

    const DAY: i64 = 24 * 60 * 60 * 1000;

    fn entry(pairs: &[(&str, &str)], live_since: i64, reviewed_at: Option<i64>) -> Entry {
        Entry {
            schema: item_schema("annual-accounts").expect("the item"),
            fields: Some(fields_of(pairs)),
            live_since: Some(live_since),
            reviewed_at,
            draft: false,
        }
    }

    #[test]
    fn an_item_needs_review_a_year_after_it_was_last_looked_at() {
        let now = dates::college_midnight((2026, 11, 29));
        let text = [("text", "Audited every year.")];
        let fresh = entry(&text, now - 300 * DAY, None);
        assert_eq!(standing(&fresh, now), (Standing::Published, None));
        let old = entry(&text, now - 400 * DAY, None);
        assert_eq!(
            standing(&old, now),
            (
                Standing::NeedsReview,
                Some("Not reviewed since 25 October 2025.".to_owned())
            )
        );
        let reviewed = entry(&text, now - 400 * DAY, Some(now - DAY));
        assert_eq!(standing(&reviewed, now).0, Standing::Published);
        let no_hostel = [("text", ""), (NOT_APPLICABLE, "The college has no hostel.")];
        assert_eq!(
            standing(&entry(&no_hostel, now, None), now).0,
            Standing::NotApplicable
        );
    }

    #[test]
    fn a_document_past_its_last_day_asks_for_review() {
        let now = dates::college_midnight((2026, 11, 29));
        let documents = [
            ("text", "Our accounts."),
            ("documents", "Affiliation | until 2026-11-01 | /files/1.pdf"),
        ];
        let (standing, why) = standing(&entry(&documents, now - DAY, None), now);
        assert_eq!(standing, Standing::NeedsReview);
        assert_eq!(
            why.as_deref(),
            Some("“Affiliation” expired on 1 November 2026.")
        );
        assert!(standing.needs_attention());
        assert!(!Standing::NotApplicable.needs_attention());
    }
}
