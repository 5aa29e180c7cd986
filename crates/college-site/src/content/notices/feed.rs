//! The notices as an Atom feed (RFC 4287), for feed readers and for sites that follow the
//! college's news: the newest notices not expired, each with its text as the site shows it.

use crate::content::notices::domain::category_label;
use crate::content::notices::html::notice_path;
use crate::content::render::markdown;
use crate::{
    dates::iso_8601,
    store::PublishedRow,
    web::html::{Xml, xml},
};

/// Notices in the feed: the newest ones, as feed readers look only at the top.
pub const FEED_SIZE: i64 = 30;

/// The feed of `notices`, newest first, with addresses under `origin` (`https://…`, or empty
/// when the site's address is not known: the addresses are then relative to the feed's own).
/// Every text goes in through [`xml!`], which also drops the characters XML forbids: one of
/// them in a title or a body would make the whole feed unreadable to every reader.
pub fn atom(notices: &[PublishedRow], origin: &str, now: i64) -> String {
    let updated = notices
        .iter()
        .map(|notice| notice.live_since)
        .max()
        .unwrap_or(now);
    let entries: Xml = notices.iter().map(|notice| entry(notice, origin)).collect();
    xml!(
        concat!(
            r#"<?xml version="1.0" encoding="utf-8"?>"#,
            r#"<feed xmlns="http://www.w3.org/2005/Atom">"#,
            "<title>Notices</title>",
            r#"<id>{origin}/notices</id><link rel="alternate" type="text/html" href="{origin}/notices"/>"#,
            r#"<link rel="self" type="application/atom+xml" href="{origin}/notices/feed.xml"/>"#,
            "<updated>{updated}</updated>{entries}</feed>",
        ),
        origin = origin,
        updated = iso_8601(updated),
        entries = entries,
    )
    .into_string()
}

fn entry(notice: &PublishedRow, origin: &str) -> Xml {
    let url = format!("{origin}{}", notice_path(&notice.slug));
    // The text's images and links are addresses on the site (`/files/…`): a feed reader shows
    // them from the site's address, which `xml:base` names (RFC 4287, section 2).
    let base = if origin.is_empty() {
        Xml::new()
    } else {
        xml!(r#" xml:base="{}/""#, origin)
    };
    xml!(
        r#"<entry><title>{title}</title><id>{url}</id><link rel="alternate" type="text/html" href="{url}"/><published>{published}</published><updated>{updated}</updated><author><name>The college office</name></author><category term="{term}" label="{label}"/><summary>{summary}</summary><content type="html"{base}>{content}</content></entry>"#,
        title = notice.title,
        url = url,
        published = iso_8601(notice.first_published_at),
        updated = iso_8601(notice.live_since),
        term = notice.category,
        label = category_label(&notice.category),
        summary = markdown::summary(&notice.body, 300),
        base = base,
        // The HTML as the site shows it, escaped once more as the feed's text.
        content = markdown::to_safe_html(&notice.body),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notice(slug: &str, title: &str, body: &str) -> PublishedRow {
        PublishedRow {
            id: 1,
            slug: slug.into(),
            first_published_at: 1_795_600_000_000,
            live_since: 1_795_700_000_000,
            expires_at: None,
            title: title.into(),
            category: "exams".into(),
            pinned: false,
            body: body.into(),
        }
    }

    #[test]
    fn entries_carry_escaped_text_and_absolute_addresses() {
        let feed = atom(
            &[notice(
                "bca-timetable",
                "BCA <exams> & more",
                "Rooms **A** and <script>x</script>",
            )],
            "https://college.example",
            0,
        );
        assert!(feed.starts_with(
            r#"<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom">"#
        ));
        assert!(feed.contains("<title>BCA &lt;exams&gt; &amp; more</title>"));
        assert!(feed.contains("<id>https://college.example/notices/bca-timetable</id>"));
        assert!(feed.contains(r#"<category term="exams" label="Exams"/>"#));
        // The body as the site shows it, escaped once more for XML; raw HTML stays text.
        assert!(feed.contains("&lt;strong&gt;A&lt;/strong&gt;"));
        // Its images' addresses are the site's; without the site's address, the feed's own.
        assert!(feed.contains(r#"<content type="html" xml:base="https://college.example/">"#));
        let relative = atom(&[notice("a", "A", "![Map](/files/1-ab.png)")], "", 0);
        assert!(relative.contains(r#"<content type="html">"#), "{relative}");
        assert!(!feed.contains("<script>"));
        assert!(feed.contains(&format!(
            "<updated>{}</updated>",
            iso_8601(1_795_700_000_000)
        )));
    }

    #[test]
    fn characters_xml_forbids_are_dropped_so_the_feed_stays_readable() {
        let feed = atom(
            &[notice(
                "a",
                "Fees\u{FFFF} for 2027\u{1}",
                "Due \u{FDD0}on Monday\u{FFFE}, \u{1FFFF}at the office \u{0B}",
            )],
            "",
            0,
        );
        assert!(feed.contains("<title>Fees for 2027</title>"), "{feed}");
        assert!(feed.contains("Due on Monday, at the office"), "{feed}");
        for forbidden in [
            '\u{FFFF}',
            '\u{FFFE}',
            '\u{FDD0}',
            '\u{1FFFF}',
            '\u{1}',
            '\u{0B}',
        ] {
            assert!(!feed.contains(forbidden), "{forbidden:?}");
        }
        // What XML allows stays: Gujarati, an emoji, a line break.
        let kept = atom(&[notice("b", "પરીક્ષા 📅", "one\ntwo")], "", 0);
        assert!(kept.contains("<title>પરીક્ષા 📅</title>"));
    }

    #[test]
    fn an_empty_feed_is_still_a_feed() {
        let feed = atom(&[], "", 1_795_600_000_000);
        assert!(feed.contains("<id>/notices</id>"));
        assert!(feed.ends_with(&format!(
            "<updated>{}</updated></feed>",
            iso_8601(1_795_600_000_000)
        )));
    }
}
