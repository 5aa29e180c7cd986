//! `/sitemap.xml` (sitemaps.org 0.9): the pages the web build declared for search engines,
//! and every notice, course and person visitors can read, with the day it last changed.

use crate::content::courses::html::course_path;
use crate::content::courses::service::LiveCourse;
use crate::content::notices::html::notice_path;
use crate::content::people::html::person_path;
use crate::content::people::person::Person;
use crate::{
    dates::iso_8601,
    store::PublishedRow,
    web::html::{Xml, xml},
};

/// The sitemap of `pages` (paths), `courses`, `people` and `notices`, with addresses under
/// `origin` (`https://…`: a sitemap names whole addresses).
pub fn sitemap(
    origin: &str,
    pages: &[String],
    courses: &[LiveCourse],
    people: &[Person],
    notices: &[PublishedRow],
) -> String {
    let mut map = xml!(concat!(
        r#"<?xml version="1.0" encoding="utf-8"?>"#,
        r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
    ));
    for path in pages {
        map.push(xml!("<url><loc>{}{}</loc></url>", origin, path));
    }
    for course in courses {
        let changed = course.live_since.map_or_else(Xml::new, |since| {
            xml!("<lastmod>{}</lastmod>", iso_8601(since))
        });
        map.push(xml!(
            "<url><loc>{}{}</loc>{}</url>",
            origin,
            course_path(&course.slug),
            changed
        ));
    }
    for person in people {
        let changed = person.live_since.map_or_else(Xml::new, |since| {
            xml!("<lastmod>{}</lastmod>", iso_8601(since))
        });
        map.push(xml!(
            "<url><loc>{}{}</loc>{}</url>",
            origin,
            person_path(&person.slug),
            changed
        ));
    }
    for notice in notices {
        map.push(xml!(
            "<url><loc>{}{}</loc><lastmod>{}</lastmod></url>",
            origin,
            notice_path(&notice.slug),
            iso_8601(notice.live_since)
        ));
    }
    map.push(xml!("</urlset>"));
    map.into_string()
}
