//! A list of links as editors write it, one per line: its words, a bar, and where it leads
//! (`Notices | /notices`): a column of the footer, or an item's documents. Checked here, and
//! drawn as list items, exactly as the web app draws the footer's (`footerLinks` in
//! web/src/app/shell/footer-text.ts), or hydration would differ.

use crate::web::html::{Html, html};

/// Links one column of the footer holds at most.
pub const MAX_LINKS: usize = 8;
/// The longest link's words.
const MAX_LABEL_CHARS: usize = 60;
/// The longest address.
const MAX_ADDRESS_CHARS: usize = 200;

/// A link: its words and where it leads.
#[derive(Debug, PartialEq, Eq)]
pub struct Link<'a> {
    pub label: &'a str,
    pub href: &'a str,
}

/// The links of `value`, one per line, or what is wrong with the first line that is not one.
pub fn parse(value: &str) -> Result<Vec<Link<'_>>, &'static str> {
    parse_at_most(value, MAX_LINKS, "Keep to 8 links in a column.")
}

fn parse_at_most<'a>(
    value: &'a str,
    max: usize,
    too_many: &'static str,
) -> Result<Vec<Link<'a>>, &'static str> {
    let lines: Vec<&str> = value
        .lines()
        .filter(|line| !line.trim().is_empty())
        .collect();
    if lines.len() > max {
        return Err(too_many);
    }
    lines.into_iter().map(link).collect()
}

pub(super) const NO_BAR: &str =
    "Write each link as its words, a bar and where it leads: Notices | /notices";

fn link(line: &str) -> Result<Link<'_>, &'static str> {
    let Some((label, href)) = line.rsplit_once('|') else {
        return Err(NO_BAR);
    };
    checked(label, href)
}

/// The link of `label` and `href`, trimmed, or what is wrong with it.
pub(super) fn checked<'a>(label: &'a str, href: &'a str) -> Result<Link<'a>, &'static str> {
    let (label, href) = (label.trim(), href.trim());
    if label.is_empty() || label.chars().count() > MAX_LABEL_CHARS {
        return Err("Give each link words of its own, under 60 characters.");
    }
    if !is_address(href) {
        return Err(
            "Each link leads to a page of this site (starting with /), or to an https:, mailto: or tel: address.",
        );
    }
    Ok(Link { label, href })
}

/// A page of this site (`/about#faculty`, never `//elsewhere`), or an `https:`, `mailto:` or
/// `tel:` address: nothing a browser would run, and no space or quote.
fn is_address(href: &str) -> bool {
    let allowed_start = (href.starts_with('/') && !href.starts_with("//"))
        || ["https://", "mailto:", "tel:"]
            .iter()
            .any(|scheme| href.len() > scheme.len() && href.starts_with(scheme));
    allowed_start
        && href.chars().count() <= MAX_ADDRESS_CHARS
        && href
            .chars()
            .all(|c| c.is_ascii_graphic() && !"\"'<>\\`".contains(c))
}

/// The list's items as the footer shows them: `<li><a href="…">…</a></li>` each. Only called
/// with checked text; a line that is not a link is left out.
pub fn list_items(value: &str) -> Html {
    value
        .lines()
        .filter_map(|line| link(line).ok())
        .map(|Link { label, href }| html!(r#"<li><a href="{}">{}</a></li>"#, href, label))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_words_and_a_safe_address() {
        assert_eq!(
            parse("Notices | /notices\n\n  Find us|/contact#visit ").expect("links"),
            vec![
                Link {
                    label: "Notices",
                    href: "/notices"
                },
                Link {
                    label: "Find us",
                    href: "/contact#visit"
                },
            ]
        );
        assert!(parse("GCAS | https://gcas.gujgov.edu.in").is_ok());
        assert!(parse("Write to us | mailto:office@college.example").is_ok());
        for refused in [
            "Notices /notices",
            " | /notices",
            "Run | javascript:alert(1)",
            "Elsewhere | //evil.example",
            "Plain | http://college.example",
            "Quote | /a\"onmouseover=\"x",
            "Space | /a b",
            "Empty | https://",
        ] {
            assert!(parse(refused).is_err(), "{refused}");
        }
        assert!(parse(&"A | /a\n".repeat(MAX_LINKS + 1)).is_err());
    }

    #[test]
    fn items_are_escaped_as_react_writes_them() {
        assert_eq!(
            list_items("Fees & <refunds> | /about?x=1&y=2\nnot a link").as_str(),
            r#"<li><a href="/about?x=1&amp;y=2">Fees &amp; &lt;refunds&gt;</a></li>"#
        );
    }
}
