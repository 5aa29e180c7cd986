//! An editor's Markdown made into HTML that is safe to put in a page. pulldown-cmark renders;
//! raw HTML in the Markdown is shown as text, never passed on; then ammonia keeps only an
//! allow-list of tags, attributes and link schemes. A "safe mode" of a renderer alone is not
//! enough (RUSTSEC-2021-0063): the allow-list is what the page relies on.

use std::{borrow::Cow, collections::HashSet, sync::LazyLock};

use ammonia::Builder;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

/// The page's own heading is the title (`h1`): a body's headings start one level below.
fn lower_heading(level: HeadingLevel) -> HeadingLevel {
    match level {
        HeadingLevel::H1 => HeadingLevel::H2,
        HeadingLevel::H2 => HeadingLevel::H3,
        HeadingLevel::H3 => HeadingLevel::H4,
        HeadingLevel::H4 => HeadingLevel::H5,
        HeadingLevel::H5 | HeadingLevel::H6 => HeadingLevel::H6,
    }
}

/// What the body may hold: the toolbar's headings, emphasis, lists, links, tables, and quotes
/// and code a notice may quote. No images (attachments bring their own), no styles (the CSP
/// allows none inline), no ids or classes a body could use to pass for the page's own parts.
static SANITIZER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let tags: HashSet<&str> = [
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "p",
        "br",
        "hr",
        "strong",
        "em",
        "del",
        "ul",
        "ol",
        "li",
        "a",
        "blockquote",
        "code",
        "pre",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
    ]
    .into();
    let mut builder = Builder::empty();
    builder
        .tags(tags)
        .add_tag_attributes("a", ["href"])
        .add_tag_attributes("ol", ["start"])
        .url_schemes(["http", "https", "mailto", "tel"].into())
        .link_rel(Some("noopener noreferrer"))
        // A relative link stays on this site; a protocol-relative one (`//elsewhere`) does not.
        .attribute_filter(|_, attribute, value| {
            if attribute == "href" && (value.starts_with("//") || value.starts_with("\\")) {
                None
            } else {
                Some(Cow::Borrowed(value))
            }
        });
    builder
});

/// The HTML of `markdown`, safe to place in a page as is.
pub fn to_safe_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        // Raw HTML is shown as the text the editor typed.
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: lower_heading(level),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => Event::End(TagEnd::Heading(lower_heading(level))),
        other => other,
    });
    let mut rendered = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut rendered, events);
    SANITIZER.clean(&rendered).to_string()
}

/// The first words of `markdown` as plain text, for a list's summary and the feed.
pub fn summary(markdown: &str, max_chars: usize) -> String {
    let mut text = String::new();
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Text(words) | Event::Code(words) => text.push_str(&words),
            // The end of a block (a paragraph, a cell) parts words; the end of bold text does not.
            Event::SoftBreak | Event::HardBreak | Event::End(_)
                if !text.ends_with(' ')
                    && !matches!(event, Event::End(ref tag) if is_inline(tag)) =>
            {
                text.push(' ');
            }
            _ => {}
        }
        if text.chars().count() > max_chars {
            break;
        }
    }
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max_chars {
        return text;
    }
    let cut: String = text.chars().take(max_chars).collect();
    let cut = cut
        .rsplit_once(' ')
        .map_or(cut.as_str(), |(words, _)| words);
    format!("{cut}…")
}

/// An inline element's end: words go on after it.
fn is_inline(tag: &TagEnd) -> bool {
    matches!(
        tag,
        TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link | TagEnd::Image
    )
}
