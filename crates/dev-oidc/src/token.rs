//! The token endpoint (code → access token + ID token) and the userinfo endpoint.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::authorize::Params;
use crate::grants::Taken;
use crate::{Account, Inner, unix_now};

const ACCESS_TOKEN_LIFETIME: Duration = Duration::from_secs(3600);
const ID_TOKEN_LIFETIME_SECS: u64 = 600;

/// An RFC 6749 §5.2 error: JSON body, never cached.
pub(crate) struct OAuthError {
    status: StatusCode,
    error: &'static str,
    description: String,
}

impl OAuthError {
    fn new(status: StatusCode, error: &'static str, description: impl Into<String>) -> Self {
        Self {
            status,
            error,
            description: description.into(),
        }
    }
}

impl IntoResponse for OAuthError {
    fn into_response(self) -> Response {
        let OAuthError {
            status,
            error,
            description,
        } = self;
        tracing::warn!(error, description, "refused a token request");
        let body = json!({ "error": error, "error_description": description });
        let mut response = (status, Json(body)).into_response();
        no_store(response.headers_mut());
        if status == StatusCode::UNAUTHORIZED {
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static(r#"Basic realm="dev-oidc""#),
            );
        }
        response
    }
}

fn invalid_request(description: impl Into<String>) -> OAuthError {
    OAuthError::new(StatusCode::BAD_REQUEST, "invalid_request", description)
}

fn invalid_client(description: &str) -> OAuthError {
    OAuthError::new(StatusCode::UNAUTHORIZED, "invalid_client", description)
}

fn invalid_grant(description: &str) -> OAuthError {
    OAuthError::new(StatusCode::BAD_REQUEST, "invalid_grant", description)
}

fn no_store(headers: &mut HeaderMap) {
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
}

pub(crate) async fn token(
    State(p): State<Arc<Inner>>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, OAuthError> {
    let params = Params::parse(&body);
    if let Some(name) = params.repeated.first() {
        return Err(invalid_request(format!("{name} is given more than once")));
    }
    authenticate_client(&p, &headers, &params)?;
    match params.get("grant_type") {
        None => return Err(invalid_request("grant_type is required")),
        Some("authorization_code") => {}
        Some(_) => {
            return Err(OAuthError::new(
                StatusCode::BAD_REQUEST,
                "unsupported_grant_type",
                "only authorization_code is supported",
            ));
        }
    }
    let (Some(code), Some(redirect_uri), Some(verifier)) = (
        params.get("code"),
        params.get("redirect_uri"),
        params.get("code_verifier"),
    ) else {
        return Err(invalid_request(
            "code, redirect_uri and code_verifier are required",
        ));
    };
    // RFC 7636 §4.1: 43 to 128 unreserved characters.
    let well_formed = (43..=128).contains(&verifier.len())
        && verifier
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-._~".contains(&b));
    if !well_formed {
        return Err(invalid_request(
            "code_verifier must be 43 to 128 unreserved characters",
        ));
    }

    let pending = match p.grants.take_code(code) {
        Taken::Fresh(pending) => pending,
        Taken::Reused => {
            return Err(invalid_grant(
                "the code was already used; the tokens it gave are revoked",
            ));
        }
        Taken::Unknown => return Err(invalid_grant("unknown code")),
    };
    if pending.expires <= Instant::now() {
        return Err(invalid_grant("the code has expired"));
    }
    if pending.client_id != p.settings.client_id {
        return Err(invalid_grant("the code was issued to another client"));
    }
    if pending.redirect_uri != redirect_uri {
        return Err(invalid_grant(
            "redirect_uri differs from the authorization request's",
        ));
    }
    let challenge = URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()));
    if challenge != pending.code_challenge {
        return Err(invalid_grant(
            "code_verifier does not match the code_challenge",
        ));
    }

    let access_token = p
        .grants
        .issue_token(code, pending.account.clone(), ACCESS_TOKEN_LIFETIME);
    let now = unix_now();
    let mut claims = json!({
        "iss": p.issuer,
        "sub": pending.account.subject(),
        "aud": pending.client_id,
        "azp": pending.client_id,
        "exp": now + ID_TOKEN_LIFETIME_SECS,
        "iat": now,
        "auth_time": pending.auth_time,
        "nonce": pending.nonce,
        "at_hash": at_hash(&access_token),
    });
    add_profile(&mut claims, &pending.account);
    let id_token = p.key.sign_jwt(&claims);
    tracing::info!(email = %pending.account.email, "issued tokens");

    let body = json!({
        "access_token": access_token,
        "token_type": "Bearer",
        "expires_in": ACCESS_TOKEN_LIFETIME.as_secs(),
        "id_token": id_token,
        "scope": pending.scope,
    });
    let mut response = Json(body).into_response();
    no_store(response.headers_mut());
    Ok(response)
}

