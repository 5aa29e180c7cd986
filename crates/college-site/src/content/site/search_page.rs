//! `/search`: the site's search as a page, a GET form that works without JavaScript (the UGC
//! asks a college's site for a search a visitor can use without signing in). It finds the
//! disclosure's items and their documents, the site's pages, the courses, the people, the
//! notices (all that are current, from the store) and the lessons (from the build), and
//! answers with the results, best first, each with the words around its match.

use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use axum::{
    Router,
    extract::{Query, State, rejection::QueryRejection},
    http::{HeaderValue, StatusCode, header},
    response::{Html as HtmlAnswer, IntoResponse, Response},
    routing::get,
};
use serde::Deserialize;

use super::search::{Document, kept};
use super::site_search::{self, MAX_QUERY_CHARS, Searchable, snippet};
use crate::content::notices::html::notice_path;
use crate::content::publishing::rules::LANGUAGE;
use crate::content::render::{markdown, template};
use crate::error_chain::Chain;
use crate::http::{client_ip::ClientIp, limits::describe_wait, state::AppState};
use crate::rate_limit::retry_after_secs;
use crate::store::now_millis;
use crate::web::{
    assets,
    html::{Html, html},
};

pub const SEARCH_PATH: &str = "/search";
/// Results one page shows at most: past them, more words narrow the search.
const MAX_RESULTS: usize = 30;
/// Searches one address may make at once (a lab's class behind one address searching
/// together), then one more every [`SEARCHES_REFILL`]: each reads the store's notices.
pub const SEARCHES_BURST: u32 = 120;
pub const SEARCHES_REFILL: std::time::Duration = std::time::Duration::from_millis(500);
/// Notices found at most, newest first.
const NOTICES_FOUND: i64 = 10;
/// The lessons as the build wrote them, plain text (web/scripts/prerender.mjs).
const LESSONS_PATH: &str = "_templates/lessons.json";
const DESCRIPTION: &str = "Search the college’s site: the mandatory disclosure and its documents, notices, courses, people and the React tutorial.";

pub fn router() -> Router<AppState> {
    Router::new().route(SEARCH_PATH, get(search))
}

#[derive(Debug, Default, Deserialize)]
struct Params {
    #[serde(default)]
    q: String,
}

async fn search(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    // A query string that cannot be read searches for nothing, rather than failing.
    params: Result<Query<Params>, QueryRejection>,
) -> Response {
    let raw = params.map(|Query(params)| params.q).unwrap_or_default();
    let raw: String = raw.chars().take(MAX_QUERY_CHARS).collect();
    if let Err(wait) = state.search_limiter.check(&ip.into()) {
        let seconds = retry_after_secs(wait);
        let main = html!(
            r#"<div class="section container site-search"><h1>Search</h1><p>Too many searches from your connection. Try again in {}.</p></div>"#,
            describe_wait(seconds)
        );
        let mut answer = answer(StatusCode::TOO_MANY_REQUESTS, &main);
        answer
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        return answer;
    }
    let Some(query) = site_search::query(&raw) else {
        return answer(StatusCode::OK, &page(&raw, None));
    };
    match found(&state, &query).await {
        Ok(results) => answer(StatusCode::OK, &page(&raw, Some((&query, &results)))),
        Err(error) => {
            tracing::error!(error = %Chain(&*error), "search: cannot read what it finds");
            let main = html!(
                r#"<div class="section container site-search"><h1>Search</h1><p>The search cannot read the site just now. Please try again in a moment.</p></div>"#
            );
            answer(StatusCode::SERVICE_UNAVAILABLE, &main)
        }
    }
}

/// Everything that matches `query`, best first, at most [`MAX_RESULTS`].
async fn found(
    state: &AppState,
    query: &site_search::Query,
) -> Result<Vec<Searchable>, Box<dyn std::error::Error + Send + Sync>> {
    let content = content_documents(state).await?;
    let notices: Vec<Searchable> = state
        .store
        .search_notices(LANGUAGE, &query.words, now_millis(), NOTICES_FOUND)
        .await?
        .into_iter()
        .map(|notice| {
            let text = markdown::summary(&notice.body, 2000);
            Searchable::new(
                "Notice",
                &notice_path(&notice.slug),
                &notice.title,
                "",
                &text,
            )
        })
        .collect();
    let mut scored: Vec<(u32, &Searchable)> = content
        .iter()
        .chain(&notices)
        .chain(lessons().iter())
        .filter_map(|item| Some((item.score(query)?, item)))
        .collect();
    // Best first; equal scores keep their order: the college's own pages before the lessons.
    scored.sort_by_key(|(score, _)| std::cmp::Reverse(*score));
    Ok(scored
        .into_iter()
        .take(MAX_RESULTS)
        .map(|(_, item)| item.clone())
        .collect())
}

