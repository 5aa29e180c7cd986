//! An item's documents as visitors read them: the current ones first (those of the newest year
//! published, and those of no year), then the archive of earlier years, newest first, on the
//! same page. A document past its last day says so, with the day, instead of passing for
//! current. The kept page is drawn again every day ([`crate::content::render::page_cache`]),
//! so a document expires on the page the day after its last one.

use std::cmp::Reverse;

use crate::content::items::fields::documents::{self, Document};
use crate::dates::{self, day_words};
use crate::web::html::{Html, html};

/// A calendar day, as (year, month, day).
pub type Day = (i64, i64, i64);

/// The documents of `value` under headings of `level`, as they stand on `today`. Only called
/// with checked text.
pub fn documents_html(value: &str, today: Day, level: u8) -> Html {
    let mut all = documents::parse(value).unwrap_or_default();
    if all.is_empty() {
        return Html::new();
    }
    // Newest year first; documents of no year keep their place at the top, in the editor's order.
    all.sort_by_key(|document| (document.year.is_some(), Reverse(document.year)));
    let newest = all.iter().filter_map(|document| document.year).max();
    let (current, archive): (Vec<&Document>, Vec<&Document>) = all
        .iter()
        .partition(|document| document.year.is_none() || document.year == newest);
    let list = |documents: &[&Document]| -> Html {
        documents
            .iter()
            .map(|document| item(document, today))
            .collect()
    };
    let earlier = if archive.is_empty() {
        Html::new()
    } else {
        html!(
            r#"<h{level}>Earlier years</h{level}><ul class="disclosure__documents disclosure__archive">{items}</ul>"#,
            level = level,
            items = list(&archive)
        )
    };
    html!(
        r#"<h{level}>Documents</h{level}><ul class="disclosure__documents">{items}</ul>{earlier}"#,
        level = level,
        items = list(&current),
        earlier = earlier
    )
}

/// One document: its words and year as the link (a list of years names each apart), and its
/// last day when it has one.
fn item(document: &Document, today: Day) -> Html {
    let words = match document.year {
        Some(year) => format!("{}, {year}", document.link.label),
        None => document.link.label.to_owned(),
    };
    let validity = match document.valid_until {
        None => Html::new(),
        Some(last) if last < today => html!(
            r#" <strong class="disclosure__expired">Expired</strong> on <time datetime="{}">{}</time>"#,
            iso(last),
            day_words(last)
        ),
        Some(last) => html!(
            r#" <span class="disclosure__valid">valid until <time datetime="{}">{}</time></span>"#,
            iso(last),
            day_words(last)
        ),
    };
    html!(
        r#"<li><a href="{}">{}</a>{}</li>"#,
        document.link.href,
        words,
        validity
    )
}

fn iso((year, month, day): Day) -> String {
    format!("{year:04}-{month:02}-{day:02}")
}

/// The first document of `value` past its last day on `today`, by its words, with that day:
/// the item needs review.
pub fn first_expired(value: &str, today: Day) -> Option<(String, Day)> {
    documents::parse(value)
        .unwrap_or_default()
        .iter()
        .find_map(|document| {
            let last = document.valid_until.filter(|&last| last < today)?;
            Some((document.link.label.to_owned(), last))
        })
}

/// Today in the college's calendar.
pub fn today() -> Day {
    dates::college_date(crate::store::now_millis())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: Day = (2026, 11, 29);

    #[test]
    fn the_newest_year_is_current_and_earlier_years_are_the_archive() {
        let value = "Accounts | 2023-24 | /files/1.pdf\n\
                     Accounts | 2024-25 | /files/2.pdf\n\
                     Trust deed | /files/3.pdf\n\
                     Accounts | 2022-23 | /files/4.pdf";
        let page = documents_html(value, TODAY, 4);
        let page = page.as_str();
        let at = |words: &str| {
            page.find(words)
                .unwrap_or_else(|| panic!("{words} in {page}"))
        };
        assert!(at("Trust deed") < at("Accounts, 2024-25"));
        assert!(at("Accounts, 2024-25") < at("<h4>Earlier years</h4>"));
        assert!(at("<h4>Earlier years</h4>") < at("Accounts, 2023-24"));
        assert!(at("Accounts, 2023-24") < at("Accounts, 2022-23"));
    }

    #[test]
    fn a_document_past_its_last_day_is_expired_and_not_current() {
        let value = "Affiliation letter | until 2026-11-28 | /files/1.pdf\n\
                     NAAC certificate | until 2026-11-29 | /files/2.pdf";
        let page = documents_html(value, TODAY, 3);
        assert!(page.as_str().contains(
            r#"Affiliation letter</a> <strong class="disclosure__expired">Expired</strong> on <time datetime="2026-11-28">28 November 2026</time>"#
        ));
        assert!(page.as_str().contains(
            r#"NAAC certificate</a> <span class="disclosure__valid">valid until <time datetime="2026-11-29">29 November 2026</time></span>"#
        ));
        assert!(!page.as_str().contains("Earlier years"));
        assert_eq!(
            first_expired(value, TODAY),
            Some(("Affiliation letter".to_owned(), (2026, 11, 28)))
        );
        assert_eq!(first_expired(value, (2026, 11, 28)), None);
    }
}
