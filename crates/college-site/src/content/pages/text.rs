//! A page's published text put into its prerendered HTML. The web app marks each editable
//! text with `data-edit="<page>.<field>"` on the element that holds only that text; here the
//! element's content is replaced by the field's text, escaped (an address's lines joined by
//! `<br/>`, as React writes them, a list of links by its items), and a phone's or an email's
//! link follows its text. The app then hydrates from the same fields, which the page carries in
//! its island.

use serde_json::Value;

use crate::content::items::fields::{FieldKind, Fields, ItemSchema, links, phone_digits};
use crate::web::html::{Html, html};

const MARK: &str = "data-edit=\"";

/// `template` with every marked text of `page` replaced by its field in `fields`. A mark the
/// fields lack keeps the text the build wrote. A mark counts only inside a tag: React escapes
/// every quote of its text and attributes, the sanitiser every quote of an attribute, so no
/// text can pose as one.
pub fn fill(template: &str, page: &ItemSchema, fields: &Fields) -> String {
    let mut out = String::with_capacity(template.len() + 1024);
    let mut copied = 0;
    let mut search = 0;
    while let Some(found) = template[search..].find(MARK) {
        let at = search + found;
        let key_start = at + MARK.len();
        let Some(tag_start) = opening_tag_around(template, copied, at) else {
            // Words in a text (a notice's body, which the footer's layer fills around).
            search = key_start;
            continue;
        };
        let Some(key_end) = template[key_start..].find('"').map(|end| key_start + end) else {
            break;
        };
        let Some(tag_end) = template[key_end..].find('>').map(|end| key_end + end + 1) else {
            break;
        };
        let key = &template[key_start..key_end];
        let field = key
            .strip_prefix(page.slug)
            .and_then(|rest| rest.strip_prefix('.'))
            .and_then(|name| page.field(name));
        // A list's content runs to its own end; a text's to the first closing tag.
        let content_close = match field {
            Some(field) if field.kind == FieldKind::Links => "</ul>",
            _ => "</",
        };
        let Some(content_end) = template[tag_end..]
            .find(content_close)
            .map(|end| tag_end + end)
        else {
            break;
        };
        search = content_end;
        let Some((field, value)) =
            field.and_then(|field| Some((field, fields.get(field.key)?.as_str()?)))
        else {
            continue;
        };
        out.push_str(&template[copied..tag_start]);
        out.push_str(&with_link(&template[tag_start..tag_end], field.kind, value));
        out.push_str(content(field.kind, value).as_str());
        copied = content_end;
    }
    out.push_str(&template[copied..]);
    out
}

/// Where the tag that `at` is inside of starts (after `from`): a mark counts only as an
/// attribute. The footer is filled into whole pages, whose server content (a notice's body)
/// may hold the mark's words as text: a sanitised text has no `<` or `>` of its own, and an
/// attribute's quotes are escaped, so the words are never inside a tag.
fn opening_tag_around(template: &str, from: usize, at: usize) -> Option<usize> {
    let start = from + template[from..at].rfind('<')?;
    let opens_an_element = template[start + 1..]
        .chars()
        .next()
        .is_some_and(|first| first.is_ascii_alphabetic());
    (opens_an_element && !template[start..at].contains('>')).then_some(start)
}

/// The element's content: the text escaped, an address's lines with `<br/>` between them, a
/// list's links as its items.
fn content(kind: FieldKind, value: &str) -> Html {
    if kind == FieldKind::Links {
        links::list_items(value)
    } else if kind == FieldKind::Lines {
        value
            .lines()
            .enumerate()
            .map(|(at, line)| match at {
                0 => Html::text(line),
                _ => html!("<br/>{}", line),
            })
            .collect()
    } else {
        Html::text(value)
    }
}

/// The opening tag, with its `href` made from a phone's or an email's new text.
fn with_link(tag: &str, kind: FieldKind, value: &str) -> String {
    let href = match kind {
        FieldKind::Phone => format!("tel:{}", phone_digits(value)),
        FieldKind::Email => format!("mailto:{value}"),
        _ => return tag.to_owned(),
    };
    const HREF: &str = " href=\"";
    let Some(start) = tag.find(HREF).map(|at| at + HREF.len()) else {
        return tag.to_owned();
    };
    let Some(end) = tag[start..].find('"').map(|len| start + len) else {
        return tag.to_owned();
    };
    format!("{}{}{}", &tag[..start], Html::text(&href), &tag[end..])
}

/// The island's part for a page: `{"pages": {"<slug>": {fields}}}`, to merge into the page's
/// state.
pub fn island_part(page: &ItemSchema, fields: &Fields) -> (String, Value) {
    let mut pages = serde_json::Map::new();
    pages.insert(page.slug.to_owned(), Value::Object(fields.clone()));
    ("pages".to_owned(), Value::Object(pages))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{items::fields::fields_of as fields, pages::fields::page};

    #[test]
    fn marked_texts_are_replaced_escaped_and_links_follow() {
        let contact = page("contact").expect("contact");
        let template = concat!(
            r#"<h1 data-edit="contact.heading">Contact us</h1>"#,
            r#"<p>Riverside<br/><span data-edit="contact.address">14 Road<br/>Pune</span></p>"#,
            r#"<a href="tel:+912045678900" data-edit="contact.phone">+91 20 4567 8900</a>"#,
            r#"<a href="mailto:a@b.example" data-edit="contact.email">a@b.example</a>"#,
            r#"<p data-edit="contact.intro">Kept</p><p data-edit="about.intro">Other page</p>"#,
        );
        let page = fill(
            template,
            contact,
            &fields(&[
                ("heading", "Write to <us> & \"visit\""),
                ("address", "1 New Road\nAhmedabad <380 001>"),
                ("phone", "079 2630 0000"),
                ("email", "office@college.example"),
            ]),
        );
        assert!(page.contains(
            r#"<h1 data-edit="contact.heading">Write to &lt;us&gt; &amp; &quot;visit&quot;</h1>"#
        ));
        assert!(page.contains(
            r#"<span data-edit="contact.address">1 New Road<br/>Ahmedabad &lt;380 001&gt;</span>"#
        ));
        assert!(
            page.contains(
                r#"<a href="tel:07926300000" data-edit="contact.phone">079 2630 0000</a>"#
            )
        );
        assert!(page.contains(
            r#"<a href="mailto:office@college.example" data-edit="contact.email">office@college.example</a>"#
        ));
        // A field not given, and another page's mark, keep the build's text.
        assert!(page.contains(r#"<p data-edit="contact.intro">Kept</p>"#));
        assert!(page.contains(r#"<p data-edit="about.intro">Other page</p>"#));
    }

    #[test]
    fn a_template_without_marks_is_unchanged() {
        let home = page("home").expect("home");
        let template = "<html><body><p>Nothing marked</p></body></html>";
        assert_eq!(fill(template, home, &fields(&[("heading", "x")])), template);
    }
}
