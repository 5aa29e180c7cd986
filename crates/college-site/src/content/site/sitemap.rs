//! `/sitemap.xml` (sitemaps.org 0.9): the pages the web build declared for search engines,
//! and every notice, course, person and published item of the disclosure visitors can read,
//! with the day it last changed.

use crate::content::courses::html::course_path;
use crate::content::courses::service::LiveCourse;
use crate::content::disclosure::items::item_path;
use crate::content::disclosure::service::Entry;
use crate::content::notices::html::notice_path;
use crate::content::people::html::person_path;
use crate::content::people::person::Person;
use crate::{
    dates::iso_8601,
    store::PublishedRow,
    web::html::{Xml, xml},
};

/// The sitemap of `pages` (paths), `courses`, `people`, `notices` and the `disclosure`'s
/// published items, with addresses under `origin` (`https://…`: a sitemap names whole
/// addresses).
pub fn sitemap(
    origin: &str,
    pages: &[String],
    courses: &[LiveCourse],
    people: &[Person],
    notices: &[PublishedRow],
    disclosure: &[Entry],
) -> String {
    let mut map = xml!(concat!(
        r#"<?xml version="1.0" encoding="utf-8"?>"#,
        r#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#,
    ));
    for path in pages {
        map.push(entry(origin, path, None));
    }
    for course in courses {
        map.push(entry(origin, &course_path(&course.slug), course.live_since));
    }
    for person in people {
        map.push(entry(origin, &person_path(&person.slug), person.live_since));
    }
    for notice in notices {
        map.push(entry(
            origin,
            &notice_path(&notice.slug),
            Some(notice.live_since),
        ));
    }
    for item in disclosure.iter().filter(|item| item.fields.is_some()) {
        map.push(entry(origin, &item_path(item.schema.slug), item.live_since));
    }
    map.push(xml!("</urlset>"));
    map.into_string()
}

/// One address of the sitemap, with the day it last changed when that is known.
fn entry(origin: &str, path: &str, changed: Option<i64>) -> Xml {
    let changed = changed.map_or_else(Xml::new, |since| {
        xml!("<lastmod>{}</lastmod>", iso_8601(since))
    });
    xml!("<url><loc>{}{}</loc>{}</url>", origin, path, changed)
}
