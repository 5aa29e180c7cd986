//! The courses over the store: items of kind `course`, one per course, whose revisions keep
//! their fields as JSON like the pages' do. A fresh installation starts them from the build's
//! text; editors save, schedule, restore and hide (unpublish) them.

use super::fields::{order_key, starting_courses};
use crate::content::items::fields::Fields;
use crate::content::items::service::{self as items, fields_of};
use crate::store::{ContentKind, ItemQuery, ItemRow, SharedStore, StoreError};

/// Courses the site keeps at most: a college's whole prospectus.
pub const MAX_COURSES: i64 = 50;

/// Makes each of the build's courses that the store has never had, published. Every instance
/// runs it at start-up; the store makes each course once, and a course an editor hid stays so.
pub async fn seed(store: &SharedStore) {
    for (slug, fields) in starting_courses() {
        let title = super::fields::text(&fields, "name").to_owned();
        items::seed(store, ContentKind::Course, &slug, title, &fields, true).await;
    }
}

/// Every course the store holds (shown or hidden), each with its newest revision's fields.
async fn all_courses(store: &SharedStore) -> Result<Vec<(ItemRow, Fields)>, StoreError> {
    let query = ItemQuery {
        search: None,
        offset: 0,
        limit: MAX_COURSES,
    };
    let (rows, _) = store.items_page(ContentKind::Course, &query).await?;
    let mut courses = Vec::new();
    for row in rows {
        if let Some(fields) = fields_of(store, row.id, row.head).await? {
            courses.push((row, fields));
        }
    }
    Ok(courses)
}

/// Every course the store holds (shown or hidden), in the order editors gave them.
pub async fn items(store: &SharedStore) -> Result<Vec<(ItemRow, Fields)>, StoreError> {
    let mut courses = all_courses(store).await?;
    courses.sort_by_cached_key(|(_, fields)| order_key(fields));
    Ok(courses)
}

/// A course as visitors see it: its slug, its live fields and since when they are live.
#[derive(Debug, Clone)]
pub struct LiveCourse {
    pub slug: String,
    pub fields: Fields,
    pub live_since: Option<i64>,
}

/// The courses visitors see, in the editors' order (hidden ones left out).
pub async fn live_courses(store: &SharedStore) -> Result<Vec<LiveCourse>, StoreError> {
    let mut courses = Vec::new();
    for (row, head_fields) in all_courses(store).await? {
        let Some(live) = row.live else { continue };
        let fields = if live == row.head {
            Some(head_fields)
        } else {
            fields_of(store, row.id, live).await?
        };
        let Some(fields) = fields else { continue };
        courses.push(LiveCourse {
            slug: row.slug,
            fields,
            live_since: row.live_since,
        });
    }
    courses.sort_by_cached_key(|course| order_key(&course.fields));
    Ok(courses)
}

/// The course `slug` with the fields of its revision `pick` chooses (none: no such revision).
async fn course_at(
    store: &SharedStore,
    slug: &str,
    pick: fn(&ItemRow) -> Option<i64>,
) -> Result<Option<(i64, LiveCourse)>, StoreError> {
    let Some(row) = items::find(store, ContentKind::Course, slug).await? else {
        return Ok(None);
    };
    let Some(number) = pick(&row) else {
        return Ok(None);
    };
    Ok(fields_of(store, row.id, number).await?.map(|fields| {
        let course = LiveCourse {
            slug: slug.to_owned(),
            fields,
            live_since: row.live_since,
        };
        (number, course)
    }))
}

/// The course `slug` as visitors see it, if it is shown.
pub async fn live_course(
    store: &SharedStore,
    slug: &str,
) -> Result<Option<LiveCourse>, StoreError> {
    Ok(course_at(store, slug, |row| row.live)
        .await?
        .map(|(_, course)| course))
}

/// The newest revision's number and fields, for the editors' preview.
pub async fn head_fields(
    store: &SharedStore,
    slug: &str,
) -> Result<Option<(i64, LiveCourse)>, StoreError> {
    course_at(store, slug, |row| Some(row.head)).await
}
