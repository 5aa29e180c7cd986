//! Security headers on every response, and the same-origin check for state-changing requests.

use axum::{
    extract::{Request, State},
    http::{HeaderMap, HeaderValue, header},
    middleware::Next,
    response::Response,
};

/// The headers every response carries, computed once at start-up.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    content_security_policy: HeaderValue,
    strict_transport_security: Option<HeaderValue>,
}

impl SecurityHeaders {
    /// `extra_connect_origins` are origins the app may fetch from besides its own (declared by
    /// the web build). Scripts come only from our own origin: no inline script, no eval.
    pub fn new(https: bool, extra_connect_origins: &[String]) -> Self {
        let mut connect_src = String::from("'self'");
        for origin in extra_connect_origins {
            // Only plain origins are accepted: a value with spaces or quotes could add
            // directives of its own.
            let is_web_origin = origin.starts_with("https://") || origin.starts_with("http://");
            if is_web_origin
                && origin
                    .chars()
                    .all(|c| c.is_ascii_graphic() && c != ';' && c != '\'')
            {
                connect_src.push(' ');
                connect_src.push_str(origin);
            }
        }
        let csp = format!(
            "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; \
             img-src 'self' data:; font-src 'self'; connect-src {connect_src}; object-src 'none'; \
             base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
        );
        Self {
            content_security_policy: HeaderValue::from_str(&csp)
                .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'")),
            strict_transport_security: https
                .then(|| HeaderValue::from_static("max-age=63072000; includeSubDomains")),
        }
    }

    fn apply(&self, headers: &mut HeaderMap) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            self.content_security_policy.clone(),
        );
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
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
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
    fn csp_forbids_inline_script_and_adds_only_clean_origins() {
        let headers = SecurityHeaders::new(
            false,
            &[
                "https://jsonplaceholder.typicode.com".into(),
                "https://x.example; script-src *".into(),
            ],
        );
        let csp = headers.content_security_policy.to_str().expect("ascii");
        assert!(csp.contains("script-src 'self';"));
        assert!(!csp.contains("unsafe-eval"));
        assert!(csp.contains("connect-src 'self' https://jsonplaceholder.typicode.com;"));
        assert!(!csp.contains("x.example"));
        assert!(headers.strict_transport_security.is_none());
        assert!(
            SecurityHeaders::new(true, &[])
                .strict_transport_security
                .is_some()
        );
    }
}
