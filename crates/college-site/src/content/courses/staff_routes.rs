//! `/api/content/courses`: the courses as editors list them, in the site's order, hidden ones
//! too; each course's own routes are the fielded items' ([`crate::content::items::routes`]),
//! by slug (`bca`), with `/unpublish` to hide a course.

use axum::{Router, extract::State, response::Response, routing::get};

use super::{fields::COURSE, html::course_path, service};
use crate::content::error::ContentError;
use crate::content::items::fields::{Fields, ItemSchema};
use crate::content::items::routes as item_routes;
use crate::content::items::service::ItemKind;
use crate::content::publishing::rules::is_slug;
use crate::{
    http::{error::ApiError, state::AppState},
    roles::guard::Editor,
    staff::limit::within_staff_limit,
    store::{ContentKind, ItemRow},
};

/// The courses, edited as fields.
pub struct Courses;

impl ItemKind for Courses {
    const KIND: ContentKind = ContentKind::Course;
    const UNKNOWN: fn() -> ContentError = || ContentError::UnknownCourse;

    fn schema(slug: &str) -> Option<&'static ItemSchema> {
        is_slug(slug).then_some(&COURSE)
    }

    fn title(_: &'static ItemSchema, fields: &Fields) -> String {
        super::fields::text(fields, "name").to_owned()
    }

    fn name(_: &'static ItemSchema, item: &ItemRow) -> String {
        item.title.clone()
    }

    fn path(_: &'static ItemSchema, slug: &str) -> String {
        course_path(slug)
    }
}

pub const COURSES_API: &str = "/api/content/courses";

pub fn router() -> Router<AppState> {
    Router::new()
        .route(COURSES_API, get(list))
        .merge(item_routes::routes::<Courses>(COURSES_API, true))
}

async fn list(State(state): State<AppState>, editor: Editor) -> Result<Response, ApiError> {
    within_staff_limit(&state, &editor.0)?;
    let courses = service::items(&state.store)
        .await
        .map_err(ContentError::from)?;
    let items = courses.into_iter().map(|(item, _)| item);
    Ok(item_routes::list_answer::<Courses>("courses", items))
}
