//! Security headers on every response, and the same-origin check for state-changing requests.

use axum::{
    extract::{Request, State},
    http::{HeaderMap, HeaderValue, header},
    middleware::Next,
    response::Response,
};

/// The features no page of the site uses, turned off (`()`: no origin may use them). Only
/// names Chromium knows, so browsers log no warning about unknown features.
pub const PERMISSIONS_POLICY: &str = "camera=(), microphone=(), geolocation=(), payment=(), \
     usb=(), serial=(), hid=(), bluetooth=(), display-capture=(), browsing-topics=()";

/// The headers every response carries, computed once at start-up.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    content_security_policy: HeaderValue,
    strict_transport_security: Option<HeaderValue>,
}

/// Only plain origins are accepted: a value with spaces or quotes could add directives of
/// its own.
fn clean_origins(origins: &[String]) -> impl Iterator<Item = &str> {
    origins.iter().map(String::as_str).filter(|origin| {
        (origin.starts_with("https://") || origin.starts_with("http://"))
            && origin
                .chars()
                .all(|c| c.is_ascii_graphic() && c != ';' && c != ',' && c != '\'')
    })
}

/// Only `'sha256-…'` sources (base64) are accepted as hashes of inline scripts and styles.
fn clean_hashes(hashes: &[String]) -> impl Iterator<Item = &str> {
    hashes.iter().map(String::as_str).filter(|hash| {
        hash.strip_prefix("'sha256-")
            .and_then(|rest| rest.strip_suffix('\''))
            .is_some_and(|digest| {
                !digest.is_empty()
                    && digest
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
            })
    })
}

/// The CSP of the tutorial's sandbox document, where a student's code runs: the one page
/// where `'unsafe-eval'` is allowed. The `sandbox` directive gives the document an opaque
/// origin even when it is opened on its own, so the code in it never acts as our origin: no
/// cookies, no storage, no credentialed reads of our API. It may be framed only by our own
/// pages, runs only its own inline boot script (by hash) and the code the page hands it, and
/// fetches only from the origins the demos need (`extra_connect_origins`), never from ours.
/// `allow-forms` lets a demo's form fire its submit event; `form-action 'none'` still stops
/// any real submission.
pub fn sandbox_policy(script_hashes: &[String], extra_connect_origins: &[String]) -> HeaderValue {
    let scripts: Vec<&str> = clean_hashes(script_hashes).collect();
    let script_src = if scripts.is_empty() {
        "'none'".to_owned()
    } else {
        format!("{} 'unsafe-eval'", scripts.join(" "))
    };
    let origins: Vec<&str> = clean_origins(extra_connect_origins).collect();
    let connect_src = if origins.is_empty() {
        "'none'".to_owned()
    } else {
        origins.join(" ")
    };
    let csp = format!(
        "default-src 'none'; script-src {script_src}; style-src 'unsafe-inline'; \
         img-src data: blob:; font-src data:; connect-src {connect_src}; base-uri 'none'; \
         form-action 'none'; frame-ancestors 'self'; sandbox allow-scripts allow-forms"
    );
    HeaderValue::from_str(&csp).unwrap_or_else(|_| {
        HeaderValue::from_static("default-src 'none'; sandbox; frame-ancestors 'self'")
    })
}

/// What the web build declares for the site's CSP (`dist/_meta/csp.json` and
/// `dist/_meta/inline.json`).
#[derive(Debug, Clone, Default)]
pub struct DeclaredSources {
    /// Origins the app may fetch from besides its own (the tutorial's placeholder-data service).
    pub connect_origins: Vec<String>,
    /// Hashes of the inline scripts of the prerendered pages, computed by the build.
    pub inline_scripts: Vec<String>,
    /// Hashes of the inline styles of the prerendered pages (their first-paint styles).
    pub inline_styles: Vec<String>,
}

/// `'self'` and the clean `extra` sources after it.
fn source_list<'a>(extra: impl Iterator<Item = &'a str>) -> String {
    std::iter::once("'self'")
        .chain(extra)
        .collect::<Vec<_>>()
        .join(" ")
}

