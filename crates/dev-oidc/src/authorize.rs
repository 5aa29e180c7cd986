//! The authorization endpoint: checks the request, shows the account chooser, and turns the
//! choice into a one-time code sent back to the client's redirect URI.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use axum::response::Response;
use url::Url;

use crate::grants::PendingCode;
use crate::pages::{self, OtherAccount};
use crate::{Account, Error, Inner, unix_now};

const SUPPORTED_SCOPES: [&str; 3] = ["openid", "email", "profile"];

/// Query or form parameters. OAuth parameters must not repeat (RFC 6749 §3.1), so repeats are
/// remembered to be refused rather than silently picking one.
#[derive(Default)]
pub(crate) struct Params {
    values: HashMap<String, String>,
    pub repeated: Vec<String>,
}

impl Params {
    pub fn parse(encoded: &[u8]) -> Self {
        let mut params = Params::default();
        for (name, value) in url::form_urlencoded::parse(encoded) {
            if params.values.contains_key(name.as_ref()) {
                params.repeated.push(name.into_owned());
            } else {
                params.values.insert(name.into_owned(), value.into_owned());
            }
        }
        params
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }
}

/// A request that passed every check.
struct Checked<'a> {
    client_id: &'a str,
    /// As the client sent it: the token request must repeat it exactly.
    redirect_uri: &'a str,
    redirect: Url,
    scope: &'a str,
    state: &'a str,
    nonce: &'a str,
    code_challenge: &'a str,
}

impl Checked<'_> {
    /// The request again, as hidden form fields, so the POST is checked like the GET was.
    fn hidden_fields(&self) -> [(&str, &str); 8] {
        [
            ("response_type", "code"),
            ("client_id", self.client_id),
            ("redirect_uri", self.redirect_uri),
            ("scope", self.scope),
            ("state", self.state),
            ("nonce", self.nonce),
            ("code_challenge", self.code_challenge),
            ("code_challenge_method", "S256"),
        ]
    }

    /// The redirect URI with `error` (and `state`, when there is one) in its query.
    fn error(&self, error: &str, description: &str) -> Response {
        pages::redirect(&error_url(
            &self.redirect,
            error,
            description,
            Some(self.state),
        ))
    }
}

/// Why a request was refused.
enum Refusal {
    /// The client or redirect URI is not trusted: tell the person, redirect nowhere.
    Page(String),
    /// Anything else: the client hears about it at its redirect URI.
    Redirect(Url),
}

impl Refusal {
    fn into_response(self) -> Response {
        match self {
            Refusal::Page(message) => {
                tracing::warn!(%message, "refused an authorization request");
                pages::html(StatusCode::BAD_REQUEST, pages::error_page(&message))
            }
            Refusal::Redirect(url) => pages::redirect(&url),
        }
    }
}

pub(crate) async fn show_chooser(
    State(p): State<Arc<Inner>>,
    RawQuery(query): RawQuery,
) -> Response {
    let params = Params::parse(query.unwrap_or_default().as_bytes());
    let request = match check(&p, &params) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    // The chooser is always shown, so a request that forbids any page cannot succeed.
    let prompts = params.get("prompt").unwrap_or_default();
    if prompts.split_whitespace().any(|v| v == "none") {
        return request.error("login_required", "this provider always asks for an account");
    }
    let page = pages::chooser(
        &request.hidden_fields(),
        request.client_id,
        &p.settings.accounts,
        &OtherAccount::EMPTY,
    );
    pages::html(StatusCode::OK, page)
}

