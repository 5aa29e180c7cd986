//! An editor's Markdown made into HTML that is safe to put in a page. pulldown-cmark renders;
//! raw HTML in the Markdown is shown as text, never passed on; then ammonia keeps only an
//! allow-list of tags, attributes and link schemes. A "safe mode" of a renderer alone is not
//! enough (RUSTSEC-2021-0063): the allow-list is what the page relies on.

use std::{
    borrow::Cow,
    collections::{HashMap, HashSet},
    sync::LazyLock,
};

use ammonia::Builder;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd, html};

use crate::web::html::{Html, html};

/// `level` moved down so that a text's first level (`#`) becomes `top`: under a page's own
/// title (`h1`), a notice's headings start at `h2`.
fn lower_heading(level: HeadingLevel, top: HeadingLevel) -> HeadingLevel {
    let below = (top as usize).saturating_sub(1);
    HeadingLevel::try_from((level as usize + below).min(6)).unwrap_or(HeadingLevel::H6)
}

/// Quotes and list items one line may sit inside: a notice needs two or three. Deeper text
/// costs the renderer more than linear time (49,000 `>` took 64 s): it is refused where it
/// is saved or previewed, and shown as plain text should any be stored already.
pub const MAX_NESTING: usize = 16;
/// What an editor reads when quotes or lists sit too deep (see [`MAX_NESTING`]).
pub const NESTED_TOO_DEEP: &str = "Quotes or lists sit more than 16 deep inside each other here: take some of the > or list markers out.";

/// The deepest any line of `markdown` sits inside quotes and list items.
pub fn nesting_depth(markdown: &str) -> usize {
    markdown.lines().map(line_depth).max().unwrap_or(0)
}

/// Quote markers and list markers at the start of `line`, and the indentation before a list
/// marker (two columns a level), which nests lists too.
fn line_depth(line: &str) -> usize {
    let mut depth = 0;
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t']);
        let indent = rest.len() - trimmed.len();
        let after = if let Some(after) = trimmed.strip_prefix('>') {
            Some(after)
        } else {
            let digits = trimmed.len()
                - trimmed
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let marker = if (1..=9).contains(&digits) {
                trimmed[digits..].strip_prefix(['.', ')'])
            } else {
                trimmed.strip_prefix(['-', '*', '+'])
            };
            marker.filter(|after| after.is_empty() || after.starts_with([' ', '\t']))
        };
        let Some(after) = after else {
            return depth;
        };
        depth += 1 + indent / 2;
        rest = after;
    }
}

/// Where attached files are served: the only place an image in a body may come from.
pub const FILES_PREFIX: &str = "/files/";

/// What the body may hold: the toolbar's headings, emphasis, lists, links, tables, quotes and
/// code a notice may quote, and images attached to it (from [`FILES_PREFIX`] only). No styles
/// (the CSP allows none inline), no ids or classes a body could use to pass for the page's own
/// parts.
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
        "img",
    ]
    .into();
    let mut builder = Builder::empty();
    builder
        .tags(tags)
        .add_tag_attributes("a", ["href"])
        .add_tag_attributes("ol", ["start"])
        .add_tag_attributes("img", ["src", "alt"])
        .url_schemes(["http", "https", "mailto", "tel"].into())
        .link_rel(Some("noopener noreferrer"))
        // A relative link stays on this site; a protocol-relative one (`//elsewhere`) does not.
        // An image only from the files editors attached (no tracking pixel from elsewhere).
        .attribute_filter(|element, attribute, value| {
            let elsewhere =
                attribute == "href" && (value.starts_with("//") || value.starts_with("\\"));
            let foreign_image = element == "img" && attribute == "src" && !is_file_path(value);
            if elsewhere || foreign_image {
                None
            } else {
                Some(Cow::Borrowed(value))
            }
        });
    builder
});

/// Whether `value` is the address of an attached file's copy (no query, no way out).
fn is_file_path(value: &str) -> bool {
    value.strip_prefix(FILES_PREFIX).is_some_and(|key| {
        !key.is_empty()
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
            && !key.contains("..")
    })
}

/// An attached image's copies, for `srcset`: each copy's address and width, smallest first,
/// and the size of the largest (so the page keeps its room before the image arrives).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageSet {
    pub copies: Vec<(String, i64)>,
    pub width: i64,
    pub height: i64,
}