/// The disclosure's items, the pages, the courses and the people, as the kept list of what
/// the search finds has them (its notices are only the newest: the store is asked instead).
/// Read again only when that list changed: the same text, by its ETag, gives the same list.
async fn content_documents(
    state: &AppState,
) -> Result<Arc<Vec<Searchable>>, Box<dyn std::error::Error + Send + Sync>> {
    static READ: Mutex<Option<(String, Arc<Vec<Searchable>>)>> = Mutex::new(None);
    let Some(page) = kept(state).await? else {
        return Ok(Arc::default());
    };
    let mut read = READ.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((etag, documents)) = read.as_ref()
        && etag == page.etag()
    {
        return Ok(documents.clone());
    }
    #[derive(Deserialize)]
    struct Kept {
        documents: Vec<Document>,
    }
    let kept: Kept = serde_json::from_slice(page.text())?;
    let documents: Arc<Vec<Searchable>> = Arc::new(
        kept.documents
            .iter()
            .filter(|document| document.kind != "Notice")
            .map(searchable)
            .collect(),
    );
    *read = Some((page.etag().to_owned(), documents.clone()));
    Ok(documents)
}

fn searchable(document: &Document) -> Searchable {
    Searchable::new(
        &document.kind,
        &document.path,
        &document.title,
        &document.headings,
        &document.text,
    )
}

/// The lessons, read once from the build's list.
fn lessons() -> &'static [Searchable] {
    static LESSONS: OnceLock<Vec<Searchable>> = OnceLock::new();
    LESSONS.get_or_init(|| {
        #[derive(Deserialize)]
        struct Lesson {
            path: String,
            title: String,
            headings: String,
            text: String,
        }
        let lessons: Vec<Lesson> = assets::text(LESSONS_PATH)
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default();
        lessons
            .iter()
            .map(|lesson| {
                Searchable::new(
                    "Lesson",
                    &lesson.path,
                    &lesson.title,
                    &lesson.headings,
                    &lesson.text,
                )
            })
            .collect()
    })
}

/// The search's page: the form, and the results of `searched` when a query was made.
fn page(raw: &str, searched: Option<(&site_search::Query, &[Searchable])>) -> Html {
    let results = match searched {
        None => html!(
            r#"<p>Search the disclosure and its documents, the notices, the courses, the people and the React tutorial.</p>"#
        ),
        Some((_, [])) => html!(
            r#"<p class="site-search__count" role="status">Nothing on the site matches “{}”. Try fewer words, or part of a word.</p>"#,
            raw
        ),
        Some((query, results)) => {
            let items: Html = results
                .iter()
                .map(|item| {
                    html!(
                        r#"<li class="site-search__result"><p class="site-search__kind">{}</p><h2><a href="{}">{}</a></h2><p>{}</p></li>"#,
                        item.kind,
                        item.path,
                        item.title,
                        snippet(&item.text, query)
                    )
                })
                .collect();
            let count = match results.len() {
                1 => "1 result".to_owned(),
                n if n >= MAX_RESULTS => format!("The first {n} results"),
                n => format!("{n} results"),
            };
            html!(
                r#"<p class="site-search__count" role="status">{} for “{}”.</p><ol class="site-search__results">{}</ol>"#,
                count,
                raw,
                items
            )
        }
    };
    html!(
        concat!(
            r#"<div class="section container site-search"><h1>Search</h1>"#,
            r#"<form class="field site-search__form" role="search" action="{}" method="get">"#,
            r#"<label for="site-search-words">Search the college’s site</label>"#,
            r#"<div class="site-search__row"><input type="search" id="site-search-words" name="q" value="{}" maxlength="{}" autocomplete="off">"#,
            r#"<button type="submit" class="button">Search</button></div></form>{}</div>"#,
        ),
        SEARCH_PATH,
        raw,
        MAX_QUERY_CHARS,
        results
    )
}

/// The page around `main`: never kept (each query is its own), never indexed.
fn answer(status: StatusCode, main: &Html) -> Response {
    let title = "Search";
    let mut response =
        (status, HtmlAnswer(template::page(title, DESCRIPTION, main))).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert("x-robots-tag", HeaderValue::from_static("noindex"));
    response
}
