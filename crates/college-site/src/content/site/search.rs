//! `/search/content.json`: what the site's search finds beside the lessons (whose index the
//! build writes): the published notices, the site's pages, the courses, the disclosure's
//! items and the people with the college, as visitors read them. Drafts,
//! scheduled versions and expired notices are never in it. Rendered once per change and kept
//! like the pages ([`crate::content::render::page_cache`]), so a search costs the server nothing.

use axum::{
    Router,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::{IntoResponse, Response},
    routing::get,
};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::content::courses::fields::text;
use crate::content::courses::html::course_path;
use crate::content::courses::service::live_courses;
use crate::content::disclosure::items::item_path;
use crate::content::disclosure::service::{Version, entries};
use crate::content::items::fields::{Field, FieldKind, documents, links, members};
use crate::content::notices::html::notice_path;
use crate::content::pages::fields::PAGES;
use crate::content::pages::service as pages;
use crate::content::people::html::person_path;
use crate::content::people::person::today;
use crate::content::people::service::live_people;
use crate::content::publishing::rules::LANGUAGE;
use crate::content::render::markdown;
use crate::content::render::page_cache::RenderedPage;
use crate::{
    error_chain::Chain,
    http::state::AppState,
    store::{StoreError, now_millis},
};

pub const SEARCH_CONTENT_PATH: &str = "/search/content.json";
/// The newest notices searched: a visitor looks for what is current.
const NOTICES_SEARCHED: i64 = 100;
/// The words of a notice kept for the search, enough for its first paragraphs.
const NOTICE_TEXT_CHARS: usize = 600;

pub fn router() -> Router<AppState> {
    Router::new().route(SEARCH_CONTENT_PATH, get(search_content))
}

/// One thing the search can find, with the fields the lessons' index has.
#[derive(Debug, Serialize, Deserialize)]
pub struct Document {
    id: String,
    pub path: String,
    pub title: String,
    /// What it is, shown beside its title ("Notice", "Page").
    pub kind: String,
    pub headings: String,
    pub text: String,
}

async fn documents(state: &AppState) -> Result<Vec<Document>, StoreError> {
    let mut documents = Vec::new();
    for page in &PAGES {
        let Some(fields) = pages::live_fields(&state.store, page).await? else {
            continue;
        };
        let text: Vec<&str> = page
            .fields
            .iter()
            .filter_map(|field| fields.get(field.key)?.as_str())
            .collect();
        documents.push(Document {
            id: format!("page-{}", page.slug),
            path: page.path.to_owned(),
            title: page.name.to_owned(),
            kind: "Page".to_owned(),
            headings: fields
                .get("heading")
                .and_then(|heading| heading.as_str())
                .unwrap_or_default()
                .to_owned(),
            text: text.join(" "),
        });
    }
    for course in live_courses(&state.store).await? {
        let fields = &course.fields;
        documents.push(Document {
            id: format!("course-{}", course.slug),
            path: course_path(&course.slug),
            title: text(fields, "name").to_owned(),
            kind: "Course".to_owned(),
            headings: text(fields, "code").to_owned(),
            text: [
                text(fields, "summary"),
                text(fields, "eligibility"),
                &markdown::summary(text(fields, "subjects"), NOTICE_TEXT_CHARS),
            ]
            .join(" "),
        });
    }
    for entry in entries(&state.store, Version::Live).await? {
        let Some(fields) = entry.fields else { continue };
        let text: Vec<String> = entry
            .schema
            .fields
            .iter()
            .filter_map(|field| Some(searchable(field, fields.get(field.key)?.as_str()?)))
            .collect();
        documents.push(Document {
            id: format!("disclosure-{}", entry.schema.slug),
            path: item_path(entry.schema.slug),
            title: entry.schema.name.to_owned(),
            kind: "Disclosure".to_owned(),
            headings: String::new(),
            text: text.join(" "),
        });
    }
    let day = today();
    for person in live_people(&state.store).await? {
        if !person.is_current(day) {
            continue;
        }
        let post = person.appointment_on(day);
        documents.push(Document {
            id: format!("person-{}", person.slug),
            path: person_path(&person.slug),
            title: person.name().to_owned(),
            kind: "Person".to_owned(),
            headings: post.as_ref().map_or_else(String::new, |post| {
                format!("{}, {}", post.designation, post.department)
            }),
            text: person.text("subjects").to_owned(),
        });
    }
    let (notices, _) = state
        .store
        .published_notices(LANGUAGE, None, now_millis(), 0, NOTICES_SEARCHED)
        .await?;
    documents.extend(notices.into_iter().map(|notice| Document {
        id: format!("notice-{}", notice.id),
        path: notice_path(&notice.slug),
        text: markdown::summary(&notice.body, NOTICE_TEXT_CHARS),
        title: notice.title,
        kind: "Notice".to_owned(),
        headings: String::new(),
    }));
    Ok(documents)
}

/// The words of a field a visitor may search for: a text's first words, members' names and
/// roles, documents' words; never an address.
fn searchable(field: &Field, value: &str) -> String {
    match field.kind {
        FieldKind::Text => markdown::summary(value, NOTICE_TEXT_CHARS),
        FieldKind::Members => members::parse(value)
            .unwrap_or_default()
            .iter()
            // A member named by their record is found by their own entry.
            .map(|member| match member.is_person {
                true => member.role.to_owned(),
                false => format!("{} {}", member.name, member.role),
            })
            .collect::<Vec<_>>()
            .join(" "),
        FieldKind::Links => links::parse(value)
            .unwrap_or_default()
            .iter()
            .map(|link| link.label)
            .collect::<Vec<_>>()
            .join(" "),
        // A document is found by its words and the year it covers ("accounts 2023-24").
        FieldKind::Documents => documents::parse(value)
            .unwrap_or_default()
            .iter()
            .map(|document| match document.year {
                Some(year) => format!("{} {year}", document.link.label),
                None => document.link.label.to_owned(),
            })
            .collect::<Vec<_>>()
            .join(" "),
        _ => value.to_owned(),
    }
}

async fn search_content(State(state): State<AppState>, headers: HeaderMap) -> Response {
    match kept(&state).await {
        Ok(Some(page)) => page.respond(&headers),
        Ok(None) => unavailable(),
        Err(error) => {
            tracing::error!(error = %Chain(&error), "cannot list what the search finds");
            unavailable()
        }
    }
}

/// The list of what the search finds, rendered once per change and kept like the pages.
pub async fn kept(state: &AppState) -> Result<Option<Arc<RenderedPage>>, StoreError> {
    state
        .rendered_pages
        .get_or_render(&state.store, SEARCH_CONTENT_PATH, || async {
            let body = json!({ "documents": documents(state).await? }).to_string();
            Ok(Some(RenderedPage::new(
                StatusCode::OK,
                "application/json",
                body,
            )))
        })
        .await
}

fn unavailable() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [("retry-after", "5")],
        "The search cannot read the notices just now.",
    )
        .into_response()
}
