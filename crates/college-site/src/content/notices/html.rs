//! The HTML of the notices visitors read: the list at `/notices` and a notice's own page. It is
//! the main part of the page only; [`crate::content::render::template`] puts it into the web app's shell.
//! Everything from an editor goes in through [`html!`], escaped, or is the sanitised HTML of
//! [`crate::content::render::markdown`].

use crate::content::notices::domain::{CATEGORIES, category_label};
use crate::content::render::markdown;
use crate::{
    dates::{college_day, college_iso_day},
    store::PublishedRow,
    web::html::{Html, html},
};

/// Characters of a notice's text shown under its title in the list.
const SUMMARY_CHARS: usize = 200;

/// Which notices a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shelf {
    /// The current ones, of one category or of all.
    Current(Option<&'static str>),
    /// The expired ones, kept for the record.
    Archive,
}

/// One page of the list at `/notices`.
pub struct ListPage<'a> {
    pub notices: &'a [PublishedRow],
    /// Notices in the list in all (every page).
    pub total: i64,
    /// 1 for the newest.
    pub page: i64,
    pub pages: i64,
    pub shelf: Shelf,
}

/// The path of the list of `shelf`, at `page`.
pub fn list_path(shelf: Shelf, page: i64) -> String {
    let query = match shelf {
        Shelf::Current(None) => None,
        Shelf::Current(Some(category)) => Some(format!("category={category}")),
        Shelf::Archive => Some("archive".to_owned()),
    };
    match (query, page) {
        (None, 1) => "/notices".to_owned(),
        (None, page) => format!("/notices?page={page}"),
        (Some(query), 1) => format!("/notices?{query}"),
        (Some(query), page) => format!("/notices?{query}&page={page}"),
    }
}

/// The path of a notice's own page.
pub fn notice_path(slug: &str) -> String {
    format!("/notices/{slug}")
}

/// The list's heading, as its page title says it too.
pub fn list_title(shelf: Shelf) -> String {
    match shelf {
        Shelf::Current(Some(category)) => format!("Notices: {}", category_label(category)),
        Shelf::Current(None) => "Notices".to_owned(),
        Shelf::Archive => "Expired notices".to_owned(),
    }
}