impl SecurityHeaders {
    /// Scripts and styles come from our own origin, plus the inline ones whose hashes the build
    /// computed: never `'unsafe-inline'` for either, never eval.
    pub fn new(https: bool, declared: &DeclaredSources) -> Self {
        let connect_src = source_list(clean_origins(&declared.connect_origins));
        let script_src = source_list(clean_hashes(&declared.inline_scripts));
        let style_src = source_list(clean_hashes(&declared.inline_styles));
        let csp = format!(
            "default-src 'self'; script-src {script_src}; style-src {style_src}; style-src-attr 'unsafe-inline'; \
             img-src 'self' data:; font-src 'self'; connect-src {connect_src}; object-src 'none'; \
             worker-src 'self'; manifest-src 'self'; base-uri 'none'; frame-ancestors 'none'; \
             form-action 'self'"
        );
        Self {
            content_security_policy: HeaderValue::from_str(&csp)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
            strict_transport_security: https
                .then(|| HeaderValue::from_static("max-age=63072000; includeSubDomains")),
        }
    }

    fn apply(&self, headers: &mut HeaderMap) {
        // A response with a policy of its own keeps it: only the sandbox document has one
        // (`sandbox_policy`), set by its route in app.rs.
        if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
            headers.insert(
                header::CONTENT_SECURITY_POLICY,
                self.content_security_policy.clone(),
            );
        }
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        );
        // The Google sign-in popup must be able to report back to the page that opened it. A
        // response that set its own policy (the popup's last page) keeps it.
        if !headers.contains_key("cross-origin-opener-policy") {
            headers.insert(
                "cross-origin-opener-policy",
                HeaderValue::from_static("same-origin-allow-popups"),
            );
        }
        if !headers.contains_key(header::X_FRAME_OPTIONS) {
            headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
        // Only our own pages may load our files as subresources (images, scripts, styles,
        // fonts loaded without CORS). CORP is checked for such no-cors loads, not for
        // navigations or frames: the sandbox document (`/sandbox`) is still framed by our
        // pages. Inside it, where the origin is opaque, it would stop loads from our origin,
        // which the sandbox's CSP forbids already (`default-src 'none'`, only data: and blob:).
        headers.insert(
            "cross-origin-resource-policy",
            HeaderValue::from_static("same-origin"),
        );
        // Turns off the powerful features the site never uses, for our pages and whatever
        // they frame. The sandbox document gets the same: a student's demo needs none of them
        // (and its frame could not give them anyway, as our page does not have them).
        headers.insert(
            "permissions-policy",
            HeaderValue::from_static(PERMISSIONS_POLICY),
        );
        if let Some(hsts) = &self.strict_transport_security {
            headers.insert(header::STRICT_TRANSPORT_SECURITY, hsts.clone());
        }
    }
}

pub async fn add_security_headers(
    State(security): State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    security.apply(response.headers_mut());
    response
}

