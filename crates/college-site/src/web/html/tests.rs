use serde_json::json;

use super::*;

#[test]
fn a_hostile_text_is_escaped_in_content() {
    let name = "<script>alert(1)</script>";
    assert_eq!(
        html!("<p>{}</p>", name).as_str(),
        "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"
    );
    assert_eq!(
        Html::text(name).as_str(),
        "&lt;script&gt;alert(1)&lt;/script&gt;"
    );
}

#[test]
fn a_quote_cannot_end_an_attribute() {
    let title = r#"x" onmouseover="alert(1)"#;
    let other = "x' onfocus='alert(1)";
    assert_eq!(
        html!(r#"<a title="{}" data-x='{other}'>"#, title, other = other).as_str(),
        r#"<a title="x&quot; onmouseover=&quot;alert(1)" data-x='x&#x27; onfocus=&#x27;alert(1)'>"#
    );
}

#[test]
fn a_text_is_its_words_even_when_they_look_escaped() {
    // An editor who writes `&amp;` means those five characters, and reads them on the page.
    assert_eq!(
        html!("<p>{}</p>", "Fees &amp; dates").as_str(),
        "<p>Fees &amp;amp; dates</p>"
    );
}

#[test]
fn html_is_written_as_it_is_not_escaped_twice() {
    let bold = html!("<b>{}</b>", "Tom & Jerry");
    let text = Html::text("a < b");
    let trusted = Html::trusted("<em>sanitised</em>");
    assert_eq!(
        html!("<p>{} {text} {}</p>", bold, trusted, text = text).as_str(),
        "<p><b>Tom &amp; Jerry</b> a &lt; b <em>sanitised</em></p>"
    );
    let mut list = Html::new();
    list.push(&bold);
    list.push(" & ");
    list.push(html!("<i>{}</i>", "x"));
    assert_eq!(list.as_str(), "<b>Tom &amp; Jerry</b> &amp; <i>x</i>");
}

#[test]
fn numbers_are_written_as_they_are_with_their_width() {
    let (year, month) = (2026, 3u32);
    assert_eq!(
        html!(
            r#"<time datetime="{year:04}-{month:02}">{}</time> {}/{}"#,
            -7i64,
            12usize,
            250u8,
            year = year,
            month = month,
        )
        .as_str(),
        r#"<time datetime="2026-03">-7</time> 12/250"#
    );
}

#[test]
fn format_strings_keep_their_braces_and_repeat_named_arguments() {
    let code = "B&Com";
    assert_eq!(
        html!("{{{code}}} and {code}", code = code).as_str(),
        "{B&amp;Com} and B&amp;Com"
    );
    assert_eq!(
        html!(concat!("<p>", "{}", "</p>"), "<").as_str(),
        "<p>&lt;</p>"
    );
    assert_eq!(html!("<hr>").as_str(), "<hr>");
}

#[test]
fn parts_collect_into_one() {
    let items: Html = ["a", "<b>"]
        .iter()
        .map(|item| html!("<li>{}</li>", item))
        .collect();
    assert_eq!(items.as_str(), "<li>a</li><li>&lt;b&gt;</li>");
    assert!(Html::new().is_empty());
    assert_eq!(items.to_string(), items.clone().into_string());
}

#[test]
fn xml_escapes_html_inside_it_and_drops_what_xml_forbids() {
    let body = html!("<p>{}</p>", "Fees & dates");
    assert_eq!(
        xml!("<content>{}</content>", body).as_str(),
        "<content>&lt;p&gt;Fees &amp;amp; dates&lt;/p&gt;</content>"
    );
    let inner = xml!("<name>{}</name>", "A\u{1} & B\u{FFFF}");
    assert_eq!(inner.as_str(), "<name>A &amp; B</name>");
    assert_eq!(
        xml!("<author>{}</author>", inner).as_str(),
        "<author><name>A &amp; B</name></author>"
    );
    // What XML allows stays: Gujarati, an emoji, tabs and line breaks.
    assert_eq!(
        Xml::text("પરીક્ષા 📅\tone\ntwo").as_str(),
        "પરીક્ષા 📅\tone\ntwo"
    );
}

#[test]
fn json_for_a_script_cannot_close_it() {
    let island = json_for_script(&json!({ "html": "</script><b>&</b>" }));
    assert_eq!(
        island.as_str(),
        r#"{"html":"\u003c/script\u003e\u003cb\u003e\u0026\u003c/b\u003e"}"#
    );
    assert_eq!(
        html!("<script>{}</script>", island).as_str(),
        format!("<script>{island}</script>")
    );
}