pub fn list(page: &ListPage<'_>) -> Html {
    let lead = match page.shelf {
        Shelf::Current(_) => html!(
            r#"News, exam timetables and holidays from the college office. <a href="/notices/feed.xml">Follow them in a feed reader</a>."#
        ),
        Shelf::Archive => Html::text(
            "Notices that have expired, kept for the record, the latest to expire first.",
        ),
    };
    let notices = if page.notices.is_empty() {
        let words = match page.shelf {
            Shelf::Current(Some(category)) => format!(
                "There are no notices under {} just now.",
                category_label(category)
            ),
            Shelf::Current(None) => "There are no notices just now.".to_owned(),
            Shelf::Archive => "No notice has expired yet.".to_owned(),
        };
        html!(r#"<p class="notices__empty">{}</p>"#, words)
    } else {
        let items: Html = page
            .notices
            .iter()
            .map(|notice| list_item(notice, page.shelf == Shelf::Archive))
            .collect();
        html!(r#"<ol class="notice-list">{}</ol>"#, items)
    };
    let archive = if page.shelf == Shelf::Archive {
        Html::new()
    } else {
        html!(r#"<p class="notices__archive"><a href="/notices?archive">Expired notices</a></p>"#)
    };
    html!(
        r#"<div class="section container notices"><h1>{}</h1><p class="lead">{}</p>{}{}{}{}</div>"#,
        list_title(page.shelf),
        lead,
        category_links(page.shelf),
        notices,
        pager(page),
        archive,
    )
}

fn category_links(shelf: Shelf) -> Html {
    let all = std::iter::once((None, "All"))
        .chain(CATEGORIES.iter().map(|(name, label)| (Some(*name), *label)));
    let items: Html = all
        .map(|(category, label)| {
            let here = if shelf == Shelf::Current(category) {
                html!(r#" aria-current="page""#)
            } else {
                Html::new()
            };
            html!(
                r#"<li><a href="{}"{}>{}</a></li>"#,
                list_path(Shelf::Current(category), 1),
                here,
                label,
            )
        })
        .collect();
    html!(
        r#"<nav class="notice-categories" aria-label="Categories"><ul>{}</ul></nav>"#,
        items
    )
}

fn list_item(notice: &PublishedRow, expired: bool) -> Html {
    let pinned = if notice.pinned && !expired {
        html!(r#"<span class="notice-pinned">Pinned</span> "#)
    } else {
        Html::new()
    };
    let expiry = match (expired, notice.expires_at) {
        (true, Some(at)) => html!(
            r#" · expired <time datetime="{}">{}</time>"#,
            college_iso_day(at),
            college_day(at)
        ),
        _ => Html::new(),
    };
    html!(
        r#"<li class="card notice-card"><h2 class="notice-card__title"><a href="{path}">{title}</a></h2><p class="notice-meta">{pinned}{category} · <time datetime="{iso}">{day}</time>{expiry}</p><p>{summary}</p></li>"#,
        path = notice_path(&notice.slug),
        title = notice.title,
        pinned = pinned,
        category = category_label(&notice.category),
        iso = college_iso_day(notice.first_published_at),
        day = college_day(notice.first_published_at),
        expiry = expiry,
        summary = markdown::summary(&notice.body, SUMMARY_CHARS),
    )
}

/// Home's section of the latest notices (pinned first), or nothing when none is published.
pub fn latest(notices: &[PublishedRow]) -> Html {
    if notices.is_empty() {
        return Html::new();
    }
    let items: Html = notices
        .iter()
        .map(|notice| {
            html!(
                r#"<li><a href="{path}">{title}</a> <span class="notice-meta">{category} · <time datetime="{iso}">{day}</time></span></li>"#,
                path = notice_path(&notice.slug),
                title = notice.title,
                category = category_label(&notice.category),
                iso = college_iso_day(notice.first_published_at),
                day = college_day(notice.first_published_at),
            )
        })
        .collect();
    html!(
        r#"<section class="section container latest-notices" aria-labelledby="latest-notices-heading"><h2 id="latest-notices-heading">Latest notices</h2><ul class="latest-notices__list">{}</ul><p><a href="/notices">All notices</a></p></section>"#,
        items
    )
}

/// Links to the newer and older pages of the list, and where this one is.
fn pager(page: &ListPage<'_>) -> Html {
    if page.pages <= 1 {
        return Html::new();
    }
    let newer = if page.page > 1 {
        html!(
            r#"<a rel="prev" href="{}">Newer notices</a>"#,
            list_path(page.shelf, page.page - 1)
        )
    } else {
        Html::new()
    };
    let older = if page.page < page.pages {
        html!(
            r#"<a rel="next" href="{}">Older notices</a>"#,
            list_path(page.shelf, page.page + 1)
        )
    } else {
        Html::new()
    };
    html!(
        r#"<nav class="pager" aria-label="Pages of notices">{}<span>Page {} of {} ({} notices)</span>{}</nav>"#,
        newer,
        page.page,
        page.pages,
        page.total,
        older,
    )
}

/// A notice's own page, its text already made safe (`body`); one past its expiry says so
/// above its text.
pub fn notice(notice: &PublishedRow, body: &Html, now: i64) -> Html {
    let expired = notice.expires_at.is_some_and(|at| at <= now);
    let published = notice.first_published_at;
    let updated = if college_iso_day(notice.live_since) != college_iso_day(published) {
        html!(
            r#" · Updated <time datetime="{}">{}</time>"#,
            college_iso_day(notice.live_since),
            college_day(notice.live_since),
        )
    } else {
        Html::new()
    };
    let expiry = match (expired, notice.expires_at) {
        (true, Some(at)) => html!(
            r#"<p class="notice__expired" role="note"><strong>This notice has expired</strong> (on {}). It is kept here for the record; see <a href="/notices">the current notices</a> or <a href="/notices?archive">the other expired ones</a>.</p>"#,
            college_day(at)
        ),
        _ => Html::new(),
    };
    html!(
        concat!(
            r#"<article class="section container notice">"#,
            r#"<p class="notice__back"><a href="/notices">All notices</a></p>"#,
            r#"<h1>{title}</h1>"#,
            r#"<p class="notice-meta">{category} · Published <time datetime="{iso}">{day}</time>{updated}</p>"#,
            r#"{expiry}<div class="notice__body">{body}</div></article>"#,
        ),
        title = notice.title,
        category = category_label(&notice.category),
        iso = college_iso_day(published),
        day = college_day(published),
        updated = updated,
        expiry = expiry,
        body = body,
    )
}

/// The text search engines and link previews show for a notice.
pub fn notice_description(notice: &PublishedRow) -> String {
    markdown::summary(&notice.body, 160)
}
