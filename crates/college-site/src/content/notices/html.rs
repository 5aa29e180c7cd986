//! The HTML of the notices visitors read: the list at `/notices` and a notice's own page. It is
//! the main part of the page only; [`crate::content::render::template`] puts it into the web app's shell.
//! Everything from an editor is escaped here, or is the sanitised HTML of [`crate::content::render::markdown`].

use crate::content::notices::domain::{CATEGORIES, category_label};
use crate::content::render::markdown;
use crate::{
    dates::{college_day, college_iso_day},
    store::PublishedRow,
    web::html::escape_html,
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

pub fn list(page: &ListPage<'_>) -> String {
    let mut html = String::with_capacity(4096);
    html.push_str(r#"<div class="section container notices">"#);
    let lead = match page.shelf {
        Shelf::Current(_) => {
            r#"News, exam timetables and holidays from the college office. <a href="/notices/feed.xml">Follow them in a feed reader</a>."#
        }
        Shelf::Archive => {
            "Notices that have expired, kept for the record, the latest to expire first."
        }
    };
    html.push_str(&format!(
        r#"<h1>{}</h1><p class="lead">{lead}</p>"#,
        escape_html(&list_title(page.shelf))
    ));
    html.push_str(&category_links(page.shelf));
    if page.notices.is_empty() {
        let words = match page.shelf {
            Shelf::Current(Some(category)) => format!(
                "There are no notices under {} just now.",
                category_label(category)
            ),
            Shelf::Current(None) => "There are no notices just now.".to_owned(),
            Shelf::Archive => "No notice has expired yet.".to_owned(),
        };
        html.push_str(&format!(r#"<p class="notices__empty">{words}</p>"#));
    } else {
        html.push_str(r#"<ol class="notice-list">"#);
        for notice in page.notices {
            html.push_str(&list_item(notice, page.shelf == Shelf::Archive));
        }
        html.push_str("</ol>");
    }
    html.push_str(&pager(page));
    if page.shelf != Shelf::Archive {
        html.push_str(
            r#"<p class="notices__archive"><a href="/notices?archive">Expired notices</a></p>"#,
        );
    }
    html.push_str("</div>");
    html
}

fn category_links(shelf: Shelf) -> String {
    let mut html = String::from(r#"<nav class="notice-categories" aria-label="Categories"><ul>"#);
    let all = std::iter::once((None, "All"))
        .chain(CATEGORIES.iter().map(|(name, label)| (Some(*name), *label)));
    for (category, label) in all {
        let here = if shelf == Shelf::Current(category) {
            r#" aria-current="page""#
        } else {
            ""
        };
        html.push_str(&format!(
            r#"<li><a href="{}"{here}>{label}</a></li>"#,
            escape_html(&list_path(Shelf::Current(category), 1))
        ));
    }
    html.push_str("</ul></nav>");
    html
}

fn list_item(notice: &PublishedRow, expired: bool) -> String {
    let pinned = if notice.pinned && !expired {
        r#"<span class="notice-pinned">Pinned</span> "#
    } else {
        ""
    };
    let expiry = match (expired, notice.expires_at) {
        (true, Some(at)) => format!(
            r#" · expired <time datetime="{}">{}</time>"#,
            college_iso_day(at),
            college_day(at)
        ),
        _ => String::new(),
    };
    format!(
        r#"<li class="card notice-card"><h2 class="notice-card__title"><a href="{path}">{title}</a></h2><p class="notice-meta">{pinned}{category} · <time datetime="{iso}">{day}</time>{expiry}</p><p>{summary}</p></li>"#,
        path = escape_html(&notice_path(&notice.slug)),
        title = escape_html(&notice.title),
        category = category_label(&notice.category),
        iso = college_iso_day(notice.first_published_at),
        day = college_day(notice.first_published_at),
        summary = escape_html(&markdown::summary(&notice.body, SUMMARY_CHARS)),
    )
}

/// Home's section of the latest notices (pinned first), or nothing when none is published.
pub fn latest(notices: &[PublishedRow]) -> String {
    if notices.is_empty() {
        return String::new();
    }
    let mut html = String::from(
        r#"<section class="section container latest-notices" aria-labelledby="latest-notices-heading"><h2 id="latest-notices-heading">Latest notices</h2><ul class="latest-notices__list">"#,
    );
    for notice in notices {
        html.push_str(&format!(
            r#"<li><a href="{path}">{title}</a> <span class="notice-meta">{category} · <time datetime="{iso}">{day}</time></span></li>"#,
            path = escape_html(&notice_path(&notice.slug)),
            title = escape_html(&notice.title),
            category = category_label(&notice.category),
            iso = college_iso_day(notice.first_published_at),
            day = college_day(notice.first_published_at),
        ));
    }
    html.push_str(r#"</ul><p><a href="/notices">All notices</a></p></section>"#);
    html
}

/// Links to the newer and older pages of the list, and where this one is.
fn pager(page: &ListPage<'_>) -> String {
    if page.pages <= 1 {
        return String::new();
    }
    let mut html = String::from(r#"<nav class="pager" aria-label="Pages of notices">"#);
    if page.page > 1 {
        html.push_str(&format!(
            r#"<a rel="prev" href="{}">Newer notices</a>"#,
            escape_html(&list_path(page.shelf, page.page - 1))
        ));
    }
    html.push_str(&format!(
        r#"<span>Page {} of {} ({} notices)</span>"#,
        page.page, page.pages, page.total
    ));
    if page.page < page.pages {
        html.push_str(&format!(
            r#"<a rel="next" href="{}">Older notices</a>"#,
            escape_html(&list_path(page.shelf, page.page + 1))
        ));
    }
    html.push_str("</nav>");
    html
}

/// A notice's own page, its text already made safe (`body_html`); one past its expiry says so
/// above its text.
pub fn notice(notice: &PublishedRow, body_html: &str, now: i64) -> String {
    let expired = notice.expires_at.is_some_and(|at| at <= now);
    let mut html = String::with_capacity(notice.body.len() * 2 + 1024);
    html.push_str(r#"<article class="section container notice">"#);
    html.push_str(r#"<p class="notice__back"><a href="/notices">All notices</a></p>"#);
    html.push_str(&format!("<h1>{}</h1>", escape_html(&notice.title)));
    html.push_str(&format!(
        r#"<p class="notice-meta">{} · Published <time datetime="{}">{}</time>"#,
        category_label(&notice.category),
        college_iso_day(notice.first_published_at),
        college_day(notice.first_published_at),
    ));
    if college_iso_day(notice.live_since) != college_iso_day(notice.first_published_at) {
        html.push_str(&format!(
            r#" · Updated <time datetime="{}">{}</time>"#,
            college_iso_day(notice.live_since),
            college_day(notice.live_since),
        ));
    }
    html.push_str("</p>");
    if let (true, Some(at)) = (expired, notice.expires_at) {
        html.push_str(&format!(
            r#"<p class="notice__expired" role="note"><strong>This notice has expired</strong> (on {}). It is kept here for the record; see <a href="/notices">the current notices</a> or <a href="/notices?archive">the other expired ones</a>.</p>"#,
            college_day(at)
        ));
    }
    html.push_str(r#"<div class="notice__body">"#);
    html.push_str(body_html);
    html.push_str("</div></article>");
    html
}

/// The text search engines and link previews show for a notice.
pub fn notice_description(notice: &PublishedRow) -> String {
    markdown::summary(&notice.body, 160)
}