/// RFC 6749 §2.3.1: HTTP Basic or `client_secret` in the body, not both.
fn authenticate_client(p: &Inner, headers: &HeaderMap, params: &Params) -> Result<(), OAuthError> {
    let basic = match headers.get(header::AUTHORIZATION) {
        Some(value) => Some(basic_credentials(value).ok_or_else(|| {
            invalid_client("the Authorization header must hold HTTP Basic client credentials")
        })?),
        None => None,
    };
    let (id, secret) = match (basic, params.get("client_secret")) {
        (Some(_), Some(_)) => {
            return Err(invalid_request(
                "use one client authentication method, not both",
            ));
        }
        (Some((id, secret)), None) => {
            if params.get("client_id").is_some_and(|form_id| form_id != id) {
                return Err(invalid_request(
                    "client_id differs from the authenticated client",
                ));
            }
            (id, secret)
        }
        (None, Some(secret)) => {
            let id = params.get("client_id").unwrap_or_default();
            (id.to_owned(), secret.to_owned())
        }
        (None, None) => return Err(invalid_client("client authentication is required")),
    };
    if id != p.settings.client_id || secret != p.settings.client_secret {
        return Err(invalid_client("unknown client or wrong client secret"));
    }
    Ok(())
}

/// Decodes `Basic base64(urlencode(id):urlencode(secret))`; clients such as the `oauth2` crate
/// form-encode both parts, as RFC 6749 §2.3.1 says.
fn basic_credentials(value: &HeaderValue) -> Option<(String, String)> {
    let (scheme, encoded) = value.to_str().ok()?.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return None;
    }
    let decoded = String::from_utf8(STANDARD.decode(encoded.trim()).ok()?).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    Some((form_decode(id)?, form_decode(secret)?))
}

fn form_decode(part: &str) -> Option<String> {
    let spaced = part.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .ok()
        .map(|s| s.into_owned())
}

/// OpenID Connect Core §3.1.3.6: the left half of SHA-256 of the access token, base64url.
fn at_hash(access_token: &str) -> String {
    let digest = Sha256::digest(access_token.as_bytes());
    URL_SAFE_NO_PAD.encode(&digest[..16])
}

fn add_profile(claims: &mut Value, account: &Account) {
    claims["email"] = json!(account.email);
    claims["email_verified"] = json!(account.email_verified);
    if !account.name.is_empty() {
        claims["name"] = json!(account.name);
    }
}

pub(crate) async fn userinfo(State(p): State<Arc<Inner>>, headers: HeaderMap) -> Response {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    let account = token.and_then(|t| p.grants.account_for(t));
    let Some(account) = account else {
        // RFC 6750 §3: say which scheme, and whether the token was bad or missing.
        let challenge = if token.is_some() {
            r#"Bearer realm="dev-oidc", error="invalid_token""#
        } else {
            r#"Bearer realm="dev-oidc""#
        };
        let mut response = StatusCode::UNAUTHORIZED.into_response();
        response.headers_mut().insert(
            header::WWW_AUTHENTICATE,
            HeaderValue::from_static(challenge),
        );
        return response;
    };
    let mut claims = json!({ "sub": account.subject() });
    add_profile(&mut claims, &account);
    let mut response = Json(claims).into_response();
    no_store(response.headers_mut());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basic_credentials_are_form_decoded() {
        let header = HeaderValue::from_str(&format!(
            "Basic {}",
            STANDARD.encode("my%3Aclient:s%2Bcret+x")
        ))
        .unwrap();
        assert_eq!(
            basic_credentials(&header),
            Some(("my:client".into(), "s+cret x".into()))
        );
        assert_eq!(
            basic_credentials(&HeaderValue::from_static("Bearer abc")),
            None
        );
    }

    #[test]
    fn at_hash_matches_the_spec_example() {
        // OpenID Connect Core, Appendix A.3.
        assert_eq!(
            at_hash("jHkWEdUXMU1BwAsC4vtUsZwnNvTIxEl0z9K3vx5KF0Y"),
            "77QmUPtjPfzWtF2AnpK9RQ"
        );
    }
}