pub(crate) async fn choose(State(p): State<Arc<Inner>>, body: Bytes) -> Response {
    let params = Params::parse(&body);
    let request = match check(&p, &params) {
        Ok(request) => request,
        Err(refusal) => return refusal.into_response(),
    };
    match params.get("choice") {
        Some("account") => {
            let email = params.get("email").unwrap_or_default();
            let listed = p
                .settings
                .accounts
                .iter()
                .find(|a| a.email.eq_ignore_ascii_case(email));
            match listed {
                Some(account) => pages::redirect(&issue_code(&p, &request, account.clone())),
                None => pages::html(
                    StatusCode::BAD_REQUEST,
                    pages::error_page(
                        "That account is not offered here; choose one from the list.",
                    ),
                ),
            }
        }
        Some("other") => {
            let name = params.get("name").unwrap_or_default().trim();
            let email = params.get("email").unwrap_or_default().trim();
            // An unchecked checkbox is simply absent from the form.
            let verified = params.get("email_verified").is_some();
            let account = Account::new(name, email, verified);
            match account.validate() {
                Ok(()) => pages::redirect(&issue_code(&p, &request, account)),
                Err(why) => {
                    let other = OtherAccount {
                        name,
                        email,
                        email_verified: verified,
                        error: Some(&why),
                    };
                    let page = pages::chooser(
                        &request.hidden_fields(),
                        request.client_id,
                        &p.settings.accounts,
                        &other,
                    );
                    pages::html(StatusCode::BAD_REQUEST, page)
                }
            }
        }
        Some("cancel") => request.error("access_denied", "the user cancelled the sign-in"),
        _ => pages::html(
            StatusCode::BAD_REQUEST,
            pages::error_page("Choose an account, or cancel."),
        ),
    }
}

/// [`crate::Provider::sign_in`]: the chooser's POST without the page.
pub(crate) fn sign_in(p: &Inner, authorize_url: &str, account: &Account) -> Result<Url, Error> {
    let url = Url::parse(authorize_url)
        .map_err(|e| Error::Settings(format!("not a URL: {authorize_url:?}: {e}")))?;
    let params = Params::parse(url.query().unwrap_or_default().as_bytes());
    let request = match check(p, &params) {
        Ok(request) => request,
        Err(Refusal::Page(message)) => return Err(Error::Settings(message)),
        Err(Refusal::Redirect(url)) => return Ok(url),
    };
    account.validate().map_err(Error::Settings)?;
    Ok(issue_code(p, &request, account.clone()))
}

fn issue_code(p: &Inner, request: &Checked<'_>, account: Account) -> Url {
    // Only the scopes this provider knows are granted; others are ignored, not refused.
    let scope: Vec<&str> = SUPPORTED_SCOPES
        .into_iter()
        .filter(|s| request.scope.split_whitespace().any(|r| r == *s))
        .collect();
    tracing::info!(email = %account.email, client_id = request.client_id, "issuing an authorization code");
    let code = p.grants.issue_code(PendingCode {
        client_id: request.client_id.to_owned(),
        redirect_uri: request.redirect_uri.to_owned(),
        nonce: request.nonce.to_owned(),
        code_challenge: request.code_challenge.to_owned(),
        scope: scope.join(" "),
        account,
        auth_time: unix_now(),
        expires: Instant::now() + p.settings.code_lifetime,
    });
    let mut url = request.redirect.clone();
    url.query_pairs_mut()
        .append_pair("code", &code)
        .append_pair("state", request.state);
    url
}

