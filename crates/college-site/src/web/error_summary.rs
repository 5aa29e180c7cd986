//! What a native form that came back with problems says first: a box listing each problem,
//! each a link to its field (or plain words for the whole form), announced and focused, as the
//! GOV.UK design system's error summary does.

use super::html::{Html, html};

/// The summary of `problems`, each its field's id (none: the whole form) and what to fix;
/// nothing when there are none. `heading` is the level of its heading (2 on a page of its own,
/// 3 in a section), so that the page's outline stays whole.
pub fn error_summary<'a>(
    id: &str,
    heading: u8,
    problems: impl IntoIterator<Item = (Option<&'a str>, &'a str)>,
) -> Html {
    let items: Html = problems
        .into_iter()
        .map(|(field, message)| match field {
            Some(field) => html!(r##"<li><a href="#{}">{}</a></li>"##, field, message),
            None => html!("<li>{}</li>", message),
        })
        .collect();
    if items.is_empty() {
        return Html::new();
    }
    html!(
        r#"<div class="error-summary" role="alert" tabindex="-1" autofocus id="{id}"><h{level}>There is a problem</h{level}><ul>{items}</ul></div>"#,
        id = id,
        level = heading,
        items = items,
    )
}
