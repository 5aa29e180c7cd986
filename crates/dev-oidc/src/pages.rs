//! The HTML pages (account chooser, error page) and the browser-facing response headers.
//! Plain server-rendered forms: they work without JavaScript and carry no script at all.

use std::fmt::Write;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::Account;

const NOTICE: &str =
    "Development sign-in provider \u{2014} this is not Google. For development and tests only.";

/// No scripts, images or fetches; forms may post here and then be redirected to any client.
const CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; form-action *; \
                   frame-ancestors 'none'; base-uri 'none'";

const STYLE: &str = "
body { font-family: system-ui, sans-serif; margin: 0; background: #f1f3f4; color: #202124; }
main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff;
       border: 1px solid #dadce0; border-radius: 8px; }
.notice { margin: 0 0 1rem; padding: .75rem; background: #fff4e5; border: 2px solid #b45309;
          border-radius: 4px; color: #7c2d12; }
h1 { font-size: 1.5rem; margin: .5rem 0; }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
ul { list-style: none; margin: 0; padding: 0; }
li { margin: .5rem 0; }
form { margin: 0; }
button { font: inherit; cursor: pointer; border-radius: 4px; padding: .6rem .9rem;
         border: 1px solid #5f6368; background: #fff; color: #202124; }
.account { width: 100%; text-align: left; }
.account .name { display: block; font-weight: 600; }
.account .email, .account .tag { display: block; color: #3c4043; font-size: .9rem; }
.account .tag { color: #7c2d12; }
button:hover { background: #f1f3f4; }
button:focus-visible, input:focus-visible { outline: 3px solid #1a73e8; outline-offset: 2px; }
label { display: block; margin: .75rem 0 .25rem; }
input[type=text], input[type=email] { font: inherit; width: 100%; box-sizing: border-box;
       padding: .5rem; border: 1px solid #5f6368; border-radius: 4px; }
.check { display: flex; gap: .5rem; align-items: center; margin: .75rem 0; }
.check label { margin: 0; }
.error { color: #b00020; font-weight: 600; }
.cancel { margin-top: 1.5rem; }
";

/// What the "Use another account" form shows: empty at first, the visitor's input with an
/// error when it was refused.
pub(crate) struct OtherAccount<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub email_verified: bool,
    pub error: Option<&'a str>,
}

impl OtherAccount<'_> {
    pub const EMPTY: OtherAccount<'static> = OtherAccount {
        name: "",
        email: "",
        email_verified: true,
        error: None,
    };
}

/// The account chooser. `hidden` are the authorization request's parameters, carried in every
/// form so that the POST can be checked like the GET was.
pub(crate) fn chooser(
    hidden: &[(&str, &str)],
    client_id: &str,
    accounts: &[Account],
    other: &OtherAccount<'_>,
) -> String {
    let mut fields = String::new();
    for (name, value) in hidden {
        let _ = write!(
            fields,
            r#"<input type="hidden" name="{}" value="{}">"#,
            escape(name),
            escape(value)
        );
    }
    let form = format!(r#"<form method="post" action="authorize">{fields}"#);

    let mut body = format!(
        r#"<h1>Choose an account</h1>
<p>to continue to <strong>{}</strong></p>
<ul aria-label="Accounts">
"#,
        escape(client_id)
    );
    for account in accounts {
        let tag = if account.email_verified {
            ""
        } else {
            r#" <span class="tag">(email not verified)</span>"#
        };
        let _ = writeln!(
            body,
            r#"<li>{form}<input type="hidden" name="email" value="{email}"><button class="account" type="submit" name="choice" value="account"><span class="name">{name}</span> <span class="email">{email}</span>{tag}</button></form></li>"#,
            name = escape(&account.name),
            email = escape(&account.email),
        );
    }
    body.push_str("</ul>\n");

    let (error, invalid) = match other.error {
        Some(message) => (
            format!(
                r#"<p class="error" id="other-error" role="alert">{}</p>"#,
                escape(message)
            ),
            r#" aria-invalid="true" aria-describedby="other-error""#,
        ),
        None => (String::new(), ""),
    };
    let checked = if other.email_verified { " checked" } else { "" };
    let _ = write!(
        body,
        r#"<section aria-labelledby="other-heading">
<h2 id="other-heading">Use another account</h2>
{error}{form}
<label for="other-name">Name</label>
<input type="text" id="other-name" name="name" autocomplete="name" value="{name}">
<label for="other-email">Email</label>
<input type="email" id="other-email" name="email" autocomplete="email" required value="{email}"{invalid}>
<div class="check"><input type="checkbox" id="other-verified" name="email_verified" value="true"{checked}><label for="other-verified">Email verified</label></div>
<button type="submit" name="choice" value="other">Sign in with this account</button>
</form>
</section>
<div class="cancel">{form}<button type="submit" name="choice" value="cancel">Cancel</button></form></div>
"#,
        name = escape(other.name),
        email = escape(other.email),
    );
    document("Choose an account", &body)
}

/// Shown instead of redirecting when the redirect URI or client cannot be trusted.
pub(crate) fn error_page(message: &str) -> String {
    let body = format!(
        r#"<h1>This sign-in request cannot be completed</h1>
<p>{}</p>
<p>Nothing was sent back to the site that sent you here: check its client id and redirect URI.</p>
"#,
        escape(message)
    );
    document("Sign-in request error", &body)
}

fn document(title: &str, body: &str) -> String {
    format!(
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>{title} - Development sign-in</title>
<style>{STYLE}</style>
</head>
<body>
<main>
<p class="notice" role="note"><strong>{NOTICE}</strong></p>
{body}</main>
</body>
</html>
"#
    )
}

/// An HTML response with the page's own strict headers.
pub(crate) fn html(status: StatusCode, page: String) -> Response {
    let mut response = (status, page).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    no_store(&mut response);
    response
}

/// A 302 to `location` (the client's redirect URI, with the result in its query).
pub(crate) fn redirect(location: &url::Url) -> Response {
    let mut response = StatusCode::FOUND.into_response();
    if let Ok(value) = HeaderValue::from_str(location.as_str()) {
        response.headers_mut().insert(header::LOCATION, value);
    }
    no_store(&mut response);
    response
}

/// Codes and tokens must not be cached or leak through the Referer header.
fn no_store(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

/// Escapes text for HTML content and double-quoted attributes.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_in_values() {
        let page = chooser(
            &[("state", r#""><script>x</script>"#)],
            "c",
            &[Account::new("<b>", "a@b.c", true)],
            &OtherAccount::EMPTY,
        );
        assert!(!page.contains("<script>"));
        assert!(!page.contains("<b>"));
        assert!(page.contains("&quot;&gt;&lt;script&gt;"));
    }

    #[test]
    fn every_input_has_a_label() {
        let page = chooser(&[], "c", &Account::defaults(), &OtherAccount::EMPTY);
        for id in ["other-name", "other-email", "other-verified"] {
            assert!(page.contains(&format!(r#"<label for="{id}">"#)), "{id}");
            assert!(page.contains(&format!(r#"id="{id}""#)), "{id}");
        }
        assert!(page.contains(r#"<html lang="en">"#));
        assert!(page.contains("<title>Choose an account"));
    }
}