/// Checks an authorization request, in the order OAuth asks: the client and redirect URI first
/// (failures shown here), then the rest (failures reported to the redirect URI).
fn check<'a>(p: &Inner, params: &'a Params) -> Result<Checked<'a>, Refusal> {
    let repeated = |name: &str| params.repeated.iter().any(|r| r == name);
    let client_id = match params.get("client_id") {
        _ if repeated("client_id") => return Err(page("client_id is given more than once.")),
        None | Some("") => return Err(page("The request has no client_id.")),
        Some(id) if id != p.settings.client_id => {
            return Err(page(&format!("Unknown client_id {id:?}.")));
        }
        Some(id) => id,
    };
    let redirect_uri = match params.get("redirect_uri") {
        _ if repeated("redirect_uri") => {
            return Err(page("redirect_uri is given more than once."));
        }
        None | Some("") => return Err(page("The request has no redirect_uri.")),
        Some(uri) => uri,
    };
    let redirect = check_redirect_shape(redirect_uri)
        .map_err(|why| page(&format!("The redirect_uri {redirect_uri:?} {why}.")))?;
    if !is_loopback(&redirect) && !p.settings.redirect_uris.iter().any(|u| u == redirect_uri) {
        return Err(page(&format!(
            "The redirect_uri {redirect_uri:?} is not registered for this client."
        )));
    }

    let state = params.get("state").filter(|_| !repeated("state"));
    let invalid = |description: &str| {
        Refusal::Redirect(error_url(&redirect, "invalid_request", description, state))
    };
    if let Some(name) = params.repeated.first() {
        return Err(invalid(&format!("{name} is given more than once")));
    }
    if params.get("response_type") != Some("code") {
        return Err(invalid("response_type must be code"));
    }
    let scope = params.get("scope").unwrap_or_default();
    if !scope.split_whitespace().any(|s| s == "openid") {
        return Err(invalid("scope must include openid"));
    }
    let state = state
        .filter(|s| !s.is_empty())
        .ok_or_else(|| invalid("state is required"))?;
    let nonce = params
        .get("nonce")
        .filter(|s| !s.is_empty())
        .ok_or_else(|| invalid("nonce is required"))?;
    if params.get("code_challenge_method") != Some("S256") {
        return Err(invalid("code_challenge_method must be S256"));
    }
    let code_challenge = params.get("code_challenge").unwrap_or_default();
    // BASE64URL(SHA-256(verifier)) without padding is always 43 characters.
    let well_formed = code_challenge.len() == 43
        && code_challenge
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if !well_formed {
        return Err(invalid(
            "code_challenge is required: the S256 challenge, 43 base64url characters",
        ));
    }
    Ok(Checked {
        client_id,
        redirect_uri,
        redirect,
        scope,
        state,
        nonce,
        code_challenge,
    })
}

/// What any acceptable redirect URI looks like: an absolute http(s) URL without fragment
/// (RFC 6749 §3.1.2). Returns why not, to complete "The redirect_uri … {why}".
pub(crate) fn check_redirect_shape(uri: &str) -> Result<Url, String> {
    let url = Url::parse(uri).map_err(|e| format!("is not an absolute URL ({e})"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err("must be an http or https URL".into());
    }
    if url.fragment().is_some() {
        return Err("must not have a fragment".into());
    }
    if url.host().is_none() {
        return Err("has no host".into());
    }
    Ok(url)
}

/// Loopback redirect URIs are accepted whatever their port or path (as RFC 8252 §7.3 has
/// native apps do), so tests on port 0 need no registration.
fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

fn error_url(redirect: &Url, error: &str, description: &str, state: Option<&str>) -> Url {
    let mut url = redirect.clone();
    {
        let mut query = url.query_pairs_mut();
        query
            .append_pair("error", error)
            .append_pair("error_description", description);
        if let Some(state) = state {
            query.append_pair("state", state);
        }
    }
    url
}

fn page(message: &str) -> Refusal {
    Refusal::Page(message.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_hosts() {
        for uri in [
            "http://127.0.0.1:9/cb",
            "http://localhost/cb",
            "https://[::1]:8/x",
            "http://127.1.2.3/",
        ] {
            assert!(is_loopback(&check_redirect_shape(uri).unwrap()), "{uri}");
        }
        for uri in [
            "http://example.com/cb",
            "http://10.0.0.1/cb",
            "http://localhost.example/",
        ] {
            assert!(!is_loopback(&check_redirect_shape(uri).unwrap()), "{uri}");
        }
    }

    #[test]
    fn redirect_shape() {
        assert!(check_redirect_shape("javascript:alert(1)").is_err());
        assert!(check_redirect_shape("/relative").is_err());
        assert!(check_redirect_shape("http://127.0.0.1/cb#frag").is_err());
        assert!(check_redirect_shape("https://college.example/auth/callback").is_ok());
    }

    #[test]
    fn repeated_parameters_are_noticed() {
        let params = Params::parse(b"state=a&state=b&nonce=n");
        assert_eq!(params.repeated, ["state"]);
        assert_eq!(params.get("nonce"), Some("n"));
    }
}