/// The attached images `markdown` shows (their addresses), to look up before rendering.
pub fn image_paths(markdown: &str) -> Vec<String> {
    let mut paths: Vec<String> = Parser::new_ext(markdown, Options::ENABLE_TABLES)
        .filter_map(|event| match event {
            Event::Start(Tag::Image { dest_url, .. }) if is_file_path(&dest_url) => {
                Some(dest_url.into_string())
            }
            _ => None,
        })
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// The HTML of `markdown`, safe to place in a page as is, its headings from `h2`.
pub fn to_safe_html(markdown: &str) -> Html {
    to_safe_html_with(markdown, &HashMap::new())
}

/// As [`to_safe_html`], its headings from `top`: a text in a section that has a heading of its
/// own (an item of the disclosure, under its `h2`) starts at `h3`.
pub fn to_safe_html_from(markdown: &str, top: HeadingLevel) -> Html {
    render_clean(markdown, top)
}

/// As [`to_safe_html`], each attached image in `images` given its copies in `srcset` and its
/// size, so a phone downloads a small copy and the text does not jump when it arrives.
pub fn to_safe_html_with(markdown: &str, images: &HashMap<String, ImageSet>) -> Html {
    let clean = render_clean(markdown, HeadingLevel::H2);
    if images.is_empty() {
        return clean;
    }
    // The sanitiser writes every image as `<img src="…" alt="…">`: the set goes after `src`.
    let mut html = String::with_capacity(clean.as_str().len() + images.len() * 256);
    let mut rest = clean.as_str();
    // The first image loads with the page, first among the page's requests (often the
    // notice's picture, in view at once and its largest paint: a lazy one, or one fetched
    // after the scripts, would hold that back); the others as they come near.
    let mut loading = html!(r#" fetchpriority="high""#);
    while let Some(at) = rest.find(r#"<img src=""#) {
        let src_start = at + r#"<img src=""#.len();
        let Some(src_len) = rest[src_start..].find('"') else {
            break;
        };
        let src = &rest[src_start..src_start + src_len];
        html.push_str(&rest[..src_start + src_len + 1]);
        if let Some(set) = images.get(src) {
            let srcset: Vec<String> = set
                .copies
                .iter()
                .map(|(path, width)| format!("{path} {width}w"))
                .collect();
            html.push_str(
                html!(
                    r#" srcset="{}" sizes="(min-width: 48rem) 44rem, calc(100vw - 2.5rem)" width="{}" height="{}"{} decoding="async""#,
                    srcset.join(", "),
                    set.width,
                    set.height,
                    loading,
                )
                .as_str(),
            );
            loading = html!(r#" loading="lazy""#);
        }
        rest = &rest[src_start + src_len + 1..];
    }
    html.push_str(rest);
    // The sanitiser's output, cut only right after an image's `src="…"` (its quotes are
    // escaped inside), with attributes the builder escaped put in there.
    Html::trusted(html)
}

fn render_clean(markdown: &str, top: HeadingLevel) -> Html {
    if nesting_depth(markdown) > MAX_NESTING {
        return as_plain_text(markdown);
    }
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    // Whether each image open now is an attached one, so that its end matches its start.
    let mut images: Vec<bool> = Vec::new();
    let events = Parser::new_ext(markdown, options).filter_map(move |event| {
        Some(match event {
            // An image from anywhere but the attached files is shown as its words.
            Event::Start(Tag::Image { ref dest_url, .. }) => {
                let attached = is_file_path(dest_url);
                images.push(attached);
                if !attached {
                    return None;
                }
                event
            }
            Event::End(TagEnd::Image) => {
                if !images.pop().unwrap_or(false) {
                    return None;
                }
                event
            }
            other => other,
        })
    });
    let events = events.map(|event| match event {
        // Raw HTML is shown as the text the editor typed.
        Event::Html(raw) | Event::InlineHtml(raw) => Event::Text(raw),
        Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) => Event::Start(Tag::Heading {
            level: lower_heading(level, top),
            id,
            classes,
            attrs,
        }),
        Event::End(TagEnd::Heading(level)) => {
            Event::End(TagEnd::Heading(lower_heading(level, top)))
        }
        other => other,
    });
    let mut rendered = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut rendered, events);
    // What ammonia keeps of it: only the tags, attributes and link schemes allowed above, each
    // text and attribute escaped again as it writes them.
    Html::trusted(SANITIZER.clean(&rendered).to_string())
}

/// Text too deeply nested to render, shown as the editor typed it: its paragraphs, escaped.
pub fn as_plain_text(markdown: &str) -> Html {
    markdown
        .split("\n\n")
        .filter(|paragraph| !paragraph.trim().is_empty())
        .map(|paragraph| html!("<p>{}</p>", paragraph.trim()))
        .collect()
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
