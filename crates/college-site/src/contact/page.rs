//! The contact page shown again after a refused submission: the prerendered template of the web
//! app with the visitor's text put back and each problem listed, so it works with JavaScript off.
//! The same state goes into a JSON island that the app reads when JavaScript is on.

use serde_json::{Value, json};

use super::form::{ContactForm, Problem};
use crate::content::pages::service::LiveText;
use crate::web::{
    assets,
    html::{Html, html, json_for_script},
};

const TEMPLATE_PATH: &str = "_templates/contact-invalid.html";

/// Renders the contact page with `form`'s values and the `problems`, and the office's
/// published `text` of the page (none: as built).
pub fn render_invalid(form: &ContactForm, problems: &[Problem], text: Option<&LiveText>) -> String {
    let template = assets::text(TEMPLATE_PATH).unwrap_or_else(|| FALLBACK_TEMPLATE.to_owned());
    match text {
        // The page's own text first: the visitor's goes in after, and is never read for marks.
        Some(text) => fill_template(
            &text.fill(&template),
            form,
            problems,
            Some(text.island_part()),
        ),
        None => fill_template(&template, form, problems, None),
    }
}

/// The template with the visitor's text and problems, and the island with them and `more`.
fn fill_template(
    template: &str,
    form: &ContactForm,
    problems: &[Problem],
    more: Option<(String, Value)>,
) -> String {
    let error_items: Html = problems.iter().map(error_item).collect();
    let mut state = json!({
        "contact": {
            "values": {
                "name": form.name,
                "email": form.email,
                "subject": form.subject,
                "message": form.message,
            },
            "errors": problems,
        }
    });
    if let (Some((key, part)), Some(state)) = (more, state.as_object_mut()) {
        state.insert(key, part);
    }
    let island = html!(
        r#"<script type="application/json" id="page-state">{}</script>"#,
        json_for_script(&state)
    );

    // Replace the error list first: the visitor's own text could contain a sentinel, and must
    // never be treated as one.
    let page = template
        .replacen("%%CONTACT_ERRORS%%", error_items.as_str(), 1)
        .replacen("%%CONTACT_NAME%%", Html::text(&form.name).as_str(), 1)
        .replacen("%%CONTACT_EMAIL%%", Html::text(&form.email).as_str(), 1)
        .replacen("%%CONTACT_SUBJECT%%", Html::text(&form.subject).as_str(), 1)
        .replacen(
            "%%CONTACT_MESSAGE%%",
            textarea_text(&form.message).as_str(),
            1,
        );
    match page.rfind("</body>") {
        Some(at) => format!("{}{island}{}", &page[..at], &page[at..]),
        None => format!("{page}{island}"),
    }
}

/// HTML drops a newline right after `<textarea>`; one more keeps a message that starts with a
/// line break as typed (React writes textareas the same way).
fn textarea_text(text: &str) -> Html {
    if text.starts_with('\n') {
        html!("\n{}", text)
    } else {
        Html::text(text)
    }
}

fn error_item(problem: &Problem) -> Html {
    match problem.field {
        Some(field) => html!(
            r##"<li><a href="#{}">{}</a></li>"##,
            field.input_id(),
            problem.message
        ),
        None => html!("<li>{}</li>", problem.message),
    }
}

/// Used only when the web app was not built (a server built without `web/dist`): a plain page
/// that still names the problems and keeps the visitor's text.
const FALLBACK_TEMPLATE: &str = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Error: Contact</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main id="main"><h1>Contact us</h1>
<div class="error-summary" role="alert" tabindex="-1" id="contact-errors"><h2>There is a problem</h2><ul>%%CONTACT_ERRORS%%</ul></div>
<form method="post" action="/contact">
<p><label for="contact-name">Your name</label><br><input id="contact-name" name="name" required maxlength="100" value="%%CONTACT_NAME%%"></p>
<p><label for="contact-email">Your email</label><br><input id="contact-email" name="email" type="email" required maxlength="254" value="%%CONTACT_EMAIL%%"></p>
<p><label for="contact-subject">Subject</label><br><input id="contact-subject" name="subject" required maxlength="200" value="%%CONTACT_SUBJECT%%"></p>
<p><label for="contact-message">Your message</label><br><textarea id="contact-message" name="message" required maxlength="5000">%%CONTACT_MESSAGE%%</textarea></p>
<p><button type="submit">Send</button></p>
</form></main></body></html>"#;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contact::form::Field;

    #[test]
    fn values_are_escaped_and_problems_listed() {
        let form = ContactForm {
            name: r#"<script>alert("x")</script>"#.into(),
            email: "a@b".into(),
            subject: "Tom & Jerry's".into(),
            message: "</textarea><b>hi</b> %%CONTACT_ERRORS%%".into(),
            website: String::new(),
        };
        let problems = vec![
            Problem {
                field: Some(Field::Email),
                message: "Your email: enter an email address like name@example.com".into(),
            },
            Problem {
                field: None,
                message: "Too many <messages>".into(),
            },
        ];
        let page = fill_template(FALLBACK_TEMPLATE, &form, &problems, None);
        assert!(page.contains(r#"value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;""#));
        assert!(page.contains(r#"value="Tom &amp; Jerry&#x27;s""#));
        assert!(
            page.contains("&lt;/textarea&gt;&lt;b&gt;hi&lt;/b&gt; %%CONTACT_ERRORS%%</textarea>")
        );
        assert!(page.contains(
            r##"<li><a href="#contact-email">Your email: enter an email address like name@example.com</a></li><li>Too many &lt;messages&gt;</li>"##
        ));
        assert!(!page.contains("<script>alert"));
        // The state island cannot be closed early by the visitor's text.
        let island_start = page.find(r#"id="page-state">"#).expect("island");
        let island = &page[island_start..];
        let island_end = island.find("</script>").expect("island end");
        assert!(!island[..island_end].contains('<'));
        assert!(page.trim_end().ends_with("</body></html>"));
    }
}