/// True when a state-changing request comes from our own pages.
///
/// Browsers send `Origin` with every form post and fetch; it must equal `public_origin` when
/// that is configured, or else name the host the request was sent to. Without `Origin`, the
/// `Sec-Fetch-Site` header decides; with neither, the client is not a browser, and a request
/// forgery needs a browser, so it is let through.
pub fn is_same_origin(headers: &HeaderMap, public_origin: Option<&str>) -> bool {
    if let Some(origin) = headers.get(header::ORIGIN) {
        let Ok(origin) = origin.to_str() else {
            return false;
        };
        return match public_origin {
            Some(expected) => origin.eq_ignore_ascii_case(expected),
            None => {
                let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
                let origin_host = origin
                    .strip_prefix("http://")
                    .or_else(|| origin.strip_prefix("https://"));
                matches!((host, origin_host), (Some(h), Some(o)) if h.eq_ignore_ascii_case(o))
            }
        };
    }
    match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some(site) => site == "same-origin" || site == "none",
        None => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn origin_must_match_the_public_origin() {
        let ours = Some("https://www.college.example");
        assert!(is_same_origin(
            &headers(&[("origin", "https://www.college.example")]),
            ours
        ));
        assert!(!is_same_origin(
            &headers(&[("origin", "https://evil.example")]),
            ours
        ));
        assert!(!is_same_origin(&headers(&[("origin", "null")]), ours));
        assert!(!is_same_origin(
            &headers(&[("origin", "http://www.college.example")]),
            ours
        ));
    }

    #[test]
    fn without_a_public_origin_the_host_header_decides() {
        let h = headers(&[
            ("origin", "http://127.0.0.1:8080"),
            ("host", "127.0.0.1:8080"),
        ]);
        assert!(is_same_origin(&h, None));
        let h = headers(&[
            ("origin", "http://evil.example"),
            ("host", "127.0.0.1:8080"),
        ]);
        assert!(!is_same_origin(&h, None));
    }

    #[test]
    fn fetch_metadata_is_used_when_origin_is_missing() {
        assert!(!is_same_origin(
            &headers(&[("sec-fetch-site", "cross-site")]),
            None
        ));
        assert!(is_same_origin(
            &headers(&[("sec-fetch-site", "same-origin")]),
            None
        ));
        assert!(is_same_origin(&HeaderMap::new(), None));
    }

    #[test]
    fn sandbox_policy_allows_eval_only_with_its_own_hashes_and_no_same_origin() {
        let hash = "'sha256-AbC+/9=='".to_owned();
        let policy = sandbox_policy(
            &[hash, "'unsafe-inline'".into(), "'sha256-x' *".into()],
            &[
                "https://jsonplaceholder.typicode.com".into(),
                "https://x.example; script-src *".into(),
            ],
        );
        let csp = policy.to_str().expect("ascii");
        assert!(csp.contains("script-src 'sha256-AbC+/9==' 'unsafe-eval';"));
        // Our own origin is reachable from nowhere in the sandbox but its frame's parent.
        assert_eq!(csp.matches("'self'").count(), 1, "{csp}");
        assert!(csp.contains("connect-src https://jsonplaceholder.typicode.com;"));
        assert!(csp.contains("frame-ancestors 'self'"));
        assert!(csp.ends_with("sandbox allow-scripts allow-forms"));
        assert!(!csp.contains("x.example"));

        let bare = sandbox_policy(&[], &[]);
        let csp = bare.to_str().expect("ascii");
        assert!(csp.contains("script-src 'none';"));
        assert!(csp.contains("connect-src 'none';"));
    }

    #[test]
    fn csp_allows_inline_code_only_by_hash_and_adds_only_clean_origins() {
        let headers = SecurityHeaders::new(
            false,
            &DeclaredSources {
                connect_origins: vec![
                    "https://jsonplaceholder.typicode.com".into(),
                    "https://x.example; script-src *".into(),
                ],
                inline_scripts: vec!["'sha256-Ab+/9='".into(), "'unsafe-inline'".into()],
                inline_styles: vec!["'sha256-Cd='".into(), "'sha256-x' *".into()],
            },
        );
        let csp = headers.content_security_policy.to_str().expect("ascii");
        assert!(csp.contains("script-src 'self' 'sha256-Ab+/9=';"), "{csp}");
        assert!(csp.contains("style-src 'self' 'sha256-Cd=';"), "{csp}");
        assert!(!csp.contains("unsafe-eval"));
        assert!(csp.contains("connect-src 'self' https://jsonplaceholder.typicode.com;"));
        assert!(!csp.contains("x.example"));
        assert!(headers.strict_transport_security.is_none());

        let bare = SecurityHeaders::new(true, &DeclaredSources::default());
        let csp = bare.content_security_policy.to_str().expect("ascii");
        assert!(
            csp.contains("script-src 'self'; style-src 'self';"),
            "{csp}"
        );
        assert!(bare.strict_transport_security.is_some());
    }
}
