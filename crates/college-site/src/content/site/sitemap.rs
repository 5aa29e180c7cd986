//! `/sitemap.xml` (sitemaps.org 0.9): the pages the web build declared for search engines,
//! and every notice and course visitors can read, with the day it last changed.

use crate::content::courses::html::course_path;
use crate::content::courses::service::LiveCourse;
use crate::content::notices::html::notice_path;
use crate::{dates::iso_8601, store::PublishedRow, web::html::escape_html};

/// The sitemap of `pages` (paths), `courses` and `notices`, with addresses under `origin`
/// (`https://…`: a sitemap names whole addresses).
pub fn sitemap(
    origin: &str,
    pages: &[String],
    courses: &[LiveCourse],
    notices: &[PublishedRow],
) -> String {
    let mut xml = String::with_capacity(256 + (pages.len() + notices.len()) * 96);
    xml.push_str(r#"<?xml version="1.0" encoding="utf-8"?>"#);
    xml.push_str(r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#);
    for path in pages {
        xml.push_str(&format!(
            "<url><loc>{}</loc></url>",
            escape_html(&format!("{origin}{path}"))
        ));
    }
    for course in courses {
        xml.push_str(&format!(
            "<url><loc>{}</loc>",
            escape_html(&format!("{origin}{}", course_path(&course.slug)))
        ));
        if let Some(since) = course.live_since {
            xml.push_str(&format!("<lastmod>{}</lastmod>", iso_8601(since)));
        }
        xml.push_str("</url>");
    }
    for notice in notices {
        xml.push_str(&format!(
            "<url><loc>{}</loc><lastmod>{}</lastmod></url>",
            escape_html(&format!("{origin}{}", notice_path(&notice.slug))),
            iso_8601(notice.live_since)
        ));
    }
    xml.push_str("</urlset>");
    xml
}
